//! Parallel UCT. Natively, `threads` OS threads share one tree (tree
//! parallelism with virtual loss, see [`Uct::run`]). Where threads cannot
//! share memory (the page's pool of wasm workers) the search is root-parallel
//! instead: independent trees of one root, each with its own seed and a share
//! of the node budget and playout limit ([`tree_params`]), whose root
//! statistics [`merge_root_infos`] merges (Chaslot, Winands and van den
//! Herik, "Parallel Monte-Carlo Tree Search", 2008).

use super::descent::SEED_STEP;
use super::merge::merge_root_infos;
use super::params::UctParams;
use super::tree::NodeId;
use super::{Slice, Uct};
use quoridor_learned::Evaluator;
use quoridor_rules::{IllegalMove, Move, Position};
use quoridor_search::chosen_move;
use quoridor_search::TreeView;
use quoridor_search::{ChildInfo, SearchInfo};
use quoridor_search::{EngineKind, SearchEngine};
use quoridor_search::{MapLimits, TreeMap};
use quoridor_search::{SearchParams, MAX_THREADS};
use std::num::NonZeroUsize;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::Arc;

/// The settings of tree `index` of `count` (0-based) in a root-parallel
/// search with `params`: its own seed (`seed + index · SEED_STEP`, so tree 0
/// keeps the seed itself), an equal share of the node budget, of the tree
/// memory and of the playout limit (at least one each; the first trees get the remainder), and
/// `threads = 1`. The page's worker pool and [`ParallelUct`] in wasm split a
/// search with this one rule.
///
/// ```
/// use quoridor_uct::{tree_params, UctParams};
/// use quoridor_search::{Limits, SearchParams};
/// let params = SearchParams { limits: Limits::playouts(10), ..SearchParams::default() };
/// let uct = UctParams { node_budget: 1001, ..UctParams::default() };
/// let trees: Vec<_> = (0..2).map(|i| tree_params(&params, &uct, i, 2)).collect();
/// assert_eq!(trees[0].1.node_budget + trees[1].1.node_budget, 1001);
/// assert_eq!(trees[0].1.tree_mb + trees[1].1.tree_mb, uct.tree_mb);
/// assert_eq!(trees[0].0.limits.playouts_or_zero() + trees[1].0.limits.playouts_or_zero(), 10);
/// assert_eq!(trees[0].0.seed, params.seed);
/// assert_ne!(trees[1].0.seed, params.seed);
/// assert!(trees.iter().all(|t| t.0.threads == 1));
/// ```
pub fn tree_params(
    params: &SearchParams,
    uct: &UctParams,
    index: usize,
    count: usize,
) -> (SearchParams, UctParams) {
    let n = count.max(1) as u64;
    let i = index as u64;
    let share = |total: u64| total / n + u64::from(i < total % n);
    let mut p = params.clone();
    let mut own = uct.clone();
    p.seed = params.seed.wrapping_add(SEED_STEP.wrapping_mul(i));
    own.node_budget = u32::try_from(share(u64::from(uct.node_budget)))
        .unwrap_or(u32::MAX)
        .max(1);
    own.tree_mb = u32::try_from(share(u64::from(uct.tree_mb)))
        .unwrap_or(u32::MAX)
        .max(1);
    if params.limits.playouts.is_some() {
        p.limits = p
            .limits
            .and_playouts(share(params.limits.playouts_or_zero()).max(1));
    }
    p.threads = 1;
    (p, own)
}

