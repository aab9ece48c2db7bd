//! `quoridor selfplay` as a separate process, on 5x5 with 2 walls at 50
//! playouts a move (fast and, with playout limits and fixed seeds,
//! reproducible): the file reads back with the library's reader, shards
//! merged give the unsharded run's games, `--resume` after a cut-off file
//! finishes with the games of an uninterrupted run, and an existing file is
//! never overwritten.

use crate::common;

use common::{quoridor, scratch, stderr, stdout};
use quoridor_arena::selfplay::{FinalResult, SelfplayReader};
use quoridor_rules::{Game, Move, Variant};
use std::path::{Path, PathBuf};
use std::process::Output;

/// A fresh scratch directory for one test.
fn fresh(name: &str) -> PathBuf {
    let dir = scratch("selfplay", name);
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).expect("temp dir");
    dir
}

/// `quoridor selfplay` on 5x5 with 2 walls at 50 playouts a move, `games`
/// games, writing `out`, with `extra` flags.
fn selfplay(out: &Path, games: &str, extra: &[&str]) -> Output {
    let out = out.to_str().expect("utf-8 path");
    let mut args = vec![
        "selfplay",
        "--size",
        "5",
        "--walls",
        "2",
        "--playouts",
        "50",
        "--threads",
        "2",
        "--seed",
        "7",
        "--games",
        games,
        "--out",
        out,
    ];
    args.extend_from_slice(extra);
    quoridor(&args)
}

fn succeeded(out: Output) -> Output {
    assert!(
        out.status.success(),
        "selfplay failed: {}{}",
        stdout(&out),
        stderr(&out)
    );
    out
}

fn read(path: &Path) -> String {
    std::fs::read_to_string(path).expect("the file")
}

/// The file's header as JSON without the command line, and its game lines.
fn header_and_games(text: &str) -> (serde_json::Value, Vec<String>) {
    let mut lines = text.lines();
    let mut header: serde_json::Value =
        serde_json::from_str(lines.next().expect("a header")).expect("json");
    header.as_object_mut().expect("object").remove("command");
    (header, lines.map(str::to_string).collect())
}

#[test]
fn the_file_reads_back_and_every_result_agrees_with_the_final_position() {
    let dir = fresh("reads-back");
    let path = dir.join("sp.jsonl");
    let out = succeeded(selfplay(&path, "4", &["--max-plies", "40"]));
    let summary = stdout(&out);
    assert!(summary.starts_with("selfplay: 4 games, "), "{summary}");
    assert!(
        summary.contains("positions/s") && summary.contains("mean "),
        "{summary}"
    );
    let reader = SelfplayReader::open(&path).expect("a valid header");
    assert_eq!(reader.header().games, 4);
    assert!(reader.header().command.contains("--playouts 50"));
    let variant = Variant::new(5, 2).expect("5x5");
    let mut games = 0;
    for game in reader {
        let game = game.expect("a valid game");
        assert_eq!(game.line.game, games);
        games += 1;
        let mut replay = Game::new(variant);
        for (position, text) in game.positions.iter().zip(game.line.record.split(' ')) {
            assert_eq!(position, replay.position());
            let mv: Move = text.parse().expect("a move");
            replay.play(mv).expect("a legal move");
        }
        match game.line.result {
            FinalResult::Draw => {
                assert_eq!(replay.winner(), None);
                assert_eq!(replay.moves().len(), 40, "a draw only at the cap");
            }
            result => {
                let winner = replay.winner().expect("a pawn on its goal row");
                assert_eq!(result.winner(), Some(winner));
            }
        }
        for sample in game.samples() {
            assert!((0.0..=1.0).contains(&sample.value));
            assert!(sample.visits.len() <= 8);
        }
    }
    assert_eq!(games, 4);
}

#[test]
fn a_cap_of_a_few_plies_makes_every_game_a_draw_there() {
    let dir = fresh("cap");
    let path = dir.join("sp.jsonl");
    succeeded(selfplay(&path, "2", &["--max-plies", "6"]));
    for game in SelfplayReader::open(&path).expect("header") {
        let game = game.expect("game");
        assert_eq!(
            (game.line.result, game.line.plies.len()),
            (FinalResult::Draw, 6)
        );
    }
}

