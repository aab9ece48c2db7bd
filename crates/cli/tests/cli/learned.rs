//! The learned evaluation on the command line: `--eval-file PATH` (on the
//! subcommands that run engines) and the
//! `eval` engine option through `uci`, `qtp`, `arena` and `bench`, with a
//! small random network written to a scratch file (the tests never need the
//! trained weights).

use crate::common;

use common::{quoridor, quoridor_with_input, scratch, stderr, stdout};
use quoridor_engines::learned::{Evaluator, Network, NO_NETWORK};
use std::path::PathBuf;

/// A random 375-16-8-1 network written to a scratch file.
fn network_file(name: &str) -> PathBuf {
    seeded_network_file(name, 9)
}

/// The random 375-16-8-1 network of `seed` written to a scratch file.
fn seeded_network_file(name: &str, seed: u64) -> PathBuf {
    let path = scratch("learned", name).join(format!("value-{seed}.safetensors"));
    std::fs::write(&path, Network::random(16, 8, seed).to_safetensors()).expect("write");
    path
}

fn path_str(path: &std::path::Path) -> &str {
    path.to_str().expect("utf-8 path")
}

#[test]
fn without_a_network_eval_learned_is_refused_with_the_reason() {
    let embedded = Evaluator::embedded().expect("the built-in network loads");
    if embedded.network().is_some() {
        return; // This build carries trained weights.
    }
    let out = quoridor_with_input(
        &["uci"],
        "uci\nsetoption name eval value learned\nisready\nquit\n",
    );
    let text = format!("{}{}", stdout(&out), stderr(&out));
    assert!(
        text.contains(&format!("option eval cannot be \"learned\": {NO_NETWORK}")),
        "{text}"
    );
    let out = quoridor(&["bench", "--eval", "learned"]);
    assert_eq!(out.status.code(), Some(2));
    assert_eq!(
        stderr(&out),
        format!("error: --eval learned: {NO_NETWORK}\n")
    );
    let out = quoridor(&["arena", "--a", "eval=learned", "--games", "2"]);
    assert_eq!(out.status.code(), Some(2));
    assert!(stderr(&out).contains(NO_NETWORK), "{}", stderr(&out));
}

#[test]
fn uci_takes_eval_learned_with_an_eval_file_and_both_engines_search() {
    let file = network_file("uci");
    for engine in ["uct", "alphabeta"] {
        let input = format!(
            "uci\nsetoption name engine value {engine}\nsetoption name eval value learned\n\
             setoption name time_ms value 0\nsetoption name playouts value 300\n\
             isready\nposition startpos moves e2 e8\ngo\nquit\n"
        );
        let out = quoridor_with_input(&["uci", "--eval-file", path_str(&file)], &input);
        let text = stdout(&out);
        assert!(out.status.success(), "{}", stderr(&out));
        assert!(!text.contains("error"), "{engine}: {text}");
        assert!(text.contains("\nbestmove "), "{engine}: {text}");
    }
    // The handshake lists the option with its values.
    let out = quoridor_with_input(&["uci"], "uci\nquit\n");
    assert!(stdout(&out)
        .lines()
        .any(|l| l == "option name eval type combo default auto var auto var classic var learned"));
}

#[test]
fn qtp_and_arena_specs_take_eval_learned_with_an_eval_file() {
    let file = network_file("specs");
    let out = quoridor_with_input(
        &[
            "qtp",
            "--eval-file",
            path_str(&file),
            "--option",
            "eval=learned",
        ],
        "name\nquit\n",
    );
    assert!(out.status.success(), "{}", stderr(&out));
    let dir = scratch("learned", "arena");
    let (json, records) = (dir.join("summary.json"), dir.join("games.txt"));
    let out = quoridor(&[
        "arena",
        "--eval-file",
        path_str(&file),
        "--a",
        "eval=learned",
        "--b",
        "eval=classic",
        "--games",
        "2",
        "--playouts",
        "30",
        "--threads",
        "2",
        "--json",
        path_str(&json),
        "--records",
        path_str(&records),
    ]);
    assert!(out.status.success(), "{}", stderr(&out));
    let summary = std::fs::read_to_string(&json).expect("summary written");
    assert!(summary.contains("eval=learned"), "{summary}");
}

