//! The engine protocol (`quoridor uci`) driven as a subprocess, as a GUI or
//! the arena would.

use crate::common;

use common::{
    assert_legal, field, last_info, on_a_terminal, quoridor, stderr, stdout, Uci, TIMEOUT,
};
use quoridor_rules::Variant;
use std::io::Write;
use std::process::{Command, Stdio};
use std::time::{Duration, Instant};

#[test]
fn handshake_lists_every_search_option_then_uciok() {
    let mut e = Uci::start();
    e.send("uci");
    let lines = e.read_until(|l| l == "uciok");
    assert_eq!(lines[0], "id name Quoridor UCT");
    assert!(lines[1].starts_with("id author "));
    let names: Vec<&str> = lines
        .iter()
        .filter_map(|l| l.strip_prefix("option name "))
        .map(|rest| rest.split_whitespace().next().expect("name"))
        .collect();
    let expected = [
        "level",
        "playouts",
        "time_ms",
        "uct_c",
        "max_playout_moves",
        "wall_weight",
        "score_slope",
        "skip_from_depth",
        "smart_playouts",
        "remember_overlapping_walls",
        "remember_blocking_walls",
        "losing_move_detection",
        "tree_reuse",
        "solver",
        "playout_policy",
        "path_bias",
        "near_walls_only",
        "widening",
        "priors",
        "c_puct",
        "fpu",
        "fpu_reduction",
        "root_noise",
        "root_noise_alpha",
        "tempo",
        "final_move",
        "win_length_penalty",
        "tie_break",
        "shortest_win",
        "pawn_race",
        "node_budget",
        "tree_mb",
        "eval",
        "engine",
        "hash",
        "ab_max_depth",
        "ab_tt",
        "ab_pvs",
        "ab_aspiration",
        "ab_aspiration_window",
        "ab_killers",
        "ab_history",
        "ab_ordering",
        "ab_policy_ordering",
        "ab_policy_depth",
        "ab_null_move",
        "ab_futility",
        "ab_futility_margin",
        "ab_near_walls",
        "ab_quiescence",
        "ab_goal_extension",
        "ab_exact_race",
        "ab_lmr",
        "ab_wall_weight",
        "ab_tempo",
        "temperature",
        "choice_margin",
        "book",
        "seed",
        "threads",
        "board_size",
        "walls",
        "ply_limit",
        "preset",
    ];
    assert_eq!(names, expected);
    let option = |name: &str| {
        lines
            .iter()
            .find(|l| l.starts_with(&format!("option name {name} ")))
            .expect("option line")
            .clone()
    };
    assert!(option("max_playout_moves").ends_with("default 0"));
    assert!(option("skip_from_depth").ends_with("default off"));
    assert!(option("solver").contains("type check default true"));
    assert!(option("playout_policy").contains("var uniform var shortest_path"));
    assert!(option("preset").contains("var thesis var default var easy"));
    assert!(option("ply_limit").ends_with("default 300 min 0 max 100000"));
    assert!(option("level").contains("type combo default off var off var 1"));
    assert!(e.sync().is_empty());
}

#[test]
fn bad_setoption_reports_an_error_and_changes_nothing() {
    let mut e = Uci::start();
    e.send("setoption name time_ms value 0");
    e.send("setoption name playouts value 300");
    assert!(e.sync().is_empty(), "valid options print nothing");
    for (command, mentions) in [
        ("setoption name playouts value lots", "playouts"),
        ("setoption name playouts value -5", "playouts"),
        ("setoption name uct_c value -1", "uct_c"),
        ("setoption name path_bias value 2", "path_bias"),
        ("setoption name solver value maybe", "solver"),
        ("setoption name priors value maybe", "priors"),
        ("setoption name c_puct value -1", "c_puct"),
        ("setoption name fpu value sideways", "fpu"),
        ("setoption name fpu_reduction value 2", "fpu_reduction"),
        (
            "setoption name playout_policy value greedy",
            "playout_policy",
        ),
        (
            "setoption name max_playout_moves value forever",
            "max_playout_moves",
        ),
        ("setoption name board_size value 2", "board_size"),
        ("setoption name walls value 99", "walls"),
        ("setoption name preset value hard", "preset"),
        ("setoption name no_such_option value 1", "no_such_option"),
        ("setoption playouts 5", "setoption name"),
        ("setoption name", "setoption name"),
    ] {
        let error = e.error_after(command);
        assert!(error.contains(mentions), "{command:?} → {error}");
    }
    // The limits set before the errors still hold: plain `go` makes 300 playouts.
    let (lines, best) = e.go("go");
    let last_info = &lines[lines.len() - 2];
    assert_eq!(field(last_info, "playouts"), 300, "{last_info}");
    assert_legal(Variant::default(), "", &best);
}

