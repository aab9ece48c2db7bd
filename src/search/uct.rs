//! The UCT search: descent by UCT value, expansion of one child per
//! iteration, playout, backpropagation, plus proofs and tree reuse.

use super::clock::now_ms;
use super::eval::for_player;
use super::info::{ChildInfo, Proven, SearchInfo};
use super::limits::Limits;
use super::params::{FinalMove, SearchParams};
use super::pawn_race::{PawnRace, RaceResult};
use super::policy::{near_wall_mask, Selector, SelectorMemory};
use super::ranking::ranked_moves;
use super::tie_break::{pick_by_race, Outcome, Tied, NEAR_CERTAIN_LOSS};
use super::tree::{NodeId, Proof, Tree, TriedSet, ROOT};
use super::tree_map::{tree_map, MapContext, MapLimits, TreeMap};
use super::EngineRng;
use crate::game::{Geometry, IllegalMove, Move, Player, Position, Square};
use rand::{Rng, SeedableRng};
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::Arc;
use std::time::Duration;

/// Most moves ranked for progressive widening at a node; the rest come from
/// the playout selector.
const RANKED_MOVES: usize = 24;

/// The playout result of a drawn pawn race (neither player wins).
const DRAW: f64 = 0.5;

/// Most moves in a candidate's principal variation in [`Search::info`].
const CANDIDATE_PV_LEN: usize = 12;

/// How long one call of [`Search::run`] may go on: the same two kinds of
/// bound as a whole think ([`Limits`]), counted from the start of the call.
#[derive(Clone, Copy, Debug, Default, PartialEq)]
pub struct Slice(pub Limits);

impl Slice {
    /// A slice of at most `ms` milliseconds (none if `ms` is not above 0).
    pub fn time(ms: f64) -> Slice {
        let time = (ms > 0.0)
            .then(|| Duration::try_from_secs_f64(ms / 1000.0).ok())
            .flatten();
        Slice(Limits {
            time,
            ..Limits::NONE
        })
    }

    /// A slice of at most `n` playouts (none if `n` is 0).
    pub fn playouts(n: u64) -> Slice {
        Slice(Limits::playouts(n))
    }
}

/// A UCT search over one root position, run in slices.
///
/// ```
/// use quoridor::game::{Position, Variant};
/// use quoridor::search::{Limits, Search, SearchParams};
/// let params = SearchParams { limits: Limits::playouts(300), ..SearchParams::default() };
/// let mut search = Search::new(Position::new(Variant::new(5, 2).unwrap()), params);
/// let mv = search.think().expect("the start position has moves");
/// assert!(Position::new(Variant::new(5, 2).unwrap()).check(mv).is_ok());
/// ```
pub struct Search {
    params: SearchParams,
    tree: Tree,
    root: Position,
    /// Moves from the game's start position to the root, for tree reuse.
    root_moves: Vec<Move>,
    /// The game's start position (not to be confused with [`Search::start`],
    /// which starts a think).
    game_start: Position,
    rng: EngineRng,
    memory: SelectorMemory,
    stop: Arc<AtomicBool>,
    started_ms: f64,
    playouts: u64,
    depth_sum: u64,
    max_depth: u32,
    scratch: Vec<Move>,
    /// The exact table of the pawn race when the root has no wall left on
    /// either side and `pawn_race` is on (every node below is then in it).
    race: Option<PawnRace>,
}

impl Search {
    /// A search of `root` with `params`.
    pub fn new(root: Position, params: SearchParams) -> Search {
        let rng = EngineRng::seed_from_u64(params.seed);
        Search {
            params,
            tree: Tree::new(),
            root,
            root_moves: Vec::new(),
            game_start: root,
            rng,
            memory: SelectorMemory::default(),
            stop: Arc::new(AtomicBool::new(false)),
            started_ms: now_ms(),
            playouts: 0,
            depth_sum: 0,
            max_depth: 0,
            scratch: Vec::with_capacity(160),
            race: None,
        }
    }

    /// The settings.
    pub fn params(&self) -> &SearchParams {
        &self.params
    }

