//! `quoridor arena` as a subprocess: small matches with tiny budgets on a 5x5
//! board, checked through the JSON summary and the records file; test-double
//! engines that play an illegal move or crash lose every game.

use crate::common;

use serde_json::Value;
use std::path::PathBuf;
use std::process::{Command, Output};

/// A scratch directory for one test's output files.
fn scratch(name: &str) -> PathBuf {
    common::scratch("arena", name)
}

/// Runs the arena on 5x5 with 2 walls; returns the output, the JSON summary
/// and the records file.
fn arena(name: &str, extra: &[&str]) -> (Output, Value, String) {
    common::arena(&scratch(name), extra)
}

fn count(v: &Value) -> u64 {
    v.as_u64().expect("a count")
}

#[test]
fn a_small_match_completes_alternates_colours_and_counts() {
    let (out, s, records) = arena(
        "small",
        &[
            "--a",
            "preset=thesis",
            "--b",
            "preset=default",
            "--games",
            "6",
            "--playouts",
            "40",
        ],
    );
    assert_eq!(count(&s["games"]), 6);
    let games = s["results"].as_array().expect("results");
    assert_eq!(games.len(), 6);
    let (mut a_first_wins, mut a_second_wins, mut b_first_wins, mut b_second_wins) = (0, 0, 0, 0);
    for (i, g) in games.iter().enumerate() {
        assert_eq!(count(&g["index"]) as usize, i);
        let a_first = g["a_first"].as_bool().expect("a_first");
        assert_eq!(a_first, i % 2 == 0, "colours alternate");
        let a_won = g["winner"] == "A";
        match (a_won, a_first) {
            (true, true) => a_first_wins += 1,
            (true, false) => a_second_wins += 1,
            (false, false) => b_first_wins += 1,
            (false, true) => b_second_wins += 1,
        }
        assert_eq!(g["ending"]["kind"], "goal", "game {i}: {}", g["ending"]);
        // Both sides moved, at the playout limit.
        for side in 0..2 {
            let stats = &g["stats"][side];
            assert!(count(&stats["moves"]) >= 1);
            assert!(count(&stats["playouts"]) <= 40 * count(&stats["moves"]));
        }
    }
    assert_eq!(count(&s["a"]["wins_first"]), a_first_wins);
    assert_eq!(count(&s["a"]["wins_second"]), a_second_wins);
    assert_eq!(count(&s["b"]["wins_first"]), b_first_wins);
    assert_eq!(count(&s["b"]["wins_second"]), b_second_wins);
    assert_eq!(count(&s["a"]["wins"]) + count(&s["b"]["wins"]), 6);
    let score = s["a_score"].as_f64().expect("score");
    assert!((score - count(&s["a"]["wins"]) as f64 / 6.0).abs() < 1e-9);
    let (lo, hi) = (
        s["a_score_interval"][0].as_f64(),
        s["a_score_interval"][1].as_f64(),
    );
    assert!(lo.expect("lo") <= score && score <= hi.expect("hi"));
    // A's score by colour, each from its own three games.
    for (key, wins) in [
        ("a_as_player_1", a_first_wins),
        ("a_as_player_2", a_second_wins),
    ] {
        let c = &s[key];
        assert_eq!(count(&c["games"]), 3, "{key}");
        assert_eq!(count(&c["wins"]), wins, "{key}");
        let score = c["score"].as_f64().expect("score");
        assert!((score - wins as f64 / 3.0).abs() < 1e-9, "{key}");
        let (lo, hi) = (c["interval"][0].as_f64(), c["interval"][1].as_f64());
        assert!(
            lo.expect("lo") <= score && score <= hi.expect("hi"),
            "{key}"
        );
        assert!(
            hi.expect("hi") - lo.expect("lo") > 0.3,
            "{key}: three games say little"
        );
    }
    // Every record replays to a finished game; comments say who was first.
    let lines: Vec<&str> = records.lines().collect();
    assert_eq!(lines.len(), 12);
    for (i, pair) in lines.chunks(2).enumerate() {
        let first = if i % 2 == 0 {
            "A moved first"
        } else {
            "B moved first"
        };
        assert!(
            pair[0].starts_with('#') && pair[0].contains(first),
            "{}",
            pair[0]
        );
        let shown = Command::new(env!("CARGO_BIN_EXE_quoridor"))
            .args(["show", "--size", "5", "--walls", "2", pair[1]])
            .output()
            .expect("show runs");
        assert!(
            shown.status.success(),
            "record {i} does not replay: {}",
            pair[1]
        );
        assert!(
            String::from_utf8_lossy(&shown.stdout).contains("has won"),
            "record {i} unfinished"
        );
    }
    let text = String::from_utf8_lossy(&out.stdout);
    assert!(
        text.contains("95% Wilson interval") && text.contains("Elo A−B"),
        "{text}"
    );
    let by_colour = format!(
        "A as player 1: {a_first_wins}/3 = {:.1}% (",
        a_first_wins as f64 * 100.0 / 3.0
    );
    assert!(text.contains(&by_colour), "{text}");
    assert!(
        text.contains(&format!("; as player 2: {a_second_wins}/3 = ")),
        "{text}"
    );
}

