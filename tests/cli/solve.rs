//! `quoridor solve` on the command line: the value, the moves' values, the
//! checks, and the refusals.

use crate::common;

use common::{quoridor, stderr, stdout};

#[test]
fn solve_prints_the_value_and_every_move_with_its_value_and_passes_its_checks() {
    let out = quoridor(&[
        "solve",
        "--size",
        "3",
        "--walls",
        "1",
        "--check",
        "--brute-force",
    ]);
    assert_eq!(out.status.code(), Some(0), "{}", stderr(&out));
    let text = stdout(&out);
    assert!(text.contains("value: player 1 loses in 8 plies"), "{text}");
    assert!(text.contains("  b2    loses in 2 plies"), "{text}");
    assert!(text.contains("  a2h   loses in 8 plies"), "{text}");
    assert!(
        text.contains("consistency check: 3,449 positions, 0 violations"),
        "{text}"
    );
    assert!(text.contains("0 differ from the table"), "{text}");
}

#[test]
fn solve_reads_the_position_from_a_record() {
    let out = quoridor(&["solve", "[size 3] [walls 0] b2"]);
    assert_eq!(out.status.code(), Some(0), "{}", stderr(&out));
    let text = stdout(&out);
    assert!(text.contains("value: player 2 wins in 1 ply"), "{text}");
    assert!(text.contains("  b1    wins in 1 ply"), "{text}");
}

#[test]
fn a_variant_too_big_is_refused_with_one_error_line() {
    let out = quoridor(&["solve", "--memory-gib", "1"]);
    assert_eq!(out.status.code(), Some(2));
    let err = stderr(&out);
    assert_eq!(err.lines().count(), 1, "{err}");
    assert!(err.starts_with("error: the tables need at least"), "{err}");
    assert!(stdout(&out).is_empty());
}

#[test]
fn low_memory_refuses_the_flags_that_need_the_whole_table() {
    for flag in ["--check", "--brute-force"] {
        let out = quoridor(&["solve", "--size", "3", "--walls", "0", "--low-memory", flag]);
        assert_eq!(out.status.code(), Some(2), "{flag}");
    }
    let out = quoridor(&["solve", "--size", "3", "--walls", "1", "--low-memory"]);
    assert_eq!(out.status.code(), Some(0));
    assert!(stdout(&out).contains("value: player 1 loses in 8 plies"));
}

#[test]
fn the_table_file_is_written() {
    let dir = std::env::temp_dir().join(format!("quoridor-solve-{}", std::process::id()));
    std::fs::create_dir_all(&dir).expect("temp dir");
    let path = dir.join("3x3-0.qsolve");
    let path_text = path.to_str().expect("utf-8 path");
    let out = quoridor(&["solve", "--size", "3", "--walls", "0", "--out", path_text]);
    assert_eq!(out.status.code(), Some(0), "{}", stderr(&out));
    let bytes = std::fs::read(&path).expect("written");
    assert_eq!(&bytes[..8], b"QSOLVE01");
    let table = quoridor::solve::Table::read_from(&mut bytes.as_slice()).expect("reads");
    assert_eq!(
        table.value(&quoridor::game::Position::new(table.variant())),
        Some(quoridor::solve::Value::Loss(4))
    );
    let _ = std::fs::remove_dir_all(&dir);
    let out = quoridor(&[
        "solve",
        "--size",
        "3",
        "--walls",
        "0",
        "--out",
        "/no/such/dir/t.qsolve",
    ]);
    assert_eq!(out.status.code(), Some(1));
    assert!(stderr(&out).contains("cannot write the table"));
}
