//! Sharded runs as separate processes: `arena --shard I/N` and `experiments
//! --shard I/N` merged with `arena merge` / `experiments --merge` give exactly
//! the unsharded run's games and summary (playout limits and fixed seeds make
//! every game reproducible); merging refuses shards of another match or build
//! and missing or doubled games, naming the file or shard at fault.

use crate::common::write_executable;
use serde_json::Value;
use std::path::{Path, PathBuf};
use std::process::{Child, Command, Output, Stdio};

/// A fresh scratch directory for one test.
fn scratch(name: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("quoridor-shard-{name}-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).expect("temp dir");
    dir
}

fn quoridor(dir: &Path, args: &[&str]) -> Command {
    let mut command = Command::new(env!("CARGO_BIN_EXE_quoridor"));
    command.args(args).current_dir(dir);
    command
}

fn run(dir: &Path, args: &[&str]) -> Output {
    quoridor(dir, args).output().expect("quoridor runs")
}

fn succeeded(out: Output, what: &str) -> Output {
    assert!(
        out.status.success(),
        "{what} failed: {}",
        String::from_utf8_lossy(&out.stderr)
    );
    out
}

/// Starts `args` in the background (stdout and stderr discarded).
fn spawn(dir: &Path, args: &[String]) -> Child {
    quoridor(dir, &[])
        .args(args)
        .stdout(Stdio::null())
        .stderr(Stdio::piped())
        .spawn()
        .expect("quoridor starts")
}

fn wait(child: Child, what: &str) {
    succeeded(child.wait_with_output().expect("quoridor ends"), what);
}

fn read_json(path: &Path) -> Value {
    let text = std::fs::read_to_string(path).expect("file written");
    serde_json::from_str(&text).expect("valid JSON")
}

/// The failure's one stderr line, after checking the exit code is 2.
fn refused(out: Output) -> String {
    assert_eq!(out.status.code(), Some(2), "{out:?}");
    let err = String::from_utf8_lossy(&out.stderr).into_owned();
    assert!(err.starts_with("error: "), "{err}");
    err
}

/// A small playout-limited arena match with openings and a seed.
fn arena_match(dir: &Path, playouts: &str) -> Vec<String> {
    let openings = dir.join("openings.txt");
    std::fs::write(&openings, "# two openings\nc2 c4\nb1\n").expect("openings written");
    [
        "arena",
        "--size",
        "5",
        "--walls",
        "2",
        "--games",
        "10",
        "--playouts",
        playouts,
        "--seed",
        "7",
        "--threads",
        "1",
        "--openings",
        openings.to_str().expect("utf-8 path"),
    ]
    .map(String::from)
    .to_vec()
}

/// Plays `shards` shards of `base` at once, each as its own process, into
/// `STEM-I.json`; returns the files.
fn play_shards(dir: &Path, base: &[String], shards: usize, stem: &str) -> Vec<PathBuf> {
    let files: Vec<PathBuf> = (0..shards)
        .map(|i| dir.join(format!("{stem}-{i}.json")))
        .collect();
    let children: Vec<Child> = files
        .iter()
        .enumerate()
        .map(|(i, file)| {
            let mut args = base.to_vec();
            let records = dir.join(format!("{stem}-{i}.txt"));
            args.extend([
                "--shard".to_string(),
                format!("{i}/{shards}"),
                "--json".to_string(),
                file.display().to_string(),
                "--records".to_string(),
                records.display().to_string(),
            ]);
            spawn(dir, &args)
        })
        .collect();
    for (i, child) in children.into_iter().enumerate() {
        wait(child, &format!("shard {i}/{shards}"));
    }
    files
}

fn merge(dir: &Path, files: &[PathBuf], json: &str) -> Output {
    let mut args = vec!["arena".to_string(), "merge".to_string()];
    args.extend(files.iter().map(|f| f.display().to_string()));
    args.extend(["--json", json, "--records", "merged.txt"].map(String::from));
    quoridor(dir, &[]).args(&args).output().expect("merge runs")
}

/// A game without its timings (milliseconds differ from run to run).
fn game_facts(g: &Value) -> Value {
    let mut g = g.clone();
    for side in 0..2 {
        if let Some(stats) = g["stats"][side].as_object_mut() {
            stats.remove("ms");
        }
    }
    g
}

/// A summary without its timings.
fn summary_facts(s: &Value) -> Value {
    let mut s = s.clone();
    for side in ["a", "b"] {
        if let Some(e) = s[side].as_object_mut() {
            e.remove("ms_per_move");
        }
    }
    let games: Vec<Value> = s["results"]
        .as_array()
        .expect("results")
        .iter()
        .map(game_facts)
        .collect();
    s["results"] = Value::Array(games);
    s
}

#[test]
fn four_arena_shards_merged_equal_the_unsharded_match() {
    let dir = scratch("arena");
    let base = arena_match(&dir, "40");
    let files = play_shards(&dir, &base, 4, "shard");
    // Each shard holds just its own games: index ≡ I (mod 4).
    let second = read_json(&files[1]);
    let indices: Vec<u64> = second["results"]
        .as_array()
        .expect("results")
        .iter()
        .map(|g| g["index"].as_u64().expect("index"))
        .collect();
    assert_eq!(indices, [1, 5, 9]);
    assert_eq!(second["shard"]["count"], 4);
    assert_eq!(second["kind"], "arena");
    assert_eq!(second["definition"]["games"], 10);
    assert_eq!(second["version"], env!("CARGO_PKG_VERSION"));

    // Shards given in any order.
    let shuffled = [&files[2], &files[0], &files[3], &files[1]].map(|f| f.clone());
    let out = succeeded(merge(&dir, &shuffled, "merged.json"), "merge");
    let merged_text = String::from_utf8_lossy(&out.stdout).into_owned();

    let mut whole = base.clone();
    whole.extend(
        [
            "--json",
            "whole.json",
            "--records",
            "whole.txt",
            "--threads",
            "2",
        ]
        .map(String::from),
    );
    let out = succeeded(
        quoridor(&dir, &[]).args(&whole).output().expect("runs"),
        "whole match",
    );
    let whole_text = String::from_utf8_lossy(&out.stdout).into_owned();

    let (merged, whole) = (
        read_json(&dir.join("merged.json")),
        read_json(&dir.join("whole.json")),
    );
    assert_eq!(merged["games"], 10);
    assert_eq!(summary_facts(&merged), summary_facts(&whole));
    assert_eq!(
        std::fs::read_to_string(dir.join("merged.txt")).expect("records"),
        std::fs::read_to_string(dir.join("whole.txt")).expect("records"),
    );
    // The printed summary is the same but for the milliseconds.
    let lines = |text: &str| -> Vec<String> {
        text.lines()
            .filter(|l| !l.contains(" ms and ") && !l.starts_with("records:"))
            .filter(|l| !l.starts_with("summary:"))
            .map(String::from)
            .collect()
    };
    assert_eq!(lines(&merged_text), lines(&whole_text));
    assert!(merged_text.contains("A scored"), "{merged_text}");
}

#[test]
fn merging_refuses_other_matches_builds_and_missing_or_doubled_games() {
    let dir = scratch("refuse");
    let ours = play_shards(&dir, &arena_match(&dir, "20"), 2, "ours");
    let theirs = play_shards(&dir, &arena_match(&dir, "21"), 2, "theirs");

    let err = refused(merge(&dir, &[ours[0].clone(), theirs[1].clone()], "m.json"));
    assert!(
        err.contains("theirs-1.json belongs to another match than"),
        "{err}"
    );
    assert!(err.contains("ours-0.json"), "{err}");

    let err = refused(merge(&dir, &ours[..1], "m.json"));
    assert!(
        err.contains("5 games are missing (indices 1, 3, 5, 7, 9)"),
        "{err}"
    );
    assert!(err.contains("no results for shard 1/2"), "{err}");

    let doubled = [ours[0].clone(), ours[1].clone(), ours[0].clone()];
    let err = refused(merge(&dir, &doubled, "m.json"));
    assert!(err.contains("game index 0 is twice in"), "{err}");
    let copy = dir.join("copy.json");
    std::fs::copy(&ours[1], &copy).expect("copied");
    let err = refused(merge(
        &dir,
        &[ours[0].clone(), ours[1].clone(), copy],
        "m.json",
    ));
    assert!(err.contains("game index 1 is in both"), "{err}");
    assert!(
        err.contains("ours-1.json and") && err.contains("copy.json"),
        "{err}"
    );

    let mut other_build = read_json(&ours[1]);
    other_build["version"] = Value::from("0.0.1");
    let odd = dir.join("other-build.json");
    std::fs::write(&odd, other_build.to_string()).expect("written");
    let err = refused(merge(&dir, &[ours[0].clone(), odd], "m.json"));
    assert!(
        err.contains("other-build.json was played by quoridor 0.0.1"),
        "{err}"
    );

    let mut edited = read_json(&ours[1]);
    edited["definition"]["games"] = Value::from(12);
    let odd = dir.join("edited.json");
    std::fs::write(&odd, edited.to_string()).expect("written");
    let err = refused(merge(&dir, &[ours[0].clone(), odd], "m.json"));
    assert!(
        err.contains("edited.json: its match definition does not match"),
        "{err}"
    );

    let not_json = dir.join("notes.txt");
    std::fs::write(&not_json, "hello").expect("written");
    let err = refused(merge(&dir, &[ours[0].clone(), not_json], "m.json"));
    assert!(err.contains("notes.txt is not a shard file"), "{err}");
    // Nothing was written by the refused merges.
    assert!(!dir.join("m.json").exists());

    let err = refused(run(&dir, &["arena", "--shard", "2/2"]));
    assert!(err.contains("--shard needs I/N"), "{err}");
}

/// `results.json` without timings.
fn results_facts(v: &Value) -> Value {
    let mut v = v.clone();
    for experiment in v.as_array_mut().expect("a list") {
        experiment["seconds"] = Value::Null;
        for series in experiment["series"].as_array_mut().expect("series") {
            for row in series["settings"].as_array_mut().expect("settings") {
                row["ms_per_move"] = Value::Null;
                row["fixed_ms_per_move"] = Value::Null;
            }
        }
    }
    v
}

/// The document's table rows without the ms/move column.
fn table_facts(document: &str) -> Vec<String> {
    document
        .lines()
        .filter(|l| l.starts_with("| ") && !l.starts_with("| ---"))
        .map(|l| {
            let mut cells: Vec<&str> = l.split('|').collect();
            cells.remove(6);
            cells.join("|")
        })
        .collect()
}

#[test]
fn three_experiment_shards_merged_equal_the_unsharded_run() {
    let dir = scratch("experiments");
    for sub in ["whole", "merged"] {
        std::fs::create_dir_all(dir.join(sub)).expect("folder");
    }
    let base = [
        "experiments",
        "--games",
        "2",
        "--scale",
        "0.01",
        "--only",
        "2",
    ];
    let mut files = Vec::new();
    let children: Vec<Child> = (0..3)
        .map(|i| {
            let file = dir.join(format!("exp-{i}.json"));
            let mut args: Vec<String> = base.map(String::from).to_vec();
            args.extend(
                [
                    "--threads",
                    "1",
                    "--shard",
                    &format!("{i}/3"),
                    "--shard-file",
                ]
                .map(String::from),
            );
            args.push(file.display().to_string());
            files.push(file);
            spawn(&dir, &args)
        })
        .collect();
    for (i, child) in children.into_iter().enumerate() {
        wait(child, &format!("experiments shard {i}/3"));
    }
    // A shard leaves the document alone and holds every third game.
    assert!(!dir.join("docs").exists());
    let first = read_json(&files[0]);
    assert_eq!(first["kind"], "experiments");
    assert_eq!(first["games"], 12);
    let numbers: Vec<u64> = first["results"]
        .as_array()
        .expect("results")
        .iter()
        .map(|g| g["game"].as_u64().expect("number"))
        .collect();
    assert_eq!(numbers, [0, 3, 6, 9]);

    let mut merge: Vec<String> = ["experiments", "--out", "merged/exp.md", "--merge"]
        .map(String::from)
        .to_vec();
    merge.extend(files.iter().rev().map(|f| f.display().to_string()));
    succeeded(
        quoridor(&dir, &[]).args(&merge).output().expect("runs"),
        "merge",
    );
    let mut whole: Vec<String> = base.map(String::from).to_vec();
    whole.extend(["--threads", "2", "--out", "whole/exp.md"].map(String::from));
    succeeded(
        quoridor(&dir, &[]).args(&whole).output().expect("runs"),
        "whole run",
    );

    let results = |sub: &str| read_json(&dir.join(sub).join("experiments/results.json"));
    assert_eq!(
        results_facts(&results("merged")),
        results_facts(&results("whole"))
    );
    let document = |sub: &str| std::fs::read_to_string(dir.join(sub).join("exp.md")).expect("doc");
    let (merged, whole) = (document("merged"), document("whole"));
    assert_eq!(table_facts(&merged).len(), 7, "{merged}");
    assert_eq!(table_facts(&merged), table_facts(&whole));
    assert!(merged.contains("merged from 3 shards"), "{merged}");
    assert!(dir.join("merged/experiments/exp2.svg").exists());

    // A missing shard, or an experiments shard given to the arena's merge.
    let out = run(
        &dir,
        &[
            "experiments",
            "--out",
            "merged/exp.md",
            "--merge",
            "exp-0.json",
            "exp-2.json",
        ],
    );
    let err = refused(out);
    assert!(
        err.contains("4 games are missing (indices 1, 4, 7, 10)"),
        "{err}"
    );
    assert!(err.contains("shard 1/3"), "{err}");
    let out = run(
        &dir,
        &[
            "experiments",
            "--shard",
            "0/2",
            "--shard-file",
            "no/such/x.json",
        ],
    );
    let err = refused(out);
    assert!(err.contains("no/such does not exist"), "{err}");
    assert!(err.contains("another --shard-file"), "{err}");
    let err = refused(run(&dir, &["arena", "merge", "exp-0.json"]));
    assert!(
        err.contains("exp-0.json is a shard of `quoridor experiments`, not of `quoridor arena`"),
        "{err}"
    );
}

/// Runs one of the Slurm scripts with bash and `env`, as Slurm would (minus
/// Slurm): the scripts are plain bash with `#SBATCH` comments.
fn slurm_script(dir: &Path, script: &str, env: &[(&str, &str)]) -> Output {
    let path = Path::new(concat!(env!("CARGO_MANIFEST_DIR"), "/../.."))
        .join("scripts/slurm")
        .join(script);
    let mut command = Command::new("bash");
    command.arg(path).current_dir(dir);
    command.env("QUORIDOR", env!("CARGO_BIN_EXE_quoridor"));
    for (k, v) in env {
        command.env(k, v);
    }
    command.output().expect("bash runs")
}

#[test]
fn the_slurm_array_script_shards_and_the_merge_script_merges() {
    let dir = scratch("slurm");
    let common = [
        ("QUORIDOR_COMMAND", "arena"),
        (
            "QUORIDOR_ARGS",
            "--size 5 --walls 2 --games 6 --playouts 30 --seed 3",
        ),
        ("SHARD_DIR", "out"),
    ];
    for task in ["0", "1", "2"] {
        let mut env = common.to_vec();
        env.extend([
            ("SLURM_ARRAY_TASK_ID", task),
            ("SLURM_ARRAY_TASK_COUNT", "3"),
        ]);
        succeeded(slurm_script(&dir, "shard.sbatch", &env), "shard.sbatch");
    }
    assert!(dir.join("out/shard-2.json").exists());
    let out = succeeded(slurm_script(&dir, "merge.sbatch", &common), "merge.sbatch");
    assert!(String::from_utf8_lossy(&out.stdout).contains("of 6 games"));
    let summary = read_json(&dir.join("out/arena-summary.json"));
    assert_eq!(summary["games"], 6);

    // Outside an array job the shard script says what is missing.
    let out = slurm_script(&dir, "shard.sbatch", &common);
    assert!(!out.status.success());
    assert!(String::from_utf8_lossy(&out.stderr).contains("run as an array job"));
}

#[test]
fn submit_queues_an_array_and_a_merge_after_it() {
    let dir = scratch("submit");
    // A stand-in sbatch that logs its arguments and answers a job id.
    let bin = dir.join("bin");
    std::fs::create_dir_all(&bin).expect("bin");
    let log = dir.join("sbatch.log");
    let fake = format!(
        "#!/usr/bin/env bash\necho \"$*\" >> '{}'\necho $((41 + $(wc -l < '{}')))\n",
        log.display(),
        log.display()
    );
    write_executable(&bin.join("sbatch"), &fake);
    let script =
        Path::new(concat!(env!("CARGO_MANIFEST_DIR"), "/../..")).join("scripts/slurm/submit.sh");
    let path = format!(
        "{}:{}",
        bin.display(),
        std::env::var("PATH").unwrap_or_default()
    );
    let out = Command::new("bash")
        .arg(&script)
        .args(["4", "experiments", "--games", "10"])
        .env("PATH", path)
        .env("QUORIDOR", env!("CARGO_BIN_EXE_quoridor"))
        .env("SHARD_DIR", dir.join("shards"))
        .output()
        .expect("submit runs");
    let out = succeeded(out, "submit.sh");
    let calls = std::fs::read_to_string(&log).expect("sbatch called");
    let calls: Vec<&str> = calls.lines().collect();
    assert_eq!(calls.len(), 2, "{calls:?}");
    assert!(calls[0].contains("--array=0-3") && calls[0].ends_with("shard.sbatch"));
    assert!(calls[1].contains("--dependency=afterok:42") && calls[1].ends_with("merge.sbatch"));
    assert!(String::from_utf8_lossy(&out.stdout).contains("shards: job 42"));

    let err = Command::new("bash")
        .arg(&script)
        .args(["0", "experiments"])
        .output()
        .expect("submit runs");
    assert_eq!(err.status.code(), Some(2));
}
