//! The `quoridor` binary as a child process, shared by the integration tests
//! that drive it: one-shot commands, arena matches with their JSON summary,
//! and an engine-protocol session (`quoridor uci`) read line by line.

// Each test file is its own crate and uses only some of these.
#![allow(dead_code)]

use quoridor_rules::{Game, Move, Variant};
use serde_json::Value;
use std::io::{BufRead, BufReader, Write};
use std::path::{Path, PathBuf};
use std::process::{Child, ChildStdin, Command, Output, Stdio};
use std::sync::mpsc::{channel, Receiver, RecvTimeoutError};
use std::time::{Duration, Instant};

/// Long enough for a slow debug build on a busy machine.
pub const TIMEOUT: Duration = Duration::from_secs(60);

/// Runs `quoridor ARGS` to the end.
pub fn quoridor(args: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_quoridor"))
        .args(args)
        .output()
        .expect("the quoridor binary runs")
}

/// Runs `quoridor ARGS` to the end with `input` on its standard input (a pipe).
pub fn quoridor_with_input(args: &[&str], input: &str) -> Output {
    let mut child = Command::new(env!("CARGO_BIN_EXE_quoridor"))
        .args(args)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("the quoridor binary runs");
    let mut stdin = child.stdin.take().expect("stdin piped");
    // The process may exit without reading its input (a bad flag).
    let _ = stdin.write_all(input.as_bytes());
    drop(stdin);
    child.wait_with_output().expect("the quoridor binary ends")
}

/// What the process printed on stdout.
pub fn stdout(out: &Output) -> String {
    String::from_utf8_lossy(&out.stdout).into_owned()
}

/// What the process printed on stderr.
pub fn stderr(out: &Output) -> String {
    String::from_utf8_lossy(&out.stderr).into_owned()
}

/// Runs `quoridor ARGS` with its standard input, output and error on a
/// terminal (util-linux `script` makes one), typing `input`; what the
/// terminal showed, or `None` where `script` is missing.
pub fn on_a_terminal(args: &str, input: &str) -> Option<String> {
    let command = format!("{} {args}", env!("CARGO_BIN_EXE_quoridor"));
    let mut child = Command::new("script")
        .args(["-q", "-e", "-c", &command, "/dev/null"])
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .ok()?;
    child
        .stdin
        .take()
        .expect("stdin")
        .write_all(input.as_bytes())
        .expect("script reads its input");
    let out = child.wait_with_output().expect("script ends");
    Some(String::from_utf8_lossy(&out.stdout).replace("\r\n", "\n"))
}

/// A scratch directory for one test's files: `quoridor-KIND-NAME-PID` in the
/// system's temporary directory.
pub fn scratch(kind: &str, name: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("quoridor-{kind}-{name}-{}", std::process::id()));
    std::fs::create_dir_all(&dir).expect("temp dir");
    dir
}

/// Writes `text` to `path` as an executable script (a stand-in for a
/// program a script or the arena runs).
pub fn write_executable(path: &Path, text: &str) {
    use std::os::unix::fs::PermissionsExt;
    std::fs::write(path, text).unwrap_or_else(|e| panic!("{}: {e}", path.display()));
    std::fs::set_permissions(path, std::fs::Permissions::from_mode(0o755))
        .unwrap_or_else(|e| panic!("chmod {}: {e}", path.display()));
}

/// Runs the arena on 5x5 with 2 walls, its files in `dir`; returns the
/// output, the JSON summary and the records file.
pub fn arena(dir: &Path, extra: &[&str]) -> (Output, Value, String) {
    let (json, records) = (dir.join("summary.json"), dir.join("games.txt"));
    let mut args = vec!["arena", "--size", "5", "--walls", "2", "--threads", "2"];
    args.extend_from_slice(extra);
    let out = Command::new(env!("CARGO_BIN_EXE_quoridor"))
        .args(&args)
        .args(["--json", json.to_str().expect("utf-8 path")])
        .args(["--records", records.to_str().expect("utf-8 path")])
        .current_dir(env!("CARGO_MANIFEST_DIR"))
        .output()
        .expect("quoridor runs");
    assert!(
        out.status.success(),
        "arena failed: {}",
        String::from_utf8_lossy(&out.stderr)
    );
    let summary = serde_json::from_str(&std::fs::read_to_string(&json).expect("json written"))
        .expect("valid JSON");
    let records = std::fs::read_to_string(&records).expect("records written");
    (out, summary, records)
}

