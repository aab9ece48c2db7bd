//! Zobrist keys of positions: one random number per pawn square of each
//! player, per wall slot of each orientation, per walls-in-stock count of
//! each player, for player 2 to move, and per variant. A position's hash is
//! the XOR of the numbers of what it holds, so a move updates it with a few
//! XORs ([`super::Position::zobrist_hash`]).
//!
//! The numbers are fixed (SplitMix64 from a constant seed), the same
//! natively and on wasm32: natively a table built at compile time; in the
//! page (wasm32) the same table built on first use, which keeps its 4 KB of
//! random bytes (gzip cannot shrink them) out of both of the page's wasm
//! files. Squares and slots are bit indices, which
//! mean different squares on different board sizes: the variant's number
//! tells the sizes apart. The standard game's variant number is 0, so its
//! keys are the ones the alpha-beta table computed before the keys moved
//! into the rules (the same table slots, the same searches node for node).

use super::bitboard::MAX_SIZE;
use super::moves::Player;
use super::variant::{Variant, MAX_WALLS};
use super::wall::Orientation;

const SQUARES: usize = (MAX_SIZE as usize) * (MAX_SIZE as usize);
const STOCKS: usize = MAX_WALLS as usize + 1;

/// The random numbers of the keys.
struct Keys {
    pawn: [[u64; SQUARES]; 2],
    wall: [[u64; SQUARES]; 2],
    stock: [[u64; STOCKS]; 2],
    side: u64,
}

const fn splitmix(state: &mut u64) -> u64 {
    *state = state.wrapping_add(0x9E37_79B9_7F4A_7C15);
    let mut z = *state;
    z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
    z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
    z ^ (z >> 31)
}

const fn build_keys() -> Keys {
    let mut state = 0x5155_4F52_4944_4F52; // "QUORIDOR"
    let mut z = Keys {
        pawn: [[0; SQUARES]; 2],
        wall: [[0; SQUARES]; 2],
        stock: [[0; STOCKS]; 2],
        side: 0,
    };
    let mut p = 0;
    while p < 2 {
        let mut s = 0;
        while s < SQUARES {
            z.pawn[p][s] = splitmix(&mut state);
            z.wall[p][s] = splitmix(&mut state);
            s += 1;
        }
        let mut w = 0;
        while w < STOCKS {
            z.stock[p][w] = splitmix(&mut state);
            w += 1;
        }
        p += 1;
    }
    z.side = splitmix(&mut state);
    z
}

#[cfg(not(target_arch = "wasm32"))]
static KEYS: Keys = build_keys();

/// In the page, the table is built on first use rather than stored.
#[cfg(target_arch = "wasm32")]
static KEYS: std::sync::LazyLock<Keys> = std::sync::LazyLock::new(build_keys);

/// The number of `player`'s pawn on the square with bit index `square`.
#[inline]
pub(super) fn pawn(player: Player, square: usize) -> u64 {
    KEYS.pawn[player.index()][square]
}

/// The number of a wall running `o` in slot `slot`.
#[inline]
pub(super) fn wall(o: Orientation, slot: usize) -> u64 {
    KEYS.wall[o as usize][slot]
}

/// The number of `player` holding `left` walls in stock.
#[inline]
pub(super) fn stock(player: Player, left: u8) -> u64 {
    KEYS.stock[player.index()][usize::from(left).min(STOCKS - 1)]
}

/// The number XORed in while player 2 is to move.
#[inline]
pub(super) fn side() -> u64 {
    KEYS.side
}

/// The number of `variant`: 0 for the standard game, otherwise drawn from
/// its size, walls and start squares (a seed apart from the tables').
pub(super) fn variant(variant: Variant) -> u64 {
    if variant == Variant::default() {
        return 0;
    }
    let n = variant.size();
    let mut state = u64::from_le_bytes([
        n,
        variant.walls(),
        variant.start(Player::One).index(n) as u8,
        variant.start(Player::Two).index(n) as u8,
        b'V',
        b'A',
        b'R',
        b'I',
    ]);
    splitmix(&mut state)
}

#[cfg(test)]
mod tests {
    use crate::{Bitboard, ByOrientation, Move, Player, Position, Variant, MAX_WALLS};
    use proptest::prelude::*;

    /// The position after playing, from the start of `variant`, the legal
    /// move `picks[i] % count` at each ply (stopping when the game ends),
    /// checking the kept hash against a fresh computation after every move.
    fn play_picks(variant: Variant, picks: &[usize]) -> Result<Position, TestCaseError> {
        let mut pos = Position::new(variant);
        prop_assert_eq!(pos.zobrist_hash(), pos.hash_from_scratch());
        for &pick in picks {
            let moves = pos.legal_moves();
            if moves.is_empty() {
                break;
            }
            pos.play(moves[pick % moves.len()]).expect("a legal move");
            prop_assert_eq!(
                pos.zobrist_hash(),
                pos.hash_from_scratch(),
                "{}",
                pos.diagram()
            );
        }
        Ok(pos)
    }