#[test]
fn a_misspelt_option_gets_a_suggestion_and_the_session_goes_on() {
    let mut e = Uci::start();
    for (command, message) in [
        (
            "setoption name uct_cc value 1",
            "info string error: unknown option \"uct_cc\" (did you mean \"uct_c\"?); nothing changed",
        ),
        (
            "setoption name board_siz value 5",
            "info string error: unknown option \"board_siz\" (did you mean \"board_size\"?); nothing changed",
        ),
        (
            "setoption name bogus value 1",
            "info string error: unknown option \"bogus\"; nothing changed",
        ),
    ] {
        assert_eq!(e.error_after(command), message);
    }
}

#[test]
fn illegal_move_in_position_keeps_the_previous_position() {
    let mut e = Uci::start();
    e.send("position startpos moves e2 e8 e3h");
    assert!(e.sync().is_empty());
    let error = e.error_after("position startpos moves e2 e8 e3 e5");
    assert!(error.contains("move 4 (e5)"), "{error}");
    assert!(error.contains("not reachable"), "{error}");
    let error = e.error_after("position startpos moves e2 e8 e3h e3h");
    assert!(
        error.contains("e3h") && error.contains("overlaps"),
        "{error}"
    );
    let error = e.error_after("position startpos moves e2 e8 z9");
    assert!(error.contains("z9"), "{error}");
    assert_eq!(e.record(), "e2 e8 e3h");
    let (_, best) = e.go("go nodes 200");
    assert_legal(Variant::default(), "e2 e8 e3h", &best);
}

#[test]
fn go_nodes_makes_that_many_playouts_and_a_legal_move() {
    let mut e = Uci::start();
    e.send("position startpos moves e2 e8 e3 e7");
    let (lines, best) = e.go("go nodes 500");
    assert_legal(Variant::default(), "e2 e8 e3 e7", &best);
    let info = &lines[lines.len() - 2];
    assert!(info.starts_with("info depth "), "{info}");
    assert_eq!(field(info, "playouts"), 500);
    assert!(field(info, "nodes") > 1);
    assert!(info.contains(" score winprob ") || info.contains(" score proven "));
    let pv = info.split(" pv ").nth(1).expect("a pv");
    assert_eq!(pv.split_whitespace().next(), Some(best.as_str()));
}

#[test]
fn go_movetime_thinks_its_time_and_answers() {
    let mut e = Uci::start();
    e.send("position startpos");
    let started = Instant::now();
    // `go` waits at most `TIMEOUT` for the answer: a hang guard only.
    let (lines, best) = e.go("go movetime 300");
    let took = started.elapsed();
    // A lower bound (a load can only lengthen the think): the time is used.
    assert!(took >= Duration::from_millis(300), "{took:?}");
    assert!(field(last_info(&lines), "time") >= 300, "{lines:?}");
    assert_legal(Variant::default(), "", &best);
}

