//! Reading notation and records: what is accepted, what each error says, and
//! that no input at all makes a parser panic (arbitrary strings, unicode,
//! huge numbers, stray brackets), including serde deserialisation from JSON.

use proptest::prelude::*;
use quoridor_rules::{Game, Move, Player, RecordError, Square, Variant, Wall};

fn parse_error<T: std::str::FromStr>(text: &str) -> String
where
    T::Err: std::fmt::Display,
{
    match text.parse::<T>() {
        Ok(_) => panic!("{text:?} should not parse"),
        Err(e) => e.to_string(),
    }
}

#[test]
fn squares_read_case_insensitively_and_trimmed() {
    assert_eq!(
        " E2 ".parse::<Square>().unwrap(),
        Square::new(4, 1).unwrap()
    );
    assert_eq!(
        "k11".parse::<Square>().unwrap(),
        Square::new(10, 10).unwrap()
    );
    assert_eq!("a10".parse::<Square>().unwrap().to_string(), "a10");
}

#[test]
fn bad_squares_say_what_is_wrong() {
    assert_eq!(
        parse_error::<Square>("z9"),
        "cannot read \"z9\" as a square: column must be a letter a-k"
    );
    assert_eq!(
        parse_error::<Square>("e"),
        "cannot read \"e\" as a square: rank must be a number 1-11 after the column letter"
    );
    for text in ["e0", "e12", "e01", "e99999999999999999999999"] {
        assert!(
            parse_error::<Square>(text).ends_with("rank must be a number 1-11"),
            "{text}"
        );
    }
    assert_eq!(
        parse_error::<Square>("e2h"),
        "cannot read \"e2h\" as a square: unexpected text after the rank"
    );
    assert_eq!(
        parse_error::<Square>(""),
        "cannot read \"\" as a square: empty"
    );
}

#[test]
fn bad_walls_say_what_is_wrong() {
    assert_eq!(
        parse_error::<Wall>("e3"),
        "cannot read \"e3\" as a wall: missing h or v"
    );
    assert_eq!(
        parse_error::<Wall>("e3x"),
        "cannot read \"e3x\" as a wall: expected h or v after the square"
    );
    assert_eq!(
        parse_error::<Wall>("k3h"),
        "cannot read \"k3h\" as a wall: walls are named by files a-j and ranks 1-10"
    );
    assert_eq!(
        parse_error::<Wall>("a11v"),
        "cannot read \"a11v\" as a wall: walls are named by files a-j and ranks 1-10"
    );
    assert_eq!("J10H".parse::<Wall>().unwrap().to_string(), "j10h");
}

#[test]
fn bad_moves_say_what_is_wrong() {
    assert_eq!(
        parse_error::<Move>("e3x"),
        "cannot read \"e3x\" as a move: expected a square (e2) or a wall (e3h, e3v)"
    );
    assert_eq!(
        parse_error::<Move>("k3h"),
        "cannot read \"k3h\" as a move: walls are named by files a-j and ranks 1-10"
    );
    assert_eq!(
        parse_error::<Move>("e3hh"),
        "cannot read \"e3hh\" as a move: expected a square (e2) or a wall (e3h, e3v)"
    );
}

#[test]
fn long_bad_text_is_cut_short_in_messages() {
    let text = "x".repeat(1000);
    let err = text.parse::<Move>().unwrap_err();
    assert_eq!(err.text.chars().count(), 40);
}

#[test]
fn records_accept_move_numbers_and_any_case() {
    let plain: Game = "e2 e8 e3h".parse().unwrap();
    for text in ["1. e2 e8 2. e3h", "1. E2 E8 2. E3H", "  e2\n e8\t e3h  "] {
        assert_eq!(text.parse::<Game>().unwrap(), plain, "{text:?}");
    }
    assert_eq!(
        "[SIZE 5] [Walls 3] c2".parse::<Game>().unwrap().to_string(),
        "[size 5] [walls 3] c2"
    );
}

