//! The `quoridor` binary's rules commands, run as a user would run them.

use crate::common;

use common::{quoridor, quoridor_with_input, scratch, stderr, stdout};

#[test]
fn moves_lists_the_131_start_moves() {
    let out = quoridor(&["moves"]);
    assert_eq!(out.status.code(), Some(0), "{}", stderr(&out));
    let text = stdout(&out);
    let moves: Vec<&str> = text.split_whitespace().collect();
    assert_eq!(moves.len(), 131);
    // Pawn moves first, then horizontal walls, then vertical walls.
    assert_eq!(&moves[..4], ["d1", "f1", "e2", "a1h"]);
    assert_eq!(moves[130], "h8v");
    for m in ["d1", "f1", "e2", "a1h", "h8h", "a1v", "h8v"] {
        assert!(moves.contains(&m), "{m} missing");
    }
    assert!(stderr(&out).is_empty());
}

#[test]
fn moves_after_a_record_given_as_one_or_many_arguments() {
    let one = quoridor(&["moves", "e2 e8 e3 e7 e4 e6 e5"]);
    let many = quoridor(&["moves", "e2", "e8", "e3", "e7", "e4", "e6", "e5"]);
    assert_eq!(one.status.code(), Some(0));
    assert_eq!(stdout(&one), stdout(&many));
    let text = stdout(&one);
    let pawn: Vec<&str> = text
        .split_whitespace()
        .filter(|m| !m.ends_with('h') && !m.ends_with('v'))
        .collect();
    // Player 2 on e6 faces player 1 on e5 and may jump to e4.
    assert_eq!(pawn.len(), 4);
    assert!(pawn.contains(&"e4"));
}

#[test]
fn moves_on_a_5x5_board_with_3_walls() {
    let out = quoridor(&["moves", "--size", "5", "--walls", "3"]);
    assert_eq!(out.status.code(), Some(0), "{}", stderr(&out));
    let text = stdout(&out);
    let moves: Vec<&str> = text.split_whitespace().collect();
    assert_eq!(moves.len(), 3 + 2 * 16);
    assert!(moves.contains(&"c2") && moves.contains(&"d4v"));
    assert!(!moves.contains(&"e4h"));
    // The same variant given as a header.
    let header = quoridor(&["moves", "[size 5] [walls 3]"]);
    assert_eq!(stdout(&header), text);
}

#[test]
fn bad_record_exits_2_and_names_the_bad_move() {
    let out = quoridor(&["moves", "e2 e8 e4"]);
    assert_eq!(out.status.code(), Some(2));
    assert!(stdout(&out).is_empty());
    assert_eq!(
        stderr(&out).trim(),
        "error: move 3 (e4) is illegal: e4 is not reachable from e2"
    );
    let out = quoridor(&["show", "e2 e8 e3h e7 e3h"]);
    assert_eq!(out.status.code(), Some(2));
    assert!(
        stderr(&out).contains("move 5 (e3h) is illegal: wall e3h overlaps e3h placed on move 3")
    );
    let out = quoridor(&["perft", "1", "e2 zz"]);
    assert_eq!(out.status.code(), Some(2));
    assert!(stderr(&out).contains("move 2: cannot read \"zz\" as a move"));
}

#[test]
fn flags_that_contradict_the_header_are_refused() {
    let out = quoridor(&["moves", "--size", "5", "[walls 3] c2"]);
    assert_eq!(out.status.code(), Some(2));
    assert!(
        stderr(&out).contains("contradicts --size/--walls"),
        "{}",
        stderr(&out)
    );
    let out = quoridor(&["moves", "--size", "12"]);
    assert_eq!(out.status.code(), Some(2));
    assert!(stderr(&out).contains("board size 12 is not supported"));
    let out = quoridor(&["moves", "--walls"]);
    assert_eq!(out.status.code(), Some(2));
    assert!(stderr(&out).contains("--walls needs a value"));
}

#[test]
fn perft_2_prints_16677() {
    let out = quoridor(&["perft", "2"]);
    assert_eq!(out.status.code(), Some(0), "{}", stderr(&out));
    assert_eq!(stdout(&out), "16677\n");
    let out = quoridor(&["perft", "2", "--size", "5", "--walls", "0"]);
    assert_eq!(stdout(&out), "9\n");
}

#[test]
fn perft_needs_a_sensible_depth() {
    for (args, message) in [
        (
            &["perft"][..],
            "perft needs DEPTH: moves to look ahead (0–8); usage: quoridor perft <DEPTH> [RECORD]...",
        ),
        (
            &["perft", "x"][..],
            "DEPTH must be a number from 0 to 8, got \"x\"",
        ),
        (
            &["perft", "-1"][..],
            "DEPTH must be a number from 0 to 8, got \"-1\"",
        ),
        (&["perft", "9"][..], "DEPTH 9 is too deep (at most 8)"),
    ] {
        let out = quoridor(args);
        assert_eq!(out.status.code(), Some(2), "{args:?}");
        assert_eq!(stderr(&out).trim(), format!("error: {message}"));
    }
}