#[test]
fn go_infinite_reports_while_searching_until_stop() {
    let mut e = Uci::start();
    e.send("position startpos moves e2");
    e.send("go infinite");
    // `isready` is answered during the search, and progress is reported.
    assert!(e.sync().iter().all(|l| l.starts_with("info ")));
    let progress = e.read_until(|l| l.starts_with("info depth "));
    assert!(
        progress.iter().all(|l| !l.starts_with("bestmove")),
        "{progress:?}"
    );
    e.send("stop");
    let lines = e.read_until(|l| l.starts_with("bestmove "));
    let best = lines.last().and_then(|l| l.strip_prefix("bestmove "));
    assert_legal(Variant::default(), "e2", best.expect("bestmove"));
    // A later search still works (the search came back from its thread).
    let (_, best) = e.go("go nodes 100");
    assert_legal(Variant::default(), "e2", &best);
}

/// The `info string tree full at …` line of a think.
fn tree_full_note(lines: &[String]) -> &str {
    lines
        .iter()
        .find(|l| l.starts_with("info string tree full at "))
        .unwrap_or_else(|| panic!("no tree-full line in {lines:?}"))
}

#[test]
fn a_full_tree_ends_a_long_think_and_says_so() {
    let mut e = Uci::start();
    e.send("setoption name tree_mb value 1");
    e.send("position startpos moves e2 e8");
    // 1 MiB holds about 9,000 nodes: the full tree, not the movetime, must
    // end the think, for `go` gives up (a hang guard) long before 10 minutes.
    let (lines, best) = e.go("go movetime 600000");
    assert_legal(Variant::default(), "e2 e8", &best);
    let note = tree_full_note(&lines);
    assert!(note.contains(" MiB (tree_mb 1): "), "{note}");
    // A playout a node: the think did not go on scoring the same leaves.
    let info = last_info(&lines);
    assert!(
        field(info, "playouts") <= field(info, "nodes") + 100,
        "{info}"
    );
    // A node budget reached before the memory is the budget named.
    e.send("setoption name tree_mb value 256");
    e.send("setoption name node_budget value 2000");
    e.send("position startpos moves e2 e8 e3");
    let (lines, best) = e.go("go movetime 600000");
    assert_legal(Variant::default(), "e2 e8 e3", &best);
    let note = tree_full_note(&lines);
    assert!(note.contains(" at 2000 nodes, "), "{note}");
    assert!(note.contains(" MiB (node_budget 2000): "), "{note}");
    // Random playouts (maxd 2) still learn from a full tree: they go on to the limit.
    e.send("setoption name max_playout_moves value 2");
    let (lines, _) = e.go("go nodes 20000");
    let info = last_info(&lines);
    assert_eq!(field(info, "playouts"), 20_000, "{info}");
}

#[test]
fn malformed_lines_are_errors_not_crashes() {
    let mut e = Uci::start();
    // Bad `go` values are errors too, but followed by a search: see
    // `invalid_go_values_report_an_error_and_still_answer_bestmove`.
    for command in [
        "hello",
        "position",
        "position fen xyz",
        "position startpos e2",
        "setoption",
    ] {
        e.error_after(command);
    }
    e.send_bytes(b"\xff\xfe garbage\n");
    assert_eq!(e.sync().len(), 1);
    e.send("");
    e.send("   ");
    assert!(e.sync().is_empty(), "blank lines are ignored");
    let (_, best) = e.go("go nodes 50");
    assert_legal(Variant::default(), "", &best);
}

#[test]
fn board_size_and_walls_options_start_a_new_board() {
    let mut e = Uci::start();
    e.send("position startpos moves e2");
    e.send("setoption name board_size value 5");
    e.send("setoption name walls value 3");
    assert!(e.sync().is_empty());
    assert_eq!(e.record(), "[size 5] [walls 3]");
    e.send("position startpos moves c2 c4 b1h");
    let variant = Variant::new(5, 3).expect("5x5 with 3 walls");
    let (_, best) = e.go("go nodes 300");
    assert_legal(variant, "c2 c4 b1h", &best);
}

