//! The two sides of a match: engine settings searched in-process, or an
//! external program that speaks the engine protocol (`quoridor uci` or any
//! other engine) or QTP (`quoridor qtp` or an engine written for the QTP
//! referee), and the per-move limit both play under.

mod qtp_side;

use super::process_group::{EngineChild, StderrTail};
use crate::game::{Move, Position, Variant};
use crate::search::{new_engine, set_option, EngineConfig, Limits, OptionError, SearchEngine};
use crate::text::quote_input;
use std::fmt;
use std::io::{BufRead, BufReader, Write};
use std::process::ChildStdin;
use std::sync::mpsc::{self, Receiver, RecvTimeoutError};
use std::time::{Duration, Instant};

/// One side of a match.
#[derive(Clone, Debug)]
pub enum Contender {
    /// The engine in this process with these settings.
    Internal {
        /// Name in reports.
        label: String,
        /// The engine and its settings.
        config: EngineConfig,
    },
    /// An engine program started with `sh -c command`, one process per game.
    External {
        /// Name in reports.
        label: String,
        /// The shell command that starts it.
        command: String,
        /// The protocol it speaks.
        protocol: Protocol,
    },
}

/// The protocol an external engine speaks.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Protocol {
    /// Our UCI-style engine protocol (`uci`, `position`, `go`, `bestmove`).
    Uci,
    /// The Quoridor Text Protocol (`boardsize`, `playmove`, `genmove`, `= …`).
    Qtp,
}

impl Contender {
    /// The engine in this process with `config`.
    pub fn internal(label: &str, config: EngineConfig) -> Contender {
        Contender::Internal {
            label: label.to_string(),
            config,
        }
    }

    /// An external engine: the shell command, after `qtp:` for a QTP engine
    /// or `uci:` (the default) for one speaking the engine protocol.
    ///
    /// ```
    /// use quoridor::arena::{Contender, Protocol};
    /// let qtp = Contender::external("qtp:./engine -fast");
    /// assert!(matches!(qtp, Contender::External { ref command, protocol: Protocol::Qtp, .. }
    ///     if command == "./engine -fast"));
    /// let uci = Contender::external("quoridor uci");
    /// assert!(matches!(uci, Contender::External { protocol: Protocol::Uci, .. }));
    /// ```
    pub fn external(spec: &str) -> Contender {
        let (protocol, command) = match (spec.strip_prefix("qtp:"), spec.strip_prefix("uci:")) {
            (Some(command), _) => (Protocol::Qtp, command),
            (None, Some(command)) => (Protocol::Uci, command),
            (None, None) => (Protocol::Uci, spec),
        };
        Contender::External {
            label: spec.to_string(),
            command: command.trim().to_string(),
            protocol,
        }
    }

    /// The name shown in reports.
    pub fn label(&self) -> &str {
        match self {
            Contender::Internal { label, .. } | Contender::External { label, .. } => label,
        }
    }
}

/// How long each side may think per move in a match: `None` = each side's
/// own settings decide (external engines get 1 s a move); otherwise these
/// limits for both (`go nodes N` / `go movetime MS` for external engines).
pub type MatchLimit = Option<Limits>;

/// Why an engine spec (`preset=thesis,uct_c=0.3`) could not be read.
#[derive(Clone, Debug, PartialEq)]
pub enum SpecError {
    /// A part is not `name=value`.
    NotNameValue {
        /// The part (at most 80 characters of it).
        part: String,
    },
    /// An option name or value was refused.
    Option(OptionError),
}

impl fmt::Display for SpecError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            SpecError::NotNameValue { part } => write!(f, "expected name=value, got {part:?}"),
            SpecError::Option(e) => e.fmt(f),
        }
    }
}

impl std::error::Error for SpecError {}

impl From<SpecError> for String {
    /// For callers that report errors as text.
    fn from(e: SpecError) -> String {
        e.to_string()
    }
}

