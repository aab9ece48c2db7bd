//! Perft: counts move sequences of a given length, the correctness anchor of
//! move generation.

use super::position::Position;

/// Number of move sequences of exactly `depth` moves from `pos`. A finished
/// game is one leaf and is not extended.
///
/// ```
/// use quoridor_rules::{perft, Position, Variant};
/// assert_eq!(perft(&Position::new(Variant::default()), 1), 131);
/// ```
pub fn perft(pos: &Position, depth: u32) -> u64 {
    if depth == 0 || pos.is_over() {
        return 1;
    }
    if depth == 1 {
        return pos.count_legal_moves() as u64;
    }
    let mut moves = Vec::with_capacity(140);
    pos.legal_moves_into(&mut moves);
    moves
        .into_iter()
        .map(|mv| {
            let mut next = *pos;
            next.play_unchecked(mv);
            perft(&next, depth - 1)
        })
        .sum()
}