#[test]
fn an_engine_that_plays_an_illegal_move_loses_every_game() {
    let (out, s, _) = arena(
        "illegal",
        &[
            "--a",
            "preset=thesis",
            "--engine-b",
            "sh tests/fixtures/illegal_engine.sh",
            "--games",
            "4",
            "--playouts",
            "30",
        ],
    );
    assert_eq!(count(&s["a"]["wins"]), 4);
    assert_eq!(count(&s["b"]["forfeits"]), 4);
    for g in s["results"].as_array().expect("results") {
        assert_eq!(g["ending"]["kind"], "illegal");
        assert_eq!(g["ending"]["side"], "B");
        assert_eq!(g["ending"]["sent"], "e5");
        assert!(g["ending"]["reason"]
            .as_str()
            .expect("reason")
            .contains("e5"));
    }
    let text = String::from_utf8_lossy(&out.stdout);
    assert!(text.contains("forfeit: game 1: B sent \"e5\""), "{text}");
}

#[test]
fn an_engine_that_crashes_loses_every_game() {
    let (_, s, _) = arena(
        "crash",
        &[
            "--engine-a",
            "sh tests/fixtures/crash_engine.sh",
            "--b",
            "preset=thesis",
            "--games",
            "2",
            "--playouts",
            "30",
        ],
    );
    assert_eq!(count(&s["b"]["wins"]), 2);
    for g in s["results"].as_array().expect("results") {
        assert_eq!(g["ending"]["kind"], "failed");
        assert_eq!(g["ending"]["side"], "A");
        assert!(
            g["ending"]["reason"]
                .as_str()
                .expect("reason")
                .contains("exit"),
            "{}",
            g["ending"]
        );
    }
}

#[test]
fn our_own_engine_as_an_external_program_plays_legal_games() {
    let exe = env!("CARGO_BIN_EXE_quoridor");
    let (_, s, _) = arena(
        "external",
        &[
            "--engine-a",
            &format!("'{exe}' uci"),
            "--b",
            "preset=thesis",
            "--games",
            "2",
            "--playouts",
            "30",
        ],
    );
    assert_eq!(count(&s["a"]["forfeits"]), 0, "{}", s["results"]);
    for g in s["results"].as_array().expect("results") {
        assert_eq!(g["ending"]["kind"], "goal");
        assert!(
            count(&g["stats"][0]["playouts"]) > 0,
            "playouts come from info lines"
        );
    }
}

#[test]
fn a_move_cap_above_the_ply_limit_is_passed_to_our_external_engine() {
    // An opening of 300 plies of shuffling on 5x5 reaches the rules' ply
    // limit; with --move-cap 302 the arena tells the engine (`ply_limit`),
    // so it moves on instead of calling the game over.
    let dir = scratch("past-the-limit");
    let file = dir.join("openings.txt");
    std::fs::write(&file, "b1 b5 c1 c5 ".repeat(75)).expect("write openings");
    let exe = env!("CARGO_BIN_EXE_quoridor");
    let (_, s, _) = arena(
        "past-the-limit-run",
        &[
            "--engine-a",
            &format!("'{exe}' uci"),
            "--b",
            "preset=thesis",
            "--games",
            "2",
            "--playouts",
            "30",
            "--move-cap",
            "302",
            "--openings",
            file.to_str().expect("path"),
        ],
    );
    assert_eq!(count(&s["a"]["forfeits"]), 0, "{}", s["results"]);
    for g in s["results"].as_array().expect("results") {
        let record = g["record"].as_str().expect("record");
        assert_eq!(g["ending"]["kind"], "adjudicated", "{g}");
        assert_eq!(record.split_whitespace().count(), 4 + 302, "{record}");
    }
}

/// A thesis-vs-thesis match at 20 playouts from the openings in `file`; its games.
fn thesis_games_from_openings(name: &str, file: &std::path::Path) -> Vec<Value> {
    let (_, s, _) = arena(
        name,
        &[
            "--a",
            "preset=thesis",
            "--b",
            "preset=thesis",
            "--playouts",
            "20",
            "--openings",
            file.to_str().expect("path"),
        ],
    );
    s["results"].as_array().expect("results").clone()
}

#[test]
fn each_opening_is_played_with_both_colours() {
    let dir = scratch("openings");
    let file = dir.join("openings.txt");
    std::fs::write(&file, "# two openings\nc2 c4\n\na2h c4 c2\n").expect("write openings");
    let games = thesis_games_from_openings("openings-run", &file);
    assert_eq!(games.len(), 4, "two games per opening by default");
    for (i, g) in games.iter().enumerate() {
        assert_eq!(count(&g["opening"]) as usize, i / 2);
        let record = g["record"].as_str().expect("record");
        let opening = if i / 2 == 0 { "c2 c4 " } else { "a2h c4 c2 " };
        assert!(record.contains(opening), "game {i}: {record}");
    }
}