#[test]
fn shards_merged_give_the_unsharded_games_byte_for_byte() {
    let dir = fresh("merge");
    let whole = dir.join("whole.jsonl");
    succeeded(selfplay(&whole, "4", &[]));
    let shards: Vec<PathBuf> = (0..2)
        .map(|i| {
            let path = dir.join(format!("s{i}.jsonl"));
            succeeded(selfplay(&path, "4", &["--shard", &format!("{i}/2")]));
            path
        })
        .collect();
    let merged = dir.join("merged.jsonl");
    let out = succeeded(quoridor(&[
        "selfplay",
        "merge",
        shards[1].to_str().expect("utf-8"),
        shards[0].to_str().expect("utf-8"),
        "--out",
        merged.to_str().expect("utf-8"),
    ]));
    assert!(stdout(&out).contains("selfplay merge: 2 files, 4 games"));
    // The header's command line is the only difference.
    assert_eq!(
        header_and_games(&read(&merged)),
        header_and_games(&read(&whole))
    );
    let (shard_header, _) = header_and_games(&read(&shards[1]));
    assert_eq!(
        shard_header["shard"],
        serde_json::json!({"index": 1, "count": 2})
    );
}

#[test]
fn merge_names_the_missing_games() {
    let dir = fresh("missing");
    let shard = dir.join("s0.jsonl");
    succeeded(selfplay(&shard, "4", &["--shard", "0/2"]));
    let merged = dir.join("merged.jsonl");
    let out = quoridor(&[
        "selfplay",
        "merge",
        shard.to_str().expect("utf-8"),
        "--out",
        merged.to_str().expect("utf-8"),
    ]);
    assert_eq!(out.status.code(), Some(2));
    assert_eq!(
        stderr(&out),
        "error: 2 games are missing (indices 1, 3): no results for shard 1/2\n"
    );
    assert!(!merged.exists());
}

#[test]
fn resume_after_a_cut_off_file_finishes_with_the_uninterrupted_games() {
    let dir = fresh("resume");
    let whole = dir.join("whole.jsonl");
    succeeded(selfplay(&whole, "4", &[]));
    let text = read(&whole);
    // The header, one complete game and half of the next.
    let lines: Vec<&str> = text.lines().collect();
    let cut = format!(
        "{}\n{}\n{}",
        lines[0],
        lines[1],
        &lines[2][..lines[2].len() / 2]
    );
    let resumed = dir.join("resumed.jsonl");
    std::fs::write(&resumed, cut).expect("write");
    let out = succeeded(selfplay(&resumed, "4", &["--resume"]));
    let notes = stderr(&out);
    assert!(notes.contains("dropped line 3 of"), "{notes}");
    assert!(notes.contains("after its 1 complete game\n"), "{notes}");
    assert!(stdout(&out).starts_with("selfplay: 3 games, "));
    assert_eq!(header_and_games(&read(&resumed)), header_and_games(&text));
}

#[test]
fn an_existing_file_is_refused_without_resume() {
    let dir = fresh("exists");
    let path = dir.join("sp.jsonl");
    std::fs::write(&path, "precious\n").expect("write");
    let out = selfplay(&path, "2", &[]);
    assert_eq!(out.status.code(), Some(2));
    assert_eq!(
        stderr(&out),
        format!(
            "error: {} exists; pass --resume to continue its run, or choose another --out\n",
            path.display()
        )
    );
    assert_eq!(read(&path), "precious\n");
}

#[test]
fn resume_refuses_another_runs_file() {
    let dir = fresh("other-run");
    let path = dir.join("sp.jsonl");
    succeeded(selfplay(&path, "2", &[]));
    let before = read(&path);
    let out = selfplay(&path, "2", &["--resume", "--random-plies", "0"]);
    assert_eq!(out.status.code(), Some(2));
    assert!(
        stderr(&out).contains("holds another run's games (its header differs in random_plies)"),
        "{}",
        stderr(&out)
    );
    assert_eq!(read(&path), before);
}

#[test]
fn the_games_go_to_stdout_and_the_summary_to_stderr() {
    let out = succeeded(selfplay(Path::new("-"), "2", &[]));
    let text = stdout(&out);
    assert!(text.starts_with("{\"format\":\"quoridor-selfplay\",\"version\":2,"));
    assert_eq!(text.lines().count(), 3);
    assert!(stderr(&out).contains("selfplay: 2 games, "));
}

#[test]
fn alpha_beta_gives_its_best_move_the_whole_share() {
    let dir = fresh("alphabeta");
    let path = dir.join("sp.jsonl");
    succeeded(selfplay(&path, "2", &["--settings", "engine=alphabeta"]));
    for game in SelfplayReader::open(&path).expect("header") {
        for ply in game.expect("game").line.plies {
            assert_eq!(ply.visits.len(), 1);
            assert_eq!(ply.visits[0].1, 1.0);
            assert_eq!(ply.children, [(ply.visits[0].0, 1)]);
        }
    }
}

