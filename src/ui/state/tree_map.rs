//! The tree map's share of the reducer: which slice to ask the worker for,
//! keeping the slices, and zoom and hover with the tree explorer and the
//! board following.

use super::AppState;
use crate::game::Move;
use crate::search::ROOT;
use crate::ui::analysis::icicle::MapIntent;
use crate::worker::messages::{WorkerRequest, WorkerResponse};

impl AppState {
    /// The slice the chart needs now, with the playouts of the snapshot it
    /// follows (a new snapshot asks again): of the latest search while the
    /// worker still holds its tree, when the chart is open.
    pub fn tree_map_request(&self) -> Option<(WorkerRequest, u64)> {
        let map = &self.analysis.map;
        let latest = self.analysis.latest()?;
        if !map.open || latest.id != self.engine.last_search_id {
            return None;
        }
        let request = WorkerRequest::TreeMap {
            id: latest.id,
            path: map.zoom.clone(),
            limits: map.limits(),
        };
        Some((request, latest.info.playouts))
    }

    /// The hovered node's line still to play from the board's position, as
    /// numbered ghosts; `None` unless the board shows a position on it.
    pub fn tree_map_ghosts(&self) -> Option<Vec<Move>> {
        let map = &self.analysis.map;
        let hover = map.hover.as_ref()?;
        let searched = &map.received.as_ref()?.moves;
        let target: Vec<Move> = searched.iter().chain(hover).copied().collect();
        let board = self.board.board_moves();
        target
            .strip_prefix(board.as_slice())
            .filter(|rest| !rest.is_empty())
            .map(<[Move]>::to_vec)
    }

    /// Keeps slices of searches the page knows.
    pub(super) fn tree_map_saw(&mut self, reply: &WorkerResponse) {
        let WorkerResponse::TreeMap { id, map, build_us } = reply else {
            return;
        };
        let Some(searched) = self.analysis.searched.iter().find(|s| s.id == *id) else {
            return;
        };
        let moves = searched.moves.clone();
        self.analysis
            .map
            .received(*id, moves, map.clone(), *build_us);
    }

    /// Chart intents; zooming also opens the tree explorer down to the node
    /// and selects it there (previewing its position, as the explorer does).
    pub(super) fn tree_map_intent(&mut self, intent: MapIntent) {
        self.analysis.map.apply(&intent);
        let MapIntent::Zoom(line) = intent else {
            return;
        };
        if line.is_empty() {
            self.board.preview = None;
            return;
        }
        let chain = self.analysis.map.chain(&line);
        let Some((node, node_line)) = chain.last().cloned() else {
            return;
        };
        let tree = &mut self.analysis.tree;
        if node_line != line || tree.search_id != self.analysis.map.received.as_ref().map(|r| r.search_id) {
            return;
        }
        tree.expanded.insert(ROOT);
        for (id, path) in &chain {
            tree.paths.insert(*id, path.clone());
            if *id != node {
                tree.expanded.insert(*id);
            }
        }
        self.preview_node(node);
    }
}
