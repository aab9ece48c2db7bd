//! The tree map's state (the icicle chart of the search tree): shown or
//! not, how many rows, the zoom and hover lines and the latest slice the
//! worker sent, and what slice to ask for.

use crate::worker::messages::SearchId;
use quoridor_engines::{MapLimits, NodeId, TreeMap, DEFAULT_MAP_BUDGET};
use quoridor_rules::Move;

/// Rows drawn unless the user picks another number.
pub const DEFAULT_ROWS: usize = 12;
/// Fewest rows the user may pick.
pub const MIN_ROWS: usize = 2;
/// Most rows the user may pick.
pub const MAX_ROWS: usize = 24;
/// Width of the chart in SVG units.
pub const CHART_WIDTH: f64 = 600.0;
/// Children narrower than this (SVG units) are merged into "other".
pub const MIN_WIDTH: f64 = 3.0;

/// What the user asks of the tree map.
#[derive(Clone, Debug, PartialEq)]
pub enum MapIntent {
    /// Show the chart (and have the worker send slices) or hide it.
    Show(bool),
    /// Draw this many rows.
    Rows(usize),
    /// Make the node at the end of this line (from the searched position)
    /// the top row; the tree explorer selects it too.
    Zoom(Vec<Move>),
    /// The pointer entered the node at the end of this line, or left.
    Hover(Option<Vec<Move>>),
}

/// A tree map the worker sent.
#[derive(Clone, Debug, PartialEq)]
pub struct ReceivedMap {
    /// The search it maps.
    pub search_id: SearchId,
    /// Moves from the game's start to the searched position.
    pub moves: Vec<Move>,
    /// The slice.
    pub map: TreeMap,
    /// Microseconds the worker took to build it.
    pub build_us: f64,
}

/// The tree map panel's state, one field of the analysis state.
#[derive(Clone, Debug, PartialEq)]
pub struct IcicleState {
    /// Whether the chart is shown (and slices asked for).
    pub open: bool,
    /// Rows drawn.
    pub rows: usize,
    /// The top node's line from the searched position (empty: the root).
    pub zoom: Vec<Move>,
    /// The line of the node under the pointer.
    pub hover: Option<Vec<Move>>,
    /// The latest slice.
    pub received: Option<ReceivedMap>,
}

impl Default for IcicleState {
    fn default() -> Self {
        IcicleState {
            open: true,
            rows: DEFAULT_ROWS,
            zoom: Vec::new(),
            hover: None,
            received: None,
        }
    }
}

impl IcicleState {
    /// How much of the tree to ask for: the budget, as deep as the rows
    /// go, and only nodes wide enough to be drawn undivided.
    pub fn limits(&self) -> MapLimits {
        MapLimits {
            budget: DEFAULT_MAP_BUDGET,
            depth: self.rows as u32,
            min_share: MIN_WIDTH / CHART_WIDTH,
        }
    }

    /// Applies an intent that concerns only the chart (zoom's tree
    /// explorer selection is the app state's part).
    pub fn apply(&mut self, intent: &MapIntent) {
        match intent {
            MapIntent::Show(open) => self.open = *open,
            MapIntent::Rows(rows) => self.rows = (*rows).clamp(MIN_ROWS, MAX_ROWS),
            MapIntent::Zoom(line) => {
                self.zoom = line.clone();
                self.hover = None;
            }
            MapIntent::Hover(line) => self.hover = line.clone(),
        }
    }

    /// Keeps a slice of search `search_id` of the position after `moves`;
    /// a slice of another position starts over at its root.
    pub fn received(&mut self, search_id: SearchId, moves: Vec<Move>, map: TreeMap, build_us: f64) {
        if self.received.as_ref().is_some_and(|r| r.moves != moves) {
            self.zoom.clear();
            self.hover = None;
        }
        self.received = Some(ReceivedMap {
            search_id,
            moves,
            map,
            build_us,
        });
    }

    /// The search node ids along `line` from the searched position, with
    /// each node's line, as far as the latest slice knows them.
    pub fn chain(&self, line: &[Move]) -> Vec<(NodeId, Vec<Move>)> {
        let Some(received) = &self.received else {
            return Vec::new();
        };
        let map = &received.map;
        let mut out = Vec::new();
        for (i, node) in map.nodes.iter().enumerate() {
            if let Some(node_line) = map.line(i) {
                if line.starts_with(&node_line) {
                    out.push((node.id, node_line));
                }
            }
        }
        out.sort_by_key(|(_, l)| l.len());
        out
    }
}

#[cfg(test)]
pub(crate) mod tests {
    use super::*;
    use quoridor_engines::MapNode;

    fn mv(text: &str) -> Move {
        text.parse().expect("notation")
    }

    fn node(index: u32, parent: Option<u32>, mv_text: Option<&str>, visits: u32) -> MapNode {
        MapNode {
            id: NodeId::new(index).expect("id"),
            parent,
            mv: mv_text.map(mv),
            visits,
            win: 0.5,
            uct: None,
            proven: None,
            hidden: 0,
        }
    }

    /// Root 100: e2 60 (e8 40, d8 15), d1h 30, f1 6, a1h 2 (+1 own).
    pub(crate) fn map() -> TreeMap {
        let mut nodes = vec![
            node(0, None, None, 100),
            node(1, Some(0), Some("e2"), 60),
            node(2, Some(0), Some("d1h"), 30),
            node(3, Some(0), Some("f1"), 6),
            node(4, Some(0), Some("a1h"), 2),
            node(5, Some(1), Some("e8"), 40),
            node(6, Some(1), Some("d8"), 15),
        ];
        nodes[2].hidden = 25;
        TreeMap {
            path: Vec::new(),
            nodes,
        }
    }

    #[test]
    fn a_slice_of_another_position_resets_the_zoom_and_chain_lists_the_ids() {
        let mut state = IcicleState::default();
        state.received(SearchId(1), Vec::new(), map(), 10.0);
        state.apply(&MapIntent::Zoom(vec![mv("e2"), mv("e8")]));
        let chain = state.chain(&state.zoom);
        let ids: Vec<u32> = chain.iter().map(|(id, _)| id.index()).collect();
        assert_eq!(ids, [0, 1, 5]);
        assert_eq!(chain[2].1, vec![mv("e2"), mv("e8")]);
        state.received(SearchId(2), Vec::new(), map(), 10.0);
        assert_eq!(state.zoom.len(), 2, "same position keeps the zoom");
        state.received(SearchId(3), vec![mv("e2")], map(), 10.0);
        assert!(state.zoom.is_empty());
        state.apply(&MapIntent::Rows(100));
        assert_eq!(state.rows, MAX_ROWS);
    }
}
