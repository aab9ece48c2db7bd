//! `quoridor review`: the engine judges every move of a record, run as a
//! user would run it.

use crate::common;

use common::quoridor;
use quoridor_engines::learned::Evaluator;
use quoridor_engines::{EngineConfig, EngineKind, Limits, SearchParams};
use quoridor_review::{annotated_record, GameReview, Judgement, PositionEval};
use quoridor_rules::{Game, PlyLimit, Variant};

/// The engines' evaluator: the network built in, as `quoridor review` uses.
fn evaluator() -> Evaluator {
    Evaluator::embedded().expect("the built-in network loads")
}

/// Player 1 stands on d8 and plays a wall instead of winning with d9;
/// player 2 then wins.
const THROWN: &str = "d1 f9 d2 f8 d3 f7 d4 f6 d5 f5 d6 f4 d7 f3 d8 f2 a1h f1";

fn text(bytes: &[u8]) -> String {
    String::from_utf8(bytes.to_vec()).unwrap()
}

#[test]
fn review_marks_the_thrown_win_as_a_blunder_with_the_winning_move() {
    let out = quoridor(&["review", "--time-ms", "100", THROWN]);
    assert_eq!(out.status.code(), Some(0), "{}", text(&out.stderr));
    let stdout = text(&out.stdout);
    let mut lines = stdout.lines();
    let record = lines.next().expect("the annotated record");
    assert!(
        record.ends_with(" a1h?? {better: d9, win 100% → 0%} f1 0-1"),
        "the blunder is marked and the result written: {record}"
    );
    // The annotated record reads back as the game itself.
    let moves = quoridor(&["show", record]);
    assert_eq!(moves.status.code(), Some(0), "{}", text(&moves.stderr));
    let summary: Vec<&str> = lines.collect();
    assert_eq!(summary.len(), 2, "{stdout}");
    assert!(summary[0].starts_with("player 1: accuracy "), "{stdout}");
    assert!(!summary[0].contains(" 0 blunder)"), "a1h counts: {stdout}");
    assert!(summary[1].starts_with("player 2: accuracy "), "{stdout}");
}

/// The review `quoridor review --playouts N` prints, made with the library
/// and `kind`'s engine: the annotated record, then the summary.
fn library_review(kind: EngineKind, record: &str, playouts: u64) -> String {
    let mut game = Game::new(Variant::default());
    for mv in record.split_whitespace() {
        game.play(mv.parse().expect("a move")).expect("legal");
    }
    let params = EngineConfig::of_kind(
        kind,
        SearchParams {
            limits: Limits::playouts(playouts),
            ..SearchParams::default()
        },
    );
    let evals: Vec<PositionEval> = (0..=game.moves().len())
        .filter_map(|ply| game.position_at(ply))
        .map(|position| PositionEval::search(position, &params, &evaluator()))
        .collect();
    let judged = GameReview::judge(&game, &evals);
    let mut text = format!("{}\n", annotated_record(&game, &judged, PlyLimit::DEFAULT));
    for line in judged.summary(0).lines() {
        text += &format!("{line}\n");
    }
    text
}

#[test]
fn review_with_alphabeta_is_judged_by_alphabeta() {
    let record = "e2 e8 e3 e7 e4 e6 d5h c6h e5";
    let (ab, uct) = (
        library_review(EngineKind::AlphaBeta, record, 2000),
        library_review(EngineKind::Uct, record, 2000),
    );
    assert_ne!(ab, uct, "the record tells the engines apart");
    let out = quoridor(&[
        "review",
        "--playouts",
        "2000",
        "--engine",
        "alphabeta",
        record,
    ]);
    assert_eq!(out.status.code(), Some(0), "{}", text(&out.stderr));
    assert_eq!(text(&out.stdout), ab);
    let out = quoridor(&["review", "--playouts", "2000", "--engine", "uct", record]);
    assert_eq!(out.status.code(), Some(0), "{}", text(&out.stderr));
    assert_eq!(text(&out.stdout), uct);
    let bad = quoridor(&["review", "--engine", "minimax", record]);
    assert_eq!(bad.status.code(), Some(2));
}

