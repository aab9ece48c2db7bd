//! The second engine: negamax with alpha-beta, iterative deepening and the
//! classic enhancements (transposition table, principal variation search,
//! aspiration windows, killer moves, history heuristic, race-based move
//! ordering, null-move and futility pruning, wall candidate restriction,
//! quiescence search, goal extensions and late-move reductions graded by
//! the pawns' corridors), each behind its own switch in
//! [`AlphaBetaParams`]. The search runs on an explicit stack ([`stack`]), so
//! it can pause after any node and go on in the next slice. Natively, with
//! `threads` above 1, helper threads search beside it (lazy SMP, sharing
//! the transposition table).

mod evaluate;
#[cfg(not(target_arch = "wasm32"))]
mod lazy_smp;
mod options;
mod ordering;
mod params;
mod pv;
mod stack;
mod table;
mod table_score;

pub use evaluate::static_score;
pub use options::alphabeta_options;
pub use ordering::{candidate_walls, ordered_moves, Heuristics, ScoredMove};
pub use params::{
    AlphaBetaParams, LMR_AFTER, LMR_FAR, LMR_MIN_DEPTH, LMR_NEAR, LMR_SLACK, QUIESCENCE_PLIES,
};
pub use table::Table;
pub use table_score::INFINITY;

use quoridor_learned::Evaluator;
use quoridor_rules::{IllegalMove, Move, Position};
use quoridor_search::now_ms;
use quoridor_search::PawnRace;
use quoridor_search::Score;
use quoridor_search::SearchParams;
use quoridor_search::Slice;
use quoridor_search::{is_decided, WIN};
use quoridor_search::{AlphaBetaInfo, IterationRow, RootMoveScore};
use quoridor_search::{ChildInfo, EngineReport, Proven, SearchInfo};
use quoridor_search::{EngineKind, SearchEngine};
use stack::{Advance, Context, Counters, Stack};
use std::num::NonZeroUsize;
use std::sync::atomic::{AtomicBool, AtomicU32, AtomicU64, Ordering};
use std::sync::Arc;

/// Nodes searched between two looks at the clock and the stop flag.
const NODES_PER_CHECK: u64 = 1024;
/// Deepest iteration.
const MAX_DEPTH: u32 = 100;

/// The result of the last completed iteration.
#[derive(Clone, Debug)]
struct Completed {
    depth: u32,
    value: i32,
    best: Option<Move>,
    pv: Vec<Move>,
    root_scores: Vec<(Move, i32)>,
    root_nodes: Vec<(Move, u64)>,
}

/// The alpha-beta engine over one root position, run in slices.
///
/// ```
/// use quoridor_learned::Evaluator;
/// use quoridor_rules::{Position, Variant};
/// use quoridor_alphabeta::{AlphaBeta, AlphaBetaParams};
/// use quoridor_search::{SearchEngine, SearchParams};
/// let own = AlphaBetaParams { max_depth: Some(3), ..AlphaBetaParams::default() };
/// let start = Position::new(Variant::new(5, 2).unwrap());
/// let mut search = AlphaBeta::new(start, SearchParams::default(), own, Evaluator::classic());
/// let mv = search.think().expect("a move");
/// assert!(start.check(mv).is_ok());
/// assert_eq!(search.info(0).alphabeta().unwrap().depth, 3);
/// ```
pub struct AlphaBeta {
    params: SearchParams,
    own: AlphaBetaParams,
    /// What scores the leaves.
    evaluator: Evaluator,
    root: Position,
    stop: Arc<AtomicBool>,
    started_ms: f64,
    /// The transposition table, shared with the helper threads (lazy SMP).
    table: Arc<Table>,
    table_mb: u32,
    heuristics: Heuristics,
    counters: Counters,
    stack: Stack,
    depth: u32,
    window: (i32, i32),
    delta: i32,
    iteration_start_nodes: u64,
    completed: Option<Completed>,
    iterations: Vec<IterationRow>,
    done: bool,
    fallback: Option<Move>,
    /// The exact pawn-race table when `pawn_race` is on and neither side
    /// has a wall left at the root.
    race: Option<Arc<PawnRace>>,
    /// Natively with `threads` above 1: the helper threads' searches
    /// (lazy SMP), made at the first slice of a think.
    #[cfg(not(target_arch = "wasm32"))]
    helpers: Vec<lazy_smp::Helper>,
    /// The helpers' nodes in this think.
    helper_nodes: Arc<AtomicU64>,
    /// The depth of the main thread's iteration under way, for the helpers.
    main_depth: Arc<AtomicU32>,
}

