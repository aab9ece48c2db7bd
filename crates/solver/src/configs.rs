//! Every wall configuration of a variant, enumerated once, with what the
//! solver asks of each over and over: which squares still reach each goal
//! row (so the path rule is a table lookup) and which walls still fit, with
//! the configuration each makes.
//!
//! A configuration is a set of placed walls, whoever placed them; positions
//! with any split of the stocks share it, so the tables serve every wall
//! count up to the one enumerated (a 5×5 enumeration for 3 walls each holds
//! those for 0, 1 and 2 walls each).

use quoridor_rules::{Bitboard, Player, Position, Variant, Wall, WallSlots};
use std::collections::HashMap;

/// Index of a wall configuration in a [`WallConfigs`].
#[derive(Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord, Debug)]
pub struct ConfigId(pub u32);

/// The configurations of up to `max_placed` walls on one board size, in
/// layers by the number of walls placed (fewest first), each with its
/// reach sets and the walls that still fit.
#[derive(Clone, Debug)]
pub struct WallConfigs {
    variant: Variant,
    max_placed: u8,
    slots: Vec<WallSlots>,
    /// `layer_start[k]..layer_start[k + 1]` are the ids with `k` walls.
    layer_start: Vec<u32>,
    /// Per configuration: squares from which player 1's, then player 2's
    /// goal row can be reached through the walls (pawns do not block).
    reach: Vec<[Bitboard; 2]>,
    /// `children[child_start[c]..child_start[c + 1]]`: the walls that fit
    /// beside configuration `c` (no overlap, no crossing) and the
    /// configuration each makes. Empty for the last layer.
    child_start: Vec<u32>,
    children: Vec<(Wall, ConfigId)>,
    ids: HashMap<WallSlots, ConfigId>,
    /// Per configuration: its mirror image left to right (itself for a
    /// symmetric one).
    mirror: Vec<ConfigId>,
}

/// Why the enumeration stopped.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct TooBig {
    /// Configurations enumerated when the budget ran out.
    pub configs: u64,
    /// Walls placed in the layer that did not fit.
    pub layer: u8,
}

impl WallConfigs {
    /// Enumerates the configurations of up to `max_placed` walls on the
    /// board of `variant` (its wall stock does not matter here). `fits` is
    /// asked as each layer grows with the first id of each layer so far and
    /// the number enumerated at the end; when it says no, the
    /// enumeration stops with [`TooBig`] instead of running out of memory.
    pub fn enumerate(
        variant: Variant,
        max_placed: u8,
        mut fits: impl FnMut(&[u32]) -> bool,
    ) -> Result<WallConfigs, TooBig> {
        let n = variant.size();
        let mut configs = WallConfigs {
            variant,
            max_placed,
            slots: vec![WallSlots::EMPTY],
            layer_start: vec![0, 1],
            reach: Vec::new(),
            child_start: vec![0],
            children: Vec::new(),
            ids: HashMap::from([(WallSlots::EMPTY, ConfigId(0))]),
            mirror: Vec::new(),
        };
        for layer in 0..max_placed {
            let (start, end) = (
                configs.layer_start[usize::from(layer)],
                configs.layer_start[usize::from(layer) + 1],
            );
            if start == end {
                // No configuration of `layer` walls: none of more either.
                configs.layer_start.push(end);
                configs.child_start.extend((start..end).map(|_| 0));
                continue;
            }
            for c in start..end {
                let slots = configs.slots[c as usize];
                let pos = Position::with_walls(variant, slots, [0, 0])
                    .expect("enumerated walls fit the board");
                for wall in pos.free_wall_slots().walls(n) {
                    let mut grown = slots;
                    grown[wall.orientation()] = grown[wall.orientation()].with(wall.slot(n));
                    let next = ConfigId(configs.slots.len() as u32);
                    let id = *configs.ids.entry(grown).or_insert(next);
                    if id == next {
                        configs.slots.push(grown);
                    }
                    configs.children.push((wall, id));
                }
                configs.child_start.push(configs.children.len() as u32);
                // Ask as the layer grows too: one layer of a big board can
                // hold more configurations than memory.
                if c % 4096 == 0 {
                    let mut so_far = configs.layer_start.clone();
                    so_far.push(configs.slots.len() as u32);
                    if !fits(&so_far) {
                        return Err(TooBig {
                            configs: configs.slots.len() as u64,
                            layer: layer + 1,
                        });
                    }
                }
            }
            configs.layer_start.push(configs.slots.len() as u32);
            if !fits(&configs.layer_start) {
                return Err(TooBig {
                    configs: configs.slots.len() as u64,
                    layer: layer + 1,
                });
            }
        }
        // The last layer's configurations take no more walls.
        let last = configs.children.len() as u32;
        configs.child_start.resize(configs.slots.len() + 1, last);
        configs.reach = configs
            .slots
            .iter()
            .map(|&slots| {
                let pos = Position::with_walls(variant, slots, [0, 0])
                    .expect("enumerated walls fit the board");
                Player::BOTH.map(|p| reach_set(&pos, p))
            })
            .collect();
        // The rules are the same left to right, so the mirror of a
        // configuration is one too, with as many walls.
        configs.mirror = configs
            .slots
            .iter()
            .map(|slots| {
                *configs
                    .ids
                    .get(&slots.mirrored(n))
                    .expect("the mirror of a configuration is enumerated")
            })
            .collect();
        Ok(configs)
    }

