//! The one place that chooses the engine: [`Engine`] holds the engine of the
//! kind an [`EngineConfig`] names, built by [`new_engine`], and hands it each
//! part of the settings that it reads.

use super::alphabeta::AlphaBeta;
use super::book::{book_info, OpeningBook};
use super::config::EngineConfig;
use super::learned::Evaluator;
use super::uct::ParallelUct;
use quoridor_rules::{IllegalMove, Move, Position};
use quoridor_search::SearchParams;
use quoridor_search::Slice;
use quoridor_search::TreeView;
use quoridor_search::{choice_key, SearchInfo};
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
pub struct Engine {
    search: Search,
    /// The book's answer to the think under way, when it came from the
    /// book (option `book`): the snapshot it reports.
    from_book: Option<SearchInfo>,
}

/// The engine that searches.
enum Search {
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
        let search = match config.kind {
            EngineKind::Uct => Search::Uct(Box::new(ParallelUct::new(
                root,
                params,
                config.uct.clone(),
                evaluator,
            ))),
            EngineKind::AlphaBeta => Search::AlphaBeta(Box::new(AlphaBeta::new(
                root,
                params,
                config.alphabeta.clone(),
                evaluator,
            ))),
        };
        Engine {
            search,
            from_book: None,
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
        match &mut self.search {
            Search::Uct(uct) => uct.set_uct_params(config.uct.clone()),
            Search::AlphaBeta(ab) => ab.set_alphabeta_params(config.alphabeta.clone()),
        }
        self.set_params(config.params.clone());
        true
    }

    /// The UCT engine, if this is one.
    pub fn as_uct(&self) -> Option<&ParallelUct> {
        match &self.search {
            Search::Uct(uct) => Some(uct),
            Search::AlphaBeta(_) => None,
        }
    }

    /// The alpha-beta engine, if this is one.
    pub fn as_alphabeta(&self) -> Option<&AlphaBeta> {
        match &self.search {
            Search::AlphaBeta(ab) => Some(ab),
            Search::Uct(_) => None,
        }
    }

    /// Whether the think under way (or the last one) was answered from the
    /// opening book, without a search.
    pub fn played_from_book(&self) -> bool {
        self.from_book.is_some()
    }

    fn inner(&self) -> &dyn SearchEngine {
        match &self.search {
            Search::Uct(uct) => uct.as_ref(),
            Search::AlphaBeta(ab) => ab.as_ref(),
        }
    }

    fn inner_mut(&mut self) -> &mut dyn SearchEngine {
        match &mut self.search {
            Search::Uct(uct) => uct.as_mut(),
            Search::AlphaBeta(ab) => ab.as_mut(),
        }
    }

    /// The book's answer in the root, when the option is on and the root
    /// is in the book: a move drawn by share with the seed's key.
    fn book_answer(&self) -> Option<SearchInfo> {
        let params = self.params();
        if !params.book {
            return None;
        }
        let root = self.root();
        let book = OpeningBook::embedded();
        let chosen = book.draw(root, choice_key(params.seed, root))?;
        let moves = book.moves_at(root)?;
        Some(book_info(self.inner().info(0), moves, chosen))
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
        self.from_book = None;
        self.inner_mut().set_game(start, moves)
    }
    fn stop_flag(&self) -> Arc<AtomicBool> {
        self.inner().stop_flag()
    }
    fn start(&mut self) {
        self.inner_mut().start();
        self.from_book = self.book_answer();
    }
    fn run(&mut self, slice: Slice) -> bool {
        if self.from_book.is_some() {
            return true;
        }
        self.inner_mut().run(slice)
    }
    fn is_finished(&self) -> bool {
        self.from_book.is_some() || self.inner().is_finished()
    }
    fn best_move(&self) -> Option<Move> {
        match &self.from_book {
            Some(info) => info.best_move,
            None => self.inner().best_move(),
        }
    }
    fn info(&self, top: usize) -> SearchInfo {
        match &self.from_book {
            Some(info) => {
                let mut info = info.clone();
                info.children.truncate(top);
                info
            }
            None => self.inner().info(top),
        }
    }
    fn reaches_depth(&self, depth: NonZeroUsize) -> bool {
        self.from_book.is_some() || self.inner().reaches_depth(depth)
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
        let uct = engine.as_uct().expect("built UCT");
        assert_eq!(uct.uct_params().uct_c, 0.7);
        assert_eq!(engine.params().seed, 9);
    }
}