impl AlphaBeta {
    /// An engine searching `root` with the common settings `params` (the
    /// playout limit counts nodes) and its own `own`, scoring with
    /// `evaluator`.
    pub fn new(
        root: Position,
        params: SearchParams,
        own: AlphaBetaParams,
        evaluator: Evaluator,
    ) -> AlphaBeta {
        let table_mb = own.hash_mb;
        let mut engine = AlphaBeta {
            table: Arc::new(Table::new(table_mb)),
            table_mb,
            params,
            own,
            evaluator,
            root,
            stop: Arc::new(AtomicBool::new(false)),
            started_ms: now_ms(),
            heuristics: Heuristics::default(),
            counters: Counters::default(),
            stack: Stack::default(),
            depth: 1,
            window: (-INFINITY, INFINITY),
            delta: 0,
            iteration_start_nodes: 0,
            completed: None,
            iterations: Vec::new(),
            done: false,
            fallback: None,
            race: None,
            #[cfg(not(target_arch = "wasm32"))]
            helpers: Vec::new(),
            helper_nodes: Arc::new(AtomicU64::new(0)),
            main_depth: Arc::new(AtomicU32::new(1)),
        };
        engine.reset_think();
        engine
    }

    fn ab(&self) -> &AlphaBetaParams {
        &self.own
    }

    /// The engine's own settings.
    pub fn alphabeta_params(&self) -> &AlphaBetaParams {
        &self.own
    }

    /// Changes the engine's own settings from the next think on. New
    /// evaluation or pruning settings make stored results stale, so the
    /// table is cleared (and resized for a new `hash`) when they change; a
    /// new depth limit keeps it.
    pub fn set_alphabeta_params(&mut self, own: AlphaBetaParams) {
        let depth_only = AlphaBetaParams {
            max_depth: own.max_depth,
            ..self.own.clone()
        };
        if own != depth_only {
            if own.hash_mb != self.table_mb {
                self.table_mb = own.hash_mb;
                self.table = Arc::new(Table::new(self.table_mb));
            } else {
                self.table.clear();
            }
        }
        self.own = own;
    }

    /// Milliseconds since the think started.
    pub fn elapsed_ms(&self) -> f64 {
        now_ms() - self.started_ms
    }

    /// Nodes searched in this think, all threads together.
    pub fn nodes(&self) -> u64 {
        self.counters.nodes + self.helper_nodes.load(Ordering::Relaxed)
    }

    /// Nodes the main thread searched in this think.
    pub fn main_nodes(&self) -> u64 {
        self.counters.nodes
    }

    /// Plies of the last completed iteration (0: none yet).
    pub fn completed_depth(&self) -> u32 {
        self.completed.as_ref().map_or(0, |c| c.depth)
    }

    /// The root's value from the last completed iteration (side to move's view).
    pub fn value(&self) -> Option<i32> {
        self.completed.as_ref().map(|c| c.value)
    }

    /// The finished iterations of this think.
    pub fn iterations(&self) -> &[IterationRow] {
        &self.iterations
    }

