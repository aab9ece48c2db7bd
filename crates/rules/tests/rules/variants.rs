//! Winning (both goal rows, nothing legal afterwards) and the non-default
//! variants: board sizes 3 to 11, custom start squares, 0 and 20 walls.

use quoridor_rules::{
    perft, Game, IllegalMove, Move, Player, Position, RecordError, Square, Variant, VariantError,
};

fn game(record: &str) -> Game {
    record
        .parse()
        .unwrap_or_else(|e| panic!("record {record:?} should be legal: {e}"))
}

/// Asserts that nothing at all can be played: no generated move, and every
/// square and wall slot is refused because the game is over.
fn assert_nothing_legal(pos: &Position, winner: Player) {
    assert_eq!(pos.winner(), Some(winner));
    assert!(pos.is_over());
    assert!(pos.legal_moves().is_empty());
    assert_eq!(pos.count_legal_moves(), 0);
    assert!(pos.pawn_targets().is_empty());
    assert_eq!(pos.legal_wall_slots(), [Default::default(); 2]);
    assert_eq!(perft(pos, 2), 1);
    let n = pos.size();
    for file in 0..n {
        for rank in 0..n {
            let sq = Square::new(file, rank).unwrap();
            for mv in [Move::Pawn(sq), format!("{sq}h").parse().unwrap()] {
                assert_eq!(pos.check(mv), Err(IllegalMove::GameOver { winner }));
            }
        }
    }
}

#[test]
fn player_1_wins_on_reaching_the_top_row() {
    let g = game("e2 e8 e3 e7 e4 e6 e5 d6 e6 d5 e7 d4 e8 d3 e9");
    assert_eq!(g.winner(), Some(Player::One));
    assert_nothing_legal(g.position(), Player::One);
    // The loser is "to move" but may not.
    assert_eq!(g.position().turn(), Player::Two);
    let mut g = g;
    let err = g.play("d2".parse().unwrap()).unwrap_err();
    assert_eq!(err.to_string(), "the game is over: player 1 has won");
}

#[test]
fn player_2_wins_on_reaching_the_bottom_row() {
    let g = game("[start a5 e2] a6 e1");
    assert_eq!(g.winner(), Some(Player::Two));
    assert_nothing_legal(g.position(), Player::Two);
    let err = "[start a5 e2] a6 e1 a7".parse::<Game>().unwrap_err();
    assert_eq!(
        err.to_string(),
        "move 3 (a7) is illegal: the game is over: player 2 has won"
    );
}

#[test]
fn win_by_jumping_onto_the_goal_row() {
    // Straight jump e7 -> e9 over player 2 on e8.
    let g = game("[start e7 e8] e9");
    assert_nothing_legal(g.position(), Player::One);
    // Sideways jump onto the goal row when the edge is behind player 2.
    let g = game("[start e8 e9] f9");
    assert_nothing_legal(g.position(), Player::One);
}

#[test]
fn win_anywhere_on_the_goal_row() {
    for file in ["a", "i"] {
        let g = game(&format!("[start {file}8 e5] {file}9"));
        assert_eq!(g.winner(), Some(Player::One));
    }
}

#[test]
fn not_won_before_reaching_the_goal_row() {
    let g = game("[start e7 a5] e8");
    assert_eq!(g.winner(), None);
    assert!(!g.position().legal_moves().is_empty());
}

#[test]
fn default_start_squares_per_size() {
    for (size, one, two) in [
        (3, "b1", "b3"),
        (4, "b1", "b4"),
        (5, "c1", "c5"),
        (7, "d1", "d7"),
        (8, "d1", "d8"),
        (9, "e1", "e9"),
        (11, "f1", "f11"),
    ] {
        let v = Variant::new(size, 5).unwrap();
        assert_eq!(v.start(Player::One).to_string(), one, "size {size}");
        assert_eq!(v.start(Player::Two).to_string(), two, "size {size}");
        assert_eq!(v.goal_rank(Player::One), size - 1);
        assert_eq!(v.goal_rank(Player::Two), 0);
    }
}

#[test]
fn start_moves_count_three_steps_plus_every_wall_slot() {
    // 3 pawn steps plus 2·(n−1)² walls, none of which can cut anyone off at the start.
    for size in 3..=11u8 {
        let pos = Position::new(Variant::new(size, 10).unwrap());
        let walls = 2 * (size as usize - 1).pow(2);
        assert_eq!(pos.legal_moves().len(), 3 + walls, "size {size}");
    }
}

#[test]
fn five_by_five_game_reads_and_plays() {
    let g = game("[size 5] [walls 3] c2 c4 b1v a3h");
    let pos = g.position();
    assert_eq!(pos.size(), 5);
    assert_eq!(pos.walls_left(Player::One), 2);
    assert_eq!(pos.walls_left(Player::Two), 2);
    // e4h does not fit: walls on 5x5 go from a1 to d4.
    let err = pos.check("e4h".parse().unwrap()).unwrap_err();
    assert_eq!(err.to_string(), "e4h is off the 5x5 board");
    assert!(pos.check("d4h".parse().unwrap()).is_ok());
    // Player 2 jumps c4 -> c2 over player 1 and reaches rank 1 first.
    assert_eq!(
        game("[size 5] c2 c4 c3 c2 c4 c1").winner(),
        Some(Player::Two)
    );
}