#[test]
fn start_options_set_the_session_and_show_in_the_handshake() {
    let out = common::quoridor_with_input(
        &[
            "uci",
            "--option",
            "level=3",
            "--option",
            "board_size=5",
            "--option",
            "Ply_Limit=40",
        ],
        "uci\nposition startpos moves c2\ngo\nshow\nquit\n",
    );
    assert_eq!(out.status.code(), Some(0), "{}", stderr(&out));
    let text = stdout(&out);
    // The handshake offers the started values as the defaults, so a GUI that
    // sends every default back changes nothing.
    assert!(
        text.lines()
            .any(|l| l.starts_with("option name level type combo default 3 ")),
        "{text}"
    );
    assert!(
        text.lines()
            .any(|l| l.starts_with("option name playouts type spin default 100 ")),
        "level 3 searches 100 playouts: {text}"
    );
    assert!(
        text.contains("option name board_size type spin default 5 "),
        "{text}"
    );
    assert!(
        text.contains("option name ply_limit type spin default 40 "),
        "{text}"
    );
    let best = text
        .lines()
        .find_map(|l| l.strip_prefix("bestmove "))
        .expect("go answers bestmove");
    assert_legal(Variant::new(5, 10).expect("5x5"), "c2", best);
    assert!(text.contains("info string record: [size 5] c2"), "{text}");
    let out = common::quoridor_with_input(&["uci", "--option", "engine=alphabeta"], "uci\n");
    assert!(
        stdout(&out).starts_with("id name Quoridor alpha-beta\n"),
        "{}",
        stdout(&out)
    );
}

#[test]
fn a_refused_start_option_is_one_error_line_and_exit_2() {
    for (option, expected) in [
        ("level=11", "error: --option level=11: "),
        ("no_such=1", "error: --option no_such=1: "),
        ("board_size=2", "error: --option board_size=2: "),
    ] {
        let out = common::quoridor_with_input(&["uci", "--option", option], "uci\n");
        assert_eq!(out.status.code(), Some(2), "{option}: {}", stderr(&out));
        assert!(stdout(&out).is_empty(), "{option}: {}", stdout(&out));
        let err = stderr(&out);
        assert_eq!(err.lines().count(), 1, "{option}: {err}");
        assert!(err.starts_with(expected), "{option}: {err}");
    }
    let out = quoridor(&["uci", "--option", "level"]);
    assert_eq!(out.status.code(), Some(2));
    assert!(
        stderr(&out).contains("expected NAME=VALUE"),
        "{}",
        stderr(&out)
    );
}

#[test]
fn position_extension_reuses_the_tree() {
    let mut e = Uci::start();
    e.send("setoption name time_ms value 0");
    e.send("position startpos");
    e.go("go nodes 3000");
    // The engine's principal variation is in its tree: moving along it keeps
    // that subtree for the next search.
    let (lines, first) = e.go("go nodes 3000");
    let pv: Vec<String> = lines[lines.len() - 2]
        .split(" pv ")
        .nth(1)
        .expect("pv")
        .split_whitespace()
        .map(str::to_string)
        .collect();
    assert_eq!(pv[0], first);
    e.send(&format!("position startpos moves {} {}", pv[0], pv[1]));
    let (lines, best) = e.go("go nodes 100");
    let info = &lines[lines.len() - 2];
    assert!(
        field(info, "nodes") > 101,
        "the reused subtree adds nodes: {info}"
    );
    assert_legal(Variant::default(), &format!("{} {}", pv[0], pv[1]), &best);
}

#[test]
fn game_over_position_has_no_bestmove() {
    let mut e = Uci::start();
    e.send("setoption name board_size value 3");
    e.send("position startpos moves b2 a3 b3");
    let (lines, best) = e.go("go nodes 10");
    assert_eq!(best, "(none)");
    assert!(lines[0].contains("game is over"), "{lines:?}");
}

/// 296 plies of pawn shuffling (both pawns back home), then player 1 steps
/// to e3 while player 2 places two walls far from both paths: 300 plies,
/// player 1's path 6 against player 2's 8.
fn three_hundred_plies() -> String {
    format!("{}e2 a8h e3 a6h", "d1 d9 e1 e9 ".repeat(74))
}

