//! What a depth-first search (alpha-beta) adds to a
//! [`crate::SearchInfo`] snapshot: the completed depth, the score,
//! one row per iteration, the root moves' scores, hash fill and the effective
//! branching factor. Plain data the core owns, so the snapshot names no
//! engine's code.

use super::score::Score;
use quoridor_rules::Move;
use serde::{Deserialize, Serialize};

/// One finished iteration of iterative deepening.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct IterationRow {
    /// Plies searched.
    pub depth: u32,
    /// The root's score.
    pub score: Score,
    /// The best move found.
    pub best_move: Option<Move>,
    /// Nodes this iteration took (its aspiration re-searches included).
    pub nodes: u64,
    /// Milliseconds since the think started, when it ended.
    pub elapsed_ms: f64,
}

/// A root move and the score its search returned in the last completed
/// iteration: exact for the best move; for the others an upper bound when
/// alpha-beta or a null window cut them short.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct RootMoveScore {
    /// The move.
    #[serde(rename = "move")]
    pub mv: Move,
    /// Its score for the side to move at the root.
    pub score: Score,
    /// Nodes searched below it in that iteration's last root search (its
    /// re-searches included); 0 in snapshots from before this field.
    #[serde(default)]
    pub nodes: u64,
}

/// The alpha-beta part of a snapshot.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct AlphaBetaInfo {
    /// Plies of the last completed iteration (0: none yet).
    pub depth: u32,
    /// Deepest ply any node was searched at (quiescence and extensions included).
    pub seldepth: u32,
    /// The root's score from the last completed iteration.
    pub score: Score,
    /// Nodes searched in this think.
    pub nodes: u64,
    /// Nodes per second.
    pub nps: f64,
    /// Permille of the transposition table used by this think.
    pub hashfull: u32,
    /// Nodes of the last iteration over nodes of the one before (0 until two).
    pub branching_factor: f64,
    /// The finished iterations, shallowest first.
    pub iterations: Vec<IterationRow>,
    /// The root moves of the last completed iteration, best first.
    pub root_moves: Vec<RootMoveScore>,
}