    fn reset_think(&mut self) {
        self.counters = Counters::default();
        #[cfg(not(target_arch = "wasm32"))]
        self.helpers.clear();
        self.helper_nodes.store(0, Ordering::Relaxed);
        self.main_depth.store(1, Ordering::Relaxed);
        self.depth = 1;
        self.window = (-INFINITY, INFINITY);
        self.delta = self.ab().aspiration_window.max(1) as i32;
        self.iteration_start_nodes = 0;
        self.completed = None;
        self.iterations.clear();
        self.stack = Stack::default();
        let mut moves = Vec::new();
        ordered_moves(
            &self.root,
            0,
            None,
            &self.heuristics,
            &AlphaBetaParams {
                ordering: true,
                ..self.ab().clone()
            },
            false,
            &mut moves,
        );
        self.fallback = moves
            .first()
            .map(|m| m.mv)
            .or_else(|| self.root.step_toward_goal());
        self.done = self.root.is_over() || self.fallback.is_none();
    }

    /// The root search of the current iteration ended with `value`.
    fn root_done(&mut self, value: i32) {
        let (alpha, beta) = self.window;
        if value <= alpha && alpha > -INFINITY {
            self.delta = self.delta.saturating_mul(4);
            self.window = ((value - self.delta).max(-INFINITY), beta);
            if is_decided(value) {
                self.window.0 = -INFINITY;
            }
            return;
        }
        if value >= beta && beta < INFINITY {
            self.delta = self.delta.saturating_mul(4);
            self.window = (alpha, (value + self.delta).min(INFINITY));
            if is_decided(value) {
                self.window.1 = INFINITY;
            }
            return;
        }
        let pv = pv::lengthened(
            &self.root,
            self.stack.root_pv.clone(),
            &self.table,
            self.depth as usize,
        );
        let best = pv
            .first()
            .copied()
            .or_else(|| self.stack.root_best().map(|(m, _)| m));
        let mut root_scores = self.stack.root_scores.clone();
        root_scores.sort_by_key(|r| std::cmp::Reverse(r.1));
        self.iterations.push(IterationRow {
            depth: self.depth,
            score: Score::from_value(value),
            best_move: best,
            nodes: self.counters.nodes - self.iteration_start_nodes,
            elapsed_ms: self.elapsed_ms(),
        });
        self.completed = Some(Completed {
            depth: self.depth,
            value,
            best,
            pv,
            root_scores,
            root_nodes: self.stack.root_nodes.clone(),
        });
        let decided_within = is_decided(value) && (WIN - value.abs()) as u32 <= self.depth;
        let deepest = self.ab().max_depth.unwrap_or(MAX_DEPTH).min(MAX_DEPTH);
        if decided_within || self.depth >= deepest {
            self.done = true;
        }
        self.depth += 1;
        self.main_depth.store(self.depth, Ordering::Relaxed);
        self.iteration_start_nodes = self.counters.nodes;
        let w = self.ab().aspiration_window.max(1) as i32;
        self.delta = w;
        self.window = if self.ab().aspiration && !is_decided(value) {
            (value - w, value + w)
        } else {
            (-INFINITY, INFINITY)
        };
    }

    /// One slice of the main thread's search (the only one with `threads` 1).
    fn run_main(&mut self, slice: Slice) -> bool {
        let slice_start = now_ms();
        let slice_nodes_start = self.counters.nodes;
        loop {
            if self.is_finished() {
                return true;
            }
            let in_slice = self.counters.nodes - slice_nodes_start;
            if slice.0.playouts_reached(in_slice) || slice.0.time_reached(|| now_ms() - slice_start)
            {
                return false;
            }
            if !self.stack.is_running() {
                let (alpha, beta) = self.window;
                self.stack.begin(self.root, self.depth, alpha, beta);
            }
            let mut budget = NODES_PER_CHECK;
            if let Some(limit) = self.params.limits.playouts {
                budget = budget.min(limit.get().saturating_sub(self.nodes()).max(1));
            }
            if let Some(limit) = slice.0.playouts {
                budget = budget.min(limit.get().saturating_sub(in_slice).max(1));
            }
            let mut ctx = Context {
                params: &self.own,
                table: &self.table,
                heuristics: &mut self.heuristics,
                counters: &mut self.counters,
                race: self.race.as_deref(),
                network: self
                    .evaluator
                    .quantized_for(self.params.eval, EngineKind::AlphaBeta),
            };
            if let Advance::Done(value) = self.stack.advance(&mut ctx, budget) {
                self.root_done(value);
            }
        }
    }