/// Reads `preset=thesis,uct_c=0.3,…` (engine protocol option names, later
/// entries win) into an engine and its settings, starting from UCT's `Default`.
///
/// ```
/// let p = quoridor::arena::parse_spec("preset=thesis, uct_c=0.3").unwrap().params;
/// assert_eq!((p.uct.uct_c, p.uct.max_playout_moves), (0.3, Some(2)));
/// assert!(quoridor::arena::parse_spec("uct_c").is_err());
/// ```
pub fn parse_spec(spec: &str) -> Result<EngineConfig, SpecError> {
    let mut config = EngineConfig::default();
    for part in spec.split(',').map(str::trim).filter(|p| !p.is_empty()) {
        let (name, value) = part
            .split_once('=')
            .ok_or_else(|| SpecError::NotNameValue {
                part: quote_input(part),
            })?;
        set_option(&mut config, name.trim(), value.trim()).map_err(SpecError::Option)?;
    }
    Ok(config)
}

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

/// What an engine answered for one move.
#[derive(Clone, Debug)]
pub(crate) struct Reply {
    /// The move text as the engine sent it; a QTP engine's move in our
    /// notation when it names one (else its answer as sent).
    pub text: String,
    /// Playouts it reported for this move, if any.
    pub playouts: Option<u64>,
    /// Wall time of the move in milliseconds.
    pub ms: f64,
}

/// How long an external engine may take to answer `uci` and `isready` (QTP:
/// each of `name` and the commands that set up a game).
pub const HANDSHAKE_TIMEOUT: Duration = Duration::from_secs(10);

/// Why an engine gave no move: it could not start, crashed, hung or found
/// none. External engines' errors carry the last lines of their stderr.
#[derive(Clone, Debug, PartialEq)]
pub enum EngineError {
    /// `sh` itself could not be started.
    Spawn {
        /// The engine command.
        command: String,
        /// What the system said.
        reason: String,
    },
    /// The engine's stdin or stdout could not be connected.
    NoPipes,
    /// The engine exited.
    Exited {
        /// Its exit status, as the system prints it.
        status: String,
        /// The end of its stderr.
        stderr: String,
    },
    /// The engine closed its output but still runs.
    ClosedOutput {
        /// The end of its stderr.
        stderr: String,
    },
    /// A QTP engine answered a command with `? …`.
    Refused {
        /// The command.
        command: String,
        /// Its answer (at most 80 characters of it).
        answer: String,
    },
    /// The engine did not answer in time.
    Timeout {
        /// The word waited for (`uciok`, `readyok`, `bestmove`).
        waiting_for: String,
        /// How long it was waited for, in milliseconds.
        ms: u128,
        /// The end of its stderr.
        stderr: String,
    },
    /// The in-process engine refused the game's record.
    RecordRefused(String),
    /// The in-process engine found no move.
    NoMove,
}

impl fmt::Display for EngineError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let stderr = match self {
            EngineError::Spawn { command, reason } => {
                return write!(f, "could not start {command:?}: {reason}")
            }
            EngineError::NoPipes => {
                return f.write_str("could not connect to the engine's stdin/stdout")
            }
            EngineError::RecordRefused(why) => return write!(f, "the record was refused: {why}"),
            EngineError::NoMove => return f.write_str("the engine found no move"),
            EngineError::Refused { command, answer } => {
                return write!(f, "the engine answered {command:?} with {answer:?}")
            }
            EngineError::Exited { status, stderr } => {
                write!(f, "the engine exited ({status})")?;
                stderr
            }
            EngineError::ClosedOutput { stderr } => {
                f.write_str("the engine closed its output")?;
                stderr
            }
            EngineError::Timeout {
                waiting_for,
                ms,
                stderr,
            } => {
                write!(f, "no {waiting_for} within {ms} ms")?;
                stderr
            }
        };
        if stderr.is_empty() {
            Ok(())
        } else {
            write!(f, "; its stderr ends: {stderr}")
        }
    }
}

