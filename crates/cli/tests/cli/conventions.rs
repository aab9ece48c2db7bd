//! The `quoridor` binary behaves like the command-line tools people know:
//! help and version on stdout with exit 0, `--flag=value`, unknown options
//! with a suggestion, numbers checked against their ranges, shell
//! completions, a quiet end on a closed pipe and exit 1 on a full disk.

use crate::common;

use common::{quoridor, stderr, stdout};
use std::io::Read;
use std::process::{Command, Stdio};

/// Asserts exit 2, nothing on stdout and exactly one line on stderr, which
/// starts with `error:` and contains `expected`.
fn assert_one_error_line(args: &[&str], expected: &str) {
    let out = quoridor(args);
    assert_eq!(out.status.code(), Some(2), "{args:?}: {}", stderr(&out));
    assert!(stdout(&out).is_empty(), "{args:?}");
    let err = stderr(&out);
    assert_eq!(err.lines().count(), 1, "{args:?}: {err}");
    assert!(err.starts_with("error: "), "{args:?}: {err}");
    assert!(err.contains(expected), "{args:?}: {err}");
}

#[test]
fn help_goes_to_stdout_with_exit_0_for_the_tool_and_every_subcommand() {
    for command in [
        "moves",
        "perft",
        "show",
        "policy",
        "uci",
        "bench",
        "arena",
        "book",
        "engine-book",
        "review",
        "abtable",
        "solve",
        "experiments",
        "serve",
        "completions",
    ] {
        for flag in ["--help", "-h"] {
            let out = quoridor(&[command, flag]);
            assert_eq!(out.status.code(), Some(0), "{command} {flag}");
            assert!(stderr(&out).is_empty(), "{command} {flag}");
            assert!(
                stdout(&out).contains(&format!("quoridor {command}")),
                "{command} {flag}: {}",
                stdout(&out)
            );
        }
    }
    let out = quoridor(&["--help"]);
    assert_eq!(out.status.code(), Some(0));
    assert!(stdout(&out).contains("USAGE: quoridor <COMMAND>"));
    assert!(stdout(&out).contains("Exit codes"));
    let out = quoridor(&["help", "arena"]);
    assert_eq!(out.status.code(), Some(0));
    assert!(stdout(&out).contains("--engine-a <CMD>"));
}

#[test]
fn version_prints_the_crate_version() {
    for flag in ["--version", "-V"] {
        let out = quoridor(&[flag]);
        assert_eq!(out.status.code(), Some(0));
        assert_eq!(
            stdout(&out),
            format!("quoridor {}\n", env!("CARGO_PKG_VERSION"))
        );
    }
}

#[test]
fn flags_take_their_value_after_an_equals_sign_or_a_space() {
    let joined = quoridor(&["moves", "--size=5", "--walls=3", "c2"]);
    let spaced = quoridor(&["moves", "--size", "5", "--walls", "3", "c2"]);
    assert_eq!(joined.status.code(), Some(0), "{}", stderr(&joined));
    assert_eq!(stdout(&joined), stdout(&spaced));
    // Flags may also follow the record.
    let after = quoridor(&["moves", "c2", "--size", "5", "--walls", "3"]);
    assert_eq!(stdout(&after), stdout(&spaced));
}

#[test]
fn unknown_options_and_commands_are_named_with_a_suggestion() {
    assert_one_error_line(
        &["arena", "--gmes", "3"],
        "unknown arena option \"--gmes\" (did you mean \"--games\"?)",
    );
    assert_one_error_line(&["moves", "--frob"], "unknown moves option \"--frob\"");
    let out = quoridor(&["mvoes"]);
    assert_eq!(out.status.code(), Some(2));
    let err = stderr(&out);
    assert!(
        err.starts_with("error: unknown command \"mvoes\" (did you mean \"moves\"?)\n"),
        "{err}"
    );
    assert_eq!(err.lines().filter(|l| l.starts_with("error")).count(), 1);
}

