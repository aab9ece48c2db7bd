//! `--tables PATH`: `quoridor uci` answers the positions a solved table
//! covers from it (a best move, `score mate`, `tbhits 1`) and searches the
//! others; `quoridor solve` reads (and checks) a stored table instead of
//! solving; bad table paths are refused.

use crate::common;

use common::{quoridor, scratch, stderr, stdout, Uci};
use std::path::{Path, PathBuf};

/// Solves `size`x`size` with `walls` each into `dir` (as a user would).
fn write_table(dir: &Path, size: u8, walls: u8) -> PathBuf {
    let path = dir.join(format!("{size}x{size}-{walls}.qsolve"));
    let (size, walls) = (size.to_string(), walls.to_string());
    let out = quoridor(&[
        "solve",
        "--size",
        &size,
        "--walls",
        &walls,
        "--out",
        path.to_str().expect("utf-8 path"),
    ]);
    assert_eq!(out.status.code(), Some(0), "{}", stderr(&out));
    path
}

/// `quoridor solve RECORD`'s moves with their values, best first.
fn solved_moves(record: &str) -> Vec<(String, String)> {
    let out = quoridor(&["solve", record]);
    assert_eq!(out.status.code(), Some(0), "{}", stderr(&out));
    stdout(&out)
        .lines()
        .skip_while(|l| !l.starts_with("moves ("))
        .skip(1)
        .filter_map(|l| {
            let l = l.trim();
            let (mv, value) = l.split_once(' ')?;
            Some((mv.to_string(), value.trim().to_string()))
        })
        .collect()
}

#[test]
fn covered_positions_are_answered_with_a_best_move_by_the_table() {
    let dir = scratch("tables", "answers");
    write_table(&dir, 3, 1);
    write_table(&dir, 5, 1);
    let mut uci = Uci::start_with(&["--tables", dir.to_str().expect("utf-8 path")]);
    let cases = [
        (3, 1, ""),
        (3, 1, "b2"),
        (3, 1, "a1 b2 b1h"),
        (5, 1, ""),
        (5, 1, "c2 c4"),
        (5, 1, "c2 c4 c3 b2h"),
    ];
    for (size, walls, moves) in cases {
        uci.send(&format!("setoption name board_size value {size}"));
        uci.send(&format!("setoption name walls value {walls}"));
        uci.send(&format!("position startpos moves {moves}"));
        let (lines, best) = uci.go("go movetime 60000");
        let record = format!("[size {size}] [walls {walls}] {moves}");
        let expected = solved_moves(&record);
        let best_value = &expected[0].1;
        let chosen = expected
            .iter()
            .find(|(mv, _)| *mv == best)
            .unwrap_or_else(|| panic!("{best} is not a legal move of {record}: {expected:?}"));
        assert_eq!(&chosen.1, best_value, "{record}: {best} is not a best move");
        let info = lines
            .iter()
            .find(|l| l.starts_with("info depth"))
            .expect("an info line");
        assert!(info.contains(" tbhits 1 "), "{info}");
        assert!(info.contains(" nodes 0 "), "no search: {info}");
        // The best move's value is the position's. mate N counts the side to
        // move's own moves for a win in p plies (⌈p/2⌉), the opponent's for a
        // loss (p/2).
        let plies: u32 = best_value
            .split_whitespace()
            .nth(2)
            .and_then(|p| p.parse().ok())
            .expect("a distance");
        let mate = if best_value.starts_with("wins") {
            plies.div_ceil(2).to_string()
        } else {
            format!("-{}", plies / 2)
        };
        assert!(
            info.contains(&format!(" score mate {mate} ")),
            "{record}: {info}"
        );
        assert!(info.contains(&format!(" pv {best}")), "{info}");
    }
}

#[test]
fn go_infinite_on_a_covered_position_answers_after_stop() {
    let dir = scratch("tables", "infinite");
    let table = write_table(&dir, 3, 1);
    let mut uci = Uci::start_with(&["--tables", table.to_str().expect("utf-8 path")]);
    uci.send("setoption name board_size value 3");
    uci.send("setoption name walls value 1");
    uci.send("position startpos");
    uci.send("go infinite");
    let before = uci.sync();
    assert!(
        before.iter().all(|l| !l.starts_with("bestmove")),
        "no bestmove before stop: {before:#?}"
    );
    uci.send("stop");
    let after = uci.read_until(|l| l.starts_with("bestmove "));
    // Player 1 loses 3x3 with a wall each in 8 plies whatever it does but b2 (in 2).
    let best = after.last().expect("bestmove");
    assert_ne!(best, "bestmove b2", "{after:#?}");
}

#[test]
fn positions_no_table_covers_are_searched() {
    let dir = scratch("tables", "uncovered");
    write_table(&dir, 3, 1);
    let mut uci = Uci::start_with(&["--tables", dir.to_str().expect("utf-8 path")]);
    uci.send("setoption name board_size value 3");
    uci.send("setoption name walls value 2");
    uci.send("position startpos");
    let (lines, _) = uci.go("go nodes 200");
    let info = lines
        .iter()
        .rfind(|l| l.starts_with("info depth"))
        .expect("an info line");
    assert!(!info.contains("tbhits"), "{info}");
    assert!(info.contains(" playouts "), "a search: {info}");
}

