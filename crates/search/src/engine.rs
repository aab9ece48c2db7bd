//! The engine interface: what the worker, the engine protocol, the arena and
//! the benchmark drive, whichever engine searches, and the optional view
//! into a search tree. [`new_engine`](super::new_engine) is the one place
//! that builds an engine from its kind; each engine implements the
//! interface in its own folder.

use super::engine_kind::EngineKind;
use super::info::SearchInfo;
use super::params::SearchParams;
use super::slice::Slice;
use super::tree_view::TreeView;
use quoridor_rules::{IllegalMove, Move, Position};
use std::num::NonZeroUsize;
use std::sync::atomic::AtomicBool;
use std::sync::Arc;

/// A search engine: set the game and the settings, start a think, run it in
/// slices until it is finished (or stopped through [`SearchEngine::stop_flag`]),
/// and read progress and the best move at any time. Each engine implements
/// it; `new_engine` (the engine registry) builds one of a given kind.
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
