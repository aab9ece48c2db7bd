//! The arena's openings file: one record per line on the match's variant,
//! blank lines and `#` comments skipped; any bad line is an error naming it.

use quoridor_rules::{Game, RecordError, Variant};
use std::io;
use std::path::Path;

/// What is wrong with an openings file.
#[derive(Debug)]
pub enum OpeningsProblem {
    /// It cannot be read.
    Unreadable(io::Error),
    /// A line is not a record of the match's variant.
    BadRecord {
        /// 1-based line number.
        line: usize,
        /// Why.
        error: RecordError,
    },
    /// A line's header names another variant.
    OtherBoard {
        /// 1-based line number.
        line: usize,
        /// The match's variant.
        variant: Variant,
    },
    /// A line is a finished game.
    Finished {
        /// 1-based line number.
        line: usize,
    },
    /// No line holds an opening.
    Empty,
}

/// Reads an openings file: one record per line on `variant`; blank lines and
/// lines starting with `#` are skipped. Any bad line is an error naming it.
pub fn read_openings(path: &Path, variant: Variant) -> Result<Vec<Game>, OpeningsProblem> {
    let text = std::fs::read_to_string(path).map_err(OpeningsProblem::Unreadable)?;
    let mut openings = Vec::new();
    for (n, line) in text.lines().enumerate() {
        let line_number = n + 1;
        let line = line.trim();
        if line.is_empty() || line.starts_with('#') {
            continue;
        }
        let game = Game::parse_with_variant(line, variant).map_err(|error| {
            OpeningsProblem::BadRecord {
                line: line_number,
                error,
            }
        })?;
        if game.variant() != variant {
            return Err(OpeningsProblem::OtherBoard {
                line: line_number,
                variant,
            });
        }
        if game.winner().is_some() {
            return Err(OpeningsProblem::Finished { line: line_number });
        }
        openings.push(game);
    }
    if openings.is_empty() {
        return Err(OpeningsProblem::Empty);
    }
    Ok(openings)
}
