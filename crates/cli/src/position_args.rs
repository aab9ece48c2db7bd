//! The record/position arguments: the variant flags and the game record that
//! `moves`, `show`, `perft` and `review` read, and how they become a [`Game`].
//!
//! The record comes from the arguments, or as Unix tools read their input:
//! `-` reads standard input; a single argument that holds a `/`, or a `.`
//! other than in a move number (`12.`) or a `{…}` comment, is a file to read
//! (moves and header tags never hold either); no record at all reads standard
//! input when it is not a terminal (so `echo "e2 e8" | quoridor show` works,
//! and an empty input is the start position), else the start position.

use super::ranges::{BoardSize, WallCount};
use clap::Args;
use quoridor_rules::{is_move_number, Game, Player, RecordError, Variant, VariantError};
use std::fmt;
use std::io::{self, IsTerminal, Read};

/// The variant flags and the record of `moves` and `show`.
#[derive(Debug, Args)]
pub struct PositionArgs {
    /// Board size when the record has no header (3–11, default 9)
    #[arg(long, value_name = "N", value_parser = BoardSize)]
    pub size: Option<u8>,
    /// Walls per player when the record has no header (0–20, default 10)
    #[arg(long, value_name = "W", value_parser = WallCount)]
    pub walls: Option<u8>,
    /// The game record (moves, optionally after header tags), a file holding
    /// it (a path with / or .), or - for stdin [default: stdin if piped, else
    /// the start position]
    #[arg(value_name = "RECORD")]
    pub record: Vec<String>,
}

/// Where the record comes from.
#[derive(Debug)]
enum RecordSource<'a> {
    /// The arguments themselves, joined by spaces.
    Arguments,
    /// A file at this path.
    File(&'a str),
    /// Standard input.
    Stdin,
}

impl<'a> RecordSource<'a> {
    /// Where the arguments say the record is; `piped` is whether standard
    /// input is not a terminal.
    fn of(record: &'a [String], piped: bool) -> RecordSource<'a> {
        match record {
            [] if piped => RecordSource::Stdin,
            [only] if only == "-" => RecordSource::Stdin,
            [only] if is_path(only) => RecordSource::File(only),
            _ => RecordSource::Arguments,
        }
    }
}

/// Whether `arg` names a file rather than holding a record: it has a `/`, or
/// a `.` outside a move number or a comment.
fn is_path(arg: &str) -> bool {
    let mut outside_comments = String::new();
    let mut depth = 0usize;
    for c in arg.chars() {
        match c {
            '{' => depth += 1,
            '}' => depth = depth.saturating_sub(1),
            _ if depth == 0 => outside_comments.push(c),
            _ => {}
        }
    }
    arg.contains('/')
        || outside_comments
            .split_whitespace()
            .any(|word| word.contains('.') && !is_move_number(word))
}

/// Why the record and the variant flags do not give a position.
#[derive(Debug)]
pub enum PositionError {
    /// The record's header names another variant than `--size`/`--walls`.
    HeaderContradictsFlags {
        /// The header's board size.
        size: u8,
        /// The header's walls per player.
        walls: u8,
    },
    /// The flags make no valid variant.
    Variant(VariantError),
    /// The record cannot be read or holds an illegal move.
    Record(RecordError),
    /// The file named as the record cannot be read.
    RecordFile {
        /// The path as given.
        path: String,
        /// Why it cannot be read.
        error: io::Error,
    },
    /// Standard input, where the record was to come from, cannot be read.
    Stdin(io::Error),
}

impl fmt::Display for PositionError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            PositionError::HeaderContradictsFlags { size, walls } => write!(
                f,
                "the record header says size {size} walls {walls}, which contradicts --size/--walls"
            ),
            PositionError::Variant(e) => e.fmt(f),
            PositionError::Record(e) => e.fmt(f),
            PositionError::RecordFile { path, error } => {
                write!(f, "cannot read record file {path:?}: {error}")
            }
            PositionError::Stdin(error) => {
                write!(f, "cannot read the record from standard input: {error}")
            }
        }
    }
}

impl std::error::Error for PositionError {}

impl PositionArgs {
    /// The game after the record. A header in the record must agree with the
    /// flags.
    pub fn game(&self) -> Result<Game, PositionError> {
        self.game_with_result().map(|(game, _)| game)
    }

    /// The game after the record, and the result the record states at its
    /// end (checked against the moves), if any.
    pub fn game_with_result(&self) -> Result<(Game, Option<Player>), PositionError> {
        let record = self.record_text()?;
        let base = Variant::new(self.size.unwrap_or(9), self.walls.unwrap_or(10))
            .map_err(PositionError::Variant)?;
        // Compare the header with the flags before reporting a bad move: a
        // move read on the wrong board would give a misleading message.
        let (game, error) = Game::parse_prefix(&record, base);
        let v = game.variant();
        if self.size.is_some_and(|s| s != v.size()) || self.walls.is_some_and(|w| w != v.walls()) {
            return Err(PositionError::HeaderContradictsFlags {
                size: v.size(),
                walls: v.walls(),
            });
        }
        match error {
            Some(e) => Err(PositionError::Record(e)),
            None => Ok((game, Game::stated_result(&record))),
        }
    }

    /// The record's text, from the arguments, a file or standard input.
    fn record_text(&self) -> Result<String, PositionError> {
        match RecordSource::of(&self.record, !io::stdin().is_terminal()) {
            RecordSource::Arguments => Ok(self.record.join(" ")),
            RecordSource::File(path) => {
                std::fs::read_to_string(path).map_err(|error| PositionError::RecordFile {
                    path: path.to_string(),
                    error,
                })
            }
            RecordSource::Stdin => {
                let mut text = String::new();
                io::stdin()
                    .lock()
                    .read_to_string(&mut text)
                    .map_err(PositionError::Stdin)?;
                Ok(text)
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Where `args` take the record from, in words.
    fn source(args: &[&str], piped: bool) -> String {
        let args: Vec<String> = args.iter().map(ToString::to_string).collect();
        match RecordSource::of(&args, piped) {
            RecordSource::File(path) => format!("file {path}"),
            RecordSource::Arguments => "arguments".to_string(),
            RecordSource::Stdin => "stdin".to_string(),
        }
    }

    #[test]
    fn a_single_argument_with_a_slash_or_a_dot_is_a_file() {
        assert_eq!(source(&["game.txt"], false), "file game.txt");
        assert_eq!(source(&["games/one"], true), "file games/one");
        assert_eq!(source(&["my game.txt"], false), "file my game.txt");
        // Two arguments are moves, even with a dot.
        assert_eq!(source(&["game.txt", "e2"], false), "arguments");
    }

    #[test]
    fn move_numbers_comments_and_headers_are_records() {
        for record in [
            "1. e2 e8 2. e3",
            "e2 e8 e3?! {better: e3h, win 52.5% → 40%} e7",
            "[size 5] [walls 3] c2 c4",
            "e2",
        ] {
            assert_eq!(source(&[record], false), "arguments", "{record}");
        }
    }

    #[test]
    fn standard_input_is_read_for_a_dash_or_when_piped_without_a_record() {
        assert_eq!(source(&["-"], false), "stdin");
        assert_eq!(source(&[], true), "stdin");
        assert_eq!(source(&[], false), "arguments");
        assert_eq!(source(&["e2"], true), "arguments");
    }
}
