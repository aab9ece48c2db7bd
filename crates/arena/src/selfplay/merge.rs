//! Putting the shard files of one self-play run back together, with the
//! arena's shard checks: one run, one build, one split, every game once.

use super::format::{GameLine, Header};
use super::reader::{ReadError, SelfplayReader};
use crate::shard::ShardKind;
use crate::shard::{self, definition_hash, MergeError, Numbered, Shard, ShardFile};
use std::fmt;
use std::path::PathBuf;

impl Numbered for GameLine {
    fn number(&self) -> usize {
        self.game
    }
}

/// Why self-play files cannot be merged.
#[derive(Debug)]
pub enum SelfplayMergeError {
    /// A file cannot be read (or is corrupt).
    Read(ReadError),
    /// The files do not make one whole run.
    Merge(MergeError),
}

impl fmt::Display for SelfplayMergeError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            SelfplayMergeError::Read(e) => e.fmt(f),
            SelfplayMergeError::Merge(e) => e.fmt(f),
        }
    }
}

impl std::error::Error for SelfplayMergeError {}

/// Reads the self-play files `paths` (every game checked) and merges them:
/// they must be shards of one run played by one build, together holding
/// every game once. Returns the first file's header with no shard (the
/// whole run; its `command` is still the first shard's) and the games in
/// order.
pub fn merge_files(paths: &[PathBuf]) -> Result<(Header, Vec<GameLine>), SelfplayMergeError> {
    let mut files = Vec::with_capacity(paths.len());
    let mut first_header = None;
    for path in paths {
        let reader = SelfplayReader::open(path).map_err(SelfplayMergeError::Read)?;
        let header = reader.header().clone();
        let games = reader
            .map(|game| game.map(|g| g.line))
            .collect::<Result<Vec<_>, _>>()
            .map_err(SelfplayMergeError::Read)?;
        let definition = header.run_definition();
        let file = ShardFile {
            kind: ShardKind::Selfplay,
            version: header.build.clone(),
            definition_hash: definition_hash(&definition),
            definition,
            shard: header.shard.unwrap_or(Shard::WHOLE),
            games: header.games,
            seconds: 0.0,
            results: games,
        };
        first_header.get_or_insert(header);
        files.push((path.clone(), file));
    }
    let merged = shard::merge(files).map_err(SelfplayMergeError::Merge)?;
    let Some(mut header) = first_header else {
        return Err(SelfplayMergeError::Merge(MergeError::NoFiles));
    };
    header.shard = None;
    Ok((header, merged.results))
}