#[test]
fn numbers_out_of_range_are_errors_with_the_range() {
    assert_one_error_line(
        &["moves", "--size", "300"],
        "board size 300 is not supported: must be 3–11",
    );
    assert_one_error_line(
        &["show", "--walls", "21"],
        "21 walls per player is too many: must be 0–20",
    );
    assert_one_error_line(
        &["arena", "--games", "0"],
        "--games needs a whole number from 1 to 1,000,000, got \"0\"",
    );
    assert_one_error_line(
        &["arena", "--playouts", "0"],
        "--playouts needs a whole number of at least 1, got \"0\"",
    );
    assert_one_error_line(
        &["arena", "--threads", "0"],
        "--threads needs a whole number from 1 to 256, got \"0\"",
    );
    assert_one_error_line(
        &["experiments", "--threads", "0"],
        "--threads needs a whole number from 1 to 256",
    );
    assert_one_error_line(
        &["bench", "--playouts", "0"],
        "--playouts needs a whole number of at least 1",
    );
    assert_one_error_line(&["arena", "--size", "many"], "--size needs a number");
    assert_one_error_line(
        &["arena", "--playouts", "5", "--time-ms", "5"],
        "cannot be used with",
    );
    assert_one_error_line(&["bench", "--params", "fast"], "possible values");
}

#[test]
fn bench_refuses_each_flag_the_chosen_engine_does_not_use() {
    for (flag, value) in [
        ("--playouts", Some("100")),
        ("--params", Some("thesis")),
        ("--game", None),
    ] {
        let mut args = vec!["bench", "--engine", "alphabeta", flag];
        args.extend(value);
        assert_one_error_line(
            &args,
            &format!(
                "error: {flag} applies to --engine uct only (alpha-beta searches each position \
                 for --ms milliseconds)"
            ),
        );
    }
    for engine in [&[][..], &["--engine", "uct"]] {
        let mut args = vec!["bench", "--ms", "10"];
        args.extend(engine);
        assert_one_error_line(
            &args,
            "error: --ms applies to --engine alphabeta only (UCT searches each position for \
             --playouts playouts)",
        );
    }
}

#[test]
fn unknown_engine_options_get_a_suggestion() {
    assert_one_error_line(
        &["arena", "--a", "uct_cc=1"],
        "error: --a: unknown option \"uct_cc\" (did you mean \"uct_c\"?)\n",
    );
    assert_one_error_line(
        &["qtp", "--option", "solvr=on"],
        "error: unknown option \"solvr\" (did you mean \"solver\"?)\n",
    );
    // No suggestion when nothing is close, and no "nothing changed": the
    // program stops.
    assert_one_error_line(
        &["qtp", "--option", "bogus=1"],
        "error: unknown option \"bogus\"\n",
    );
    assert_one_error_line(
        &["arena", "--b", "preset=thesis,bogus=2"],
        "error: --b: unknown option \"bogus\"\n",
    );
}

#[test]
fn negative_numbers_get_the_range_error_not_unknown_option() {
    for (args, message) in [
        (
            &["moves", "--walls", "-1"][..],
            "--walls needs a number from 0 to 20, got \"-1\"",
        ),
        (
            &["show", "--size", "-5"][..],
            "--size needs a number from 3 to 11, got \"-5\"",
        ),
        (
            &["perft", "-1"][..],
            "DEPTH must be a number from 0 to 8, got \"-1\"",
        ),
        (
            &["review", "--time-ms", "-5"][..],
            "--time-ms needs a whole number from 1 to 3,600,000, got \"-5\"",
        ),
        (
            &["arena", "--games", "-3"][..],
            "--games needs a whole number from 1 to 1,000,000, got \"-3\"",
        ),
        (
            &["bench", "--playouts", "-100"][..],
            "--playouts needs a whole number of at least 1, got \"-100\"",
        ),
        (
            &["qtp", "--seed", "-1"][..],
            "--seed needs a whole number from 0 to 4,294,967,295, got \"-1\"",
        ),
        (
            &["abtable", "--positions", "-2"][..],
            "--positions needs a whole number from 1 to 1,000, got \"-2\"",
        ),
        (
            &["book", "--count", "-1"][..],
            "--count needs a whole number",
        ),
    ] {
        assert_one_error_line(args, message);
    }
}

#[test]
fn abtable_times_is_none_or_milliseconds_and_errors_name_the_flag() {
    for (times, item) in [("", ""), ("100,abc", "abc"), ("0", "0"), ("-5", "-5")] {
        assert_one_error_line(
            &["abtable", "--times", times],
            &format!(
                "error: invalid value {item:?} for --times: expected milliseconds (a whole number ≥ 1) or \"none\"\n"
            ),
        );
    }
}

