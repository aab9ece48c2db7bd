//! The learned evaluation's inputs: a position as a short list of active
//! features, seen from the side to move.
//!
//! Every input is 0 or 1 (one-hot), so a position is the list of the inputs
//! that are 1 — at most [`MAX_ACTIVE`] of the [`INPUTS`] — and a network's
//! first layer is a sum of the weight columns those indices pick (the NNUE
//! way: no multiplication, and a move changes only a few terms).
//!
//! The board is seen from the side to move: for player 2 the ranks are
//! mirrored (rank `r` becomes `8 - r`, a wall's corner rank `r` becomes
//! `7 - r`), so "my" pawn always runs towards rank 9 and one network serves
//! both colours. Files are kept as they are.
//!
//! | inputs | what is 1 |
//! |---|---|
//! | [`MY_PAWN`] + square | the side to move's pawn (81 squares, rank-major from a1) |
//! | [`THEIR_PAWN`] + square | the opponent's pawn |
//! | [`HORIZONTAL_WALLS`] + slot | a horizontal wall with its corner on that slot (64 slots, rank-major from a1, 8 a rank) |
//! | [`VERTICAL_WALLS`] + slot | a vertical wall |
//! | [`MY_STOCK`] + n | the side to move has `n` walls left (0–10) |
//! | [`THEIR_STOCK`] + n | the opponent has `n` walls left |
//! | [`MY_DISTANCE`] + d | the side to move's shortest path to its goal is `d` steps (`d` ≥ 20 share one input) |
//! | [`THEIR_DISTANCE`] + d | the opponent's shortest path |
//! | [`RACE`] + 10 + (theirs − mine) | the path difference, clamped to −10..=10 |
//!
//! Only the standard variant is encoded (9×9, 10 walls each; any start
//! squares): [`encodes`] says whether a position's variant is one.
//!
//! ```
//! use quoridor_rules::Game;
//! use quoridor_learned::{active_features, MY_PAWN, THEIR_PAWN};
//! let game: Game = "e2".parse().unwrap();
//! // Player 2 to move, seen from its side: its pawn on e9 becomes e1 (index 4),
//! // player 1's pawn on e2 becomes e8 (index 7 * 9 + 4).
//! let active = active_features(game.position()).unwrap();
//! assert!(active.contains(MY_PAWN + 4));
//! assert!(active.contains(THEIR_PAWN + 7 * 9 + 4));
//! ```

use quoridor_rules::{Orientation, Player, Position, Variant};

/// The board size the features encode.
pub const SIZE: u8 = 9;
/// Walls each player starts with in the encoded variant.
pub const WALLS: u8 = 10;
/// Squares on the board.
pub const SQUARES: usize = 81;
/// Wall slots of one orientation.
pub const SLOTS: usize = 64;
/// Path lengths at or beyond this share one input.
pub const DISTANCE_CAP: usize = 20;
/// The path difference is clamped to `-RACE_CAP..=RACE_CAP`.
pub const RACE_CAP: i32 = 10;

/// First input of the side to move's pawn square.
pub const MY_PAWN: usize = 0;
/// First input of the opponent's pawn square.
pub const THEIR_PAWN: usize = MY_PAWN + SQUARES;
/// First input of the horizontal wall slots.
pub const HORIZONTAL_WALLS: usize = THEIR_PAWN + SQUARES;
/// First input of the vertical wall slots.
pub const VERTICAL_WALLS: usize = HORIZONTAL_WALLS + SLOTS;
/// First input of the side to move's walls in stock.
pub const MY_STOCK: usize = VERTICAL_WALLS + SLOTS;
/// First input of the opponent's walls in stock.
pub const THEIR_STOCK: usize = MY_STOCK + WALLS as usize + 1;
/// First input of the side to move's path length.
pub const MY_DISTANCE: usize = THEIR_STOCK + WALLS as usize + 1;
/// First input of the opponent's path length.
pub const THEIR_DISTANCE: usize = MY_DISTANCE + DISTANCE_CAP + 1;
/// First input of the path difference.
pub const RACE: usize = THEIR_DISTANCE + DISTANCE_CAP + 1;
/// The number of inputs.
pub const INPUTS: usize = RACE + 2 * RACE_CAP as usize + 1;