    /// The variant whose board was enumerated.
    pub fn variant(&self) -> Variant {
        self.variant
    }

    /// Most walls placed in any configuration enumerated.
    pub fn max_placed(&self) -> u8 {
        self.max_placed
    }

    /// Number of configurations.
    pub fn len(&self) -> usize {
        self.slots.len()
    }

    /// Whether there are none (never: the empty board is one).
    pub fn is_empty(&self) -> bool {
        self.slots.is_empty()
    }

    /// The ids of the configurations with `placed` walls.
    pub fn layer(&self, placed: u8) -> impl Iterator<Item = ConfigId> + Clone {
        let k = usize::from(placed);
        let range = match (self.layer_start.get(k), self.layer_start.get(k + 1)) {
            (Some(&a), Some(&b)) => a..b,
            _ => 0..0,
        };
        range.map(ConfigId)
    }

    /// Walls placed in configuration `c`.
    pub fn placed(&self, c: ConfigId) -> u8 {
        self.layer_start.partition_point(|&s| s <= c.0) as u8 - 1
    }

    /// The walls of configuration `c`.
    pub fn slots(&self, c: ConfigId) -> WallSlots {
        self.slots[c.0 as usize]
    }

    /// The configuration holding exactly these walls, if enumerated.
    pub fn id(&self, slots: WallSlots) -> Option<ConfigId> {
        self.ids.get(&slots).copied()
    }

    /// The mirror image of `c` left to right (`c` itself if symmetric).
    #[inline]
    pub fn mirror(&self, c: ConfigId) -> ConfigId {
        self.mirror[c.0 as usize]
    }

    /// Whether the table stores `c`'s positions: of a configuration and its
    /// mirror image, the one with the lower id (a position and its mirror
    /// image have the same value, so the other is looked up mirrored).
    #[inline]
    pub fn is_stored(&self, c: ConfigId) -> bool {
        self.mirror(c) >= c
    }

    /// How many of the variant's positions each stored position of `c`
    /// stands for: 2 (itself and its mirror image, whose configuration is
    /// not stored), or 1 for symmetric walls (both images are stored).
    #[inline]
    pub fn positions_per_stored(&self, c: ConfigId) -> u64 {
        if self.mirror(c) == c {
            1
        } else {
            2
        }
    }

    /// Squares from which `player`'s goal row can be reached in `c`.
    #[inline]
    pub fn reach(&self, c: ConfigId, player: Player) -> Bitboard {
        self.reach[c.0 as usize][player.index()]
    }

    /// The walls that fit beside `c` and the configuration each makes.
    #[inline]
    pub fn children(&self, c: ConfigId) -> &[(Wall, ConfigId)] {
        let i = c.0 as usize;
        &self.children[self.child_start[i] as usize..self.child_start[i + 1] as usize]
    }

    /// Bytes the tables take (about).
    pub fn bytes(&self) -> usize {
        self.slots.len() * (std::mem::size_of::<WallSlots>() * 2 + 2 * 16 + 4 + 4 + 8)
            + self.children.len() * std::mem::size_of::<(Wall, ConfigId)>()
    }
}

/// Squares from which `player` can reach its goal row in `pos` (by the
/// rules' own distance map).
fn reach_set(pos: &Position, player: Player) -> Bitboard {
    let cells = usize::from(pos.size()) * usize::from(pos.size());
    let map = pos.distance_map(player);
    (0..cells)
        .filter(|&s| map.at(s).is_some())
        .fold(Bitboard::EMPTY, Bitboard::with)
}

