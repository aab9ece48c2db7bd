//! The resumable negamax: alpha-beta over an explicit stack of frames, so a
//! search can stop after any node and go on later from where it was (the
//! web worker runs it in slices of a few tens of milliseconds on one thread).
//!
//! Each frame is one node: its position, window, remaining depth, the moves
//! left to try and what its running child is (a null-move probe, a null
//! window scout of PVS, or a full-window search). A frame that is done pops
//! and hands its value, negated, to its parent.

use super::evaluate::{learned_score_of_logit, static_score, static_terms, StaticTerms};
use super::ordering::{
    moves_for_policy, order_by_policy, ordered_moves, Heuristics, ScoredMove, MAX_PLY,
};
use super::params::{
    AlphaBetaParams, LMR_AFTER, LMR_FAR, LMR_MIN_DEPTH, LMR_NEAR, LMR_SLACK, QUIESCENCE_PLIES,
};
use super::table::{Bound, Table};
use super::table_score::{from_table, to_table, INFINITY};
use quoridor_learned::{encodes, Accumulator, QuantizedNetwork};
use quoridor_rules::{Bitboard, Move, Orientation, Player, Position, Wall};
use quoridor_search::{is_decided, ClassicTerms, WIN};
use quoridor_search::{PawnRace, RaceResult};

/// Null-move depth reduction.
const NULL_REDUCTION: i32 = 2;
/// Most horizon extensions on one line.
const MAX_EXTENSIONS: u8 = 2;

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Phase {
    /// Not looked at yet.
    Enter,
    /// Waiting for the null-move probe.
    AfterNull,
    /// Trying its moves.
    Moves,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Pending {
    None,
    Null,
    /// A null-window scout of move `i` (PVS).
    Scout(usize),
    /// A full-window search of move `i`.
    Full(usize),
    /// A reduced-depth null-window search of move `i` (late-move
    /// reductions), searched again at full depth if it fails high.
    Reduced(usize),
}

/// How a frame's position came from its parent's: what carries the
/// learned evaluation's accumulator down.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Link {
    /// The root: no parent.
    Root,
    /// The parent played this move.
    Move(Move),
    /// The parent passed (the null move).
    Pass,
}

/// One node on the stack.
struct StackFrame {
    pos: Position,
    key: u64,
    ply: u32,
    depth: i32,
    alpha: i32,
    beta: i32,
    alpha_orig: i32,
    phase: Phase,
    moves: Vec<ScoredMove>,
    next: usize,
    searched: usize,
    best: i32,
    best_move: Option<Move>,
    pending: Pending,
    static_eval: i32,
    futile: bool,
    null_allowed: bool,
    extensions: u8,
    pv: Vec<Move>,
    link: Link,
    /// Whether the frame's accumulator (`Stack::accumulators`, same index)
    /// is that of `pos`.
    accumulated: bool,
    /// With policy ordering: the moves from this index on are to be ordered
    /// by the policy before the first of them is searched (1 after a TT
    /// move, which is searched before the policy is asked, 0 without one).
    policy_from: Option<usize>,
    /// With late-move reductions: both pawns' corridors, made when the
    /// first move that may be reduced comes up.
    corridors: Option<Corridors>,
}

impl StackFrame {
    fn empty(pos: Position) -> StackFrame {
        StackFrame {
            pos,
            key: 0,
            ply: 0,
            depth: 0,
            alpha: -INFINITY,
            beta: INFINITY,
            alpha_orig: -INFINITY,
            phase: Phase::Enter,
            moves: Vec::new(),
            next: 0,
            searched: 0,
            best: -INFINITY,
            best_move: None,
            pending: Pending::None,
            static_eval: 0,
            futile: false,
            null_allowed: true,
            extensions: 0,
            pv: Vec::new(),
            link: Link::Root,
            accumulated: false,
            policy_from: None,
            corridors: None,
        }
    }
}

/// What [`Stack::advance`] stopped on.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Advance {
    /// The root search is done with this value (side to move's view).
    Done(i32),
    /// The node budget of the call is used up; call again to go on.
    Paused,
}

/// Counters of one think.
#[derive(Clone, Copy, Debug, Default)]
pub struct Counters {
    /// Nodes entered (interior, leaves and quiescence).
    pub nodes: u64,
    /// Deepest ply entered.
    pub seldepth: u32,
    /// Moves searched at reduced depth (late-move reductions).
    pub reduced: u64,
    /// Reduced searches that failed high and were searched again in full.
    pub re_searched: u64,
}

/// The explicit-stack negamax over one root search (one iteration, one window).
#[derive(Default)]
pub struct Stack {
    frames: Vec<StackFrame>,
    top: usize,
    ret: Option<i32>,
    /// Each root move with the value its last search returned (a bound
    /// when the window cut it).
    pub root_scores: Vec<(Move, i32)>,
    /// Each root move with the nodes searched below it (its re-searches
    /// included), in the order searched (for the tree map).
    pub root_nodes: Vec<(Move, u64)>,
    /// The node count when the root's current child search began.
    root_child_start: u64,
    /// The principal variation of the finished root search.
    pub root_pv: Vec<Move>,
    /// The learned scores of positions evaluated before.
    learned_cache: LearnedCache,
    /// Each frame's accumulator of the learned evaluation's first layer,
    /// beside the frames (which stay small for the classic evaluation):
    /// made as frames are evaluated with the network.
    accumulators: Vec<Accumulator>,
    /// The policy's logits of the frame being ordered (a buffer).
    logits: Vec<f32>,
}

