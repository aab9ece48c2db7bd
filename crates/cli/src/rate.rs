//! `quoridor arena rate FILES…`: the games of many arena summaries pooled
//! by engine label into one crosstable, ratings fitted to all of them at
//! once ([`quoridor_arena::ratings`]), a table of them and, with `--order`,
//! the ladder check of neighbours' head-to-head scores.

use super::args::RateArgs;
use super::output_target::Target;
use super::stdout::StdoutError;
use quoridor_arena::ratings::{Anchor, Crosstable, Ladder, LadderStep, RatingError, Ratings};
use quoridor_text::count;
use serde::{Deserialize, Serialize};
use std::collections::HashMap;
use std::fmt::{self, Write as _};
use std::io::{self, Write};
use std::path::{Path, PathBuf};

/// Why `arena rate` stopped (or, with `--check`, failed the ladder).
#[derive(Debug)]
pub enum RateError {
    /// A file cannot be read.
    Read {
        /// The file.
        path: PathBuf,
        /// What the system said.
        source: io::Error,
    },
    /// A file is not JSON.
    Json {
        /// The file.
        path: PathBuf,
        /// What the parser said.
        source: serde_json::Error,
    },
    /// A file is JSON but not an arena match's summary.
    NotSummary {
        /// The file.
        path: PathBuf,
        /// What is missing or wrong.
        problem: String,
    },
    /// A file is an arena shard file, to be merged first.
    Shard(PathBuf),
    /// A file was given twice (its games would count twice).
    Twice(PathBuf),
    /// Two files hold the same game (one match given under two names, or
    /// two merges of overlapping shards): its result would count twice.
    SameGame {
        /// The file read first.
        first: PathBuf,
        /// The file that repeats it.
        second: PathBuf,
        /// The game's index in its match.
        index: u64,
    },
    /// A match's two engines have the same label.
    SameEngine {
        /// The file.
        path: PathBuf,
        /// The label.
        label: String,
    },
    /// `--order` names fewer than two engines.
    ShortOrder,
    /// `--check` without a ladder to check.
    CheckWithoutOrder,
    /// The ratings cannot be fitted, or the ladder names an unknown engine.
    Rating(RatingError),
    /// The `--json` file cannot be created.
    CreateJson {
        /// The file.
        path: PathBuf,
        /// What the system said.
        source: io::Error,
    },
    /// The `--json` file cannot be written.
    WriteJson {
        /// The file.
        path: PathBuf,
        /// What the system said.
        source: io::Error,
    },
    /// `--check`: some steps of the ladder failed.
    CheckFailed {
        /// The steps that failed.
        failed: usize,
        /// All steps.
        steps: usize,
    },
    /// The table could not be written to standard output.
    Output(StdoutError),
}

impl RateError {
    /// 1 for a failed check or an unwritable `--json`, 2 for bad input (0 or
    /// 1 for standard output, see [`StdoutError::exit_code`]).
    pub fn exit_code(&self) -> i32 {
        match self {
            RateError::Output(e) => e.exit_code(),
            RateError::CheckFailed { .. } | RateError::WriteJson { .. } => 1,
            _ => 2,
        }
    }
}