#[test]
fn a_game_at_the_ply_limit_is_over_and_go_says_who_won_it() {
    let mut e = Uci::start();
    let record = three_hundred_plies();
    e.send(&format!("position startpos moves {record}"));
    let (lines, best) = e.go("go nodes 10");
    assert_eq!(best, "(none)");
    assert_eq!(
        lines[0],
        "info string error: the game is over: player 1 has won, adjudicated at the 300-ply \
         limit (paths 6 to 8)"
    );
    assert_eq!(
        e.record(),
        format!("{record} 1-0 {{adjudicated at the 300-ply limit (paths 6 to 8)}}")
    );
    // A longer limit lets the game go on; 0 means none.
    e.send("setoption name ply_limit value 400");
    let (_, best) = e.go("go nodes 10");
    assert_legal(Variant::default(), &record, &best);
    e.send("setoption name ply_limit value 0");
    let (_, best) = e.go("go nodes 10");
    assert_legal(Variant::default(), &record, &best);
    e.send("setoption name ply_limit value 299");
    assert_eq!(e.go("go nodes 10").1, "(none)");
    // One ply short of the limit the engine still moves.
    e.send("setoption name ply_limit value 300");
    let short = record.rsplit_once(' ').expect("moves").0.to_string();
    e.send(&format!("position startpos moves {short}"));
    let (_, best) = e.go("go nodes 10");
    assert_legal(Variant::default(), &short, &best);
}

#[test]
fn quit_ends_the_process_even_while_searching() {
    let mut e = Uci::start();
    e.send("go infinite");
    e.sync();
    e.send("quit");
    let deadline = Instant::now() + TIMEOUT;
    loop {
        if let Some(status) = e.child.try_wait().expect("wait") {
            assert!(status.success(), "{status}");
            break;
        }
        assert!(Instant::now() < deadline, "quoridor uci did not quit");
        std::thread::sleep(Duration::from_millis(20));
    }
}

#[test]
fn end_of_input_finishes_a_search_with_limits() {
    let mut e = Uci::start();
    e.send("position startpos");
    e.send("go nodes 200");
    e.stdin = None; // closes the pipe
    let lines = e.read_until(|l| l.starts_with("bestmove "));
    let best = lines.last().and_then(|l| l.strip_prefix("bestmove "));
    assert_legal(Variant::default(), "", best.expect("bestmove"));
}

/// Sets small configured limits so a fallback search is quick.
fn quick_defaults(e: &mut Uci) {
    e.send("setoption name time_ms value 0");
    e.send("setoption name playouts value 200");
    assert!(e.sync().is_empty());
}

#[test]
fn invalid_go_values_report_an_error_and_still_answer_bestmove() {
    let mut e = Uci::start();
    quick_defaults(&mut e);
    for (command, mentions) in [
        ("go nodes 0", "go nodes"),
        ("go nodes", "go nodes"),
        ("go nodes -1", "go nodes"),
        ("go movetime abc", "go movetime"),
        ("go movetime soon", "go movetime"),
        ("go depth 0", "go depth"),
        ("go wtime later btime 1000", "go wtime"),
    ] {
        let (lines, best) = e.go(command);
        assert!(
            lines[0].starts_with("info string error: ") && lines[0].contains(mentions),
            "{command:?}: {lines:#?}"
        );
        let last_info = &lines[lines.len() - 2];
        assert_eq!(
            field(last_info, "playouts"),
            200,
            "{command:?} searches with the configured limits"
        );
        assert_legal(Variant::default(), "", &best);
    }
}

#[test]
fn a_bad_go_value_is_left_out_and_the_valid_limits_kept() {
    let mut e = Uci::start();
    quick_defaults(&mut e);
    let (lines, best) = e.go("go nodes 150 movetime abc");
    assert_eq!(
        lines[0],
        "info string error: go movetime needs a positive whole number, got \"abc\"; searching without it"
    );
    assert_eq!(
        field(&lines[lines.len() - 2], "playouts"),
        150,
        "{lines:#?}"
    );
    assert_legal(Variant::default(), "", &best);
    let (lines, _) = e.go("go nodes 18446744073709551616 nodes 120");
    assert_eq!(
        lines[0],
        "info string error: go nodes is at most 18446744073709551615, got \"18446744073709551616\"; searching without it"
    );
    assert_eq!(
        field(&lines[lines.len() - 2], "playouts"),
        120,
        "{lines:#?}"
    );
}

