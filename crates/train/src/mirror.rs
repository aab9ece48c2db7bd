//! The board's left-right mirror (files a ↔ i) in the inputs' space: the
//! rules are symmetric under it and the inputs are not, so every training
//! position gives a second one for free.

use quoridor_engines::learned::{
    HORIZONTAL_WALLS, MY_PAWN, MY_STOCK, SIZE, SLOTS, SQUARES, THEIR_PAWN, VERTICAL_WALLS,
};

/// The input that `index` becomes when the board is mirrored left-right:
/// a pawn on file `f` goes to file `8 − f`, a wall whose corner is on file
/// `c` (covering files `c` and `c + 1`) to corner file `7 − c`; walls in
/// stock and path lengths do not change.
pub fn mirror_input(index: usize) -> usize {
    let size = usize::from(SIZE);
    let within = |base: usize, width: usize| {
        let offset = index - base;
        let (row, file) = (offset / width, offset % width);
        base + row * width + (width - 1 - file)
    };
    match index {
        i if i < THEIR_PAWN => within(MY_PAWN, size),
        i if i < HORIZONTAL_WALLS => within(THEIR_PAWN, size),
        i if i < VERTICAL_WALLS => within(HORIZONTAL_WALLS, size - 1),
        i if i < MY_STOCK => within(VERTICAL_WALLS, size - 1),
        i => i,
    }
}

// Both blocks of pawn squares and of wall slots are whole rows.
const _: () = assert!(SQUARES % SIZE as usize == 0 && SLOTS % (SIZE as usize - 1) == 0);

#[cfg(test)]
mod tests {
    use super::*;
    use quoridor_engines::learned::{active_features, INPUTS};
    use quoridor_rules::{Move, Position, Variant};
    use rand::{Rng, SeedableRng};

    /// A move's text with its file mirrored (`c3` → `g3`, `c3h` → `f3h`).
    fn mirrored_move(mv: Move) -> Move {
        let text = mv.to_string();
        let file = text.as_bytes()[0] - b'a';
        let is_wall = text.ends_with('h') || text.ends_with('v');
        let last = if is_wall { SIZE - 2 } else { SIZE - 1 };
        let mirrored = format!("{}{}", char::from(b'a' + last - file), &text[1..]);
        mirrored.parse().expect("a mirrored move")
    }

    fn mirrored_indices(pos: &Position) -> Vec<usize> {
        let active = active_features(pos).expect("9x9");
        let mut out: Vec<usize> = active
            .indices()
            .iter()
            .map(|&i| mirror_input(usize::from(i)))
            .collect();
        out.sort_unstable();
        out
    }

    #[test]
    fn mirroring_twice_is_the_identity_and_a_permutation() {
        let mut seen = vec![false; INPUTS];
        for i in 0..INPUTS {
            let m = mirror_input(i);
            assert!(m < INPUTS);
            assert_eq!(mirror_input(m), i);
            seen[m] = true;
        }
        assert!(seen.iter().all(|&s| s));
        // a1 ↔ i1 for the side to move; a wall at a1 ↔ one at h1.
        assert_eq!(mirror_input(MY_PAWN), MY_PAWN + 8);
        assert_eq!(mirror_input(HORIZONTAL_WALLS), HORIZONTAL_WALLS + 7);
        assert_eq!(mirror_input(MY_STOCK + 3), MY_STOCK + 3);
    }

    #[test]
    fn the_mirrored_inputs_are_those_of_the_mirrored_game() {
        let mut rng = rand_xoshiro::Xoshiro256PlusPlus::seed_from_u64(11);
        for _ in 0..30 {
            let mut pos = Position::new(Variant::default());
            let mut mirror = Position::new(Variant::default());
            for _ in 0..80 {
                let theirs: Vec<usize> = active_features(&mirror)
                    .expect("9x9")
                    .indices()
                    .iter()
                    .map(|&i| usize::from(i))
                    .collect();
                assert_eq!(mirrored_indices(&pos), theirs);
                if pos.is_over() {
                    break;
                }
                let moves = pos.legal_moves();
                let mv = moves[rng.random_range(0..moves.len())];
                pos.play_unchecked(mv);
                mirror.play(mirrored_move(mv)).expect("the mirror is legal");
            }
        }
    }
}
