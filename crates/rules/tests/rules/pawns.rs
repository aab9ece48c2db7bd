//! Pawn moves: steps, straight jumps, and the sideways (diagonal) jumps when a
//! wall or the board edge is behind the opponent. Every position is built
//! from a record; `[start SQ1 SQ2]` puts the pawns face to face directly.

use quoridor_rules::{Game, IllegalMove, Move};

fn game(record: &str) -> Game {
    record
        .parse()
        .unwrap_or_else(|e| panic!("record {record:?} should be legal: {e}"))
}

/// The squares the side to move may move its pawn to, sorted.
fn pawn_moves(record: &str) -> Vec<String> {
    let mut moves: Vec<String> = game(record)
        .position()
        .legal_moves()
        .into_iter()
        .filter(|m| matches!(m, Move::Pawn(_)))
        .map(|m| m.to_string())
        .collect();
    moves.sort();
    moves
}

/// Why `mv` is illegal after `record`, as text.
fn rejection(record: &str, mv: &str) -> String {
    let err = game(record)
        .position()
        .check(mv.parse().unwrap())
        .expect_err("move should be illegal");
    err.to_string()
}

#[test]
fn pawn_steps_to_the_three_open_neighbours_from_the_start() {
    assert_eq!(pawn_moves(""), ["d1", "e2", "f1"]);
    assert_eq!(pawn_moves("e2"), ["d9", "e8", "f9"]);
}

#[test]
fn pawn_steps_in_all_four_directions_in_open_board() {
    assert_eq!(pawn_moves("e2 e8"), ["d2", "e1", "e3", "f2"]);
}

#[test]
fn pawn_cannot_move_two_squares_without_a_pawn_to_jump() {
    assert_eq!(
        rejection("e2 e8 e3 e7", "e5"),
        "e5 is not reachable from e3"
    );
}

#[test]
fn pawn_cannot_move_diagonally_without_a_pawn_to_jump() {
    assert_eq!(rejection("e2 e8", "f3"), "f3 is not reachable from e2");
}

#[test]
fn pawn_cannot_step_onto_the_other_pawn() {
    assert_eq!(
        rejection("[start e5 e6]", "e6"),
        "e6 is not reachable from e5"
    );
}

#[test]
fn pawn_cannot_step_through_a_wall() {
    // e2h lies between ranks 2 and 3 across files e and f.
    assert_eq!(pawn_moves("e2 e2h"), ["d2", "e1", "f2"]);
    assert_eq!(rejection("e2 e2h", "e3"), "e3 is not reachable from e2");
    // d1v lies between files d and e across ranks 1 and 2.
    assert_eq!(pawn_moves("d1v e8"), ["e2", "f1"]);
}

#[test]
fn jump_straight_over_the_opponent() {
    // Player 2 steps to e5, face to face with player 1 on e4.
    assert_eq!(
        pawn_moves("e2 e8 e3 e7 e4 e6 a1h e5"),
        ["d4", "e3", "e6", "f4"]
    );
}

#[test]
fn jump_straight_in_every_direction() {
    // Player 1 to move, player 2 north / south / east / west of it.
    assert_eq!(pawn_moves("[start e5 e6]"), ["d5", "e4", "e7", "f5"]);
    assert_eq!(pawn_moves("[start e5 e4]"), ["d5", "e3", "e6", "f5"]);
    assert_eq!(pawn_moves("[start e5 f5]"), ["d5", "e4", "e6", "g5"]);
    assert_eq!(pawn_moves("[start e5 d5]"), ["c5", "e4", "e6", "f5"]);
}

#[test]
fn second_player_jumps_south_over_the_first() {
    assert_eq!(pawn_moves("[start e4 e6] e5"), ["d6", "e4", "e7", "f6"]);
    // After player 2's jump to e4, player 1 may jump back over it to e3.
    assert_eq!(pawn_moves("[start e4 e6] e5 e4"), ["d5", "e3", "e6", "f5"]);
}

#[test]
fn jump_sideways_when_wall_behind_opponent() {
    // Player 2 on e6 walls itself in from behind (e6h: between ranks 6 and 7).
    assert_eq!(
        pawn_moves("e2 e8 e3 e7 e4 e6 e5 e6h"),
        ["d5", "d6", "e4", "f5", "f6"]
    );
    assert_eq!(
        rejection("e2 e8 e3 e7 e4 e6 e5 e6h", "e7"),
        "e7 is not reachable from e5"
    );
}

