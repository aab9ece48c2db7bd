//! What the analysis views show: the engine's snapshots per searched
//! position, the win-probability curve, the loaded part of the search tree,
//! the tree map's state ([`super::icicle`]) and the lines previewed on the
//! board.

use std::collections::{BTreeMap, BTreeSet};

use crate::worker::messages::{SearchId, SearchMode};
use quoridor_engines::{for_player, ChildInfo, NodeId, SearchInfo, ROOT};
use quoridor_rules::{Move, Player, Position};

use super::icicle::{IcicleState, MapIntent};

/// Candidates drawn on the board unless the user picks another number.
pub const DEFAULT_TOP: usize = 8;
/// Most candidates the user may ask for (the worker lists this many).
pub const MAX_TOP: usize = 16;

/// What the user asks of the analysis views.
#[derive(Clone, Debug, PartialEq)]
pub enum Intent {
    /// Start (`true`) or stop (`false`) analysis of the board's position.
    Analyse(bool),
    /// Draw this many candidates.
    Top(usize),
    /// Draw the principal variation on the board, or not.
    ShowPv(bool),
    /// The pointer entered (`Some`) or left (`None`) a candidate.
    Hover(Option<Move>),
    /// Show the position after this many moves of the game.
    View(usize),
    /// Open or close a node of the tree explorer.
    Toggle(NodeId),
    /// Preview a node's position (`None` = stop previewing).
    Select(Option<NodeId>),
    /// Reload the open nodes of the tree explorer.
    Refresh,
    /// Explore this worker's tree below the merged root (0 = worker 1).
    TreeWorker(usize),
    /// An intent of the tree map (icicle chart).
    Map(MapIntent),
}

/// The engine's latest snapshot of one searched position.
#[derive(Clone, Debug, PartialEq)]
pub struct Searched {
    /// The search it came from.
    pub id: SearchId,
    /// Move search or analysis.
    pub mode: SearchMode,
    /// Moves from the start position to the searched position.
    pub moves: Vec<Move>,
    /// The snapshot.
    pub info: SearchInfo,
    /// Whether more snapshots of this search are coming.
    pub running: bool,
}

impl Searched {
    /// Player 1's win probability in this position.
    pub fn player_one_win(&self) -> f64 {
        player_one_win(&self.info)
    }
}

/// One point of the win-probability graph.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct GraphPoint {
    /// Moves played before the searched position.
    pub ply: usize,
    /// Player 1's win probability there.
    pub player_one: f64,
}

/// The part of the search tree the explorer has loaded from the worker.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct TreeView {
    /// The search whose tree this is (the worker keeps only the latest).
    pub search_id: Option<SearchId>,
    /// Children of each loaded node, most visited first.
    pub children: BTreeMap<NodeId, Vec<ChildInfo>>,
    /// Moves from the searched position to each loaded node.
    pub paths: BTreeMap<NodeId, Vec<Move>>,
    /// Nodes shown open.
    pub expanded: BTreeSet<NodeId>,
    /// The node previewed on the board.
    pub selected: Option<NodeId>,
    /// Whose tree the nodes below the root are, with several engine workers
    /// (0 = worker 1): node ids name nodes of one worker's tree.
    pub worker: usize,
}

impl TreeView {
    /// Opens `node` (its children load when they arrive) or closes it.
    /// Returns whether the children must be asked for.
    pub fn toggle(&mut self, node: NodeId) -> bool {
        if self.expanded.remove(&node) {
            return false;
        }
        self.expanded.insert(node);
        !self.children.contains_key(&node)
    }

    /// Stores a worker answer about search `id`; ignored for another search.
    pub fn loaded(
        &mut self,
        id: SearchId,
        node: NodeId,
        path: Vec<Move>,
        children: Vec<ChildInfo>,
    ) {
        if self.search_id != Some(id) {
            return;
        }
        for child in &children {
            let Some(child_id) = child.uct.map(|u| u.id) else {
                continue;
            };
            let mut below = path.clone();
            below.push(child.mv);
            self.paths.insert(child_id, below);
        }
        self.paths.insert(node, path);
        self.children.insert(node, children);
    }

    /// Shows worker `worker`'s tree from now on: its node ids differ from
    /// the other workers', so what was loaded is dropped (closed again).
    pub fn choose_worker(&mut self, worker: usize) {
        if worker != self.worker {
            *self = TreeView {
                search_id: self.search_id,
                worker,
                ..TreeView::default()
            };
        }
    }

    /// The moves from the searched position to `node`, if it was loaded.
    pub fn path(&self, node: NodeId) -> Option<&[Move]> {
        if node == ROOT {
            return Some(&[]);
        }
        self.paths.get(&node).map(Vec::as_slice)
    }
}

