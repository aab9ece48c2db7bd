//! `quoridor arena rate` as a subprocess: hand-made summaries with known
//! answers (a chain of 75% scores is 190.8 Elo a step), the ladder check's
//! verdict and exit code, the JSON, and every refusal as one error line
//! with exit 2; plus a real match's summary read, the same match under two
//! names refused and a real shard refused.

use crate::common;

use common::{quoridor, stderr, stdout};
use serde_json::Value;
use std::path::{Path, PathBuf};

/// A scratch directory for one test's files.
fn scratch(name: &str) -> PathBuf {
    common::scratch("rate", name)
}

/// Writes the summary of a match where `a` won `a_wins` games and `b`
/// won `b_wins` (only what `arena rate` reads of `arena --json`'s output).
fn summary(dir: &Path, name: &str, (a, a_wins): (&str, u64), (b, b_wins): (&str, u64)) -> String {
    let json = serde_json::json!({
        "games": a_wins + b_wins,
        "a": { "label": a, "wins": a_wins },
        "b": { "label": b, "wins": b_wins },
    });
    write(dir, name, &json.to_string())
}

/// Writes `text` to `name` in `dir`; its path.
fn write(dir: &Path, name: &str, text: &str) -> String {
    let path = dir.join(name);
    std::fs::write(&path, text).expect("scratch file written");
    path.to_str().expect("utf-8 path").to_string()
}

/// Runs `quoridor arena rate ARGS`.
fn rate(args: &[&str]) -> std::process::Output {
    let mut all = vec!["arena", "rate"];
    all.extend_from_slice(args);
    quoridor(&all)
}

/// The table line of engine `label`.
fn line_of<'a>(text: &'a str, label: &str) -> &'a str {
    text.lines()
        .find(|l| l.split_whitespace().nth(1) == Some(label))
        .unwrap_or_else(|| panic!("no line for {label} in:\n{text}"))
}

/// Asserts exit 2, nothing on stdout and one `error:` line containing
/// `expected`.
fn assert_refused(args: &[&str], expected: &str) {
    let out = rate(args);
    let err = stderr(&out);
    assert_eq!(out.status.code(), Some(2), "{args:?}: {err}");
    assert!(stdout(&out).is_empty(), "{args:?}: {}", stdout(&out));
    assert_eq!(err.lines().count(), 1, "{args:?}: {err}");
    assert!(err.starts_with("error: "), "{args:?}: {err}");
    assert!(err.contains(expected), "{args:?}: {err}");
}

#[test]
fn a_chain_of_75_percent_scores_rates_190_8_elo_a_step() {
    let dir = scratch("chain");
    let ab = summary(&dir, "ab.json", ("b", 75), ("a", 25));
    // The same pairing named the other way round in a second file pools.
    let bc1 = summary(&dir, "bc1.json", ("c", 45), ("b", 15));
    let bc2 = summary(&dir, "bc2.json", ("b", 10), ("c", 30));
    let out = rate(&[&ab, &bc1, &bc2, "--anchor", "a"]);
    assert_eq!(out.status.code(), Some(0), "{}", stderr(&out));
    let text = stdout(&out);
    assert!(
        text.starts_with(
            "arena rate: 3 engines, 2 pairings, 200 games from 3 files; anchor: a at 0\n"
        ),
        "{text}"
    );
    let words = |label| -> Vec<String> {
        line_of(&text, label)
            .split_whitespace()
            .map(String::from)
            .collect()
    };
    assert_eq!(words("c"), ["1", "c", "+381.7", "111.2", "100", "75.0%"]);
    assert_eq!(words("b"), ["2", "b", "+190.8", "78.6", "200", "50.0%"]);
    assert_eq!(words("a"), ["3", "a", "0.0", "anchor", "100", "25.0%"]);
    assert!(!text.contains("note:"), "{text}");
}

