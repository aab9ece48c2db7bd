//! The UCT search: a tree over one root position, grown by UCT iterations
//! (see [`self::descent`]) on one thread or several sharing the tree, plus
//! proofs, tree reuse and the reports of what the tree holds.

mod as_engine;
pub(crate) mod descent;
mod merge;
mod options;
mod parallel;
mod params;
pub(crate) mod policy;
mod ranking;
#[cfg(not(target_arch = "wasm32"))]
mod shared_run;
mod tie_break;
pub(crate) mod tree;
mod tree_map;

#[doc(hidden)]
pub use merge::snapshot as test_snapshot;
pub use merge::{merge_root_children, merge_root_infos};
pub use options::uct_options;
pub use parallel::{tree_params, ParallelUct};
pub use params::{
    FinalMove, FirstPlay, PlayoutPolicy, UctParams, DEFAULT_C_PUCT, DEFAULT_FPU_REDUCTION,
    DEFAULT_NODE_BUDGET, DEFAULT_TREE_MB, MAX_TREE_MB, MIB,
};
pub use policy::{Selector, SelectorMemory, PLAYOUT_SAFETY_LIMIT};
pub use ranking::ranked_moves;
use tie_break::pick_by_race_after;
pub use tie_break::{pick_by_race, shortens_own_path, Outcome, Race, Tied, NEAR_CERTAIN_LOSS};

use self::descent::{prior_network, ranked_reserve, Descent, SearchView, Worker};
#[cfg(not(target_arch = "wasm32"))]
use self::shared_run::SharedRun;
use self::tree::{Proof, Tree};
use self::tree_map::{tree_map, MapContext};
use quoridor_learned::Evaluator;
use quoridor_rules::{IllegalMove, Move, Player, Position};
use quoridor_search::choice_key;
use quoridor_search::now_ms;
use quoridor_search::EngineKind;
use quoridor_search::SearchParams;
use quoridor_search::Slice;
use quoridor_search::WinChance;
use quoridor_search::{ChildInfo, EngineReport, Proven, SearchInfo};
use quoridor_search::{MapLimits, NodeId, TreeMap, UctChild, UctReport, ROOT};
use quoridor_search::{PawnRace, RaceResult};
#[cfg(not(target_arch = "wasm32"))]
use std::sync::atomic::AtomicU64;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::Arc;

/// Most moves in a candidate's principal variation in [`Uct::info`].
const CANDIDATE_PV_LEN: usize = 12;
/// Moves of the principal variation a snapshot reports.
const PV_LEN: usize = 24;

/// A UCT search over one root position, run in slices.
///
/// ```
/// use quoridor_learned::Evaluator;
/// use quoridor_rules::{Position, Variant};
/// use quoridor_search::{Limits, SearchParams};
/// use quoridor_uct::{Uct, UctParams};
/// let params = SearchParams { limits: Limits::playouts(300), ..SearchParams::default() };
/// let mut search = Uct::new(Position::new(Variant::new(5, 2).unwrap()), params, UctParams::default(), Evaluator::classic());
/// let mv = search.think().expect("the start position has moves");
/// assert!(Position::new(Variant::new(5, 2).unwrap()).check(mv).is_ok());
/// ```
pub struct Uct {
    params: SearchParams,
    /// UCT's own settings.
    uct: UctParams,
    /// What scores where a playout stops.
    evaluator: Evaluator,
    tree: Tree,
    root: Position,
    /// Moves from the game's start position to the root, for tree reuse.
    root_moves: Vec<Move>,
    /// The game's start position (not to be confused with [`Uct::start`],
    /// which starts a think).
    game_start: Position,
    /// One per search thread (natively `threads` of them share the tree;
    /// the first one is the caller's).
    workers: Vec<Worker>,
    stop: Arc<AtomicBool>,
    started_ms: f64,
    /// The exact table of the pawn race when the root has no wall left on
    /// either side and `pawn_race` is on (every node below is then in it).
    race: Option<PawnRace>,
    /// Whether the tree reached a budget in this think and cannot grow.
    full: bool,
    /// The hashes of the game's positions before the root since the last
    /// wall placed (see [`SearchView::history`]).
    history: Vec<u64>,
    /// The root mover's shortest path to its goal (walls count, pawns
    /// do not), for [`Uct::win_floor`].
    root_distance: Option<u32>,
}