#[cfg(test)]
mod tests {
    use super::*;
    use quoridor_rules::Orientation;

    fn all(variant: Variant, max_placed: u8) -> WallConfigs {
        WallConfigs::enumerate(variant, max_placed, |_| true).expect("small")
    }

    #[test]
    fn one_wall_configurations_are_the_wall_slots() {
        let five = Variant::new(5, 1).expect("variant");
        let configs = all(five, 1);
        assert_eq!(configs.layer(0).count(), 1);
        assert_eq!(configs.layer(1).count(), 2 * 4 * 4);
        assert_eq!(configs.children(ConfigId(0)).len(), 32);
        for c in configs.layer(1) {
            assert_eq!(configs.placed(c), 1);
            assert_eq!(configs.slots(c).count(), 1);
            assert!(configs.children(c).is_empty(), "last layer");
        }
    }

    #[test]
    fn layers_hold_each_set_of_non_overlapping_walls_once() {
        let three = Variant::new(3, 2).expect("variant");
        let configs = all(three, 8);
        // Brute force over the 2^8 subsets of the eight 3x3 wall slots.
        let mut expected = [0usize; 9];
        let slots: Vec<(usize, Orientation)> = [0, 1, 3, 4]
            .into_iter()
            .flat_map(|s| Orientation::BOTH.map(|o| (s, o)))
            .collect();
        for mask in 0u32..256 {
            let mut set = WallSlots::EMPTY;
            for (i, &(s, o)) in slots.iter().enumerate() {
                if mask & (1 << i) != 0 {
                    set[o] = set[o].with(s);
                }
            }
            if Position::with_walls(three, set, [0, 0]).is_some() {
                expected[mask.count_ones() as usize] += 1;
                let id = configs.id(set).expect("enumerated");
                assert_eq!(configs.slots(id), set);
                assert_eq!(configs.placed(id) as u32, mask.count_ones());
            }
        }
        for (k, &count) in expected.iter().enumerate() {
            assert_eq!(configs.layer(k as u8).count(), count, "{k} walls");
        }
    }

    #[test]
    fn reach_sets_follow_the_walls() {
        let five = Variant::new(5, 2).expect("variant");
        let configs = all(five, 2);
        // a1h and b1v shut a1 and b1 in: they are player 2's goal row, but
        // player 1 cannot get out of them to rank 5.
        let sealed = configs
            .id(WallSlots::new(Bitboard::single(0), Bitboard::single(1)))
            .expect("a1h b1v");
        let one = configs.reach(sealed, Player::One);
        assert_eq!(one.count(), 23);
        assert!(!one.has(0) && !one.has(1) && one.has(2));
        assert_eq!(configs.reach(sealed, Player::Two).count(), 25);
        let empty = ConfigId(0);
        assert_eq!(configs.reach(empty, Player::One).count(), 25);
    }

    #[test]
    fn mirrors_pair_configurations_of_a_layer_and_keep_their_reach_mirrored() {
        let five = Variant::new(5, 2).expect("variant");
        let configs = all(five, 4);
        let flip = |bits: Bitboard| {
            bits.iter()
                .fold(Bitboard::EMPTY, |b, s| b.with(s / 5 * 5 + (4 - s % 5)))
        };
        let mut symmetric = 0;
        for c in (0..configs.len() as u32).map(ConfigId) {
            let m = configs.mirror(c);
            assert_eq!(configs.mirror(m), c);
            assert_eq!(configs.placed(m), configs.placed(c));
            assert_eq!(configs.slots(m), configs.slots(c).mirrored(5));
            assert!(configs.is_stored(c) || configs.is_stored(m));
            assert_eq!(configs.is_stored(c) && configs.is_stored(m), m == c);
            for p in Player::BOTH {
                assert_eq!(configs.reach(m, p), flip(configs.reach(c, p)));
            }
            symmetric += usize::from(m == c);
        }
        // The empty board and the walls on the middle file's corners are
        // their own mirrors: few of them.
        assert!(
            symmetric > 1 && symmetric * 10 < configs.len(),
            "{symmetric}"
        );
    }

    #[test]
    fn the_budget_stops_the_enumeration() {
        let nine = Variant::default();
        let err = WallConfigs::enumerate(nine, 20, |starts| starts.len() < 4).unwrap_err();
        assert_eq!(err.layer, 2);
    }
}
