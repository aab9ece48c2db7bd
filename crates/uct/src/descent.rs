//! One UCT iteration on a tree that one or several threads search: descent
//! by UCT value, expansion of one child, playout and backpropagation, plus
//! the proofs found on the way. [`super::Uct`] owns the tree and runs
//! these iterations; each thread brings its own [`Worker`] (generator,
//! playout memory, counters).

use super::params::UctParams;
use super::policy::{Selector, SelectorMemory};
use super::ranking::ranked_moves;
use super::tree::{MoveSet, NodeId, Proof, SetPriors, Tree, TriedSet, PRIOR_MOVES, ROOT};
use puct::PuctStep;
use quoridor_learned::{encodes, Network};
use quoridor_rules::{Geometry, Move, Player, Position, Square};
use quoridor_search::EngineRng;
use quoridor_search::SearchParams;
use quoridor_search::{PawnRace, RaceResult};
use rand::{Rng, SeedableRng};

mod puct;

/// Most moves ranked for progressive widening at a node; the rest come from
/// the playout selector.
const RANKED_MOVES: usize = 24;

/// The playout result of a drawn pawn race (neither player wins).
pub(super) const DRAW: f64 = 0.5;

/// How much worse than a draw a line that repeats a position is for the
/// side to move at the root (with `shortest_win`; see
/// [`Descent::repetition_value`]).
pub(super) const REPETITION_CONTEMPT: f64 = 0.05;

/// Added to the seed once per worker index, so each thread plays other
/// playouts (the golden-ratio step of SplitMix64; worker 0 keeps the seed
/// itself, so one thread searches exactly as it always did).
pub(super) const SEED_STEP: u64 = 0x9E37_79B9_7F4A_7C15;

/// Bytes the new move sets' ranked moves may take (none without widening
/// or priors): one set's worth per thread, since every thread of a shared
/// search may find room and make a set at the same moment. `priors`: the
/// search opens moves by their priors (see [`prior_network`]).
pub(super) fn ranked_reserve(params: &SearchParams, uct: &UctParams, priors: bool) -> u64 {
    let widening = if uct.widening > 0.0 {
        RANKED_MOVES.next_power_of_two() * std::mem::size_of::<Move>()
    } else {
        0
    };
    let set = if priors {
        widening.max(PRIOR_MOVES * std::mem::size_of::<Move>() + std::mem::size_of::<SetPriors>())
    } else {
        widening
    };
    let threads = u64::from(params.threads.clamp(1, quoridor_search::MAX_THREADS));
    set as u64 * threads
}

/// The network whose priors the search opens and selects moves by (PUCT),
/// if it does: `priors` is on, `network` (the one that scores leaves) has a
/// policy head and encodes the variant of `root`. Otherwise the search is
/// UCB with progressive widening.
pub(super) fn prior_network<'n>(
    uct: &UctParams,
    network: Option<&'n Network>,
    root: &Position,
) -> Option<&'n Network> {
    network.filter(|net| uct.priors && net.has_policy() && encodes(root.variant()))
}

/// Whether neither side has a wall left. Such a node is searched without
/// priors, its moves opened by the race's ranking as before PUCT: a handful
/// of pawn steps, where the first one opened often proves the root won at
/// once, and the final move's tie-break needs a step home among them (the
/// policy's favourite need not be one).
pub(super) fn walls_gone(pos: &Position) -> bool {
    pos.walls_left(Player::One) == 0 && pos.walls_left(Player::Two) == 0
}

/// What one search thread keeps for itself: its random generator, its
/// playout memory and scratch space, and its counters for the current think.
#[derive(Debug)]
pub(super) struct Worker {
    rng: EngineRng,
    memory: SelectorMemory,
    scratch: Vec<Move>,
    /// The policy's priors of a node's moves, while they are ranked.
    prior_scratch: Vec<f32>,
    /// The hashes of the positions of the current descent since its last
    /// wall (with `shortest_win`, to find a line that repeats a position).
    line: Vec<u64>,
    /// The priors' sort keys, while the highest are picked.
    prior_keys: Vec<u64>,
    pub playouts: u64,
    pub depth_sum: u64,
    pub max_depth: u32,
}