impl std::error::Error for EngineError {}

/// Starts `contender` once and shakes hands with it (`uci`/`uciok`,
/// `isready`/`readyok`; QTP: `name` and the game's setup, within
/// [`HANDSHAKE_TIMEOUT`] each), so that a command
/// that cannot start or never answers stops a match before its first game.
/// In-process engines always pass.
pub fn handshake(contender: &Contender, variant: Variant) -> Result<(), EngineError> {
    match contender {
        Contender::Internal { .. } => Ok(()),
        Contender::External {
            command, protocol, ..
        } => Process::start(command, *protocol, variant, None, HANDSHAKE_TIMEOUT).map(drop),
    }
}

/// A contender ready to play one game.
pub(crate) enum Engine {
    Internal(Box<dyn SearchEngine>),
    External(Process),
}

impl Engine {
    /// Starts `contender` for a game of `variant`; `seed` varies the
    /// in-process engine's random choices from game to game.
    pub fn start(
        contender: &Contender,
        variant: Variant,
        limit: MatchLimit,
        seed: u64,
        timeout: Duration,
    ) -> Result<Engine, EngineError> {
        match contender {
            Contender::Internal { config, .. } => {
                let mut params = config.params.clone();
                params.seed = params.seed.wrapping_mul(1_000_003).wrapping_add(seed);
                if let Some(limits) = limit {
                    params.limits = limits;
                }
                Ok(Engine::Internal(new_engine(
                    Position::new(variant),
                    config.kind,
                    params,
                )))
            }
            Contender::External {
                command, protocol, ..
            } => Process::start(command, *protocol, variant, limit, timeout).map(Engine::External),
        }
    }

    /// The engine's move after `moves` from the start of `variant`.
    pub fn reply(&mut self, variant: Variant, moves: &[Move]) -> Result<Reply, EngineError> {
        let started = Instant::now();
        match self {
            Engine::Internal(search) => {
                search
                    .set_game(Position::new(variant), moves)
                    .map_err(|e| EngineError::RecordRefused(e.to_string()))?;
                let mv = search.think().ok_or(EngineError::NoMove)?;
                Ok(Reply {
                    text: mv.to_string(),
                    playouts: Some(search.info(0).playouts),
                    ms: started.elapsed().as_secs_f64() * 1000.0,
                })
            }
            Engine::External(process) => process.reply(moves, started),
        }
    }
}

/// An external engine process and the lines it prints.
pub(crate) struct Process {
    // Declared first so the group is killed before the pipes close.
    child: EngineChild,
    stderr: StderrTail,
    stdin: ChildStdin,
    lines: Receiver<String>,
    go: String,
    timeout: Duration,
    protocol: Protocol,
    /// QTP: moves of the game the engine has on its board.
    synced: usize,
    variant: Variant,
}

impl Process {
    /// Spawns `command`, shakes hands and sets the board variant.
    fn start(
        command: &str,
        protocol: Protocol,
        variant: Variant,
        limit: MatchLimit,
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
        process.send("ucinewgame")?;
        process.send("isready")?;
        process.expect("readyok", HANDSHAKE_TIMEOUT)?;
        Ok(process)
    }

    fn send(&mut self, line: &str) -> Result<(), EngineError> {
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
    fn line_before(
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
    fn reply(&mut self, moves: &[Move], started: Instant) -> Result<Reply, EngineError> {
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
        let mut playouts = None;
        loop {
            let left = deadline.saturating_duration_since(Instant::now());
            let line = self.next_line(left, "bestmove")?;
            let mut words = line.split_whitespace();
            match words.next() {
                Some("bestmove") => {
                    return Ok(Reply {
                        text: words.next().unwrap_or("").to_string(),
                        playouts,
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
                    // Our engine says `playouts`; UCI engines say `nodes`.
                    if let Some(n) = count("playouts").or_else(|| count("nodes")) {
                        playouts = Some(n);
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