/// Entries of the [`LearnedCache`] (a power of two).
const LEARNED_CACHE_ENTRIES: usize = 1 << 15;

/// The network's scores of the positions last evaluated, by Zobrist key
/// (one entry per slot, the newest kept): iterative deepening evaluates
/// the same leaves again at each depth, and transpositions below the
/// table's depth reach the same positions. The network of a search never
/// changes, and the key holds everything the score depends on but the path
/// lengths, which the position decides.
#[derive(Default)]
struct LearnedCache {
    entries: Vec<(u64, i32)>,
    /// The network the scores are of.
    network: usize,
}

impl LearnedCache {
    /// The score cached for `key` under `net`, if any.
    fn get(&mut self, key: u64, net: &QuantizedNetwork) -> Option<i32> {
        let id = std::ptr::from_ref(net) as usize;
        if self.network != id || self.entries.is_empty() {
            self.network = id;
            self.entries.clear();
            self.entries.resize(LEARNED_CACHE_ENTRIES, (0, 0));
            return None;
        }
        let (k, score) = self.entries[key as usize & (LEARNED_CACHE_ENTRIES - 1)];
        // Key 0 is the empty slot.
        (k == key && key != 0).then_some(score)
    }

    fn put(&mut self, key: u64, score: i32) {
        if let Some(slot) = self
            .entries
            .get_mut(key as usize & (LEARNED_CACHE_ENTRIES - 1))
        {
            *slot = (key, score);
        }
    }
}

/// What the search reads and writes besides the stack.
pub struct Context<'a> {
    /// Settings.
    pub params: &'a AlphaBetaParams,
    /// Transposition table.
    pub table: &'a Table,
    /// Killers and history.
    pub heuristics: &'a mut Heuristics,
    /// Counters.
    pub counters: &'a mut Counters,
    /// The exact pawn-race table when the root is a wall-less endgame
    /// (every node below is then in it).
    pub race: Option<&'a PawnRace>,
    /// The learned evaluation's network (its quantised form) with
    /// `eval=learned`.
    pub network: Option<&'a QuantizedNetwork>,
}

/// Whether the policy orders the moves of a (non-quiescence) node of `pos`
/// with `depth` plies left: on, enough plies left, a network with a head
/// scoring, and a variant it encodes.
fn policy_orders(
    pos: &Position,
    depth: i32,
    p: &AlphaBetaParams,
    network: Option<&QuantizedNetwork>,
) -> bool {
    p.policy_ordering
        && depth >= i32::from(p.policy_depth.max(1))
        && network.is_some_and(QuantizedNetwork::has_policy)
        && encodes(pos.variant())
}

/// Where the policy's order starts in `moves`, the node's moves with the
/// TT move first if it has one ([`StackFrame::policy_from`]): `None` when
/// fewer than two moves are left to order.
fn policy_from(moves: &[ScoredMove], tt_move: Option<Move>) -> Option<usize> {
    let from = usize::from(tt_move.is_some() && moves.first().map(|m| m.mv) == tt_move);
    (moves.len() >= from + 2).then_some(from)
}

/// Both pawns' squares on a shortest path (`paths`) and on a
/// near-shortest one (`corridors`, [`LMR_SLACK`] steps of detour).
#[derive(Clone, Copy, Debug)]
struct Corridors {
    paths: Bitboard,
    corridors: Bitboard,
}

impl Corridors {
    fn of(pos: &Position) -> Corridors {
        let both = |slack| pos.corridor(Player::One, slack) | pos.corridor(Player::Two, slack);
        Corridors {
            paths: both(0),
            corridors: both(LMR_SLACK),
        }
    }

    /// Plies a late-move reduction takes off `wall` on a board of `size`:
    /// [`LMR_FAR`] when none of the four squares around it is in a
    /// corridor, none when an edge it blocks has both squares on shortest
    /// paths, [`LMR_NEAR`] otherwise.
    fn reduction(self, wall: Wall, size: u8) -> i32 {
        let n = usize::from(size);
        let sw = wall.slot(size);
        let (se, nw, ne) = (sw + 1, sw + n, sw + n + 1);
        let blocked = match wall.orientation() {
            Orientation::Horizontal => [(sw, nw), (se, ne)],
            Orientation::Vertical => [(sw, se), (nw, ne)],
        };
        let on_paths = |(a, b): (usize, usize)| self.paths.has(a) && self.paths.has(b);
        if ![sw, se, nw, ne].iter().any(|&s| self.corridors.has(s)) {
            LMR_FAR
        } else if blocked.into_iter().any(on_paths) {
            0
        } else {
            LMR_NEAR
        }
    }
}

/// The exact score of a pawn-race result `ply` plies from the root: a win
/// or loss counted in plies like any other, a draw 0.
fn race_score(race: RaceResult, ply: u32) -> i32 {
    let plies = |k: u16| ply as i32 + i32::from(k);
    match race {
        RaceResult::Win(k) => WIN - plies(k),
        RaceResult::Loss(k) => -(WIN - plies(k)),
        RaceResult::Draw => 0,
    }
}

impl Stack {
    /// Starts a search of `root` to `depth` plies with the window `(alpha, beta)`.
    pub fn begin(&mut self, root: Position, depth: u32, alpha: i32, beta: i32) {
        self.top = 0;
        self.ret = None;
        self.root_scores.clear();
        self.root_nodes.clear();
        self.root_pv.clear();
        self.push(root, Link::Root, 0, depth as i32, alpha, beta, true, 0);
    }