#[test]
fn record_errors_name_the_bad_move() {
    let err = "e2 e8 e3 zz".parse::<Game>().unwrap_err();
    assert!(matches!(err, RecordError::Syntax { index: 4, .. }));
    assert_eq!(
        err.to_string(),
        "move 4: cannot read \"zz\" as a move: column must be a letter a-k"
    );
    let err = "e2 e8 e4".parse::<Game>().unwrap_err();
    assert_eq!(
        err.to_string(),
        "move 3 (e4) is illegal: e4 is not reachable from e2"
    );
    // Move numbers are not counted as moves.
    let err = "1. e2 e8 2. e4".parse::<Game>().unwrap_err();
    assert_eq!(err.move_index(), Some(3));
}

#[test]
fn record_header_errors_are_explained() {
    let cases = [
        ("[size 5", "bad record header: a '[' tag has no closing ']'"),
        (
            "[colour red]",
            "bad record header: unknown tag [colour] (known: size, walls, start)",
        ),
        (
            "[size five]",
            "bad record header: [size …] needs a number, got \"five\"",
        ),
        (
            "[size 300]",
            "bad record header: [size …] needs a number, got \"300\"",
        ),
        ("[walls]", "bad record header: [walls …] takes one number"),
        (
            "[start e2 zz]",
            "bad record header: cannot read \"zz\" as a square: column must be a letter a-k",
        ),
    ];
    for (record, message) in cases {
        let err = record.parse::<Game>().unwrap_err();
        assert_eq!(err.move_index(), None);
        assert_eq!(err.to_string(), message, "{record}");
    }
}

#[test]
fn parse_prefix_with_a_bad_header_starts_from_the_default_variant() {
    let (game, err) = Game::parse_prefix("[size 99] c2 c4", Variant::new(5, 3).unwrap());
    assert_eq!(game, Game::new(Variant::new(5, 3).unwrap()));
    assert!(matches!(
        err,
        Some(RecordError::Variant(quoridor_rules::VariantError::Size(99)))
    ));
}

#[test]
fn notation_types_serialise_as_their_text() {
    let mv: Move = "e3h".parse().unwrap();
    assert_eq!(serde_json::to_string(&mv).unwrap(), "\"e3h\"");
    assert_eq!(serde_json::from_str::<Move>("\"E3H\"").unwrap(), mv);
    let sq: Square = "k11".parse().unwrap();
    assert_eq!(serde_json::to_string(&sq).unwrap(), "\"k11\"");
    assert_eq!(serde_json::to_string(&Player::Two).unwrap(), "2");
    assert!(serde_json::from_str::<Player>("3").is_err());
    assert!(serde_json::from_str::<Move>("\"e3x\"").is_err());
    assert!(serde_json::from_str::<Move>("42").is_err());
}

