//! The policy's outputs: one index per move a position can have, seen from
//! the side to move as the value's inputs are ([`crate::features`]).
//!
//! On a board of `size`, a pawn move is indexed by the square it lands on
//! (`size²` indices, rank-major from a1; a jump lands on a square too, so
//! every pawn move of a position has its own) and a wall by its slot: first
//! the horizontal walls, then the vertical ones, `(size − 1)²` each, by the
//! corner square rank-major. So a position's legal moves get distinct
//! indices below [`policy_size`]`(size)`: 81 + 2·64 = 209 on 9×9
//! ([`POLICY_OUTPUTS`], what the network's head has).
//!
//! For player 2 the ranks are mirrored (a square's rank `r` becomes
//! `size − 1 − r`, a wall's corner rank `size − 2 − r`), so "forward" is the
//! same index for both colours; files are kept.
//!
//! ```
//! use quoridor_learned::{index_move, move_index, POLICY_OUTPUTS};
//! use quoridor_rules::{Move, Player};
//! let e2: Move = "e2".parse().unwrap();
//! assert_eq!(move_index(e2, 9, Player::One), Some(9 + 4));
//! // Player 2 stepping to e8 goes "forward" to the same index.
//! let e8: Move = "e8".parse().unwrap();
//! assert_eq!(move_index(e8, 9, Player::Two), Some(9 + 4));
//! let wall: Move = "a1v".parse().unwrap();
//! assert_eq!(move_index(wall, 9, Player::One), Some(81 + 64));
//! assert_eq!(index_move(81 + 64, 9, Player::One), Some(wall));
//! assert_eq!(POLICY_OUTPUTS, 209);
//! ```

use super::features::SIZE;
use quoridor_rules::{Move, Orientation, Player, Square, Wall, MAX_SIZE, MIN_SIZE};

/// The policy's outputs on a board of `size`: `size²` pawn destinations and
/// `2·(size − 1)²` wall slots.
pub const fn policy_size(size: u8) -> usize {
    let (n, slots) = (size as usize, size.saturating_sub(1) as usize);
    n * n + 2 * slots * slots
}

/// The outputs of the network's policy head: [`policy_size`] of the board
/// the value's inputs encode (9×9).
pub const POLICY_OUTPUTS: usize = policy_size(SIZE);

/// Whether boards of `size` have a move index (every size the rules allow).
fn supported(size: u8) -> bool {
    (MIN_SIZE..=MAX_SIZE).contains(&size)
}

/// `rank` seen from `turn` on a line of `top + 1` ranks.
fn seen_rank(rank: u8, top: u8, turn: Player) -> u8 {
    match turn {
        Player::One => rank,
        Player::Two => top - rank,
    }
}

/// The index of `mv` on a board of `size` with `turn` to move, or `None`
/// when the move does not fit on that board (or the size is not one the
/// rules allow). Legality is not checked: two legal moves of one position
/// never share an index.
pub fn move_index(mv: Move, size: u8, turn: Player) -> Option<usize> {
    if !supported(size) {
        return None;
    }
    let n = usize::from(size);
    match mv {
        Move::Pawn(sq) => {
            if !sq.on_board(size) {
                return None;
            }
            let rank = seen_rank(sq.rank(), size - 1, turn);
            Some(usize::from(rank) * n + usize::from(sq.file()))
        }
        Move::Wall(wall) => {
            if !wall.on_board(size) {
                return None;
            }
            let corner = wall.corner();
            let slots = n - 1;
            let rank = seen_rank(corner.rank(), size - 2, turn);
            let slot = usize::from(rank) * slots + usize::from(corner.file());
            let first = match wall.orientation() {
                Orientation::Horizontal => n * n,
                Orientation::Vertical => n * n + slots * slots,
            };
            Some(first + slot)
        }
    }
}

/// The move whose index is `index` on a board of `size` with `turn` to
/// move ([`move_index`]'s inverse), or `None` when `index` is not below
/// [`policy_size`]`(size)`.
pub fn index_move(index: usize, size: u8, turn: Player) -> Option<Move> {
    if !supported(size) || index >= policy_size(size) {
        return None;
    }
    let n = usize::from(size);
    let slots = n - 1;
    if index < n * n {
        let rank = seen_rank((index / n) as u8, size - 1, turn);
        return Square::new((index % n) as u8, rank).map(Move::Pawn);
    }
    let rest = index - n * n;
    let (orientation, slot) = if rest < slots * slots {
        (Orientation::Horizontal, rest)
    } else {
        (Orientation::Vertical, rest - slots * slots)
    };
    let rank = seen_rank((slot / slots) as u8, size - 2, turn);
    let corner = Square::new((slot % slots) as u8, rank)?;
    Wall::new(corner, orientation).map(Move::Wall)
}