    /// Whether a root search is under way.
    pub fn is_running(&self) -> bool {
        self.top > 0
    }

    /// The best root move of the search under way, once one has a score.
    pub fn root_best(&self) -> Option<(Move, i32)> {
        let root = self.frames.first().filter(|_| self.top > 0)?;
        root.best_move.map(|m| (m, root.best))
    }

    #[allow(clippy::too_many_arguments)]
    fn push(
        &mut self,
        pos: Position,
        link: Link,
        ply: u32,
        depth: i32,
        alpha: i32,
        beta: i32,
        null_allowed: bool,
        extensions: u8,
    ) {
        if self.top == self.frames.len() {
            self.frames.push(StackFrame::empty(pos));
        }
        let f = &mut self.frames[self.top];
        f.pos = pos;
        f.ply = ply;
        f.depth = depth;
        f.alpha = alpha;
        f.beta = beta;
        f.alpha_orig = alpha;
        f.phase = Phase::Enter;
        f.next = 0;
        f.searched = 0;
        f.best = -INFINITY;
        f.best_move = None;
        f.pending = Pending::None;
        f.futile = false;
        f.null_allowed = null_allowed;
        f.extensions = extensions;
        f.pv.clear();
        f.link = link;
        f.accumulated = false;
        f.policy_from = None;
        f.corridors = None;
        self.top += 1;
    }

    /// Ends the top frame with `value`.
    fn pop(&mut self, value: i32) -> Option<i32> {
        self.top -= 1;
        if self.top == 0 {
            self.root_pv.clone_from(&self.frames[0].pv);
            Some(value)
        } else {
            self.ret = Some(-value);
            None
        }
    }

    /// Searches at most `budget` nodes further.
    pub fn advance(&mut self, ctx: &mut Context<'_>, budget: u64) -> Advance {
        let stop_at = ctx.counters.nodes.saturating_add(budget);
        while self.top > 0 {
            if ctx.counters.nodes >= stop_at && self.frames[self.top - 1].phase == Phase::Enter {
                return Advance::Paused;
            }
            let done = match self.ret.take() {
                Some(v) => self.child_returned(ctx, v),
                None => self.step(ctx),
            };
            if let Some(value) = done {
                return Advance::Done(value);
            }
        }
        Advance::Paused
    }

    /// Looks at the top frame, which has no child result waiting.
    fn step(&mut self, ctx: &mut Context<'_>) -> Option<i32> {
        let i = self.top - 1;
        match self.frames[i].phase {
            Phase::Enter => self.enter(ctx),
            Phase::AfterNull | Phase::Moves => self.launch_next(ctx),
        }
    }

    fn enter(&mut self, ctx: &mut Context<'_>) -> Option<i32> {
        let p = ctx.params;
        let i = self.top - 1;
        ctx.counters.nodes += 1;
        let f = &mut self.frames[i];
        ctx.counters.seldepth = ctx.counters.seldepth.max(f.ply);
        let pos = f.pos;
        let ply = f.ply;
        if pos.is_over() || ply as usize >= MAX_PLY - 1 {
            let v = self.static_score(i, ctx);
            return self.pop(v);
        }
        // The root still searches its moves; below it the table is exact.
        if let Some(race) = ctx.race.filter(|_| ply > 0).and_then(|t| t.result(&pos)) {
            return self.pop(race_score(race, ply));
        }
        f.key = if p.tt { pos.zobrist_hash() } else { 0 };
        let mut tt_move = None;
        if p.tt && f.depth > 0 {
            if let Some(e) = ctx.table.probe(f.key) {
                tt_move = e.best;
                if ply > 0 && i32::from(e.depth) >= f.depth {
                    let s = from_table(e.score, ply);
                    // An exact score inside a window wider than a null one
                    // would join the line without the moves below it: such a
                    // node is searched again (its stored move first), as
                    // Stockfish leaves its PV nodes uncut, and the line stays
                    // whole.
                    let pv_node = f.beta - f.alpha > 1 && s > f.alpha && s < f.beta;
                    let cut = match e.bound {
                        Bound::Exact => !pv_node,
                        Bound::Lower => s >= f.beta,
                        Bound::Upper => s <= f.alpha,
                    };
                    if cut {
                        return self.pop(s);
                    }
                }
            }
        }
        let mut quiescence = false;
        if f.depth <= 0 {
            let near_goal = || {
                quoridor_rules::Player::BOTH
                    .iter()
                    .any(|&pl| pos.distance_to_goal(pl).is_some_and(|d| d <= 2))
            };
            if p.goal_extension && f.depth == 0 && f.extensions < MAX_EXTENSIONS && near_goal() {
                f.depth = 1;
                f.extensions += 1;
            } else if p.quiescence && ((-f.depth) as u32) < QUIESCENCE_PLIES {
                let stand = self.static_score(i, ctx);
                let f = &mut self.frames[i];
                if is_decided(stand) || stand >= f.beta {
                    return self.pop(stand);
                }
                f.best = stand;
                f.alpha = f.alpha.max(stand);
                quiescence = true;
            } else {
                let v = self.static_score(i, ctx);
                return self.pop(v);
            }
        }
        if !quiescence && (p.null_move || p.futility) {
            self.frames[i].static_eval = self.static_score(i, ctx);
        }
        let f = &mut self.frames[i];
        if !quiescence && policy_orders(&pos, f.depth, p, ctx.network) {
            moves_for_policy(&pos, ply, tt_move, ctx.heuristics, p, &mut f.moves);
            f.policy_from = policy_from(&f.moves, tt_move);
        } else {
            ordered_moves(
                &pos,
                ply,
                tt_move,
                ctx.heuristics,
                p,
                quiescence,
                &mut f.moves,
            );
        }
        if f.moves.is_empty() {
            let v = if quiescence {
                f.best
            } else {
                self.static_score(i, ctx)
            };
            return self.pop(v);
        }
        f.futile = !quiescence
            && p.futility
            && f.depth == 1
            && !is_decided(f.alpha)
            && f.static_eval + p.futility_margin as i32 <= f.alpha;
        let null = !quiescence
            && p.null_move
            && ply > 0
            && f.null_allowed
            && f.depth > NULL_REDUCTION
            && pos.walls_left(pos.turn()) > 0
            && !is_decided(f.beta)
            && f.static_eval >= f.beta;
        if null {
            f.phase = Phase::AfterNull;
            f.pending = Pending::Null;
            let (child, depth, beta, ext) = (
                pos.passed(),
                f.depth - 1 - NULL_REDUCTION,
                f.beta,
                f.extensions,
            );
            self.push(
                child,
                Link::Pass,
                ply + 1,
                depth,
                -beta,
                -beta + 1,
                false,
                ext,
            );
            return None;
        }
        f.phase = Phase::Moves;
        self.launch_next(ctx)
    }

