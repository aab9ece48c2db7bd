//! `--tables PATH`: solved tables (`quoridor solve --out`) the engines play
//! from where they cover the position.

use clap::Args;
use quoridor_solver::shelf::{ShelfError, TableShelf};
use std::path::PathBuf;
use std::sync::Arc;

/// `--tables PATH`, on the subcommands that can play from solved tables.
#[derive(Debug, Args)]
pub struct TablesArg {
    /// Solved tables to play from where they cover the position: a
    /// directory of files written by `quoridor solve --out`, or one such
    /// file (the engine answers a covered position with a best move by the
    /// table, without a search; see docs/solved.md)
    #[arg(long, value_name = "PATH")]
    pub tables: Option<PathBuf>,
}

impl TablesArg {
    /// The tables named, their headers read; none without the flag.
    pub fn shelf(&self) -> Result<Option<Arc<TableShelf>>, ShelfError> {
        self.tables
            .as_deref()
            .map(|path| TableShelf::open(path).map(Arc::new))
            .transpose()
    }
}
