//! Spreading a match over machines: `--shard I/N` plays the games of the
//! match's numbered list whose index ≡ I (mod N) and writes them as a
//! [`ShardFile`] that records the match's definition, its hash and the
//! build's version; [`merge`] checks that a set of such files belongs to one
//! match and one build and holds every game exactly once, naming the odd
//! file when not, and gives back all the games in order.

use super::contender::Contender;
use super::play::{GameResult, MatchConfig};
use crate::game::Variant;
use crate::search::{Limits, SearchParams};
use serde::de::DeserializeOwned;
use serde::{Deserialize, Serialize};
use std::fmt;
use std::path::{Path, PathBuf};
use std::str::FromStr;

/// Most shards a match may be split into.
pub const MAX_SHARDS: usize = 100_000;

/// Shard `index` of `count`: the games whose index ≡ `index` (mod `count`).
///
/// ```
/// use quoridor::arena::shard::Shard;
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
}

impl ShardKind {
    /// The command's name, which is also the stem of its default file name.
    pub fn name(self) -> &'static str {
        match self {
            ShardKind::Arena => "arena",
            ShardKind::Experiments => "experiments",
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

/// Why shard files cannot be merged. Every case names the file at fault (or
/// the shard that is missing).
#[derive(Debug)]
pub enum MergeError {
    /// No files were given.
    NoFiles,
    /// A file cannot be read.
    Read {
        /// The file.
        path: PathBuf,
        /// What the system said.
        source: std::io::Error,
    },
    /// A file is not a shard file of this kind.
    NotAShard {
        /// The file.
        path: PathBuf,
        /// The kind expected.
        kind: ShardKind,
        /// What the parser said.
        source: serde_json::Error,
    },
    /// A file is a shard of the other command.
    WrongKind {
        /// The file.
        path: PathBuf,
        /// The kind expected.
        expected: ShardKind,
        /// The kind it is.
        found: ShardKind,
    },
    /// A file's definition does not hash to the hash it records.
    Altered {
        /// The file.
        path: PathBuf,
    },
    /// A file belongs to another match than the first file.
    OtherMatch {
        /// The file.
        path: PathBuf,
        /// Its definition hash.
        hash: String,
        /// The first file.
        first: PathBuf,
        /// The first file's definition hash.
        first_hash: String,
    },
    /// A file was played by another build than the first file.
    OtherVersion {
        /// The file.
        path: PathBuf,
        /// Its build.
        version: String,
        /// The first file.
        first: PathBuf,
        /// The first file's build.
        first_version: String,
    },
    /// A file splits the match into another number of shards (or games).
    OtherSplit {
        /// The file.
        path: PathBuf,
        /// Its shard.
        shard: Shard,
        /// Its number of games.
        games: usize,
        /// The first file.
        first: PathBuf,
        /// The first file's shard.
        first_shard: Shard,
        /// The first file's number of games.
        first_games: usize,
    },
    /// A file holds a game that is not in its shard (or not in the match).
    Stray {
        /// The file.
        path: PathBuf,
        /// The game's index.
        game: usize,
        /// The file's shard.
        shard: Shard,
    },
    /// A game is in two files (or twice in one).
    Duplicate {
        /// The game's index.
        game: usize,
        /// The file it was found in first.
        first: PathBuf,
        /// The file it was found in again.
        path: PathBuf,
    },
    /// Games are in no file.
    Missing {
        /// Their indices.
        games: Vec<usize>,
        /// The shards they belong to.
        shards: Vec<Shard>,
    },
}

impl fmt::Display for MergeError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            MergeError::NoFiles => f.write_str("no shard files to merge"),
            MergeError::Read { path, source } => {
                write!(f, "could not read {}: {source}", path.display())
            }
            MergeError::NotAShard { path, kind, source } => write!(
                f,
                "{} is not a shard file of `quoridor {kind} --shard`: {source}",
                path.display()
            ),
            MergeError::WrongKind {
                path,
                expected,
                found,
            } => write!(
                f,
                "{} is a shard of `quoridor {found}`, not of `quoridor {expected}`",
                path.display()
            ),
            MergeError::Altered { path } => write!(
                f,
                "{}: its match definition does not match the hash it records (was it edited?)",
                path.display()
            ),
            MergeError::OtherMatch {
                path,
                hash,
                first,
                first_hash,
            } => write!(
                f,
                "{} belongs to another match than {} (definition {hash}, not {first_hash})",
                path.display(),
                first.display()
            ),
            MergeError::OtherVersion {
                path,
                version,
                first,
                first_version,
            } => write!(
                f,
                "{} was played by quoridor {version} but {} by quoridor {first_version}; merge only shards of one build",
                path.display(),
                first.display()
            ),
            MergeError::OtherSplit {
                path,
                shard,
                games,
                first,
                first_shard,
                first_games,
            } => write!(
                f,
                "{} is shard {shard} of {games} games but {} is shard {first_shard} of {first_games} games",
                path.display(),
                first.display()
            ),
            MergeError::Stray { path, game, shard } => write!(
                f,
                "{} holds game index {game}, which is not in its shard {shard}",
                path.display()
            ),
            MergeError::Duplicate { game, first, path } => {
                if first == path {
                    write!(
                        f,
                        "game index {game} is twice in {} (or the file was given twice)",
                        path.display()
                    )
                } else {
                    write!(
                        f,
                        "game index {game} is in both {} and {}",
                        first.display(),
                        path.display()
                    )
                }
            }
            MergeError::Missing { games, shards } => {
                let list: Vec<String> = games.iter().take(10).map(ToString::to_string).collect();
                let more = if games.len() > 10 { ", …" } else { "" };
                let shards: Vec<String> = shards.iter().map(ToString::to_string).collect();
                write!(
                    f,
                    "{} games are missing (indices {}{more}): no results for shard {}",
                    games.len(),
                    list.join(", "),
                    shards.join(", ")
                )
            }
        }
    }
}

