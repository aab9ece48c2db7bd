//! The two sides of a match: engine settings searched in-process, or an
//! external program that speaks the engine protocol (`quoridor uci` or any
//! other engine) or QTP (`quoridor qtp` or an engine written for the QTP
//! referee), and the per-move limit both play under.

mod error;
mod process;
mod qtp_side;
mod reply;
mod running;
mod spec;

pub use error::EngineError;
pub use process::handshake;
pub use running::game_config;
pub(crate) use running::RunningContender;
pub use spec::{parse_contender_spec, parse_spec, SpecError};

use quoridor_engines::learned::Evaluator;
use quoridor_engines::{EngineConfig, Limits};
use std::time::Duration;

/// One side of a match.
#[derive(Clone, Debug)]
pub enum Contender {
    /// The engine in this process with these settings.
    Internal {
        /// Name in reports.
        label: String,
        /// The engine and its settings (boxed: the other variants are
        /// small).
        config: Box<EngineConfig>,
        /// What it scores with: its own network (spec `eval_file=PATH`),
        /// else the command's.
        evaluator: Evaluator,
    },
    /// The random mover: a uniformly random legal move, drawn from the
    /// game's seed, with no search. The fixed point of a rating ladder
    /// (`docs/levels.md`), spelled `random` in `--a`/`--b`.
    Random,
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
    /// The engine in this process with `config`, scoring with `evaluator`.
    pub fn internal(label: &str, config: EngineConfig, evaluator: Evaluator) -> Contender {
        Contender::Internal {
            label: label.to_string(),
            config: Box::new(config),
            evaluator,
        }
    }

    /// An external engine: the shell command, after `qtp:` for a QTP engine
    /// or `uci:` (the default) for one speaking the engine protocol.
    ///
    /// ```
    /// use quoridor_arena::{Contender, Protocol};
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
            Contender::Random => RANDOM_MOVER,
        }
    }
}

/// The random mover's name in `--a`/`--b` and in reports.
pub const RANDOM_MOVER: &str = "random";

/// How long each side may think per move in a match: `None` = each side's
/// own settings decide (external engines get 1 s a move); otherwise these
/// limits for both (`go nodes N` / `go movetime MS` for external engines).
pub type MatchLimit = Option<Limits>;

/// How long an external engine may take to answer `uci` and `isready` (QTP:
/// each of `name` and the commands that set up a game).
pub const HANDSHAKE_TIMEOUT: Duration = Duration::from_secs(10);
