//! The pseudo-random move selector shared by playouts and tree expansion,
//! and the playout itself.

use super::eval::{evaluate, win_probability};
use super::params::{PlayoutPolicy, SearchParams};
use crate::game::{Bitboard, Geometry, Move, Orientation, Player, Position, Square, Wall};
use rand::rngs::SmallRng;
use rand::Rng;

/// Longest playout when `max_playout_moves` is unlimited; then the evaluation decides.
pub const PLAYOUT_SAFETY_LIMIT: u32 = 400;

const ORIENTATIONS: [Orientation; 2] = [Orientation::Horizontal, Orientation::Vertical];

/// A wall found to cut `player` off while their pawn stays in `region`
/// (thesis parameter 9).
#[derive(Clone, Copy, Debug)]
struct BlockingWall {
    slot: u8,
    orientation: u8,
    player: Player,
    region: Bitboard,
}

/// Breadth-first layers of squares by distance to one player's goal row
/// (layer 0 = the goal row), grown only as far as questions need.
#[derive(Clone, Debug, Default)]
struct GoalLayers {
    layers: Vec<Bitboard>,
    seen: Bitboard,
    /// Whether the search has reached every reachable square.
    complete: bool,
    /// Whether the layers belong to the current walls.
    valid: bool,
}

impl GoalLayers {
    /// Adds one layer; `false` once nothing new is reachable.
    fn grow(&mut self, pos: &Position, player: Player) -> bool {
        let g = Geometry::of(pos.size());
        if !self.valid {
            self.layers.clear();
            self.seen = g.goal[player.index()];
            self.layers.push(self.seen);
            self.complete = false;
            self.valid = true;
            return true;
        }
        if self.complete {
            return false;
        }
        let [bn, be] = pos.blocked_edges();
        let last = self.layers.last().copied().unwrap_or(Bitboard::EMPTY);
        let next = g.grow(last, bn, be) & !self.seen;
        if next.is_empty() {
            self.complete = true;
            return false;
        }
        self.seen |= next;
        self.layers.push(next);
        true
    }

    /// Distance of `square` to the goal, growing the layers until it is
    /// found, plus `spare` layers beyond it.
    fn distance(
        &mut self,
        pos: &Position,
        player: Player,
        square: usize,
        spare: usize,
    ) -> Option<usize> {
        if !self.valid {
            self.grow(pos, player);
        }
        let k = match self.layers.iter().position(|l| l.has(square)) {
            Some(k) => k,
            None => loop {
                if !self.grow(pos, player) {
                    return None;
                }
                if self.layers.last().is_some_and(|l| l.has(square)) {
                    break self.layers.len() - 1;
                }
            },
        };
        while self.layers.len() <= k + spare && self.grow(pos, player) {}
        Some(k)
    }
}

/// Per-iteration memory of the selector: walls known to block, and distance
/// layers of both players. Positions only gain walls along one descent and
/// playout, so what is learnt about blocking stays true.
#[derive(Clone, Debug, Default)]
pub struct SelectorMemory {
    blocking: Vec<BlockingWall>,
    goal_layers: [GoalLayers; 2],
}

impl SelectorMemory {
    /// Forgets everything (at the start of an iteration).
    pub fn clear(&mut self) {
        self.blocking.clear();
        self.walls_changed();
    }

    /// Drops the cached distance layers (after a wall, or for another position).
    pub fn walls_changed(&mut self) {
        self.goal_layers[0].valid = false;
        self.goal_layers[1].valid = false;
    }

    /// The pawn's distance to its goal and the layers up to two beyond it.
    fn pawn_layers(&mut self, pos: &Position, player: Player) -> Option<(usize, &[Bitboard])> {
        let layers = &mut self.goal_layers[player.index()];
        let k = layers.distance(pos, player, pos.pawn_index(player), 2)?;
        Some((k, &layers.layers))
    }

    /// Of `targets` (squares next to `player`'s pawn), those closest to the goal.
    fn closest(&mut self, pos: &Position, player: Player, targets: Bitboard) -> Bitboard {
        let Some((k, layers)) = self.pawn_layers(pos, player) else {
            return Bitboard::EMPTY;
        };
        // A step changes the distance by at most one, a jump by at most two.
        let from = k.saturating_sub(2);
        let to = (k + 3).min(layers.len());
        layers[from..to]
            .iter()
            .map(|&l| l & targets)
            .find(|hit| !hit.is_empty())
            .unwrap_or(Bitboard::EMPTY)
    }