    /// [`AlphaBeta::run_main`] with `threads - 1` helper threads searching
    /// the same root beside it for the slice, sharing the table.
    #[cfg(not(target_arch = "wasm32"))]
    fn run_shared(&mut self, slice: Slice, threads: usize) -> bool {
        if self.is_finished() {
            return true;
        }
        let mut helpers = std::mem::take(&mut self.helpers);
        while helpers.len() < threads - 1 {
            helpers.push(lazy_smp::Helper::new(helpers.len() + 1));
        }
        helpers.truncate(threads - 1);
        let (table, race, evaluator) = (
            Arc::clone(&self.table),
            self.race.clone(),
            self.evaluator.clone(),
        );
        let (own, main_depth, nodes) = (
            self.own.clone(),
            Arc::clone(&self.main_depth),
            Arc::clone(&self.helper_nodes),
        );
        let over = AtomicBool::new(false);
        let shared = lazy_smp::Shared {
            root: self.root,
            params: &own,
            table: &table,
            race: race.as_deref(),
            network: evaluator.quantized_for(self.params.eval, EngineKind::AlphaBeta),
            main_depth: &main_depth,
            deepest: own.max_depth.unwrap_or(MAX_DEPTH).min(MAX_DEPTH),
            nodes: &nodes,
            over: &over,
        };
        let finished = std::thread::scope(|scope| {
            for helper in &mut helpers {
                let shared = &shared;
                scope.spawn(move || helper.work(shared));
            }
            let finished = self.run_main(slice);
            over.store(true, Ordering::Relaxed);
            finished
        });
        self.helpers = helpers;
        finished
    }

    fn limits_reached(&self) -> bool {
        let limits = &self.params.limits;
        limits.playouts_reached(self.nodes()) || limits.time_reached(|| self.elapsed_ms())
    }

    fn score(&self) -> Score {
        self.completed
            .as_ref()
            .map_or(Score::Cp(0), |c| Score::from_value(c.value))
    }

    /// The alpha-beta part of [`SearchEngine::info`]: depth, score,
    /// iterations, root moves, hash fill, branching factor.
    pub fn report(&self) -> AlphaBetaInfo {
        self.alphabeta_info(self.elapsed_ms())
    }

    fn alphabeta_info(&self, elapsed: f64) -> AlphaBetaInfo {
        let rows = &self.iterations;
        let branching_factor = match rows.len() {
            n if n >= 2 && rows[n - 2].nodes > 0 => {
                rows[n - 1].nodes as f64 / rows[n - 2].nodes as f64
            }
            _ => 0.0,
        };
        AlphaBetaInfo {
            depth: self.completed_depth(),
            seldepth: self.counters.seldepth,
            score: self.score(),
            nodes: self.nodes(),
            nps: rate(self.nodes(), elapsed),
            hashfull: if self.ab().tt {
                self.table.hashfull()
            } else {
                0
            },
            branching_factor,
            iterations: rows.clone(),
            root_moves: self
                .completed
                .iter()
                .flat_map(|c| {
                    c.root_scores.iter().map(|&(mv, v)| RootMoveScore {
                        mv,
                        score: Score::from_value(v),
                        nodes: c
                            .root_nodes
                            .iter()
                            .find(|(m, _)| *m == mv)
                            .map_or(0, |(_, n)| *n),
                    })
                })
                .collect(),
        }
    }
}