impl fmt::Display for RateError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            RateError::Read { path, source } => {
                write!(f, "could not read {}: {source}", path.display())
            }
            RateError::Json { path, source } => {
                write!(f, "{} is not valid JSON: {source}", path.display())
            }
            RateError::NotSummary { path, problem } => write!(
                f,
                "{} is not an arena summary (as `arena --json` writes): {problem}",
                path.display()
            ),
            RateError::Shard(path) => write!(
                f,
                "{} is a shard file: merge a match's shards first (`quoridor arena merge SHARDS… --json FILE`) and rate the merged summary",
                path.display()
            ),
            RateError::Twice(path) => write!(
                f,
                "{} is given twice; its games would count twice",
                path.display()
            ),
            RateError::SameGame {
                first,
                second,
                index,
            } => write!(
                f,
                "{} and {} hold the same game (game {index}, the same engines and moves): one match given twice would count twice",
                first.display(),
                second.display()
            ),
            RateError::SameEngine { path, label } => write!(
                f,
                "{}: both engines are labelled {label:?}; an engine cannot be rated against itself",
                path.display()
            ),
            RateError::ShortOrder => f.write_str("--order needs at least two engines, weakest first"),
            RateError::CheckWithoutOrder => {
                f.write_str("--check needs --order, the ladder to check (weakest first)")
            }
            RateError::Rating(RatingError::UnknownEngine { label, known }) => write!(
                f,
                "--order: {label:?} is not one of the engines ({})",
                known.join(", ")
            ),
            RateError::Rating(e) => e.fmt(f),
            RateError::CreateJson { path, source } => {
                write!(f, "could not create {}: {source}", path.display())
            }
            RateError::WriteJson { path, source } => {
                write!(f, "could not write {}: {source}", path.display())
            }
            RateError::CheckFailed { failed, steps } => write!(
                f,
                "the ladder check failed at {failed} of {}",
                count(*steps, "step")
            ),
            RateError::Output(e) => e.fmt(f),
        }
    }
}

impl std::error::Error for RateError {}

impl From<io::Error> for RateError {
    fn from(e: io::Error) -> Self {
        RateError::Output(StdoutError(e))
    }
}

/// What `arena rate` reads of a summary: who played and who won.
#[derive(Deserialize)]
struct MatchCounts {
    games: u64,
    a: EngineCounts,
    b: EngineCounts,
    /// The games, when the summary lists them (`arena --json` does).
    #[serde(default)]
    results: Vec<GameId>,
}

/// What tells one arena game from another: its index in the match, who
/// moved first and its moves.
#[derive(Deserialize, Clone, PartialEq, Eq, Hash)]
struct GameId {
    index: u64,
    a_first: bool,
    record: String,
}

#[derive(Deserialize)]
struct EngineCounts {
    label: String,
    wins: u64,
}

/// Reads the arena summary at `path`.
fn read_summary(path: &Path) -> Result<MatchCounts, RateError> {
    let text = std::fs::read_to_string(path).map_err(|source| RateError::Read {
        path: path.to_path_buf(),
        source,
    })?;
    let value: serde_json::Value =
        serde_json::from_str(&text).map_err(|source| RateError::Json {
            path: path.to_path_buf(),
            source,
        })?;
    let not_summary = |problem: String| RateError::NotSummary {
        path: path.to_path_buf(),
        problem,
    };
    let Some(object) = value.as_object() else {
        return Err(not_summary("it holds no JSON object".to_string()));
    };
    if object.contains_key("shard") && object.contains_key("definition") {
        return match object.get("kind").and_then(|k| k.as_str()) {
            Some("arena") => Err(RateError::Shard(path.to_path_buf())),
            kind => Err(not_summary(format!(
                "it is a {} shard file",
                kind.unwrap_or("non-arena")
            ))),
        };
    }
    let counts: MatchCounts =
        serde_json::from_value(value).map_err(|e| not_summary(e.to_string()))?;
    if counts.a.wins.checked_add(counts.b.wins) != Some(counts.games) {
        return Err(not_summary(format!(
            "its wins ({} + {}) do not add up to its {}",
            counts.a.wins,
            counts.b.wins,
            count(counts.games, "game")
        )));
    }
    if counts.a.label == counts.b.label {
        return Err(RateError::SameEngine {
            path: path.to_path_buf(),
            label: counts.a.label,
        });
    }
    Ok(counts)
}

