//! What can go wrong in a subcommand, and the exit code each case ends with:
//! 2 for bad input (one `error: …` line on stderr), 1 when the output cannot be
//! written, 0 when the reader of the output went away (a closed pipe, as
//! `quoridor moves | head -c 10` does).
//!
//! Each subcommand returns its own error type; only the dispatcher turns
//! them into a [`CliError`], through the `From` impls here (so this module
//! imports the subcommands' errors and none of them imports it).

use super::abtable::AbtableError;
use super::arena::ArenaError;
use super::bench::BenchCommandError;
use super::book::BookError;
use super::engine_book::EngineBookError;
use super::eval_file::EvalFileError;
use super::experiments::ExperimentsError;
use super::policy::PolicyError;
use super::qtp::QtpError;
use super::review::ReviewError;
use super::rules::RulesError;
use super::selfplay::SelfplayError;
use super::serve::ServeCommandError;
use super::solve::SolveCommandError;
use super::stdout::StdoutError;
use super::train::TrainCommandError;
use super::uci::UciError;
use quoridor_solver::shelf::ShelfError;
use std::fmt;
use std::io::{self, Write};

/// A subcommand's failure.
#[derive(Debug)]
pub enum CliError {
    /// `moves`, `perft` or `show` refused the position or the depth.
    Rules(RulesError),
    /// `policy` refused the position or the network.
    Policy(PolicyError),
    /// `bench` refused its flags or a bench position.
    Bench(BenchCommandError),
    /// `abtable` could not read its bench position.
    Abtable(AbtableError),
    /// `book` refused its board.
    Book(BookError),
    /// `engine-book` could not read or write its book.
    EngineBook(EngineBookError),
    /// `review` refused the record.
    Review(ReviewError),
    /// The `uci` session ended with an error.
    Uci(UciError),
    /// `qtp` refused its settings or its session ended with an error.
    Qtp(QtpError),
    /// `arena` refused its setup or could not finish.
    Arena(ArenaError),
    /// `experiments` refused its setup or could not finish.
    Experiments(ExperimentsError),
    /// `selfplay` refused its setup or could not finish.
    Selfplay(SelfplayError),
    /// `train` refused its data or could not finish.
    Train(TrainCommandError),
    /// `solve` refused the variant or a check failed.
    Solve(SolveCommandError),
    /// `serve` could not start (the database, the port, `--dist`) or failed.
    Serve(ServeCommandError),
    /// `--eval-file` could not be read as a network.
    EvalFile(EvalFileError),
    /// `--tables` could not be read as solved tables.
    Tables(ShelfError),
    /// Writing to standard output failed.
    Output(StdoutError),
}

impl CliError {
    /// The process exit code for this failure.
    pub fn exit_code(&self) -> i32 {
        match self {
            CliError::Output(e) => e.exit_code(),
            CliError::Arena(e) => e.exit_code(),
            CliError::Experiments(e) => e.exit_code(),
            CliError::Selfplay(e) => e.exit_code(),
            CliError::Train(e) => e.exit_code(),
            CliError::Solve(e) => e.exit_code(),
            CliError::Rules(_)
            | CliError::Policy(_)
            | CliError::Bench(_)
            | CliError::Abtable(_)
            | CliError::Book(_)
            | CliError::EngineBook(_)
            | CliError::Review(_)
            | CliError::Uci(_)
            | CliError::Qtp(_)
            | CliError::EvalFile(_)
            | CliError::Tables(_)
            | CliError::Serve(_) => 2,
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
            CliError::Policy(e) => e.fmt(f),
            CliError::Bench(e) => e.fmt(f),
            CliError::Abtable(e) => e.fmt(f),
            CliError::Book(e) => e.fmt(f),
            CliError::EngineBook(e) => e.fmt(f),
            CliError::Review(e) => e.fmt(f),
            CliError::Uci(e) => e.fmt(f),
            CliError::Qtp(e) => e.fmt(f),
            CliError::Arena(e) => e.fmt(f),
            CliError::Experiments(e) => e.fmt(f),
            CliError::Selfplay(e) => e.fmt(f),
            CliError::Train(e) => e.fmt(f),
            CliError::Solve(e) => e.fmt(f),
            CliError::Serve(e) => e.fmt(f),
            CliError::EvalFile(e) => e.fmt(f),
            CliError::Tables(e) => write!(f, "--tables: {e}"),
            CliError::Output(e) => e.fmt(f),
        }
    }
}

impl std::error::Error for CliError {}

impl From<io::Error> for CliError {
    fn from(e: io::Error) -> Self {
        CliError::Output(StdoutError(e))
    }
}

/// `From` for a subcommand's error that has an `Output(StdoutError)` case:
/// that case becomes [`CliError::Output`], so the closed-pipe rule lives in
/// one place; the rest is wrapped in the subcommand's variant.
macro_rules! from_subcommand_error {
    ($($error:ident => $variant:ident),* $(,)?) => {$(
        impl From<$error> for CliError {
            fn from(e: $error) -> Self {
                match e {
                    $error::Output(e) => CliError::Output(e),
                    e => CliError::$variant(e),
                }
            }
        }
    )*};
}

from_subcommand_error! {
    RulesError => Rules,
    PolicyError => Policy,
    BenchCommandError => Bench,
    AbtableError => Abtable,
    BookError => Book,
    EngineBookError => EngineBook,
    ReviewError => Review,
    ArenaError => Arena,
    ExperimentsError => Experiments,
    SelfplayError => Selfplay,
    TrainCommandError => Train,
    SolveCommandError => Solve,
    ServeCommandError => Serve,
}

impl From<ShelfError> for CliError {
    fn from(e: ShelfError) -> Self {
        CliError::Tables(e)
    }
}

impl From<EvalFileError> for CliError {
    fn from(e: EvalFileError) -> Self {
        CliError::EvalFile(e)
    }
}

impl From<UciError> for CliError {
    fn from(e: UciError) -> Self {
        CliError::Uci(e)
    }
}

impl From<QtpError> for CliError {
    fn from(e: QtpError) -> Self {
        CliError::Qtp(e)
    }
}
