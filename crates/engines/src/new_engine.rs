//! The one place that chooses the engine: [`Engine`] holds the engine of the
//! kind an [`EngineConfig`] names, built by [`new_engine`], and hands it each
//! part of the settings that it reads.

use super::alphabeta::AlphaBeta;
use super::config::EngineConfig;
use super::learned::Evaluator;
use super::uct::ParallelUct;
use quoridor_rules::{IllegalMove, Move, Position};
use quoridor_search::SearchInfo;
use quoridor_search::SearchParams;
use quoridor_search::Slice;
use quoridor_search::TreeView;
use quoridor_search::{EngineKind, SearchEngine};
use std::num::NonZeroUsize;
use std::sync::atomic::AtomicBool;
use std::sync::Arc;

/// An engine of any kind behind the [`SearchEngine`] interface, which also
/// takes a whole [`EngineConfig`] ([`Engine::configure`]): the common
/// settings and the engine's own part.
///
/// Every engine thinks through the same interface; only UCT keeps a tree
/// to explore ([`SearchEngine::tree`]); with a temperature the move is drawn
/// among the plausible candidates ([`crate::MoveChoice`]):
///
/// ```
/// use quoridor_rules::{Position, Variant};
/// use quoridor_learned::Evaluator;
/// use quoridor_engines::{new_engine, EngineConfig};
/// use quoridor_search::{EngineKind, Limits, MoveChoice, SearchEngine, SearchParams, ROOT};
/// let start = Position::new(Variant::new(5, 2).unwrap());
/// for kind in [EngineKind::Uct, EngineKind::AlphaBeta] {
///     let params = SearchParams {
///         limits: Limits::playouts(200),
///         choice: MoveChoice { temperature: 0.2, margin: 0.3, beginner: None },
///         ..SearchParams::default()
///     };
///     let mut engine = new_engine(start, &EngineConfig::of_kind(kind, params), Evaluator::classic());
///     let mv = engine.think().expect("the start has moves");
///     assert!(start.check(mv).is_ok());
///     let tree = engine.tree().map(|t| t.tree_node(ROOT).unwrap());
///     assert_eq!(tree.is_some(), kind == EngineKind::Uct);
/// }
/// ```
///
/// Settings change between thinks:
///
/// ```
/// use quoridor_rules::{Position, Variant};
/// use quoridor_learned::Evaluator;
/// use quoridor_engines::{new_engine, EngineConfig};
/// use quoridor_search::{EngineKind, Limits, SearchEngine, SearchParams};
/// let start = Position::new(Variant::new(5, 2).unwrap());
/// let mut config = EngineConfig::of_kind(EngineKind::AlphaBeta, SearchParams::default());
/// config.alphabeta.max_depth = Some(2);
/// let mut engine = new_engine(start, &config, Evaluator::classic());
/// engine.think();
/// assert_eq!(engine.info(0).alphabeta().unwrap().depth, 2);
/// config.alphabeta.max_depth = Some(3);
/// assert!(engine.configure(&config));
/// engine.think();
/// assert_eq!(engine.info(0).alphabeta().unwrap().depth, 3);
/// ```
pub enum Engine {
    /// UCT ([`ParallelUct`]: one tree, or one per thread in wasm).
    Uct(Box<ParallelUct>),
    /// Alpha-beta.
    AlphaBeta(Box<AlphaBeta>),
}

impl Engine {
    /// A new engine of `config`'s kind on `root`, with its settings,
    /// scoring with `evaluator`. `eval=learned` with an evaluator without a
    /// network scores classically; the callers that apply settings refuse
    /// it first ([`Evaluator::refusal`]).
    pub fn new(root: Position, config: &EngineConfig, evaluator: Evaluator) -> Engine {
        let params = config.params.clone();
        match config.kind {
            EngineKind::Uct => Engine::Uct(Box::new(ParallelUct::new(
                root,
                params,
                config.uct.clone(),
                evaluator,
            ))),
            EngineKind::AlphaBeta => Engine::AlphaBeta(Box::new(AlphaBeta::new(
                root,
                params,
                config.alphabeta.clone(),
                evaluator,
            ))),
        }
    }