#[test]
fn jump_sideways_when_wall_behind_opponent_to_the_east() {
    // Player 2 on f5 east of player 1 on e5; f4v walls off f5's east side.
    assert_eq!(
        pawn_moves("[start e5 f5] a1h f4v"),
        ["d5", "e4", "e6", "f4", "f6"]
    );
}

#[test]
fn jump_sideways_when_board_edge_behind_opponent() {
    // Player 2 on the top edge: nothing behind it, so step beside it.
    assert_eq!(pawn_moves("[start e8 e9]"), ["d8", "d9", "e7", "f8", "f9"]);
    // Player 2 on the west edge.
    assert_eq!(pawn_moves("[start b5 a5]"), ["a4", "a6", "b4", "b6", "c5"]);
    // Player 1 on the bottom edge, player 2 jumping south over it (and
    // reaching its goal row beside it).
    assert_eq!(
        pawn_moves("[start e1 e3] a8h e2 a7h"),
        ["d1", "d2", "e3", "f1", "f2"]
    );
}

#[test]
fn jump_sideways_only_to_the_side_that_is_on_the_board() {
    // Player 2 in the corner a9: the only diagonal left is b9.
    assert_eq!(pawn_moves("[start a8 a9]"), ["a7", "b8", "b9"]);
}

#[test]
fn jump_sideways_not_through_a_wall_beside_the_opponent() {
    // Wall behind player 2 (e6h) and beside it on the west (d5v walls d6|e6
    // and d5|e5): the d6 diagonal and the d5 step are both closed.
    assert_eq!(
        pawn_moves("e2 e8 e3 e7 e4 e6 e5 e6h a1h d5v"),
        ["e4", "f5", "f6"]
    );
    assert_eq!(
        rejection("e2 e8 e3 e7 e4 e6 e5 e6h a1h d5v", "d6"),
        "d6 is not reachable from e5"
    );
}

#[test]
fn no_sideways_jump_when_the_straight_jump_is_open() {
    assert_eq!(
        rejection("[start e5 e6]", "d6"),
        "d6 is not reachable from e5"
    );
    assert_eq!(
        rejection("[start e5 e6]", "f6"),
        "f6 is not reachable from e5"
    );
}

#[test]
fn no_jump_when_a_wall_stands_between_the_pawns() {
    // e5h between ranks 5 and 6: the pawns face each other through a wall.
    assert_eq!(pawn_moves("[start e5 e6] e5h a1h"), ["d5", "e4", "f5"]);
    for target in ["e6", "e7", "d6", "f6"] {
        assert_eq!(
            rejection("[start e5 e6] e5h a1h", target),
            format!("{target} is not reachable from e5")
        );
    }
}

#[test]
fn no_jump_at_all_when_opponent_is_boxed_in_behind_and_beside() {
    // Player 2 in the corner a9; a8v walls a9|b9 (and a8|b8). From a8, north
    // is occupied, behind a9 is the edge, its only diagonal b9 is walled off.
    assert_eq!(pawn_moves("[start a8 a9] a1h a8v"), ["a7"]);
    assert_eq!(
        rejection("[start a8 a9] a1h a8v", "b9"),
        "b9 is not reachable from a8"
    );
}

#[test]
fn jumped_pawn_may_jump_back() {
    // Player 1 jumps e5 -> e7 over e6; now player 2 on e6 faces it from below.
    let g = game("[start e5 e6] e7");
    let pos = g.position();
    assert_eq!(pos.pawn(quoridor_rules::Player::One).to_string(), "e7");
    assert_eq!(pawn_moves("[start e5 e6] e7"), ["d6", "e5", "e8", "f6"]);
}

#[test]
fn pawn_move_off_the_board_is_rejected_as_off_board() {
    let err = game("[size 5]")
        .position()
        .check("f1".parse().unwrap())
        .unwrap_err();
    assert!(matches!(err, IllegalMove::OffBoard { size: 5, .. }));
    assert_eq!(err.to_string(), "f1 is off the 5x5 board");
}