/// The UCT engine behind `quoridor_engines::new_engine`. Natively it is one
/// [`Uct`] whose `threads` threads share its tree. In wasm (one thread
/// per worker) `threads` above 1 makes that many root-parallel trees,
/// searched in turn and merged, all stopped by one flag; the tree explorer
/// and the tree map then show the first tree.
///
/// ```
/// use quoridor_learned::Evaluator;
/// use quoridor_rules::{Position, Variant};
/// use quoridor_search::{Limits, SearchEngine, SearchParams};
/// use quoridor_uct::{ParallelUct, UctParams};
/// let start = Position::new(Variant::new(5, 2).unwrap());
/// let params = SearchParams { threads: 2, limits: Limits::playouts(400), ..SearchParams::default() };
/// let mut search = ParallelUct::new(start, params, UctParams::default(), Evaluator::classic());
/// let mv = search.think().expect("the start has moves");
/// assert!(start.check(mv).is_ok());
/// assert_eq!(search.info(0).searched, 400, "the playout limit is a total");
/// ```
pub struct ParallelUct {
    params: SearchParams,
    uct: UctParams,
    /// Handed to every tree.
    evaluator: Evaluator,
    trees: Vec<Uct>,
    stop: Arc<AtomicBool>,
    /// The game as last set, for trees added when `threads` grows.
    game: (Position, Vec<Move>),
}

impl ParallelUct {
    /// An engine on `root` with `params.threads` trees (1 to [`MAX_THREADS`]),
    /// the common settings `params` and UCT's own `uct`, scoring with
    /// `evaluator`.
    pub fn new(
        root: Position,
        params: SearchParams,
        uct: UctParams,
        evaluator: Evaluator,
    ) -> ParallelUct {
        let mut engine = ParallelUct {
            params,
            uct,
            evaluator,
            trees: Vec::new(),
            stop: Arc::new(AtomicBool::new(false)),
            game: (root, Vec::new()),
        };
        engine.configure_trees();
        engine
    }

    /// UCT's own settings.
    pub fn uct_params(&self) -> &UctParams {
        &self.uct
    }

    /// Changes UCT's own settings (from the next iteration on).
    pub fn set_uct_params(&mut self, uct: UctParams) {
        self.uct = uct;
        self.configure_trees();
    }

    /// As many trees as the settings ask for, each with its share of them.
    fn configure_trees(&mut self) {
        let count = tree_count(&self.params);
        let (start, moves) = &self.game;
        while self.trees.len() < count {
            let mut tree = Uct::new(
                *start,
                self.params.clone(),
                self.uct.clone(),
                self.evaluator.clone(),
            );
            // The moves were legal when the game was set.
            let replayed = tree.set_game(*start, moves);
            debug_assert!(replayed.is_ok(), "{replayed:?}");
            tree.share_stop_flag(self.stop.clone());
            self.trees.push(tree);
        }
        self.trees.truncate(count);
        for (i, tree) in self.trees.iter_mut().enumerate() {
            let (params, uct) = if count == 1 {
                (self.params.clone(), self.uct.clone())
            } else {
                tree_params(&self.params, &self.uct, i, count)
            };
            tree.set_params(params);
            tree.set_uct_params(uct);
        }
    }

    /// How many trees search (the `threads` option, within 1 to [`MAX_THREADS`]).
    pub fn threads(&self) -> usize {
        self.trees.len()
    }

    /// `slice` for one tree of `count`: its playout bound split like the limit.
    #[cfg(target_arch = "wasm32")]
    fn tree_slice(slice: Slice, index: usize, count: usize) -> Slice {
        let mut limits = slice.0;
        if let Some(total) = limits.playouts {
            let (n, i) = (count as u64, index as u64);
            let share = total.get() / n + u64::from(i < total.get() % n);
            limits = limits.and_playouts(share.max(1));
        }
        Slice(limits)
    }

    /// Every tree's snapshot with all its root moves (the merge needs them all).
    fn tree_infos(&self) -> Vec<SearchInfo> {
        self.trees.iter().map(|t| t.info(usize::MAX)).collect()
    }

    /// The trees' snapshots merged, every root move kept, with the move to
    /// play: the merged best, or with a temperature one drawn among the
    /// merged candidates.
    fn merged_info(&self) -> Option<SearchInfo> {
        let mut merged = merge_root_infos(&self.tree_infos(), usize::MAX)?;
        merged.best_move = chosen_move(&merged, &self.params.choice, self.params.seed, self.root());
        Some(merged)
    }
}