/// The games of all `files`, pooled by label.
fn crosstable(files: &[PathBuf]) -> Result<Crosstable, RateError> {
    let mut table = Crosstable::new();
    let mut seen = Vec::new();
    let mut games: HashMap<(String, String, GameId), &PathBuf> = HashMap::new();
    for path in files {
        let counts = read_summary(path)?;
        let canonical = std::fs::canonicalize(path).unwrap_or_else(|_| path.clone());
        if seen.contains(&canonical) {
            return Err(RateError::Twice(path.clone()));
        }
        seen.push(canonical);
        for game in &counts.results {
            let key = (counts.a.label.clone(), counts.b.label.clone(), game.clone());
            if let Some(first) = games.insert(key, path) {
                return Err(RateError::SameGame {
                    first: first.clone(),
                    second: path.clone(),
                    index: game.index,
                });
            }
        }
        table
            .add(
                &counts.a.label,
                &counts.b.label,
                counts.a.wins,
                counts.b.wins,
            )
            .map_err(RateError::Rating)?;
    }
    Ok(table)
}

/// The ladder's labels from `--order` values: each value a label, or
/// labels separated by commas, where a label that itself holds commas
/// (`preset=thesis,uct_c=0.05`) is recognised whole (the longest known
/// label wins).
fn ladder_order(values: &[String], known: &[String]) -> Result<Vec<String>, RateError> {
    let is_known = |label: &str| known.iter().any(|k| k == label);
    let mut order = Vec::new();
    for value in values {
        if is_known(value) {
            order.push(value.clone());
            continue;
        }
        let pieces: Vec<&str> = value.split(',').collect();
        let mut start = 0;
        while start < pieces.len() {
            let end = (start + 1..=pieces.len())
                .rev()
                .find(|&end| is_known(&pieces[start..end].join(",")))
                .ok_or_else(|| {
                    RateError::Rating(RatingError::UnknownEngine {
                        label: pieces[start].to_string(),
                        known: known.to_vec(),
                    })
                })?;
            order.push(pieces[start..end].join(","));
            start = end;
        }
    }
    if order.len() < 2 {
        return Err(RateError::ShortOrder);
    }
    Ok(order)
}

/// What `--json` writes.
#[derive(Serialize)]
struct RateJson<'a> {
    /// The summaries read.
    files: Vec<String>,
    #[serde(flatten)]
    ratings: &'a Ratings,
    /// The ladder check, with `--order`.
    ladder: Option<LadderJson<'a>>,
}

#[derive(Serialize)]
struct LadderJson<'a> {
    #[serde(flatten)]
    ladder: &'a Ladder,
    passed: bool,
}

/// Runs `quoridor arena rate` with `args`.
pub fn rate(args: &RateArgs) -> Result<(), RateError> {
    if args.check && args.order.is_empty() {
        return Err(RateError::CheckWithoutOrder);
    }
    let table = crosstable(&args.files)?;
    let anchor = match &args.anchor {
        Some(label) => Anchor::engine(label, args.anchor_rating),
        None => Anchor::Mean {
            rating: args.anchor_rating,
        },
    };
    let ratings = table.fit(&anchor).map_err(RateError::Rating)?;
    let ladder = if args.order.is_empty() {
        None
    } else {
        let order = ladder_order(&args.order, table.labels())?;
        Some(
            Ladder::check(&table, &order, args.min_score, args.min_games)
                .map_err(RateError::Rating)?,
        )
    };
    let mut to_stdout = false;
    if let Some(path) = &args.json {
        let json = RateJson {
            files: args.files.iter().map(|p| p.display().to_string()).collect(),
            ratings: &ratings,
            ladder: ladder.as_ref().map(|ladder| LadderJson {
                ladder,
                passed: ladder.passed(),
            }),
        };
        let text = serde_json::to_string_pretty(&json).unwrap_or_default() + "\n";
        to_stdout = write_json(path, &text)?;
    }
    let mut text = ratings_text(&table, &ratings, args.files.len());
    if let Some(ladder) = &ladder {
        text.push_str(&ladder_text(ladder));
    }
    if to_stdout {
        // The JSON holds standard output; the table is information.
        let _ = io::stderr().lock().write_all(text.as_bytes());
    } else {
        let mut out = io::stdout().lock();
        out.write_all(text.as_bytes())?;
        out.flush()?;
    }
    match &ladder {
        Some(ladder) if args.check && !ladder.passed() => Err(RateError::CheckFailed {
            failed: ladder.steps.iter().filter(|s| !s.passed()).count(),
            steps: ladder.steps.len(),
        }),
        _ => Ok(()),
    }
}