impl Worker {
    /// Worker `index` of a search seeded with `seed`.
    pub fn new(seed: u64, index: usize) -> Worker {
        Worker {
            rng: EngineRng::seed_from_u64(Worker::seed(seed, index)),
            memory: SelectorMemory::default(),
            scratch: Vec::with_capacity(160),
            prior_scratch: Vec::with_capacity(160),
            line: Vec::with_capacity(64),
            prior_keys: Vec::with_capacity(160),
            playouts: 0,
            depth_sum: 0,
            max_depth: 0,
        }
    }

    /// The seed of worker `index`: `seed + index · SEED_STEP`.
    pub fn seed(seed: u64, index: usize) -> u64 {
        seed.wrapping_add(SEED_STEP.wrapping_mul(index as u64))
    }

    /// Reseeds as worker `index` of a search seeded with `seed`.
    pub fn reseed(&mut self, seed: u64, index: usize) {
        self.rng = EngineRng::seed_from_u64(Worker::seed(seed, index));
    }

    /// Zeroes the counters (a new think, or a new root).
    pub fn reset_counters(&mut self) {
        self.playouts = 0;
        self.depth_sum = 0;
        self.max_depth = 0;
    }
}

/// What every thread of a search reads and none writes: the settings, the
/// shared tree, the root, the network and the race table. Each descent
/// gets a copy.
#[derive(Clone, Copy)]
pub(super) struct SearchView<'a> {
    pub params: &'a SearchParams,
    pub uct: &'a UctParams,
    pub tree: &'a Tree,
    pub root: &'a Position,
    /// The network that scores where a playout stops (`eval=learned`).
    pub network: Option<&'a Network>,
    /// The exact pawn-race table, when the root is wall-less (see
    /// [`SearchParams::pawn_race`]).
    pub race: Option<&'a PawnRace>,
    /// The network whose priors open and select moves (PUCT), when the
    /// search uses priors (see [`prior_network`]).
    pub priors: Option<&'a Network>,
    /// The hashes of the game's positions before the root since the last
    /// wall placed (a wall is never taken back, so no earlier position
    /// can come again).
    pub history: &'a [u64],
    /// With `shortest_win`, the fewest plies a win of the root's mover can
    /// take: while the root's shortest proven win is longer, the root's
    /// proven moves are passed over for the unproven ones (see
    /// [`Tree::hunts_shorter_win`]).
    pub win_floor: Option<u32>,
}

/// One thread's view of a search for one iteration: the shared part, and
/// the thread's own [`Worker`].
pub(super) struct Descent<'a> {
    pub view: SearchView<'a>,
    pub worker: &'a mut Worker,
    /// Whether other threads search the same tree: then each node on the
    /// way down counts the playout as a loss for its mover until its result
    /// is known (a virtual loss), so that the threads spread over the tree.
    pub shared: bool,
}

/// Where a descent stopped: the node, its position, its depth below the
/// root, whether it was just added, and the result if the node decides it
/// (otherwise a playout does).
pub(super) struct Leaf {
    node: NodeId,
    pos: Position,
    depth: u32,
    added: bool,
    result: Option<f64>,
}

/// 1 if player 1 won, 0 if player 2 did.
pub(super) fn win_value(winner: Player) -> f64 {
    quoridor_search::WinChance::new(winner, 1.0).for_player(Player::One)
}

/// The result of a game `winner` wins `plies` plies below the root, decided
/// in the tree, as the probability that player 1 wins (see
/// [`UctParams::decided_win`]).
fn decided_value(uct: &UctParams, winner: Player, plies: u32) -> f64 {
    quoridor_search::WinChance::new(winner, uct.decided_win(plies)).for_player(Player::One)
}

/// The result a shared descent counts at a node where `to_move` is to move
/// while its playout is under way: a loss for the player who moved there.
fn virtual_loss(to_move: Player) -> f64 {
    win_value(to_move)
}