impl Uct {
    /// A search of `root` with the common settings `params` and UCT's own
    /// `uct`, scoring with `evaluator`.
    pub fn new(root: Position, params: SearchParams, uct: UctParams, evaluator: Evaluator) -> Uct {
        let workers = vec![Worker::new(params.seed, 0)];
        Uct {
            params,
            uct,
            evaluator,
            tree: Tree::new(),
            root,
            root_moves: Vec::new(),
            game_start: root,
            workers,
            stop: Arc::new(AtomicBool::new(false)),
            started_ms: now_ms(),
            race: None,
            full: false,
            history: Vec::new(),
            root_distance: root.distance_to_goal(root.turn()),
        }
    }

    /// The common settings.
    pub fn params(&self) -> &SearchParams {
        &self.params
    }

    /// UCT's own settings.
    pub fn uct_params(&self) -> &UctParams {
        &self.uct
    }

    /// Changes UCT's own settings (from the next iteration on).
    pub fn set_uct_params(&mut self, uct: UctParams) {
        self.uct = uct;
    }

    /// Changes the settings (from the next iteration on). A new seed reseeds.
    pub fn set_params(&mut self, params: SearchParams) {
        if params.seed != self.params.seed {
            for (i, worker) in self.workers.iter_mut().enumerate() {
                worker.reseed(params.seed, i);
            }
        }
        self.params = params;
    }

    /// The root position.
    pub fn root(&self) -> &Position {
        &self.root
    }

    /// A flag that stops the search when set (e.g. from another thread).
    pub fn stop_flag(&self) -> Arc<AtomicBool> {
        self.stop.clone()
    }

    /// Stops on `flag` instead of the search's own (several searches that
    /// share one flag stop together; [`Uct::start`] clears it).
    pub fn share_stop_flag(&mut self, flag: Arc<AtomicBool>) {
        self.stop = flag;
    }

    /// Whether the solver has proven the root.
    pub fn is_solved(&self) -> bool {
        self.tree.root_solved(self.uct.solver)
    }

    /// Whether the root's proof ends the think: any proof does, but with
    /// `shortest_win` a won root only once no shorter win can be found:
    /// its shortest proven win takes at most `2·d − 1` plies (`d` the
    /// mover's shortest path), or every root move is proven. Until then
    /// the search goes on among the unproven moves, or until a limit
    /// ends the think.
    pub fn is_settled(&self) -> bool {
        self.tree.root_settled(self.uct.solver, self.win_floor())
    }

    /// With `shortest_win`, the fewest plies in which the side to move
    /// could win: `2·d − 1` for a shortest path of `d` steps (its `d`
    /// moves and the opponent's `d − 1` between them; a jump over the
    /// other pawn can beat it, and the think then ends at this bound).
    /// `None` without `shortest_win`: the first proof ends the think.
    fn win_floor(&self) -> Option<u32> {
        self.uct
            .shortest_win
            .then(|| self.root_distance.map_or(0, |d| (2 * d).saturating_sub(1)))
    }

