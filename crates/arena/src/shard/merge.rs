//! Putting shard files back together: each file is checked against the
//! first (definition, build, split) and every game must be there once.

use super::{definition_hash, Numbered, Shard, ShardFile, ShardKind};
use quoridor_text::count;
use serde::de::DeserializeOwned;
use serde::Deserialize;
use std::fmt;
use std::path::{Path, PathBuf};

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
                "{} is shard {shard} of {} but {} is shard {first_shard} of {}",
                path.display(),
                count(*games, "game"),
                first.display(),
                count(*first_games, "game")
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
                    "{} missing (indices {}{more}): no results for shard {}",
                    match games.len() {
                        1 => "1 game is".to_string(),
                        n => format!("{n} games are"),
                    },
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
}
