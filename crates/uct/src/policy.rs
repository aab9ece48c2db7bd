//! The pseudo-random move selector shared by playouts and tree expansion,
//! and the playout itself.

use super::params::{PlayoutPolicy, UctParams};
use quoridor_learned::{self as learned, Network};
use quoridor_rules::{
    Bitboard, ByOrientation, Geometry, Move, Orientation, Player, Position, Square, Wall, WallSlots,
};
use quoridor_search::EngineRng;
use quoridor_search::SearchParams;
use quoridor_search::{thesis_evaluation, win_probability, WinChance};
use rand::Rng;

/// Longest playout when `max_playout_moves` is unlimited; then the evaluation decides.
pub const PLAYOUT_SAFETY_LIMIT: u32 = 400;

/// A wall found to cut `player` off while their pawn stays in `region`
/// (thesis parameter 9).
#[derive(Clone, Copy, Debug)]
struct BlockingWall {
    slot: u8,
    orientation: Orientation,
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

    /// Wall slots that cut one shortest path of `player`.
    fn path_walls(&mut self, pos: &Position, player: Player) -> WallSlots {
        let g = Geometry::of(pos.size());
        let [bn, be] = pos.blocked_edges();
        let Some((k, layers)) = self.pawn_layers(pos, player) else {
            return WallSlots::EMPTY;
        };
        g.path_walls(pos.pawn_index(player), layers[..k].iter().rev(), bn, be)
            .unwrap_or(WallSlots::EMPTY)
    }

    fn known_blocking(&self, pos: &Position, slot: usize, o: Orientation) -> bool {
        self.blocking.iter().any(|b| {
            b.slot as usize == slot && b.orientation == o && b.region.has(pos.pawn_index(b.player))
        })
    }
}

/// A uniformly random element of `set`, which must not be empty.
#[inline]
fn random_element(set: Bitboard, range: usize, rng: &mut EngineRng) -> usize {
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
    pub uct: &'a UctParams,
    pub memory: &'a mut SelectorMemory,
    pub rng: &'a mut EngineRng,
    /// The network that scores the position where a playout stops
    /// (`eval=learned`); `None` scores it with the thesis's evaluation.
    pub network: Option<&'a Network>,
}

