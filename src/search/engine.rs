//! The engine interface: what the worker, the engine protocol, the arena and
//! the benchmark drive, whichever engine searches, and the optional view
//! into a search tree. [`new_engine`](super::new_engine) is the one place
//! that builds an engine from its kind; each engine implements the
//! interface in its own folder.

use super::info::{ChildInfo, SearchInfo};
use super::params::SearchParams;
use super::slice::Slice;
use super::uct::{MapLimits, NodeId, TreeMap};
use crate::game::{IllegalMove, Move, Position};
use crate::text::spelled;
use serde::{Deserialize, Serialize};
use std::num::NonZeroUsize;
use std::sync::atomic::AtomicBool;
use std::sync::Arc;

/// Which search an engine runs (option `engine`).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum EngineKind {
    /// Monte Carlo tree search ([`Uct`]; [`ParallelUct`] runs one per thread).
    #[default]
    Uct,
    /// Negamax with alpha-beta and its enhancements ([`AlphaBeta`]).
    #[serde(rename = "alphabeta")]
    AlphaBeta,
}

spelled!(EngineKind {
    Uct => "uct",
    AlphaBeta => "alphabeta",
});

impl EngineKind {
    /// What a search's work is counted in: UCT's playouts or alpha-beta's
    /// nodes ([`crate::search::SearchInfo::searched`]).
    ///
    /// ```
    /// use quoridor::search::EngineKind;
    /// assert_eq!(EngineKind::Uct.work_unit(), "playouts");
    /// assert_eq!(EngineKind::AlphaBeta.work_unit(), "nodes");
    /// ```
    pub fn work_unit(self) -> &'static str {
        match self {
            EngineKind::Uct => "playouts",
            EngineKind::AlphaBeta => "nodes",
        }
    }
}

/// Which engine to build and the settings it searches with: the engine kind
/// beside the settings, not among them. The option table reads and writes
/// this pair (option `engine` is `kind`), so the engine protocol, the QTP
/// flags, the arena's specs and share links all carry the choice.
///
/// ```
/// use quoridor::search::{set_option, EngineConfig, EngineKind, SearchParams};
/// let mut config = EngineConfig::default();
/// set_option(&mut config, "engine", "alphabeta").unwrap();
/// assert_eq!(config.kind, EngineKind::AlphaBeta);
/// assert_eq!(config.params, SearchParams::default());
/// ```
#[derive(Clone, Debug, Default, PartialEq, Serialize, Deserialize)]
#[serde(default)]
pub struct EngineConfig {
    /// Which engine searches (option `engine`).
    pub kind: EngineKind,
    /// The settings: the common ones and each engine's own part.
    pub params: SearchParams,
}

impl EngineConfig {
    /// `params` searched by UCT (what a preset stands for).
    pub fn uct(params: SearchParams) -> EngineConfig {
        EngineConfig {
            kind: EngineKind::Uct,
            params,
        }
    }
}

/// A search engine: set the game and the settings, start a think, run it in
/// slices until it is finished (or stopped through [`SearchEngine::stop_flag`]),
/// and read progress and the best move at any time.
///
/// ```
/// use quoridor::search::learned::Evaluator;
/// use quoridor::game::{Position, Variant};
/// use quoridor::search::{new_engine, EngineKind, Limits, SearchParams};
/// for engine in [EngineKind::Uct, EngineKind::AlphaBeta] {
///     let params = SearchParams { limits: Limits::time_ms(100), ..SearchParams::default() };
///     let start = Position::new(Variant::new(5, 2).unwrap());
///     let mut search = new_engine(start, engine, params, Evaluator::embedded().unwrap());
///     let mv = search.think().expect("the start has moves");
///     assert!(start.check(mv).is_ok());
/// }
/// ```
pub trait SearchEngine: Send {
    /// Which engine this is.
    fn kind(&self) -> EngineKind;
    /// The settings.
    fn params(&self) -> &SearchParams;
    /// Changes the settings (from the next think on for alpha-beta, the next
    /// iteration for UCT).
    fn set_params(&mut self, params: SearchParams);
    /// The position searched.
    fn root(&self) -> &Position;
    /// Sets the root to the position after `moves` from `start` (keeping
    /// what carries over: UCT's subtree, alpha-beta's table). An illegal
    /// move leaves the engine unchanged.
    fn set_game(&mut self, start: Position, moves: &[Move]) -> Result<(), IllegalMove>;
    /// A flag that stops the think when set (from another thread, or between slices).
    fn stop_flag(&self) -> Arc<AtomicBool>;
    /// Starts a new think (counters and clock reset).
    fn start(&mut self);
    /// Searches until the think is over or `slice` is used up; returns
    /// whether the think is over. Returns soon after the slice's time, so
    /// a caller on one thread stays responsive.
    fn run(&mut self, slice: Slice) -> bool;
    /// Whether the think is over (limit reached, stopped, solved, no move).
    fn is_finished(&self) -> bool;
    /// The move to play now, if any.
    fn best_move(&self) -> Option<Move>;
    /// A snapshot with the `top` best root moves.
    fn info(&self, top: usize) -> SearchInfo;
    /// Whether the think has reached `depth` plies (UCT: the principal
    /// variation is that long or ends the game; alpha-beta: an iteration of
    /// that depth is complete or the result is decided).
    fn reaches_depth(&self, depth: NonZeroUsize) -> bool;
    /// The engine's search tree, for the tree explorer and the tree map:
    /// `None` for an engine that keeps no tree (alpha-beta).
    fn tree(&self) -> Option<&dyn TreeView> {
        None
    }
    /// Starts and runs a whole think in 50 ms slices; returns the move to play.
    fn think(&mut self) -> Option<Move> {
        self.start();
        while !self.run(Slice::time(50.0)) {}
        self.best_move()
    }
}

/// A search tree an engine offers for exploring (UCT's): an optional
/// capability, reached through [`SearchEngine::tree`].
///
/// ```
/// use quoridor::search::learned::Evaluator;
/// use quoridor::game::{Position, Variant};
/// use quoridor::search::{new_engine, EngineKind, Limits, SearchParams, ROOT};
/// let start = Position::new(Variant::new(5, 2).unwrap());
/// let params = SearchParams { limits: Limits::playouts(200), ..SearchParams::default() };
/// let mut uct = new_engine(start, EngineKind::Uct, params.clone(), Evaluator::classic());
/// uct.think();
/// let (path, children) = uct.tree().unwrap().tree_node(ROOT).unwrap();
/// assert!(path.is_empty() && !children.is_empty());
/// assert!(new_engine(start, EngineKind::AlphaBeta, params, Evaluator::classic()).tree().is_none());
/// ```
pub trait TreeView {
    /// The children of tree node `id` and the moves to it, for a tree
    /// explorer; `None` for an unknown node.
    fn tree_node(&self, id: NodeId) -> Option<(Vec<Move>, Vec<ChildInfo>)>;
    /// A bounded slice of the search tree under the node reached by `path`
    /// from the root, for the tree map; `None` when `path` leaves the tree.
    fn tree_map(&self, path: &[Move], limits: MapLimits) -> Option<TreeMap>;
}