#[test]
fn a_book_from_the_book_command_feeds_the_arena_and_repeats_with_its_seed() {
    let dir = scratch("book");
    let book = |seed: &str| {
        Command::new(env!("CARGO_BIN_EXE_quoridor"))
            .args(["book", "--size", "5", "--walls", "2", "--count", "3"])
            .args(["--plies", "3", "--playouts", "100", "--seed", seed])
            .output()
            .expect("quoridor runs")
    };
    let out = book("4");
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let text = String::from_utf8(out.stdout).expect("utf-8");
    assert_eq!(
        text,
        String::from_utf8(book("4").stdout).expect("utf-8"),
        "same seed, same book"
    );
    let openings: Vec<&str> = text.lines().filter(|l| !l.starts_with('#')).collect();
    assert_eq!(openings.len(), 3, "{text}");
    assert!(
        text.starts_with("# quoridor book: 3 openings of 3 plies on 5x5 with 2 walls"),
        "{text}"
    );
    let file = dir.join("book.txt");
    std::fs::write(&file, &text).expect("write book");
    let games = thesis_games_from_openings("book-run", &file);
    assert_eq!(games.len(), 6, "each opening with each colour");
    for (i, g) in games.iter().enumerate() {
        let record = g["record"].as_str().expect("record");
        // The book's lines carry the variant's header tags; the moves follow the last `]`.
        let line = openings[i / 2];
        let opening = line.rsplit(']').next().expect("moves").trim();
        assert!(
            record.contains(opening),
            "game {i}: {record} lacks {opening}"
        );
    }
    let bad = Command::new(env!("CARGO_BIN_EXE_quoridor"))
        .args(["book", "--balance", "60"])
        .output()
        .expect("quoridor runs");
    assert_eq!(bad.status.code(), Some(2));
    assert!(String::from_utf8_lossy(&bad.stderr).contains("--balance"));
}

#[test]
fn a_book_without_any_opening_is_refused_and_a_short_one_is_said() {
    let none = common::quoridor(&["book", "--size", "3", "--walls", "0", "--count", "50"]);
    assert_eq!(none.status.code(), Some(2));
    assert_eq!(common::stdout(&none), "", "no empty book is written");
    let error = common::stderr(&none);
    assert!(
        error.starts_with("error: no opening found on 3x3 with 0 walls at 4 plies: of ")
            && error.ends_with("try a bigger board, other --plies or a wider --balance\n")
            && error.lines().count() == 1,
        "{error}"
    );
    let short = common::quoridor(&[
        "book",
        "--size",
        "4",
        "--walls",
        "0",
        "--count",
        "50",
        "--plies",
        "2",
        "--playouts",
        "50",
        "--balance",
        "50",
    ]);
    assert_eq!(short.status.code(), Some(0));
    assert!(
        common::stderr(&short).starts_with("book: only 9 of 50 openings found"),
        "{}",
        common::stderr(&short)
    );
    assert_eq!(
        common::stdout(&short)
            .lines()
            .filter(|l| !l.starts_with('#'))
            .count(),
        9
    );
}

#[test]
fn bad_flags_and_bad_openings_are_reported_with_exit_code_2() {
    let dir = scratch("bad");
    let bad = dir.join("bad.txt");
    std::fs::write(&bad, "c2 c4\nc2 zz\n").expect("write");
    let cases: Vec<(Vec<&str>, &str)> = vec![
        (vec!["--games", "many"], "--games needs a whole number"),
        (vec!["--frobnicate", "1"], "unknown arena option"),
        (vec!["--a", "uct_c=lots"], "--a"),
        (vec!["--size", "2"], "size"),
        (vec!["--games"], "--games needs a value"),
        (
            vec!["--sprt", "elo0=10,elo1=0"],
            "elo0 (10) must be below elo1 (0)",
        ),
        (
            vec!["--sprt", "elo0=0,elo1=10,alpha=0.5"],
            "alpha (0.5) must be between 0 and 0.5",
        ),
        (vec!["--sprt", "elo1=10"], "elo0 is missing"),
        (
            vec![
                "--size",
                "5",
                "--walls",
                "2",
                "--openings",
                bad.to_str().expect("path"),
            ],
            "line 2",
        ),
    ];
    for (args, expected) in cases {
        let out = Command::new(env!("CARGO_BIN_EXE_quoridor"))
            .arg("arena")
            .args(&args)
            .output()
            .expect("quoridor runs");
        assert_eq!(out.status.code(), Some(2), "{args:?}");
        let err = String::from_utf8_lossy(&out.stderr);
        assert!(err.contains(expected), "{args:?}: {err}");
    }
}

/// Runs `quoridor arena` with `args` in `dir`, without the helper's output
/// flags.
fn arena_in(dir: &std::path::Path, args: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_quoridor"))
        .arg("arena")
        .args(args)
        .current_dir(dir)
        .output()
        .expect("quoridor runs")
}

#[test]
fn an_unwritable_json_path_fails_before_any_game() {
    let dir = scratch("bad-json");
    let out = arena_in(
        &dir,
        &[
            "--games",
            "20",
            "--playouts",
            "3000",
            "--json",
            "/no/such/dir/m.json",
        ],
    );
    assert_eq!(out.status.code(), Some(2));
    let err = String::from_utf8_lossy(&out.stderr);
    assert_eq!(
        err.trim(),
        "error: could not create /no/such/dir/m.json: No such file or directory (os error 2)"
    );
    assert!(out.stdout.is_empty());
    assert!(
        !dir.join("arena-games.txt").exists(),
        "no game was played and no records file is left behind"
    );
}