    /// Wall slots `[horizontal, vertical]` that cut one shortest path of `player`.
    fn path_walls(&mut self, pos: &Position, player: Player) -> [Bitboard; 2] {
        let g = Geometry::of(pos.size());
        let [bn, be] = pos.blocked_edges();
        let Some((k, layers)) = self.pawn_layers(pos, player) else {
            return [Bitboard::EMPTY; 2];
        };
        g.path_walls(pos.pawn_index(player), layers[..k].iter().rev(), bn, be)
            .unwrap_or([Bitboard::EMPTY; 2])
    }

    fn known_blocking(&self, pos: &Position, slot: usize, o: usize) -> bool {
        self.blocking.iter().any(|b| {
            b.slot as usize == slot
                && b.orientation as usize == o
                && b.region.has(pos.pawn_index(b.player))
        })
    }
}

/// Squares `player` can reach with a wall at `slot` added.
fn region_with_wall(pos: &Position, slot: usize, o: Orientation, player: Player) -> Bitboard {
    let g = Geometry::of(pos.size());
    let [mut bn, mut be] = pos.blocked_edges();
    match o {
        Orientation::Horizontal => bn = bn.with(slot).with(slot + 1),
        Orientation::Vertical => be = be.with(slot).with(slot + g.size),
    }
    let mut reached = Bitboard::single(pos.pawn_index(player));
    loop {
        let grown = g.grow(reached, bn, be);
        if grown == reached {
            return reached;
        }
        reached = grown;
    }
}

/// Wall slots near the action: on a shortest path of either pawn, or within
/// one groove of a pawn's corners. `[horizontal, vertical]`.
pub fn near_wall_mask(pos: &Position) -> [Bitboard; 2] {
    let g = Geometry::of(pos.size());
    let n = g.size;
    let mut mask = [Bitboard::EMPTY; 2];
    for p in Player::BOTH {
        if let Some(path) = pos.shortest_path_walls(p) {
            mask[0] |= path[0];
            mask[1] |= path[1];
        }
        // The four slots around the pawn's square, and the slots next to those.
        let pawn = Bitboard::single(pos.pawn_index(p));
        let touching = pawn | (pawn >> 1) | (pawn >> n) | (pawn >> (n + 1));
        let corners = g.grow(touching, Bitboard::EMPTY, Bitboard::EMPTY);
        mask[0] |= corners & g.slots;
        mask[1] |= corners & g.slots;
    }
    mask
}

/// A uniformly random element of `set`, which must not be empty.
#[inline]
fn random_element(set: Bitboard, range: usize, rng: &mut SmallRng) -> usize {
    let count = set.count();
    if count * 4 >= range as u32 {
        // Dense: rejection sampling over the index range.
        loop {
            let i = rng.random_range(0..range);
            if set.has(i) {
                return i;
            }
        }
    }
    set.nth(rng.random_range(0..count)).unwrap_or(0)
}

/// The pseudo-random move selector used by playouts and expansion.
pub struct Selector<'a> {
    pub params: &'a SearchParams,
    pub memory: &'a mut SelectorMemory,
    pub rng: &'a mut SmallRng,
}

