//! The failure every command shares: its answer cannot be written to
//! standard output. The dispatcher ends the run with exit code 1, or quietly
//! with 0 when the reader of the output went away (a closed pipe, as
//! `quoridor moves | head -c 10` does). And where an output file that could
//! not be written after a long run goes instead, so the run is not lost.

use std::fmt;
use std::fs::OpenOptions;
use std::io::{self, Write};
use std::path::PathBuf;

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

/// Saves `text`, an output that could not be written where it should go, in
/// a new file `STEM.EXT` in the current folder (`STEM-2.EXT` and so on if
/// taken, never overwriting) and returns its path; if that fails too, prints
/// the text on standard error between two `----- STEM …` marker lines and
/// returns `None`.
pub fn save_elsewhere(text: &str, stem: &str, ext: &str) -> Option<PathBuf> {
    let folder = std::env::current_dir().unwrap_or_else(|_| PathBuf::from("."));
    for n in 1..=100 {
        let name = match n {
            1 => format!("{stem}.{ext}"),
            n => format!("{stem}-{n}.{ext}"),
        };
        let path = folder.join(name);
        match OpenOptions::new().write(true).create_new(true).open(&path) {
            Ok(mut file) => {
                if file
                    .write_all(text.as_bytes())
                    .and_then(|()| file.flush())
                    .is_ok()
                {
                    return Some(path);
                }
                let _ = std::fs::remove_file(&path);
                break;
            }
            Err(e) if e.kind() == io::ErrorKind::AlreadyExists => continue,
            Err(_) => break,
        }
    }
    let mut err = io::stderr().lock();
    let _ = write!(err, "----- {stem}: begin -----\n{text}");
    if !text.ends_with('\n') {
        let _ = writeln!(err);
    }
    let _ = writeln!(err, "----- {stem}: end -----");
    None
}