#[test]
fn an_engine_command_that_cannot_start_stops_the_arena_with_its_stderr() {
    let dir = scratch("typo");
    let out = arena_in(
        &dir,
        &[
            "--engine-a",
            "./typo",
            "--size",
            "5",
            "--walls",
            "2",
            "--games",
            "2",
        ],
    );
    assert_eq!(out.status.code(), Some(2));
    let err = String::from_utf8_lossy(&out.stderr);
    let last = err.lines().last().unwrap_or_default();
    assert!(
        last.starts_with("error: engine A (./typo) is not ready, so no game was played: the engine exited (exit status: 127)"),
        "{err}"
    );
    assert!(
        last.contains("its stderr ends: ") && last.contains("not found"),
        "{err}"
    );
    assert!(!err.contains("game 1"), "{err}");
    assert!(out.stdout.is_empty());
    assert!(!dir.join("arena-games.txt").exists());
}

/// Whether process `pid` still runs (a zombie waiting to be reaped counts as gone).
fn running(pid: &str) -> bool {
    std::fs::read_to_string(format!("/proc/{pid}/stat")).is_ok_and(|stat| {
        stat.rsplit(')')
            .next()
            .is_some_and(|rest| !rest.trim_start().starts_with('Z'))
    })
}

/// Waits for `path` to hold a pid (up to `TIMEOUT`, a hang guard).
fn pid_in(path: &std::path::Path) -> String {
    let deadline = std::time::Instant::now() + common::TIMEOUT;
    while std::time::Instant::now() < deadline {
        if let Ok(text) = std::fs::read_to_string(path) {
            if !text.trim().is_empty() {
                return text.trim().to_string();
            }
        }
        std::thread::sleep(std::time::Duration::from_millis(10));
    }
    panic!("no pid in {}", path.display());
}

#[test]
fn a_hung_engine_and_its_children_do_not_outlive_the_arena() {
    let dir = scratch("hung");
    let pidfile = dir.join("engine.pid");
    // The sleeper is a grandchild of the engine's shell: killing only the
    // shell would leave it running.
    let command = format!(
        "sh -c 'echo $$ > {}; echo warming up >&2; exec sleep 1000'; true",
        pidfile.display()
    );
    let started = std::time::Instant::now();
    let out = arena_in(
        &dir,
        &[
            "--engine-a",
            &command,
            "--size",
            "3",
            "--walls",
            "0",
            "--games",
            "1",
            "--playouts",
            "20",
        ],
    );
    // The arena's own 10 s handshake deadline ended it, not the sleeper's
    // 1000 s: the bound only tells the two apart, with room for a load.
    assert!(started.elapsed() < 2 * common::TIMEOUT);
    assert_eq!(out.status.code(), Some(2));
    let err = String::from_utf8_lossy(&out.stderr);
    assert!(
        err.contains("is not ready, so no game was played: no uciok within 10000 ms; its stderr ends: warming up"),
        "{err}"
    );
    let pid = pid_in(&pidfile);
    assert!(!running(&pid), "engine process {pid} survived the arena");
}

#[test]
fn ctrl_c_kills_the_engines_and_exits_130() {
    let dir = scratch("sigint");
    let pidfile = dir.join("thinker.pid");
    let engine = dir.join("slow_engine.sh");
    // Shakes hands, then thinks forever in a child process.
    std::fs::write(
        &engine,
        format!(
            "while read -r line; do case \"$line\" in\n uci) echo uciok ;;\n isready) echo readyok ;;\n go*) sleep 1000 & echo $! > {}; wait ;;\n esac; done\n",
            pidfile.display()
        ),
    )
    .expect("write engine");
    let child = Command::new(env!("CARGO_BIN_EXE_quoridor"))
        .args(["arena", "--size", "3", "--walls", "0", "--games", "1"])
        .args(["--engine-a", &format!("sh {}", engine.display())])
        .current_dir(&dir)
        .stdout(std::process::Stdio::piped())
        .stderr(std::process::Stdio::piped())
        .spawn()
        .expect("quoridor runs");
    let thinker = pid_in(&pidfile);
    assert!(running(&thinker));
    let arena_pid = i32::try_from(child.id()).expect("pid fits");
    // SAFETY: sends SIGINT to the arena this test started.
    unsafe {
        libc::kill(arena_pid, libc::SIGINT);
    }
    let out = child.wait_with_output().expect("arena ends");
    assert_eq!(out.status.code(), Some(130));
    // The arena has killed it; wait for it to go (`TIMEOUT`, a hang guard).
    let deadline = std::time::Instant::now() + common::TIMEOUT;
    while running(&thinker) && std::time::Instant::now() < deadline {
        std::thread::sleep(std::time::Duration::from_millis(10));
    }
    assert!(
        !running(&thinker),
        "engine process {thinker} survived Ctrl-C"
    );
}

#[test]
fn the_summary_speaks_words_and_an_even_score_is_elo_0() {
    // On 3x3 without walls the first mover wins, so each side wins the game
    // it starts: 50%.
    let dir = scratch("even");
    let out = arena_in(
        &dir,
        &[
            "--a",
            "preset=thesis",
            "--b",
            "preset=thesis",
            "--size",
            "3",
            "--walls",
            "0",
            "--games",
            "2",
            "--playouts",
            "20",
        ],
    );
    assert_eq!(out.status.code(), Some(0));
    let err = String::from_utf8_lossy(&out.stderr);
    assert!(err.contains("limit 20 playouts a move"), "{err}");
    let text = String::from_utf8_lossy(&out.stdout);
    assert!(text.contains("A scored 50.0% of 2 games"), "{text}");
    assert!(text.contains("Elo A−B 0 ± "), "{text}");
    assert!(!text.contains("-0"), "{text}");
    let time = arena_in(
        &dir,
        &[
            "--size",
            "3",
            "--walls",
            "0",
            "--games",
            "1",
            "--time-ms",
            "10",
        ],
    );
    assert!(
        String::from_utf8_lossy(&time.stderr).contains("limit 10 ms a move"),
        "{}",
        String::from_utf8_lossy(&time.stderr)
    );
}