#[test]
fn show_draws_pawns_walls_and_stocks() {
    let out = quoridor(&["show", "e2 e8 e3h d7v"]);
    assert_eq!(out.status.code(), Some(0), "{}", stderr(&out));
    let text = stdout(&out);
    let lines: Vec<&str> = text.lines().collect();
    assert_eq!(lines[0].trim(), "a   b   c   d   e   f   g   h   i");
    // Rank 8: player 2 on e8 with d7v on its west side.
    let rank8 = lines.iter().find(|l| l.starts_with("  8 |")).unwrap();
    assert_eq!(*rank8, "  8 | .   .   .   . # 2   .   .   .   . | 8");
    let rank2 = lines.iter().find(|l| l.starts_with("  2 |")).unwrap();
    assert_eq!(*rank2, "  2 | .   .   .   .   1   .   .   .   . | 2");
    // e3h: under files e and f, between ranks 4 and 3.
    let i4 = lines.iter().position(|l| l.starts_with("  4 |")).unwrap();
    assert_eq!(lines[i4 + 1], "    |                =======            |");
    assert!(text.contains("player 1 on e2: 9 of 10 walls left"));
    assert!(text.contains("player 2 on e8: 9 of 10 walls left"));
    assert!(text.contains("player 1 to move"));
    assert!(text.contains("record: e2 e8 e3h d7v"));
}

#[test]
fn show_reports_the_winner() {
    let out = quoridor(&["show", "[size 3] b2 a3 b3"]);
    assert_eq!(out.status.code(), Some(0));
    let text = stdout(&out);
    assert!(text.contains("player 1 has won"));
    assert!(text.contains("record: [size 3] b2 a3 b3 1-0\n"), "{text}");
}

#[test]
fn show_keeps_the_result_a_record_states() {
    let out = quoridor(&["show", "e2 e8 1-0"]);
    assert_eq!(out.status.code(), Some(0));
    let text = stdout(&out);
    assert!(
        text.ends_with(
            "player 1 to move\n\
             result: 1-0, as the record states: the game stopped here, and player 1 wins it on \
             path lengths (paths 7 to 7, the side to move wins a tie)\n\
             record: e2 e8 1-0\n"
        ),
        "{text}"
    );
    // A result that does not fit stays an error.
    let wrong = quoridor(&["show", "e2 e8 0-1"]);
    assert_eq!(wrong.status.code(), Some(2), "{}", stderr(&wrong));
}

#[test]
fn moves_after_a_finished_game_lists_none_and_says_who_won() {
    let moves = quoridor(&["moves", "[size 3] b2 a3 b3"]);
    assert_eq!(moves.status.code(), Some(0));
    assert_eq!(
        stdout(&moves),
        "\n",
        "no move, and nothing a script would read as one"
    );
    assert_eq!(
        stderr(&moves),
        "game over: player 1 has won; no move is legal\n"
    );
    let playing = quoridor(&["moves", "[size 3] b2 a3"]);
    assert_eq!(stderr(&playing), "", "a game in progress needs no note");
}

#[test]
fn perft_help_shows_depth_as_required() {
    let out = quoridor(&["perft", "--help"]);
    assert_eq!(out.status.code(), Some(0));
    assert!(stdout(&out).contains("USAGE: quoridor perft [OPTIONS] <DEPTH> [RECORD]..."));
}

#[test]
fn a_misspelt_column_letter_is_called_a_column() {
    let out = quoridor(&["show", "next"]);
    assert_eq!(out.status.code(), Some(2));
    assert_eq!(
        stderr(&out),
        "error: move 1: cannot read \"next\" as a move: column must be a letter a-k\n"
    );
    let out = quoridor(&["show", "game"]);
    assert_eq!(
        stderr(&out),
        "error: move 1: cannot read \"game\" as a move: rank must be a number 1-11 after the column letter\n"
    );
}

#[test]
fn unknown_command_is_one_line_and_no_command_exits_2_with_usage() {
    let out = quoridor(&["frobnicate"]);
    assert_eq!(out.status.code(), Some(2));
    assert_eq!(
        stderr(&out),
        "error: unknown command \"frobnicate\" (quoridor --help lists the commands)\n"
    );
    for args in [&["shwo"][..], &["help", "shwo"][..]] {
        let out = quoridor(args);
        assert_eq!(out.status.code(), Some(2));
        assert_eq!(
            stderr(&out),
            "error: unknown command \"shwo\" (did you mean \"show\"?)\n",
            "{args:?}"
        );
    }
    let out = quoridor(&[]);
    assert_eq!(out.status.code(), Some(2));
    assert!(stderr(&out).contains("USAGE"));
    let out = quoridor(&["help"]);
    assert_eq!(out.status.code(), Some(0));
    assert!(stdout(&out).contains("quoridor perft DEPTH"));
}

