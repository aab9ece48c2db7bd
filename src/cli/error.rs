//! What can go wrong in a subcommand, and the exit code each case ends with:
//! 2 for bad input (one `error: …` line on stderr), 1 when the output cannot be
//! written, 0 when the reader of the output went away (a closed pipe, as
//! `quoridor moves | head -c 10` does).

use super::arena::ArenaError;
use super::experiments::ExperimentsError;
use super::position_args::PositionError;
use super::rules::RulesError;
use std::fmt;
use std::io::{self, Write};

/// A subcommand's failure.
#[derive(Debug)]
pub enum CliError {
    /// `moves`, `perft` or `show` refused the position or the depth.
    Rules(RulesError),
    /// `bench` could not run (the library reports it as text).
    Bench(String),
    /// `uci` or `qtp` ended with an error (the protocol modules report it as text).
    Protocol(String),
    /// `arena` refused its setup or could not finish.
    Arena(ArenaError),
    /// `experiments` refused its setup or could not finish.
    Experiments(ExperimentsError),
    /// Writing to standard output failed.
    Output(io::Error),
}

impl CliError {
    /// The process exit code for this failure.
    pub fn exit_code(&self) -> i32 {
        match self {
            CliError::Output(e) if e.kind() == io::ErrorKind::BrokenPipe => 0,
            CliError::Output(_) => 1,
            CliError::Arena(e) => e.exit_code(),
            CliError::Experiments(e) => e.exit_code(),
            CliError::Rules(_) | CliError::Bench(_) | CliError::Protocol(_) => 2,
        }
    }

    /// Prints the failure as one `error: …` line on stderr (nothing for a
    /// closed pipe) and returns the exit code.
    pub fn report(&self) -> i32 {
        let code = self.exit_code();
        if code != 0 {
            // If stderr is gone too there is no one left to tell.
            let _ = writeln!(io::stderr().lock(), "error: {self}");
        }
        code
    }
}

impl fmt::Display for CliError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            CliError::Rules(e) => e.fmt(f),
            CliError::Bench(e) | CliError::Protocol(e) => f.write_str(e),
            CliError::Arena(e) => e.fmt(f),
            CliError::Experiments(e) => e.fmt(f),
            CliError::Output(e) => write!(f, "could not write the output: {e}"),
        }
    }
}

impl std::error::Error for CliError {}

impl From<io::Error> for CliError {
    fn from(e: io::Error) -> Self {
        CliError::Output(e)
    }
}

impl From<RulesError> for CliError {
    fn from(e: RulesError) -> Self {
        CliError::Rules(e)
    }
}

impl From<PositionError> for CliError {
    fn from(e: PositionError) -> Self {
        CliError::Rules(RulesError::Position(e))
    }
}

impl From<ArenaError> for CliError {
    fn from(e: ArenaError) -> Self {
        CliError::Arena(e)
    }
}

impl From<ExperimentsError> for CliError {
    fn from(e: ExperimentsError) -> Self {
        CliError::Experiments(e)
    }
}