/// The flags of a two-game match on 3x3 without walls (a fraction of a
/// second), followed by `extra`.
fn tiny(extra: &[&str]) -> Vec<String> {
    let mut args: Vec<String> = [
        "--size",
        "3",
        "--walls",
        "0",
        "--games",
        "2",
        "--playouts",
        "20",
        "--threads",
        "1",
    ]
    .map(String::from)
    .to_vec();
    args.extend(extra.iter().map(|s| s.to_string()));
    args
}

/// Runs a tiny match (see [`tiny`]) in `dir`.
fn tiny_in(dir: &std::path::Path, extra: &[&str]) -> Output {
    let args = tiny(extra);
    let args: Vec<&str> = args.iter().map(String::as_str).collect();
    arena_in(dir, &args)
}

/// The record lines (not the `#` lines) of a records text.
fn record_lines(text: &str) -> usize {
    text.lines().filter(|l| l.starts_with("[size 3]")).count()
}

#[test]
fn devices_and_standard_output_take_the_records_and_the_json() {
    let dir = scratch("devices");
    // Issue 34: set_len on /dev/null and on a pipe failed after the games.
    let out = tiny_in(&dir, &["--records", "/dev/null", "--json", "/dev/stdout"]);
    let err = String::from_utf8_lossy(&out.stderr);
    assert_eq!(out.status.code(), Some(0), "{err}");
    let json: Value = serde_json::from_slice(&out.stdout).expect("stdout holds the JSON alone");
    assert_eq!(count(&json["games"]), 2);
    assert!(
        err.contains("A scored") && err.contains("records: /dev/null"),
        "the summary goes to stderr: {err}"
    );
    let out = tiny_in(&dir, &["--json", "/dev/null"]);
    assert_eq!(out.status.code(), Some(0), "{out:?}");
    let text = String::from_utf8_lossy(&out.stdout);
    assert!(text.contains("A scored 50.0% of 2 games"), "{text}");
    let records = std::fs::read_to_string(dir.join("arena-games.txt")).expect("records");
    assert_eq!(record_lines(&records), 2);
}

#[test]
fn a_dash_is_standard_output_for_one_output_only() {
    let dir = scratch("dash");
    let out = tiny_in(&dir, &["--records", "-"]);
    let err = String::from_utf8_lossy(&out.stderr);
    assert_eq!(out.status.code(), Some(0), "{err}");
    let text = String::from_utf8_lossy(&out.stdout);
    assert_eq!(record_lines(&text), 2, "{text}");
    assert!(
        text.lines()
            .all(|l| l.starts_with("# game") || l.starts_with("[size 3]")),
        "stdout holds the records alone: {text}"
    );
    assert!(err.contains("A scored 50.0% of 2 games"), "{err}");
    assert!(!dir.join("-").exists(), "no file named -");
    let out = tiny_in(&dir, &["--json", "-", "--records", "r.txt"]);
    assert_eq!(out.status.code(), Some(0), "{out:?}");
    let json: Value = serde_json::from_slice(&out.stdout).expect("stdout holds the JSON");
    assert_eq!(count(&json["games"]), 2);
    let out = tiny_in(&dir, &["--records", "-", "--json", "/dev/stdout"]);
    assert_eq!(out.status.code(), Some(2), "{out:?}");
    assert_eq!(
        String::from_utf8_lossy(&out.stderr).trim(),
        "error: --records and --json both go to standard output; send one of them to a file"
    );
    assert!(out.stdout.is_empty());
}

#[test]
fn counts_of_one_take_the_singular() {
    let dir = scratch("singular");
    let out = arena_in(
        &dir,
        &[
            "--size",
            "3",
            "--walls",
            "1",
            "--games",
            "1",
            "--playouts",
            "10",
        ],
    );
    let text = format!(
        "{}{}",
        String::from_utf8_lossy(&out.stdout),
        String::from_utf8_lossy(&out.stderr)
    );
    assert_eq!(out.status.code(), Some(0), "{text}");
    assert!(text.contains("1 game on 3x3 with 1 wall,"), "{text}");
    assert!(text.contains("of 1 game (95%"), "{text}");
    for plural in ["games", "walls", "wins", "plies"] {
        for before in [" 1 ", "/1 "] {
            assert!(
                !text.contains(&format!("{before}{plural}")),
                "{before}{plural}: {text}"
            );
        }
    }
}

