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
fn the_standard_board_is_refused_at_once_whatever_the_budget() {
    // Before the up-front count, the largest budget started enumerating the
    // standard board's wall configurations and printed nothing for hours.
    // The debug build answers in well under a second; the assertion is on
    // what it says, not on how fast.
    for budget in ["24", "1024"] {
        let out = quoridor(&["solve", "--memory-gib", budget]);
        assert_eq!(out.status.code(), Some(2), "{budget}");
        let err = stderr(&out);
        assert_eq!(err.lines().count(), 1, "{err}");
        for part in [
            "error: the tables need at least ",
            " GiB and at most ",
            " wall configurations, at least ",
            " positions), more than the ",
            "no machine holds that (--memory-gib goes up to 1024)",
        ] {
            assert!(err.contains(part), "{part:?} in {err}");
        }
    }
}

#[test]
fn a_variant_some_machine_holds_is_refused_with_its_bounds() {
    // 7x7 with 3 walls each: the up-front lower bound (24.3 GiB) is over
    // the 1 GiB given, so it is refused before enumerating, with both
    // bounds; some machine could hold it, so nothing says none can.
    let out = quoridor(&["solve", "--size", "7", "--walls", "3", "--memory-gib", "1"]);
    assert_eq!(out.status.code(), Some(2));
    let err = stderr(&out);
    assert!(err.contains("wall configurations"), "{err}");
    assert!(!err.contains("no machine holds that"), "{err}");
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
    assert_eq!(&bytes[..8], b"QSOLVE02");
    let table = quoridor_solver::Table::read_from(&mut bytes.as_slice()).expect("reads");
    assert_eq!(
        table.value(&quoridor_rules::Position::new(table.variant())),
        Some(quoridor_solver::Value::Loss(4))
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

/// The cells of the accuracy table's row for `player`.
fn accuracy_row(text: &str, player: &str) -> Vec<String> {
    text.lines()
        .find(|l| l.starts_with(&format!("| {player} |")))
        .unwrap_or_else(|| panic!("no row for {player}:\n{text}"))
        .split('|')
        .map(|c| c.trim().to_string())
        .filter(|c| !c.is_empty())
        .collect()
}

/// The percentage at the start of a cell such as `79.1% (73.9–83.4)`.
fn percent(cell: &str) -> f64 {
    cell.split('%')
        .next()
        .and_then(|p| p.parse().ok())
        .unwrap_or_else(|| panic!("not a percentage: {cell}"))
}

#[test]
fn accuracy_gives_the_perfect_player_every_move_and_the_random_one_fewer() {
    let dir = std::env::temp_dir().join(format!("quoridor-accuracy-{}", std::process::id()));
    std::fs::create_dir_all(&dir).expect("temp dir");
    let records = dir.join("games.txt");
    let out = quoridor(&[
        "solve",
        "accuracy",
        "--size",
        "3",
        "--walls",
        "2",
        "--games",
        "12",
        "--engine",
        "perfect",
        "--engine",
        "random",
        "--engine",
        "engine=alphabeta,playouts=200,time_ms=0",
        "--records",
        records.to_str().expect("utf-8 path"),
    ]);
    assert_eq!(out.status.code(), Some(0), "{}", stderr(&out));
    let text = stdout(&out);
    assert!(
        text.starts_with("3x3, 2 walls each: 8,155 positions solved"),
        "{text}"
    );
    // player, games, moves (positions), keeps, won, keeps win, fastest, ...
    let perfect = accuracy_row(&text, "perfect");
    assert_eq!(perfect[1], "12");
    assert!(perfect[3].starts_with("100.0% ("), "{perfect:?}");
    assert!(perfect[5].starts_with("100.0% ("), "{perfect:?}");
    assert!(perfect[6].starts_with("100.0% ("), "{perfect:?}");
    let random = accuracy_row(&text, "random");
    assert!(percent(&random[3]) < 100.0, "{random:?}");
    assert!(percent(&random[5]) < 100.0, "{random:?}");
    assert!(percent(&random[6]) <= percent(&random[5]), "{random:?}");
    let engine = accuracy_row(&text, "engine=alphabeta,playouts=200,time_ms=0");
    assert!(!engine[2].starts_with("0 "), "{engine:?}");
    // Every game written, each a record of the variant that replays.
    let written = std::fs::read_to_string(&records).expect("records written");
    let games: Vec<&str> = written.lines().filter(|l| !l.starts_with('#')).collect();
    assert_eq!(games.len(), 36, "{written}");
    for game in games {
        let game: quoridor_rules::Game = game.parse().expect("a record");
        assert_eq!((game.variant().size(), game.variant().walls()), (3, 2));
    }
    assert!(written.starts_with("# perfect\n"), "{written}");
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn accuracy_refuses_no_players_and_bad_settings() {
    let out = quoridor(&["solve", "accuracy", "--size", "3", "--walls", "0"]);
    assert_eq!(out.status.code(), Some(2));
    assert!(stderr(&out).contains("no player"), "{}", stderr(&out));
    let out = quoridor(&["solve", "accuracy", "--size", "3", "--engine", "uct_c"]);
    assert_eq!(out.status.code(), Some(2));
    assert!(
        stderr(&out).contains("expected name=value"),
        "{}",
        stderr(&out)
    );
    let out = quoridor(&[
        "solve",
        "accuracy",
        "--size",
        "3",
        "--engine",
        "playouts=-3",
    ]);
    assert_eq!(out.status.code(), Some(2));
    assert!(
        stderr(&out).contains("--engine \"playouts=-3\""),
        "{}",
        stderr(&out)
    );
    // Solve's own flags do not mix with accuracy (read as a record instead).
    let out = quoridor(&["solve", "--check", "accuracy"]);
    assert_eq!(out.status.code(), Some(2));
}
