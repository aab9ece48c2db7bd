//! Property tests over random legal games of every size: the move generator
//! and the move checker agree on every square and wall slot, both pawns
//! always keep a path, and records, notation and undo/redo round-trip.

use proptest::prelude::*;
use quoridor_rules::{
    Game, IllegalMove, Move, Orientation, Player, Position, RecordError, Square, Variant, Wall,
};
use std::collections::HashSet;

/// Every square and wall notation can name (boards up to 11x11), so
/// candidates include moves off smaller boards.
fn all_candidates() -> Vec<Move> {
    let mut out = Vec::new();
    for file in 0..11 {
        for rank in 0..11 {
            let sq = Square::new(file, rank).unwrap();
            out.push(Move::Pawn(sq));
            for o in [Orientation::Horizontal, Orientation::Vertical] {
                if let Some(w) = Wall::new(sq, o) {
                    out.push(Move::Wall(w));
                }
            }
        }
    }
    out
}

/// A variant from raw numbers: any size, any wall count, and (when `start`
/// says so and the squares are allowed) other start squares.
fn variant(size: u8, walls: u8, start: Option<(u8, u8, u8, u8)>) -> Variant {
    let v = Variant::new(size, walls).unwrap();
    match start {
        Some((f1, r1, f2, r2)) => {
            let sq = |f: u8, r: u8| Square::new(f % size, r % size).unwrap();
            v.with_start(sq(f1, r1), sq(f2, r2)).unwrap_or(v)
        }
        None => v,
    }
}

fn variant_strategy() -> impl Strategy<Value = Variant> {
    (
        3u8..=11,
        prop_oneof![0u8..=3, 0u8..=20],
        proptest::option::weighted(0.3, any::<(u8, u8, u8, u8)>()),
    )
        .prop_map(|(size, walls, start)| variant(size, walls, start))
}

/// Plays a game: each choice picks a move, from the pawn moves when its low
/// bit is 0 (so pawns advance, meet and win) and from all moves otherwise.
fn play_game(variant: Variant, choices: &[u32]) -> Game {
    let mut game = Game::new(variant);
    for &c in choices {
        let moves = game.position().legal_moves();
        if moves.is_empty() {
            break;
        }
        let pawn: Vec<Move> = moves
            .iter()
            .copied()
            .filter(|m| matches!(m, Move::Pawn(_)))
            .collect();
        let pick = (c >> 1) as usize;
        let mv = if c & 1 == 0 && !pawn.is_empty() {
            pawn[pick % pawn.len()]
        } else {
            moves[pick % moves.len()]
        };
        game.play(mv).expect("a generated move must be playable");
    }
    game
}

fn game_strategy() -> impl Strategy<Value = Game> {
    (
        variant_strategy(),
        proptest::collection::vec(any::<u32>(), 0..90),
    )
        .prop_map(|(v, choices)| play_game(v, &choices))
}