#[test]
fn records_on_standard_output_stop_the_match_when_the_reader_goes() {
    use std::io::{BufRead, BufReader};
    use std::process::Stdio;
    let dir = scratch("reader-gone");
    let games = 200;
    let mut child = Command::new(env!("CARGO_BIN_EXE_quoridor"))
        .current_dir(&dir)
        .args(["arena", "--size", "5", "--walls", "2", "--playouts", "100"])
        .args([
            "--threads",
            "1",
            "--games",
            &games.to_string(),
            "--records",
            "-",
        ])
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("quoridor runs");
    // As `| head -1`: one line read, then the pipe closed.
    let mut first = String::new();
    BufReader::new(child.stdout.take().expect("stdout piped"))
        .read_line(&mut first)
        .expect("a line");
    assert!(first.starts_with("# game 1: "), "{first}");
    let out = child.wait_with_output().expect("quoridor ends");
    let err = String::from_utf8_lossy(&out.stderr);
    assert_eq!(out.status.code(), Some(0), "quietly, as cat does: {err}");
    assert!(!err.contains("panicked") && !err.contains("error"), "{err}");
    let played = err.lines().filter(|l| l.starts_with("game ")).count();
    assert!(
        (1..games).contains(&played),
        "the match stops after the reader went: {played} games played"
    );
    assert!(
        !err.contains("A scored"),
        "no summary of a match not played: {err}"
    );
}

#[test]
fn an_output_that_cannot_be_written_at_the_end_is_saved_and_exits_1() {
    // /dev/full opens, then fails every write with ENOSPC.
    if !std::path::Path::new("/dev/full").exists() {
        return;
    }
    let dir = scratch("full");
    for name in [
        "arena-recovered-records.txt",
        "arena-recovered-records-2.txt",
    ] {
        let _ = std::fs::remove_file(dir.join(name));
    }
    let _ = std::fs::remove_file(dir.join("arena-recovered-json.json"));
    let out = tiny_in(&dir, &["--records", "/dev/full", "--json", "m.json"]);
    assert_eq!(out.status.code(), Some(1), "{out:?}");
    let err = String::from_utf8_lossy(&out.stderr);
    let saved = dir.join("arena-recovered-records.txt");
    assert!(
        err.trim_end().ends_with(&format!(
            "error: could not write /dev/full: No space left on device (os error 28); the records are saved in {}",
            saved.display()
        )),
        "{err}"
    );
    let records = std::fs::read_to_string(&saved).expect("the records are saved");
    assert_eq!(record_lines(&records), 2, "{records}");
    let json: Value =
        serde_json::from_str(&std::fs::read_to_string(dir.join("m.json")).expect("json written"))
            .expect("valid JSON");
    assert_eq!(
        count(&json["games"]),
        2,
        "the other output is still written"
    );
    let text = String::from_utf8_lossy(&out.stdout);
    assert!(text.contains("A scored 50.0% of 2 games"), "{text}");
    // A second failure does not overwrite the first one's file.
    let out = tiny_in(&dir, &["--records", "/dev/full", "--json", "/dev/full"]);
    assert_eq!(out.status.code(), Some(1), "{out:?}");
    let err = String::from_utf8_lossy(&out.stderr);
    assert_eq!(
        err.matches("error: could not write /dev/full").count(),
        2,
        "{err}"
    );
    let again = std::fs::read_to_string(dir.join("arena-recovered-records-2.txt"))
        .expect("saved beside the first");
    assert_eq!(record_lines(&again), 2);
    let json: Value = serde_json::from_str(
        &std::fs::read_to_string(dir.join("arena-recovered-json.json")).expect("json saved"),
    )
    .expect("valid JSON");
    assert_eq!(count(&json["games"]), 2);
}

#[test]
fn a_shard_file_that_cannot_be_written_is_saved_and_still_merges() {
    if !std::path::Path::new("/dev/full").exists() {
        return;
    }
    let dir = scratch("full-shard");
    let _ = std::fs::remove_file(dir.join("arena-recovered-shard.json"));
    let out = tiny_in(&dir, &["--shard", "0/2", "--json", "s0.json"]);
    assert_eq!(out.status.code(), Some(0), "{out:?}");
    let out = tiny_in(&dir, &["--shard", "1/2", "--json", "/dev/full"]);
    assert_eq!(out.status.code(), Some(1), "{out:?}");
    let err = String::from_utf8_lossy(&out.stderr);
    assert!(err.contains("the shard file is saved in"), "{err}");
    let out = arena_in(
        &dir,
        &[
            "merge",
            "s0.json",
            "arena-recovered-shard.json",
            "--records",
            "-",
            "--json",
            "/dev/null",
        ],
    );
    let err = String::from_utf8_lossy(&out.stderr);
    assert_eq!(out.status.code(), Some(0), "{err}");
    assert_eq!(record_lines(&String::from_utf8_lossy(&out.stdout)), 2);
    assert!(err.contains("A scored 50.0% of 2 games"), "{err}");
}