    /// Sets the root to the position after `moves` from `start`. When tree
    /// reuse is on and the new root lies below the current one in the tree,
    /// that subtree is kept; otherwise the tree starts afresh. An illegal move
    /// leaves the search unchanged.
    pub fn set_game(&mut self, start: Position, moves: &[Move]) -> Result<(), IllegalMove> {
        let mut pos = start;
        let mut history = Vec::new();
        for mv in moves {
            if matches!(mv, Move::Wall(_)) {
                history.clear();
            } else {
                history.push(pos.zobrist_hash());
            }
            pos.play(*mv)?;
        }
        self.history = history;
        let mut reused = None;
        if self.uct.tree_reuse
            && self.uct.root_noise <= 0.0
            && start == self.game_start
            && moves.starts_with(&self.root_moves)
        {
            reused = moves[self.root_moves.len()..]
                .iter()
                .try_fold(ROOT, |node, mv| {
                    self.tree
                        .children(node)
                        .find(|&c| self.tree[c].mv() == Some(*mv))
                });
        }
        let old = std::mem::replace(&mut self.tree, Tree::new());
        self.tree = match reused {
            Some(ROOT) => old,
            Some(node) => old.into_subtree(node),
            None => Tree::new(),
        };
        // Room for the next think's first slices now, while no clock runs,
        // instead of growing the pools at its start.
        self.make_slice_room();
        if self.tree[ROOT].children() == 0 {
            // A leaf the last search proved without children (a pawn-race
            // result, a losing move) must grow children again before the
            // search may count it solved.
            self.tree[ROOT].set_proof(Proof::Unknown, 0);
        }
        self.game_start = start;
        self.root_moves = moves.to_vec();
        self.root = pos;
        self.root_distance = pos.distance_to_goal(pos.turn());
        // The counters describe searches of the old root.
        self.workers.iter_mut().for_each(Worker::reset_counters);
        Ok(())
    }

    /// Starts a new think: resets the counters and the clock (keeps the tree).
    pub fn start(&mut self) {
        self.stop.store(false, Ordering::Relaxed);
        self.started_ms = now_ms();
        self.full = false;
        self.update_race_table();
        self.workers.iter_mut().for_each(Worker::reset_counters);
    }

    /// Keeps, solves or drops the pawn-race table for the root (see
    /// [`SearchParams::pawn_race`]); a table is solved once per wall layout.
    fn update_race_table(&mut self) {
        if !self.params.pawn_race {
            self.race = None;
        } else if !self.race.as_ref().is_some_and(|t| t.covers(&self.root)) {
            self.race = PawnRace::solve(&self.root);
        }
    }

    /// Milliseconds since [`Uct::start`].
    pub fn elapsed_ms(&self) -> f64 {
        now_ms() - self.started_ms
    }

    /// Playouts of the current think, all threads together.
    fn playouts(&self) -> u64 {
        self.workers.iter().map(|w| w.playouts).sum()
    }

    /// Whether the think is over: a limit reached, stopped, solved, no
    /// move, or a full tree whose leaves the evaluation scores (see
    /// [`UctParams::stops_when_full`]).
    pub fn is_finished(&self) -> bool {
        let p = &self.params;
        self.stop.load(Ordering::Relaxed)
            || (self.full && self.uct.stops_when_full())
            || p.limits.playouts_reached(self.playouts())
            || p.limits.time_reached(|| self.elapsed_ms())
            || self.root.is_over()
            || self.is_settled()
    }

    /// Searches until the think is over or `slice` is used up; returns whether
    /// the think is over.
    ///
    /// Natively, with `threads` above 1 that many threads search the one
    /// tree together (with virtual losses, see [`self::descent`]); in wasm
    /// a search has one thread (the page runs a pool of workers instead,
    /// see [`crate::merge_root_infos`]).
    pub fn run(&mut self, slice: Slice) -> bool {
        #[cfg(not(target_arch = "wasm32"))]
        {
            let threads = self.params.threads.clamp(1, quoridor_search::MAX_THREADS) as usize;
            if threads > 1 {
                return self.run_shared(slice, threads);
            }
        }
        let slice_start = now_ms();
        let mut done = 0u64;
        let (budget, reserve) = (
            self.uct.tree_bytes(),
            ranked_reserve(&self.params, &self.uct, self.uses_priors()),
        );
        loop {
            if self.is_finished() {
                return true;
            }
            if slice.0.playouts_reached(done) {
                return false;
            }
            if done % 16 == 0 && slice.0.time_reached(|| now_ms() - slice_start) {
                return false;
            }
            let has_room =
                self.tree.has_room(budget, reserve) || self.tree.make_room(budget, reserve, 0, 0);
            if self.note_room(has_room) && self.is_finished() {
                return true;
            }
            let (view, workers) = self.view_and_workers();
            let mut descent = Descent {
                view,
                worker: &mut workers[0],
                shared: false,
            };
            if !descent.iterate() {
                return true;
            }
            done += 1;
        }
    }