#[test]
fn games_start_from_the_book_in_turn() {
    let dir = fresh("book");
    let book = dir.join("book.txt");
    let out = succeeded(quoridor(&[
        "book",
        "--size",
        "5",
        "--walls",
        "2",
        "--count",
        "2",
        "--plies",
        "2",
        "--playouts",
        "100",
        "--balance",
        "50",
    ]));
    std::fs::write(&book, stdout(&out)).expect("write");
    let openings: Vec<String> = stdout(&out)
        .lines()
        .filter(|l| !l.starts_with('#'))
        .map(|l| l.trim_start_matches("[size 5] [walls 2] ").to_string())
        .collect();
    let path = dir.join("sp.jsonl");
    succeeded(selfplay(
        &path,
        "3",
        &["--openings", book.to_str().expect("utf-8")],
    ));
    for (i, game) in SelfplayReader::open(&path).expect("header").enumerate() {
        let line = game.expect("game").line;
        assert_eq!(line.book_plies, 2);
        assert!(line.record.starts_with(&format!("{} ", openings[i % 2])));
    }
}

#[test]
fn merge_refuses_shards_of_another_run() {
    let dir = fresh("other-merge");
    let first = dir.join("s0.jsonl");
    succeeded(selfplay(&first, "2", &["--shard", "0/2"]));
    let other = dir.join("s1.jsonl");
    succeeded(selfplay(
        &other,
        "2",
        &["--shard", "1/2", "--random-plies", "1"],
    ));
    let merged = dir.join("merged.jsonl");
    let out = quoridor(&[
        "selfplay",
        "merge",
        first.to_str().expect("utf-8"),
        other.to_str().expect("utf-8"),
        "--out",
        merged.to_str().expect("utf-8"),
    ]);
    assert_eq!(out.status.code(), Some(2));
    assert!(
        stderr(&out).starts_with(&format!("error: {} belongs to another", other.display())),
        "{}",
        stderr(&out)
    );
}

#[test]
fn a_closed_pipe_ends_the_run_quietly() {
    use std::process::{Command, Stdio};
    let mut child = Command::new(env!("CARGO_BIN_EXE_quoridor"))
        .args([
            "selfplay",
            "--size",
            "5",
            "--walls",
            "2",
            "--playouts",
            "50",
            "--games",
            "50",
            "--threads",
            "1",
            "--out",
            "-",
        ])
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("quoridor runs");
    // Read the header line, then close the pipe.
    let mut stdout = child.stdout.take().expect("stdout");
    let mut first = [0u8; 16];
    std::io::Read::read_exact(&mut stdout, &mut first).expect("the header starts");
    drop(stdout);
    let out = child.wait_with_output().expect("it ends");
    assert_eq!(out.status.code(), Some(0), "{}", stderr(&out));
    assert!(!stderr(&out).contains("error:"), "{}", stderr(&out));
}

#[test]
fn the_slurm_scripts_shard_and_merge_a_selfplay_run() {
    use std::process::Command;
    let dir = fresh("slurm");
    let script = |name: &str, env: &[(&str, &str)]| {
        let mut command = Command::new("bash");
        command
            .arg(
                Path::new(concat!(env!("CARGO_MANIFEST_DIR"), "/../.."))
                    .join("scripts/slurm")
                    .join(name),
            )
            .current_dir(&dir)
            .env("QUORIDOR", env!("CARGO_BIN_EXE_quoridor"))
            .env("QUORIDOR_COMMAND", "selfplay")
            .env(
                "QUORIDOR_ARGS",
                "--size 5 --walls 2 --games 4 --playouts 50 --seed 7",
            )
            .env("SHARD_DIR", "out");
        for (k, v) in env {
            command.env(k, v);
        }
        succeeded(command.output().expect("bash runs"))
    };
    for task in ["0", "1"] {
        let env = [
            ("SLURM_ARRAY_TASK_ID", task),
            ("SLURM_ARRAY_TASK_COUNT", "2"),
        ];
        script("shard.sbatch", &env);
    }
    assert!(dir.join("out/shard-1.jsonl").exists());
    script("merge.sbatch", &[]);
    let whole = dir.join("whole.jsonl");
    succeeded(selfplay(&whole, "4", &["--threads", "1"]));
    assert_eq!(
        header_and_games(&read(&dir.join("out/selfplay.jsonl"))).1,
        header_and_games(&read(&whole)).1
    );
}