/// The most inputs one position sets: two pawns, twenty walls, two stocks,
/// two path lengths and the difference.
pub const MAX_ACTIVE: usize = 2 + 2 * WALLS as usize + 2 + 2 + 1;

/// The inputs that are 1 for one position, in increasing order.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct ActiveFeatures {
    indices: [u16; MAX_ACTIVE],
    len: usize,
}

impl ActiveFeatures {
    fn new() -> ActiveFeatures {
        ActiveFeatures {
            indices: [0; MAX_ACTIVE],
            len: 0,
        }
    }

    fn push(&mut self, index: usize) {
        debug_assert!(index < INPUTS && self.len < MAX_ACTIVE);
        // Both bounds hold by construction: INPUTS < u16::MAX and a position
        // sets at most MAX_ACTIVE inputs.
        self.indices[self.len] = index as u16;
        self.len += 1;
    }

    /// The active inputs' indices, in increasing order.
    pub fn indices(&self) -> &[u16] {
        &self.indices[..self.len]
    }

    /// Whether input `index` is 1.
    pub fn contains(&self, index: usize) -> bool {
        self.indices().iter().any(|&i| usize::from(i) == index)
    }

    /// The dense input vector (0.0 or 1.0 for each of the [`INPUTS`]), as a
    /// trainer feeds it.
    pub fn dense(&self) -> [f32; INPUTS] {
        let mut x = [0.0; INPUTS];
        for &i in self.indices() {
            x[usize::from(i)] = 1.0;
        }
        x
    }
}

/// Whether positions of `variant` can be encoded (9×9 with 10 walls each).
pub fn encodes(variant: Variant) -> bool {
    variant.size() == SIZE && variant.walls() == WALLS
}

/// The active inputs of `pos` from the side to move's view, or `None` when
/// its variant is not the encoded one. A finished game has no evaluation to
/// learn, but is encoded all the same (a pawn on its goal row, path 0).
pub fn active_features(pos: &Position) -> Option<ActiveFeatures> {
    let distance = |player| {
        pos.distance_to_goal(player)
            .map_or(DISTANCE_CAP, |d| d as usize)
    };
    active_features_with_distances(pos, distance(pos.turn()), distance(pos.turn().other()))
}

/// [`active_features`] for a caller that already knows the shortest path
/// lengths (`mine` for the side to move, `theirs` for the opponent; a pawn cut
/// off counts as any length ≥ [`DISTANCE_CAP`]): the alpha-beta evaluation
/// computes them anyway, and each is a breadth-first search.
pub fn active_features_with_distances(
    pos: &Position,
    mine: usize,
    theirs: usize,
) -> Option<ActiveFeatures> {
    if !encodes(pos.variant()) {
        return None;
    }
    let me = pos.turn();
    let them = me.other();
    // Seen from player 2, ranks run the other way.
    let mirrored = me == Player::Two;
    let rank = |r: u8, top: u8| if mirrored { top - r } else { r };
    let square = |player: Player| {
        let sq = pos.pawn(player);
        usize::from(rank(sq.rank(), SIZE - 1)) * usize::from(SIZE) + usize::from(sq.file())
    };
    let mut out = ActiveFeatures::new();
    out.push(MY_PAWN + square(me));
    out.push(THEIR_PAWN + square(them));
    let mut walls: [Vec<usize>; 2] = [Vec::new(), Vec::new()];
    for wall in pos.walls() {
        let corner = wall.corner();
        let slot = usize::from(rank(corner.rank(), SIZE - 2)) * usize::from(SIZE - 1)
            + usize::from(corner.file());
        match wall.orientation() {
            Orientation::Horizontal => walls[0].push(HORIZONTAL_WALLS + slot),
            Orientation::Vertical => walls[1].push(VERTICAL_WALLS + slot),
        }
    }
    for group in &mut walls {
        group.sort_unstable();
        for &index in group.iter() {
            out.push(index);
        }
    }
    out.push(MY_STOCK + usize::from(pos.walls_left(me).min(WALLS)));
    out.push(THEIR_STOCK + usize::from(pos.walls_left(them).min(WALLS)));
    let (mine, theirs) = (mine.min(DISTANCE_CAP), theirs.min(DISTANCE_CAP));
    out.push(MY_DISTANCE + mine);
    out.push(THEIR_DISTANCE + theirs);
    let race = (theirs as i32 - mine as i32).clamp(-RACE_CAP, RACE_CAP);
    out.push(RACE + (race + RACE_CAP) as usize);
    Some(out)
}

