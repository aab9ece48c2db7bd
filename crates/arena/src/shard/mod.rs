//! Spreading a match over machines: `--shard I/N` plays the games of the
//! match's numbered list whose index ≡ I (mod N) and writes them as a
//! [`ShardFile`] that records the match's definition, its hash and the
//! build's version; [`merge`] checks that a set of such files belongs to one
//! match and one build and holds every game exactly once, naming the odd
//! file when not, and gives back all the games in order.

mod definition;
mod merge;

pub use definition::{ArenaDefinition, ContenderDefinition};
pub use merge::{merge, read_shard, MergeError, Merged};

use super::play::GameResult;
use serde::{Deserialize, Serialize};
use std::fmt;
use std::str::FromStr;

/// Most shards a match may be split into.
pub const MAX_SHARDS: usize = 100_000;

/// Shard `index` of `count`: the games whose index ≡ `index` (mod `count`).
///
/// ```
/// use quoridor_arena::shard::Shard;
/// let shard: Shard = "1/4".parse().unwrap();
/// assert_eq!(shard.share(10), [1, 5, 9]);
/// assert!("4/4".parse::<Shard>().is_err());
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct Shard {
    /// Which shard, 0 to `count − 1` (like `SLURM_ARRAY_TASK_ID`).
    pub index: usize,
    /// How many shards the match is split into.
    pub count: usize,
}

impl Shard {
    /// The whole match as one shard.
    pub const WHOLE: Shard = Shard { index: 0, count: 1 };

    /// Whether game `game` of the numbered list belongs to this shard.
    pub fn selects(self, game: usize) -> bool {
        game % self.count == self.index
    }

    /// This shard's games out of a list of `total`, in order.
    pub fn share(self, total: usize) -> Vec<usize> {
        (self.index..total).step_by(self.count).collect()
    }

    /// The default name of this shard's file of `kind`:
    /// `arena-shard-I-of-N.json`, `experiments-shard-I-of-N.json`.
    pub fn file_name(self, kind: ShardKind) -> String {
        format!("{kind}-shard-{}-of-{}.json", self.index, self.count)
    }
}

impl fmt::Display for Shard {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}/{}", self.index, self.count)
    }
}

/// A `--shard` value that is not `I/N` with 0 ≤ I < N.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct BadShard(String);

impl fmt::Display for BadShard {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "--shard needs I/N with 0 ≤ I < N ≤ {MAX_SHARDS} (like 2/8, the third of eight shards), got {:?}",
            self.0
        )
    }
}

impl std::error::Error for BadShard {}

impl FromStr for Shard {
    type Err = BadShard;

    fn from_str(text: &str) -> Result<Shard, BadShard> {
        let bad = || BadShard(text.to_string());
        let (i, n) = text.split_once('/').ok_or_else(bad)?;
        let number = |s: &str| s.trim().parse::<usize>().map_err(|_| bad());
        let (index, count) = (number(i)?, number(n)?);
        if count == 0 || count > MAX_SHARDS || index >= count {
            return Err(bad());
        }
        Ok(Shard { index, count })
    }
}

/// The build's version as shard files record it: the package version, plus
/// `QUORIDOR_BUILD_ID` (a commit, say) if it was set when the tool was
/// compiled. Shards merge only with shards of the same version.
pub fn build_version() -> String {
    match option_env!("QUORIDOR_BUILD_ID") {
        Some(id) if !id.is_empty() => format!("{} ({id})", env!("CARGO_PKG_VERSION")),
        _ => env!("CARGO_PKG_VERSION").to_string(),
    }
}

/// The command a shard file comes from.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum ShardKind {
    /// `quoridor arena --shard`.
    Arena,
    /// `quoridor experiments --shard`.
    Experiments,
    /// `quoridor selfplay --shard`.
    Selfplay,
}

impl ShardKind {
    /// The command's name, which is also the stem of its default file name.
    pub fn name(self) -> &'static str {
        match self {
            ShardKind::Arena => "arena",
            ShardKind::Experiments => "experiments",
            ShardKind::Selfplay => "selfplay",
        }
    }
}

impl fmt::Display for ShardKind {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

/// A stable hash of a match definition: 64-bit FNV-1a of its compact JSON
/// (keys sorted), as 16 hex digits. The same definition hashes the same on
/// every machine and build.
pub fn definition_hash(definition: &serde_json::Value) -> String {
    let mut hash: u64 = 0xcbf2_9ce4_8422_2325;
    for byte in definition.to_string().bytes() {
        hash ^= u64::from(byte);
        hash = hash.wrapping_mul(0x0100_0000_01b3);
    }
    format!("{hash:016x}")
}

/// One shard's results, as written by `--shard` and read by the merges.
#[derive(Clone, Debug, Serialize, Deserialize)]
pub struct ShardFile<T> {
    /// The command that played it.
    pub kind: ShardKind,
    /// The build that played it ([`build_version`]).
    pub version: String,
    /// [`definition_hash`] of `definition`.
    pub definition_hash: String,
    /// Everything that defines the match's games (engines, limits, variant,
    /// openings, number of games, seeds).
    pub definition: serde_json::Value,
    /// Which shard this is.
    pub shard: Shard,
    /// Games in the whole numbered list (all shards together).
    pub games: usize,
    /// Wall-clock seconds the shard took.
    pub seconds: f64,
    /// This shard's games, in order.
    pub results: Vec<T>,
}

impl<T> ShardFile<T> {
    /// The file of `shard` of the match `definition` with `games` games in
    /// all, played by this build in `seconds`.
    pub fn new(
        kind: ShardKind,
        definition: serde_json::Value,
        shard: Shard,
        games: usize,
        seconds: f64,
        results: Vec<T>,
    ) -> ShardFile<T> {
        ShardFile {
            kind,
            version: build_version(),
            definition_hash: definition_hash(&definition),
            definition,
            shard,
            games,
            seconds,
            results,
        }
    }
}

/// A game that knows its number in the match's list.
pub trait Numbered {
    /// Its index in the numbered list (0-based).
    fn number(&self) -> usize;
}

impl Numbered for GameResult {
    fn number(&self) -> usize {
        self.index
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn shards_read_and_select_by_remainder() {
        let s: Shard = "1/4".parse().expect("valid");
        assert_eq!(s, Shard { index: 1, count: 4 });
        assert_eq!(s.share(10), [1, 5, 9]);
        assert!(s.selects(5) && !s.selects(6));
        assert_eq!(s.to_string(), "1/4");
        assert_eq!(s.file_name(ShardKind::Arena), "arena-shard-1-of-4.json");
        for bad in ["", "4/4", "1/0", "-1/4", "1", "a/b", "1/4/2", "0/100001"] {
            assert!(bad.parse::<Shard>().is_err(), "{bad:?}");
        }
    }

    #[test]
    fn definition_hashes_are_stable() {
        let v = serde_json::json!({ "b": 1, "a": [1, 2] });
        assert_eq!(definition_hash(&v), definition_hash(&v.clone()));
        assert_eq!(definition_hash(&v).len(), 16);
        assert_ne!(
            definition_hash(&v),
            definition_hash(&serde_json::json!({ "b": 2 }))
        );
    }
}
