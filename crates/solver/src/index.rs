//! Where a position sits in the solver's table: its wall configuration and
//! the split of the stocks make a *wall state*; the pawns and the side to
//! move an index inside it.
//!
//! Wall states are numbered configuration by configuration (fewest walls
//! first), each configuration's stock splits by player 1's stock; a wall
//! move therefore always leads to a later wall state, which is what lets
//! the solver go from the fullest layer down.
//!
//! Only one of each pair of mirror-image configurations has wall states
//! ([`WallConfigs::is_stored`]): a position of the other is found mirrored
//! left to right (its walls and both pawns), which has the same value. That
//! halves the table.

use super::configs::{ConfigId, WallConfigs};
use quoridor_rules::{Player, Position};
use std::ops::RangeInclusive;

/// Index of a wall state: a configuration with one split of the stocks.
#[derive(Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord, Debug)]
pub struct StateId(pub u64);

/// One wall state: the configuration and both stocks.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub struct WallState {
    /// Its number.
    pub id: StateId,
    /// The placed walls.
    pub config: ConfigId,
    /// Walls left to player 1 and player 2.
    pub walls_left: [u8; 2],
}

/// The numbering of a variant's wall states and positions.
#[derive(Clone, Debug)]
pub struct Layout {
    walls: u8,
    /// Squares per side of the board.
    side: usize,
    cells: usize,
    /// First state of each configuration, and the total at the end.
    state_start: Vec<u64>,
    /// First state of each layer (walls placed), and the total at the end.
    layer_start: Vec<u64>,
}

impl Layout {
    /// The numbering for `walls` per player over `configs` (enumerated up to
    /// `2 * walls` placed walls).
    pub fn new(configs: &WallConfigs, walls: u8) -> Layout {
        let side = usize::from(configs.variant().size());
        let cells = side * side;
        let mut state_start = Vec::with_capacity(configs.len() + 1);
        let mut next = 0u64;
        let mut layer_start = Vec::with_capacity(usize::from(configs.max_placed()) + 2);
        for placed in 0..=configs.max_placed() {
            layer_start.push(next);
            let splits = Self::splits(walls, placed).count() as u64;
            for c in configs.layer(placed) {
                state_start.push(next);
                if configs.is_stored(c) {
                    next += splits;
                }
            }
        }
        state_start.push(next);
        layer_start.push(next);
        Layout {
            walls,
            side,
            cells,
            state_start,
            layer_start,
        }
    }

    /// Player 1's possible stocks when `placed` walls are on the board and
    /// each player started with `walls` (the rest is player 2's).
    pub fn splits(walls: u8, placed: u8) -> RangeInclusive<u8> {
        let left = (2 * walls).saturating_sub(placed);
        left.saturating_sub(walls)..=left.min(walls)
    }

    /// At least how many entries each layer will have, from the first
    /// configuration id of each layer enumerated so far (`layer_start`, the
    /// last: the end) on a board of `size` with `walls` each: at least half
    /// the configurations are stored (one of each mirror-image pair). What
    /// a solve's budget is checked against while the configurations are
    /// still being enumerated; [`Layout::layer_entries`] is exact after.
    pub fn layer_entries_at_least(layer_start: &[u32], size: u8, walls: u8) -> Vec<u64> {
        let per_state = (u64::from(size).pow(2)).pow(2) * 2;
        layer_start
            .windows(2)
            .enumerate()
            .map(|(placed, w)| {
                u64::from(w[1] - w[0]).div_ceil(2)
                    * Self::splits(walls, placed as u8).count() as u64
                    * per_state
            })
            .collect()
    }

    /// Positions in one wall state: both pawns on any square, either to move.
    pub fn per_state(&self) -> usize {
        self.cells * self.cells * 2
    }

    /// Number of wall states.
    pub fn states(&self) -> u64 {
        self.state_start.last().copied().unwrap_or(0)
    }

