//! An external engine process: started in its own process group, its
//! output read line by line, the handshake and the moves in the engine
//! protocol (QTP's commands are in `qtp_side.rs`).

use super::reply::Reply;
use super::{Contender, EngineError, MatchLimit, Protocol, HANDSHAKE_TIMEOUT};
use crate::process_group::{EngineChild, StderrTail};
use crate::{Work, WorkUnit, MOVE_CAP};
use quoridor_engines::Limits;
use quoridor_rules::{Move, Variant};
use std::io::{BufRead, BufReader, Write};
use std::process::ChildStdin;
use std::sync::mpsc::{self, Receiver, RecvTimeoutError};
use std::time::{Duration, Instant};

/// The protocol's `go` for `limits`: `go nodes N`, `go movetime MS`, both,
/// or `go infinite`.
fn go_command(limits: Limits) -> String {
    let mut go = String::from("go");
    if let Some(n) = limits.playouts {
        go.push_str(&format!(" nodes {n}"));
    }
    if limits.time.is_some() {
        go.push_str(&format!(" movetime {}", limits.time_ms_or_zero()));
    }
    if limits.is_unlimited() {
        go.push_str(" infinite");
    }
    go
}

/// An external engine process and the lines it prints.
pub(crate) struct Process {
    // Declared first so the group is killed before the pipes close.
    child: EngineChild,
    stderr: StderrTail,
    stdin: ChildStdin,
    lines: Receiver<String>,
    go: String,
    pub(super) timeout: Duration,
    protocol: Protocol,
    /// QTP: moves of the game the engine has on its board.
    pub(super) synced: usize,
    pub(super) variant: Variant,
}

impl Process {
    /// Spawns `command`, shakes hands and sets the board variant; a move
    /// cap above the rules' default ply limit is sent as the engine
    /// protocol's `ply_limit`, so an engine that applies the limit itself
    /// (ours) still moves up to the cap. (QTP has no options: a QTP engine
    /// of ours needs `--ply-limit` on its command line.)
    pub(super) fn start(
        command: &str,
        protocol: Protocol,
        variant: Variant,
        limit: MatchLimit,
        move_cap: usize,
        timeout: Duration,
    ) -> Result<Process, EngineError> {
        let (mut child, stderr) = EngineChild::spawn(command).map_err(|e| EngineError::Spawn {
            command: command.to_string(),
            reason: e.to_string(),
        })?;
        let pipes = (child.child().stdin.take(), child.child().stdout.take());
        let (Some(stdin), Some(stdout)) = pipes else {
            return Err(EngineError::NoPipes);
        };
        let (send, lines) = mpsc::channel();
        std::thread::spawn(move || {
            for line in BufReader::new(stdout).lines() {
                let Ok(line) = line else { break };
                if send.send(line).is_err() {
                    break;
                }
            }
        });
        let go = match limit {
            Some(limits) => go_command(limits),
            None => "go movetime 1000".to_string(),
        };
        let mut process = Process {
            child,
            stderr,
            stdin,
            lines,
            go,
            timeout,
            protocol,
            synced: 0,
            variant,
        };
        if protocol == Protocol::Qtp {
            process.qtp_command("name", HANDSHAKE_TIMEOUT)?;
            process.qtp_new_game()?;
            return Ok(process);
        }
        process.send("uci")?;
        process.expect("uciok", HANDSHAKE_TIMEOUT)?;
        process.send(&format!(
            "setoption name board_size value {}",
            variant.size()
        ))?;
        process.send(&format!("setoption name walls value {}", variant.walls()))?;
        if move_cap > MOVE_CAP {
            process.send(&format!("setoption name ply_limit value {move_cap}"))?;
        }
        process.send("ucinewgame")?;
        process.send("isready")?;
        process.expect("readyok", HANDSHAKE_TIMEOUT)?;
        Ok(process)
    }

    pub(super) fn send(&mut self, line: &str) -> Result<(), EngineError> {
        writeln!(self.stdin, "{line}")
            .and_then(|()| self.stdin.flush())
            .map_err(|_| self.died())
    }

    /// Why the engine stopped answering: its exit status if it has exited.
    fn died(&mut self) -> EngineError {
        // Give the process a moment to exit so its status shows.
        self.child.exited_within(Duration::from_millis(100));
        let stderr = self.stderr.text();
        match self.child.exit_status() {
            Some(status) => EngineError::Exited {
                status: status.to_string(),
                stderr,
            },
            None => EngineError::ClosedOutput { stderr },
        }
    }