#[test]
fn two_engines_around_the_mean_sit_half_the_difference_apart() {
    let dir = scratch("mean");
    let ab = summary(&dir, "ab.json", ("a", 75), ("b", 25));
    let out = rate(&[&ab, "--anchor-rating", "1500"]);
    let text = stdout(&out);
    assert!(text.contains("anchor: the mean at 1500\n"), "{text}");
    // ±95.4 around 1500, each with half the delta method's ±78.6.
    assert!(line_of(&text, "a").contains("+1595.4      39.3"), "{text}");
    assert!(line_of(&text, "b").contains("+1404.6      39.3"), "{text}");
}

#[test]
fn a_sweep_is_rated_with_one_virtual_draw_and_a_note() {
    let dir = scratch("sweep");
    let sweep = summary(&dir, "sweep.json", ("level=1", 100), ("random", 0));
    let out = rate(&[&sweep, "--anchor", "random"]);
    assert_eq!(out.status.code(), Some(0), "{}", stderr(&out));
    let text = stdout(&out);
    // 100.5 to 0.5: 400·log10(201).
    assert!(line_of(&text, "level=1").contains("+921.3"), "{text}");
    assert!(
        text.contains(
            "note: random lost every game it played, which leaves no finite fit; one virtual draw was added to each pairing that played"
        ),
        "{text}"
    );
}

/// A ladder random < level=1 < level=2 < level=3 whose last step scores
/// 58.3% of 120 games.
fn ladder_files(dir: &Path) -> Vec<String> {
    vec![
        summary(dir, "l1.json", ("level=1", 100), ("random", 0)),
        summary(dir, "l2.json", ("level=2", 150), ("level=1", 50)),
        summary(dir, "l3.json", ("level=2", 50), ("level=3", 70)),
    ]
}

#[test]
fn the_ladder_check_prints_each_step_and_a_verdict() {
    let dir = scratch("ladder");
    let files = ladder_files(&dir);
    let mut args: Vec<&str> = files.iter().map(String::as_str).collect();
    args.extend([
        "--anchor",
        "random",
        "--order",
        "random,level=1,level=2,level=3",
    ]);
    let out = rate(&args);
    // Without --check a failed ladder is a report, not an error.
    assert_eq!(out.status.code(), Some(0), "{}", stderr(&out));
    assert!(stderr(&out).is_empty());
    let text = stdout(&out);
    for expected in [
        "ladder, weakest first: each engine needs 65% of at least 100 games against the one before\n",
        "  level=1 vs random    100.0% of 100 games (95% Wilson interval 96.3–100.0%)  pass\n",
        "  level=2 vs level=1    75.0% of 200 games (95% Wilson interval 68.6–80.5%)  pass\n",
        "  level=3 vs level=2    58.3% of 120 games (95% Wilson interval 49.4–66.8%)  FAIL: below 65%\n",
        "ladder check: FAILED at 1 of 3 steps (level=3 vs level=2)\n",
    ] {
        assert!(text.contains(expected), "{expected:?} in:\n{text}");
    }
    // --check makes it an error: the same report, then exit 1.
    args.push("--check");
    let checked = rate(&args);
    assert_eq!(checked.status.code(), Some(1));
    assert_eq!(stdout(&checked), text);
    assert_eq!(
        stderr(&checked),
        "error: the ladder check failed at 1 of 3 steps\n"
    );
    // With a lower bar and fewer games it passes, and --check exits 0.
    let passing = rate(&[
        &files[0],
        &files[1],
        &files[2],
        "--order",
        "random,level=1",
        "--order",
        "level=2,level=3",
        "--min-score",
        "0.55",
        "--min-games",
        "50",
        "--check",
    ]);
    assert_eq!(passing.status.code(), Some(0), "{}", stderr(&passing));
    assert!(
        stdout(&passing).ends_with("ladder check: passed (3 steps)\n"),
        "{}",
        stdout(&passing)
    );
}

#[test]
fn a_step_with_too_few_games_or_none_fails() {
    let dir = scratch("few");
    let few = summary(&dir, "few.json", ("b", 30), ("a", 10));
    let other = summary(&dir, "other.json", ("c", 60), ("a", 40));
    let out = rate(&[&few, &other, "--order", "a,b,c", "--check"]);
    assert_eq!(out.status.code(), Some(1));
    let text = stdout(&out);
    assert!(
        text.contains("b vs a    75.0% of 40 games (95% Wilson interval 59.8–85.8%)  FAIL: fewer than 100 games\n"),
        "{text}"
    );
    assert!(
        text.contains("c vs b  no games  FAIL: they never met\n"),
        "{text}"
    );
}