    /// Gives the engine `config`'s settings, the common ones and its own
    /// part, keeping what it has searched where the engine can (see each
    /// engine's `set_params`). Returns `false`, changing nothing, when
    /// `config` names another kind of engine: build that one instead.
    pub fn configure(&mut self, config: &EngineConfig) -> bool {
        if config.kind != self.kind() {
            return false;
        }
        match self {
            Engine::Uct(uct) => uct.set_uct_params(config.uct.clone()),
            Engine::AlphaBeta(ab) => ab.set_alphabeta_params(config.alphabeta.clone()),
        }
        self.set_params(config.params.clone());
        true
    }

    fn inner(&self) -> &dyn SearchEngine {
        match self {
            Engine::Uct(uct) => uct.as_ref(),
            Engine::AlphaBeta(ab) => ab.as_ref(),
        }
    }

    fn inner_mut(&mut self) -> &mut dyn SearchEngine {
        match self {
            Engine::Uct(uct) => uct.as_mut(),
            Engine::AlphaBeta(ab) => ab.as_mut(),
        }
    }
}

impl SearchEngine for Engine {
    fn kind(&self) -> EngineKind {
        self.inner().kind()
    }
    fn params(&self) -> &SearchParams {
        self.inner().params()
    }
    fn set_params(&mut self, params: SearchParams) {
        self.inner_mut().set_params(params);
    }
    fn root(&self) -> &Position {
        self.inner().root()
    }
    fn set_game(&mut self, start: Position, moves: &[Move]) -> Result<(), IllegalMove> {
        self.inner_mut().set_game(start, moves)
    }
    fn stop_flag(&self) -> Arc<AtomicBool> {
        self.inner().stop_flag()
    }
    fn start(&mut self) {
        self.inner_mut().start();
    }
    fn run(&mut self, slice: Slice) -> bool {
        self.inner_mut().run(slice)
    }
    fn is_finished(&self) -> bool {
        self.inner().is_finished()
    }
    fn best_move(&self) -> Option<Move> {
        self.inner().best_move()
    }
    fn info(&self, top: usize) -> SearchInfo {
        self.inner().info(top)
    }
    fn reaches_depth(&self, depth: NonZeroUsize) -> bool {
        self.inner().reaches_depth(depth)
    }
    fn tree(&self) -> Option<&dyn TreeView> {
        self.inner().tree()
    }
}

/// A new engine of `config`'s kind on `root` with its settings, scoring
/// with `evaluator`: the one place that chooses the engine.
pub fn new_engine(root: Position, config: &EngineConfig, evaluator: Evaluator) -> Engine {
    Engine::new(root, config, evaluator)
}

#[cfg(test)]
mod tests {
    use super::*;
    use quoridor_rules::Variant;

    #[test]
    fn the_factory_builds_the_kind_asked_for() {
        let start = Position::new(Variant::new(5, 2).expect("5x5"));
        for kind in [EngineKind::Uct, EngineKind::AlphaBeta] {
            let config = EngineConfig::of_kind(kind, SearchParams::default());
            assert_eq!(
                new_engine(start, &config, Evaluator::classic()).kind(),
                kind
            );
        }
        assert_eq!("AlphaBeta".parse::<EngineKind>(), Ok(EngineKind::AlphaBeta));
        assert_eq!(EngineKind::Uct.to_string(), "uct");
    }

    #[test]
    fn configuring_another_kind_changes_nothing() {
        let start = Position::new(Variant::new(5, 2).expect("5x5"));
        let mut engine = new_engine(start, &EngineConfig::default(), Evaluator::classic());
        let other = EngineConfig::of_kind(EngineKind::AlphaBeta, SearchParams::default());
        assert!(!engine.configure(&other));
        assert_eq!(engine.kind(), EngineKind::Uct);
    }

    #[test]
    fn configuring_hands_each_engine_its_own_part() {
        let start = Position::new(Variant::new(5, 2).expect("5x5"));
        let mut config = EngineConfig::default();
        let mut engine = new_engine(start, &config, Evaluator::classic());
        config.uct.uct_c = 0.7;
        config.params.seed = 9;
        assert!(engine.configure(&config));
        match &engine {
            Engine::Uct(uct) => assert_eq!(uct.uct_params().uct_c, 0.7),
            Engine::AlphaBeta(_) => panic!("built UCT"),
        }
        assert_eq!(engine.params().seed, 9);
    }
}