    /// The next line within `within`.
    fn next_line(&mut self, within: Duration, waiting_for: &str) -> Result<String, EngineError> {
        match self.lines.recv_timeout(within) {
            Ok(line) => Ok(line),
            Err(RecvTimeoutError::Timeout) => Err(EngineError::Timeout {
                waiting_for: waiting_for.to_string(),
                ms: within.as_millis(),
                stderr: self.stderr.text(),
            }),
            Err(RecvTimeoutError::Disconnected) => Err(self.died()),
        }
    }

    /// The next line before `deadline`, the end of a wait of `within` in all;
    /// a timeout reports the whole wait, not what was left of it.
    pub(super) fn line_before(
        &mut self,
        deadline: Instant,
        within: Duration,
        waiting_for: &str,
    ) -> Result<String, EngineError> {
        let left = deadline.saturating_duration_since(Instant::now());
        self.next_line(left, waiting_for).map_err(|e| match e {
            EngineError::Timeout {
                waiting_for,
                stderr,
                ..
            } => EngineError::Timeout {
                waiting_for,
                ms: within.as_millis(),
                stderr,
            },
            other => other,
        })
    }

    /// Reads lines until one equals `word`.
    fn expect(&mut self, word: &str, within: Duration) -> Result<(), EngineError> {
        let deadline = Instant::now() + within;
        loop {
            let line = self.line_before(deadline, within, word)?;
            if line.trim() == word {
                return Ok(());
            }
        }
    }

    /// The engine's move after `moves`, in its protocol.
    pub(super) fn reply(&mut self, moves: &[Move], started: Instant) -> Result<Reply, EngineError> {
        match self.protocol {
            Protocol::Uci => self.uci_reply(moves, started),
            Protocol::Qtp => self.qtp_reply(moves, started),
        }
    }

    fn uci_reply(&mut self, moves: &[Move], started: Instant) -> Result<Reply, EngineError> {
        let mut position = String::from("position startpos");
        if !moves.is_empty() {
            position.push_str(" moves");
            for mv in moves {
                position.push(' ');
                position.push_str(&mv.to_string());
            }
        }
        self.send(&position)?;
        let go = self.go.clone();
        self.send(&go)?;
        let deadline = started + self.timeout;
        let mut work = None;
        loop {
            let left = deadline.saturating_duration_since(Instant::now());
            let line = self.next_line(left, "bestmove")?;
            let mut words = line.split_whitespace();
            match words.next() {
                Some("bestmove") => {
                    return Ok(Reply {
                        text: words.next().unwrap_or("").to_string(),
                        work,
                        ms: started.elapsed().as_secs_f64() * 1000.0,
                    })
                }
                Some("info") => {
                    let words: Vec<&str> = words.collect();
                    let count = |name: &str| {
                        words
                            .windows(2)
                            .find(|w| w[0] == name)
                            .and_then(|w| w[1].parse().ok())
                    };
                    // Our UCT engine says `playouts` (and `nodes`, its tree's
                    // size); alpha-beta and other UCI engines say `nodes`.
                    let counted = count("playouts")
                        .map(|n| (n, WorkUnit::Playouts))
                        .or_else(|| count("nodes").map(|n| (n, WorkUnit::Nodes)));
                    if let Some((count, unit)) = counted {
                        work = Some(Work { count, unit });
                    }
                }
                _ => {}
            }
        }
    }
}

impl Drop for Process {
    /// Asks the engine to quit and gives it a moment; then `EngineChild`'s
    /// drop kills its whole process group, whatever it left running.
    fn drop(&mut self) {
        let _ignored = writeln!(self.stdin, "quit").and_then(|()| self.stdin.flush());
        self.child.exited_within(Duration::from_millis(200));
    }
}

/// Starts `contender` once and shakes hands with it (`uci`/`uciok`,
/// `isready`/`readyok`; QTP: `name` and the game's setup, within
/// [`HANDSHAKE_TIMEOUT`] each), so that a command
/// that cannot start or never answers stops a match before its first game.
/// In-process engines always pass.
pub fn handshake(contender: &Contender, variant: Variant) -> Result<(), EngineError> {
    match contender {
        Contender::Internal { .. } | Contender::Random => Ok(()),
        Contender::External {
            command, protocol, ..
        } => Process::start(
            command,
            *protocol,
            variant,
            None,
            MOVE_CAP,
            HANDSHAKE_TIMEOUT,
        )
        .map(drop),
    }
}