#[test]
fn unknown_go_words_get_one_warning_and_a_bestmove() {
    let mut e = Uci::start();
    let (lines, best) = e.go("go ponder mate 3 searchmoves e2 nodes 150");
    let warnings: Vec<&String> = lines
        .iter()
        .filter(|l| l.starts_with("info string "))
        .collect();
    assert_eq!(warnings.len(), 1, "{lines:#?}");
    assert!(warnings[0].starts_with("info string warning: ignoring go ponder mate 3"));
    assert_eq!(field(&lines[lines.len() - 2], "playouts"), 150);
    assert_legal(Variant::default(), "", &best);
}

#[test]
fn go_with_clocks_thinks_for_its_share_of_the_time() {
    let mut e = Uci::start();
    e.send("position startpos moves e2");
    let started = Instant::now();
    // Black to move with a minute: 60 s / 30 moves − 50 ms = 1.95 s. A lower
    // bound only (a load can only lengthen the think); `go` waits at most
    // `TIMEOUT` (a hang guard). Which clock and how much of it is planned is
    // checked without a clock in `cli::uci::go`'s unit tests.
    let (lines, best) = e.go("go wtime 60000 btime 60000");
    let took = started.elapsed();
    assert!(took >= Duration::from_millis(1950), "{took:?}");
    assert!(field(last_info(&lines), "time") >= 1950, "{lines:?}");
    assert!(
        lines.iter().all(|l| !l.starts_with("info string")),
        "{lines:#?}"
    );
    assert_legal(Variant::default(), "e2", &best);
    // With one second left and no increment, the move still comes.
    let (_, best) = e.go("go wtime 60000 btime 1000");
    assert_legal(Variant::default(), "e2", &best);
}

#[test]
fn go_depth_stops_when_the_principal_variation_is_that_long() {
    let mut e = Uci::start();
    e.send("setoption name time_ms value 0");
    let (lines, best) = e.go("go depth 3");
    let info = &lines[lines.len() - 2];
    let pv = info.split(" pv ").nth(1).expect("a pv");
    // The line may grow past 3 within the last slice; it is cut at the depth asked.
    assert_eq!(pv.split_whitespace().count(), 3, "{info}");
    assert_eq!(field(info, "depth"), 3, "{info}");
    assert_legal(Variant::default(), "", &best);
}

#[test]
fn uct_info_depth_is_the_quantity_go_depth_limits() {
    let mut e = Uci::start();
    e.send("setoption name time_ms value 0");
    e.send("position startpos moves e2 e8");
    let (lines, best) = e.go("go depth 4");
    for info in lines.iter().filter(|l| l.starts_with("info depth ")) {
        let depth = field(info, "depth");
        assert!((1..=4).contains(&depth), "{info}");
        assert!(field(info, "seldepth") >= depth, "{info}");
        let pv = info
            .split(" pv ")
            .nth(1)
            .map_or(0, |pv| pv.split_whitespace().count());
        assert_eq!(pv as u64, depth, "depth is the line's length: {info}");
    }
    assert_legal(Variant::default(), "e2 e8", &best);
    // Without `go depth` the depth is the line's length too (not the
    // tree's mean depth), and seldepth the deepest node.
    let (lines, _) = e.go("go nodes 3000");
    let info = last_info(&lines);
    let pv = info
        .split(" pv ")
        .nth(1)
        .expect("a pv")
        .split_whitespace()
        .count() as u64;
    // At most 24 moves of the line are printed.
    assert_eq!(field(info, "depth").min(24), pv, "{info}");
    assert!(field(info, "seldepth") >= field(info, "depth"), "{info}");
}