/// The analysis views' state, one field of the app's state.
#[derive(Clone, Debug, PartialEq)]
pub struct AnalysisState {
    /// Candidates drawn on the board.
    pub top: usize,
    /// Draw the principal variation on the board.
    pub show_pv: bool,
    /// The candidate under the pointer, whose line is previewed.
    pub hover: Option<Move>,
    /// One snapshot per searched position, the latest last.
    pub searched: Vec<Searched>,
    /// The explorer's part of the latest search's tree.
    pub tree: TreeView,
    /// Moves to the position analysis mode searches (while it runs).
    pub analysed: Option<Vec<Move>>,
    /// Analysis was asked for while the engine thought of its move: it
    /// starts on the board's position once that move is played.
    pub queued: bool,
    /// The tree map's rows, zoom, hover and latest slice.
    pub map: IcicleState,
}

impl Default for AnalysisState {
    fn default() -> Self {
        AnalysisState {
            top: DEFAULT_TOP,
            show_pv: false,
            hover: None,
            searched: Vec::new(),
            tree: TreeView::default(),
            analysed: None,
            queued: false,
            map: IcicleState::default(),
        }
    }
}

impl AnalysisState {
    /// Keeps a snapshot of search `id` of the position after `moves`,
    /// replacing the older one of the same position. A new search starts a
    /// new tree in the explorer (the worker only answers about the latest).
    pub fn record(
        &mut self,
        id: SearchId,
        mode: SearchMode,
        moves: Vec<Move>,
        info: SearchInfo,
        running: bool,
    ) {
        if self.tree.search_id != Some(id) {
            self.tree = TreeView {
                search_id: Some(id),
                worker: self.tree.worker,
                ..TreeView::default()
            };
            self.hover = None;
        }
        self.searched.retain(|s| s.moves != moves);
        self.searched.push(Searched {
            id,
            mode,
            moves,
            info,
            running,
        });
    }

    /// Marks every snapshot final (the search ended or was dropped).
    pub fn stopped(&mut self) {
        self.analysed = None;
        for s in &mut self.searched {
            s.running = false;
        }
    }

    /// The latest snapshot of any position.
    pub fn latest(&self) -> Option<&Searched> {
        self.searched.last()
    }

    /// The snapshot of the position after `moves`, if the engine searched it.
    pub fn of_position(&self, moves: &[Move]) -> Option<&Searched> {
        self.searched.iter().rev().find(|s| s.moves == moves)
    }

    /// The win graph of the game `moves`: one point per searched position
    /// on that line, by ply.
    pub fn graph(&self, moves: &[Move]) -> Vec<GraphPoint> {
        let mut points: Vec<GraphPoint> = self
            .searched
            .iter()
            .filter(|s| moves.starts_with(&s.moves))
            .map(|s| GraphPoint {
                ply: s.moves.len(),
                player_one: s.player_one_win(),
            })
            .collect();
        points.sort_by_key(|p| p.ply);
        points
    }

    /// Forgets everything (a new game).
    pub fn clear(&mut self) {
        *self = AnalysisState {
            top: self.top,
            show_pv: self.show_pv,
            ..AnalysisState::default()
        };
    }
}

/// Player 1's win probability from a snapshot (which reports the side to move's).
pub fn player_one_win(info: &SearchInfo) -> f64 {
    for_player(info.win_probability, info.side_to_move)
}

/// One move of a previewed line as drawn on the board.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Ghost {
    /// 1 for the line's first move.
    pub number: usize,
    /// The move.
    pub mv: Move,
    /// Who makes it.
    pub player: Player,
}

/// The moves of `line` from `position` as ghosts, up to the first illegal
/// one (a stale line never draws nonsense).
pub fn ghosts(position: &Position, line: &[Move]) -> Vec<Ghost> {
    let mut position = *position;
    let mut out = Vec::new();
    for (i, &mv) in line.iter().enumerate() {
        let player = position.turn();
        if position.is_over() || position.play(mv).is_err() {
            break;
        }
        out.push(Ghost {
            number: i + 1,
            mv,
            player,
        });
    }
    out
}

/// How to show the position after `searched` moves and then `path` on a
/// board whose game is `game` and which shows the position after `shown`:
/// the ply to view (`None` = the latest) and the preview moves from there.
/// `None` if the searched position is neither on the game's line nor
/// reachable from the shown position.
pub fn preview_for(
    game: &[Move],
    shown: &[Move],
    searched: &[Move],
    path: &[Move],
) -> Option<(Option<usize>, Vec<Move>)> {
    let (view, from) = if searched.starts_with(shown) {
        let view = (shown.len() < game.len()).then_some(shown.len());
        (view, shown.len())
    } else if game.starts_with(searched) {
        let view = (searched.len() < game.len()).then_some(searched.len());
        (view, searched.len())
    } else {
        return None;
    };
    let mut preview = searched[from..].to_vec();
    preview.extend_from_slice(path);
    Some((view, preview))
}