#[test]
fn variants_deserialise_only_when_valid() {
    let v = Variant::new(5, 3)
        .unwrap()
        .with_start("a2".parse().unwrap(), "e4".parse().unwrap())
        .unwrap();
    let json = serde_json::to_string(&v).unwrap();
    assert_eq!(json, r#"{"size":5,"walls":3,"start":["a2","e4"]}"#);
    assert_eq!(serde_json::from_str::<Variant>(&json).unwrap(), v);
    for bad in [
        r#"{"size":12,"walls":3,"start":["a2","e4"]}"#,
        r#"{"size":5,"walls":21,"start":["a2","e4"]}"#,
        r#"{"size":5,"walls":3,"start":["a5","e4"]}"#,
        r#"{"size":5,"walls":3,"start":["k11","e4"]}"#,
        r#"{"size":5,"walls":3,"start":["e4","e4"]}"#,
        r#"{"size":5,"walls":3}"#,
    ] {
        assert!(serde_json::from_str::<Variant>(bad).is_err(), "{bad}");
    }
}

/// Text that looks a bit like notation, to reach deeper into the parsers
/// than uniformly random strings do.
fn notation_like() -> impl Strategy<Value = String> {
    prop_oneof![
        any::<String>(),
        "[a-lA-Lz0-9 ]{0,3}[0-9]{0,25}[hvHVx ]{0,3}",
        r"(\[ ?(size|walls|start|SIZE|x)? ?[-0-9a-k ]{0,30}\]? ?){0,4}[a-kA-K0-9hv .\[\]]{0,60}",
        r"([0-9]{1,3}\. )?([a-k](1[01]?|[2-9])[hv]? ?){0,20}",
        "[\\[\\]0-9a-zé.\u{0}\u{feff} ]{0,80}",
        r"[\PC]{0,40}",
    ]
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 512, ..ProptestConfig::default() })]

    #[test]
    fn notation_parsers_never_panic(text in notation_like()) {
        if let Ok(sq) = text.parse::<Square>() {
            prop_assert_eq!(sq.to_string().parse::<Square>().unwrap(), sq);
        }
        if let Ok(w) = text.parse::<Wall>() {
            prop_assert_eq!(w.to_string().parse::<Wall>().unwrap(), w);
        }
        if let Ok(m) = text.parse::<Move>() {
            prop_assert_eq!(m.to_string().parse::<Move>().unwrap(), m);
        }
    }

    #[test]
    fn record_parsers_never_panic(text in notation_like(), size in 3u8..=11, walls in 0u8..=20) {
        let variant = Variant::new(size, walls).unwrap();
        let whole = Game::parse_with_variant(&text, variant);
        let (prefix, err) = Game::parse_prefix(&text, variant);
        // The two readers agree: a clean read keeps everything, else the
        // same error is reported.
        match whole {
            Ok(g) => {
                prop_assert_eq!(&prefix, &g);
                prop_assert_eq!(err, None);
                prop_assert_eq!(Game::parse_with_variant(&g.to_string(), variant).unwrap(), g);
            }
            Err(e) => prop_assert_eq!(err, Some(e)),
        }
        let _ = text.parse::<Game>();
    }

    #[test]
    fn serde_deserialisation_never_panics(text in notation_like()) {
        let _ = serde_json::from_str::<Move>(&text);
        let quoted = serde_json::to_string(&text).unwrap();
        if let Ok(m) = serde_json::from_str::<Move>(&quoted) {
            prop_assert_eq!(text.parse::<Move>().unwrap(), m);
        }
        let _ = serde_json::from_str::<Square>(&quoted);
        let _ = serde_json::from_str::<Wall>(&quoted);
        let _ = serde_json::from_str::<Variant>(&text);
    }

    #[test]
    fn variant_json_with_any_numbers_never_panics(
        size in any::<u8>(),
        walls in any::<u8>(),
        a in "[a-z][0-9]{1,3}",
        b in "[a-z][0-9]{1,3}",
    ) {
        let json = format!(r#"{{"size":{size},"walls":{walls},"start":["{a}","{b}"]}}"#);
        if let Ok(v) = serde_json::from_str::<Variant>(&json) {
            prop_assert!((3..=11).contains(&v.size()) && v.walls() <= 20);
            prop_assert!(v.start(Player::One).on_board(v.size()));
            prop_assert!(v.start(Player::Two).on_board(v.size()));
        }
    }
}

#[test]
fn play_text_names_the_move_number_and_changes_nothing_on_error() {
    use quoridor_rules::{Game, RecordError, Variant};
    let mut game = Game::new(Variant::default());
    assert!(game.play_text("e2").is_ok());
    let bad = game.play_text("z9").expect_err("not notation");
    assert!(
        matches!(bad, RecordError::Syntax { index: 2, .. }),
        "{bad:?}"
    );
    let illegal = game.play_text("e4").expect_err("two squares away");
    assert!(
        matches!(illegal, RecordError::Illegal { index: 2, .. }),
        "{illegal:?}"
    );
    assert!(illegal.to_string().starts_with("move 2 (e4) is illegal"));
    assert_eq!(game.to_string(), "e2");
}

#[test]
fn annotation_symbols_and_comments_are_read_and_ignored() {
    let annotated: Game =
        "d1 f9 d2?! f8? {better: e8} d3?? {better: d3h, win 60% → 20%} f7!! d4! f6!?"
            .parse()
            .unwrap();
    assert_eq!(annotated.to_string(), "d1 f9 d2 f8 d3 f7 d4 f6");
    let spaced: Game = "d1 ?? f9{c}d2 {a comment\nover two lines} f8"
        .parse()
        .unwrap();
    assert_eq!(spaced.to_string(), "d1 f9 d2 f8");
}

#[test]
fn unclosed_comment_is_an_error_not_a_panic() {
    let err = "d1 f9 {better: d2".parse::<Game>().unwrap_err();
    assert_eq!(err, RecordError::UnclosedComment);
    assert_eq!(err.to_string(), "a '{' comment has no closing '}'");
}