#[test]
fn seven_by_seven_players_race_to_ranks_7_and_1() {
    let g = game("[size 7] d2 d6 d3 d5 d4 c5 d5 c4 d6 c3 d7");
    assert_eq!(g.winner(), Some(Player::One));
    let g = game("[size 7] d2 d6 c2 d5 b2 d4 a2 d3 a3 d2 a4 d1");
    assert_eq!(g.winner(), Some(Player::Two));
    assert!(game("[size 7]")
        .position()
        .check("g1h".parse().unwrap())
        .is_err());
}

#[test]
fn eleven_by_eleven_uses_files_to_k_and_ranks_to_11() {
    let g = game("[size 11] f2 f10 j10h a10v");
    let pos = g.position();
    assert_eq!(pos.pawn(Player::Two).to_string(), "f10");
    let walls: Vec<String> = pos.walls().map(|w| w.to_string()).collect();
    assert_eq!(walls, ["j10h", "a10v"]);
    assert!(pos.check("k11".parse().unwrap()).is_err());
    assert_eq!(g.to_string(), "[size 11] f2 f10 j10h a10v");
    // Player 1 can walk the k file to k11.
    let g = game("[size 11] [start k10 a5] k11");
    assert_eq!(g.winner(), Some(Player::One));
}

#[test]
fn board_sizes_outside_3_to_11_are_refused() {
    assert_eq!(Variant::new(2, 10), Err(VariantError::Size(2)));
    assert_eq!(Variant::new(12, 10), Err(VariantError::Size(12)));
    let err = "[size 12] e2".parse::<Game>().unwrap_err();
    assert_eq!(
        err.to_string(),
        "bad record header: board size 12 is not supported (use 3 to 11)"
    );
}

#[test]
fn custom_start_squares() {
    let g = game("[start c3 g7] c4 g6");
    assert_eq!(g.position().pawn(Player::One).to_string(), "c4");
    assert_eq!(g.position().pawn(Player::Two).to_string(), "g6");
    assert_eq!(g.to_string(), "[start c3 g7] c4 g6");
    let g = game("[size 5] [walls 2] [start a1 e5]");
    assert_eq!(g.position().pawn(Player::Two).to_string(), "e5");
    // Player 2 may start on player 1's goal row and vice versa.
    let v = Variant::default()
        .with_start("e9".parse().unwrap(), "e1".parse().unwrap())
        .unwrap_err();
    assert_eq!(
        v,
        VariantError::Start("e9 is on the goal row of player 1".into())
    );
    let ok = Variant::default().with_start("e8".parse().unwrap(), "e2".parse().unwrap());
    assert!(ok.is_ok());
}

#[test]
fn bad_start_squares_are_refused_with_a_reason() {
    let cases = [
        (
            "[start e9 e5]",
            "bad record header: bad start squares: e9 is on the goal row of player 1",
        ),
        (
            "[start e5 e1]",
            "bad record header: bad start squares: e1 is on the goal row of player 2",
        ),
        (
            "[start e5 e5]",
            "bad record header: bad start squares: both pawns on e5",
        ),
        (
            "[size 5] [start f1 c5]",
            "bad record header: bad start squares: f1 is off the 5x5 board",
        ),
        (
            "[start e5]",
            "bad record header: [start …] takes two squares, player 1's then player 2's",
        ),
    ];
    for (record, message) in cases {
        let err = record.parse::<Game>().unwrap_err();
        assert_eq!(err.to_string(), message, "{record}");
    }
}

#[test]
fn zero_walls_means_pawn_moves_only() {
    let g = game("[walls 0]");
    let pos = g.position();
    assert_eq!(pos.legal_moves().len(), 3);
    assert_eq!(perft(pos, 2), 9);
    let err = pos.check("e3h".parse().unwrap()).unwrap_err();
    assert_eq!(err.to_string(), "no walls left: player 1 has none");
    assert_eq!(g.to_string(), "[walls 0]");
}

#[test]
fn twenty_walls_each_and_no_more() {
    // Player 1 places 20 vertical walls (they never block a file, so nobody is
    // ever cut off) while player 2 steps between e9 and e8.
    let mut record = String::from("[walls 20]");
    let mut count = 0;
    for file in ["a", "b", "c", "d", "e"] {
        for rank in [1, 3, 5, 7] {
            let pawn = if count % 2 == 0 { "e8" } else { "e9" };
            record.push_str(&format!(" {file}{rank}v {pawn}"));
            count += 1;
        }
    }
    let g = game(&record);
    assert_eq!(g.position().walls_left(Player::One), 0);
    assert_eq!(g.position().walls_left(Player::Two), 20);
    let err = g.position().check("g1v".parse().unwrap()).unwrap_err();
    assert_eq!(err.to_string(), "no walls left: player 1 has none");
    assert_eq!(g.to_string(), record);
}

#[test]
fn more_than_twenty_walls_is_refused() {
    assert_eq!(Variant::new(9, 21), Err(VariantError::Walls(21)));
    let err = "[walls 21]".parse::<Game>().unwrap_err();
    assert!(matches!(err, RecordError::Variant(VariantError::Walls(21))));
    assert_eq!(
        err.to_string(),
        "bad record header: 21 walls per player is too many (at most 20)"
    );
}

#[test]
fn three_by_three_is_playable_to_the_end() {
    let pos = Position::new(Variant::new(3, 2).unwrap());
    assert_eq!(pos.legal_moves().len(), 3 + 8);
    // a1h and b2h leave a zig-zag path; b1h would overlap a1h.
    let mut g = game("[size 3] [walls 2] a1h b2h");
    let err = g.play("b1h".parse().unwrap()).unwrap_err();
    assert_eq!(err.to_string(), "wall b1h overlaps a1h placed on move 1");
    assert!(perft(&pos, 4) > 0);
}