#[test]
fn a_bad_eval_file_is_one_error_line_naming_the_file_and_the_fault() {
    let dir = scratch("learned", "bad");
    let missing = dir.join("missing.safetensors");
    let out = quoridor(&[
        "bench",
        "--eval-file",
        path_str(&missing),
        "--playouts",
        "1",
    ]);
    assert_eq!(out.status.code(), Some(2));
    let err = stderr(&out);
    assert!(
        err.starts_with(&format!("error: --eval-file {}: ", missing.display())),
        "{err}"
    );
    assert_eq!(err.lines().count(), 1, "{err}");
    let truncated = dir.join("truncated.safetensors");
    let bytes = Network::random(4, 2, 1).to_safetensors();
    std::fs::write(&truncated, &bytes[..bytes.len() / 2]).expect("write");
    let out = quoridor(&["arena", "--eval-file", path_str(&truncated)]);
    assert_eq!(out.status.code(), Some(2));
    assert!(
        stderr(&out).starts_with(&format!(
            "error: --eval-file {}: not a readable safetensors file: ",
            truncated.display()
        )),
        "{}",
        stderr(&out)
    );
    assert!(stdout(&out).is_empty());
}

#[test]
fn bench_measures_the_learned_evaluation() {
    let file = network_file("bench");
    let out = quoridor(&[
        "bench",
        "--eval-file",
        path_str(&file),
        "--eval",
        "learned",
        "--playouts",
        "50",
    ]);
    assert!(out.status.success(), "{}", stderr(&out));
    let text = stdout(&out);
    assert!(
        text.lines()
            .next()
            .is_some_and(|l| l.ends_with(", eval learned (375-16-8-1 network)")),
        "{text}"
    );
}

/// The game records of an arena match of `a` against `b` (arena specs) in
/// one process: 4 games of 40 playouts a move on one thread, so that they
/// are reproducible; one line of moves a game.
fn arena_records(name: &str, a: &str, b: &str) -> Vec<String> {
    let records = scratch("learned", name).join("games.txt");
    let out = quoridor(&[
        "arena",
        "--a",
        a,
        "--b",
        b,
        "--games",
        "4",
        "--playouts",
        "40",
        "--threads",
        "1",
        "--records",
        path_str(&records),
    ]);
    assert!(out.status.success(), "{}", stderr(&out));
    let text = std::fs::read_to_string(&records).expect("records written");
    text.lines()
        .filter(|l| !l.trim().is_empty() && !l.starts_with('#'))
        .map(str::to_string)
        .collect()
}

#[test]
fn arena_matches_two_weight_files_in_one_process() {
    let a = seeded_network_file("two-a", 21);
    let b = seeded_network_file("two-b", 22);
    let spec = |file: &PathBuf| format!("eval=learned,eval_file={}", path_str(file));
    let (sa, sb) = (spec(&a), spec(&b));
    let a_b = arena_records("two-ab", &sa, &sb);
    assert_eq!(a_b.len(), 4, "{a_b:?}");
    // A match is reproducible...
    assert_eq!(a_b, arena_records("two-ab-again", &sa, &sb));
    // ...and the two networks play differently.
    let a_a = arena_records("two-aa", &sa, &sa);
    let b_b = arena_records("two-bb", &sb, &sb);
    assert_ne!(a_a, b_b, "the two networks play alike");
    // Each side scores with its own file: the match is neither network
    // against itself, nor the two sides swapped.
    assert_ne!(a_b, a_a, "side b played with A's network");
    assert_ne!(a_b, b_b, "side a played with B's network");
    assert_ne!(
        a_b,
        arena_records("two-ba", &sb, &sa),
        "the sides swapped networks"
    );
    // A bad file in a spec is one error naming the flag and the file.
    let missing = scratch("learned", "two-missing").join("none.safetensors");
    let out = quoridor(&["arena", "--b", &spec(&missing)]);
    assert_eq!(out.status.code(), Some(2));
    assert!(
        stderr(&out).starts_with(&format!("error: --b: eval_file {}: ", missing.display())),
        "{}",
        stderr(&out)
    );
    assert_eq!(stderr(&out).lines().count(), 1, "{}", stderr(&out));
}

/// A random network with a policy head written to a scratch file.
fn network_with_head_file(name: &str) -> (PathBuf, Network) {
    let net = Network::random(16, 8, 3).with_random_policy(4);
    let path = scratch("learned", name).join("policy.safetensors");
    std::fs::write(&path, net.to_safetensors()).expect("write");
    (path, net)
}

