//! The alpha-beta engine's static evaluation, from the side to move's view.

use super::params::AlphaBetaParams;
use super::score::WIN;
use crate::game::Position;

/// Path length of a pawn that is cut off (cannot happen in legal play).
const CUT_OFF: i32 = 200;

/// The static score of `pos` at `ply` plies from the root, for the side to
/// move: `100 * (d(opponent) - d(me)) + wall_weight * (walls(me) -
/// walls(opponent)) + tempo`, where `d` is the breadth-first shortest path
/// to the goal row (`Position::distance_to_goal`). A finished game is a
/// loss now (the player who just moved won). With `exact_race`, a race the
/// walls can no longer change is a win in N plies: the opponent has no
/// walls and the side to move is no farther from its goal (it arrives first
/// after `2 d - 1` plies), or the side to move has no walls and is farther
/// (the opponent arrives after `2 d(opponent)` plies). Pawn jumps are
/// ignored there, which is the usual race count.
pub fn static_score(pos: &Position, ply: u32, p: &AlphaBetaParams) -> i32 {
    let me = pos.turn();
    if pos.is_over() {
        return -(WIN - ply as i32);
    }
    let op = me.other();
    let dist = |player| {
        pos.distance_to_goal(player)
            .map_or(CUT_OFF, |d| i32::try_from(d).unwrap_or(CUT_OFF))
    };
    let (d_me, d_op) = (dist(me), dist(op));
    let (w_me, w_op) = (pos.walls_left(me), pos.walls_left(op));
    if p.exact_race {
        if w_op == 0 && d_me <= d_op {
            return WIN - (ply as i32 + 2 * d_me - 1);
        }
        if w_me == 0 && d_op < d_me {
            return -(WIN - (ply as i32 + 2 * d_op));
        }
    }
    let walls = p.wall_weight * (f64::from(w_me) - f64::from(w_op));
    100 * (d_op - d_me) + (walls + p.tempo).round() as i32
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::game::{Game, Variant};

    fn pos(record: &str, size: u8, walls: u8) -> Position {
        let variant = Variant::new(size, walls).expect("variant");
        *Game::parse_with_variant(record, variant)
            .expect("record")
            .position()
    }

    #[test]
    fn the_start_is_even_but_for_the_tempo() {
        let p = AlphaBetaParams::default();
        assert_eq!(static_score(&pos("", 9, 10), 0, &p), p.tempo as i32);
    }

    #[test]
    fn a_step_ahead_is_a_hundred() {
        let p = AlphaBetaParams {
            tempo: 0.0,
            ..AlphaBetaParams::default()
        };
        // Player 1 stepped: player 2 to move is a step behind.
        assert_eq!(static_score(&pos("e2", 9, 10), 0, &p), -100);
    }

    #[test]
    fn a_race_without_walls_is_a_win_in_n() {
        let p = AlphaBetaParams::default();
        // 5x5, no walls: player 1 to move, 4 steps each: wins in 7 plies.
        assert_eq!(static_score(&pos("", 5, 0), 0, &p), WIN - 7);
        // After c2, player 2 to move is 4 steps away against 3: loses in 6.
        assert_eq!(static_score(&pos("c2", 5, 0), 1, &p), -(WIN - 7));
        let off = AlphaBetaParams {
            exact_race: false,
            tempo: 0.0,
            ..p
        };
        assert_eq!(static_score(&pos("", 5, 0), 0, &off), 0);
    }
}