    /// Frame `i`'s static score ([`super::evaluate::static_score`]), the
    /// learned one from the accumulator carried down from its parent.
    fn static_score(&mut self, i: usize, ctx: &Context<'_>) -> i32 {
        let p = ctx.params;
        let f = &self.frames[i];
        let net = match ctx.network {
            Some(net) if encodes(f.pos.variant()) => net,
            // The classic terms, as without a network.
            _ => return static_score(&f.pos, f.ply, p, None),
        };
        let (pos, ply) = (f.pos, f.ply);
        let terms = match static_terms(&pos, ply, p) {
            StaticTerms::Decided(score) => return score,
            StaticTerms::Open(terms) => terms,
        };
        let key = pos.zobrist_hash();
        if let Some(score) = self.learned_cache.get(key, net) {
            debug_assert_eq!(score, static_score(&pos, ply, p, Some(net)));
            return score;
        }
        self.accumulate(i, net);
        let (mine, theirs) = (terms.my_distance as usize, terms.their_distance as usize);
        let acc = &self.accumulators[i];
        let score = learned_score_of_logit(net.logit_from(acc, pos.turn(), mine, theirs));
        // The carried accumulator gives what one built afresh does.
        debug_assert_eq!(score, static_score(&pos, ply, p, Some(net)));
        self.learned_cache.put(key, score);
        score
    }

    /// Makes frame `i`'s accumulator that of its position: from its
    /// parent's by the move between them when the parent has one (a few
    /// rows), else from scratch.
    fn accumulate(&mut self, i: usize, net: &QuantizedNetwork) {
        if self.frames[i].accumulated {
            return;
        }
        if self.accumulators.len() <= i {
            self.accumulators.resize_with(i + 1, Accumulator::default);
        }
        let (done, rest) = self.accumulators.split_at_mut(i);
        let acc = &mut rest[0];
        let f = &self.frames[i];
        let parent = i
            .checked_sub(1)
            .map(|p| (&self.frames[p], &done[p]))
            .filter(|(frame, _)| frame.accumulated);
        match (f.link, parent) {
            (Link::Move(m), Some((frame, before))) => acc.play_from(net, before, &frame.pos, m),
            (Link::Pass, Some((_, before))) => acc.copy_from(net, before),
            _ => acc.refresh(net, &f.pos),
        }
        self.frames[i].accumulated = true;
    }

    /// Orders frame `i`'s moves from `from` on by the policy of `net`
    /// ([`order_by_policy`]), from the frame's accumulator.
    fn order_by_policy(
        &mut self,
        i: usize,
        from: usize,
        net: &QuantizedNetwork,
        heuristics: &Heuristics,
        p: &AlphaBetaParams,
    ) {
        self.accumulate(i, net);
        let f = &mut self.frames[i];
        let pos = f.pos;
        let terms = ClassicTerms::of(&pos, pos.turn());
        let distances = (terms.my_distance as usize, terms.their_distance as usize);
        let rest = &mut f.moves[from..];
        self.logits.clear();
        net.policy_logits_from(
            &self.accumulators[i],
            pos.turn(),
            distances,
            rest.iter().map(|m| m.mv),
            &mut self.logits,
        );
        order_by_policy(&pos, f.ply, heuristics, p, &self.logits, rest);
    }

    /// Starts the child search of the next move, or ends the frame.
    fn launch_next(&mut self, ctx: &mut Context<'_>) -> Option<i32> {
        let i = self.top - 1;
        let f = &mut self.frames[i];
        if let (Some(from), Some(net)) = (f.policy_from, ctx.network) {
            if f.next >= from {
                f.policy_from = None;
                if f.next == from {
                    self.order_by_policy(i, from, net, ctx.heuristics, ctx.params);
                }
            }
        }
        let f = &mut self.frames[i];
        f.phase = Phase::Moves;
        while f.next < f.moves.len() && f.futile && f.searched > 0 && !f.moves[f.next].tactical {
            f.best = f
                .best
                .max(f.static_eval + ctx.params.futility_margin as i32);
            f.next += 1;
        }
        if f.next >= f.moves.len() {
            return self.finish(ctx);
        }
        let n = f.next;
        let reduction = self.reduction(ctx, i, n);
        if self.frames[i].ply == 0 {
            self.root_child_start = ctx.counters.nodes;
        }
        self.launch(ctx, n, reduction)
    }