impl Selector<'_> {
    /// Whether the wall at `slot` is legal, learning blocking walls as it goes.
    /// `slot` must be free of overlaps.
    fn wall_keeps_paths(&mut self, pos: &Position, slot: usize, o: usize) -> bool {
        let remember = self.params.remember_blocking_walls;
        if !pos.closing_wall_slots()[o].has(slot) {
            // Touches at most one point of the edge or other walls: it cannot
            // close a region, so it cannot cut anyone off.
            return true;
        }
        if remember && self.memory.known_blocking(pos, slot, o) {
            return false;
        }
        match pos.wall_cuts_off(slot, ORIENTATIONS[o]) {
            None => true,
            Some(player) => {
                if remember {
                    let region = region_with_wall(pos, slot, ORIENTATIONS[o], player);
                    self.memory.blocking.push(BlockingWall {
                        slot: slot as u8,
                        orientation: o as u8,
                        player,
                        region,
                    });
                }
                false
            }
        }
    }

    /// Walls the selector may draw from (before path checks).
    fn wall_universe(&self, pos: &Position) -> [Bitboard; 2] {
        if pos.walls_left(pos.turn()) == 0 {
            return [Bitboard::EMPTY; 2];
        }
        let g = Geometry::of(pos.size());
        let mut universe = if self.params.remember_overlapping_walls {
            pos.free_wall_slots()
        } else {
            [g.slots; 2]
        };
        if self.params.near_walls_only {
            let near = near_wall_mask(pos);
            universe[0] &= near[0];
            universe[1] &= near[1];
        }
        universe
    }

    /// The thesis's selector: a uniformly random legal move by trial and error;
    /// rejected moves go on a forbidden list for this draw.
    pub fn uniform(&mut self, pos: &Position) -> Option<Move> {
        let n = pos.size();
        let range = n as usize * n as usize;
        let pawns = pos.pawn_targets();
        let mut walls = self.wall_universe(pos);
        let free = pos.free_wall_slots();
        loop {
            let np = pawns.count();
            let (nh, nv) = (walls[0].count(), walls[1].count());
            let total = np + nh + nv;
            if total == 0 {
                return None;
            }
            let k = self.rng.random_range(0..total);
            if k < np {
                let s = random_element(pawns, range, self.rng);
                return Some(Move::Pawn(Square::from_index(s, n)));
            }
            let o = usize::from(k >= np + nh);
            let slot = random_element(walls[o], range, self.rng);
            if free[o].has(slot) && self.wall_keeps_paths(pos, slot, o) {
                self.memory.walls_changed();
                return Some(Move::Wall(Wall::from_slot(slot, ORIENTATIONS[o], n)));
            }
            walls[o] = walls[o].without(slot);
        }
    }

    /// A shortest-path pawn step (random among equally short).
    pub fn shortest_step(&mut self, pos: &Position) -> Option<Move> {
        let n = pos.size();
        let best = self.memory.closest(pos, pos.turn(), pos.pawn_targets());
        if best.is_empty() {
            return None;
        }
        let s = random_element(best, n as usize * n as usize, self.rng);
        Some(Move::Pawn(Square::from_index(s, n)))
    }

    /// The extension policy: win at once if possible; with probability
    /// `1 - path_bias` a wall on the opponent's shortest path; otherwise a
    /// shortest-path step.
    pub fn shortest_path(&mut self, pos: &Position) -> Option<Move> {
        let me = pos.turn();
        let n = pos.size();
        let g = Geometry::of(n);
        if let Some(win) = (pos.pawn_targets() & g.goal[me.index()]).first() {
            return Some(Move::Pawn(Square::from_index(win, n)));
        }
        if pos.walls_left(me) > 0 && !self.rng.random_bool(self.params.path_bias.clamp(0.0, 1.0)) {
            let path = self.memory.path_walls(pos, me.other());
            {
                let free = pos.free_wall_slots();
                let mut cand = [free[0] & path[0], free[1] & path[1]];
                for _ in 0..4 {
                    let (nh, nv) = (cand[0].count(), cand[1].count());
                    if nh + nv == 0 {
                        break;
                    }
                    let o = usize::from(self.rng.random_range(0..nh + nv) >= nh);
                    let slot = random_element(cand[o], n as usize * n as usize, self.rng);
                    if self.wall_keeps_paths(pos, slot, o) {
                        self.memory.walls_changed();
                        return Some(Move::Wall(Wall::from_slot(slot, ORIENTATIONS[o], n)));
                    }
                    cand[o] = cand[o].without(slot);
                }
            }
        }
        self.shortest_step(pos).or_else(|| self.uniform(pos))
    }

    /// The result of a playout that `winner` won after `ply` moves, as the
    /// probability that player 1 wins (quicker wins count a little more).
    pub fn win_score(&self, winner: Player, ply: u32) -> f64 {
        let value = (1.0 - ply as f64 * self.params.win_length_penalty).max(0.9);
        if winner == Player::One {
            value
        } else {
            1.0 - value
        }
    }

    /// One move of the configured policy.
    pub fn select(&mut self, pos: &Position) -> Option<Move> {
        match self.params.playout_policy {
            PlayoutPolicy::ShortestPath => self.shortest_path(pos),
            PlayoutPolicy::Uniform => self.uniform(pos),
        }
    }

    /// Plays random moves from `pos` and returns the probability that player 1
    /// wins: 1 or 0 if the game ends, else the evaluation after `maxd` moves.
    /// Also returns the number of moves played.
    pub fn playout(&mut self, mut pos: Position) -> (f64, u32) {
        let limit = self
            .params
            .max_playout_moves
            .unwrap_or(PLAYOUT_SAFETY_LIMIT);
        // The cached distance layers may belong to another position of the tree.
        self.memory.walls_changed();
        let mut ply = 0;
        while ply < limit {
            if let Some(w) = pos.winner() {
                return (self.win_score(w, ply), ply);
            }
            // Smart playouts: each player's every second move (plies 2,3 of every 4).
            let smart = self.params.smart_playouts && ply % 4 >= 2;
            let mv = if smart {
                self.shortest_step(&pos)
            } else {
                self.select(&pos)
            };
            let Some(mv) = mv else { break };
            pos.play_unchecked(mv);
            ply += 1;
        }
        if let Some(w) = pos.winner() {
            return (self.win_score(w, ply), ply);
        }
        let tempo = match pos.turn() {
            Player::One => self.params.tempo,
            Player::Two => -self.params.tempo,
        };
        let e = evaluate(&pos, self.params.wall_weight) + tempo;
        (win_probability(e, self.params.score_slope), ply)
    }
}
