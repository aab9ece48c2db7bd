//! How big a variant's tables are, counted before anything is enumerated:
//! bounds on its wall configurations, positions and bytes, so that a solve
//! no machine could hold is refused at once, with the size it really needs.
//!
//! Wall configurations are counted by a transfer matrix over the grid of
//! wall centres (each centre holds nothing, a horizontal or a vertical
//! wall; two horizontal walls side by side overlap, as do two vertical ones
//! one above the other), by number of walls, without enumerating them:
//!
//! - **at most**: every set of walls that do not overlap or cross, path rule
//!   or not;
//! - **at least**: every set of vertical walls that do not overlap. Vertical
//!   walls never stop a pawn stepping straight towards its goal row, so each
//!   such set is legal whatever the pawns' squares.
//!
//! ```
//! use quoridor_rules::Variant;
//! use quoridor_solver::census::Census;
//! // 3x3 has four wall centres: nothing, or one of 8 walls, or two of them
//! // (two horizontal ones in different rows: 4 ways, two vertical ones in
//! // different columns: 4, or one of each at different centres: 12).
//! let census = Census::of(Variant::new(3, 1).unwrap());
//! assert_eq!(census.configs_at_most, 1 + 8 + 20);
//! ```

use super::index::Layout;
use quoridor_rules::Variant;

/// Bytes a configuration costs besides its table entries: its walls, reach
/// sets, children and hash entry (the solver's own estimate).
pub const CONFIG_BYTES: u128 = 200;

/// Bytes per table entry.
pub const ENTRY_BYTES: u128 = 2;

/// Bounds on a variant's size, counted up front.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Census {
    /// Legal wall configurations with up to both stocks placed: at least.
    pub configs_at_least: u128,
    /// The same: at most.
    pub configs_at_most: u128,
    /// Positions (both pawns on any square, either side to move, in every
    /// wall state: configuration and stock split): at least.
    pub positions_at_least: u128,
    /// The same: at most.
    pub positions_at_most: u128,
    /// Table entries by walls placed (one of each mirror-image pair of
    /// configurations stored): at least.
    pub layer_entries_at_least: Vec<u128>,
    /// The same: at most.
    pub layer_entries_at_most: Vec<u128>,
}

impl Census {
    /// Counts `variant`'s configurations and positions (microseconds, on
    /// any board).
    pub fn of(variant: Variant) -> Census {
        let size = variant.size();
        let walls = variant.walls();
        let max_placed = 2 * walls;
        let at_least = configurations(size, max_placed, false);
        let at_most = configurations(size, max_placed, true);
        let cells = u128::from(size).pow(2);
        let per_state = cells * cells * 2;
        // Pawn placements that are not positions (both on one square, or
        // one on its goal row while the other must move) make `per_state`
        // an upper bound of the positions in a state; the entries are that
        // many all the same.
        let positions_per_state = cells * (cells - 1) * 2;
        let states = |counts: &[u128]| -> u128 {
            counts
                .iter()
                .enumerate()
                .map(|(placed, c)| c.saturating_mul(splits(walls, placed)))
                .fold(0u128, u128::saturating_add)
        };
        let entries = |counts: &[u128], stored: fn(u128) -> u128| -> Vec<u128> {
            counts
                .iter()
                .enumerate()
                .map(|(placed, c)| {
                    stored(*c)
                        .saturating_mul(splits(walls, placed))
                        .saturating_mul(per_state)
                })
                .collect()
        };
        Census {
            configs_at_least: at_least.iter().fold(0, |a, c| a.saturating_add(*c)),
            configs_at_most: at_most.iter().fold(0, |a, c| a.saturating_add(*c)),
            positions_at_least: lower_positions(states(&at_least), positions_per_state, cells),
            positions_at_most: states(&at_most).saturating_mul(positions_per_state),
            // At least half of the configurations are stored; at most all.
            layer_entries_at_least: entries(&at_least, |c| c.div_ceil(2)),
            layer_entries_at_most: entries(&at_most, |c| c),
        }
    }