    /// Plies the late-move reductions take off move `n` of frame `i` (0:
    /// searched in full).
    fn reduction(&mut self, ctx: &Context<'_>, i: usize, n: usize) -> i32 {
        let f = &mut self.frames[i];
        let scored = f.moves[n];
        let Move::Wall(wall) = scored.mv else {
            return 0;
        };
        if !ctx.params.lmr
            || f.ply == 0
            || f.depth < LMR_MIN_DEPTH
            || n < LMR_AFTER
            || f.searched == 0
            || scored.tactical
            || ctx.heuristics.is_killer(f.ply, scored.mv)
        {
            return 0;
        }
        let pos = f.pos;
        let corridors = *f.corridors.get_or_insert_with(|| Corridors::of(&pos));
        // The reduced search still has a ply to go.
        corridors.reduction(wall, pos.size()).min(f.depth - 2)
    }

    /// Starts the child search of the top frame's move `n`, `reduction`
    /// plies shallower than the frame's depth less one (a null-window
    /// search then).
    fn launch(&mut self, ctx: &mut Context<'_>, n: usize, reduction: i32) -> Option<i32> {
        let i = self.top - 1;
        let f = &mut self.frames[i];
        let m = f.moves[n].mv;
        let mut child = f.pos;
        child.play_unchecked(m);
        let scout = ctx.params.pvs && f.searched > 0 && f.beta - f.alpha > 1;
        let (alpha, beta) = (f.alpha, f.beta);
        let (ply, depth, ext) = (f.ply + 1, f.depth - 1, f.extensions);
        if reduction > 0 {
            ctx.counters.reduced += 1;
            f.pending = Pending::Reduced(n);
            self.push(
                child,
                Link::Move(m),
                ply,
                depth - reduction,
                -alpha - 1,
                -alpha,
                true,
                ext,
            );
        } else if scout {
            f.pending = Pending::Scout(n);
            self.push(
                child,
                Link::Move(m),
                ply,
                depth,
                -alpha - 1,
                -alpha,
                true,
                ext,
            );
        } else {
            f.pending = Pending::Full(n);
            self.push(child, Link::Move(m), ply, depth, -beta, -alpha, true, ext);
        }
        None
    }

    /// The top frame's child returned `v` (already from this frame's view).
    fn child_returned(&mut self, ctx: &mut Context<'_>, v: i32) -> Option<i32> {
        let i = self.top - 1;
        let f = &mut self.frames[i];
        match f.pending {
            Pending::None => self.step(ctx),
            Pending::Null => {
                f.pending = Pending::None;
                if v >= f.beta && !is_decided(v) {
                    return self.pop(v);
                }
                f.phase = Phase::Moves;
                self.launch_next(ctx)
            }
            Pending::Reduced(n) if v > f.alpha => {
                // The reduced search failed high: search again at full depth.
                ctx.counters.re_searched += 1;
                self.launch(ctx, n, 0)
            }
            Pending::Scout(n) if v > f.alpha && v < f.beta => {
                // The scout failed high: search again with the full window.
                let m = f.moves[n].mv;
                let mut child = f.pos;
                child.play_unchecked(m);
                f.pending = Pending::Full(n);
                let (alpha, beta, ply, depth, ext) =
                    (f.alpha, f.beta, f.ply + 1, f.depth - 1, f.extensions);
                self.push(child, Link::Move(m), ply, depth, -beta, -alpha, true, ext);
                None
            }
            Pending::Scout(n) | Pending::Full(n) | Pending::Reduced(n) => {
                f.pending = Pending::None;
                let m = f.moves[n].mv;
                if f.ply == 0 {
                    self.root_scores.push((m, v));
                    let below = ctx.counters.nodes - self.root_child_start;
                    self.root_nodes.push((m, below));
                }
                let f = &mut self.frames[i];
                f.searched += 1;
                f.next = n + 1;
                if v > f.best {
                    f.best = v;
                    f.best_move = Some(m);
                }
                if v > f.alpha {
                    f.alpha = v;
                    let (head, tail) = self.frames.split_at_mut(i + 1);
                    let f = &mut head[i];
                    f.pv.clear();
                    f.pv.push(m);
                    if let Some(child) = tail.first() {
                        f.pv.extend_from_slice(&child.pv);
                    }
                }
                let f = &mut self.frames[i];
                if f.alpha >= f.beta {
                    if f.depth > 0 {
                        let pos = f.pos;
                        ctx.heuristics.cutoff(ctx.params, &pos, f.ply, f.depth, m);
                    }
                    return self.finish(ctx);
                }
                self.launch_next(ctx)
            }
        }
    }