#[test]
fn json_holds_the_ratings_and_the_check() {
    let dir = scratch("json");
    let files = ladder_files(&dir);
    let json = dir.join("ratings.json");
    let json = json.to_str().expect("utf-8 path");
    let out = rate(&[
        &files[0],
        &files[1],
        &files[2],
        "--anchor",
        "random",
        "--order",
        "random,level=1,level=2,level=3",
        "--json",
        json,
    ]);
    assert_eq!(out.status.code(), Some(0), "{}", stderr(&out));
    let v: Value =
        serde_json::from_str(&std::fs::read_to_string(json).expect("written")).expect("valid JSON");
    assert_eq!(v["files"].as_array().map(Vec::len), Some(3));
    assert_eq!(v["anchor"]["label"], "random");
    assert_eq!(v["virtual_draws"], 1.0);
    assert_eq!(v["separation"]["engines"][0], "random");
    let engines = v["engines"].as_array().expect("engines");
    assert_eq!(engines.len(), 4);
    assert_eq!(engines[3]["label"], "random");
    assert_eq!(engines[3]["rating"], 0.0);
    let level1 = engines
        .iter()
        .find(|e| e["label"] == "level=1")
        .expect("level=1");
    assert!((level1["rating"].as_f64().unwrap() - 921.3).abs() < 0.05);
    assert_eq!(level1["games"], 300);
    assert_eq!(v["ladder"]["passed"], false);
    assert_eq!(v["ladder"]["steps"][2]["upper_wins"], 70);
    assert_eq!(v["ladder"]["steps"][2]["score_high_enough"], false);
    // `--json -`: the JSON alone on stdout, the table on stderr.
    let out = rate(&[&files[0], "--json", "-"]);
    assert_eq!(out.status.code(), Some(0), "{}", stderr(&out));
    let v: Value = serde_json::from_str(&stdout(&out)).expect("stdout is the JSON");
    assert_eq!(v["ladder"], Value::Null);
    assert!(
        stderr(&out).starts_with("arena rate: 2 engines"),
        "{}",
        stderr(&out)
    );
}

#[test]
fn bad_input_is_one_error_line_with_exit_2() {
    let dir = scratch("refusals");
    let ab = summary(&dir, "ab.json", ("a", 6), ("b", 4));
    let cd = summary(&dir, "cd.json", ("c", 6), ("d", 4));
    let same = summary(&dir, "same.json", ("level=3", 6), ("level=3", 4));
    let broken = write(&dir, "broken.json", "{\"games\": 4,");
    let list = write(&dir, "list.json", "[1, 2]");
    let other = write(&dir, "other.json", "{\"positions\": 3}");
    let uneven = write(
        &dir,
        "uneven.json",
        r#"{"games": 9, "a": {"label": "a", "wins": 1}, "b": {"label": "b", "wins": 2}}"#,
    );
    let missing = dir.join("missing.json");
    let missing = missing.to_str().expect("utf-8 path");
    assert_refused(&[missing], "could not read");
    assert_refused(&[&broken], "broken.json is not valid JSON");
    assert_refused(&[&list], "list.json is not an arena summary");
    assert_refused(&[&other], "missing field `games`");
    assert_refused(&[&uneven], "its wins (1 + 2) do not add up to its 9 games");
    assert_refused(
        &[&same],
        "same.json: both engines are labelled \"level=3\"; an engine cannot be rated against itself",
    );
    assert_refused(&[&ab, &ab], "ab.json is given twice");
    assert_refused(
        &[&ab, "--anchor", "random"],
        "the anchor \"random\" is not one of the engines (a, b)",
    );
    assert_refused(
        &[&ab, &cd, "--anchor", "a"],
        "no chain of games links c, d to the anchor a",
    );
    assert_refused(
        &[&ab, &cd],
        "no chain of games links c, d to the other 2 engines",
    );
    assert_refused(
        &[&ab, "--order", "a,z"],
        "--order: \"z\" is not one of the engines (a, b)",
    );
    assert_refused(&[&ab, "--order", "a"], "--order needs at least two engines");
    assert_refused(&[&ab, "--check"], "--check needs --order");
    assert_refused(
        &[&ab, "--min-score", "65"],
        "--min-score needs a fraction from 0 to 1",
    );
    assert_refused(
        &[&ab, "--anchor-rating", "high"],
        "--anchor-rating needs a number",
    );
    assert_refused(
        &[&ab, "--json", "/no/such/dir/r.json"],
        "could not create /no/such/dir/r.json",
    );
}