/// The index `index` becomes when the board of `size` is mirrored left-right
/// (files a ↔ the last): a pawn destination on file `f` goes to file
/// `size − 1 − f`, a wall with its corner on file `c` to `size − 2 − c`.
/// `None` when `index` is not below [`policy_size`]`(size)`. The trainer
/// mirrors a position's visit distribution with it.
pub fn mirror_move_index(index: usize, size: u8) -> Option<usize> {
    if !supported(size) || index >= policy_size(size) {
        return None;
    }
    let n = usize::from(size);
    let slots = n - 1;
    let within = |base: usize, width: usize| {
        let offset = index - base;
        base + (offset / width) * width + (width - 1 - offset % width)
    };
    Some(if index < n * n {
        within(0, n)
    } else if index < n * n + slots * slots {
        within(n * n, slots)
    } else {
        within(n * n + slots * slots, slots)
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use quoridor_rules::{Position, Variant};
    use rand::{Rng, SeedableRng};

    #[test]
    fn the_sizes_are_squares_and_slots() {
        assert_eq!(policy_size(9), 209);
        assert_eq!(policy_size(5), 25 + 32);
        assert_eq!(policy_size(11), 121 + 200);
        assert_eq!(POLICY_OUTPUTS, 209);
    }

    #[test]
    fn every_index_round_trips_for_both_colours_on_every_size() {
        for size in MIN_SIZE..=MAX_SIZE {
            for turn in [Player::One, Player::Two] {
                let mut moves = Vec::new();
                for index in 0..policy_size(size) {
                    let mv = index_move(index, size, turn).expect("an index below the size");
                    assert_eq!(move_index(mv, size, turn), Some(index), "{size} {mv}");
                    moves.push(mv);
                }
                // Distinct moves, one per index.
                moves.sort_unstable();
                moves.dedup();
                assert_eq!(moves.len(), policy_size(size));
                assert_eq!(index_move(policy_size(size), size, turn), None);
            }
        }
        assert_eq!(index_move(0, 2, Player::One), None);
        assert_eq!(index_move(0, 12, Player::One), None);
    }

    #[test]
    fn moves_off_the_board_have_no_index() {
        let far: Move = "j9".parse().expect("a square of an 11x11 board");
        assert_eq!(move_index(far, 9, Player::One), None);
        assert!(move_index(far, 11, Player::One).is_some());
        let wall: Move = "i1h".parse().expect("a wall of a larger board");
        assert_eq!(move_index(wall, 9, Player::One), None);
        assert!(move_index(wall, 10, Player::One).is_some());
    }

    #[test]
    fn player_two_sees_the_board_flipped() {
        let index = |text: &str, turn| move_index(text.parse().expect("move"), 9, turn);
        // e9 for player 2 is e1 for player 1: rank index 0.
        assert_eq!(index("e9", Player::Two), index("e1", Player::One));
        assert_eq!(index("e9", Player::Two), Some(4));
        // a wall with its corner on rank 8 (the last corner rank) is seen on
        // corner rank 1 by player 2.
        assert_eq!(index("c8h", Player::Two), index("c1h", Player::One));
        assert_eq!(index("c8v", Player::Two), Some(81 + 64 + 2));
        assert_ne!(index("c8h", Player::Two), index("c8h", Player::One));
        // Files are kept.
        assert_eq!(index("a5", Player::Two), index("a5", Player::One));
    }

    #[test]
    fn mirroring_is_an_involution_that_matches_mirrored_moves() {
        for size in MIN_SIZE..=MAX_SIZE {
            for index in 0..policy_size(size) {
                let m = mirror_move_index(index, size).expect("in range");
                assert_eq!(mirror_move_index(m, size), Some(index));
                // The mirrored index is the mirrored move's.
                let mv = index_move(index, size, Player::One).expect("a move");
                let mirrored = match mv {
                    Move::Pawn(sq) => {
                        Move::Pawn(Square::new(size - 1 - sq.file(), sq.rank()).expect("square"))
                    }
                    Move::Wall(w) => {
                        let c = w.corner();
                        let corner = Square::new(size - 2 - c.file(), c.rank()).expect("square");
                        Move::Wall(Wall::new(corner, w.orientation()).expect("wall"))
                    }
                };
                assert_eq!(move_index(mirrored, size, Player::One), Some(m));
            }
            assert_eq!(mirror_move_index(policy_size(size), size), None);
        }
    }

    /// Over random games on several boards, the legal moves of every position
    /// get distinct indices, for either side to move, and the same index for
    /// a position and its colour-swapped vertical mirror.
    #[test]
    fn every_legal_move_has_a_distinct_index() {
        let mut rng = rand_xoshiro::Xoshiro256PlusPlus::seed_from_u64(47);
        for (size, walls) in [(9, 10), (5, 3), (7, 6), (11, 10), (3, 1)] {
            let variant = Variant::new(size, walls).expect("variant");
            for _ in 0..12 {
                let mut pos = Position::new(variant);
                for _ in 0..80 {
                    if pos.is_over() {
                        break;
                    }
                    let moves = pos.legal_moves();
                    let mut indices: Vec<usize> = moves
                        .iter()
                        .map(|&mv| move_index(mv, size, pos.turn()).expect("on the board"))
                        .collect();
                    assert!(indices.iter().all(|&i| i < policy_size(size)));
                    indices.sort_unstable();
                    indices.dedup();
                    assert_eq!(indices.len(), moves.len(), "{size}x{size}");
                    pos.play_unchecked(moves[rng.random_range(0..moves.len())]);
                }
            }
        }
    }
}