/// Generated moves and accepted moves are the same set, and each refusal
/// gives a reason that fits the move.
fn check_generator_matches_checker(pos: &Position, candidates: &[Move]) {
    let generated = pos.legal_moves();
    let set: HashSet<Move> = generated.iter().copied().collect();
    assert_eq!(set.len(), generated.len(), "duplicate generated moves");
    assert_eq!(pos.count_legal_moves(), generated.len());
    let n = pos.size();
    for &mv in candidates {
        let on_board = match mv {
            Move::Pawn(s) => s.on_board(n),
            Move::Wall(w) => w.on_board(n),
        };
        match pos.check(mv) {
            Ok(()) => {
                assert!(set.contains(&mv), "{mv} accepted but not generated");
                let mut after = *pos;
                after.play(mv).unwrap();
                assert!(after.has_path(Player::One) && after.has_path(Player::Two));
            }
            Err(e) => {
                assert!(!set.contains(&mv), "{mv} generated but refused: {e}");
                assert!(!e.to_string().is_empty());
                match e {
                    IllegalMove::GameOver { .. } => assert!(pos.is_over()),
                    IllegalMove::OffBoard { .. } => assert!(!on_board),
                    IllegalMove::NotReachable { .. } => {
                        assert!(on_board && matches!(mv, Move::Pawn(_)))
                    }
                    IllegalMove::NoWallsLeft { player } => {
                        assert_eq!(pos.walls_left(player), 0)
                    }
                    IllegalMove::Overlaps { .. } | IllegalMove::CutsOff { .. } => {
                        assert!(on_board)
                    }
                    IllegalMove::Crosses { wall, existing, .. } => {
                        assert_eq!(wall.corner(), existing.corner());
                        assert_ne!(wall.orientation(), existing.orientation());
                    }
                }
            }
        }
    }
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 128, ..ProptestConfig::default() })]

    #[test]
    fn generated_moves_are_exactly_the_moves_check_accepts(game in game_strategy()) {
        let candidates = all_candidates();
        for ply in 0..=game.moves().len() {
            let pos = game.position_at(ply).unwrap();
            check_generator_matches_checker(pos, &candidates);
        }
    }

    #[test]
    fn both_pawns_always_keep_a_path(game in game_strategy()) {
        for ply in 0..=game.moves().len() {
            let pos = game.position_at(ply).unwrap();
            for p in Player::BOTH {
                prop_assert!(pos.has_path(p));
                let d = pos.distance_to_goal(p).unwrap();
                prop_assert_eq!(pos.distance_map(p).get(pos.pawn(p)), Some(d as u8));
                prop_assert_eq!(d == 0, pos.winner() == Some(p));
            }
        }
    }

    #[test]
    fn only_walls_on_the_shortest_path_can_lengthen_it(game in game_strategy()) {
        // The move ranking relies on it: a legal wall off the slots
        // `shortest_path_walls` names leaves that player's distance as it was.
        let pos = *game.position();
        prop_assume!(!pos.is_over());
        let n = pos.size();
        let mut moves = Vec::new();
        pos.legal_moves_into(&mut moves);
        for p in Player::BOTH {
            let path = pos.shortest_path_walls(p).unwrap();
            let before = pos.distance_to_goal(p).unwrap();
            for mv in &moves {
                let Move::Wall(w) = *mv else { continue };
                let mut after = pos;
                after.play(*mv).unwrap();
                let d = after.distance_to_goal(p).unwrap();
                if !path.has_wall(w, n) {
                    prop_assert_eq!(d, before, "{} moved {:?}", mv, p);
                }
                prop_assert!(d >= before, "a wall shortened a path");
            }
        }
    }

    #[test]
    fn played_moves_round_trip_through_notation(game in game_strategy()) {
        for &mv in game.moves() {
            let text = mv.to_string();
            prop_assert_eq!(text.parse::<Move>().unwrap(), mv);
            prop_assert_eq!(text.to_uppercase().parse::<Move>().unwrap(), mv);
            match mv {
                Move::Pawn(s) => prop_assert_eq!(s.to_string().parse::<Square>().unwrap(), s),
                Move::Wall(w) => prop_assert_eq!(w.to_string().parse::<Wall>().unwrap(), w),
            }
        }
    }

    #[test]
    fn records_round_trip(game in game_strategy()) {
        let text = game.to_string();
        let back: Game = text.parse().unwrap();
        prop_assert_eq!(&back, &game);
        // Header tags and move numbers are optional decorations when reading.
        let numbered: Vec<String> = game
            .moves()
            .chunks(2)
            .enumerate()
            .map(|(i, pair)| {
                let pair: Vec<String> = pair.iter().map(|m| m.to_string()).collect();
                format!("{}. {}", i + 1, pair.join(" "))
            })
            .collect();
        let with_numbers = format!("{} {}", game.header(), numbered.join(" "));
        prop_assert_eq!(&with_numbers.parse::<Game>().unwrap(), &game);
        prop_assert_eq!(Game::parse_with_variant(&text.to_uppercase(), Variant::default()).unwrap(), game);
    }

    #[test]
    fn undo_restores_every_position_and_redo_replays(game in game_strategy()) {
        let mut g = game.clone();
        let plies = game.moves().len();
        for ply in (0..plies).rev() {
            prop_assert!(g.undo());
            prop_assert_eq!(g.position(), game.position_at(ply).unwrap());
            prop_assert_eq!(g.moves(), &game.moves()[..ply]);
        }
        prop_assert!(!g.undo());
        prop_assert_eq!(g.position(), &Position::new(game.variant()));
        for ply in 1..=plies {
            prop_assert!(g.redo());
            prop_assert_eq!(g.position(), game.position_at(ply).unwrap());
        }
        prop_assert!(!g.redo());
        prop_assert_eq!(&g, &game);
    }

    #[test]
    fn a_new_move_after_undo_clears_redo(game in game_strategy()) {
        prop_assume!(game.moves().len() >= 2);
        let mut g = game.clone();
        g.undo();
        g.undo();
        let redo_len = g.undone().len();
        prop_assert_eq!(redo_len, 2);
        // Replaying the same move keeps the rest of the redo list.
        g.play(game.moves()[game.moves().len() - 2]).unwrap();
        prop_assert_eq!(g.undone().len(), 1);
        // Any other move drops it.
        let other = g
            .position()
            .legal_moves()
            .into_iter()
            .find(|m| *m != game.moves()[game.moves().len() - 1]);
        if let Some(mv) = other {
            g.play(mv).unwrap();
            prop_assert!(g.undone().is_empty());
        }
    }

    #[test]
    fn parse_prefix_keeps_the_longest_valid_prefix(
        game in game_strategy(),
        cut in any::<prop::sample::Index>(),
        bad_is_syntax in any::<bool>(),
    ) {
        let k = cut.index(game.moves().len() + 1);
        let mut prefix = game.clone();
        prefix.truncate(k);
        let prefix = Game::parse_with_variant(&prefix.to_string(), game.variant()).unwrap();
        let rest: Vec<String> = game.moves()[k..].iter().map(|m| m.to_string()).collect();
        // A bad word after the prefix: unreadable, or readable but illegal there.
        let bad = if bad_is_syntax {
            "e3x".to_string()
        } else {
            all_candidates()
                .into_iter()
                .find(|m| prefix.position().check(*m).is_err())
                .unwrap()
                .to_string()
        };
        let text = format!("{} {bad} {}", prefix, rest.join(" "));
        let (kept, err) = Game::parse_prefix(&text, game.variant());
        prop_assert_eq!(&kept, &prefix);
        let err = err.expect("the bad word must be reported");
        prop_assert_eq!(err.move_index(), Some(k + 1));
        prop_assert_eq!(
            matches!(err, RecordError::Syntax { .. }),
            bad_is_syntax
        );
        // The whole-record reader refuses the same text with the same error.
        prop_assert_eq!(Game::parse_with_variant(&text, game.variant()), Err(err));
        // And a fully valid record is kept whole.
        let (whole, none) = Game::parse_prefix(&game.to_string(), Variant::default());
        prop_assert_eq!(whole, game);
        prop_assert_eq!(none, None);
    }
}

#[test]
fn every_square_and_wall_round_trips_through_notation() {
    for m in all_candidates() {
        let text = m.to_string();
        assert_eq!(text.parse::<Move>().unwrap(), m, "{text}");
        assert_eq!(text.to_uppercase().parse::<Move>().unwrap(), m, "{text}");
        assert_eq!(format!("  {text}\t").parse::<Move>().unwrap(), m, "{text}");
        match m {
            Move::Pawn(s) => assert_eq!(text.parse::<Square>().unwrap(), s),
            Move::Wall(w) => assert_eq!(text.parse::<Wall>().unwrap(), w),
        }
    }
    assert_eq!(all_candidates().len(), 121 + 200);
}