impl std::error::Error for MergeError {}

/// Reads the shard file at `path`, which must be of `kind`.
pub fn read_shard<T: DeserializeOwned>(
    path: &Path,
    kind: ShardKind,
) -> Result<ShardFile<T>, MergeError> {
    let text = std::fs::read_to_string(path).map_err(|source| MergeError::Read {
        path: path.to_path_buf(),
        source,
    })?;
    // Look at the kind first, so a shard of the other command gets a clear
    // message rather than a parser's complaint about its results.
    #[derive(Deserialize)]
    struct KindOnly {
        kind: ShardKind,
    }
    if let Ok(KindOnly { kind: found }) = serde_json::from_str(&text) {
        if found != kind {
            return Err(MergeError::WrongKind {
                path: path.to_path_buf(),
                expected: kind,
                found,
            });
        }
    }
    serde_json::from_str(&text).map_err(|source| MergeError::NotAShard {
        path: path.to_path_buf(),
        kind,
        source,
    })
}

/// Shards merged into the whole match.
#[derive(Clone, Debug)]
pub struct Merged<T> {
    /// The match's definition.
    pub definition: serde_json::Value,
    /// Its hash.
    pub definition_hash: String,
    /// The build that played it.
    pub version: String,
    /// How many shards it was split into.
    pub shards: usize,
    /// Wall-clock seconds of all shards together.
    pub seconds: f64,
    /// Every game, in order.
    pub results: Vec<T>,
}

