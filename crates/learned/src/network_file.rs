//! A network read from a weight file (natively: `--eval-file PATH`, the
//! arena's `eval_file=PATH`).

use super::network::{Network, WeightsError};
use std::fmt;
use std::path::{Path, PathBuf};

/// Why a weight file was refused.
#[derive(Debug)]
pub enum NetworkFileError {
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

impl fmt::Display for NetworkFileError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            NetworkFileError::Read { path, error } => write!(f, "{}: {error}", path.display()),
            NetworkFileError::Weights { path, error } => write!(f, "{}: {error}", path.display()),
        }
    }
}

impl std::error::Error for NetworkFileError {}

/// The network in the safetensors file `path` (as `quoridor train` writes it).
pub fn read_network(path: &Path) -> Result<Network, NetworkFileError> {
    let bytes = std::fs::read(path).map_err(|error| NetworkFileError::Read {
        path: path.to_path_buf(),
        error,
    })?;
    Network::from_safetensors(&bytes).map_err(|error| NetworkFileError::Weights {
        path: path.to_path_buf(),
        error,
    })
}