impl Selector<'_> {
    /// Whether the wall at `slot` is legal, learning blocking walls as it goes.
    /// `slot` must be free of overlaps.
    fn wall_keeps_paths(&mut self, pos: &Position, slot: usize, o: Orientation) -> bool {
        let remember = self.uct.remember_blocking_walls;
        if !pos.closing_wall_slots()[o].has(slot) {
            // Touches at most one point of the edge or other walls: it cannot
            // close a region, so it cannot cut anyone off.
            return true;
        }
        if remember && self.memory.known_blocking(pos, slot, o) {
            return false;
        }
        match pos.wall_cuts_off(slot, o) {
            None => true,
            Some(player) => {
                if remember {
                    let region = pos.region_with_wall(slot, o, player);
                    self.memory.blocking.push(BlockingWall {
                        slot: slot as u8,
                        orientation: o,
                        player,
                        region,
                    });
                }
                false
            }
        }
    }

    /// Walls the selector may draw from (before path checks).
    fn wall_universe(&self, pos: &Position) -> WallSlots {
        if pos.walls_left(pos.turn()) == 0 {
            return WallSlots::EMPTY;
        }
        let g = Geometry::of(pos.size());
        let mut universe = if self.uct.remember_overlapping_walls {
            pos.free_wall_slots()
        } else {
            ByOrientation::new(g.slots, g.slots)
        };
        if self.uct.near_walls_only {
            universe &= pos.near_wall_mask();
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
            let nh = walls[Orientation::Horizontal].count();
            let total = np + walls.count();
            if total == 0 {
                return None;
            }
            let k = self.rng.random_range(0..total);
            if k < np {
                let s = random_element(pawns, range, self.rng);
                return Some(Move::Pawn(Square::from_index(s, n)));
            }
            let o = if k < np + nh {
                Orientation::Horizontal
            } else {
                Orientation::Vertical
            };
            let slot = random_element(walls[o], range, self.rng);
            if free[o].has(slot) && self.wall_keeps_paths(pos, slot, o) {
                self.memory.walls_changed();
                return Some(Move::Wall(Wall::from_slot(slot, o, n)));
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
        if pos.walls_left(me) > 0 && !self.rng.random_bool(self.uct.path_bias.clamp(0.0, 1.0)) {
            let path = self.memory.path_walls(pos, me.other());
            {
                let mut cand = pos.free_wall_slots() & path;
                for _ in 0..4 {
                    let (nh, total) = (cand[Orientation::Horizontal].count(), cand.count());
                    if total == 0 {
                        break;
                    }
                    let o = if self.rng.random_range(0..total) < nh {
                        Orientation::Horizontal
                    } else {
                        Orientation::Vertical
                    };
                    let slot = random_element(cand[o], n as usize * n as usize, self.rng);
                    if self.wall_keeps_paths(pos, slot, o) {
                        self.memory.walls_changed();
                        return Some(Move::Wall(Wall::from_slot(slot, o, n)));
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
        let value = crate::params::discounted_win(ply, self.uct.win_length_penalty);
        WinChance::new(winner, value).for_player(Player::One)
    }

    /// One move of the configured policy.
    pub fn select(&mut self, pos: &Position) -> Option<Move> {
        match self.uct.playout_policy {
            PlayoutPolicy::ShortestPath => self.shortest_path(pos),
            PlayoutPolicy::Uniform => self.uniform(pos),
        }
    }

    /// Plays random moves from `pos` and returns the probability that player 1
    /// wins: 1 or 0 if the game ends, else the evaluation after `maxd` moves
    /// (the network's, turned to player 1's view, when there is one and it
    /// encodes the variant). Also returns the number of moves played.
    pub fn playout(&mut self, mut pos: Position) -> (f64, u32) {
        let limit = self.uct.max_playout_moves.unwrap_or(PLAYOUT_SAFETY_LIMIT);
        // The cached distance layers may belong to another position of the tree.
        self.memory.walls_changed();
        let mut ply = 0;
        while ply < limit {
            if let Some(w) = pos.winner() {
                return (self.win_score(w, ply), ply);
            }
            // Smart playouts: each player's every second move (plies 2,3 of every 4).
            let smart = self.uct.smart_playouts && ply % 4 >= 2;
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
        if let Some(chance) = self.network.and_then(|net| learned::win_chance(net, &pos)) {
            return (chance.for_player(Player::One), ply);
        }
        let tempo = match pos.turn() {
            Player::One => self.uct.tempo,
            Player::Two => -self.uct.tempo,
        };
        let e = thesis_evaluation(&pos, self.uct.wall_weight) + tempo;
        (win_probability(e, self.params.score_slope), ply)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::UctParams;
    use quoridor_learned::win_chance;
    use quoridor_rules::{Game, Variant};
    use rand::SeedableRng;

    /// The value of a playout of no moves from `record`, with `network`.
    fn leaf_value(record: &str, variant: Variant, network: Option<&Network>) -> f64 {
        let params = SearchParams::default();
        let uct = UctParams {
            max_playout_moves: Some(0),
            ..UctParams::default()
        };
        let pos = *Game::parse_with_variant(record, variant)
            .expect("record")
            .position();
        let mut memory = SelectorMemory::default();
        let mut rng = EngineRng::seed_from_u64(1);
        let mut selector = Selector {
            params: &params,
            uct: &uct,
            memory: &mut memory,
            rng: &mut rng,
            network,
        };
        selector.playout(pos).0
    }

    #[test]
    fn a_network_gives_the_leaf_value_in_player_ones_view() {
        let net = Network::random(32, 8, 21);
        let variant = Variant::default();
        for record in ["e2 e8 e3 c3h", "e2 e8 e3 c3h e4"] {
            let pos = *Game::parse_with_variant(record, variant)
                .expect("record")
                .position();
            let chance = win_chance(&net, &pos).expect("9x9");
            let learned = leaf_value(record, variant, Some(&net));
            assert_eq!(learned, chance.for_player(Player::One), "{record}");
            assert_ne!(learned, leaf_value(record, variant, None), "{record}");
        }
    }

    #[test]
    fn without_a_network_or_on_another_board_the_leaf_value_is_classic() {
        let net = Network::random(32, 8, 21);
        let small = Variant::new(5, 3).expect("variant");
        assert_eq!(
            leaf_value("c2 c4", small, Some(&net)),
            leaf_value("c2 c4", small, None)
        );
        // Classic: the thesis's evaluation through the win probability.
        let pos = *Game::parse_with_variant("e2", Variant::default())
            .expect("record")
            .position();
        let (params, uct) = (SearchParams::default(), UctParams::default());
        let tempo = -uct.tempo; // player 2 to move
        let e = thesis_evaluation(&pos, uct.wall_weight) + tempo;
        assert_eq!(
            leaf_value("e2", Variant::default(), None),
            win_probability(e, params.score_slope)
        );
    }
}