#[test]
fn a_damaged_table_is_reported_and_the_engine_searches_instead() {
    let dir = scratch("tables", "damaged");
    let table = write_table(&dir, 3, 1);
    let bytes = std::fs::read(&table).expect("read");
    std::fs::write(&table, &bytes[..bytes.len() - 100]).expect("cut");
    let mut uci = Uci::start_with(&["--tables", dir.to_str().expect("utf-8 path")]);
    uci.send("setoption name board_size value 3");
    uci.send("setoption name walls value 1");
    uci.send("position startpos");
    let (lines, best) = uci.go("go nodes 200");
    assert!(
        lines
            .iter()
            .any(|l| l.starts_with("info string error: the solved table: ")),
        "{lines:#?}"
    );
    assert_ne!(best, "(none)");
}

#[test]
fn bad_table_paths_are_refused_before_the_session() {
    let dir = scratch("tables", "refused");
    let missing = dir.join("missing");
    let out = quoridor(&["uci", "--tables", missing.to_str().expect("utf-8 path")]);
    assert_eq!(out.status.code(), Some(2));
    assert!(
        stderr(&out).starts_with("error: --tables: cannot read the tables at "),
        "{}",
        stderr(&out)
    );
    std::fs::write(dir.join("notes.txt"), "no tables here").expect("write");
    let out = quoridor(&["uci", "--tables", dir.to_str().expect("utf-8 path")]);
    assert_eq!(out.status.code(), Some(2));
    assert!(
        stderr(&out).contains("no solver table in"),
        "{}",
        stderr(&out)
    );
    assert!(stdout(&out).is_empty());
}

#[test]
fn solve_reads_a_stored_table_and_checks_it() {
    let dir = scratch("tables", "solve");
    let table = write_table(&dir, 3, 1);
    let record = "[size 3] [walls 1] b2";
    let solved = stdout(&quoridor(&["solve", record]));
    let out = quoridor(&[
        "solve",
        "--tables",
        dir.to_str().expect("utf-8 path"),
        "--check",
        record,
    ]);
    assert_eq!(out.status.code(), Some(0), "{}", stderr(&out));
    let read = stdout(&out);
    assert!(
        read.starts_with("3x3, 1 wall each: table read from "),
        "{read}"
    );
    // The value and every move's value are the solver's.
    let from = |text: &str| {
        text[text.find("value:").expect("value")..]
            .lines()
            .take(13)
            .collect::<Vec<_>>()
            .join("\n")
    };
    assert_eq!(from(&read), from(&solved));
    assert!(
        read.contains("consistency check: 3,449 positions, 0 violations"),
        "{read}"
    );

    // An entry changed on disk (a lost position made a draw) fails the check.
    let mut bytes = std::fs::read(&table).expect("read");
    let at = (0..bytes.len() / 2)
        .rev()
        .map(|i| bytes.len() - 2 - 2 * i)
        .rfind(|&i| u16::from_le_bytes([bytes[i], bytes[i + 1]]) > 1)
        .expect("a decided entry");
    bytes[at..at + 2].copy_from_slice(&1u16.to_le_bytes());
    std::fs::write(&table, &bytes).expect("write");
    let out = quoridor(&[
        "solve",
        "--tables",
        table.to_str().expect("utf-8 path"),
        "--check",
        "--size",
        "3",
        "--walls",
        "1",
    ]);
    assert_eq!(out.status.code(), Some(1), "{}", stdout(&out));
    assert!(stderr(&out).contains("check failed"), "{}", stderr(&out));

    // A variant the tables do not hold is refused, naming what they hold.
    let out = quoridor(&[
        "solve",
        "--tables",
        dir.to_str().expect("utf-8 path"),
        "--size",
        "3",
        "--walls",
        "2",
    ]);
    assert_eq!(out.status.code(), Some(2));
    assert!(
        stderr(&out).contains("no table of 3x3 with 2 walls each at")
            && stderr(&out).contains("(it holds 3x3 with 1 wall each)"),
        "{}",
        stderr(&out)
    );
}

#[test]
fn the_docs_example_table_is_what_the_solver_writes() {
    let dir = scratch("tables", "example");
    let fresh = std::fs::read(write_table(&dir, 3, 1)).expect("read");
    let shipped = std::fs::read(concat!(
        concat!(env!("CARGO_MANIFEST_DIR"), "/../.."),
        "/docs/examples/3x3-1.qsolve"
    ))
    .expect("docs/examples/3x3-1.qsolve");
    assert!(
        fresh == shipped,
        "docs/examples/3x3-1.qsolve differs from `quoridor solve --size 3 --walls 1 --out`: write it again"
    );
}
