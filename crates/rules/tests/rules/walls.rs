//! Wall placement: where walls may go and every reason one is refused, with
//! the exact messages players see.

use quoridor_rules::{Game, IllegalMove, Move, Orientation, Player, RecordError, Wall};

fn game(record: &str) -> Game {
    record
        .parse()
        .unwrap_or_else(|e| panic!("record {record:?} should be legal: {e}"))
}

/// Plays `mv` after `record` through [`Game::play`] (which numbers the
/// walls in the way) and returns the error.
fn refused(record: &str, mv: &str) -> IllegalMove {
    let mut g = game(record);
    let before = g.clone();
    let err = g
        .play(mv.parse().unwrap())
        .expect_err("the wall should be refused");
    assert_eq!(g, before, "a refused move must leave the game unchanged");
    assert!(
        g.position().check(mv.parse().unwrap()).is_err(),
        "Position::check must agree with Game::play"
    );
    err
}

fn accepted(record: &str, mv: &str) {
    let mut g = game(record);
    g.play(mv.parse().unwrap())
        .unwrap_or_else(|e| panic!("{mv} after {record:?} should be legal: {e}"));
}

#[test]
fn wall_is_placed_in_its_groove_and_spends_one_wall() {
    let g = game("e3h");
    let pos = g.position();
    assert_eq!(pos.walls_left(Player::One), 9);
    assert_eq!(pos.walls_left(Player::Two), 10);
    assert_eq!(pos.turn(), Player::Two);
    let walls: Vec<String> = pos.walls().map(|w| w.to_string()).collect();
    assert_eq!(walls, ["e3h"]);
}

#[test]
fn walls_fill_every_slot_a1_to_h8_at_the_start() {
    let pos = *game("").position();
    let walls: Vec<Wall> = pos
        .legal_moves()
        .into_iter()
        .filter_map(|m| match m {
            Move::Wall(w) => Some(w),
            Move::Pawn(_) => None,
        })
        .collect();
    assert_eq!(walls.len(), 128);
    assert!(walls.contains(&"a1h".parse().unwrap()));
    assert!(walls.contains(&"h8v".parse().unwrap()));
    assert!(!walls
        .iter()
        .any(|w| w.corner().file() == 8 || w.corner().rank() == 8));
}

#[test]
fn wall_off_the_board_is_refused() {
    // The groove east of file i / north of rank 9 does not exist on 9x9.
    for wall in ["i1h", "a9h", "i5v", "e9v", "j10h"] {
        let err = refused("", wall);
        assert!(
            matches!(err, IllegalMove::OffBoard { size: 9, .. }),
            "{wall}"
        );
        assert_eq!(err.to_string(), format!("{wall} is off the 9x9 board"));
    }
}

#[test]
fn wall_refused_when_no_walls_left() {
    let err = refused("[walls 1] e3h e7h", "a1h");
    assert_eq!(
        err,
        IllegalMove::NoWallsLeft {
            player: Player::One
        }
    );
    assert_eq!(err.to_string(), "no walls left: player 1 has none");
    // Pawn moves are still allowed, and the other player still has none either.
    accepted("[walls 1] e3h e7h", "d1");
    let err = refused("[walls 1] e3h e7h d1", "a8h");
    assert_eq!(err.to_string(), "no walls left: player 2 has none");
}

#[test]
fn wall_refused_when_it_overlaps_the_same_wall() {
    let err = refused("e2 e8 e3 e7 e3h", "e3h");
    assert_eq!(err.to_string(), "wall e3h overlaps e3h placed on move 5");
}

#[test]
fn horizontal_wall_refused_when_it_overlaps_a_neighbour_west_or_east() {
    // e3h covers files e and f; d3h would share file e, f3h file f.
    let err = refused("e3h", "d3h");
    assert_eq!(err.to_string(), "wall d3h overlaps e3h placed on move 1");
    let err = refused("e3h", "f3h");
    assert_eq!(err.to_string(), "wall f3h overlaps e3h placed on move 1");
    assert!(matches!(
        err,
        IllegalMove::Overlaps {
            placed_on: Some(1),
            ..
        }
    ));
}

#[test]
fn vertical_wall_refused_when_it_overlaps_a_neighbour_south_or_north() {
    // e3v covers ranks 3 and 4; e2v would share rank 3, e4v rank 4.
    let err = refused("e2 e3v", "e2v");
    assert_eq!(err.to_string(), "wall e2v overlaps e3v placed on move 2");
    let err = refused("e2 e3v", "e4v");
    assert_eq!(err.to_string(), "wall e4v overlaps e3v placed on move 2");
}