#[test]
fn a_huge_input_line_is_not_echoed_back() {
    let mut e = Uci::start();
    let huge = "x".repeat(1_000_000);
    let error = e.error_after(&huge);
    assert!(error.len() < 300, "{} bytes", error.len());
    let error = e.error_after(&format!("setoption name uct_c value {huge}"));
    assert!(error.len() < 300, "{} bytes", error.len());
    let error = e.error_after(&format!("position startpos moves {huge}"));
    assert!(error.len() < 300, "{} bytes", error.len());
    quick_defaults(&mut e);
    let (lines, best) = e.go(&format!("go movetime {}", "9".repeat(1_000_000)));
    assert!(lines.iter().all(|l| l.len() < 300), "long output line");
    assert_legal(Variant::default(), "", &best);
}

#[test]
fn a_closed_output_ends_the_session_quietly() {
    let mut child = Command::new(env!("CARGO_BIN_EXE_quoridor"))
        .arg("uci")
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("quoridor uci starts");
    drop(child.stdout.take());
    let mut stdin = child.stdin.take().expect("piped stdin");
    // The input stays open: only the closed output can end the session.
    let _ = writeln!(stdin, "uci");
    let _ = writeln!(stdin, "go nodes 100");
    let _ = writeln!(stdin, "isready");
    let _ = stdin.flush();
    let deadline = Instant::now() + TIMEOUT;
    let status = loop {
        if let Some(status) = child.try_wait().expect("wait") {
            break status;
        }
        assert!(Instant::now() < deadline, "quoridor uci kept running");
        std::thread::sleep(Duration::from_millis(20));
        // Another test's child forked at the wrong moment can hold the read
        // end of this pipe for a while (until it execs), and writes succeed
        // until then: keep asking, so that an answer is written once the
        // output is closed for good.
        let _ = writeln!(stdin, "isready");
        let _ = stdin.flush();
    };
    let mut stderr = String::new();
    use std::io::Read;
    child
        .stderr
        .take()
        .expect("piped stderr")
        .read_to_string(&mut stderr)
        .expect("stderr");
    assert!(!stderr.contains("panicked"), "{stderr}");
    use std::os::unix::process::ExitStatusExt;
    let sigpipe = 13;
    assert!(
        status.success() || status.signal() == Some(sigpipe),
        "{status}: {stderr}"
    );
    drop(stdin);
}

#[test]
fn threads_two_searches_the_total_playouts_and_stops_on_stop() {
    let mut e = Uci::start();
    e.send("setoption name threads value 2");
    assert!(e.sync().is_empty());
    e.send("position startpos moves e2 e8 e3 e7");
    let (lines, best) = e.go("go nodes 600");
    assert_legal(Variant::default(), "e2 e8 e3 e7", &best);
    let info = &lines[lines.len() - 2];
    assert_eq!(field(info, "playouts"), 600, "a total over both trees");
    e.send("go infinite");
    e.read_until(|l| l.starts_with("info depth "));
    e.send("stop");
    let lines = e.read_until(|l| l.starts_with("bestmove "));
    let best = lines.last().and_then(|l| l.strip_prefix("bestmove "));
    assert_legal(Variant::default(), "e2 e8 e3 e7", best.expect("bestmove"));
    let error = e.error_after("setoption name threads value 17");
    assert!(error.contains("threads"), "{error}");
}

#[test]
fn input_file_is_read_instead_of_stdin_then_the_search_finishes() {
    let dir = common::scratch("uci", "input-file");
    let script = dir.join("first-game.uci");
    std::fs::write(&script, "position startpos moves e2 e8\ngo nodes 200\n").expect("script");
    let out = common::quoridor(&["uci", "--input", script.to_str().expect("utf-8 path")]);
    assert!(out.status.success(), "{}", common::stderr(&out));
    let text = common::stdout(&out);
    let best: Vec<&str> = text
        .lines()
        .filter_map(|l| l.strip_prefix("bestmove "))
        .collect();
    assert_eq!(best.len(), 1, "{text}");
    assert_legal(Variant::default(), "e2 e8", best[0]);
}