    /// The search's shared part and its workers, borrowed apart, so that a
    /// descent reads the one while it updates the other.
    fn view_and_workers(&mut self) -> (SearchView<'_>, &mut [Worker]) {
        let network = self
            .evaluator
            .network_for(self.params.eval, EngineKind::Uct);
        let view = SearchView {
            params: &self.params,
            uct: &self.uct,
            tree: &self.tree,
            root: &self.root,
            race: self.race.as_ref(),
            network,
            priors: prior_network(&self.uct, network, &self.root),
            history: &self.history,
            win_floor: self.win_floor(),
        };
        (view, &mut self.workers)
    }

    /// Whether the search opens and selects moves by the network's priors
    /// (PUCT; see [`UctParams::priors`]).
    pub fn uses_priors(&self) -> bool {
        let network = self
            .evaluator
            .network_for(self.params.eval, EngineKind::Uct);
        prior_network(&self.uct, network, &self.root).is_some()
    }

    /// Makes room in the tree's pools for a slice of fast search: a
    /// quarter of the tree (at least 32,768 nodes), by doubling where the
    /// budget allows. The pools cannot grow while threads read them, so a
    /// shared run makes it before each slice; [`Uct::set_game`] makes it
    /// for the first slices, outside the think's clock.
    fn make_slice_room(&mut self) {
        let (budget, reserve) = (
            self.uct.tree_bytes(),
            ranked_reserve(&self.params, &self.uct, self.uses_priors()),
        );
        let room = (self.tree.len() / 4).max(1 << 15);
        let has_room = self.tree.make_room(budget, reserve, room, room / 2);
        self.note_room(has_room);
    }

    /// Marks the tree full for the rest of the think when the pools have
    /// no room left (`has_room` false: growing them failed) or the node
    /// budget is reached; whether it is full.
    fn note_room(&mut self, has_room: bool) -> bool {
        if !has_room || self.uct.node_budget_reached(self.tree.len()) {
            self.full = true;
        }
        self.full
    }

    /// [`Uct::run`] on `threads` threads sharing the tree (the caller's
    /// is the first). Every thread stops at the slice's or the think's end,
    /// and the playout limits count all threads' playouts.
    #[cfg(not(target_arch = "wasm32"))]
    fn run_shared(&mut self, slice: Slice, threads: usize) -> bool {
        if self.is_finished() {
            return true;
        }
        while self.workers.len() < threads {
            let index = self.workers.len();
            self.workers.push(Worker::new(self.params.seed, index));
        }
        self.make_slice_room();
        if self.is_finished() {
            return true;
        }
        let (playouts, started_ms, full) = (self.playouts(), self.started_ms, self.full);
        let stop = self.stop.clone();
        let (view, workers) = self.view_and_workers();
        let run = SharedRun {
            slice,
            slice_start: now_ms(),
            think_claimed: AtomicU64::new(playouts),
            slice_claimed: AtomicU64::new(0),
            no_move: AtomicBool::new(false),
            view,
            stop: &stop,
            started_ms,
            full,
        };
        let no_move = run.on(&mut workers[..threads]);
        no_move || self.is_finished()
    }

    /// Starts and runs the whole think; returns the move to play.
    pub fn think(&mut self) -> Option<Move> {
        self.start();
        while !self.run(Slice::time(50.0)) {}
        self.best_move()
    }

    /// Root children for reporting, most visited first.
    fn ranked_children(&self, node: NodeId, mover: Player) -> Vec<ChildInfo> {
        let parent = &self.tree[node];
        let ln_n = (parent.visits().max(1) as f64).ln();
        let mut out: Vec<ChildInfo> = self
            .tree
            .children(node)
            .filter_map(|id| {
                let ch = &self.tree[id];
                let mean = ch.mean();
                Some(ChildInfo {
                    // Every node but the root has its move.
                    mv: ch.mv()?,
                    win_probability: WinChance::player_one(mean).for_player(mover),
                    proven: match ch.proof() {
                        Proof::Win => Some(Proven::Win),
                        Proof::Loss => Some(Proven::Loss),
                        Proof::Unknown => None,
                    },
                    pv: Vec::new(),
                    uct: Some(UctChild {
                        id,
                        visits: ch.visits(),
                        uct_value: uct_value(mean, ch.visits(), mover, ln_n, self.uct.uct_c),
                        children: ch.children() as u32,
                    }),
                })
            })
            .collect();
        out.sort_by(|a, b| {
            b.visits()
                .cmp(&a.visits())
                .then(b.win_probability.total_cmp(&a.win_probability))
        });
        out
    }