fn rate(n: u64, ms: f64) -> f64 {
    if ms > 0.0 {
        n as f64 * 1000.0 / ms
    } else {
        0.0
    }
}

impl SearchEngine for AlphaBeta {
    fn kind(&self) -> EngineKind {
        EngineKind::AlphaBeta
    }

    fn params(&self) -> &SearchParams {
        &self.params
    }

    fn set_params(&mut self, params: SearchParams) {
        self.params = params;
    }

    fn root(&self) -> &Position {
        &self.root
    }

    fn set_game(&mut self, start: Position, moves: &[Move]) -> Result<(), IllegalMove> {
        let mut pos = start;
        for mv in moves {
            pos.play(*mv)?;
        }
        self.root = pos;
        self.reset_think();
        Ok(())
    }

    fn stop_flag(&self) -> Arc<AtomicBool> {
        self.stop.clone()
    }

    fn start(&mut self) {
        self.stop.store(false, Ordering::Relaxed);
        self.started_ms = now_ms();
        if !self.params.pawn_race {
            self.race = None;
        } else if !self.race.as_ref().is_some_and(|t| t.covers(&self.root)) {
            self.race = PawnRace::solve(&self.root).map(Arc::new);
        }
        self.table.new_generation();
        self.heuristics.age();
        self.reset_think();
    }

    /// Natively, with `threads` above 1, that many threads search the
    /// root (lazy SMP: the caller's thread is the main one, whose result is
    /// the answer; the helpers only fill the shared table). Node limits
    /// count all threads' nodes.
    fn run(&mut self, slice: Slice) -> bool {
        #[cfg(not(target_arch = "wasm32"))]
        {
            let threads = self.params.threads.clamp(1, quoridor_search::MAX_THREADS) as usize;
            if threads > 1 {
                return self.run_shared(slice, threads);
            }
        }
        self.run_main(slice)
    }

    fn is_finished(&self) -> bool {
        self.done || self.stop.load(Ordering::Relaxed) || self.limits_reached()
    }

    fn best_move(&self) -> Option<Move> {
        self.completed
            .as_ref()
            .and_then(|c| c.best)
            .or(self.fallback)
    }

    fn info(&self, top: usize) -> SearchInfo {
        let elapsed = self.elapsed_ms();
        let side = self.root.turn();
        let score = self.score();
        let slope = self.params.score_slope;
        let ab = self.alphabeta_info(elapsed);
        let proven_winner = match score {
            Score::Mate(n) if n > 0 => Some(side),
            Score::Mate(_) => Some(side.other()),
            Score::Cp(_) => self.root.winner(),
        };
        let pv = self
            .completed
            .as_ref()
            .map(|c| c.pv.clone())
            .unwrap_or_default();
        let children = ab
            .root_moves
            .iter()
            .take(top)
            .enumerate()
            .map(|(i, r)| ChildInfo {
                mv: r.mv,
                win_probability: r.score.win_probability(slope),
                proven: match r.score {
                    Score::Mate(n) if n > 0 => Some(Proven::Win),
                    Score::Mate(_) => Some(Proven::Loss),
                    Score::Cp(_) => None,
                },
                pv: if i == 0 { pv.clone() } else { vec![r.mv] },
                uct: None,
            })
            .collect();
        SearchInfo {
            side_to_move: side,
            best_move: self.best_move(),
            pv,
            win_probability: score.win_probability(slope),
            proven_winner,
            elapsed_ms: elapsed,
            searched: self.nodes(),
            searched_per_sec: ab.nps,
            children,
            network_value: self.evaluator.network_value(
                self.params.eval,
                EngineKind::AlphaBeta,
                &self.root,
            ),
            engine: EngineReport::AlphaBeta(ab),
        }
    }

    fn reaches_depth(&self, depth: NonZeroUsize) -> bool {
        self.completed_depth() as usize >= depth.get() || self.value().is_some_and(is_decided)
    }
}