    /// Bytes the solve needs at least when it keeps the layers `keep_two`
    /// says (`false`: all of them; `true`: the largest two adjacent ones).
    pub fn bytes_at_least(&self, keep_two: bool) -> u128 {
        bytes(&self.layer_entries_at_least, keep_two)
            .saturating_add(self.configs_at_least.saturating_mul(CONFIG_BYTES))
    }

    /// Bytes the solve needs at most, as [`Census::bytes_at_least`].
    pub fn bytes_at_most(&self, keep_two: bool) -> u128 {
        bytes(&self.layer_entries_at_most, keep_two)
            .saturating_add(self.configs_at_most.saturating_mul(CONFIG_BYTES))
    }
}

/// A lower bound of the positions in `states` wall states: in each, both
/// pawns on different squares, either to move, less the placements with a
/// pawn already home (at most `2 × side × cells` of them per side to move,
/// counted generously).
fn lower_positions(states: u128, per_state: u128, cells: u128) -> u128 {
    let side = (cells as f64).sqrt() as u128;
    let finished = 2 * 2 * side * cells;
    states.saturating_mul(per_state.saturating_sub(finished))
}

/// Player 1's possible stocks with `placed` walls on the board.
fn splits(walls: u8, placed: usize) -> u128 {
    u8::try_from(placed).map_or(0, |p| Layout::splits(walls, p).count() as u128)
}

/// The table's bytes for entries per layer: all of them, or the largest
/// two adjacent layers.
fn bytes(entries: &[u128], keep_two: bool) -> u128 {
    let layer_bytes: Vec<u128> = entries
        .iter()
        .map(|e| e.saturating_mul(ENTRY_BYTES))
        .collect();
    if keep_two && layer_bytes.len() > 1 {
        layer_bytes
            .windows(2)
            .map(|w| w[0].saturating_add(w[1]))
            .max()
            .unwrap_or(0)
    } else {
        layer_bytes.iter().fold(0, |a, b| a.saturating_add(*b))
    }
}

/// Sets of non-overlapping walls on a board of `size` by number of walls
/// (index 0 up to `max_walls`): with horizontal walls too (`horizontal`) or
/// vertical ones alone. A transfer matrix over the wall centres, row by row:
/// the state is which centres of the row above hold a vertical wall (a
/// vertical wall below one of them would overlap it) and whether the centre
/// to the left holds a horizontal one.
fn configurations(size: u8, max_walls: u8, horizontal: bool) -> Vec<u128> {
    let m = usize::from(size.saturating_sub(1));
    let len = usize::from(max_walls) + 1;
    if m == 0 {
        let mut only_empty = vec![0; len];
        only_empty[0] = 1;
        return only_empty;
    }
    // ways[mask][left_h][walls]
    let states = 1usize << m;
    let mut ways = vec![vec![0u128; len]; states * 2];
    ways[0][0] = 1;
    for _row in 0..m {
        for col in 0..m {
            let mut next = vec![vec![0u128; len]; states * 2];
            for mask in 0..states {
                for left_h in 0..2 {
                    let from = &ways[mask * 2 + left_h];
                    if from.iter().all(|w| *w == 0) {
                        continue;
                    }
                    // Entering column `col`: the left neighbour's flag is
                    // only meaningful within the row.
                    let left_h = if col == 0 { 0 } else { left_h };
                    let above_v = mask >> col & 1 == 1;
                    let cleared = mask & !(1 << col);
                    // Nothing at this centre.
                    add(&mut next[cleared * 2], from, 0);
                    // A vertical wall: not under another one.
                    if !above_v {
                        add(&mut next[(cleared | 1 << col) * 2], from, 1);
                    }
                    // A horizontal wall: not beside another one.
                    if horizontal && left_h == 0 {
                        add(&mut next[cleared * 2 + 1], from, 1);
                    }
                }
            }
            ways = next;
        }
    }
    let mut total = vec![0u128; len];
    for per_state in &ways {
        for (t, w) in total.iter_mut().zip(per_state) {
            *t = t.saturating_add(*w);
        }
    }
    total
}