#[test]
fn abtable_shows_searches_past_the_cap_as_more_than_the_cap() {
    // A cap of 50 nodes stops every search before depth 4; `none` skips the
    // timed table.
    let out = quoridor(&[
        "abtable",
        "--positions",
        "1",
        "--cap",
        "50",
        "--times",
        "none",
    ]);
    assert_eq!(out.status.code(), Some(0), "{}", stderr(&out));
    let text = stdout(&out);
    let rows: Vec<&str> = text
        .lines()
        .filter(|l| l.starts_with("| "))
        .skip(1)
        .collect();
    // A row per enhancement switched on alone or off from the Default
    // (late-move reductions among them).
    assert_eq!(rows.len(), 15, "{text}");
    assert!(
        rows.iter().any(|r| r.contains("late-move reductions")),
        "{text}"
    );
    for row in rows {
        assert!(row.contains(" | > 50 | - | > 50 | - | - | "), "{row}");
    }
    assert!(!text.contains("Depth reached"), "{text}");
}

#[test]
fn a_repeated_header_tag_is_an_error() {
    assert_one_error_line(
        &["moves", "[size 5] [walls 3] [size 7] c2"],
        "the tag [size …] appears twice",
    );
    assert_one_error_line(
        &["show", "[walls 3]", "[walls 4]"],
        "the tag [walls …] appears twice",
    );
}

#[test]
fn perft_refuses_hours_of_work_without_force() {
    assert_one_error_line(
        &["perft", "8"],
        "perft 8 would count about 8.7e16 move sequences, which may take hours; add --force",
    );
    assert_one_error_line(&["perft", "5"], "add --force to run it anyway");
    // Small boards stay under the limit; --force lets a big count run.
    let out = quoridor(&["perft", "6", "--size", "3", "--walls", "0"]);
    assert_eq!(out.status.code(), Some(0), "{}", stderr(&out));
    let out = quoridor(&["perft", "1", "--force"]);
    assert_eq!(stdout(&out), "131\n");
}

#[test]
fn completions_are_printed_for_bash_zsh_and_fish() {
    for (shell, marker) in [
        ("bash", "complete -F _quoridor"),
        ("zsh", "#compdef quoridor"),
        ("fish", "complete -c quoridor"),
    ] {
        let out = quoridor(&["completions", shell]);
        assert_eq!(out.status.code(), Some(0), "{shell}");
        let script = stdout(&out);
        assert!(script.contains(marker), "{shell}");
        assert!(script.contains("experiments"), "{shell}");
    }
    assert_one_error_line(&["completions", "tcsh"], "invalid value 'tcsh'");
}

#[test]
fn a_full_disk_is_one_error_line_and_exit_1() {
    for args in [
        &["moves"][..],
        &["show", "e2"],
        &["--help"],
        &["perft", "1"],
    ] {
        let out = Command::new(env!("CARGO_BIN_EXE_quoridor"))
            .args(args)
            .stdout(std::fs::File::create("/dev/full").expect("/dev/full opens"))
            .output()
            .expect("quoridor runs");
        assert_eq!(out.status.code(), Some(1), "{args:?}: {}", stderr(&out));
        let err = stderr(&out);
        assert_eq!(err.lines().count(), 1, "{args:?}: {err}");
        assert!(
            err.starts_with("error: could not write the output: "),
            "{err}"
        );
    }
}

#[test]
fn a_closed_pipe_ends_the_program_quietly_with_success() {
    // A record line of 120 kB, more than a pipe holds: most of it is
    // written after the reader has gone.
    let record: Vec<&str> = ["e2", "e8", "e1", "e9"].repeat(10_000);
    let mut child = Command::new(env!("CARGO_BIN_EXE_quoridor"))
        .arg("show")
        .args(&record)
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("quoridor runs");
    // Read one byte, then close our end, like `| head -c 1`.
    let mut first = [0u8; 1];
    child
        .stdout
        .take()
        .expect("stdout piped")
        .read_exact(&mut first)
        .expect("one byte");
    let out = child.wait_with_output().expect("quoridor ends");
    assert_eq!(out.status.code(), Some(0));
    assert!(stderr(&out).is_empty(), "{}", stderr(&out));
}

/// Every help page: the tool's and each subcommand's.
const HELP_PAGES: [&[&str]; 21] = [
    &[],
    &["moves"],
    &["perft"],
    &["show"],
    &["uci"],
    &["qtp"],
    &["bench"],
    &["arena"],
    &["arena", "merge"],
    &["arena", "rate"],
    &["book"],
    &["engine-book"],
    &["review"],
    &["experiments"],
    &["abtable"],
    &["selfplay"],
    &["selfplay", "merge"],
    &["solve"],
    &["solve", "accuracy"],
    &["serve"],
    &["completions"],
];