#[test]
fn policy_prints_each_legal_move_with_the_networks_prior_highest_first() {
    let (file, net) = network_with_head_file("policy");
    let out = quoridor(&["policy", "--eval-file", path_str(&file), "e2", "e8", "c3h"]);
    assert_eq!(out.status.code(), Some(0), "{}", stderr(&out));
    let lines: Vec<(String, f64)> = stdout(&out)
        .lines()
        .map(|line| {
            let (mv, prior) = line.split_once(' ').expect("MOVE PRIOR");
            (mv.to_string(), prior.parse().expect("a number"))
        })
        .collect();
    let game: quoridor_rules::Game = "e2 e8 c3h".parse().expect("record");
    let expected = net.policy(game.position()).expect("a head");
    assert_eq!(lines.len(), expected.len());
    assert!(lines.windows(2).all(|w| w[0].1 >= w[1].1), "highest first");
    let sum: f64 = lines.iter().map(|l| l.1).sum();
    assert!((sum - 1.0).abs() < 1e-3, "{sum}");
    for (mv, prior) in &lines {
        let (_, p) = expected
            .iter()
            .find(|(m, _)| m.to_string() == *mv)
            .expect("a legal move");
        assert!((f64::from(*p) - prior).abs() < 1e-6, "{mv}: {p} vs {prior}");
    }
}

#[test]
fn policy_refuses_a_network_without_a_head_a_small_board_and_a_bad_record() {
    let value = network_file("policy-value");
    let (head, _) = network_with_head_file("policy-refusals");
    for (args, expected) in [
        (
            vec!["policy", "--eval-file", path_str(&value), "e2"],
            "the network has no policy head",
        ),
        (
            vec![
                "policy",
                "--eval-file",
                path_str(&head),
                "--size",
                "5",
                "c2",
            ],
            "9x9 boards only",
        ),
        (
            vec!["policy", "--eval-file", path_str(&head), "e2", "e2"],
            "e2",
        ),
    ] {
        let out = quoridor(&args);
        assert_eq!(out.status.code(), Some(2), "{args:?}");
        assert!(stdout(&out).is_empty(), "{args:?}");
        assert!(stderr(&out).starts_with("error: "), "{}", stderr(&out));
        assert!(
            stderr(&out).contains(expected),
            "{args:?}: {}",
            stderr(&out)
        );
    }
}

#[test]
fn bench_searches_with_priors_when_asked_and_refuses_them_without_a_head() {
    let headed = scratch("learned", "bench-priors").join("headed.safetensors");
    let net = Network::random(16, 8, 3).with_random_policy(4);
    std::fs::write(&headed, net.to_safetensors()).expect("write");
    let args = |extra: &[&'static str]| {
        let mut args = vec!["bench", "--eval", "learned", "--playouts", "300"];
        args.extend_from_slice(&["--eval-file", path_str(&headed)]);
        args.extend_from_slice(extra);
        args
    };
    let with = quoridor(&args(&["--priors"]));
    assert!(with.status.success(), "{}", stderr(&with));
    let with = stdout(&with);
    assert!(
        with.lines()
            .next()
            .is_some_and(|l| l.ends_with(", priors (PUCT)")),
        "{with}"
    );
    let without = stdout(&quoridor(&args(&[])));
    // The same positions searched another way: other moves.
    let moves = |text: &str| -> Vec<String> {
        text.lines()
            .skip(2)
            .take(4)
            .filter_map(|l| l.split_whitespace().last().map(str::to_string))
            .collect()
    };
    assert_eq!(moves(&with).len(), 4, "{with}");
    assert_ne!(moves(&with), moves(&without), "{with}\n{without}");
    for refused in [
        vec!["bench", "--priors"],
        vec!["bench", "--priors", "--eval", "classic"],
    ] {
        let out = quoridor(&refused);
        assert_eq!(out.status.code(), Some(2), "{refused:?}");
        assert!(
            stderr(&out).contains("--priors needs the learned evaluation"),
            "{}",
            stderr(&out)
        );
    }
    let out = quoridor(&["bench", "--engine", "alphabeta", "--priors"]);
    assert_eq!(out.status.code(), Some(2));
    assert!(
        stderr(&out).contains("--priors applies to --engine uct only"),
        "{}",
        stderr(&out)
    );
    let headless = network_file("bench-headless");
    let out = quoridor(&[
        "bench",
        "--eval-file",
        path_str(&headless),
        "--eval",
        "learned",
        "--priors",
    ]);
    assert_eq!(out.status.code(), Some(2));
    assert!(stderr(&out).contains("a policy head"), "{}", stderr(&out));
}