#[test]
fn a_one_game_match_says_what_it_cannot_know() {
    // Alpha-beta (counting nodes) against QTP `quoridor qtp` (no counts).
    let qtp = format!("qtp:'{}' qtp --time-ms 20", env!("CARGO_BIN_EXE_quoridor"));
    let (out, s, _) = arena(
        "one-game",
        &[
            "--a",
            "engine=alphabeta",
            "--engine-b",
            &qtp,
            "--games",
            "1",
            "--playouts",
            "50",
        ],
    );
    let text = common::stdout(&out);
    let line = |start: &str| {
        text.lines()
            .find(|l| l.starts_with(start))
            .unwrap_or_else(|| panic!("no {start:?} line in {text}"))
            .to_string()
    };
    assert!(line("A: ").contains(" nodes (median "), "{text}");
    assert!(!line("A: ").contains("playouts"), "{text}");
    assert!(line("B: ").contains(" ms per move — qtp:"), "{text}");
    assert!(!line("B: ").contains("playouts"), "{text}");
    assert_eq!(s["a"]["work_unit"], "nodes");
    assert!(s["b"]["playouts_per_move"].is_null(), "{}", s["b"]);
    // One game: one colour played, and no Elo estimate from one result.
    assert!(
        line("A as player 1: ").ends_with("; as player 2: no games"),
        "{text}"
    );
    assert!(s["a_as_player_2"].is_null());
    let a_won = s["a"]["wins"] == 1;
    let undefined = if a_won {
        "Elo A−B undefined (A won every game, too few for a 95% bound above 0)"
    } else {
        "Elo A−B undefined (B won every game, too few for a 95% bound below 0)"
    };
    assert!(line("A scored ").ends_with(undefined), "{text}");
    let kind = if a_won { "a_won_all" } else { "b_won_all" };
    assert_eq!(s["elo"]["kind"], kind, "{}", s["elo"]);
    assert!(
        common::stderr(&out).contains("limit 50 playouts a move (nodes for alpha-beta)"),
        "{}",
        common::stderr(&out)
    );
}

/// The SPRT's line of a summary text.
fn sprt_line(text: &str) -> String {
    let line = text.lines().find(|l| l.starts_with("SPRT: "));
    line.unwrap_or_else(|| panic!("no SPRT line in {text}"))
        .to_string()
}

#[test]
fn an_sprt_accepts_h1_early_for_an_engine_against_a_random_mover() {
    // The random mover loses every game: each pair won twice adds
    // ln(L(200)/L(0)) = 0.419 to the LLR, so the 8th pair crosses 2.94.
    let (out, s, _) = arena(
        "sprt-h1",
        &[
            "--b",
            "random",
            "--games",
            "100",
            "--playouts",
            "50",
            "--sprt",
            "elo0=0,elo1=200",
        ],
    );
    let sprt = &s["sprt"];
    assert_eq!(sprt["decision"], "h1_accepted", "{sprt}");
    assert_eq!(sprt["pairs"], 8, "{sprt}");
    assert_eq!(sprt["pair_counts"]["ww"], 8, "{sprt}");
    assert_eq!(sprt["model"], "pentanomial");
    assert!((sprt["llr"].as_f64().expect("llr") - 3.3475).abs() < 1e-3);
    // Well before the cap: the 16 games counted, and on two threads any
    // the other thread had under way when the test stopped the match.
    let games = count(&s["games"]);
    assert!((16..100).contains(&games), "{games} games");
    let text = common::stdout(&out);
    assert_eq!(
        sprt_line(&text),
        "SPRT: LLR 3.35 (-2.94, 2.94) [0, 200] over 8 game pairs: \
         H1 accepted (Elo A−B 200 rather than 0; alpha 0.05, beta 0.05)"
    );
    let err = common::stderr(&out);
    assert!(
        err.contains("SPRT elo0=0,elo1=200,alpha=0.05,beta=0.05 over game pairs: stops when the LLR leaves (-2.94, 2.94), else after 100 games"),
        "{err}"
    );
    // Progress lines carry the running LLR: 0.42 after the first pair.
    assert!(err.contains("(100% for A), LLR 0.42,"), "{err}");
    // On one thread, the same test stops after exactly those 16 games.
    let dir = scratch("sprt-h1-one-thread");
    let out = arena_in(
        &dir,
        &[
            "--size",
            "5",
            "--walls",
            "2",
            "--b",
            "random",
            "--games",
            "100",
            "--playouts",
            "50",
            "--threads",
            "1",
            "--records",
            "/dev/null",
            "--sprt",
            "elo0=0,elo1=200",
        ],
    );
    let text = String::from_utf8_lossy(&out.stdout);
    assert!(text.contains("A scored 100.0% of 16 games"), "{text}");
    assert!(sprt_line(&text)
        .starts_with("SPRT: LLR 3.35 (-2.94, 2.94) [0, 200] over 8 game pairs: H1 accepted"));
}

#[test]
fn an_sprt_of_an_engine_against_itself_does_not_accept_h1() {
    let (out, s, _) = arena(
        "sprt-self",
        &[
            "--a",
            "preset=default",
            "--b",
            "preset=default",
            "--games",
            "200",
            "--playouts",
            "50",
            "--sprt",
            "elo0=0,elo1=100",
        ],
    );
    let sprt = &s["sprt"];
    let decision = sprt["decision"].as_str().expect("a decision");
    assert!(
        decision == "h0_accepted" || decision == "inconclusive",
        "{sprt}"
    );
    let llr = sprt["llr"].as_f64().expect("llr");
    assert!(llr < 2.94, "{sprt}");
    let pairs = count(&sprt["pairs"]);
    if decision == "h0_accepted" {
        assert!(llr <= -2.94, "{sprt}");
        assert!(count(&s["games"]) < 200, "stopped early: {s}");
    } else {
        assert_eq!(pairs, 100, "{sprt}");
    }
    assert!(sprt_line(&common::stdout(&out)).contains(" (-2.94, 2.94) [0, 100] over "));
}