/// Merges the shard files `files` (each with the path it was read from):
/// they must record one definition, one build and one split, and hold each
/// of the match's games exactly once.
pub fn merge<T: Numbered>(files: Vec<(PathBuf, ShardFile<T>)>) -> Result<Merged<T>, MergeError> {
    let mut files = files.into_iter();
    let Some((first_path, first)) = files.next() else {
        return Err(MergeError::NoFiles);
    };
    let games = first.games;
    let count = first.shard.count;
    let mut slots: Vec<Option<(usize, T)>> = (0..games).map(|_| None).collect();
    let mut paths: Vec<PathBuf> = Vec::new();
    let mut seconds = 0.0;
    let definition = first.definition.clone();
    let hash = first.definition_hash.clone();
    let version = first.version.clone();
    let first_shard = first.shard;
    for (path, file) in std::iter::once((first_path.clone(), first)).chain(files) {
        if definition_hash(&file.definition) != file.definition_hash {
            return Err(MergeError::Altered { path });
        }
        if file.definition_hash != hash {
            return Err(MergeError::OtherMatch {
                path,
                hash: file.definition_hash,
                first: first_path,
                first_hash: hash,
            });
        }
        if file.version != version {
            return Err(MergeError::OtherVersion {
                path,
                version: file.version,
                first: first_path,
                first_version: version,
            });
        }
        if file.shard.count != count || file.games != games || file.shard.index >= count {
            return Err(MergeError::OtherSplit {
                path,
                shard: file.shard,
                games: file.games,
                first: first_path,
                first_shard,
                first_games: games,
            });
        }
        seconds += file.seconds;
        let file_number = paths.len();
        for result in file.results {
            let game = result.number();
            let Some(slot) = slots.get_mut(game).filter(|_| file.shard.selects(game)) else {
                return Err(MergeError::Stray {
                    path,
                    game,
                    shard: file.shard,
                });
            };
            if let Some((earlier, _)) = slot {
                let first = if *earlier == file_number {
                    path.clone()
                } else {
                    paths[*earlier].clone()
                };
                return Err(MergeError::Duplicate { game, first, path });
            }
            *slot = Some((file_number, result));
        }
        paths.push(path);
    }
    let missing: Vec<usize> = (0..games).filter(|&g| slots[g].is_none()).collect();
    if !missing.is_empty() {
        let mut shards: Vec<Shard> = missing
            .iter()
            .map(|&g| Shard {
                index: g % count,
                count,
            })
            .collect();
        shards.sort_by_key(|s| s.index);
        shards.dedup();
        return Err(MergeError::Missing {
            games: missing,
            shards,
        });
    }
    Ok(Merged {
        definition,
        definition_hash: hash,
        version,
        shards: count,
        seconds,
        results: slots.into_iter().flatten().map(|(_, r)| r).collect(),
    })
}

/// One side of an arena match as its definition records it.
#[derive(Clone, Debug, Serialize, Deserialize)]
#[serde(rename_all = "snake_case", tag = "kind")]
pub enum ContenderDefinition {
    /// In-process settings.
    Internal {
        /// Name in reports.
        label: String,
        /// The settings.
        params: SearchParams,
    },
    /// An external engine's command.
    External {
        /// Name in reports.
        label: String,
        /// The command.
        command: String,
    },
}

impl ContenderDefinition {
    /// The name in reports.
    pub fn label(&self) -> &str {
        match self {
            ContenderDefinition::Internal { label, .. }
            | ContenderDefinition::External { label, .. } => label,
        }
    }
}

/// Everything that defines an arena match's games.
#[derive(Clone, Debug, Serialize, Deserialize)]
pub struct ArenaDefinition {
    /// Engine A.
    pub a: ContenderDefinition,
    /// Engine B.
    pub b: ContenderDefinition,
    /// Games in the match.
    pub games: usize,
    /// Board size, walls, start squares.
    pub variant: Variant,
    /// The per-move limit for both sides, if any.
    pub limit: Option<Limits>,
    /// The openings' records.
    pub openings: Vec<String>,
    /// Plies before adjudication.
    pub move_cap: usize,
    /// The base seed.
    pub seed: u64,
}

