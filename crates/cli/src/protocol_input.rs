//! `--input FILE` of `uci` and `qtp`: read the protocol's commands from a
//! file instead of standard input, then end as at the end of standard input
//! (GNU Go's `--gtp-input`). Examples in the docs run this way, since a
//! Markdown example cannot pipe into the program.

use clap::Args;
use std::fmt;
use std::fs::File;
use std::io::{self, BufRead, BufReader};
use std::path::{Path, PathBuf};

/// Where a protocol session reads its commands.
#[derive(Debug, Default, Args)]
pub struct ProtocolInput {
    /// Read the commands from FILE instead of standard input, then end as at the end of input
    #[arg(long, value_name = "FILE")]
    pub input: Option<PathBuf>,
}

/// The input file could not be opened.
#[derive(Debug)]
pub struct OpenInputError {
    path: PathBuf,
    error: io::Error,
}

impl fmt::Display for OpenInputError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "cannot read commands from {}: {}",
            self.path.display(),
            self.error
        )
    }
}

impl std::error::Error for OpenInputError {
    fn source(&self) -> Option<&(dyn std::error::Error + 'static)> {
        Some(&self.error)
    }
}

impl ProtocolInput {
    /// Whether a person types the commands: no `--input` file and standard
    /// input a terminal (the sessions then greet on stderr).
    pub fn is_a_terminal(&self) -> bool {
        self.input.is_none() && io::IsTerminal::is_terminal(&io::stdin())
    }

    /// Opens the commands' source: the file, or standard input.
    pub fn open(&self) -> Result<Box<dyn BufRead>, OpenInputError> {
        match &self.input {
            None => Ok(Box::new(io::stdin().lock())),
            Some(path) => open_file(path),
        }
    }
}

fn open_file(path: &Path) -> Result<Box<dyn BufRead>, OpenInputError> {
    // A folder opens on Unix but fails at the first read: refuse it here.
    let refuse = |error| OpenInputError {
        path: path.to_path_buf(),
        error,
    };
    let file = File::open(path).map_err(refuse)?;
    if file.metadata().map_err(refuse)?.is_dir() {
        return Err(refuse(io::Error::new(
            io::ErrorKind::InvalidInput,
            "it is a folder",
        )));
    }
    Ok(Box::new(BufReader::new(file)))
}