#[test]
fn help_help_prints_the_tools_help() {
    let top = quoridor(&["--help"]);
    for args in [&["help", "--help"][..], &["help", "-h"][..]] {
        let out = quoridor(args);
        assert_eq!(out.status.code(), Some(0), "{args:?}: {}", stderr(&out));
        assert_eq!(stdout(&out), stdout(&top), "{args:?}");
    }
    let out = quoridor(&["help", "show", "--help"]);
    assert_eq!(out.status.code(), Some(0));
    assert!(stdout(&out).contains("USAGE: quoridor show"));
}

#[test]
fn a_record_is_read_from_a_file_named_by_a_path() {
    let dir = scratch("rules", "record-file");
    let file = dir.join("game.txt");
    // Headers and moves over several lines, with a move number and a comment.
    std::fs::write(&file, "[size 5]\n[walls 3]\n1. c2 c4\n b1v {a wall} \n").expect("write");
    let path = file.to_str().expect("a UTF-8 path");
    let given = quoridor(&["moves", "[size 5] [walls 3] c2 c4 b1v"]);
    let read = quoridor(&["moves", path]);
    assert_eq!(read.status.code(), Some(0), "{}", stderr(&read));
    assert_eq!(stdout(&read), stdout(&given));
    let shown = quoridor(&["show", path]);
    assert!(stdout(&shown).contains("record: [size 5] [walls 3] c2 c4 b1v"));
    let perft = quoridor(&["perft", "1", path]);
    assert_eq!(
        stdout(&perft),
        format!("{}\n", stdout(&given).split_whitespace().count())
    );
    std::fs::remove_dir_all(dir).ok();
}

#[test]
fn a_missing_record_file_is_named_in_the_error() {
    let out = quoridor(&["show", "game.txt"]);
    assert_eq!(out.status.code(), Some(2));
    assert!(stdout(&out).is_empty());
    let err = stderr(&out);
    assert!(
        err.starts_with("error: cannot read record file \"game.txt\": "),
        "{err}"
    );
    assert_eq!(err.lines().count(), 1, "{err}");
    let out = quoridor(&["review", "--playouts", "10", "no/such/game"]);
    assert_eq!(out.status.code(), Some(2));
    assert!(stderr(&out).starts_with("error: cannot read record file \"no/such/game\": "));
}

#[test]
fn a_dash_reads_the_record_from_standard_input() {
    let out = quoridor_with_input(&["show", "-"], "e2 e8\n");
    assert_eq!(out.status.code(), Some(0), "{}", stderr(&out));
    assert!(stdout(&out).contains("record: e2 e8\n"));
    let out = quoridor_with_input(&["perft", "1", "-"], "[size 5]\n[walls 0]\nc2\n");
    assert_eq!(stdout(&out), "3\n");
    let out = quoridor_with_input(&["moves", "-"], "e2 zz");
    assert_eq!(out.status.code(), Some(2));
    assert!(stderr(&out).contains("move 2: cannot read \"zz\" as a move"));
}

#[test]
fn piped_input_is_the_record_when_no_record_is_given() {
    let out = quoridor_with_input(&["show"], "e2 e8");
    assert_eq!(out.status.code(), Some(0), "{}", stderr(&out));
    assert!(stdout(&out).contains("record: e2 e8\n"));
    assert_eq!(
        stdout(&quoridor_with_input(&["moves"], "e2 e8")),
        stdout(&quoridor(&["moves", "e2", "e8"]))
    );
    // Empty input is the start position, as is no input at all.
    let empty = quoridor_with_input(&["moves"], "");
    assert_eq!(stdout(&empty), stdout(&quoridor(&["moves"])));
    assert_eq!(stdout(&empty).split_whitespace().count(), 131);
    // A record on the command line wins over the pipe.
    let out = quoridor_with_input(&["show", "e2"], "d1");
    assert!(stdout(&out).contains("record: e2\n"));
    let out = quoridor_with_input(&["review", "--playouts", "20"], "[size 5] [walls 0] c2 c4");
    assert_eq!(out.status.code(), Some(0), "{}", stderr(&out));
    assert!(
        stdout(&out).starts_with("[size 5] [walls 0] c2"),
        "{}",
        stdout(&out)
    );
}
