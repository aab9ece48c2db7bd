//! The alpha-beta engine through the engine protocol (`quoridor uci`) and the
//! arena, as subprocesses: `setoption name engine value alphabeta`, `go
//! depth`, `go movetime`, the `info` line's shape, legal best moves, and a
//! short match against UCT.

use quoridor::game::{Game, Move, Variant};
use std::io::{BufRead, BufReader, Write};
use std::process::{Child, ChildStdin, Command, Stdio};
use std::sync::mpsc::{channel, Receiver};
use std::time::Duration;

/// Long enough for a slow debug build on a busy machine.
const TIMEOUT: Duration = Duration::from_secs(60);

struct Uci {
    child: Child,
    stdin: ChildStdin,
    lines: Receiver<String>,
}

impl Uci {
    fn start() -> Uci {
        let mut child = Command::new(env!("CARGO_BIN_EXE_quoridor"))
            .arg("uci")
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .stderr(Stdio::inherit())
            .spawn()
            .expect("quoridor uci starts");
        let stdout = child.stdout.take().expect("piped stdout");
        let stdin = child.stdin.take().expect("piped stdin");
        let (tx, lines) = channel();
        std::thread::spawn(move || {
            for line in BufReader::new(stdout).lines() {
                let Ok(line) = line else { break };
                if tx.send(line).is_err() {
                    break;
                }
            }
        });
        Uci {
            child,
            stdin,
            lines,
        }
    }

    fn send(&mut self, line: &str) {
        writeln!(self.stdin, "{line}").expect("engine reads");
        self.stdin.flush().expect("flush");
    }

    /// Lines up to and including `bestmove`, and the move.
    fn go(&mut self, command: &str) -> (Vec<String>, String) {
        self.send(command);
        let mut seen = Vec::new();
        loop {
            let line = self
                .lines
                .recv_timeout(TIMEOUT)
                .unwrap_or_else(|e| panic!("{e}; output so far: {seen:#?}"));
            if let Some(best) = line.strip_prefix("bestmove ") {
                let best = best.to_string();
                seen.push(line);
                return (seen, best);
            }
            seen.push(line);
        }
    }
}

impl Drop for Uci {
    fn drop(&mut self) {
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}

fn assert_legal(record: &str, mv: &str) {
    let game = Game::parse_with_variant(record, Variant::default()).expect("record");
    let parsed: Move = mv
        .parse()
        .unwrap_or_else(|e| panic!("bestmove {mv:?}: {e}"));
    assert!(
        game.position().check(parsed).is_ok(),
        "{mv} illegal after {record:?}"
    );
}

/// The word after `key` in `line`.
fn word_after<'a>(line: &'a str, key: &str) -> &'a str {
    let words: Vec<&str> = line.split_whitespace().collect();
    let i = words
        .iter()
        .position(|w| *w == key)
        .unwrap_or_else(|| panic!("no {key} in {line}"));
    words
        .get(i + 1)
        .copied()
        .unwrap_or_else(|| panic!("nothing after {key} in {line}"))
}

/// Checks the alpha-beta `info` line's words and order.
fn assert_info_shape(line: &str) {
    let keys: Vec<&str> = line
        .split_whitespace()
        .filter(|w| {
            [
                "info", "depth", "seldepth", "score", "nodes", "nps", "hashfull", "time", "pv",
            ]
            .contains(w)
        })
        .collect();
    assert_eq!(
        &keys[..8],
        ["info", "depth", "seldepth", "score", "nodes", "nps", "hashfull", "time"],
        "{line}"
    );
    let score_kind = word_after(line, "score");
    assert!(score_kind == "cp" || score_kind == "mate", "{line}");
    word_after(line, score_kind)
        .parse::<i64>()
        .unwrap_or_else(|_| panic!("score value in {line}"));
    for key in ["depth", "seldepth", "nodes", "nps", "hashfull", "time"] {
        word_after(line, key)
            .parse::<u64>()
            .unwrap_or_else(|_| panic!("{key} in {line}"));
    }
    assert!(!line.contains("playouts"), "UCT's words stay out: {line}");
}

#[test]
fn go_depth_searches_exactly_that_deep_and_plays_a_legal_move() {
    let mut e = Uci::start();
    e.send("setoption name engine value alphabeta");
    let record = "e2 e8 e3 e7";
    e.send(&format!("position startpos moves {record}"));
    let (lines, best) = e.go("go depth 3");
    let last_info = lines
        .iter()
        .rev()
        .find(|l| l.starts_with("info depth"))
        .expect("an info line");
    assert_info_shape(last_info);
    assert_eq!(word_after(last_info, "depth"), "3", "{last_info}");
    assert_eq!(
        word_after(last_info, "pv"),
        best,
        "the pv starts with the move"
    );
    assert_legal(record, &best);
}

