//! The alpha-beta engine through the engine protocol (`quoridor uci`) and the
//! arena, as subprocesses: `setoption name engine value alphabeta`, `go
//! depth`, `go movetime`, the `info` line's shape, legal best moves, and a
//! short match against UCT.

use crate::common;

use common::{last_info, word_after, Uci};
use quoridor_rules::{Game, Move, Variant};

/// Asserts `mv` is legal after `record` on the default board.
fn assert_legal(record: &str, mv: &str) {
    common::assert_legal(Variant::default(), record, mv);
}

/// Checks the alpha-beta `info` line's words and order.
fn assert_info_shape(line: &str) {
    let keys: Vec<&str> = line
        .split_whitespace()
        .filter(|w| {
            [
                "info", "depth", "seldepth", "score", "nodes", "nps", "hashfull", "time", "pv",
            ]
            .contains(w)
        })
        .collect();
    assert_eq!(
        &keys[..8],
        ["info", "depth", "seldepth", "score", "nodes", "nps", "hashfull", "time"],
        "{line}"
    );
    let score_kind = word_after(line, "score");
    assert!(score_kind == "cp" || score_kind == "mate", "{line}");
    word_after(line, score_kind)
        .parse::<i64>()
        .unwrap_or_else(|_| panic!("score value in {line}"));
    for key in ["depth", "seldepth", "nodes", "nps", "hashfull", "time"] {
        word_after(line, key)
            .parse::<u64>()
            .unwrap_or_else(|_| panic!("{key} in {line}"));
    }
    assert!(!line.contains("playouts"), "UCT's words stay out: {line}");
}

#[test]
fn go_depth_searches_exactly_that_deep_and_plays_a_legal_move() {
    let mut e = Uci::start();
    e.send("setoption name engine value alphabeta");
    let record = "e2 e8 e3 e7";
    e.send(&format!("position startpos moves {record}"));
    let (lines, best) = e.go("go depth 3");
    let last_info = last_info(&lines);
    assert_info_shape(last_info);
    assert_eq!(word_after(last_info, "depth"), "3", "{last_info}");
    assert_eq!(
        word_after(last_info, "pv"),
        best,
        "the pv starts with the move"
    );
    assert_legal(record, &best);
}

#[test]
fn go_movetime_answers_with_a_legal_move() {
    let mut e = Uci::start();
    e.send("setoption name engine value AlphaBeta");
    e.send("setoption name hash value 8");
    e.send("setoption name ab_null_move value false");
    e.send("position startpos moves e2 e8");
    // `go` waits at most `common::TIMEOUT` for the answer: a hang guard only.
    let (lines, best) = e.go("go movetime 300");
    let info = last_info(&lines);
    assert_info_shape(info);
    assert!(word_after(info, "depth").parse::<u32>().expect("depth") >= 1);
    assert_legal("e2 e8", &best);
}

#[test]
fn a_wall_less_race_is_reported_as_mate_by_the_exact_table() {
    let mut e = Uci::start();
    e.send("setoption name engine value alphabeta");
    e.send("setoption name walls value 0");
    e.send("position startpos moves e2 e8 e3");
    let (lines, best) = e.go("go depth 2");
    let info = last_info(&lines);
    assert_info_shape(info);
    // Player 2 is a step behind with no walls on either side, yet wins: the
    // pawns meet on the e-file and player 2 gets the jump (the exact table
    // of wall-less endgames, option pawn_race, knows it; a path count
    // would call it lost).
    assert_eq!(word_after(info, "score"), "mate", "{info}");
    assert!(!word_after(info, "mate").starts_with('-'), "{info}");
    assert!(best.parse::<Move>().is_ok());
}

#[test]
fn switching_back_to_uct_keeps_its_info_line() {
    let mut e = Uci::start();
    e.send("setoption name engine value alphabeta");
    e.send("setoption name engine value uct");
    e.send("setoption name time_ms value 0");
    let (lines, best) = e.go("go nodes 200");
    assert!(lines.iter().any(|l| l.contains(" playouts ")), "{lines:#?}");
    assert_legal("", &best);
    let err = {
        e.send("setoption name engine value minimax");
        e.sync()
    };
    assert_eq!(
        err,
        ["info string error: option engine needs uct or alphabeta, got \"minimax\""]
    );
}

#[test]
fn an_arena_match_alphabeta_against_uct_completes_with_legal_games() {
    let dir = common::scratch("ab", "arena");
    let (_, summary, records) = common::arena(
        &dir,
        &[
            "--games",
            "4",
            "--a",
            "engine=alphabeta,hash=4",
            "--b",
            "preset=default",
            "--time-ms",
            "30",
        ],
    );
    assert_eq!(summary["games"].as_u64(), Some(4));
    for g in summary["results"].as_array().expect("results") {
        assert_eq!(g["ending"]["kind"], "goal", "{}", g["ending"]);
    }
    let variant = Variant::new(5, 2).expect("5x5");
    for line in records.lines() {
        if line.starts_with('#') || line.trim().is_empty() {
            continue;
        }
        let game = Game::parse_with_variant(line, variant).expect("every record replays");
        assert!(game.position().is_over(), "{line}");
    }
}
