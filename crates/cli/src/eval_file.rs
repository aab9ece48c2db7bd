//! The engines' evaluator of a command: the network of `--eval-file PATH`,
//! else the one built in.

use clap::Args;
use quoridor_engines::learned::{read_network, Evaluator, NetworkFileError, WeightsError};
use std::fmt;
use std::path::PathBuf;

/// `--eval-file PATH`, on the subcommands that run engines.
#[derive(Debug, Args)]
pub struct EvalFileArg {
    /// Weights for the learned evaluation (eval=learned, and eval=auto, the
    /// default, for both engines), in place of the ones built in: a
    /// safetensors file as `quoridor train` writes it
    #[arg(long, value_name = "PATH")]
    pub eval_file: Option<PathBuf>,
}

/// Why a command has no evaluator.
#[derive(Debug)]
pub enum EvalFileError {
    /// `--eval-file`'s file could not be read or is not a network.
    File(NetworkFileError),
    /// The network built in does not load (a broken build).
    Embedded(WeightsError),
}

impl fmt::Display for EvalFileError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            EvalFileError::File(e) => write!(f, "--eval-file {e}"),
            EvalFileError::Embedded(e) => {
                write!(f, "the built-in network (weights/value.safetensors): {e}")
            }
        }
    }
}

impl std::error::Error for EvalFileError {}

/// The evaluator this build ships ([`Evaluator::embedded`]), for commands
/// without `--eval-file`.
pub fn embedded_evaluator() -> Result<Evaluator, EvalFileError> {
    Evaluator::embedded().map_err(EvalFileError::Embedded)
}

impl EvalFileArg {
    /// The evaluator of the command: the network in `--eval-file`'s file,
    /// else the one built in.
    pub fn evaluator(&self) -> Result<Evaluator, EvalFileError> {
        match &self.eval_file {
            Some(path) => read_network(path)
                .map(Evaluator::with_network)
                .map_err(EvalFileError::File),
            None => embedded_evaluator(),
        }
    }
}