/// Calls `visit` with each input of `pos` that does not depend on the path
/// lengths — the two pawns, the walls and the two stocks — seen from
/// `view`'s side (as if `view` were to move), in no particular order and
/// without building a list: what the quantised pass
/// ([`crate::QuantizedNetwork`]) sums. The caller checks [`encodes`] first.
#[inline]
pub fn visit_board_features(pos: &Position, view: Player, mut visit: impl FnMut(usize)) {
    let mirrored = view == Player::Two;
    let rank = |r: u8, top: u8| if mirrored { top - r } else { r };
    let square = |player: Player| {
        let sq = pos.pawn(player);
        usize::from(rank(sq.rank(), SIZE - 1)) * usize::from(SIZE) + usize::from(sq.file())
    };
    let them = view.other();
    visit(MY_PAWN + square(view));
    visit(THEIR_PAWN + square(them));
    for wall in pos.walls() {
        visit(wall_feature(wall, view));
    }
    visit(MY_STOCK + usize::from(pos.walls_left(view).min(WALLS)));
    visit(THEIR_STOCK + usize::from(pos.walls_left(them).min(WALLS)));
}

/// The input of `wall` seen from `view`'s side.
#[inline]
pub fn wall_feature(wall: quoridor_rules::Wall, view: Player) -> usize {
    let corner = wall.corner();
    let r = if view == Player::Two {
        SIZE - 2 - corner.rank()
    } else {
        corner.rank()
    };
    let slot = usize::from(r) * usize::from(SIZE - 1) + usize::from(corner.file());
    match wall.orientation() {
        Orientation::Horizontal => HORIZONTAL_WALLS + slot,
        Orientation::Vertical => VERTICAL_WALLS + slot,
    }
}

/// The three inputs of the path lengths (`mine` for the side to move, a
/// cut-off pawn counting as any length ≥ [`DISTANCE_CAP`]): my length, their
/// length and the race, as [`active_features_with_distances`] sets them.
#[inline]
pub fn path_features(mine: usize, theirs: usize) -> [usize; 3] {
    let (mine, theirs) = (mine.min(DISTANCE_CAP), theirs.min(DISTANCE_CAP));
    let race = (theirs as i32 - mine as i32).clamp(-RACE_CAP, RACE_CAP);
    [
        MY_DISTANCE + mine,
        THEIR_DISTANCE + theirs,
        RACE + (race + RACE_CAP) as usize,
    ]
}

#[cfg(test)]
mod tests {
    use super::*;
    use quoridor_rules::{Game, Move, Square};

    fn position(record: &str) -> Position {
        *record.parse::<Game>().expect("record").position()
    }

    #[test]
    fn the_layout_has_no_gap_and_fits_u16() {
        assert_eq!(INPUTS, 81 + 81 + 64 + 64 + 11 + 11 + 21 + 21 + 21);
        assert!(INPUTS < usize::from(u16::MAX));
    }

    #[test]
    fn the_start_position_sets_one_input_per_group() {
        let active = active_features(&position("")).expect("9x9");
        // e1 is square 4 for player 1 to move; player 2's e9 is square 76.
        assert_eq!(
            active.indices(),
            [
                MY_PAWN + 4,
                THEIR_PAWN + 76,
                MY_STOCK + 10,
                THEIR_STOCK + 10,
                MY_DISTANCE + 8,
                THEIR_DISTANCE + 8,
                RACE + 10,
            ]
            .map(|i| i as u16)
        );
    }