impl Descent<'_> {
    /// One UCT cycle: descend (expanding one node), play out, back up.
    /// `false` if the root has no move at all.
    pub fn iterate(&mut self) -> bool {
        if self.view.root.is_over() {
            return false;
        }
        self.worker.memory.clear();
        let Some(leaf) = self.descend() else {
            return false;
        };
        let result = match leaf.result {
            Some(result) => result,
            // By the network's value alone, or a playout. A leaf's priors
            // wait until a descent opens its first child (`expand` asks the
            // network then): most leaves are never entered again, and the
            // value alone costs about a quarter of the pass with priors. The
            // value is the same either way (the fast priors' pass returns
            // the float network's value bit for bit), so the tree is too.
            None => self.playout(leaf.pos),
        };
        self.count_playout(leaf.depth);
        self.back_up(&leaf, result);
        true
    }

    /// Counts a virtual loss at `node` (where `pos` is reached) when the
    /// tree is shared (not at the root, whose mean selection never reads).
    fn enter(&self, node: NodeId, pos: &Position) {
        if self.entered(node) {
            self.view.tree[node].add_result(virtual_loss(pos.turn()));
        }
    }

    /// Whether the descent counted a virtual loss when it entered `node`.
    fn entered(&self, node: NodeId) -> bool {
        self.shared && node != ROOT
    }

    /// Walks down from the root by UCT value until a node gets a new child
    /// (see [`Descent::expand`]), has no child to go on to, or decides the
    /// result by itself. `None` if the root has no move at all.
    fn descend(&mut self) -> Option<Leaf> {
        let mut pos = *self.view.root;
        let mut node = ROOT;
        let mut depth = 0u32;
        self.worker.line.clear();
        loop {
            let stop = |result| Leaf {
                node,
                pos,
                depth,
                added: false,
                result,
            };
            if let Some(result) = self.decided_result(node, &pos, depth) {
                return Some(stop(Some(result)));
            }
            if node != ROOT && self.repeats(&pos) {
                return Some(stop(Some(self.repetition_value())));
            }
            self.note_on_line(&pos, self.view.tree[node].mv());
            let chosen = if self.view.priors.is_some() && !walls_gone(&pos) {
                match self.puct_step(node, pos, depth) {
                    PuctStep::Added(leaf) => return Some(leaf),
                    PuctStep::NoMove => return None,
                    PuctStep::Child(child) => child,
                }
            } else {
                if self.may_expand(node, depth) {
                    match self.expand(node, pos, depth) {
                        Expansion::Added(leaf) => return Some(leaf),
                        Expansion::NoMove
                            if node == ROOT && self.view.tree[ROOT].children() == 0 =>
                        {
                            return None;
                        }
                        Expansion::NoMove | Expansion::Full | Expansion::Busy => {}
                    }
                }
                self.select_child(node, pos.turn())
            };
            let Some(child) = chosen else {
                return Some(stop(None));
            };
            if let Some(mv) = self.view.tree[child].mv() {
                pos.play_unchecked(mv);
            }
            node = child;
            depth += 1;
            self.enter(node, &pos);
        }
    }

    /// The result `node` (in `pos`, `depth` plies below the root) decides
    /// without a playout: a finished game, a drawn pawn race below the
    /// root, or a proven node below the root when proofs are tracked.
    fn decided_result(&self, node: NodeId, pos: &Position, depth: u32) -> Option<f64> {
        if let Some(winner) = pos.winner() {
            return Some(decided_value(self.view.uct, winner, depth));
        }
        if node != ROOT && self.race_result(pos) == Some(RaceResult::Draw) {
            return Some(DRAW);
        }
        let proof = self.view.tree[node].proof();
        if self.view.uct.tracks_proofs() && node != ROOT && proof != Proof::Unknown {
            let mover = pos.turn().other();
            let winner = if proof == Proof::Win {
                mover
            } else {
                mover.other()
            };
            let plies = depth + self.view.tree[node].proof_plies();
            return Some(decided_value(self.view.uct, winner, plies));
        }
        None
    }

    /// Whether the descent tries to add a child at `node`, `depth` moves
    /// below the root: not fully expanded, widening allows another child,
    /// the node and memory budgets have room, and (from `skip_from_depth` on) a coin flip
    /// does not send the descent on to an existing child.
    fn may_expand(&mut self, node: NodeId, depth: u32) -> bool {
        let n = &self.view.tree[node];
        let skip = n.children() > 0
            && self.view.uct.skip_from_depth.is_some_and(|d| depth >= d)
            && self.worker.rng.random_bool(0.5);
        !skip
            && !n.fully_expanded()
            && self.may_widen(n.children(), n.visits())
            && !self.view.uct.node_budget_reached(self.view.tree.len())
            && self.has_room()
    }

    /// Whether the tree's memory has room for another block of children
    /// and the move set their parent may need.
    fn has_room(&self) -> bool {
        self.view.tree.has_room(
            self.view.uct.tree_bytes(),
            ranked_reserve(self.view.params, self.view.uct, self.view.priors.is_some()),
        )
    }

    /// Adds a child of `node` (in `pos`) for one of its untried moves, under
    /// the node's expansion lock, and ends the descent there: a move that
    /// wins decides the result (and is proven when proofs are tracked); any
    /// other is played out. When another thread holds the lock the descent
    /// goes on to an existing child ([`Expansion::Busy`]): waiting put the
    /// thread to sleep in the kernel, which cost a shared search about 5%
    /// of its playouts. It waits only at a node still without children.
    fn expand(&mut self, node: NodeId, mut pos: Position, depth: u32) -> Expansion {
        let widening = self.view.uct.widening > 0.0;
        let tree = self.view.tree;
        // The candidates stay uncounted until the selector runs dry.
        let made = match self.view.priors.filter(|_| !walls_gone(&pos)) {
            // A node's priors are asked for when its first child is opened.
            Some(net) => tree.move_set_with(node, || {
                self.prior_set(net, &pos, node == ROOT).unwrap_or_default()
            }),
            None => tree.move_set(node, || {
                let mut ranked = Vec::new();
                if widening {
                    ranked_moves(&pos, &mut ranked, RANKED_MOVES);
                }
                ranked
            }),
        };
        let Some(set) = made else {
            return Expansion::Full;
        };
        // Another thread adding a child here: go on below instead of
        // waiting, unless there is no child yet to go on to. Then wait: a
        // playout from the node itself would count in it and in none of its
        // children (at the root, a playout the root's moves do not show).
        let mut set = match self.view.tree.try_lock(set) {
            Some(set) => set,
            None if self.view.tree[node].children() > 0 => return Expansion::Busy,
            None => self.view.tree.lock(set),
        };
        let Some(mv) = self.pick_untried(node, &pos, &set) else {
            return Expansion::NoMove;
        };
        let Some(child) = self.view.tree.add_child(node, &mut set, mv, pos.size()) else {
            return Expansion::Full;
        };
        drop(set);
        pos.play_unchecked(mv);
        let mut result = None;
        if let Some(winner) = pos.winner() {
            if self.view.uct.tracks_proofs() {
                self.view.tree.prove(child, Proof::Win, 0);
            }
            result = Some(decided_value(self.view.uct, winner, depth + 1));
        } else if let Some(race) = self.race_result(&pos) {
            // The pawn race decides: the mover (who made `mv`) wins when the
            // side now to move loses.
            let mover = pos.turn().other();
            let (winner, proof, plies) = match race {
                RaceResult::Loss(plies) => (Some(mover), Proof::Win, plies),
                RaceResult::Win(plies) => (Some(pos.turn()), Proof::Loss, plies),
                RaceResult::Draw => (None, Proof::Unknown, 0),
            };
            let plies = u32::from(plies);
            if self.view.uct.tracks_proofs() && proof != Proof::Unknown {
                self.view.tree.prove(child, proof, plies);
            }
            result =
                Some(winner.map_or(DRAW, |w| decided_value(self.view.uct, w, depth + 1 + plies)));
        } else if self.repeats(&pos) {
            result = Some(self.repetition_value());
        }
        Expansion::Added(Leaf {
            node: child,
            pos,
            depth: depth + 1,
            added: true,
            result,
        })
    }

    /// Whether `pos`, reached by the current descent, repeats a position
    /// of the game or of the descent (with `shortest_win`). A line that
    /// comes back where it was makes no progress: it counts as a draw,
    /// which with best play from there it is (the game never ends). Without
    /// this a side that is ahead followed a circle ever deeper, scoring the
    /// same evaluation at every turn of it, and walked that circle in the
    /// game (issue 61).
    fn repeats(&self, pos: &Position) -> bool {
        if !self.view.uct.shortest_win {
            return false;
        }
        let hash = pos.zobrist_hash();
        self.worker.line.contains(&hash) || self.view.history.contains(&hash)
    }

    /// What a line that repeats a position scores: a draw, a little worse
    /// for the side to move at the root ([`REPETITION_CONTEMPT`]), so that
    /// the root's side breaks a circle rather than walk it when it has a
    /// move the evaluation rates nearly as well: of two sides shuffling in
    /// a standoff, one is winning, and only play that leaves the circle
    /// can find out which.
    fn repetition_value(&self) -> f64 {
        let side = self.view.root.turn();
        quoridor_search::WinChance::new(side, DRAW - REPETITION_CONTEMPT).for_player(Player::One)
    }

    /// Adds `pos`, reached by `mv` (`None` at the root), to the descent's
    /// line; a wall starts the line afresh (no position before it can
    /// come again).
    fn note_on_line(&mut self, pos: &Position, mv: Option<Move>) {
        if !self.view.uct.shortest_win {
            return;
        }
        if matches!(mv, Some(Move::Wall(_))) {
            self.worker.line.clear();
        }
        self.worker.line.push(pos.zobrist_hash());
    }

    /// The pawn-race table's result for `pos`, when there is a table.
    fn race_result(&self, pos: &Position) -> Option<RaceResult> {
        self.view.race.and_then(|t| t.result(pos))
    }

    /// Counts a playout that started `depth` moves below the root.
    fn count_playout(&mut self, depth: u32) {
        let w = &mut *self.worker;
        w.playouts += 1;
        w.depth_sum += u64::from(depth);
        w.max_depth = w.max_depth.max(depth);
    }

    /// Adds `result` to the leaf and every node above it (in a shared tree,
    /// in place of the virtual losses counted on the way down).
    fn back_up(&self, leaf: &Leaf, result: f64) {
        let mut next = Some(leaf.node);
        let mut to_move = leaf.pos.turn();
        while let Some(id) = next {
            let n = &self.view.tree[id];
            // A new leaf was not entered: it counts its first visit here.
            if !self.shared {
                n.add_result_alone(result);
            } else if self.entered(id) && !(leaf.added && id == leaf.node) {
                n.settle_result(virtual_loss(to_move), result);
            } else {
                n.add_result(result);
            }
            next = n.parent();
            to_move = to_move.other();
        }
    }

    fn playout(&mut self, pos: Position) -> f64 {
        let mut selector = Selector {
            params: self.view.params,
            uct: self.view.uct,
            memory: &mut self.worker.memory,
            rng: &mut self.worker.rng,
            network: self.view.network,
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
        if self.view.uct.near_walls_only {
            let kept = walls & pos.near_wall_mask();
            restricted = kept != walls;
            walls = kept;
        }
        out.extend(walls.walls(n).map(Move::Wall));
        restricted
    }

    /// Whether a node with `children` children after `visits` visits may get
    /// another (always, without progressive widening).
    fn may_widen(&self, children: u16, visits: u32) -> bool {
        let w = self.view.uct.widening;
        w <= 0.0 || f64::from(children) < (w * (f64::from(visits) + 1.0).sqrt()).ceil()
    }

    /// A candidate move of `node` that is not yet a child (`set` is its
    /// locked move set): a winning step first when the solver is on, then
    /// with progressive widening the best-ranked one left, otherwise one
    /// chosen by the playout selector. When the selector keeps drawing
    /// tried moves the candidates are counted and one of the untried ones
    /// is drawn; `None` once there is none.
    fn pick_untried(&mut self, node: NodeId, pos: &Position, set: &MoveSet) -> Option<Move> {
        let n = &self.view.tree[node];
        if n.candidates().is_some_and(|c| n.children() >= c) {
            return None;
        }
        let tried = set.tried;
        if let Some(mv) = self.untried_by_rank(pos, set) {
            return Some(mv);
        }
        if let Some(mv) = self.untried_by_selector(pos, &tried) {
            return Some(mv);
        }
        self.untried_by_count(node, pos, &tried)
    }

    /// An untried winning step (with the solver), else the best-ranked
    /// untried move (with progressive widening).
    fn untried_by_rank(&self, pos: &Position, set: &MoveSet) -> Option<Move> {
        let size = pos.size();
        if self.view.uct.solver {
            let g = Geometry::of(size);
            let wins = pos.pawn_targets() & g.goal[pos.turn().index()] & !set.tried.pawn;
            if let Some(s) = wins.first() {
                return Some(Move::Pawn(Square::from_index(s, size)));
            }
        }
        set.ranked
            .iter()
            .find(|mv| !set.tried.has(**mv, size))
            .copied()
    }

    /// An untried move drawn by the playout selector, if one of a few draws
    /// gives one.
    fn untried_by_selector(&mut self, pos: &Position, tried: &TriedSet) -> Option<Move> {
        // The selector's draws are made in this node's position: its cached
        // paths belong to another one.
        self.worker.memory.walls_changed();
        for _ in 0..24 {
            let mut selector = Selector {
                params: self.view.params,
                uct: self.view.uct,
                memory: &mut self.worker.memory,
                rng: &mut self.worker.rng,
                network: None,
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
        let mut moves = std::mem::take(&mut self.worker.scratch);
        let restricted = self.candidates(pos, &mut moves);
        let total = moves.len();
        moves.retain(|m| !tried.has(*m, pos.size()));
        let pick = (!moves.is_empty()).then(|| moves[self.worker.rng.random_range(0..moves.len())]);
        self.worker.scratch = moves;
        let n = &self.view.tree[node];
        n.set_restricted(restricted);
        n.set_candidates(u16::try_from(total).unwrap_or(u16::MAX));
        if pick.is_none() {
            n.set_candidates(n.children());
            if self.view.uct.tracks_proofs() {
                self.view.tree.prove_if_all_lost(node);
            }
        }
        pick
    }

    /// The child with the best UCT value for `mover`, skipping proven
    /// losses; a proven win at once, except at a root that hunts a shorter
    /// win than its proven ones (see [`Tree::hunts_shorter_win`]): there
    /// the unproven children are searched, a proven one only when no other
    /// is left.
    fn select_child(&self, node: NodeId, mover: Player) -> Option<NodeId> {
        let parent = &self.view.tree[node];
        let ln_n = (parent.visits().max(1) as f64).ln();
        // C·sqrt(ln N / n) as (C·sqrt(ln N))·(1/sqrt(n)) with the second
        // factor cached in the child: no division or root per child, which
        // is where a large tree spent most of its time.
        let scale = (self.view.uct.uct_c * ln_n.sqrt()) as f32;
        let flip = mover == Player::Two;
        let tracks = self.view.uct.tracks_proofs();
        let hunt = node == ROOT && self.view.tree.hunts_shorter_win(self.view.win_floor);
        let mut best = None;
        let mut best_value = f32::NEG_INFINITY;
        let mut fallback = None;
        let mut fallback_visits = 0;
        for child in self.view.tree.children(node) {
            let ch = &self.view.tree[child];
            let visits = ch.visits();
            if tracks {
                match ch.proof() {
                    Proof::Win if !hunt => return Some(child),
                    Proof::Win | Proof::Loss => {
                        if fallback.is_none() || visits > fallback_visits {
                            fallback = Some(child);
                            fallback_visits = visits;
                        }
                        continue;
                    }
                    Proof::Unknown => {}
                }
            }
            let value = if visits == 0 {
                f32::INFINITY
            } else {
                let mean = ch.selection_mean();
                let winrate = if flip { 1.0 - mean } else { mean };
                winrate + scale * ch.inverse_sqrt_visits()
            };
            if value > best_value {
                best_value = value;
                best = Some(child);
            }
        }
        best.or(fallback)
    }
}

/// What an expansion attempt did.
pub(super) enum Expansion {
    /// A child was added; the descent ends at it.
    Added(Leaf),
    /// The node has no untried move left.
    NoMove,
    /// The pools are full (another thread took the last room).
    Full,
    /// Another thread holds the node's expansion lock.
    Busy,
}
