//! The two sides of a match: engine settings searched in-process, or an
//! external program that speaks the engine protocol (`quoridor uci` or any
//! other engine), and the per-move limit both play under.

use crate::game::{Move, Position, Variant};
use crate::search::{quote_input, set_option, Limits, OptionError, Search, SearchParams};
use std::fmt;
use std::io::{BufRead, BufReader, Write};
use std::process::{Child, ChildStdin, Command, Stdio};
use std::sync::mpsc::{self, Receiver, RecvTimeoutError};
use std::time::{Duration, Instant};

/// One side of a match.
#[derive(Clone, Debug)]
pub enum Contender {
    /// The engine in this process with these settings.
    Internal {
        /// Name in reports.
        label: String,
        /// The settings.
        params: SearchParams,
    },
    /// An engine program started with `sh -c command`, one process per game.
    External {
        /// Name in reports.
        label: String,
        /// The shell command that starts it.
        command: String,
    },
}

impl Contender {
    /// The engine in this process with `params`.
    pub fn internal(label: &str, params: SearchParams) -> Contender {
        Contender::Internal {
            label: label.to_string(),
            params,
        }
    }

    /// An external engine started by the shell `command`.
    pub fn external(command: &str) -> Contender {
        Contender::External {
            label: command.to_string(),
            command: command.to_string(),
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
/// entries win) into settings, starting from `Default`.
///
/// ```
/// let p = quoridor::arena::parse_spec("preset=thesis, uct_c=0.3").unwrap();
/// assert_eq!((p.uct_c, p.max_playout_moves), (0.3, Some(2)));
/// assert!(quoridor::arena::parse_spec("uct_c").is_err());
/// ```
pub fn parse_spec(spec: &str) -> Result<SearchParams, SpecError> {
    let mut params = SearchParams::default();
    for part in spec.split(',').map(str::trim).filter(|p| !p.is_empty()) {
        let (name, value) = part
            .split_once('=')
            .ok_or_else(|| SpecError::NotNameValue {
                part: quote_input(part),
            })?;
        set_option(&mut params, name.trim(), value.trim()).map_err(SpecError::Option)?;
    }
    Ok(params)
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
    /// The move text exactly as the engine sent it.
    pub text: String,
    /// Playouts it reported for this move, if any.
    pub playouts: Option<u64>,
    /// Wall time of the move in milliseconds.
    pub ms: f64,
}

/// Why an engine gave no move: it crashed, hung or found none.
pub(crate) type Failure = String;

/// A contender ready to play one game.
pub(crate) enum Engine {
    Internal(Box<Search>),
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
    ) -> Result<Engine, Failure> {
        match contender {
            Contender::Internal { params, .. } => {
                let mut params = params.clone();
                params.seed = params.seed.wrapping_mul(1_000_003).wrapping_add(seed);
                if let Some(limits) = limit {
                    params.limits = limits;
                }
                Ok(Engine::Internal(Box::new(Search::new(
                    Position::new(variant),
                    params,
                ))))
            }
            Contender::External { command, .. } => {
                Process::start(command, variant, limit, timeout).map(Engine::External)
            }
        }
    }

    /// The engine's move after `moves` from the start of `variant`.
    pub fn reply(&mut self, variant: Variant, moves: &[Move]) -> Result<Reply, Failure> {
        let started = Instant::now();
        match self {
            Engine::Internal(search) => {
                search
                    .set_game(Position::new(variant), moves)
                    .map_err(|e| format!("the record was refused: {e}"))?;
                let mv = search.think().ok_or("the engine found no move")?;
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
    child: Child,
    stdin: ChildStdin,
    lines: Receiver<String>,
    go: String,
    timeout: Duration,
}

impl Process {
    /// Spawns `command`, shakes hands and sets the board variant.
    fn start(
        command: &str,
        variant: Variant,
        limit: MatchLimit,
        timeout: Duration,
    ) -> Result<Process, Failure> {
        let mut child = Command::new("sh")
            .arg("-c")
            .arg(command)
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .stderr(Stdio::null())
            .spawn()
            .map_err(|e| format!("could not start {command:?}: {e}"))?;
        let (Some(stdin), Some(stdout)) = (child.stdin.take(), child.stdout.take()) else {
            return Err("could not connect to the engine's stdin/stdout".into());
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
            stdin,
            lines,
            go,
            timeout,
        };
        process.send("uci")?;
        process.expect("uciok", Duration::from_secs(10))?;
        process.send(&format!(
            "setoption name board_size value {}",
            variant.size()
        ))?;
        process.send(&format!("setoption name walls value {}", variant.walls()))?;
        process.send("ucinewgame")?;
        process.send("isready")?;
        process.expect("readyok", Duration::from_secs(10))?;
        Ok(process)
    }

    fn send(&mut self, line: &str) -> Result<(), Failure> {
        writeln!(self.stdin, "{line}")
            .and_then(|()| self.stdin.flush())
            .map_err(|_| self.died())
    }

    /// Why the engine stopped answering: its exit status if it has exited.
    fn died(&mut self) -> Failure {
        match self.child.try_wait() {
            Ok(Some(status)) => format!("the engine exited ({status})"),
            _ => "the engine closed its output".to_string(),
        }
    }

    /// The next line within `within`.
    fn next_line(&mut self, within: Duration, waiting_for: &str) -> Result<String, Failure> {
        match self.lines.recv_timeout(within) {
            Ok(line) => Ok(line),
            Err(RecvTimeoutError::Timeout) => {
                Err(format!("no {waiting_for} within {} ms", within.as_millis()))
            }
            Err(RecvTimeoutError::Disconnected) => {
                // Give the process a moment to be reaped so its status shows.
                std::thread::sleep(Duration::from_millis(20));
                Err(self.died())
            }
        }
    }

    /// Reads lines until one equals `word`.
    fn expect(&mut self, word: &str, within: Duration) -> Result<(), Failure> {
        let deadline = Instant::now() + within;
        loop {
            let left = deadline.saturating_duration_since(Instant::now());
            if self.next_line(left, word)?.trim() == word {
                return Ok(());
            }
        }
    }

    fn reply(&mut self, moves: &[Move], started: Instant) -> Result<Reply, Failure> {
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
    fn drop(&mut self) {
        let _ignored = writeln!(self.stdin, "quit").and_then(|()| self.stdin.flush());
        for _ in 0..20 {
            if matches!(self.child.try_wait(), Ok(Some(_))) {
                return;
            }
            std::thread::sleep(Duration::from_millis(10));
        }
        let _ignored = self.child.kill();
        let _ignored = self.child.wait();
    }
}