#[test]
fn review_with_playouts_is_reproducible() {
    let args = ["review", "--playouts", "300", "e2 e8 e3 e7 e3h"];
    let (first, second) = (quoridor(&args), quoridor(&args));
    assert_eq!(first.status.code(), Some(0), "{}", text(&first.stderr));
    assert_eq!(first.stdout, second.stdout);
}

#[test]
fn review_of_a_bad_record_is_an_error_not_a_panic() {
    let out = quoridor(&["review", "--time-ms", "10", "e2 e8 e9"]);
    assert_eq!(out.status.code(), Some(2));
    let stderr = text(&out.stderr);
    assert!(
        stderr.starts_with("error: move 3 (e9) is illegal"),
        "{stderr}"
    );
    let bad_flag = quoridor(&["review", "--time-ms", "0", "e2"]);
    assert_eq!(bad_flag.status.code(), Some(2));
}

#[test]
fn review_without_a_move_is_refused() {
    for args in [&["review"][..], &["review", ""], &["review", "--size", "5"]] {
        let out = quoridor(args);
        assert_eq!(out.status.code(), Some(2), "{args:?}");
        assert_eq!(
            text(&out.stderr),
            "error: review needs a record with at least one move\n",
            "{args:?}"
        );
        assert_eq!(text(&out.stdout), "", "{args:?}");
    }
}

#[test]
fn review_off_a_terminal_prints_no_progress() {
    let out = quoridor(&["review", "--playouts", "20", "[size 3] b2 a3 b3"]);
    assert_eq!(out.status.code(), Some(0), "{}", text(&out.stderr));
    assert_eq!(text(&out.stderr), "", "stderr is a pipe here");
}

/// A game of level 1 against level 1 played before the levels walked home
/// (`quoridor arena --a level=1 --b level=1 --openings
/// docs/examples/book-200.txt`, game 2): the last wall went down at ply 37,
/// player 2 won the race, and player 1 (c2 at ply 48) went c3 b3 a3 a4 b4
/// c4, then back b4 a4 a3 b3 c3 c2 (plies 62–72), then c3 b3 a3 again.
const WANDERING: &str = "f1 f3h d3h e8 e1 b5h d1 d8h b3h f8 e1 g5h h1h a6h f1 g2v f2 d2v d4v \
    b8h a1h a4h c4v e1v f3 f7 f6h e7 f2 f7 e7v f8 c6v f9 f3 e9 c2v d9 e3 c9 e2 b9 e1 a9 d1 a8 \
    c1 a7 c2 b7 c3 c7 b3 c6 a3 b6 a4 a6 b4 a5 c4 b5 b4 c5 a4 c4 a3 b4 b3 a4 c3 a3 c2 a2 c3 b2 \
    b3 c2 a3 c1";

#[test]
fn review_calls_the_steps_back_in_a_lost_race_decided_and_leaves_them_out() {
    let out = quoridor(&["review", "--playouts", "300", WANDERING]);
    assert_eq!(out.status.code(), Some(0), "{}", text(&out.stderr));
    let stdout = text(&out.stdout);
    let lines: Vec<&str> = stdout.lines().collect();
    assert_eq!(lines.len(), 3, "{stdout}");
    // The six steps back (b4 a4 a3 b3 c3 c2 at plies 62–72) keep the lost
    // race lost and take player 1 no nearer its goal: decided, not best.
    assert!(
        lines[1].starts_with("player 1: accuracy ")
            && lines[1].ends_with("; 6 decided, not counted)"),
        "{stdout}"
    );
    // The winner walked home all the way: nothing of its is set aside.
    assert!(!lines[2].contains("decided"), "{stdout}");
    // The same judgement through the library, move by move.
    let game = Game::parse_with_variant(WANDERING, Variant::default()).unwrap();
    let config = EngineConfig::uct(SearchParams {
        limits: Limits::playouts(300),
        ..SearchParams::default()
    });
    let review = GameReview::judge(
        &game,
        &PositionEval::search_game(&game, &config, &evaluator(), |_, _| ()),
    );
    let decided: Vec<usize> = review
        .moves()
        .iter()
        .enumerate()
        .filter(|(_, m)| m.judgement == Judgement::Decided)
        .map(|(ply, _)| ply)
        .collect();
    assert_eq!(decided, [62, 64, 66, 68, 70, 72]);
}