/// Writes `text` to `path` (`-` is standard output); whether it went to
/// standard output.
fn write_json(path: &Path, text: &str) -> Result<bool, RateError> {
    let target = Target::open(path).map_err(|source| RateError::CreateJson {
        path: path.to_path_buf(),
        source,
    })?;
    let written = match target {
        Target::Stdout => {
            let mut out = io::stdout().lock();
            out.write_all(text.as_bytes())
                .and_then(|()| out.flush())
                .map_err(|e| RateError::Output(StdoutError(e)))?;
            return Ok(true);
        }
        Target::Regular { mut file, .. } => file
            .set_len(0)
            .and_then(|()| file.write_all(text.as_bytes()))
            .and_then(|()| file.flush()),
        Target::Stream(mut file) => file.write_all(text.as_bytes()).and_then(|()| file.flush()),
    };
    written.map_err(|source| RateError::WriteJson {
        path: path.to_path_buf(),
        source,
    })?;
    Ok(false)
}

/// The ratings table: a heading, one line per engine best first, and a note
/// when virtual draws were needed.
fn ratings_text(table: &Crosstable, ratings: &Ratings, files: usize) -> String {
    let labels = table.labels();
    let pairings = (0..labels.len())
        .flat_map(|i| (i + 1..labels.len()).map(move |j| (i, j)))
        .filter(|&(i, j)| {
            table
                .head_to_head(&labels[i], &labels[j])
                .is_some_and(|(x, y)| x + y > 0)
        })
        .count();
    let games: u64 = ratings.engines.iter().map(|e| e.games).sum::<u64>() / 2;
    let anchor = match &ratings.anchor {
        Anchor::Engine { label, rating } => format!("{label} at {}", number(*rating)),
        Anchor::Mean { rating } => format!("the mean at {}", number(*rating)),
    };
    let mut out = String::new();
    let _ = writeln!(
        out,
        "arena rate: {}, {}, {} from {}; anchor: {anchor}",
        count(labels.len(), "engine"),
        count(pairings, "pairing"),
        count(games, "game"),
        count(files, "file"),
    );
    let width = ratings
        .engines
        .iter()
        .map(|e| e.label.chars().count())
        .chain(["engine".len()])
        .max()
        .unwrap_or(0);
    let _ = writeln!(
        out,
        "rank  {:width$}   rating     ± 95%  games   score",
        "engine"
    );
    for (rank, engine) in ratings.engines.iter().enumerate() {
        let margin = if engine.margin == 0.0 {
            "anchor".to_string()
        } else {
            format!("{:.1}", engine.margin)
        };
        let _ = writeln!(
            out,
            "{:>4}  {:width$}  {:>7}  {:>8}  {:>5}  {:>5.1}%",
            rank + 1,
            engine.label,
            signed(engine.rating),
            margin,
            engine.games,
            engine.score() * 100.0,
        );
    }
    if let Some(separation) = &ratings.separation {
        let (verb, alone) = if separation.won_all {
            ("won", "won every game it played")
        } else {
            ("lost", "lost every game it played")
        };
        let who = match separation.engines.as_slice() {
            [one] => format!("{one} {alone}"),
            group => format!("{} {verb} every game against the others", group.join(", ")),
        };
        let _ = writeln!(
            out,
            "note: {who}, which leaves no finite fit; one virtual draw was added to each pairing that played (a BayesElo-style prior)"
        );
    }
    out
}