/// A running `quoridor uci` with its output read line by line on a thread.
pub struct Uci {
    pub child: Child,
    /// `None` once the test closed it.
    pub stdin: Option<ChildStdin>,
    pub lines: Receiver<String>,
}

impl Uci {
    pub fn start() -> Uci {
        Uci::start_with(&[])
    }

    /// `quoridor uci` with these flags.
    pub fn start_with(flags: &[&str]) -> Uci {
        let mut child = Command::new(env!("CARGO_BIN_EXE_quoridor"))
            .arg("uci")
            .args(flags)
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .stderr(Stdio::inherit())
            .spawn()
            .expect("quoridor uci starts");
        let stdout = child.stdout.take().expect("piped stdout");
        let stdin = child.stdin.take();
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

    pub fn send(&mut self, line: &str) {
        self.send_bytes(format!("{line}\n").as_bytes());
    }

    pub fn send_bytes(&mut self, bytes: &[u8]) {
        let stdin = self.stdin.as_mut().expect("stdin open");
        stdin.write_all(bytes).expect("engine reads its input");
        stdin.flush().expect("flush");
    }

    /// Lines up to and including the first one that `done` accepts.
    pub fn read_until(&self, done: impl Fn(&str) -> bool) -> Vec<String> {
        let deadline = Instant::now() + TIMEOUT;
        let mut seen = Vec::new();
        loop {
            let left = deadline.saturating_duration_since(Instant::now());
            match self.lines.recv_timeout(left) {
                Ok(line) => {
                    let stop = done(&line);
                    seen.push(line);
                    if stop {
                        return seen;
                    }
                }
                Err(RecvTimeoutError::Timeout) => panic!("timed out; output so far: {seen:#?}"),
                Err(RecvTimeoutError::Disconnected) => {
                    panic!("engine closed its output; output so far: {seen:#?}")
                }
            }
        }
    }

    /// Sends `isready` and returns everything printed before `readyok`.
    pub fn sync(&mut self) -> Vec<String> {
        self.send("isready");
        let mut lines = self.read_until(|l| l == "readyok");
        lines.pop();
        lines
    }

    /// The next `info string error: …` line, after syncing: exactly one expected.
    pub fn error_after(&mut self, command: &str) -> String {
        self.send(command);
        let lines = self.sync();
        assert_eq!(lines.len(), 1, "one error line for {command:?}: {lines:#?}");
        let line = &lines[0];
        assert!(
            line.starts_with("info string error: "),
            "error line for {command:?}: {line}"
        );
        line.clone()
    }

    /// Runs `go …` and returns all lines up to `bestmove`, and the move.
    pub fn go(&mut self, command: &str) -> (Vec<String>, String) {
        self.send(command);
        let lines = self.read_until(|l| l.starts_with("bestmove "));
        let best = lines
            .last()
            .and_then(|l| l.strip_prefix("bestmove "))
            .expect("bestmove line")
            .to_string();
        (lines, best)
    }

    /// The record of the engine's current position (via `show`).
    pub fn record(&mut self) -> String {
        self.send("show");
        let lines = self.read_until(|l| l.starts_with("info string record:"));
        lines
            .last()
            .and_then(|l| l.strip_prefix("info string record:"))
            .expect("record line")
            .trim()
            .to_string()
    }
}

impl Drop for Uci {
    fn drop(&mut self) {
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}

/// Asserts `mv` is legal after `record` in `variant`.
pub fn assert_legal(variant: Variant, record: &str, mv: &str) {
    let game = Game::parse_with_variant(record, variant).expect("record is legal");
    let parsed: Move = mv
        .parse()
        .unwrap_or_else(|e| panic!("bestmove {mv:?}: {e}"));
    if let Err(e) = game.position().check(parsed) {
        panic!("bestmove {mv} is illegal after {record:?}: {e}");
    }
}

/// The last `info depth …` line of a think.
pub fn last_info(lines: &[String]) -> &str {
    lines
        .iter()
        .rev()
        .find(|l| l.starts_with("info depth "))
        .expect("a last info line")
}

/// The word after `key` in `line`.
pub fn word_after<'a>(line: &'a str, key: &str) -> &'a str {
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

/// The number after `key` in an `info` line.
pub fn field(line: &str, key: &str) -> u64 {
    word_after(line, key)
        .parse()
        .unwrap_or_else(|_| panic!("{key} is not a number in {line}"))
}
