//! `--eval-file PATH`: the learned evaluation's weights read from a file and
//! used for the whole run, in place of the ones built in.

use crate::search::learned::{self, Network, WeightsError};
use std::ffi::OsString;
use std::fmt;
use std::path::{Path, PathBuf};

/// Why `--eval-file` was refused.
#[derive(Debug)]
pub enum EvalFileError {
    /// The file could not be read.
    Read {
        /// The file.
        path: PathBuf,
        /// Why.
        error: std::io::Error,
    },
    /// The file is not a network's weights.
    Weights {
        /// The file.
        path: PathBuf,
        /// What is wrong with it.
        error: WeightsError,
    },
}

impl fmt::Display for EvalFileError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            EvalFileError::Read { path, error } => {
                write!(f, "--eval-file {}: {error}", path.display())
            }
            EvalFileError::Weights { path, error } => {
                write!(f, "--eval-file {}: {error}", path.display())
            }
        }
    }
}

impl std::error::Error for EvalFileError {}

/// The value of the last `--eval-file PATH` or `--eval-file=PATH` among
/// `args` (before a `--`), read ahead of the grammar, which reads it again
/// for its help and checks.
pub fn eval_file_arg(args: &[OsString]) -> Option<PathBuf> {
    let mut found = None;
    let mut rest = args.iter().skip(1);
    while let Some(arg) = rest.next() {
        if arg == "--" {
            break;
        }
        if arg == "--eval-file" {
            found = rest.next().map(PathBuf::from);
        } else if let Some(value) = arg.to_str().and_then(|a| a.strip_prefix("--eval-file=")) {
            found = Some(PathBuf::from(value));
        }
    }
    found
}

/// Reads the network in `path` and makes it the one `eval=learned` uses.
pub fn use_eval_file(path: &Path) -> Result<(), EvalFileError> {
    let bytes = std::fs::read(path).map_err(|error| EvalFileError::Read {
        path: path.to_path_buf(),
        error,
    })?;
    let net = Network::from_safetensors(&bytes).map_err(|error| EvalFileError::Weights {
        path: path.to_path_buf(),
        error,
    })?;
    // The command line installs one network, once per process.
    let _ = learned::install_network(net);
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    fn args(words: &[&str]) -> Vec<OsString> {
        words.iter().map(OsString::from).collect()
    }

    #[test]
    fn the_last_eval_file_before_a_double_dash_counts() {
        assert_eq!(eval_file_arg(&args(&["quoridor", "bench"])), None);
        assert_eq!(
            eval_file_arg(&args(&["q", "--eval-file", "a", "uci", "--eval-file=b"])),
            Some(PathBuf::from("b"))
        );
        assert_eq!(
            eval_file_arg(&args(&[
                "q",
                "uci",
                "--eval-file",
                "a",
                "--",
                "--eval-file",
                "b"
            ])),
            Some(PathBuf::from("a"))
        );
        assert_eq!(eval_file_arg(&args(&["q", "uci", "--eval-file"])), None);
    }
}