    /// Stores the top frame's result and pops it.
    fn finish(&mut self, ctx: &mut Context<'_>) -> Option<i32> {
        let f = &self.frames[self.top - 1];
        let best = f.best;
        if ctx.params.tt && f.depth > 0 {
            let bound = if best >= f.beta {
                Bound::Lower
            } else if best > f.alpha_orig {
                Bound::Exact
            } else {
                Bound::Upper
            };
            let depth = i16::try_from(f.depth).unwrap_or(i16::MAX);
            ctx.table
                .store(f.key, to_table(best, f.ply), depth, bound, f.best_move);
        }
        self.pop(best)
    }
}

#[cfg(test)]
mod tests {
    use crate::{AlphaBeta, AlphaBetaParams};
    use quoridor_learned::{test_evaluator, Evaluator, Network};
    use quoridor_rules::{Game, Position};
    use quoridor_search::{Evaluation, SearchEngine, SearchParams};

    /// A search of `record`'s position to `depth` with `evaluator` and
    /// `eval`: its best move, value and node count.
    fn search(
        record: &str,
        depth: u32,
        evaluator: Evaluator,
        eval: Evaluation,
    ) -> (String, Option<i32>, u64) {
        let pos: Position = *record.parse::<Game>().expect("record").position();
        let own = AlphaBetaParams {
            max_depth: Some(depth),
            ..AlphaBetaParams::default()
        };
        let mut params = SearchParams {
            eval,
            ..SearchParams::default()
        };
        // The depth alone stops it, and a fixed seed, so that the same
        // search is the same.
        params.limits.time = None;
        params.seed = 1;
        let mut s = AlphaBeta::new(pos, params, own, evaluator);
        let mv = s.think().expect("a move");
        (mv.to_string(), s.value(), s.nodes())
    }

    /// Every learned score the search takes from a carried accumulator or
    /// from the cache is checked against one computed afresh (the
    /// `debug_assert`s of `Stack::static_score`: these tests run them), over
    /// moves, walls, passes (null moves) and re-searches.
    #[test]
    fn learned_searches_score_as_the_scores_computed_afresh() {
        let records = [
            "",
            "e2 e8 e3 e7 c3h f6h",
            "e2 e8 e3 e7 e4 e6 e3h e6h c3h c6h e5 g6h f6",
        ];
        for evaluator in [
            test_evaluator(),
            Evaluator::with_network(Network::random(64, 32, 3)),
        ] {
            for record in records {
                let learned = search(record, 3, evaluator.clone(), Evaluation::Learned);
                let classic = search(record, 3, evaluator.clone(), Evaluation::Classic);
                assert!(learned.2 > 100, "{record}: {learned:?}");
                // It is the network that scores.
                assert_ne!((learned.1, learned.2), (classic.1, classic.2), "{record}");
                // And the cache and accumulators change nothing between
                // searches: the same search again is the same.
                assert_eq!(
                    search(record, 3, evaluator.clone(), Evaluation::Learned),
                    learned
                );
            }
        }
    }
}

/// Policy ordering: what the head favours is searched first, the best
/// move is still found, and without a head (or with the option off) the
/// search is the one without policy ordering.
#[cfg(test)]
mod policy_tests {
    use crate::{AlphaBeta, AlphaBetaParams};
    use quoridor_learned::{move_index, Evaluator, Network, INPUTS, POLICY_OUTPUTS};
    use quoridor_rules::{Game, Move, Player, Position, Square, Variant};
    use quoridor_search::{is_decided, Evaluation, SearchEngine, SearchParams};

    /// The bytes of a safetensors file of F32 `tensors` (name, shape,
    /// values), written by hand (the format: a little-endian `u64` header
    /// length, the JSON header, the data).
    fn safetensors(tensors: &[(&str, Vec<usize>, Vec<f32>)]) -> Vec<u8> {
        let mut header = String::from("{");
        let mut data = Vec::new();
        for (k, (name, shape, values)) in tensors.iter().enumerate() {
            let start = data.len();
            data.extend(values.iter().flat_map(|x| x.to_le_bytes()));
            let shape: Vec<String> = shape.iter().map(ToString::to_string).collect();
            header += &format!(
                "{}\"{name}\":{{\"dtype\":\"F32\",\"shape\":[{}],\"data_offsets\":[{start},{}]}}",
                if k == 0 { "" } else { "," },
                shape.join(","),
                data.len()
            );
        }
        header.push('}');
        while header.len() % 8 != 0 {
            header.push(' ');
        }
        let mut bytes = (header.len() as u64).to_le_bytes().to_vec();
        bytes.extend(header.as_bytes());
        bytes.extend(data);
        bytes
    }

    /// A network whose value is 1/2 everywhere (every weight 0) and whose
    /// policy head gives move index `favoured` the logit 10 and every other
    /// move 0 (its biases; the head's weights are 0).
    fn favouring(favoured: usize) -> Network {
        let (h, h2) = (16, 8);
        let zeros = |n: usize| vec![0.0f32; n];
        let mut bias = zeros(POLICY_OUTPUTS);
        bias[favoured] = 10.0;
        let file = safetensors(&[
            ("l1.weight", vec![h, INPUTS], zeros(h * INPUTS)),
            ("l1.bias", vec![h], zeros(h)),
            ("l2.weight", vec![h2, h], zeros(h2 * h)),
            ("l2.bias", vec![h2], zeros(h2)),
            ("out.weight", vec![1, h2], zeros(h2)),
            ("out.bias", vec![1], zeros(1)),
            (
                "policy.weight",
                vec![POLICY_OUTPUTS, h],
                zeros(POLICY_OUTPUTS * h),
            ),
            ("policy.bias", vec![POLICY_OUTPUTS], bias),
        ]);
        let net = Network::from_safetensors(&file).expect("a valid file");
        assert!(net.has_policy());
        net
    }

