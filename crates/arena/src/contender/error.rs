//! Why an engine gave no move.

use std::fmt;

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