    /// Number of table entries (positions and the indices that are none).
    pub fn entries(&self) -> u64 {
        self.states() * self.per_state() as u64
    }

    /// Number of layers (0 walls placed up to the most).
    pub fn layers(&self) -> usize {
        self.layer_start.len() - 1
    }

    /// The first wall state with `placed` walls on the board.
    pub fn layer_first_state(&self, placed: usize) -> u64 {
        self.layer_start[placed]
    }

    /// Table entries of the positions with `placed` walls on the board.
    pub fn layer_entries(&self, placed: usize) -> u64 {
        (self.layer_start[placed + 1] - self.layer_start[placed]) * self.per_state() as u64
    }

    /// The layer of table index `index` and the index within that layer.
    pub fn locate(&self, index: u64) -> Option<(usize, u64)> {
        let state = index / self.per_state() as u64;
        if state >= self.states() {
            return None;
        }
        let layer = self.layer_start.partition_point(|&s| s <= state) - 1;
        Some((
            layer,
            index - self.layer_start[layer] * self.per_state() as u64,
        ))
    }

    /// Walls each player starts with.
    pub fn walls(&self) -> u8 {
        self.walls
    }

    /// The wall state of `config` with player 1 holding `left_one` walls;
    /// `None` if the stocks do not fit or `config` is stored as its mirror
    /// image (see [`Layout::stored_state`]).
    pub fn state(&self, configs: &WallConfigs, config: ConfigId, left_one: u8) -> Option<StateId> {
        let splits = Self::splits(self.walls, configs.placed(config));
        (configs.is_stored(config) && splits.contains(&left_one)).then(|| {
            StateId(self.state_start[config.0 as usize] + u64::from(left_one - splits.start()))
        })
    }

    /// Where the positions of `config` with player 1 holding `left_one`
    /// walls and the pawns on `pawns` are stored: the wall state and the
    /// pawns, mirrored left to right if `config` is stored as its mirror.
    #[inline]
    pub fn stored_state(
        &self,
        configs: &WallConfigs,
        config: ConfigId,
        left_one: u8,
        pawns: [usize; 2],
    ) -> Option<(StateId, [usize; 2])> {
        if configs.is_stored(config) {
            Some((self.state(configs, config, left_one)?, pawns))
        } else {
            let side = self.side;
            let mirrored = pawns.map(|s| s / side * side + (side - 1 - s % side));
            Some((
                self.state(configs, configs.mirror(config), left_one)?,
                mirrored,
            ))
        }
    }

    /// Every wall state of `config` (none if it is stored as its mirror).
    pub fn states_of(&self, configs: &WallConfigs, config: ConfigId) -> Vec<WallState> {
        let placed = configs.placed(config);
        let left = 2 * self.walls - placed.min(2 * self.walls);
        Self::splits(self.walls, placed)
            .filter_map(|one| {
                self.state(configs, config, one).map(|id| WallState {
                    id,
                    config,
                    walls_left: [one, left - one],
                })
            })
            .collect()
    }

    /// Index of the pawns and the side to move inside a wall state.
    #[inline]
    pub fn pawn_index(&self, pawns: [usize; 2], turn: Player) -> usize {
        (pawns[0] * self.cells + pawns[1]) * 2 + turn.index()
    }

    /// The pawns and the side to move at `index` inside a wall state.
    #[inline]
    pub fn pawns_at(&self, index: usize) -> ([usize; 2], Player) {
        let turn = if index % 2 == 0 {
            Player::One
        } else {
            Player::Two
        };
        let pair = index / 2;
        ([pair / self.cells, pair % self.cells], turn)
    }

