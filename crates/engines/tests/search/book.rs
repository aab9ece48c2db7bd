//! The opening book (option `book`): in a book position the engine plays a
//! book move drawn with its seed and searches nothing; one move out of the
//! book it searches as before.

use quoridor_engines::learned::Evaluator;
use quoridor_engines::{new_engine, EngineConfig, EngineKind, Limits, OpeningBook, SearchEngine};
use quoridor_engines::{SearchParams, EMBEDDED_BOOK};
use quoridor_rules::{Move, Position, Variant};
use std::collections::HashSet;

fn config(kind: EngineKind, book: bool, seed: u64) -> EngineConfig {
    EngineConfig::of_kind(
        kind,
        SearchParams {
            limits: Limits::playouts(60),
            book,
            seed,
            ..SearchParams::default()
        },
    )
}

fn start() -> Position {
    Position::new(Variant::default())
}

/// The engine's move after `moves` from the start, and whether it searched.
fn think(config: &EngineConfig, moves: &[Move]) -> (Move, u64, bool) {
    let mut engine = new_engine(start(), config, Evaluator::classic());
    engine.set_game(start(), moves).expect("legal moves");
    let mv = engine.think().expect("a move");
    let info = engine.info(10);
    assert_eq!(
        info.best_move,
        Some(mv),
        "the snapshot names the move played"
    );
    (mv, info.searched, engine.played_from_book())
}

#[test]
fn the_shipped_book_is_read() {
    let book = OpeningBook::embedded();
    assert!(!book.is_empty());
    assert_eq!(
        book.len(),
        OpeningBook::parse(EMBEDDED_BOOK).expect("parses").len()
    );
}

#[test]
fn in_the_book_both_engines_play_a_book_move_without_searching() {
    let book = OpeningBook::embedded();
    for kind in [EngineKind::Uct, EngineKind::AlphaBeta] {
        for line in book.lines().iter().take(5) {
            let (mv, searched, from_book) = think(&config(kind, true, 3), &line.record);
            assert!(from_book, "{kind}: {line}");
            assert_eq!(searched, 0, "{kind}: no search in the book");
            assert!(
                line.moves.iter().any(|m| m.mv == mv),
                "{kind}: {mv} in {line}"
            );
        }
    }
}

#[test]
fn with_the_book_off_the_start_is_searched() {
    let (_, searched, from_book) = think(&config(EngineKind::Uct, false, 3), &[]);
    assert!(!from_book);
    assert!(searched > 0);
}

#[test]
fn a_position_one_move_out_of_the_book_is_searched() {
    let book = OpeningBook::embedded();
    let line = &book.lines()[0];
    let mut position = start();
    for &mv in &line.record {
        position.play(mv).expect("a book record is legal");
    }
    let out = position
        .legal_moves()
        .into_iter()
        .find(|&mv| {
            let mut next = position;
            next.play(mv).is_ok() && !book.contains(&next)
        })
        .expect("some move leaves the book");
    let mut record = line.record.clone();
    record.push(out);
    let (mv, searched, from_book) = think(&config(EngineKind::Uct, true, 3), &record);
    assert!(!from_book, "{out} leaves the book");
    assert!(searched > 0, "searched as before");
    let mut after = position;
    after.play(out).expect("legal");
    assert!(after.check(mv).is_ok());
}

#[test]
fn games_from_the_start_differ_with_the_seed_and_repeat_with_it() {
    let plies = 6;
    let game = |seed: u64| {
        let config = config(EngineKind::Uct, true, seed);
        let mut moves: Vec<Move> = Vec::new();
        for _ in 0..plies {
            let (mv, _, _) = think(&config, &moves);
            moves.push(mv);
        }
        moves
    };
    let games: HashSet<Vec<Move>> = (0..12).map(game).collect();
    assert!(games.len() > 1, "one line for every seed: {games:?}");
    assert_eq!(game(5), game(5), "the same seed, the same game");
}