#[test]
fn walls_end_to_end_do_not_overlap() {
    accepted("e3h", "c3h");
    accepted("e3h", "g3h");
    accepted("e3v", "e1v");
    accepted("e3v", "e5v");
    // Parallel walls in neighbouring grooves are fine too.
    accepted("e3h", "e4h");
    accepted("e3v", "f3v");
}

#[test]
fn wall_refused_when_it_crosses_a_perpendicular_wall() {
    let err = refused("e3h", "e3v");
    assert_eq!(err.to_string(), "wall e3v crosses e3h placed on move 1");
    assert!(matches!(err, IllegalMove::Crosses { .. }));
    let err = refused("e2 e3v", "e3h");
    assert_eq!(err.to_string(), "wall e3h crosses e3v placed on move 2");
}

#[test]
fn perpendicular_walls_may_touch_in_a_t() {
    // d3v ends where e3h begins; f3v meets e3h's east end; e2v / e4v touch e3h's centre.
    accepted("e3h", "d3v");
    accepted("e3h", "f3v");
    accepted("e3h", "e2v");
    accepted("e3h", "e4v");
}

#[test]
fn position_check_reports_overlaps_without_move_numbers() {
    let pos = *game("e3h").position();
    let err = pos.check("d3h".parse().unwrap()).unwrap_err();
    assert_eq!(err.to_string(), "wall d3h overlaps e3h");
}

#[test]
fn wall_refused_when_it_would_cut_player_1_off() {
    // Player 1 shuffles on e1/e2 while player 2 builds a box around e1-e2:
    // d1v on the west, e1v on the east; e2h (or d2h) would close the top.
    let record = "e2 d1v e1 e1v e2";
    let err = refused(record, "e2h");
    assert_eq!(
        err,
        IllegalMove::CutsOff {
            wall: "e2h".parse().unwrap(),
            player: Player::One,
            goal_rank: 9
        }
    );
    assert_eq!(
        err.to_string(),
        "wall e2h would cut player 1 off from rank 9"
    );
    assert_eq!(
        refused(record, "d2h").to_string(),
        "wall d2h would cut player 1 off from rank 9"
    );
    // Everything else still leaves the box open.
    accepted(record, "e3h");
}

#[test]
fn wall_refused_when_it_would_cut_player_2_off() {
    // The box d8v / e8v around e8-e9, closed from below by d7h or e7h.
    let record = "d8v e8 e8v e9";
    assert_eq!(
        refused(record, "d7h").to_string(),
        "wall d7h would cut player 2 off from rank 1"
    );
    assert_eq!(
        refused(record, "e7h").to_string(),
        "wall e7h would cut player 2 off from rank 1"
    );
}

#[test]
fn vertical_wall_refused_when_it_would_cut_player_2_off() {
    // Player 2 walks down to e5 while player 1 builds a pocket around e4-e5:
    // e4v on the east, e3h below, e5h above. Only the west side is open, and
    // d4v (between files d and e across ranks 4 and 5) would close it.
    let record = "e4v e8 e3h e7 e2 e6 d2 e5 e5h a8h";
    let err = refused(record, "d4v");
    assert_eq!(
        err.to_string(),
        "wall d4v would cut player 2 off from rank 1"
    );
    // The walls next to it only narrow the opening.
    accepted(record, "d3v");
    accepted(record, "d5v");
}

#[test]
fn a_wall_that_only_lengthens_the_path_is_legal() {
    // Player 1's straight path e1-e9 is blocked in front, but it can go round.
    accepted("", "e1h");
    accepted("e1h", "d3h");
}

#[test]
fn refused_wall_in_a_record_names_the_move_and_the_rule() {
    let err = "e2 e8 e3 e7 e3h a1h e3h".parse::<Game>().unwrap_err();
    assert!(matches!(err, RecordError::Illegal { index: 7, .. }));
    assert_eq!(
        err.to_string(),
        "move 7 (e3h) is illegal: wall e3h overlaps e3h placed on move 5"
    );
}

#[test]
fn wall_slots_report_placed_walls_by_orientation() {
    let pos = *game("e3h e7v").position();
    let [h, v] = pos.wall_slots().into_array();
    let n = pos.size();
    let h: Vec<Wall> = h
        .iter()
        .map(|s| Wall::from_slot(s, Orientation::Horizontal, n))
        .collect();
    let v: Vec<Wall> = v
        .iter()
        .map(|s| Wall::from_slot(s, Orientation::Vertical, n))
        .collect();
    assert_eq!(h, ["e3h".parse().unwrap()]);
    assert_eq!(v, ["e7v".parse().unwrap()]);
}