    /// A search of `pos` to `depth` with `evaluator`, `eval` and `own`
    /// (its depth set), done.
    fn think(
        pos: Position,
        depth: u32,
        evaluator: &Evaluator,
        eval: Evaluation,
        own: &AlphaBetaParams,
    ) -> AlphaBeta {
        let own = AlphaBetaParams {
            max_depth: Some(depth),
            ..own.clone()
        };
        let mut params = SearchParams {
            eval,
            ..SearchParams::default()
        };
        params.limits.time = None;
        params.seed = 1;
        let mut s = AlphaBeta::new(pos, params, own, evaluator.clone());
        s.think();
        s
    }

    fn off() -> AlphaBetaParams {
        AlphaBetaParams {
            policy_ordering: false,
            ..AlphaBetaParams::default()
        }
    }

    /// The Default's settings with policy ordering on (it is off by default).
    fn on() -> AlphaBetaParams {
        AlphaBetaParams {
            policy_ordering: true,
            ..AlphaBetaParams::default()
        }
    }

    fn mv(s: &str) -> Move {
        s.parse().expect("a move")
    }

    /// At the root of the first iteration (no TT move yet) the move the
    /// head favours is searched first, a sideways step or a wall alike;
    /// without policy ordering the race's choice (the step forward) is.
    #[test]
    fn the_heads_favourite_is_searched_first() {
        let start = Position::new(Variant::default());
        let walls = crate::candidate_walls(&start, &on());
        let last_wall = Move::Wall(walls.walls(9).last().expect("a wall"));
        for favourite in [mv("d1"), mv("f1"), last_wall] {
            let index = move_index(favourite, 9, Player::One).expect("an index");
            let evaluator = Evaluator::with_network(favouring(index));
            let first = |own: &AlphaBetaParams| {
                let s = think(start, 1, &evaluator, Evaluation::Learned, own);
                s.stack.root_nodes[0].0
            };
            assert_eq!(first(&on()), favourite);
            assert_eq!(first(&off()), mv("e2"));
            // The classic evaluation asks no network.
            let classic = think(start, 1, &evaluator, Evaluation::Classic, &on());
            assert_eq!(classic.stack.root_nodes[0].0, mv("e2"));
        }
    }

    /// Player 2 is a step from its goal and player 1 must wall it off: a
    /// head that favours a step sideways (which loses at once) does not
    /// make the search play it.
    #[test]
    fn a_head_favouring_a_losing_move_does_not_change_the_best_move() {
        let square = |s: &str| s.parse::<Square>().expect("square").index(9);
        let pos = Position::new(Variant::default())
            .with_pawns([square("e5"), square("e2")], Player::One)
            .expect("pawns");
        let sideways = mv("d5");
        let index = move_index(sideways, 9, Player::One).expect("an index");
        let evaluator = Evaluator::with_network(favouring(index));
        for own in [on(), off()] {
            let s = think(pos, 3, &evaluator, Evaluation::Learned, &own);
            let best = s.best_move().expect("a move");
            assert!(matches!(best, Move::Wall(_)), "{best}");
            let mut after = pos;
            after.play(best).expect("legal");
            assert!(after.distance_to_goal(Player::Two).expect("a path") > 1);
            let value = s.value().expect("a value");
            assert!(!is_decided(value) || value > 0, "{value}");
        }
        // The policy was asked: its favourite went first in the first
        // iteration (the race's first is the step forward).
        let first = |own: &AlphaBetaParams| {
            let s = think(pos, 1, &evaluator, Evaluation::Learned, own);
            s.stack.root_nodes[0].0
        };
        assert_eq!(first(&on()), sideways);
        assert_eq!(first(&off()), mv("e6"));
    }

    /// Without a head, with the option off or with the classic evaluation,
    /// a search is move for move, value for value and node for node the one
    /// without policy ordering; with a head it is another.
    #[test]
    fn without_a_head_or_with_the_option_off_nothing_changes() {
        let headed = Network::random(32, 8, 3).with_random_policy(4);
        let with_head = Evaluator::with_network(headed.clone());
        let without = Evaluator::with_network(headed.without_policy());
        let on = on();
        let mut changed = 0;
        for record in [
            "",
            "e2 e8 e3 e7 c3h f6h",
            "e2 e8 e3 e7 e4 e6 e3h e6h c3h c6h e5 g6h f6",
        ] {
            let pos = *record.parse::<Game>().expect("record").position();
            let run = |evaluator: &Evaluator, eval: Evaluation, own: &AlphaBetaParams| {
                let s = think(pos, 3, evaluator, eval, own);
                (s.best_move(), s.value(), s.nodes())
            };
            let today = run(&without, Evaluation::Learned, &off());
            assert!(today.2 > 100, "{today:?}");
            assert_eq!(run(&without, Evaluation::Learned, &on), today, "{record}");
            assert_eq!(
                run(&with_head, Evaluation::Learned, &off()),
                today,
                "{record}"
            );
            assert_eq!(
                run(&with_head, Evaluation::Classic, &on),
                run(&with_head, Evaluation::Classic, &off()),
                "{record}"
            );
            changed += usize::from(run(&with_head, Evaluation::Learned, &on).2 != today.2);
        }
        assert!(changed > 0, "the head changed no search");
    }
}

