//! The analysis output: one snapshot type that the engine protocol, the
//! worker and the tests all read.

use quoridor_rules::{Move, Player};
use serde::{Deserialize, Serialize};

use super::depth_report::AlphaBetaInfo;
use super::engine_kind::EngineKind;
use super::tree_report::{UctChild, UctReport};

/// A proven outcome of a move, for the player who makes it.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Proven {
    /// The move wins with best play.
    Win,
    /// The move loses with best play.
    Loss,
}

/// A root candidate (or, from a tree explorer, any node's child): the
/// move and what every engine knows of it, plus UCT's numbers when a UCT
/// tree holds it.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct ChildInfo {
    /// The move.
    #[serde(rename = "move")]
    pub mv: Move,
    /// The move's value for the player making it (their win probability).
    pub win_probability: f64,
    /// Proven outcome for the player making the move, if known.
    pub proven: Option<Proven>,
    /// This move's principal variation, the move itself first: filled for the
    /// candidates of a [`SearchInfo`] snapshot, empty elsewhere.
    #[serde(default)]
    pub pv: Vec<Move>,
    /// The move's node in a UCT tree (visits, UCT value, node id, children);
    /// `None` for alpha-beta, which keeps no tree and has no visits (its
    /// nodes per root move are in [`crate::AlphaBetaInfo`]).
    #[serde(default)]
    pub uct: Option<UctChild>,
}

impl ChildInfo {
    /// Playouts through this move: 0 without a UCT node (no playouts).
    pub fn visits(&self) -> u32 {
        self.uct.as_ref().map_or(0, |u| u.visits)
    }
}

/// A snapshot of a search: what every engine reports (side to move, best
/// move and line, value, time, work done, root candidates) plus the
/// engine's own part ([`EngineReport`]). Cheap to take mid-search.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct SearchInfo {
    /// The player to move at the root.
    pub side_to_move: Player,
    /// The move the engine would play now.
    pub best_move: Option<Move>,
    /// Principal variation: the engine's best line from the root.
    pub pv: Vec<Move>,
    /// The root's value for the side to move, as a win probability.
    pub win_probability: f64,
    /// The proven winner, if the search proved one.
    pub proven_winner: Option<Player>,
    /// Milliseconds since the search started.
    pub elapsed_ms: f64,
    /// Work done by this search, the unit its work limit counts: playouts
    /// for UCT (not counting reused subtrees), nodes for alpha-beta.
    pub searched: u64,
    /// [`SearchInfo::searched`] per second so far.
    pub searched_per_sec: f64,
    /// Root candidates, the engine's best first.
    pub children: Vec<ChildInfo>,
    /// The learned network's own value of the root for the side to move (a
    /// win probability, no search): `Some` only when the engine evaluates
    /// with `eval=learned` and the network encodes the root's variant.
    #[serde(default)]
    pub network_value: Option<f64>,
    /// What only this engine reports.
    pub engine: EngineReport,
}

/// The part of a [`SearchInfo`] only one engine knows.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum EngineReport {
    /// UCT's tree: nodes, root visits, depths, memory, whether it is full.
    Uct(UctReport),
    /// Alpha-beta's depth, score, iterations and root move scores.
    AlphaBeta(AlphaBetaInfo),
}

impl SearchInfo {
    /// The engine that took the snapshot.
    pub fn engine_kind(&self) -> EngineKind {
        match &self.engine {
            EngineReport::Uct(_) => EngineKind::Uct,
            EngineReport::AlphaBeta(_) => EngineKind::AlphaBeta,
        }
    }

    /// The UCT part, if a UCT engine took the snapshot.
    pub fn uct(&self) -> Option<&UctReport> {
        match &self.engine {
            EngineReport::Uct(report) => Some(report),
            EngineReport::AlphaBeta(_) => None,
        }
    }

    /// The alpha-beta part, if the alpha-beta engine took the snapshot.
    pub fn alphabeta(&self) -> Option<&AlphaBetaInfo> {
        match &self.engine {
            EngineReport::AlphaBeta(report) => Some(report),
            EngineReport::Uct(_) => None,
        }
    }

    /// Whether a UCT tree reached its budget and cannot grow (never for
    /// an engine without a tree).
    pub fn tree_full(&self) -> bool {
        self.uct().is_some_and(|u| u.tree_full)
    }
}