/// Adds `from`, shifted by `walls` more walls, into `to` (counts past the
/// largest wall count are dropped).
fn add(to: &mut [u128], from: &[u128], walls: usize) {
    for (i, w) in from.iter().enumerate() {
        if let Some(t) = to.get_mut(i + walls) {
            *t = t.saturating_add(*w);
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::configs::WallConfigs;

    fn variant(size: u8, walls: u8) -> Variant {
        Variant::new(size, walls).expect("a variant")
    }

    /// The enumerated (legal) configurations by walls placed.
    fn enumerated(size: u8, walls: u8) -> Vec<u128> {
        let configs =
            WallConfigs::enumerate(variant(size, walls), 2 * walls, |_| true).expect("no budget");
        let mut counts = vec![0u128; usize::from(2 * walls) + 1];
        for c in 0..configs.len() as u32 {
            counts[usize::from(configs.placed(crate::configs::ConfigId(c)))] += 1;
        }
        counts
    }

    #[test]
    fn the_bounds_hold_the_enumerated_counts_layer_by_layer() {
        for (size, walls) in [(3, 1), (3, 2), (3, 4), (4, 1), (4, 2), (5, 1), (5, 2)] {
            let exact = enumerated(size, walls);
            let low = configurations(size, 2 * walls, false);
            let high = configurations(size, 2 * walls, true);
            for placed in 0..exact.len() {
                assert!(
                    low[placed] <= exact[placed] && exact[placed] <= high[placed],
                    "{size}x{size} with {walls}, {placed} placed: {} <= {} <= {}",
                    low[placed],
                    exact[placed],
                    high[placed]
                );
            }
        }
    }

    #[test]
    fn without_a_path_to_cut_the_upper_bound_is_exact() {
        // On 3x3 no two walls can cut a pawn off (the path rule never
        // bites), so every non-overlapping set is legal.
        assert_eq!(configurations(3, 2, true), enumerated(3, 1));
        assert_eq!(configurations(3, 2, true), vec![1, 8, 20]);
    }

    #[test]
    fn vertical_walls_alone_are_counted_by_hand() {
        // 4x4: three columns of three centres; in one column 0, 1 (3 ways)
        // or 2 (the top and bottom) walls.
        let per_column = [1u128, 3, 1];
        let mut expected = vec![0u128; 7];
        for a in 0..3 {
            for b in 0..3 {
                for c in 0..3 {
                    expected[a + b + c] += per_column[a] * per_column[b] * per_column[c];
                }
            }
        }
        assert_eq!(configurations(4, 6, false), expected);
    }

    #[test]
    fn the_solved_five_by_five_falls_between_the_bounds() {
        // docs/solved.md: 5x5 with 3 walls each has 320,233 wall
        // configurations and 395,603,201 positions.
        let census = Census::of(variant(5, 3));
        assert!(census.configs_at_least <= 320_233 && 320_233 <= census.configs_at_most);
        assert!(census.positions_at_least <= 395_603_201);
        assert!(395_603_201 <= census.positions_at_most);
    }

    #[test]
    fn the_standard_board_needs_more_than_any_machine_holds() {
        let census = Census::of(variant(9, 10));
        // More than 2^56 bytes (64 PiB, 64 times the most --memory-gib
        // allows), even keeping two layers.
        assert!(census.bytes_at_least(true) > 1u128 << 56);
        assert!(census.configs_at_least > 10u128.pow(13));
    }

    #[test]
    fn a_board_without_walls_has_one_configuration() {
        let census = Census::of(variant(9, 0));
        assert_eq!((census.configs_at_least, census.configs_at_most), (1, 1));
        assert_eq!(census.positions_at_most, 81 * 80 * 2);
    }
}