/// Late-move reductions: fewer nodes to the same depth, the best move of a
/// forced position still found, and the reductions graded by corridors.
#[cfg(test)]
mod lmr_tests {
    use super::Corridors;
    use crate::{AlphaBeta, AlphaBetaParams, LMR_FAR, LMR_NEAR};
    use quoridor_learned::Evaluator;
    use quoridor_rules::{Game, Player, Position, Square, Variant, Wall};
    use quoridor_search::{Evaluation, SearchEngine, SearchParams};

    /// A search of `pos` to `depth` with `own` (its depth set) and the
    /// classic evaluation, done.
    fn think(pos: Position, depth: u32, own: &AlphaBetaParams) -> AlphaBeta {
        let own = AlphaBetaParams {
            max_depth: Some(depth),
            ..own.clone()
        };
        let mut params = SearchParams {
            eval: Evaluation::Classic,
            ..SearchParams::default()
        };
        params.limits.time = None;
        params.seed = 1;
        let mut s = AlphaBeta::new(pos, params, own, Evaluator::classic());
        s.think();
        s
    }

    fn with_lmr(lmr: bool) -> AlphaBetaParams {
        AlphaBetaParams {
            lmr,
            ..AlphaBetaParams::default()
        }
    }

    fn position(record: &str) -> Position {
        *record.parse::<Game>().expect("record").position()
    }

    /// On fixed positions, the same depth takes fewer nodes with the
    /// reductions (some moves were reduced, and some of those searched
    /// again when they failed high), and without them none is.
    #[test]
    fn reductions_search_fewer_nodes_to_the_same_depth() {
        for record in [
            "e2 e8 e3 e7 e4 e6 d6h e4h c5v f6v d4 e5 d5 f5h",
            "e2 e8 e3 e7 c3h f6h",
            "e2 e8 e3 e7 e4 e6 e3h e6h c3h c6h e5 g6h f6",
        ] {
            let pos = position(record);
            let off = think(pos, 6, &with_lmr(false));
            let on = think(pos, 6, &with_lmr(true));
            assert_eq!(off.counters.reduced, 0);
            assert!(on.counters.reduced > 0, "{record}");
            assert!(on.counters.re_searched <= on.counters.reduced);

            assert_eq!(on.completed_depth(), 6);
            assert!(
                on.nodes() < off.nodes(),
                "{record}: {} with, {} without",
                on.nodes(),
                off.nodes()
            );
        }
        // Deeper, some reduced searches fail high and are searched again.
        let deeper = think(
            position("e2 e8 e3 e7 e4 e6 d6h e4h c5v f6v d4 e5 d5 f5h"),
            8,
            &with_lmr(true),
        );
        assert!(deeper.counters.re_searched > 0);
    }

    /// Player 2 is a step from its goal and player 1 must wall it off; with
    /// the reductions the search still finds a wall that does, and still
    /// proves the win in a race the walls can no longer change.
    #[test]
    fn reductions_still_find_the_forced_moves() {
        let square = |s: &str| s.parse::<Square>().expect("square").index(9);
        let pos = Position::new(Variant::default())
            .with_pawns([square("e5"), square("e2")], Player::One)
            .expect("pawns");
        let s = think(pos, 5, &with_lmr(true));
        let best = s.best_move().expect("a move");
        let mut after = pos;
        after.play(best).expect("legal");
        assert!(
            after.distance_to_goal(Player::Two).expect("a path") > 1,
            "{best}"
        );
        // Without walls left for the opponent and nearer the goal: the step
        // toward it wins, as without reductions.
        let race = position("e2 e8 e3 e7 e4 e6");
        let off = think(race, 7, &with_lmr(false));
        let on = think(race, 7, &with_lmr(true));
        assert_eq!(on.best_move(), off.best_move());
    }

    /// Walls far from both corridors lose two plies, walls beside one a
    /// ply, walls across a shortest path none.
    #[test]
    fn reductions_are_graded_by_the_corridors() {
        let start = Position::new(Variant::default());
        // On the empty board the shortest paths are the e-file, the
        // corridors files b to h.
        let corridors = Corridors::of(&start);
        assert_eq!(corridors.paths.count(), 9);
        assert_eq!(corridors.corridors.count(), 63);
        let reduce = |s: &str| corridors.reduction(s.parse::<Wall>().expect("wall"), 9);
        // Across the e-file.
        assert_eq!(reduce("e4h"), 0);
        assert_eq!(reduce("d4h"), 0);
        // Beside it, or across the corridor but off the shortest paths.
        assert_eq!(reduce("e4v"), LMR_NEAR);
        assert_eq!(reduce("b4h"), LMR_NEAR);
        assert_eq!(reduce("a4v"), LMR_NEAR);
        // Far from both: the a-file is outside the corridors.
        let pawns = |a: &str, b: &str| {
            let at = |s: &str| s.parse::<Square>().expect("square").index(9);
            Position::new(Variant::default())
                .with_pawns([at(a), at(b)], Player::One)
                .expect("pawns")
        };
        let east = Corridors::of(&pawns("i1", "i9"));
        let reduce = |s: &str| east.reduction(s.parse::<Wall>().expect("wall"), 9);
        // Files f to i are the corridors now.
        assert_eq!(reduce("a4h"), LMR_FAR);
        assert_eq!(reduce("d4h"), LMR_FAR);
        assert_eq!(reduce("e4h"), LMR_NEAR);
        assert_eq!(reduce("h4h"), 0);
    }
}
