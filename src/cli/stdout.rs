//! The failure every command shares: its answer cannot be written to
//! standard output. The dispatcher ends the run with exit code 1, or quietly
//! with 0 when the reader of the output went away (a closed pipe, as
//! `quoridor moves | head -c 10` does).

use std::fmt;
use std::io;

/// Writing to standard output failed.
#[derive(Debug)]
pub struct StdoutError(pub io::Error);

impl StdoutError {
    /// 0 when the reader closed the pipe (nothing went wrong for the user),
    /// else 1.
    pub fn exit_code(&self) -> i32 {
        if self.0.kind() == io::ErrorKind::BrokenPipe {
            0
        } else {
            1
        }
    }
}

impl From<io::Error> for StdoutError {
    fn from(e: io::Error) -> Self {
        StdoutError(e)
    }
}

impl fmt::Display for StdoutError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "could not write the output: {}", self.0)
    }
}

impl std::error::Error for StdoutError {
    fn source(&self) -> Option<&(dyn std::error::Error + 'static)> {
        Some(&self.0)
    }
}