/// Trees of a search with `params`: one natively (its threads share it),
/// `threads` in wasm.
fn tree_count(params: &SearchParams) -> usize {
    if cfg!(target_arch = "wasm32") {
        params.threads.clamp(1, MAX_THREADS) as usize
    } else {
        1
    }
}

/// Natively there is one tree, and its [`Uct::run`] uses the threads.
#[cfg(not(target_arch = "wasm32"))]
fn run_trees(trees: &mut [Uct], slice: Slice) {
    for tree in trees {
        tree.run(slice);
    }
}

/// Runs every tree in turn, each for its share of `slice`: a wasm worker has
/// one thread (the page's worker pool is where browser parallelism goes).
#[cfg(target_arch = "wasm32")]
fn run_trees(trees: &mut [Uct], slice: Slice) {
    let count = trees.len();
    for (i, tree) in trees.iter_mut().enumerate() {
        let mut limits = ParallelUct::tree_slice(slice, i, count).0;
        limits.time = limits.time.map(|t| t / count as u32);
        tree.run(Slice(limits));
    }
}

impl SearchEngine for ParallelUct {
    fn kind(&self) -> EngineKind {
        EngineKind::Uct
    }
    fn params(&self) -> &SearchParams {
        &self.params
    }
    fn set_params(&mut self, params: SearchParams) {
        self.params = params;
        self.configure_trees();
    }
    fn root(&self) -> &Position {
        self.trees[0].root()
    }
    fn set_game(&mut self, start: Position, moves: &[Move]) -> Result<(), IllegalMove> {
        // The first tree checks the moves; the others then replay them.
        self.trees[0].set_game(start, moves)?;
        for tree in &mut self.trees[1..] {
            tree.set_game(start, moves)?;
        }
        self.game = (start, moves.to_vec());
        Ok(())
    }
    fn stop_flag(&self) -> Arc<AtomicBool> {
        self.stop.clone()
    }
    fn start(&mut self) {
        for tree in &mut self.trees {
            tree.start();
        }
        self.stop.store(false, Ordering::Relaxed);
    }
    fn run(&mut self, slice: Slice) -> bool {
        if self.trees.len() == 1 {
            return self.trees[0].run(slice);
        }
        if !self.is_finished() {
            run_trees(&mut self.trees, slice);
        }
        self.is_finished()
    }
    fn is_finished(&self) -> bool {
        self.stop.load(Ordering::Relaxed)
            || self.trees.iter().all(Uct::is_finished)
            || self.trees.iter().any(Uct::is_settled)
    }
    fn best_move(&self) -> Option<Move> {
        match self.trees.as_slice() {
            [only] => only.best_move(),
            _ => self.merged_info()?.best_move,
        }
    }
    fn info(&self, top: usize) -> SearchInfo {
        match self.trees.as_slice() {
            [only] => only.info(top),
            _ => match self.merged_info() {
                Some(mut merged) => {
                    merged.children.truncate(top);
                    merged
                }
                // There is always a tree; this is its plain snapshot.
                None => self.trees[0].info(top),
            },
        }
    }
    fn reaches_depth(&self, depth: NonZeroUsize) -> bool {
        // Every tree has searched that deep.
        self.trees
            .iter()
            .all(|tree| SearchEngine::reaches_depth(tree, depth))
    }
    fn tree(&self) -> Option<&dyn TreeView> {
        Some(self)
    }
}

/// The first tree's nodes (in wasm with several trees, the explorer and
/// the map show the first).
impl TreeView for ParallelUct {
    fn tree_node(&self, id: NodeId) -> Option<(Vec<Move>, Vec<ChildInfo>)> {
        TreeView::tree_node(&self.trees[0], id)
    }
    fn tree_map(&self, path: &[Move], limits: MapLimits) -> Option<TreeMap> {
        self.trees[0].tree_map(path, limits)
    }
}
