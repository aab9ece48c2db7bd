//! `quoridor experiments` at a tiny scale: it writes the document, a figure
//! per experiment and results.json; regenerating keeps prose written outside
//! the generated parts; bad flags are reported.

use serde_json::Value;
use std::process::{Command, Output};

fn experiments(out: &std::path::Path, extra: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_quoridor"))
        .arg("experiments")
        .args(["--games", "2", "--scale", "0.02", "--out"])
        .arg(out)
        .args(extra)
        .output()
        .expect("quoridor runs")
}

#[test]
fn experiments_write_tables_figures_and_json_and_keep_prose() {
    let dir = std::env::temp_dir().join(format!("quoridor-experiments-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).expect("temp dir");
    let doc = dir.join("experiments.md");
    let run = experiments(&doc, &["--only", "2"]);
    assert!(
        run.status.success(),
        "{}",
        String::from_utf8_lossy(&run.stderr)
    );
    let text = std::fs::read_to_string(&doc).expect("document written");
    assert!(text.starts_with("# Experiments\n"), "{text}");
    assert!(text.contains("## Experiment 2: UCT constant C"));
    // A row per value of C, each with the thesis's number beside ours.
    for row in [
        "| 0 | 41 | ",
        "| 0.05 | 55 | ",
        "| 0.1 | 50 | ",
        "| 1 | 0 | ",
    ] {
        assert!(text.contains(row), "missing {row:?} in {text}");
    }
    assert!(text.contains("](experiments/exp2.svg)"));
    let svg = std::fs::read_to_string(dir.join("experiments/exp2.svg")).expect("figure");
    assert!(svg.starts_with("<svg") && svg.matches("<rect x=").count() == 6);
    // The progress lines name each setting.
    let log = String::from_utf8_lossy(&run.stderr);
    assert_eq!(log.matches("experiment 2 (").count(), 6, "{log}");

    // Prose after the generated part survives a rerun; a new experiment is appended.
    let edited = text.replace(
        "<!-- end of generated: experiment 2 -->",
        "<!-- end of generated: experiment 2 -->\n\nOur C is on the thesis's scale.",
    );
    std::fs::write(&doc, edited).expect("edit");
    let rerun = experiments(&doc, &["--only", "2,6"]);
    assert!(
        rerun.status.success(),
        "{}",
        String::from_utf8_lossy(&rerun.stderr)
    );
    let text = std::fs::read_to_string(&doc).expect("document");
    assert!(text.contains("Our C is on the thesis's scale."));
    assert_eq!(text.matches("## Experiment 2:").count(), 1);
    assert!(text.find("## Experiment 2:") < text.find("## Experiment 6:"));
    let json: Value = serde_json::from_str(
        &std::fs::read_to_string(dir.join("experiments/results.json")).expect("json"),
    )
    .expect("valid JSON");
    let numbers: Vec<u64> = json
        .as_array()
        .expect("array")
        .iter()
        .map(|e| e["number"].as_u64().expect("number"))
        .collect();
    assert_eq!(numbers, vec![2, 6]);

    // --replot rebuilds tables and figures from results.json without playing.
    std::fs::remove_file(dir.join("experiments/exp6.svg")).expect("remove figure");
    let replot = experiments(&doc, &["--replot"]);
    assert!(
        replot.status.success(),
        "{}",
        String::from_utf8_lossy(&replot.stderr)
    );
    assert!(
        String::from_utf8_lossy(&replot.stderr).is_empty(),
        "nothing is played"
    );
    assert!(dir.join("experiments/exp6.svg").exists());
    assert_eq!(std::fs::read_to_string(&doc).expect("document"), text);
    let first = &json[0]["series"][0]["settings"][0];
    assert_eq!(first["games"], 2);
    assert!(first["wins"].as_u64().expect("wins") <= 2);
}

#[test]
fn bad_experiment_flags_are_reported() {
    let doc = std::env::temp_dir().join("quoridor-experiments-never-written.md");
    for (args, expected) in [
        (vec!["--only", "11"], "--only needs experiment numbers"),
        (vec!["--games", "0"], "--games needs a whole number"),
        (vec!["--scale", "-1"], "--scale needs a number above 0"),
        (vec!["--bogus", "1"], "unknown experiments option"),
    ] {
        let out = experiments(&doc, &args);
        assert_eq!(out.status.code(), Some(2), "{args:?}");
        assert!(
            String::from_utf8_lossy(&out.stderr).contains(expected),
            "{args:?}"
        );
    }
    assert!(!doc.exists());
}

#[test]
fn an_unwritable_output_fails_without_creating_anything() {
    let dir = std::env::temp_dir().join(format!(
        "quoridor-experiments-nothing-{}",
        std::process::id()
    ));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).expect("temp dir");
    let run = |args: &[&str]| {
        Command::new(env!("CARGO_BIN_EXE_quoridor"))
            .arg("experiments")
            .args(args)
            .current_dir(&dir)
            .output()
            .expect("quoridor runs")
    };
    let replot = run(&["--replot", "--out", "/bad/x.md"]);
    assert_eq!(replot.status.code(), Some(2));
    let err = String::from_utf8_lossy(&replot.stderr);
    assert!(
        err.starts_with("error: could not read /bad/experiments/results.json"),
        "{err}"
    );
    assert!(!std::path::Path::new("/bad").exists());
    // A folder that does not exist is refused before anything is played.
    let missing = dir.join("missing").join("x.md");
    let play = run(&[
        "--games",
        "2",
        "--scale",
        "0.02",
        "--only",
        "2",
        "--out",
        missing.to_str().expect("utf-8 path"),
    ]);
    assert_eq!(play.status.code(), Some(2));
    let err = String::from_utf8_lossy(&play.stderr);
    assert_eq!(err.lines().count(), 1, "nothing was played: {err}");
    assert!(err.contains("does not exist"), "{err}");
    let left: Vec<_> = std::fs::read_dir(&dir).expect("dir").collect();
    assert!(left.is_empty(), "created {left:?}");
}

#[test]
fn a_shard_file_that_cannot_be_written_is_saved_in_the_current_folder() {
    // /dev/full opens, then fails every write with ENOSPC.
    if !std::path::Path::new("/dev/full").exists() {
        return;
    }
    let dir =
        std::env::temp_dir().join(format!("quoridor-experiments-full-{}", std::process::id()));
    std::fs::create_dir_all(&dir).expect("temp dir");
    let saved = dir.join("experiments-recovered-shard.json");
    let _ = std::fs::remove_file(&saved);
    let out = Command::new(env!("CARGO_BIN_EXE_quoridor"))
        .args([
            "experiments",
            "--games",
            "2",
            "--scale",
            "0.01",
            "--only",
            "2",
        ])
        .args([
            "--threads",
            "1",
            "--shard",
            "0/3",
            "--shard-file",
            "/dev/full",
        ])
        .current_dir(&dir)
        .output()
        .expect("quoridor runs");
    assert_eq!(out.status.code(), Some(1), "{out:?}");
    let err = String::from_utf8_lossy(&out.stderr);
    assert!(
        err.trim_end().ends_with(&format!(
            "error: could not write /dev/full: No space left on device (os error 28); the shard file is saved in {}",
            saved.display()
        )),
        "{err}"
    );
    let shard: Value =
        serde_json::from_str(&std::fs::read_to_string(&saved).expect("the shard is saved"))
            .expect("valid JSON");
    assert!(
        shard["results"].as_array().is_some_and(|r| !r.is_empty()),
        "{shard}"
    );
}