    #[test]
    fn player_two_sees_the_board_mirrored() {
        // After e2 e8 a1h: player 2 to move.
        let active = active_features(&position("e2 e8 a1h")).expect("9x9");
        // Its pawn on e8 (rank index 7) is seen on rank index 1: square 13.
        assert!(active.contains(MY_PAWN + 13));
        // Player 1's e2 (rank index 1) is seen on rank index 7: square 67.
        assert!(active.contains(THEIR_PAWN + 67));
        // a1h (corner rank 0) is seen with corner rank 7: slot 56.
        assert!(active.contains(HORIZONTAL_WALLS + 56));
        // Player 2 has 10 walls left, player 1 nine; seven steps each.
        assert!(active.contains(MY_STOCK + 10) && active.contains(THEIR_STOCK + 9));
        assert!(active.contains(MY_DISTANCE + 7) && active.contains(THEIR_DISTANCE + 7));
        assert!(active.contains(RACE + 10));
        // Seven inputs and the wall.
        assert_eq!(active.indices().len(), 8);
    }

    /// The position after `wall` (placed by player 1) with the pawns put on
    /// `pawns` and `turn` to move.
    fn after_wall(wall: &str, pawns: [&str; 2], turn: Player) -> Position {
        let mut pos = Position::new(Variant::default());
        pos.play(wall.parse::<Move>().expect("wall"))
            .expect("legal");
        let index = |s: &str| s.parse::<Square>().expect("square").index(SIZE);
        pos.with_pawns([index(pawns[0]), index(pawns[1])], turn)
            .expect("pawns on the board")
    }

    #[test]
    fn a_position_and_its_mirror_with_colours_swapped_look_the_same() {
        // Player 1 to move on e3 against e8, its opponent having placed c3h …
        let mut one = Position::new(Variant::default());
        for mv in ["e2", "e8", "e3", "c3h"] {
            one.play(mv.parse::<Move>().expect("move")).expect("legal");
        }
        // … and its mirror: player 2 to move on e7 against e2, player 1
        // having placed c6h.
        let two = after_wall("c6h", ["e2", "e7"], Player::Two);
        assert_eq!((one.turn(), two.turn()), (Player::One, Player::Two));
        assert_eq!(active_features(&one), active_features(&two));
        // Not by accident: the same position with the other side to move
        // looks different.
        let other = after_wall("c6h", ["e2", "e7"], Player::One);
        assert_ne!(active_features(&other), active_features(&two));
    }

    #[test]
    fn other_variants_are_not_encoded() {
        let small: Game = "[size 5] [walls 3]".parse().expect("record");
        assert!(active_features(small.position()).is_none());
        let few: Game = "[walls 5]".parse().expect("record");
        assert!(active_features(few.position()).is_none());
    }

    #[test]
    fn the_visitor_and_the_path_inputs_give_the_same_inputs_as_the_list() {
        use rand::{Rng, SeedableRng};
        let mut rng = rand_xoshiro::Xoshiro256PlusPlus::seed_from_u64(11);
        for _ in 0..30 {
            let mut pos = Position::new(Variant::default());
            for _ in 0..60 {
                let (mine, theirs) = (rng.random_range(0..30), rng.random_range(0..30));
                let list = active_features_with_distances(&pos, mine, theirs).expect("9x9");
                let mut visited = Vec::new();
                visit_board_features(&pos, pos.turn(), |i| visited.push(i as u16));
                visited.extend(path_features(mine, theirs).map(|i| i as u16));
                visited.sort_unstable();
                assert_eq!(visited, list.indices());
                if pos.is_over() {
                    break;
                }
                let moves = pos.legal_moves();
                pos.play_unchecked(moves[rng.random_range(0..moves.len())]);
            }
        }
    }

    #[test]
    fn every_index_is_in_range_and_sorted_over_random_games() {
        use rand::{Rng, SeedableRng};
        let mut rng = rand_xoshiro::Xoshiro256PlusPlus::seed_from_u64(7);
        for _ in 0..50 {
            let mut pos = Position::new(Variant::default());
            for _ in 0..60 {
                let active = active_features(&pos).expect("9x9");
                let idx = active.indices();
                assert!(idx.windows(2).all(|w| w[0] < w[1]), "{idx:?}");
                assert!(idx.iter().all(|&i| usize::from(i) < INPUTS));
                assert_eq!(
                    active.dense().iter().filter(|&&x| x == 1.0).count(),
                    idx.len()
                );
                if pos.is_over() {
                    break;
                }
                let moves = pos.legal_moves();
                pos.play_unchecked(moves[rng.random_range(0..moves.len())]);
            }
        }
    }
}