    /// The children of any node (for a tree explorer), most visited first.
    /// `None` if `id` is not a node of the current tree.
    pub fn children_of(&self, id: NodeId) -> Option<Vec<ChildInfo>> {
        let moves = self.path_to(id)?;
        let mover = if moves.len() % 2 == 0 {
            self.root.turn()
        } else {
            self.root.turn().other()
        };
        Some(self.ranked_children(id, mover))
    }

    /// A bounded slice of the tree under the node reached by `path` from
    /// the root, the most visited nodes first (see [`self::tree_map`]);
    /// `None` if `path` leaves the tree.
    pub fn tree_map(&self, path: &[Move], limits: MapLimits) -> Option<TreeMap> {
        let top = path.iter().try_fold(ROOT, |node, mv| {
            self.tree
                .children(node)
                .find(|&c| self.tree[c].mv() == Some(*mv))
        })?;
        let context = MapContext {
            root_turn: self.root.turn(),
            uct_c: self.uct.uct_c,
            uct_value,
        };
        Some(tree_map(&self.tree, top, path.to_vec(), limits, &context))
    }

    /// The moves from the root to node `id`, if it exists.
    pub fn path_to(&self, id: NodeId) -> Option<Vec<Move>> {
        if !self.tree.contains(id) {
            return None;
        }
        let mut moves = Vec::new();
        let mut cur = id;
        while cur != ROOT {
            let n = &self.tree[cur];
            moves.push(n.mv()?);
            cur = n.parent()?;
        }
        moves.reverse();
        Some(moves)
    }

    /// The best child of `node` by the final-move rule; with
    /// `shortest_win` the shortest proven win, and with the tie-break on
    /// the race decides among (equally short) proven wins and among moves
    /// that all lose (see [`self::tie_break`]).
    fn best_child(&self, node: NodeId, mover: Player) -> Option<NodeId> {
        let tracks = self.uct.tracks_proofs();
        let children: Vec<NodeId> = self.tree.children(node).collect();
        if tracks {
            let mut wins: Vec<NodeId> = children
                .iter()
                .copied()
                .filter(|&c| self.tree[c].proof() == Proof::Win)
                .collect();
            if self.uct.shortest_win {
                // The shortest proven win; the race decides among equals.
                if let Some(fastest) = wins.iter().map(|&c| self.tree[c].proof_plies()).min() {
                    wins.retain(|&c| self.tree[c].proof_plies() == fastest);
                }
            }
            if self.uct.tie_break && wins.len() > 1 {
                if let Some(win) = self.pick_by_race(node, &wins, Outcome::Won) {
                    return Some(win);
                }
            }
            if let Some(&win) = wins.first() {
                return Some(win);
            }
        }
        if self.uct.tie_break && self.all_lost(&children, mover) {
            // A move not yet proven lost may still hold a chance: those first.
            let unproven: Vec<NodeId> = children
                .iter()
                .copied()
                .filter(|&c| self.tree[c].proof() == Proof::Unknown)
                .collect();
            let tied = if unproven.is_empty() {
                &children
            } else {
                &unproven
            };
            if let Some(run) = self.pick_by_race(node, tied, Outcome::Lost) {
                return Some(run);
            }
        }
        let unproven_exists = children
            .iter()
            .any(|&c| self.tree[c].proof() != Proof::Loss);
        let key = |c: NodeId| {
            let n = &self.tree[c];
            let mean = n.chance().for_player(mover);
            match self.uct.final_move {
                FinalMove::MostVisits => (n.visits() as f64, mean),
                FinalMove::BestWinrate => (mean, n.visits() as f64),
            }
        };
        children
            .into_iter()
            .filter(|&c| !(tracks && unproven_exists && self.tree[c].proof() == Proof::Loss))
            .max_by(|&a, &b| {
                let (ka, kb) = (key(a), key(b));
                ka.0.total_cmp(&kb.0).then(ka.1.total_cmp(&kb.1))
            })
    }