    /// Table index of `pos` (or of its mirror image, which has the same
    /// value), if its walls were enumerated and its stocks fit this layout.
    pub fn index(&self, configs: &WallConfigs, pos: &Position) -> Option<u64> {
        if pos.variant().size() != configs.variant().size() {
            return None;
        }
        let config = configs.id(pos.wall_slots())?;
        let left = [pos.walls_left(Player::One), pos.walls_left(Player::Two)];
        if u16::from(left[0]) + u16::from(left[1]) + u16::from(configs.placed(config))
            != 2 * u16::from(self.walls)
        {
            return None;
        }
        let pawns = [pos.pawn_index(Player::One), pos.pawn_index(Player::Two)];
        let (state, pawns) = self.stored_state(configs, config, left[0], pawns)?;
        Some(state.0 * self.per_state() as u64 + self.pawn_index(pawns, pos.turn()) as u64)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use quoridor_rules::{Game, Variant};

    #[test]
    fn stock_splits_give_every_player_at_most_their_walls() {
        assert_eq!(Layout::splits(2, 0), 2..=2);
        assert_eq!(Layout::splits(2, 1), 1..=2);
        assert_eq!(Layout::splits(2, 2), 0..=2);
        assert_eq!(Layout::splits(2, 3), 0..=1);
        assert_eq!(Layout::splits(2, 4), 0..=0);
        assert_eq!(Layout::splits(0, 0), 0..=0);
    }

    #[test]
    fn a_position_and_its_mirror_image_share_an_index() {
        let variant = Variant::new(5, 2).expect("variant");
        let configs = WallConfigs::enumerate(variant, 4, |_| true).expect("small");
        let layout = Layout::new(&configs, 2);
        let game = Game::parse_with_variant("b1 c4 a1h d3v", variant).expect("game");
        let mirror = Game::parse_with_variant("d1 c4 d1h a3v", variant).expect("game");
        for ply in 0..=game.moves().len() {
            let (a, b) = (game.position_at(ply), mirror.position_at(ply));
            let (a, b) = (a.expect("ply"), b.expect("ply"));
            let config = configs.id(a.wall_slots()).expect("enumerated");
            let (ia, ib) = (layout.index(&configs, a), layout.index(&configs, b));
            if configs.mirror(config) == config {
                // Symmetric walls (none yet): both are stored.
                assert!(ply < 3, "ply {ply}");
            } else {
                assert_eq!(ia, ib, "ply {ply}");
            }
        }
        // About half the wall states: the symmetric configurations keep theirs.
        let all: u64 = (0..configs.len() as u32)
            .map(|c| Layout::splits(2, configs.placed(ConfigId(c))).count() as u64)
            .sum();
        assert!(layout.states() * 2 > all && layout.states() * 2 < all * 11 / 10);
    }

    #[test]
    fn positions_of_a_game_get_distinct_indices_that_read_back() {
        let variant = Variant::new(5, 2).expect("variant");
        let configs = WallConfigs::enumerate(variant, 4, |_| true).expect("small");
        let layout = Layout::new(&configs, 2);
        let game = Game::parse_with_variant("c2 c4 a1h b3v b2 d4 c2v", variant).expect("game");
        let mut seen = std::collections::HashSet::new();
        for ply in 0..=game.moves().len() {
            let pos = *game.position_at(ply).expect("ply of the game");
            let index = layout.index(&configs, &pos).expect("indexed");
            assert!(index < layout.entries());
            assert!(seen.insert(index));
            let within = (index % layout.per_state() as u64) as usize;
            let (pawns, turn) = layout.pawns_at(within);
            let config = configs.id(pos.wall_slots()).expect("enumerated");
            let mut expected = [pos.pawn_index(Player::One), pos.pawn_index(Player::Two)];
            if !configs.is_stored(config) {
                // Stored mirrored: files a–e become e–a.
                expected = expected.map(|s| s / 5 * 5 + 4 - s % 5);
            }
            assert_eq!(pawns, expected);
            assert_eq!(turn, pos.turn());
        }
        let other = *Game::parse_with_variant("c2", Variant::new(5, 3).expect("v"))
            .expect("game")
            .position();
        assert_eq!(
            layout.index(&configs, &other),
            None,
            "stocks of another variant"
        );
    }
}
