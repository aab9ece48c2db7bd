//! Move ordering for progressive widening: the candidate moves of a position
//! that change the race the most, best first. A pawn step is worth the steps
//! it saves; a wall is worth what it adds to the opponent's shortest path
//! minus what it adds to the mover's own. Only walls on a current shortest
//! path can lengthen it, so only those get a path search.

use quoridor_rules::{Geometry, Move, Position, Square, WallSlots};

/// What a winning step is worth (more than any wall).
const WIN: f64 = 100.0;

/// Up to `limit` moves of `pos` worth playing, best first: steps that win,
/// steps that do not lose ground, and walls that lengthen the opponent's path
/// at least as much as the mover's own. Empty when the game is over.
///
/// ```
/// use quoridor_rules::{Move, Position, Variant};
/// use quoridor_uct::ranked_moves;
/// let pos = Position::new(Variant::default());
/// let mut moves = Vec::new();
/// ranked_moves(&pos, &mut moves, 8);
/// // At the start nothing beats walking: the forward step comes first.
/// assert_eq!(moves[0], "e2".parse::<Move>().unwrap());
/// ```
pub fn ranked_moves(pos: &Position, out: &mut Vec<Move>, limit: usize) {
    out.clear();
    if pos.is_over() {
        return;
    }
    let n = pos.size();
    let g = Geometry::of(n);
    let me = pos.turn();
    let them = me.other();
    let map = pos.distance_map(me);
    let (Some(d_me), Some(d_them)) = (
        map.at(pos.pawn_index(me)).map(u32::from),
        pos.distance_to_goal(them),
    ) else {
        return;
    };
    let mut scored: Vec<(f64, Move)> = Vec::with_capacity(48);
    for target in pos.pawn_targets().iter() {
        let value = if g.goal[me.index()].has(target) {
            WIN
        } else {
            match map.at(target) {
                Some(d) => f64::from(d_me) - f64::from(d) + 0.5,
                None => continue,
            }
        };
        if value > 0.0 {
            scored.push((value, Move::Pawn(Square::from_index(target, n))));
        }
    }
    // No legal wall (none in stock): no paths are searched for walls.
    let (legal, by_player) = pos.legal_wall_slots_and_paths();
    let by_player = by_player.unwrap_or_default();
    let paths = [them, me].map(|p| by_player[p.index()]);
    for wall in (legal & (paths[0] | paths[1])).walls(n) {
        let mut after = *pos;
        after.play_unchecked(Move::Wall(wall));
        // A wall off a player's shortest path leaves that path, and so the
        // distance, as it was: only the paths it cuts are searched again.
        let distance = |player, path: WallSlots, before| {
            if path.has_wall(wall, n) {
                after.distance_to_goal(player)
            } else {
                Some(before)
            }
        };
        let (Some(me_after), Some(them_after)) = (
            distance(me, paths[1], d_me),
            distance(them, paths[0], d_them),
        ) else {
            continue;
        };
        let wall = Move::Wall(wall);
        let gain = f64::from(them_after) - f64::from(d_them);
        let cost = f64::from(me_after) - f64::from(d_me);
        if gain > 0.0 && gain >= cost {
            scored.push((gain - cost + 0.1 * gain, wall));
        }
    }
    scored.sort_by(|a, b| b.0.total_cmp(&a.0));
    out.extend(scored.into_iter().take(limit).map(|(_, mv)| mv));
}

#[cfg(test)]
mod tests {
    use super::*;
    use quoridor_rules::{Game, Variant};

    fn ranked(record: &str) -> Vec<String> {
        let game = Game::parse_with_variant(record, Variant::default()).expect("record");
        let mut out = Vec::new();
        ranked_moves(game.position(), &mut out, 40);
        out.iter().map(Move::to_string).collect()
    }

    #[test]
    fn a_winning_step_comes_first() {
        // Player 1 on e8 with player 2 far away: e9 wins.
        let moves = ranked("e2 d9 e3 c9 e4 b9 e5 a9 e6 a8 e7 a7 e8 a6");
        assert_eq!(moves[0], "e9");
    }

    #[test]
    fn walls_that_lengthen_the_opponents_path_are_ranked_and_checked() {
        // Player 2 runs down the a-file, two steps from its goal; player 1 is far.
        let record = "e2 d9 d2 c9 c2 b9 b2 a9 b3 a8 c3 a7 d3 a6 e3 a5 f3 a4 g3 a3";
        let game = Game::parse_with_variant(record, Variant::default()).expect("record");
        let pos = game.position();
        let them = pos.turn().other();
        let before = pos.distance_to_goal(them).expect("path");
        let moves = ranked(record);
        let first_wall = moves
            .iter()
            .find(|m| m.len() == 3)
            .expect("some wall is worth placing");
        let mut after = *pos;
        after
            .play(first_wall.parse::<Move>().expect("move"))
            .expect("legal");
        assert!(
            after.distance_to_goal(them).expect("path") > before,
            "{first_wall}"
        );
        // Every ranked move is legal.
        for m in &moves {
            assert!(pos.check(m.parse::<Move>().expect("move")).is_ok(), "{m}");
        }
    }

    #[test]
    fn nothing_is_ranked_when_the_game_is_over() {
        let game = Game::parse_with_variant(
            "[size 3] [walls 0] b2 a3 b3",
            Variant::new(3, 0).expect("variant"),
        )
        .expect("record");
        let mut out = vec![Move::Pawn(Square::from_index(0, 3))];
        ranked_moves(game.position(), &mut out, 10);
        assert!(out.is_empty());
    }
}