/// A newcomer's words: the forms a page may use, the word its `Terms:` line
/// starts with, and words of that line's definition.
const JARGON: [(&[&str], &str, &str); 16] = [
    (
        &["uct"],
        "UCT",
        "a Monte Carlo tree search grown by playouts",
    ),
    (
        &["playout", "playouts"],
        "playout",
        "one simulated game from a position to its end",
    ),
    (
        &["alpha-beta", "alphabeta"],
        "alpha-beta",
        "a minimax search one move deeper at a time",
    ),
    (&["node", "nodes"], "node", "a position the engine searched"),
    (&["ply", "plies"], "ply", "one move of one player"),
    (
        &["ebf"],
        "EBF",
        "effective branching factor, nodes(d)/nodes(d-1)",
    ),
    (
        &["perft"],
        "perft",
        "counts every move sequence of DEPTH moves",
    ),
    (
        &["uci", "uci-style"],
        "UCI-style",
        "modelled on chess's Universal Chess Interface",
    ),
    (
        &["qtp", "gtp-style"],
        "QTP",
        "Quoridor Text Protocol, modelled on GTP (Go Text Protocol)",
    ),
    (
        &["referee", "referees"],
        "referee",
        "a program that plays engines against each other",
    ),
    (
        &["thesis"],
        "thesis",
        "J. Tomek's 2011 thesis on UCT for Quoridor",
    ),
    (
        &["preset", "presets"],
        "preset",
        "a named set of every engine setting",
    ),
    (
        &["shard", "shards"],
        "shard",
        "one of N slices of a match's games",
    ),
    (
        &["elo"],
        "Elo",
        "400 points above an opponent expects 10 wins to 1",
    ),
    (&["wilson"], "Wilson interval", "a 95% range for a win rate"),
    (&["sprt"], "SPRT", "sequential probability ratio test"),
];

/// The page's words, lower case: split at anything but letters, digits,
/// `-` and `_` (so `uct_c` is not `uct`), outer dashes trimmed (`--playouts`).
fn words_of(text: &str) -> Vec<String> {
    text.split(|c: char| !(c.is_alphanumeric() || c == '-' || c == '_'))
        .map(|w| w.trim_matches('-').to_lowercase())
        .filter(|w| !w.is_empty())
        .collect()
}

#[test]
fn every_help_page_defines_the_jargon_it_uses_in_one_line() {
    let mut defined = Vec::new();
    for page in HELP_PAGES {
        let args: Vec<&str> = page.iter().copied().chain(["--help"]).collect();
        let help = stdout(&quoridor(&args));
        let (body, terms) = help.split_once("\nTerms:\n").unwrap_or((&help, ""));
        let words = words_of(body);
        for (forms, word, definition) in JARGON {
            if !forms.iter().any(|f| words.iter().any(|w| w == f)) {
                continue;
            }
            let line = terms
                .lines()
                .find(|l| l.trim_start().starts_with(&format!("{word} ")))
                .unwrap_or_else(|| {
                    panic!("quoridor {page:?} --help uses {word} without defining it:\n{help}")
                });
            assert!(line.contains(definition), "{page:?}: {line}");
            assert!(
                line.chars().count() <= 100,
                "{page:?}: one short line: {line}"
            );
            defined.push((page.join(" "), word));
        }
    }
    // The words a newcomer asked about are defined where they are used.
    for (page, word) in [
        ("", "UCT"),
        ("", "playout"),
        ("", "thesis"),
        ("", "referee"),
        ("perft", "perft"),
        ("uci", "UCI-style"),
        ("qtp", "referee"),
        ("bench", "thesis"),
        ("arena", "shard"),
        ("arena", "SPRT"),
        ("arena merge", "shard"),
        ("arena rate", "Elo"),
        ("arena rate", "Wilson interval"),
        ("arena rate", "shard"),
        ("experiments", "thesis"),
        ("abtable", "EBF"),
        ("review", "node"),
        ("book", "ply"),
        ("selfplay", "playout"),
        ("selfplay", "shard"),
    ] {
        assert!(
            defined.contains(&(page.to_string(), word)),
            "{page:?} {word}: {defined:?}"
        );
    }
}

#[test]
fn the_top_line_names_the_rules_and_both_engines_of_the_page() {
    let help = stdout(&quoridor(&["--help"]));
    assert_eq!(
        help.lines().next(),
        Some("Quoridor's rules and the browser page's two engines (UCT and alpha-beta) on the command line")
    );
    let perft = stdout(&quoridor(&["perft", "--help"]));
    assert!(
        perft.contains(
            "counts every move sequence of DEPTH moves (a rules check borrowed from chess)"
        ),
        "{perft}"
    );
}
