//! The tree map's share of the reducer: which slice to ask the worker for,
//! keeping the slices, and zoom and hover with the tree explorer and the
//! board following.

use super::icicle::MapIntent;
use super::AppState;
use crate::worker::messages::{WorkerRequest, WorkerResponse};
use quoridor_engines::ROOT;
use quoridor_rules::Move;

/// Milliseconds between two slices while a search runs (every other
/// snapshot: the chart grows smoothly and the page keeps its time).
pub const MAP_EVERY_MS: f64 = 400.0;

impl AppState {
    /// The slice the chart needs now, of the latest search while the worker
    /// still holds its tree, when the chart is open; with the snapshot's
    /// time step (every [`MAP_EVERY_MS`]) and whether it runs, so that the
    /// page asks again when they change and once more when the search ends.
    pub fn tree_map_request(&self) -> Option<(WorkerRequest, u64, bool)> {
        let map = &self.analysis.map;
        let latest = self.analysis.latest()?;
        // Alpha-beta keeps no tree: its chart is drawn from the snapshot.
        if !map.open || latest.id != self.engine.last_search_id || latest.info.alphabeta().is_some()
        {
            return None;
        }
        let request = WorkerRequest::TreeMap {
            id: latest.id,
            path: map.zoom.clone(),
            limits: map.limits(),
        };
        let step = (latest.info.elapsed_ms.max(0.0) / MAP_EVERY_MS) as u64;
        Some((request, step, latest.running))
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
        if node_line != line
            || tree.search_id != self.analysis.map.received.as_ref().map(|r| r.search_id)
        {
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

#[cfg(test)]
mod tests {
    use super::*;
    use crate::model::analysis::Intent;
    use crate::model::Action;
    use crate::model::{EngineSettings, Seat, Shared};
    use crate::worker::host::EngineHost;
    use quoridor_engines::EngineKind;

    const SEED: u64 = 7;

    /// Two humans, analysis of the start position running in a real engine
    /// host, one progress snapshot and the tree map it asked for received.
    fn analysing() -> (AppState, EngineHost) {
        let mut state = AppState::from_shared(
            Shared {
                seats: [Seat::Human, Seat::Human],
                ..Shared::default()
            },
            SEED,
        );
        state.apply(Action::Analysis(Intent::Analyse(true)), SEED);
        let search = state.engine.search.clone().expect("analysis runs");
        let mut host = EngineHost::new(quoridor_engines::learned::test_evaluator());
        host.handle(search.request());
        // A snapshot of a tree a few plies deep, however slow the build's
        // playouts (an unoptimised test build with the learned evaluation).
        let progress = loop {
            match host.slice() {
                Some(WorkerResponse::Progress { info, id }) if info.searched >= 5000 => {
                    break WorkerResponse::Progress { info, id }
                }
                _ => {}
            }
        };
        state.apply(Action::WorkerReplied(progress), SEED);
        answer(&mut state, &mut host);
        (state, host)
    }

    /// Sends the tree map request the state asks for and applies the answer.
    fn answer(state: &mut AppState, host: &mut EngineHost) {
        let (request, ..) = state.tree_map_request().expect("the open chart asks");
        for reply in host.handle(request) {
            state.apply(Action::WorkerReplied(reply), SEED);
        }
    }

    fn map_intent(state: &mut AppState, intent: MapIntent) {
        state.apply(Action::Analysis(Intent::Map(intent)), SEED);
    }

    #[test]
    fn the_open_chart_asks_for_a_slice_per_snapshot_and_keeps_the_answer() {
        let (mut state, _host) = analysing();
        let received = state.analysis.map.received.as_ref().expect("a slice");
        assert!(received.map.nodes.len() > 1);
        assert_eq!(received.moves, Vec::<Move>::new());
        let (request, _, running) = state.tree_map_request().expect("asks");
        assert!(running);
        assert!(matches!(request, WorkerRequest::TreeMap { ref path, .. } if path.is_empty()));
        map_intent(&mut state, MapIntent::Show(false));
        assert_eq!(
            state.tree_map_request(),
            None,
            "a closed chart asks nothing"
        );
    }

    #[test]
    fn zooming_asks_under_the_node_and_selects_it_in_the_tree_explorer() {
        let (mut state, mut host) = analysing();
        let map = &state.analysis.map.received.as_ref().expect("slice").map;
        let (first, id) = (map.nodes[1].mv.expect("a move"), map.nodes[1].id);
        map_intent(&mut state, MapIntent::Zoom(vec![first]));
        assert_eq!(state.analysis.map.zoom, vec![first]);
        assert_eq!(state.analysis.tree.selected, Some(id));
        assert!(state.analysis.tree.expanded.contains(&ROOT));
        assert_eq!(
            state.board.preview,
            Some(vec![first]),
            "the board shows the node"
        );
        assert!(state.engine.analysing(), "a preview keeps analysis running");
        let Some((WorkerRequest::TreeMap { path, .. }, ..)) = state.tree_map_request() else {
            panic!("expected a tree map request");
        };
        assert_eq!(path, vec![first]);
        answer(&mut state, &mut host);
        let received = state.analysis.map.received.as_ref().expect("slice");
        assert_eq!(received.map.path, vec![first]);
        map_intent(&mut state, MapIntent::Zoom(Vec::new()));
        assert_eq!(state.board.preview, None);
        assert_eq!(state.analysis.tree.selected, None);
    }

    #[test]
    fn an_alphabeta_analysis_asks_for_no_slices() {
        let mut state = AppState::from_shared(
            Shared {
                seats: [Seat::Human, Seat::Human],
                engine: EngineSettings::default().with_both_engines(EngineKind::AlphaBeta),
                ..Shared::default()
            },
            SEED,
        );
        state.apply(Action::Analysis(Intent::Analyse(true)), SEED);
        let search = state.engine.search.clone().expect("analysis runs");
        assert_eq!(search.config.kind, EngineKind::AlphaBeta);
        let mut host = EngineHost::new(quoridor_engines::learned::test_evaluator());
        host.handle(search.request());
        let progress = loop {
            if let Some(reply @ WorkerResponse::Progress { .. }) = host.slice() {
                break reply;
            }
        };
        state.apply(Action::WorkerReplied(progress), SEED);
        assert!(state
            .analysis
            .latest()
            .is_some_and(|s| s.info.alphabeta().is_some()));
        assert_eq!(state.tree_map_request(), None);
    }

    #[test]
    fn hovering_previews_the_rest_of_the_line_from_the_board() {
        let (mut state, _host) = analysing();
        let map = &state.analysis.map.received.as_ref().expect("slice").map;
        let deep = (0..map.nodes.len())
            .filter_map(|i| map.line(i))
            .find(|l| l.len() == 2)
            .expect("a node two plies deep");
        map_intent(&mut state, MapIntent::Hover(Some(deep.clone())));
        assert_eq!(state.tree_map_ghosts(), Some(deep.clone()));
        map_intent(&mut state, MapIntent::Zoom(deep[..1].to_vec()));
        map_intent(&mut state, MapIntent::Hover(Some(deep.clone())));
        assert_eq!(
            state.tree_map_ghosts(),
            Some(deep[1..].to_vec()),
            "from the preview"
        );
        map_intent(&mut state, MapIntent::Hover(None));
        assert_eq!(state.tree_map_ghosts(), None);
    }
}
