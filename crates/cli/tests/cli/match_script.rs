//! `scripts/match.sh`: a match played as shards one after another, its
//! running summary, and a run cut short that resumes where it stopped.

use crate::common;

use common::{scratch, stderr};
use std::path::Path;
use std::process::{Command, Output};

/// Runs the script on a 6-game match of level 3 against level 1 in 3
/// shards, into `out`, with `bin` as the arena.
fn match_script(out: &Path, bin: &Path) -> Output {
    Command::new(concat!(
        concat!(env!("CARGO_MANIFEST_DIR"), "/../.."),
        "/scripts/match.sh"
    ))
    .args([
        "--out",
        out.to_str().expect("utf-8"),
        "--shards",
        "3",
        "--bin",
    ])
    .arg(bin)
    .args([
        "--",
        "--a",
        "level=3",
        "--b",
        "level=1",
        "--games",
        "6",
        "--playouts",
        "30",
        "--threads",
        "1",
        "--seed",
        "7",
    ])
    .output()
    .expect("the script runs")
}

fn read(path: &Path) -> String {
    std::fs::read_to_string(path).unwrap_or_else(|e| panic!("{}: {e}", path.display()))
}

#[test]
fn a_match_cut_short_resumes_and_its_summary_counts_the_openings_with_both_colours() {
    let dir = scratch("match-script", "resume");
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).expect("dir");
    let out = dir.join("match");
    // An arena that fails on the last shard, as a run cut short would.
    let failing = dir.join("failing-arena");
    common::write_executable(
        &failing,
        &format!(
            "#!/bin/sh\ncase \"$*\" in *\"--shard 2/3\"*) exit 3;; esac\nexec {} \"$@\"\n",
            env!("CARGO_BIN_EXE_quoridor")
        ),
    );

    let cut = match_script(&out, &failing);
    assert!(!cut.status.success(), "{}", stderr(&cut));
    // Shards 0 and 1 hold games 0, 3 and 1, 4: one opening (games 0 and
    // 1) has both colours, and the summary says so apart.
    let summary = read(&out.join("summary.txt"));
    assert!(summary.contains("level=3 vs level=1: "), "{summary}");
    assert!(summary.contains(" of 4 games = "), "{summary}");
    assert!(
        summary.contains("the 1 opening played with both colours: "),
        "{summary}"
    );
    assert!(summary.contains(" of 2 = "), "{summary}");
    assert!(!out.join("merged.txt").exists());

    // Run again with the real arena: only the missing shard is played.
    let resumed = match_script(&out, Path::new(env!("CARGO_BIN_EXE_quoridor")));
    let log = stderr(&resumed);
    assert!(resumed.status.success(), "{log}");
    assert!(log.contains("shard 2/3"), "{log}");
    assert!(
        !log.contains("shard 0/3") && !log.contains("shard 1/3"),
        "{log}"
    );
    let summary = read(&out.join("summary.txt"));
    assert!(summary.contains(" of 6 games = "), "{summary}");
    // Every opening has both colours now: no second line.
    assert!(!summary.contains("both colours"), "{summary}");
    let merged = read(&out.join("merged.txt"));
    assert!(merged.contains("6 games"), "{merged}");
    let step = read(&out.join("step.json"));
    let step: serde_json::Value = serde_json::from_str(&step).expect("step.json is JSON");
    assert_eq!(step["games"], 6);
    let wins =
        step["a"]["wins"].as_u64().expect("wins") + step["b"]["wins"].as_u64().expect("wins");
    assert_eq!(wins, 6);
    let _ = std::fs::remove_dir_all(&dir);
}
