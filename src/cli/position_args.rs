//! The record/position arguments: the variant flags and the game record that
//! `moves`, `show`, `perft` and `review` read, and how they become a [`Game`].

use super::ranges::{BoardSize, WallCount};
use crate::game::{Game, RecordError, Variant, VariantError};
use clap::Args;
use std::fmt;

/// The variant flags and the record of `moves` and `show`.
#[derive(Debug, Args)]
pub struct PositionArgs {
    /// Board size when the record has no header (3–11, default 9)
    #[arg(long, value_name = "N", value_parser = BoardSize)]
    pub size: Option<u8>,
    /// Walls per player when the record has no header (0–20, default 10)
    #[arg(long, value_name = "W", value_parser = WallCount)]
    pub walls: Option<u8>,
    /// The game record: moves separated by spaces, optionally after header tags
    #[arg(value_name = "RECORD")]
    pub record: Vec<String>,
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
        }
    }
}

impl std::error::Error for PositionError {}

impl PositionArgs {
    /// The game after the record. A header in the record must agree with the
    /// flags.
    pub fn game(&self) -> Result<Game, PositionError> {
        let record = self.record.join(" ");
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
            None => Ok(game),
        }
    }
}