#[test]
fn a_symbol_that_is_not_an_annotation_stays_an_error() {
    let err = "d1 f9???".parse::<Game>().unwrap_err();
    assert!(
        matches!(err, RecordError::Syntax { index: 2, .. }),
        "{err:?}"
    );
}

/// 296 plies of pawn shuffling (both pawns back home, player 1 to move),
/// then `tail`.
fn shuffled_then(tail: &str) -> String {
    let mut record = "d1 d9 e1 e9 ".repeat(74);
    record.push_str(tail);
    record
}

#[test]
fn a_record_at_the_ply_limit_carries_its_adjudication_and_reads_back() {
    use quoridor_rules::{EndedBy, PlyLimit};
    // Player 1 steps to e3 while player 2 places walls far from both paths:
    // player 1's path (6) is shorter than player 2's (8).
    let game: Game = shuffled_then("e2 a8h e3 a6h").parse().unwrap();
    assert_eq!(game.moves().len(), 300);
    let outcome = game.outcome(PlyLimit::DEFAULT).expect("at the limit");
    assert_eq!(outcome.winner, Player::One);
    assert_eq!(
        outcome.by,
        EndedBy::PlyLimit {
            limit: 300,
            paths: [6, 8]
        }
    );
    let text = game.record_with_result(PlyLimit::DEFAULT);
    assert!(
        text.ends_with("e2 a8h e3 a6h 1-0 {adjudicated at the 300-ply limit (paths 6 to 8)}"),
        "{text}"
    );
    let read: Game = text.parse().unwrap();
    assert_eq!(read, game);
    assert_eq!(read.record_with_result(PlyLimit::DEFAULT), text);
    // Before the limit, and without one, nothing is added.
    assert_eq!(game.record_with_result(PlyLimit::NONE), game.to_string());
    // A game won on the board states its winner without a comment.
    let won: Game = "[size 3] [walls 0] b2 a3 b3".parse().unwrap();
    assert_eq!(
        won.record_with_result(PlyLimit::NONE),
        "[size 3] [walls 0] b2 a3 b3 1-0"
    );
    assert_eq!(
        "[size 3] [walls 0] b2 a3 b3 1-0".parse::<Game>().unwrap(),
        won
    );
}

#[test]
fn a_result_that_contradicts_the_moves_is_refused() {
    let adjudicated = shuffled_then("e2 a8h e3 a6h 0-1 {adjudicated at the 300-ply limit}");
    let err = adjudicated.parse::<Game>().unwrap_err();
    assert_eq!(
        err.to_string(),
        "the result 0-1 does not fit the moves: player 1 wins on path lengths after the \
         last move (paths 6 to 8)"
    );
    assert!(matches!(err, RecordError::WrongResult(_)), "{err:?}");
    assert_eq!(err.move_index(), None);
    // The prefix reader keeps every move and reports the same error.
    let (game, prefix_err) = Game::parse_prefix(&adjudicated, Variant::default());
    assert_eq!(game.moves().len(), 300);
    assert_eq!(prefix_err, Some(err));
    let goal = "[size 3] [walls 0] b2 a3 b3 0-1"
        .parse::<Game>()
        .unwrap_err();
    assert_eq!(
        goal.to_string(),
        "the result 0-1 does not fit the moves: player 1 reached the goal"
    );
    let early = "e2 1-0 e8".parse::<Game>().unwrap_err();
    assert_eq!(
        early.to_string(),
        "the result 1-0 must come after the last move"
    );
    // A draw is no result here: it is read as a move and refused as one.
    assert!(matches!(
        "e2 e8 1/2-1/2".parse::<Game>().unwrap_err(),
        RecordError::Syntax { index: 3, .. }
    ));
}

#[test]
fn records_without_a_result_read_as_before() {
    let game: Game = shuffled_then("e2 a8h e3 a6h").parse().unwrap();
    assert_eq!(game.to_string(), shuffled_then("e2 a8h e3 a6h"));
    // An adjudication stated before the default limit is checked, and the
    // game read is its moves.
    let early: Game = "e2 e8 e3 1-0".parse().unwrap();
    assert_eq!(early.to_string(), "e2 e8 e3");
}