impl ArenaDefinition {
    /// The definition of the match `config` (threads and the external
    /// engines' grace time do not change which games are played).
    pub fn of(config: &MatchConfig) -> ArenaDefinition {
        let side = |c: &Contender| match c {
            Contender::Internal { label, params } => ContenderDefinition::Internal {
                label: label.clone(),
                params: params.clone(),
            },
            Contender::External { label, command, .. } => ContenderDefinition::External {
                label: label.clone(),
                command: command.clone(),
            },
        };
        ArenaDefinition {
            a: side(&config.a),
            b: side(&config.b),
            games: config.games,
            variant: config.variant,
            limit: config.limit,
            openings: config.openings.iter().map(ToString::to_string).collect(),
            move_cap: config.move_cap,
            seed: config.seed,
        }
    }

    /// As JSON, for a [`ShardFile`].
    pub fn to_json(&self) -> Result<serde_json::Value, serde_json::Error> {
        serde_json::to_value(self)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[derive(Debug)]
    struct Game(usize);

    impl Numbered for Game {
        fn number(&self) -> usize {
            self.0
        }
    }

    fn file(shard: &str, games: &[usize]) -> (PathBuf, ShardFile<Game>) {
        let shard: Shard = shard.parse().expect("a shard");
        let definition = serde_json::json!({ "games": 6, "engines": "x" });
        let results = games.iter().map(|&g| Game(g)).collect();
        (
            PathBuf::from(format!("s{}.json", shard.index)),
            ShardFile::new(ShardKind::Arena, definition, shard, 6, 1.0, results),
        )
    }

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
    fn merge_puts_games_in_order_and_checks_them() {
        let merged = merge(vec![file("1/2", &[1, 3, 5]), file("0/2", &[0, 2, 4])]).expect("ok");
        let order: Vec<usize> = merged.results.iter().map(|g| g.0).collect();
        assert_eq!(order, [0, 1, 2, 3, 4, 5]);
        assert_eq!((merged.shards, merged.seconds), (2, 2.0));

        let missing = merge(vec![file("0/2", &[0, 2, 4])]).expect_err("missing");
        assert!(missing
            .to_string()
            .contains("3 games are missing (indices 1, 3, 5)"));
        assert!(missing.to_string().contains("shard 1/2"));

        let doubled =
            merge(vec![file("0/2", &[0, 2, 4]), file("0/2", &[0, 2, 4])]).expect_err("twice");
        assert!(doubled
            .to_string()
            .contains("game index 0 is twice in s0.json"));

        let stray = merge(vec![file("0/2", &[0, 1])]).expect_err("stray");
        assert!(stray.to_string().contains("s0.json holds game index 1"));

        let mut other = file("1/2", &[1, 3, 5]);
        other.1.definition = serde_json::json!({ "games": 6, "engines": "y" });
        other.1.definition_hash = definition_hash(&other.1.definition);
        let err = merge(vec![file("0/2", &[0, 2, 4]), other]).expect_err("other match");
        assert!(err
            .to_string()
            .starts_with("s1.json belongs to another match than s0.json"));

        let mut edited = file("1/2", &[1, 3, 5]);
        edited.1.definition = serde_json::json!({ "games": 6, "engines": "y" });
        let err = merge(vec![file("0/2", &[0, 2, 4]), edited]).expect_err("edited");
        assert!(matches!(err, MergeError::Altered { .. }));

        let mut old = file("1/2", &[1, 3, 5]);
        old.1.version = "0.0.1".into();
        let err = merge(vec![file("0/2", &[0, 2, 4]), old]).expect_err("version");
        assert!(err
            .to_string()
            .contains("s1.json was played by quoridor 0.0.1"));

        let err = merge(vec![file("0/2", &[0, 2, 4]), file("1/3", &[1, 4])]).expect_err("split");
        assert!(err.to_string().contains("s1.json is shard 1/3"));
        assert!(matches!(merge::<Game>(vec![]), Err(MergeError::NoFiles)));
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