    /// Whether every one of `children` (at least one) is a proven loss for
    /// `mover`, or (unproven) nearly certainly lost by its mean score.
    fn all_lost(&self, children: &[NodeId], mover: Player) -> bool {
        let tracks = self.uct.tracks_proofs();
        !children.is_empty()
            && children.iter().all(|&c| {
                let n = &self.tree[c];
                match n.proof() {
                    Proof::Loss if tracks => true,
                    Proof::Win if tracks => false,
                    _ => n.visits() > 0 && n.chance().for_player(mover) < NEAR_CERTAIN_LOSS,
                }
            })
    }

    /// The child among `tied` (children of `node`, all of one `outcome`)
    /// whose move leads the race best (see [`pick_by_race`]); in a wall-less
    /// endgame the pawn-race table decides.
    fn pick_by_race(&self, node: NodeId, tied: &[NodeId], outcome: Outcome) -> Option<NodeId> {
        let pos = self.position_at(node)?;
        let tied: Vec<Tied<NodeId>> = tied
            .iter()
            .filter_map(|&c| {
                let n = &self.tree[c];
                Some(Tied {
                    id: c,
                    mv: n.mv()?,
                    visits: n.visits(),
                })
            })
            .collect();
        match self.race.as_ref().filter(|t| t.covers(&pos)) {
            // A step home first: every move compared here keeps the result
            // (all win, or all lose), so the side walks along a shortest
            // path as a person with no walls left does. Ranked by the exact
            // result alone, the lost side took the slowest loss, which
            // against a perfect opponent often means stepping back and
            // sideways into the winner's way: it wandered for dozens of
            // plies (issue 45). Then the exact result: the fewest plies to
            // a win, the most to a loss; then the race, so a lost side runs
            // home (and wins if the opponent stops racing).
            Some(table) => pick_by_race_after(&pos, &tied, outcome, |mv| {
                let mut after = pos;
                after.play_unchecked(mv);
                let exact = table.result(&after).map(RaceResult::mover_rank);
                (!shortens_own_path(&pos, mv), exact.is_none(), exact)
            }),
            None => pick_by_race(&pos, &tied, outcome),
        }
    }

    /// The position at node `id` (the root's, replayed along the tree).
    fn position_at(&self, id: NodeId) -> Option<Position> {
        let mut pos = self.root;
        for mv in self.path_to(id)? {
            pos.play_unchecked(mv);
        }
        Some(pos)
    }

    /// The move to play now (`None` if the root has no child yet): the best
    /// child by the final-move rule, or with a temperature one drawn among
    /// the plausible children ([`quoridor_search::MoveChoice`]).
    pub fn best_move(&self) -> Option<Move> {
        if self.params.choice.is_random() {
            self.move_among(&self.ranked_children(ROOT, self.root.turn()))
        } else {
            self.move_among(&[])
        }
    }

    /// [`Uct::best_move`] given the root's `children` (all of them, as
    /// [`Uct::ranked_children`] lists them, which a snapshot has at hand;
    /// only read with a temperature).
    fn move_among(&self, children: &[ChildInfo]) -> Option<Move> {
        let best = self
            .best_child(ROOT, self.root.turn())
            .and_then(|c| self.tree[c].mv())?;
        if !self.params.choice.is_random() {
            return Some(best);
        }
        let key = choice_key(self.params.seed, &self.root);
        Some(self.params.choice.choose(best, children, key, &self.root))
    }

    /// Principal variation: the best child, repeatedly, while nodes have children.
    pub fn principal_variation(&self, max_len: usize) -> Vec<Move> {
        self.line_from(ROOT, self.root.turn(), max_len)
    }