#[test]
fn without_sprt_the_summary_has_no_sprt() {
    let dir = scratch("no-sprt");
    let out = tiny_in(&dir, &["--records", "/dev/null", "--json", "s.json"]);
    assert_eq!(out.status.code(), Some(0), "{out:?}");
    let text = String::from_utf8_lossy(&out.stdout);
    assert!(!text.contains("SPRT"), "{text}");
    assert!(!String::from_utf8_lossy(&out.stderr).contains("LLR"));
    let json = std::fs::read_to_string(dir.join("s.json")).expect("json");
    let s: Value = serde_json::from_str(&json).expect("valid");
    assert!(s.get("sprt").is_none(), "{json}");
}

#[test]
fn sharded_sprt_runs_play_every_game_and_the_merge_computes_the_llr() {
    let dir = scratch("sprt-shards");
    let shard = |i: &str| {
        let args = [
            "--size",
            "5",
            "--walls",
            "2",
            "--b",
            "random",
            "--games",
            "20",
            "--playouts",
            "50",
            "--threads",
            "1",
            "--records",
            "/dev/null",
            "--sprt",
            "elo0=0,elo1=200",
            "--shard",
            i,
        ];
        let out = arena_in(&dir, &args);
        assert_eq!(out.status.code(), Some(0), "{out:?}");
        let err = String::from_utf8_lossy(&out.stderr).to_string();
        assert!(
            err.contains("a shard plays all its games; `arena merge` computes the LLR"),
            "{err}"
        );
        assert!(!err.contains("LLR 0."), "no running LLR in a shard: {err}");
    };
    shard("0/2");
    shard("1/2");
    let out = arena_in(
        &dir,
        &[
            "merge",
            "arena-shard-0-of-2.json",
            "arena-shard-1-of-2.json",
            "--records",
            "/dev/null",
            "--json",
            "merged.json",
        ],
    );
    assert_eq!(out.status.code(), Some(0), "{out:?}");
    let text = String::from_utf8_lossy(&out.stdout);
    // Every game was played: shards do not stop early.
    assert!(text.contains("of 20 games"), "{text}");
    assert!(
        sprt_line(&text)
            .starts_with("SPRT: LLR 4.18 (-2.94, 2.94) [0, 200] over 10 game pairs: H1 accepted"),
        "{text}"
    );
    let merged: Value =
        serde_json::from_str(&std::fs::read_to_string(dir.join("merged.json")).expect("json"))
            .expect("valid");
    assert_eq!(merged["sprt"]["pairs"], 10);
    assert_eq!(merged["sprt"]["decision"], "h1_accepted");
    // The test is part of the match's definition: a shard played without
    // it belongs to another match (and its definition has no `sprt`).
    let args = [
        "--size",
        "5",
        "--walls",
        "2",
        "--b",
        "random",
        "--games",
        "20",
        "--playouts",
        "50",
        "--threads",
        "1",
        "--records",
        "/dev/null",
        "--shard",
        "1/2",
        "--json",
        "plain.json",
    ];
    assert_eq!(arena_in(&dir, &args).status.code(), Some(0));
    let plain: Value =
        serde_json::from_str(&std::fs::read_to_string(dir.join("plain.json")).expect("json"))
            .expect("valid");
    assert!(plain["definition"].is_object(), "{plain}");
    assert!(
        plain["definition"].get("sprt").is_none(),
        "{}",
        plain["definition"]
    );
    let out = arena_in(
        &dir,
        &[
            "merge",
            "arena-shard-0-of-2.json",
            "plain.json",
            "--records",
            "/dev/null",
        ],
    );
    assert_eq!(out.status.code(), Some(2), "{out:?}");
    let err = String::from_utf8_lossy(&out.stderr);
    assert!(err.contains("belongs to another match"), "{err}");
}

/// `--style` prints each side's habits after the summary, and `arena style`
/// prints the same table from the summary file; a file that is not a
/// summary is refused with exit 2.
#[test]
fn the_style_of_a_match_follows_its_summary_and_is_read_back_from_its_json() {
    let dir = scratch("style");
    let (out, _, _) = arena(
        "style",
        &["--a", "level=1", "--b", "random", "--games", "4", "--style"],
    );
    let printed = common::stdout(&out);
    let table = printed
        .find("style  walls in first 5 moves")
        .map(|at| &printed[at..])
        .expect("the style table");
    let table: String = table.lines().take(4).collect::<Vec<_>>().join("\n");
    assert!(
        table.contains("games  4 of 4 finished at a goal"),
        "{table}"
    );
    let json = dir.join("summary.json");
    let again = common::quoridor(&["arena", "style", json.to_str().expect("utf-8")]);
    assert_eq!(again.status.code(), Some(0), "{}", common::stderr(&again));
    assert!(
        common::stdout(&again).contains(&table),
        "{}",
        common::stdout(&again)
    );
    let records = dir.join("games.txt");
    let refused = common::quoridor(&["arena", "style", records.to_str().expect("utf-8")]);
    assert_eq!(refused.status.code(), Some(2));
    assert!(
        common::stderr(&refused).contains("is not an arena summary with its games"),
        "{}",
        common::stderr(&refused)
    );
}