/// The ladder check: one line per step and the verdict.
fn ladder_text(ladder: &Ladder) -> String {
    let mut out = String::new();
    let _ = writeln!(
        out,
        "ladder, weakest first: each engine needs {} of at least {} against the one before",
        percent(ladder.min_score),
        count(ladder.min_games, "game")
    );
    let width = ladder
        .steps
        .iter()
        .map(|s| s.upper.chars().count() + s.lower.chars().count() + 4)
        .max()
        .unwrap_or(0);
    for step in &ladder.steps {
        let pair = format!("{} vs {}", step.upper, step.lower);
        let score = match step.score {
            Some(score) => format!(
                "{:>6.1}% of {} (95% Wilson interval {:.1}–{:.1}%)",
                score * 100.0,
                count(step.games, "game"),
                step.interval.0 * 100.0,
                step.interval.1 * 100.0
            ),
            None => "no games".to_string(),
        };
        let _ = writeln!(out, "  {pair:width$}  {score}  {}", verdict(step, ladder));
    }
    let failed: Vec<String> = ladder
        .steps
        .iter()
        .filter(|s| !s.passed())
        .map(|s| format!("{} vs {}", s.upper, s.lower))
        .collect();
    let _ = if failed.is_empty() {
        writeln!(
            out,
            "ladder check: passed ({})",
            count(ladder.steps.len(), "step")
        )
    } else {
        writeln!(
            out,
            "ladder check: FAILED at {} of {} ({})",
            failed.len(),
            count(ladder.steps.len(), "step"),
            failed.join("; ")
        )
    };
    out
}

/// `pass`, or `FAIL:` and why.
fn verdict(step: &LadderStep, ladder: &Ladder) -> String {
    if step.passed() {
        return "pass".to_string();
    }
    let mut why = Vec::new();
    if step.score.is_some() && !step.score_high_enough {
        why.push(format!("below {}", percent(ladder.min_score)));
    }
    if step.score.is_some() && !step.enough_games {
        why.push(format!("fewer than {}", count(ladder.min_games, "game")));
    }
    if step.score.is_none() {
        why.push("they never met".to_string());
    }
    format!("FAIL: {}", why.join(", "))
}

/// `65%`, `62.5%`: a fraction as a percentage without needless decimals.
fn percent(fraction: f64) -> String {
    let p = fraction * 100.0;
    if (p - p.round()).abs() < 1e-9 {
        format!("{p:.0}%")
    } else {
        format!("{p}%")
    }
}

/// A rating with one decimal and its sign (`+190.8`, `-12.0`, `0.0`).
fn signed(rating: f64) -> String {
    let text = format!("{rating:+.1}");
    match text.as_str() {
        "+0.0" | "-0.0" => "0.0".to_string(),
        _ => text,
    }
}

/// An anchor rating as given: `0`, `1500`, `-12.5`.
fn number(rating: f64) -> String {
    if rating == rating.trunc() {
        format!("{rating:.0}")
    } else {
        format!("{rating}")
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn order_labels_with_commas_are_recognised_whole() {
        let known = ["random", "preset=thesis,uct_c=0.05", "level=1"].map(String::from);
        let values = [
            "random,preset=thesis,uct_c=0.05".to_string(),
            "level=1".to_string(),
        ];
        assert_eq!(
            ladder_order(&values, &known).unwrap(),
            ["random", "preset=thesis,uct_c=0.05", "level=1"]
        );
        assert!(matches!(
            ladder_order(&["random,level=2".to_string()], &known),
            Err(RateError::Rating(RatingError::UnknownEngine { label, .. })) if label == "level=2"
        ));
        assert!(matches!(
            ladder_order(&["random".to_string()], &known),
            Err(RateError::ShortOrder)
        ));
    }

    #[test]
    fn percentages_and_ratings_read_cleanly() {
        assert_eq!(percent(0.65), "65%");
        assert_eq!(percent(0.625), "62.5%");
        assert_eq!(signed(190.848), "+190.8");
        assert_eq!(signed(-0.01), "0.0");
        assert_eq!(number(0.0), "0");
        assert_eq!(number(-12.5), "-12.5");
    }
}