#[test]
fn go_movetime_answers_in_time_with_a_legal_move() {
    let mut e = Uci::start();
    e.send("setoption name engine value AlphaBeta");
    e.send("setoption name hash value 8");
    e.send("setoption name ab_null_move value false");
    e.send("position startpos moves e2 e8");
    let started = std::time::Instant::now();
    let (lines, best) = e.go("go movetime 300");
    let ms = started.elapsed().as_millis();
    assert!(ms < 3000, "movetime 300 took {ms} ms");
    let info = lines
        .iter()
        .rev()
        .find(|l| l.starts_with("info depth"))
        .expect("info");
    assert_info_shape(info);
    assert!(word_after(info, "depth").parse::<u32>().expect("depth") >= 1);
    assert_legal("e2 e8", &best);
}

#[test]
fn a_wall_less_race_is_reported_as_mate_by_the_exact_table() {
    let mut e = Uci::start();
    e.send("setoption name engine value alphabeta");
    e.send("setoption name walls value 0");
    e.send("position startpos moves e2 e8 e3");
    let (lines, best) = e.go("go depth 2");
    let info = lines
        .iter()
        .rev()
        .find(|l| l.starts_with("info depth"))
        .expect("info");
    assert_info_shape(info);
    // Player 2 is a step behind with no walls on either side, yet wins: the
    // pawns meet on the e-file and player 2 gets the jump (the exact table
    // of wall-less endgames, option pawn_race, knows it; a path count
    // would call it lost).
    assert_eq!(word_after(info, "score"), "mate", "{info}");
    assert!(!word_after(info, "mate").starts_with('-'), "{info}");
    assert!(best.parse::<Move>().is_ok());
}

#[test]
fn switching_back_to_uct_keeps_its_info_line() {
    let mut e = Uci::start();
    e.send("setoption name engine value alphabeta");
    e.send("setoption name engine value uct");
    e.send("setoption name time_ms value 0");
    let (lines, best) = e.go("go nodes 200");
    assert!(lines.iter().any(|l| l.contains(" playouts ")), "{lines:#?}");
    assert_legal("", &best);
    let err = {
        e.send("setoption name engine value minimax");
        e.send("isready");
        let mut seen = Vec::new();
        loop {
            let l = e.lines.recv_timeout(TIMEOUT).expect("a line");
            if l == "readyok" {
                break seen;
            }
            seen.push(l);
        }
    };
    assert_eq!(
        err,
        ["info string error: option engine needs uct or alphabeta, got \"minimax\""]
    );
}

#[test]
fn an_arena_match_alphabeta_against_uct_completes_with_legal_games() {
    let dir = std::env::temp_dir().join(format!("quoridor-ab-arena-{}", std::process::id()));
    std::fs::create_dir_all(&dir).expect("temp dir");
    let (json, records) = (dir.join("summary.json"), dir.join("games.txt"));
    let out = Command::new(env!("CARGO_BIN_EXE_quoridor"))
        .args([
            "arena",
            "--size",
            "5",
            "--walls",
            "2",
            "--threads",
            "2",
            "--games",
            "4",
        ])
        .args(["--a", "engine=alphabeta,hash=4", "--b", "preset=default"])
        .args(["--time-ms", "30"])
        .args(["--json", json.to_str().expect("utf-8")])
        .args(["--records", records.to_str().expect("utf-8")])
        .output()
        .expect("quoridor runs");
    assert!(
        out.status.success(),
        "arena failed: {}",
        String::from_utf8_lossy(&out.stderr)
    );
    let summary: serde_json::Value =
        serde_json::from_str(&std::fs::read_to_string(&json).expect("json")).expect("JSON");
    assert_eq!(summary["games"].as_u64(), Some(4));
    for g in summary["results"].as_array().expect("results") {
        assert_eq!(g["ending"]["kind"], "goal", "{}", g["ending"]);
    }
    let variant = Variant::new(5, 2).expect("5x5");
    for line in std::fs::read_to_string(&records).expect("records").lines() {
        if line.starts_with('#') || line.trim().is_empty() {
            continue;
        }
        let game = Game::parse_with_variant(line, variant).expect("every record replays");
        assert!(game.position().is_over(), "{line}");
    }
}