    /// Changes the settings (from the next iteration on). A new seed reseeds.
    pub fn set_params(&mut self, params: SearchParams) {
        if params.seed != self.params.seed {
            self.rng = EngineRng::seed_from_u64(params.seed);
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
    /// share one flag stop together; [`Search::start`] clears it).
    pub fn share_stop_flag(&mut self, flag: Arc<AtomicBool>) {
        self.stop = flag;
    }

    /// Whether the solver has proven the root (which ends the think).
    pub fn is_solved(&self) -> bool {
        self.params.solver && self.tree[ROOT].proof != Proof::Unknown
    }

    /// Sets the root to the position after `moves` from `start`. When tree
    /// reuse is on and the new root lies below the current one in the tree,
    /// that subtree is kept; otherwise the tree starts afresh. An illegal move
    /// leaves the search unchanged.
    pub fn set_game(&mut self, start: Position, moves: &[Move]) -> Result<(), IllegalMove> {
        let mut pos = start;
        for mv in moves {
            pos.play(*mv)?;
        }
        let mut reused = None;
        if self.params.tree_reuse && start == self.game_start && moves.starts_with(&self.root_moves)
        {
            reused = moves[self.root_moves.len()..]
                .iter()
                .try_fold(ROOT, |node, mv| {
                    self.tree
                        .children(node)
                        .find(|&c| self.tree[c].mv == Some(*mv))
                });
        }
        self.tree = match reused {
            Some(ROOT) => std::mem::replace(&mut self.tree, Tree::new()),
            Some(node) => self.tree.subtree(node),
            None => Tree::new(),
        };
        if self.tree[ROOT].children == 0 {
            // A leaf the last search proved without children (a pawn-race
            // result, a losing move) must grow children again before the
            // search may count it solved.
            self.tree[ROOT].proof = Proof::Unknown;
        }
        self.game_start = start;
        self.root_moves = moves.to_vec();
        self.root = pos;
        // The counters describe searches of the old root.
        self.playouts = 0;
        self.depth_sum = 0;
        self.max_depth = 0;
        Ok(())
    }

    /// Starts a new think: resets the counters and the clock (keeps the tree).
    pub fn start(&mut self) {
        self.stop.store(false, Ordering::Relaxed);
        self.started_ms = now_ms();
        self.update_race_table();
        self.playouts = 0;
        self.depth_sum = 0;
        self.max_depth = 0;
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

    /// Milliseconds since [`Search::start`].
    pub fn elapsed_ms(&self) -> f64 {
        now_ms() - self.started_ms
    }

    /// Whether the think is over: a limit reached, stopped, solved, or no move.
    pub fn is_finished(&self) -> bool {
        let p = &self.params;
        self.stop.load(Ordering::Relaxed)
            || p.limits.playouts_reached(self.playouts)
            || p.limits.time_reached(|| self.elapsed_ms())
            || self.root.is_over()
            || (p.solver && self.tree[ROOT].proof != Proof::Unknown)
    }

    /// Searches until the think is over or `slice` is used up; returns whether
    /// the think is over.
    pub fn run(&mut self, slice: Slice) -> bool {
        let slice_start = now_ms();
        let mut done = 0u64;
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
            if !self.iterate() {
                return true;
            }
            done += 1;
        }
    }

    /// Starts and runs the whole think; returns the move to play.
    pub fn think(&mut self) -> Option<Move> {
        self.start();
        while !self.run(Slice::time(50.0)) {}
        self.best_move()
    }

    /// One UCT cycle: descend (expanding one node), play out, back up.
    /// `false` if the root has no move at all.
    fn iterate(&mut self) -> bool {
        if self.root.is_over() {
            return false;
        }
        self.memory.clear();
        let Some(leaf) = self.descend() else {
            return false;
        };
        let result = match leaf.result {
            Some(result) => result,
            None => self.playout(leaf.pos),
        };
        self.count_playout(leaf.depth);
        self.back_up(leaf.node, result);
        true
    }

    /// Walks down from the root by UCT value until a node gets a new child
    /// (see [`Search::expand`]), has no child to go on to, or decides the
    /// result by itself. `None` if the root has no move at all.
    fn descend(&mut self) -> Option<Leaf> {
        let mut pos = self.root;
        let mut node = ROOT;
        let mut depth = 0u32;
        loop {
            if let Some(result) = self.decided_result(node, &pos) {
                return Some(Leaf {
                    node,
                    pos,
                    depth,
                    result: Some(result),
                });
            }
            if self.may_expand(node, depth) {
                if let Some(mv) = self.pick_untried(node, &pos) {
                    return Some(self.expand(node, pos, depth, mv));
                }
                if node == ROOT && self.tree[ROOT].children == 0 {
                    return None;
                }
            }
            let Some(child) = self.select_child(node, pos.turn()) else {
                return Some(Leaf {
                    node,
                    pos,
                    depth,
                    result: None,
                });
            };
            if let Some(mv) = self.tree[child].mv {
                pos.play_unchecked(mv);
            }
            node = child;
            depth += 1;
        }
    }

    /// The result `node` (in `pos`) decides without a playout: a finished
    /// game, a drawn pawn race below the root, or a proven node below the
    /// root when proofs are tracked.
    fn decided_result(&self, node: NodeId, pos: &Position) -> Option<f64> {
        if let Some(winner) = pos.winner() {
            return Some(win_value(winner));
        }
        if node != ROOT && self.race_result(pos) == Some(RaceResult::Draw) {
            return Some(DRAW);
        }
        let proof = self.tree[node].proof;
        if self.params.tracks_proofs() && node != ROOT && proof != Proof::Unknown {
            let mover = pos.turn().other();
            let winner = if proof == Proof::Win {
                mover
            } else {
                mover.other()
            };
            return Some(win_value(winner));
        }
        None
    }

    /// Whether the descent tries to add a child at `node`, `depth` moves
    /// below the root: not fully expanded, widening allows another child,
    /// the node and memory budgets have room, and (from `skip_from_depth` on) a coin flip
    /// does not send the descent on to an existing child.
    fn may_expand(&mut self, node: NodeId, depth: u32) -> bool {
        let n = &self.tree[node];
        let skip = n.children > 0
            && self.params.skip_from_depth.is_some_and(|d| depth >= d)
            && self.rng.random_bool(0.5);
        !skip
            && !n.fully_expanded()
            && self.may_widen(n.children, n.visits)
            && self.tree.len() < self.params.node_budget as usize
            && self
                .tree
                .make_room(self.params.tree_bytes(), self.ranked_reserve())
    }

    /// Bytes a new move set's ranked moves may take (none without widening).
    fn ranked_reserve(&self) -> u64 {
        if self.params.widening > 0.0 {
            (RANKED_MOVES.next_power_of_two() * std::mem::size_of::<Move>()) as u64
        } else {
            0
        }
    }

    /// Adds the child of `node` for `mv` and ends the descent there: a move
    /// that wins decides the result (and is proven when proofs are tracked);
    /// any other is played out.
    fn expand(&mut self, node: NodeId, mut pos: Position, depth: u32, mv: Move) -> Leaf {
        let child = self.tree.add_child(node, mv, pos.size());
        pos.play_unchecked(mv);
        let mut result = None;
        if let Some(winner) = pos.winner() {
            if self.params.tracks_proofs() {
                self.prove(child, Proof::Win);
            }
            result = Some(win_value(winner));
        } else if let Some(race) = self.race_result(&pos) {
            // The pawn race decides: the mover (who made `mv`) wins when the
            // side now to move loses.
            let mover = pos.turn().other();
            let (winner, proof) = match race {
                RaceResult::Loss(_) => (Some(mover), Proof::Win),
                RaceResult::Win(_) => (Some(pos.turn()), Proof::Loss),
                RaceResult::Draw => (None, Proof::Unknown),
            };
            if self.params.tracks_proofs() && proof != Proof::Unknown {
                self.prove(child, proof);
            }
            result = Some(winner.map_or(DRAW, win_value));
        }
        Leaf {
            node: child,
            pos,
            depth: depth + 1,
            result,
        }
    }

    /// The pawn-race table's result for `pos`, when there is a table.
    fn race_result(&self, pos: &Position) -> Option<RaceResult> {
        self.race.as_ref().and_then(|t| t.result(pos))
    }

    /// Counts a playout that started `depth` moves below the root.
    fn count_playout(&mut self, depth: u32) {
        self.playouts += 1;
        self.depth_sum += u64::from(depth);
        self.max_depth = self.max_depth.max(depth);
    }

    /// Adds `result` to `node` and every node above it.
    fn back_up(&mut self, node: NodeId, result: f64) {
        let mut next = Some(node);
        while let Some(id) = next {
            let n = &mut self.tree[id];
            n.add_result(result);
            next = n.parent;
        }
    }

    fn playout(&mut self, pos: Position) -> f64 {
        let mut selector = Selector {
            params: &self.params,
            memory: &mut self.memory,
            rng: &mut self.rng,
        };
        selector.playout(pos).0
    }

    /// The candidate moves of `pos`: pawn moves and legal walls (near walls
    /// only when that switch is on). Returns whether the set is restricted.
    fn candidates(&self, pos: &Position, out: &mut Vec<Move>) -> bool {
        out.clear();
        let n = pos.size();
        out.extend(
            pos.pawn_targets()
                .iter()
                .map(|s| Move::Pawn(Square::from_index(s, n))),
        );
        let mut walls = pos.legal_wall_slots();
        let mut restricted = false;
        if self.params.near_walls_only {
            let kept = walls & near_wall_mask(pos);
            restricted = kept != walls;
            walls = kept;
        }
        out.extend(walls.walls(n).map(Move::Wall));
        restricted
    }

    /// Whether a node with `children` children after `visits` visits may get
    /// another (always, without progressive widening).
    fn may_widen(&self, children: u16, visits: u32) -> bool {
        let w = self.params.widening;
        w <= 0.0 || f64::from(children) < (w * (f64::from(visits) + 1.0).sqrt()).ceil()
    }

    /// A candidate move of `node` that is not yet a child: a winning step
    /// first when the solver is on, then with progressive widening the
    /// best-ranked one left, otherwise one chosen by the playout selector.
    /// When the selector keeps drawing tried moves the candidates are counted
    /// and one of the untried ones is drawn; `None` once there is none.
    fn pick_untried(&mut self, node: NodeId, pos: &Position) -> Option<Move> {
        let widening = self.params.widening > 0.0;
        // The candidates stay uncounted until the selector runs dry.
        self.tree.ensure_move_set(node, || {
            let mut ranked = Vec::new();
            if widening {
                ranked_moves(pos, &mut ranked, RANKED_MOVES);
            }
            ranked
        });
        let n = &self.tree[node];
        if n.candidates.is_some_and(|c| n.children >= c) {
            return None;
        }
        let tried = self.tree.tried_of(node);
        if let Some(mv) = self.untried_by_rank(node, pos, &tried) {
            return Some(mv);
        }
        if let Some(mv) = self.untried_by_selector(pos, &tried) {
            return Some(mv);
        }
        self.untried_by_count(node, pos, &tried)
    }

    /// An untried winning step (with the solver), else the best-ranked
    /// untried move (with progressive widening).
    fn untried_by_rank(&self, node: NodeId, pos: &Position, tried: &TriedSet) -> Option<Move> {
        let size = pos.size();
        if self.params.solver {
            let g = Geometry::of(size);
            let wins = pos.pawn_targets() & g.goal[pos.turn().index()] & !tried.pawn;
            if let Some(s) = wins.first() {
                return Some(Move::Pawn(Square::from_index(s, size)));
            }
        }
        self.tree
            .ranked_of(node)
            .iter()
            .find(|mv| !tried.has(**mv, size))
            .copied()
    }

    /// An untried move drawn by the playout selector, if one of a few draws
    /// gives one.
    fn untried_by_selector(&mut self, pos: &Position, tried: &TriedSet) -> Option<Move> {
        // The selector's draws are made in this node's position: its cached
        // paths belong to another one.
        self.memory.walls_changed();
        for _ in 0..24 {
            let mut selector = Selector {
                params: &self.params,
                memory: &mut self.memory,
                rng: &mut self.rng,
            };
            match selector.select(pos) {
                Some(mv) if !tried.has(mv, pos.size()) => return Some(mv),
                Some(_) => {}
                None => break,
            }
        }
        None
    }

    /// Counts the candidates of `node` and draws one of the untried ones;
    /// with none left, the node is fully expanded (and maybe proven).
    fn untried_by_count(&mut self, node: NodeId, pos: &Position, tried: &TriedSet) -> Option<Move> {
        let mut moves = std::mem::take(&mut self.scratch);
        let restricted = self.candidates(pos, &mut moves);
        let total = moves.len();
        moves.retain(|m| !tried.has(*m, pos.size()));
        let pick = (!moves.is_empty()).then(|| moves[self.rng.random_range(0..moves.len())]);
        self.scratch = moves;
        let n = &mut self.tree[node];
        n.restricted = restricted;
        n.candidates = Some(u16::try_from(total).unwrap_or(u16::MAX));
        if pick.is_none() {
            n.candidates = Some(n.children);
            if self.params.tracks_proofs() {
                self.prove_if_all_lost(node);
            }
        }
        pick
    }

    /// Proves `node` a win for its mover if every move from it is a proven loss.
    fn prove_if_all_lost(&mut self, node: NodeId) {
        let n = &self.tree[node];
        if n.proof == Proof::Unknown
            && n.children > 0
            && n.fully_expanded()
            && !n.restricted
            && self
                .tree
                .children(node)
                .all(|c| self.tree[c].proof == Proof::Loss)
        {
            self.prove(node, Proof::Win);
        }
    }

    /// The child with the best UCT value for `mover`, skipping proven losses.
    fn select_child(&self, node: NodeId, mover: Player) -> Option<NodeId> {
        let parent = &self.tree[node];
        let ln_n = (parent.visits.max(1) as f64).ln();
        // C·sqrt(ln N / n) as (C·sqrt(ln N))·(1/sqrt(n)) with the second
        // factor cached in the child: no division or root per child, which
        // is where a large tree spent most of its time.
        let scale = (self.params.uct_c * ln_n.sqrt()) as f32;
        let flip = mover == Player::Two;
        let tracks = self.params.tracks_proofs();
        let mut best = None;
        let mut best_value = f32::NEG_INFINITY;
        let mut fallback = None;
        let mut fallback_visits = 0;
        for child in self.tree.children(node) {
            let ch = &self.tree[child];
            if tracks {
                match ch.proof {
                    Proof::Win => return Some(child),
                    Proof::Loss => {
                        if fallback.is_none() || ch.visits > fallback_visits {
                            fallback = Some(child);
                            fallback_visits = ch.visits;
                        }
                        continue;
                    }
                    Proof::Unknown => {}
                }
            }
            let value = if ch.visits == 0 {
                f32::INFINITY
            } else {
                let winrate = if flip {
                    1.0 - ch.selection_mean
                } else {
                    ch.selection_mean
                };
                winrate + scale * ch.inverse_sqrt_visits
            };
            if value > best_value {
                best_value = value;
                best = Some(child);
            }
        }
        best.or(fallback)
    }

    /// Marks `id` with `proof` and propagates what follows up the tree.
    fn prove(&mut self, mut id: NodeId, mut proof: Proof) {
        loop {
            self.tree[id].proof = proof;
            let Some(parent) = self.tree[id].parent else {
                return;
            };
            proof = match proof {
                Proof::Win => Proof::Loss,
                Proof::Loss => {
                    let p = &self.tree[parent];
                    let all_lost = p.fully_expanded()
                        && !p.restricted
                        && self
                            .tree
                            .children(parent)
                            .all(|c| self.tree[c].proof == Proof::Loss);
                    if !all_lost {
                        return;
                    }
                    Proof::Win
                }
                Proof::Unknown => return,
            };
            id = parent;
        }
    }

    /// Root children for reporting, most visited first.
    fn ranked_children(&self, node: NodeId, mover: Player) -> Vec<ChildInfo> {
        let parent = &self.tree[node];
        let ln_n = (parent.visits.max(1) as f64).ln();
        let mut out: Vec<ChildInfo> = self
            .tree
            .children(node)
            .filter_map(|id| {
                let ch = &self.tree[id];
                let mean = ch.mean();
                Some(ChildInfo {
                    id,
                    // Every node but the root has its move.
                    mv: ch.mv?,
                    visits: ch.visits,
                    win_probability: for_player(mean, mover),
                    uct_value: uct_value(mean, ch.visits, mover, ln_n, self.params.uct_c),
                    proven: match ch.proof {
                        Proof::Win => Some(Proven::Win),
                        Proof::Loss => Some(Proven::Loss),
                        Proof::Unknown => None,
                    },
                    children: ch.children as u32,
                    pv: Vec::new(),
                })
            })
            .collect();
        out.sort_by(|a, b| {
            b.visits
                .cmp(&a.visits)
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
    /// the root, the most visited nodes first (see [`super::tree_map`]);
    /// `None` if `path` leaves the tree.
    pub fn tree_map(&self, path: &[Move], limits: MapLimits) -> Option<TreeMap> {
        let top = path.iter().try_fold(ROOT, |node, mv| {
            self.tree
                .children(node)
                .find(|&c| self.tree[c].mv == Some(*mv))
        })?;
        let context = MapContext {
            root_turn: self.root.turn(),
            uct_c: self.params.uct_c,
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
            moves.push(n.mv?);
            cur = n.parent?;
        }
        moves.reverse();
        Some(moves)
    }

    /// The best child of `node` by the final-move rule; with the tie-break
    /// on, the race decides among proven wins and among moves that all lose
    /// (see [`super::tie_break`]).
    fn best_child(&self, node: NodeId, mover: Player) -> Option<NodeId> {
        let tracks = self.params.tracks_proofs();
        let children: Vec<NodeId> = self.tree.children(node).collect();
        if tracks {
            let wins: Vec<NodeId> = children
                .iter()
                .copied()
                .filter(|&c| self.tree[c].proof == Proof::Win)
                .collect();
            if self.params.tie_break && wins.len() > 1 {
                if let Some(win) = self.pick_by_race(node, &wins, Outcome::Won) {
                    return Some(win);
                }
            }
            if let Some(&win) = wins.first() {
                return Some(win);
            }
        }
        if self.params.tie_break && self.all_lost(&children, mover) {
            // A move not yet proven lost may still hold a chance: those first.
            let unproven: Vec<NodeId> = children
                .iter()
                .copied()
                .filter(|&c| self.tree[c].proof == Proof::Unknown)
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
        let unproven_exists = children.iter().any(|&c| self.tree[c].proof != Proof::Loss);
        let key = |c: NodeId| {
            let n = &self.tree[c];
            let mean = for_player(n.mean(), mover);
            match self.params.final_move {
                FinalMove::MostVisits => (n.visits as f64, mean),
                FinalMove::BestWinrate => (mean, n.visits as f64),
            }
        };
        children
            .into_iter()
            .filter(|&c| !(tracks && unproven_exists && self.tree[c].proof == Proof::Loss))
            .max_by(|&a, &b| {
                let (ka, kb) = (key(a), key(b));
                ka.0.total_cmp(&kb.0).then(ka.1.total_cmp(&kb.1))
            })
    }

    /// Whether every one of `children` (at least one) is a proven loss for
    /// `mover`, or (unproven) nearly certainly lost by its mean score.
    fn all_lost(&self, children: &[NodeId], mover: Player) -> bool {
        let tracks = self.params.tracks_proofs();
        !children.is_empty()
            && children.iter().all(|&c| {
                let n = &self.tree[c];
                match n.proof {
                    Proof::Loss if tracks => true,
                    Proof::Win if tracks => false,
                    _ => n.visits > 0 && for_player(n.mean(), mover) < NEAR_CERTAIN_LOSS,
                }
            })
    }

    /// The child among `tied` (children of `node`, all of one `outcome`)
    /// whose move leads the race best (see [`pick_by_race`]); in a wall-less
    /// endgame the pawn-race table decides.
    fn pick_by_race(&self, node: NodeId, tied: &[NodeId], outcome: Outcome) -> Option<NodeId> {
        let pos = self.position_at(node)?;
        if let Some(table) = self.race.as_ref().filter(|t| t.covers(&pos)) {
            // Exact: the fewest plies to a win, the most to a loss.
            return tied.iter().copied().min_by_key(|&c| {
                let mut after = pos;
                if let Some(mv) = self.tree[c].mv {
                    after.play_unchecked(mv);
                }
                table.result(&after).map(RaceResult::mover_rank)
            });
        }
        let tied: Vec<Tied<NodeId>> = tied
            .iter()
            .filter_map(|&c| {
                let n = &self.tree[c];
                Some(Tied {
                    id: c,
                    mv: n.mv?,
                    visits: n.visits,
                })
            })
            .collect();
        pick_by_race(&pos, &tied, outcome)
    }

    /// The position at node `id` (the root's, replayed along the tree).
    fn position_at(&self, id: NodeId) -> Option<Position> {
        let mut pos = self.root;
        for mv in self.path_to(id)? {
            pos.play_unchecked(mv);
        }
        Some(pos)
    }

    /// The move to play now (`None` if the root has no child yet).
    pub fn best_move(&self) -> Option<Move> {
        self.best_child(ROOT, self.root.turn())
            .and_then(|c| self.tree[c].mv)
    }

    /// Principal variation: the best child, repeatedly, while nodes have children.
    pub fn principal_variation(&self, max_len: usize) -> Vec<Move> {
        self.line_from(ROOT, self.root.turn(), max_len)
    }

    /// The best line below `node`, where `mover` is to move: the best child,
    /// repeatedly, until a node was visited less than twice.
    fn line_from(&self, mut node: NodeId, mut mover: Player, max_len: usize) -> Vec<Move> {
        let mut line = Vec::new();
        while line.len() < max_len {
            let Some(child) = self.best_child(node, mover) else {
                break;
            };
            let n = &self.tree[child];
            let Some(mv) = n.mv else { break };
            line.push(mv);
            if n.visits < 2 {
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
        children.truncate(top);
        for child in &mut children {
            // A visited-once child has no line below it yet.
            let below = if child.visits < 2 {
                Vec::new()
            } else {
                self.line_from(child.id, side.other(), CANDIDATE_PV_LEN - 1)
            };
            child.pv = std::iter::once(child.mv).chain(below).collect();
        }
        let nodes = self.tree.len() as u32;
        let memory = self.tree.memory_bytes();
        let proven_winner = match root.proof {
            Proof::Loss => Some(side),
            Proof::Win => Some(side.other()),
            Proof::Unknown => self.root.winner(),
        };
        SearchInfo {
            playouts: self.playouts,
            elapsed_ms: elapsed,
            playouts_per_sec: if elapsed > 0.0 {
                self.playouts as f64 * 1000.0 / elapsed
            } else {
                0.0
            },
            nodes,
            root_visits: root.visits,
            max_depth: self.max_depth,
            mean_depth: if self.playouts > 0 {
                self.depth_sum as f64 / self.playouts as f64
            } else {
                0.0
            },
            memory_bytes: memory,
            bytes_per_node: (memory / nodes.max(1) as u64) as u32,
            side_to_move: side,
            win_probability: if root.visits == 0 {
                0.5
            } else {
                for_player(root.mean(), side)
            },
            proven_winner,
            children,
            pv: self.principal_variation(24),
            best_move: self.best_move(),
            alphabeta: None,
        }
    }
}

/// Where a descent stopped: the node, its position, its depth below the
/// root, and the result if the node decides it (otherwise a playout does).
struct Leaf {
    node: NodeId,
    pos: Position,
    depth: u32,
    result: Option<f64>,
}

/// 1 if player 1 won, 0 if player 2 did.
fn win_value(winner: Player) -> f64 {
    for_player(1.0, winner)
}

/// `winrate + C * sqrt(ln(parent visits) / visits)`, the winrate seen by `mover`.
#[inline]
fn uct_value(mean: f64, visits: u32, mover: Player, ln_parent: f64, c: f64) -> f64 {
    let winrate = for_player(mean, mover);
    if visits == 0 {
        return f64::INFINITY;
    }
    winrate + c * (ln_parent / visits as f64).sqrt()
}
