//! Why a protocol command was refused, and why the session itself failed.

use super::super::protocol_input::OpenInputError;
use quoridor_engines::OptionError;
use quoridor_rules::{IllegalMove, Move, ParseMoveError};
use std::fmt;

/// Why the protocol session ended with an error.
#[derive(Debug)]
pub enum UciError {
    /// An `--option` was refused.
    StartOption {
        /// The option as given (`NAME=VALUE`).
        option: String,
        /// Why.
        message: String,
    },
    /// The `--input` file could not be opened.
    Open(OpenInputError),
    /// Reading the input failed.
    Input(std::io::Error),
}

impl fmt::Display for UciError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            UciError::StartOption { option, message } => {
                write!(f, "--option {option}: {message}")
            }
            UciError::Open(e) => e.fmt(f),
            UciError::Input(e) => write!(f, "reading input: {e}"),
        }
    }
}

impl std::error::Error for UciError {
    fn source(&self) -> Option<&(dyn std::error::Error + 'static)> {
        match self {
            UciError::StartOption { .. } => None,
            UciError::Open(e) => Some(e),
            UciError::Input(e) => Some(e),
        }
    }
}

/// The commands the protocol knows, for the unknown-command message.
const COMMANDS: &str = "uci, isready, setoption, ucinewgame, position, go, stop, show or quit";

/// Why a command was refused; nothing changed. Quoted input is at most 80
/// characters long.
#[derive(Clone, Debug, PartialEq)]
pub(super) enum UciCommandError {
    /// The first word is no command.
    Unknown {
        /// The word.
        command: String,
    },
    /// `setoption` without `name …`.
    SetOptionUsage,
    /// An option name or value was refused.
    Option(OptionError),
    /// `position` not followed by `startpos [moves …]`.
    PositionUsage {
        /// The word found instead, if any.
        got: Option<String>,
    },
    /// A word of `position … moves` is not a move.
    NotAMove {
        /// Which move (from 1).
        index: usize,
        /// Its text.
        text: String,
        /// Why it does not read.
        error: ParseMoveError,
    },
    /// A move of `position … moves` is not legal where it is played.
    IllegalMove {
        /// Which move (from 1).
        index: usize,
        /// The move.
        mv: Move,
        /// The rule it breaks.
        error: IllegalMove,
    },
    /// The search did not accept a game the rules accepted (a bug).
    SearchRefused(IllegalMove),
    /// `seed random` could not get randomness from the OS.
    RandomSeed {
        /// The OS's error.
        error: getrandom::Error,
        /// The seed kept instead.
        kept: u64,
    },
}

impl From<OptionError> for UciCommandError {
    fn from(e: OptionError) -> UciCommandError {
        UciCommandError::Option(e)
    }
}

impl fmt::Display for UciCommandError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            UciCommandError::Unknown { command } => {
                write!(f, "unknown command {command:?} (expected {COMMANDS})")
            }
            UciCommandError::SetOptionUsage => {
                f.write_str("expected: setoption name <option> value <value>")
            }
            UciCommandError::Option(e @ OptionError::Unknown { .. }) => {
                write!(f, "{e}; nothing changed")
            }
            UciCommandError::Option(e) => e.fmt(f),
            UciCommandError::PositionUsage { got } => {
                f.write_str("expected: position startpos [moves m1 m2 …]")?;
                match got {
                    Some(word) => write!(f, " (got {word:?})"),
                    None => Ok(()),
                }
            }
            UciCommandError::NotAMove { index, text, error } => write!(
                f,
                "move {index} {text:?} is not a move: {error}; position unchanged"
            ),
            UciCommandError::IllegalMove { index, mv, error } => write!(
                f,
                "move {index} ({mv}) is illegal: {error}; position unchanged"
            ),
            UciCommandError::SearchRefused(e) => {
                write!(f, "the search refused the game: {e}; position unchanged")
            }
            UciCommandError::RandomSeed { error, kept } => {
                write!(f, "cannot draw a random seed: {error}; seed {kept} kept")
            }
        }
    }
}

impl std::error::Error for UciCommandError {}