    /// The best line below `node`, where `mover` is to move: the best child,
    /// repeatedly, until a node was visited less than twice.
    fn line_from(&self, node: NodeId, mover: Player, max_len: usize) -> Vec<Move> {
        self.line_nodes(node, mover, max_len)
            .into_iter()
            .filter_map(|n| self.tree[n].mv())
            .collect()
    }

    /// The nodes of [`Uct::line_from`]'s line, in order.
    fn line_nodes(&self, mut node: NodeId, mut mover: Player, max_len: usize) -> Vec<NodeId> {
        let mut line = Vec::new();
        while line.len() < max_len {
            let Some(child) = self.best_child(node, mover) else {
                break;
            };
            let n = &self.tree[child];
            if n.mv().is_none() {
                break;
            }
            line.push(child);
            if n.visits() < 2 {
                break;
            }
            node = child;
            mover = mover.other();
        }
        line
    }

    /// A snapshot of the search, with the `top` most visited root children.
    pub fn info(&self, top: usize) -> SearchInfo {
        let root = &self.tree[ROOT];
        let side = self.root.turn();
        let elapsed = self.elapsed_ms();
        let mut children = self.ranked_children(ROOT, side);
        let best_move = self.move_among(&children);
        children.truncate(top);
        for child in &mut children {
            // A visited-once child has no line below it yet.
            let below = match child.uct {
                Some(UctChild { id, visits, .. }) if visits >= 2 => {
                    self.line_from(id, side.other(), CANDIDATE_PV_LEN - 1)
                }
                _ => Vec::new(),
            };
            child.pv = std::iter::once(child.mv).chain(below).collect();
        }
        let nodes = self.tree.len() as u32;
        let memory = self.tree.memory_bytes();
        let playouts = self.playouts();
        let depth_sum: u64 = self.workers.iter().map(|w| w.depth_sum).sum();
        let proven_winner = match root.proof() {
            Proof::Loss => Some(side),
            Proof::Win => Some(side.other()),
            Proof::Unknown => self.root.winner(),
        };
        // The whole line once: its length is the tree's PV depth, its
        // start the snapshot's line.
        let mut pv_nodes = self.line_nodes(ROOT, side, usize::MAX);
        let pv_depth = u32::try_from(pv_nodes.len()).unwrap_or(u32::MAX);
        pv_nodes.truncate(PV_LEN);
        SearchInfo {
            side_to_move: side,
            best_move,
            pv: pv_nodes.iter().filter_map(|&n| self.tree[n].mv()).collect(),
            win_probability: if root.visits() == 0 {
                0.5
            } else {
                root.chance().for_player(side)
            },
            proven_winner,
            elapsed_ms: elapsed,
            searched: playouts,
            searched_per_sec: if elapsed > 0.0 {
                playouts as f64 * 1000.0 / elapsed
            } else {
                0.0
            },
            children,
            network_value: self.evaluator.network_value(
                self.params.eval,
                EngineKind::Uct,
                &self.root,
            ),
            engine: EngineReport::Uct(UctReport {
                nodes,
                root_visits: root.visits(),
                max_depth: self.workers.iter().map(|w| w.max_depth).max().unwrap_or(0),
                mean_depth: if playouts > 0 {
                    depth_sum as f64 / playouts as f64
                } else {
                    0.0
                },
                pv_depth,
                memory_bytes: memory,
                bytes_per_node: (memory / nodes.max(1) as u64) as u32,
                tree_full: self.full,
                pv_visits: pv_nodes.iter().map(|&n| self.tree[n].visits()).collect(),
            }),
        }
    }
}

/// `winrate + C * sqrt(ln(parent visits) / visits)`, the winrate seen by `mover`.
#[inline]
fn uct_value(mean: f64, visits: u32, mover: Player, ln_parent: f64, c: f64) -> f64 {
    let winrate = WinChance::player_one(mean).for_player(mover);
    if visits == 0 {
        return f64::INFINITY;
    }
    winrate + c * (ln_parent / visits as f64).sqrt()
}