/// Both protocols (`uci` and `qtp`) name a missing `--input` file.
#[test]
fn a_missing_input_file_is_named_in_the_error() {
    for protocol in ["uci", "qtp"] {
        let missing = common::scratch(protocol, "missing-input").join("no-such-session");
        let path = missing.to_str().expect("utf-8 path");
        let out = common::quoridor(&[protocol, "--input", path]);
        assert_eq!(out.status.code(), Some(2), "{protocol}");
        assert_eq!(common::stdout(&out), "", "{protocol}");
        assert_eq!(
            common::stderr(&out),
            format!(
                "error: cannot read commands from {path}: No such file or directory (os error 2)\n"
            ),
            "{protocol}"
        );
    }
}

/// The words of the syntax column (before the two-space gap) of the help's
/// indented lines.
fn listed_in(help: &str) -> Vec<String> {
    help.lines()
        .filter_map(|line| line.strip_prefix("  "))
        .filter_map(|line| line.split("  ").next())
        .flat_map(|syntax| syntax.split(|c: char| !c.is_ascii_alphanumeric()))
        .filter(|word| !word.is_empty())
        .map(str::to_string)
        .collect()
}

#[test]
fn help_lists_every_command_and_go_limit_the_session_reads() {
    let out = quoridor(&["uci", "--help"]);
    assert_eq!(out.status.code(), Some(0));
    let help = stdout(&out);
    let listed = listed_in(&help);
    let commands = [
        "uci",
        "isready",
        "setoption",
        "ucinewgame",
        "position",
        "go",
        "stop",
        "show",
        "d",
        "debug",
        "register",
        "quit",
    ];
    let limits = [
        "nodes",
        "movetime",
        "depth",
        "infinite",
        "wtime",
        "btime",
        "winc",
        "binc",
        "movestogo",
        "ponder",
    ];
    for word in commands.iter().chain(&limits) {
        assert!(
            listed.iter().any(|l| l == word),
            "{word} missing from:\n{help}"
        );
    }
    assert!(
        help.contains("depth: for UCT the length of the best line, for alpha-beta the last completed iteration"),
        "{help}"
    );
    // The session reads each listed command (an unknown one gets an error line).
    let mut e = Uci::start();
    for command in commands.iter().filter(|c| **c != "quit") {
        let line = match *command {
            "setoption" => "setoption name playouts value 100",
            "position" => "position startpos",
            "go" => "go nodes 50",
            other => other,
        };
        e.send(line);
        if *command == "go" {
            e.read_until(|l| l.starts_with("bestmove "));
        }
        let answers = e.sync();
        assert!(
            answers.iter().all(|l| !l.contains("unknown command")),
            "{line}: {answers:?}"
        );
    }
}

#[test]
fn a_terminal_is_greeted_on_stderr_and_a_pipe_is_not() {
    let greeting = "Quoridor engine protocol (UCI-style). Type \"uci\" to start, \"quit\" to leave; see quoridor uci --help.";
    let out = common::quoridor_with_input(&["uci"], "isready\nquit\n");
    assert_eq!(stdout(&out), "readyok\n", "a pipe gets the answers only");
    assert_eq!(stderr(&out), "", "a pipe gets no greeting");
    let Some(screen) = on_a_terminal("uci", "isready\nquit\n") else {
        eprintln!("skipped the terminal half: util-linux `script` is missing");
        return;
    };
    let lines: Vec<&str> = screen.lines().collect();
    assert_eq!(
        lines.iter().filter(|l| **l == greeting).count(),
        1,
        "{screen}"
    );
    assert!(lines.contains(&"readyok"), "{screen}");
}

#[test]
fn ucinewgame_goes_back_to_the_start_of_the_board_the_options_set() {
    let mut e = Uci::start();
    e.send("setoption name board_size value 5");
    e.send("position startpos moves c2 c4");
    assert_eq!(e.record(), "[size 5] c2 c4");
    e.send("ucinewgame");
    assert_eq!(
        e.record(),
        "[size 5]",
        "the start position, the option kept"
    );
    assert!(e.sync().is_empty());
}