#[cfg(test)]
mod tests {
    use super::*;
    use quoridor_rules::Variant;

    fn moves(text: &str) -> Vec<Move> {
        Move::parse_list(text).expect("notation")
    }

    fn info(side: Player, win: f64) -> SearchInfo {
        SearchInfo {
            side_to_move: side,
            best_move: None,
            pv: Vec::new(),
            win_probability: win,
            proven_winner: None,
            elapsed_ms: 1.0,
            searched: 10,
            searched_per_sec: 10_000.0,
            children: Vec::new(),
            network_value: None,
            engine: quoridor_engines::EngineReport::Uct(quoridor_engines::UctReport {
                nodes: 5,
                root_visits: 10,
                max_depth: 2,
                mean_depth: 1.0,
                pv_depth: 0,
                memory_bytes: 100,
                bytes_per_node: 20,
                tree_full: false,
                pv_visits: Vec::new(),
            }),
        }
    }

    #[test]
    fn graph_has_one_point_per_searched_position_on_the_game_line_from_player_one() {
        let mut state = AnalysisState::default();
        state.record(
            SearchId(1),
            SearchMode::Move,
            vec![],
            info(Player::One, 0.6),
            false,
        );
        state.record(
            SearchId(2),
            SearchMode::Move,
            moves("e2"),
            info(Player::Two, 0.7),
            true,
        );
        state.record(
            SearchId(3),
            SearchMode::Move,
            moves("e2"),
            info(Player::Two, 0.8),
            false,
        );
        state.record(
            SearchId(4),
            SearchMode::Analysis,
            moves("d1"),
            info(Player::Two, 0.5),
            false,
        );
        let graph = state.graph(&moves("e2 e8"));
        assert_eq!(graph.len(), 2, "{graph:?}");
        assert_eq!((graph[0].ply, graph[0].player_one), (0, 0.6));
        assert_eq!(graph[1].ply, 1);
        assert!(
            (graph[1].player_one - 0.2).abs() < 1e-9,
            "latest snapshot wins"
        );
    }

    #[test]
    fn a_new_search_starts_a_new_tree_and_answers_for_old_ones_are_dropped() {
        let mut state = AnalysisState::default();
        state.record(
            SearchId(1),
            SearchMode::Move,
            vec![],
            info(Player::One, 0.5),
            true,
        );
        assert!(state.tree.toggle(ROOT), "root children must be asked for");
        state.tree.loaded(SearchId(1), ROOT, vec![], Vec::new());
        assert!(!state.tree.toggle(ROOT), "closing asks nothing");
        assert!(
            !state.tree.toggle(ROOT),
            "reopening a loaded node asks nothing"
        );
        state.record(
            SearchId(2),
            SearchMode::Move,
            moves("e2"),
            info(Player::Two, 0.5),
            true,
        );
        assert!(state.tree.children.is_empty() && state.tree.expanded.is_empty());
        state.tree.loaded(SearchId(1), ROOT, vec![], Vec::new());
        assert!(
            state.tree.children.is_empty(),
            "answer about search 1 ignored"
        );
    }

    #[test]
    fn ghosts_stop_at_the_first_illegal_move() {
        let start = Position::new(Variant::default());
        let line = moves("e2 e8 e2 e3");
        let g = ghosts(&start, &line);
        assert_eq!(g.len(), 2);
        assert_eq!(g[1].player, Player::Two);
        assert_eq!(g[1].number, 2);
    }

    #[test]
    fn preview_reaches_the_searched_position_from_the_board() {
        let game = moves("e2 e8 e3");
        // Searched the shown position after two moves, tree path below it.
        assert_eq!(
            preview_for(&game, &game[..2], &game[..2], &moves("e3")),
            Some((Some(2), moves("e3")))
        );
        // Searched a tried position one move past the shown one.
        assert_eq!(
            preview_for(&game, &game, &moves("e2 e8 e3 d8"), &moves("e4")),
            Some((None, moves("d8 e4")))
        );
        // Searched an earlier position of the game while the latest is shown.
        assert_eq!(
            preview_for(&game, &game, &game[..1], &[]),
            Some((Some(1), vec![]))
        );
        assert_eq!(preview_for(&game, &game, &moves("d2"), &[]), None);
    }
}