#[test]
fn a_real_summary_is_rated_and_a_real_shard_file_is_refused() {
    let dir = scratch("real");
    let (_, summary, _) = common::arena(
        &dir,
        &[
            "--a",
            "preset=thesis",
            "--b",
            "preset=default",
            "--games",
            "2",
            "--playouts",
            "20",
        ],
    );
    let games = summary["games"].as_u64().expect("games");
    let json = dir.join("summary.json");
    let out = rate(&[json.to_str().expect("utf-8 path")]);
    assert_eq!(out.status.code(), Some(0), "{}", stderr(&out));
    let text = stdout(&out);
    assert!(
        text.starts_with(&format!(
            "arena rate: 2 engines, 1 pairing, {games} games from 1 file"
        )),
        "{text}"
    );
    assert!(text.contains(" preset=thesis "), "{text}");
    // The same match under a second name is refused: its games are known.
    let copy = dir.join("copy.json");
    std::fs::copy(&json, &copy).expect("summary copied");
    assert_refused(
        &[
            json.to_str().expect("utf-8 path"),
            copy.to_str().expect("utf-8 path"),
        ],
        "copy.json hold the same game (game 0, the same engines and moves)",
    );
    let shard = dir.join("shard.json");
    let out = quoridor(&[
        "arena",
        "--size",
        "5",
        "--walls",
        "2",
        "--games",
        "2",
        "--playouts",
        "20",
        "--threads",
        "1",
        "--records",
        "/dev/null",
        "--shard",
        "0/2",
        "--json",
        shard.to_str().expect("utf-8 path"),
    ]);
    assert_eq!(out.status.code(), Some(0), "{}", stderr(&out));
    assert_refused(
        &[shard.to_str().expect("utf-8 path")],
        "shard.json is a shard file: merge a match's shards first (`quoridor arena merge SHARDS… --json FILE`)",
    );
}

/// The levels' ratings (the page shows them, `crates/engines/src/levels.rs`
/// holds them) are what `arena rate` fits to every match in `docs/ladder/`,
/// pooled, the random mover at 0: a match added there without the ratings
/// following it fails here.
#[test]
fn the_levels_ratings_are_the_fit_to_the_ladders_matches() {
    let ladder = Path::new(concat!(env!("CARGO_MANIFEST_DIR"), "/../..")).join("docs/ladder");
    let mut files: Vec<String> = std::fs::read_dir(&ladder)
        .expect("docs/ladder")
        .map(|entry| entry.expect("an entry").path())
        .filter(|path| path.extension().is_some_and(|e| e == "json"))
        .map(|path| path.to_str().expect("utf-8").to_string())
        .collect();
    files.sort();
    let mut args = vec!["arena", "rate", "--anchor", "random", "--json", "-"];
    args.extend(files.iter().map(String::as_str));
    let out = quoridor(&args);
    assert!(out.status.success(), "{}", stderr(&out));
    let fit: Value = serde_json::from_str(&stdout(&out)).expect("JSON");
    let engines = fit["engines"].as_array().expect("engines");
    for level in &quoridor_engines::LEVELS {
        let label = format!("level={}", level.number);
        let engine = engines
            .iter()
            .find(|e| e["label"] == label.as_str())
            .unwrap_or_else(|| panic!("{label} is not in docs/ladder"));
        let rating = engine["rating"].as_f64().expect("rating").round() as i32;
        let margin = engine["margin"].as_f64().expect("margin").round() as i32;
        assert_eq!(level.rating, Some((rating, margin)), "{label}");
    }
}