    fn any_variant() -> impl Strategy<Value = Variant> {
        (3u8..=11, 0u8..=MAX_WALLS).prop_map(|(size, walls)| {
            Variant::new(size, walls).expect("sizes 3 to 11, walls 0 to 20 are valid")
        })
    }

    proptest! {
        #[test]
        fn the_kept_hash_is_the_hash_from_scratch(
            variant in any_variant(),
            picks in proptest::collection::vec(0usize..1000, 0..60),
        ) {
            let pos = play_picks(variant, &picks)?;
            // The other ways a position changes keep it too.
            let passed = pos.passed();
            prop_assert_eq!(passed.zobrist_hash(), passed.hash_from_scratch());
            prop_assert_ne!(passed.zobrist_hash(), pos.zobrist_hash());
            let left = Player::BOTH.map(|p| pos.walls_left(p));
            let built = Position::with_walls(variant, pos.wall_slots(), left)
                .expect("the walls of a played position fit");
            prop_assert_eq!(built.zobrist_hash(), built.hash_from_scratch());
            let pawns = Player::BOTH.map(|p| pos.pawn_index(p));
            let placed = built.with_pawns(pawns, pos.turn()).expect("the played pawns");
            // Built rather than played: the same position, the same hash.
            prop_assert_eq!(placed, pos);
            prop_assert_eq!(placed.zobrist_hash(), pos.zobrist_hash());
        }

        #[test]
        fn transpositions_hash_equal(
            variant in any_variant(),
            prefix in proptest::collection::vec(0usize..1000, 0..30),
            (x, y, z) in (0usize..1000, 0usize..1000, 0usize..1000),
        ) {
            let pos = play_picks(variant, &prefix)?;
            // The side to move places walls x and z with the other side's
            // move y between them, in both orders.
            let walls: Vec<Move> = pos
                .legal_moves()
                .into_iter()
                .filter(|m| matches!(m, Move::Wall(_)))
                .collect();
            prop_assume!(walls.len() >= 2);
            let first = walls[x % walls.len()];
            let last = walls[(x + 1 + z % (walls.len() - 1)) % walls.len()];
            prop_assert_ne!(first, last);
            let mut a = pos;
            a.play(first).expect("legal");
            let replies = a.legal_moves();
            prop_assume!(!replies.is_empty());
            let reply = replies[y % replies.len()];
            let (mut b, mut c) = (pos, a);
            let other_order = b.play(last).and_then(|()| b.play(reply)).and_then(|()| b.play(first));
            prop_assume!(other_order.is_ok() && c.play(reply).is_ok() && c.play(last).is_ok());
            prop_assert_eq!(b, c);
            prop_assert_eq!(b.zobrist_hash(), c.zobrist_hash());
            prop_assert_eq!(b.zobrist_hash(), b.hash_from_scratch());
            prop_assert_ne!(b.zobrist_hash(), a.zobrist_hash());
        }
    }

    #[test]
    fn keys_tell_positions_apart_and_agree_on_transpositions() {
        let start = Position::new(Variant::default());
        let play = |moves: &[&str]| {
            let mut p = start;
            for m in moves {
                p.play(m.parse().expect("move")).expect("legal");
            }
            p
        };
        let a = play(&["e2", "e8", "d3h", "c6h"]);
        let b = play(&["d3h", "c6h", "e2", "e8"]);
        assert_eq!(a.zobrist_hash(), b.zobrist_hash());
        assert_ne!(start.zobrist_hash(), start.passed().zobrist_hash());
        assert_ne!(
            a.zobrist_hash(),
            play(&["e2", "e8", "d3v", "c6h"]).zobrist_hash()
        );
        assert_ne!(
            play(&["d3h"]).zobrist_hash(),
            play(&["e2"]).passed().zobrist_hash()
        );
    }

    #[test]
    fn the_variant_is_part_of_the_hash() {
        // The same bits on boards of other sizes or stocks are other positions.
        let five = Variant::new(5, 10).expect("variant");
        let nine_eight = Variant::new(9, 8).expect("variant");
        let slots = ByOrientation::new(Bitboard::single(0), Bitboard::EMPTY);
        let hashes: Vec<u64> = [Variant::default(), five, nine_eight]
            .into_iter()
            .map(|v| {
                Position::with_walls(v, slots, [0, 0])
                    .and_then(|p| p.with_pawns([2, 3], Player::One))
                    .expect("position")
                    .zobrist_hash()
            })
            .collect();
        assert_ne!(hashes[0], hashes[1]);
        assert_ne!(hashes[0], hashes[2]);
        assert_ne!(hashes[1], hashes[2]);
    }

    #[test]
    fn the_numbers_are_fixed() {
        // Compile-time numbers: the same on every platform and run. The
        // standard game's keys are those alpha-beta's table used before they
        // moved here (this value is the old table key of the start);
        // changing them changes alpha-beta's searches.
        let start = Position::new(Variant::default());
        assert_eq!(start.zobrist_hash(), PINNED_START);
    }

    const PINNED_START: u64 = 6_739_481_355_910_422_960;
}
