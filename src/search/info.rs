//! The analysis output: one snapshot type that the engine protocol, the
//! worker and the tests all read.

use crate::game::{Move, Player};
use serde::{Deserialize, Serialize};

use super::alphabeta::AlphaBetaInfo;
use super::uct::NodeId;

/// A proven outcome of a move, for the player who makes it.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Proven {
    /// The move wins with best play.
    Win,
    /// The move loses with best play.
    Loss,
}

/// Statistics of one child node (a move) in the tree.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct ChildInfo {
    /// The move's node in the engine's tree, for asking for its children
    /// (tree explorer); `None` for an engine without a tree (alpha-beta).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub id: Option<NodeId>,
    /// The move.
    #[serde(rename = "move")]
    pub mv: Move,
    /// Playouts through this move.
    pub visits: u32,
    /// Mean result for the player making the move (their win probability).
    pub win_probability: f64,
    /// The UCT value the descent sees for this move right now.
    pub uct_value: f64,
    /// Proven outcome for the player making the move, if known.
    pub proven: Option<Proven>,
    /// Number of children this node has in the tree.
    pub children: u32,
    /// This move's principal variation, the move itself first: filled for the
    /// candidates of a [`SearchInfo`] snapshot, empty elsewhere.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub pv: Vec<Move>,
}

/// A snapshot of a search: counters, the root's children and the principal
/// variation. Cheap to take mid-search (only the root's children are read).
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct SearchInfo {
    /// Playouts made by this search (not counting reused subtrees).
    pub playouts: u64,
    /// Milliseconds since the search started.
    pub elapsed_ms: f64,
    /// Playouts per second so far.
    pub playouts_per_sec: f64,
    /// Nodes in the tree.
    pub nodes: u32,
    /// Visits of the root (includes reused playouts).
    pub root_visits: u32,
    /// Deepest node a playout started from, in moves below the root.
    pub max_depth: u32,
    /// Mean depth of the nodes playouts started from.
    pub mean_depth: f64,
    /// Bytes the tree holds.
    pub memory_bytes: u64,
    /// Bytes per tree node (node record plus its share of the move sets).
    pub bytes_per_node: u32,
    /// The player to move at the root.
    pub side_to_move: Player,
    /// The root's mean result for the side to move.
    pub win_probability: f64,
    /// The proven winner, if the solver found one.
    pub proven_winner: Option<Player>,
    /// Root children, most visited first.
    pub children: Vec<ChildInfo>,
    /// Principal variation: most visited child, repeatedly.
    pub pv: Vec<Move>,
    /// The move the engine would play now.
    pub best_move: Option<Move>,
    /// Whether the tree reached its memory or node budget and cannot grow.
    /// With leaves scored by the evaluation (`maxd` 0, the Default preset)
    /// the think then ends: a descent could only score a leaf again.
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub tree_full: bool,
    /// The alpha-beta engine's depth, score, iterations and root move scores
    /// (`None` for UCT; absent in older snapshots).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub alphabeta: Option<AlphaBetaInfo>,
}
