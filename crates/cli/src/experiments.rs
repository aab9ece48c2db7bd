//! `quoridor experiments`: re-runs the thesis's experiments and rewrites the
//! generated parts of `docs/experiments.md`, its figures and `results.json`.
//! It checks that it can write all of them before it creates or plays
//! anything. `--shard I/N` plays a share of the games into a shard file
//! instead; `--merge FILES…` writes the document from such files.

use super::args::ExperimentsArgs;
use super::progress::RunProgress;
use super::provenance::today;
use super::stdout::{save_elsewhere, StdoutError};
use quoridor_arena::experiments::shards::{self, ExperimentGame, ExperimentsDefinition};
use quoridor_arena::experiments::{
    self, plot, report, Experiment, ExperimentError, ExperimentResult, RunEvent,
};
use quoridor_arena::shard::{self as shard_files, MergeError, Shard, ShardFile, ShardKind};
use std::fmt;
use std::fs::OpenOptions;
use std::io::{self, Write};
use std::path::{Path, PathBuf};
use std::sync::atomic::{AtomicU64, Ordering};
use std::time::Instant;

/// Why `quoridor experiments` stopped.
#[derive(Debug)]
pub enum ExperimentsError {
    /// The folder of the document (or of the shard file) does not exist.
    NoFolder {
        /// The folder.
        folder: PathBuf,
        /// The flag that names the file (`--out`, `--shard-file`).
        flag: &'static str,
    },
    /// An existing output file cannot be opened for writing.
    NotWritable {
        /// The file.
        path: PathBuf,
        /// What the system said.
        source: io::Error,
    },
    /// The figures' folder cannot be created.
    CreateFolder {
        /// The folder.
        path: PathBuf,
        /// What the system said.
        source: io::Error,
    },
    /// `results.json` cannot be read (for `--replot`).
    ReadResults {
        /// The file.
        path: PathBuf,
        /// What the system said.
        source: io::Error,
    },
    /// `results.json` is not a results file.
    BadResults {
        /// The file.
        path: PathBuf,
        /// What the parser said.
        source: serde_json::Error,
    },
    /// An experiment could not be played.
    Run(ExperimentError),
    /// A file could not be written after the experiments ran.
    Write {
        /// The file.
        path: PathBuf,
        /// What the system said.
        source: io::Error,
    },
    /// The shard file could not be written after its games; its text was
    /// saved elsewhere.
    ShardFile {
        /// The shard file.
        path: PathBuf,
        /// What the system said.
        source: io::Error,
        /// The file in the current folder that holds the text instead, or
        /// `None` when it was printed on standard error.
        saved: Option<PathBuf>,
    },
    /// The results could not be turned into JSON.
    Json(serde_json::Error),
    /// Shard files cannot be merged.
    Merge(MergeError),
    /// The shards' definition is not an experiments run's.
    BadDefinition {
        /// The first shard file.
        path: PathBuf,
        /// What the parser said.
        source: serde_json::Error,
    },
    /// The shards played other settings than this build's experiments.
    OtherSettings {
        /// The first shard file.
        path: PathBuf,
    },
    /// The closing `wrote …` line could not be written to standard output.
    Output(StdoutError),
}

impl ExperimentsError {
    /// 2 for a setup the user can fix, 1 for a failure while running (0 or
    /// 1 for standard output, see [`StdoutError::exit_code`]).
    pub fn exit_code(&self) -> i32 {
        match self {
            ExperimentsError::Output(e) => e.exit_code(),
            ExperimentsError::Run(_)
            | ExperimentsError::Write { .. }
            | ExperimentsError::ShardFile { .. }
            | ExperimentsError::Json(_) => 1,
            _ => 2,
        }
    }
}

impl fmt::Display for ExperimentsError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            ExperimentsError::NoFolder { folder, flag } => write!(
                f,
                "the folder {} does not exist (create it, or choose another {flag})",
                folder.display()
            ),
            ExperimentsError::NotWritable { path, source } => {
                write!(f, "cannot write {}: {source}", path.display())
            }
            ExperimentsError::CreateFolder { path, source } => {
                write!(f, "could not create {}: {source}", path.display())
            }
            ExperimentsError::ReadResults { path, source } => {
                write!(f, "could not read {}: {source}", path.display())
            }
            ExperimentsError::BadResults { path, source } => {
                write!(f, "{} is not a results file: {source}", path.display())
            }
            ExperimentsError::Run(e) => e.fmt(f),
            ExperimentsError::Write { path, source } => {
                write!(f, "could not write {}: {source}", path.display())
            }
            ExperimentsError::ShardFile {
                path,
                source,
                saved,
            } => {
                write!(f, "could not write {}: {source}; ", path.display())?;
                match saved {
                    Some(saved) => write!(f, "the shard file is saved in {}", saved.display()),
                    None => f.write_str("the shard file is printed above on standard error"),
                }
            }
            ExperimentsError::Json(e) => write!(f, "could not write the results as JSON: {e}"),
            ExperimentsError::Merge(e) => e.fmt(f),
            ExperimentsError::BadDefinition { path, source } => write!(
                f,
                "{}: not an experiments definition: {source}",
                path.display()
            ),
            ExperimentsError::OtherSettings { path } => write!(
                f,
                "{}: the shards played other settings than this build's experiments",
                path.display()
            ),
            ExperimentsError::Output(e) => e.fmt(f),
        }
    }
}

impl std::error::Error for ExperimentsError {}

impl From<io::Error> for ExperimentsError {
    fn from(e: io::Error) -> Self {
        ExperimentsError::Output(StdoutError(e))
    }
}

/// Where everything goes: the document, the figures' folder beside it and
/// `results.json` in that folder.
struct ReportFiles {
    document: PathBuf,
    folder: PathBuf,
    json: PathBuf,
}

impl ReportFiles {
    fn new(document: &Path) -> ReportFiles {
        let folder = document
            .parent()
            .map_or_else(|| PathBuf::from("."), Path::to_path_buf)
            .join("experiments");
        ReportFiles {
            document: document.to_path_buf(),
            json: folder.join("results.json"),
            folder,
        }
    }

    /// Checks, creating nothing, that the document and results can be
    /// written: the document's folder exists and existing files open for
    /// writing.
    fn check(&self) -> Result<(), ExperimentsError> {
        let parent = folder_of(&self.document);
        if !parent.is_dir() {
            return Err(ExperimentsError::NoFolder {
                folder: parent.to_path_buf(),
                flag: "--out",
            });
        }
        for path in [&self.document, &self.json] {
            if path.exists() {
                OpenOptions::new()
                    .append(true)
                    .open(path)
                    .map_err(|source| ExperimentsError::NotWritable {
                        path: path.clone(),
                        source,
                    })?;
            }
        }
        Ok(())
    }

    /// Creates the figures' folder.
    fn create_folder(&self) -> Result<(), ExperimentsError> {
        std::fs::create_dir_all(&self.folder).map_err(|source| ExperimentsError::CreateFolder {
            path: self.folder.clone(),
            source,
        })
    }
}

/// The folder a file `path` goes in (`.` for a bare name).
fn folder_of(path: &Path) -> &Path {
    match path.parent() {
        Some(p) if !p.as_os_str().is_empty() => p,
        _ => Path::new("."),
    }
}

/// The results stored in `path`.
fn stored_results(path: &Path) -> Result<Vec<ExperimentResult>, ExperimentsError> {
    let text = std::fs::read_to_string(path).map_err(|source| ExperimentsError::ReadResults {
        path: path.to_path_buf(),
        source,
    })?;
    serde_json::from_str(&text).map_err(|source| ExperimentsError::BadResults {
        path: path.to_path_buf(),
        source,
    })
}

/// Runs `quoridor experiments` with `args`.
pub fn experiments(args: &ExperimentsArgs) -> Result<(), ExperimentsError> {
    let started = Instant::now();
    let only = args
        .only
        .as_ref()
        .map_or_else(|| (1..=10).collect(), |n| n.0.clone());
    let threads = args.threads.map_or_else(
        || std::thread::available_parallelism().map_or(1, |n| n.get()),
        |t| usize::try_from(t).unwrap_or(1),
    );
    let games = usize::try_from(args.games).unwrap_or(usize::MAX);
    if let Some(shard) = args.shard {
        return play_shard(args, shard, &only, games, threads);
    }
    let outputs = ReportFiles::new(&args.out);
    // Read what --replot needs and check every output before creating anything.
    let stored = if args.replot {
        Some(stored_results(&outputs.json)?)
    } else {
        None
    };
    let (merged_results, merged) = if args.merge.is_empty() {
        (None, None)
    } else {
        let (results, from) = merge_shards(&args.merge)?;
        (Some(results), Some(from))
    };
    outputs.check()?;
    outputs.create_folder()?;
    let fresh: Vec<ExperimentResult> = match (stored, merged_results) {
        (Some(all), _) => all
            .into_iter()
            .filter(|r| only.contains(&r.number))
            .collect(),
        (None, Some(results)) => results,
        (None, None) => play(&only, games, threads, args.scale)?,
    };
    let mut parts = Vec::new();
    let mut results = Vec::new();
    for result in fresh {
        let figure = format!("exp{}.svg", result.number);
        write(&outputs.folder.join(&figure), &plot::svg(&result))?;
        let relative = format!("experiments/{figure}");
        parts.push((
            report::key(result.number),
            format!("## Experiment {}: {}", result.number, result.title),
            report::section(&result, &relative),
        ));
        results.push(result);
    }
    let mut out = io::stdout().lock();
    if args.replot {
        let document = std::fs::read_to_string(&outputs.document).unwrap_or_default();
        write(&outputs.document, &report::merge(&document, &parts))?;
        writeln!(
            out,
            "rewrote {} and the figures from {}",
            outputs.document.display(),
            outputs.json.display()
        )?;
        out.flush()?;
        return Ok(());
    }
    let how = match &merged {
        Some(m) => format!(
            "{} games a setting, merged from {} shards played by quoridor {} in {:.1} minutes of shard time",
            m.games,
            m.shards,
            m.version,
            m.seconds / 60.0
        ),
        None => format!(
            "in {:.1} minutes on {threads} threads of this machine",
            started.elapsed().as_secs_f64() / 60.0
        ),
    };
    let header = format!(
        "Last generated by `{}` (release build) on {}: {} experiments{}{how}. Regenerate everything with `cargo run --release -- experiments`.",
        command_line(),
        today(),
        results.len(),
        if merged.is_some() { ", " } else { " " }
    );
    parts.insert(
        0,
        ("header".to_string(), "# Experiments".to_string(), header),
    );
    let document = std::fs::read_to_string(&outputs.document).unwrap_or_default();
    write(&outputs.document, &report::merge(&document, &parts))?;
    write(&outputs.json, &merged_json(&outputs.json, &results)?)?;
    writeln!(
        out,
        "wrote {} and {}/ in {:.1} minutes",
        outputs.document.display(),
        outputs.folder.display(),
        started.elapsed().as_secs_f64() / 60.0
    )?;
    out.flush()?;
    Ok(())
}

/// `quoridor experiments …` as typed.
fn command_line() -> String {
    std::iter::once("quoridor".to_string())
        .chain(
            std::env::args_os()
                .skip(1)
                .map(|a| a.to_string_lossy().into_owned()),
        )
        .collect::<Vec<_>>()
        .join(" ")
}

/// The experiments in `only`, budgets multiplied by `scale`.
fn chosen(only: &[u8], scale: f64) -> Vec<Experiment> {
    experiments::all(scale)
        .into_iter()
        .filter(|e| only.contains(&e.number))
        .collect()
}

/// `--shard I/N`: plays the shard's share of the chosen experiments' games
/// and writes them as a shard file; the document is left alone.
fn play_shard(
    args: &ExperimentsArgs,
    shard: Shard,
    only: &[u8],
    games: usize,
    threads: usize,
) -> Result<(), ExperimentsError> {
    let started = Instant::now();
    let path = args
        .shard_file
        .clone()
        .unwrap_or_else(|| PathBuf::from(shard.file_name(ShardKind::Experiments)));
    // Check the file can be written before playing anything.
    let folder = folder_of(&path);
    if !folder.is_dir() {
        return Err(ExperimentsError::NoFolder {
            folder: folder.to_path_buf(),
            flag: "--shard-file",
        });
    }
    let chosen = chosen(only, args.scale);
    let definition = ExperimentsDefinition::new(&chosen, games, args.scale);
    let total = definition.total_games();
    let share = shard.share(total).len();
    let progress = RunProgress::labelled(share as u64, &format!("shard {shard}"));
    let played = shards::play_shard(&chosen, games, threads, shard, &|p| {
        let score = format!(
            "experiment {}, {}: {} of {} won",
            p.experiment, p.setting, p.tally.a_wins, p.tally.played
        );
        let line = format!("experiment {}, {}", p.experiment, p.setting);
        progress.update(p.done as u64, &score, Some(&line));
    })
    .map_err(ExperimentsError::Run)?;
    progress.finish();
    let file = ShardFile::new(
        ShardKind::Experiments,
        definition.to_json().map_err(ExperimentsError::Json)?,
        shard,
        total,
        started.elapsed().as_secs_f64(),
        played,
    );
    let text = serde_json::to_string_pretty(&file).map_err(ExperimentsError::Json)?;
    // The games took long: a shard file that cannot be written is saved
    // elsewhere rather than lost.
    if let Err(source) = std::fs::write(&path, &text) {
        return Err(ExperimentsError::ShardFile {
            saved: save_elsewhere(&text, "experiments-recovered-shard", "json"),
            path,
            source,
        });
    }
    let mut out = io::stdout().lock();
    writeln!(
        out,
        "wrote {}: shard {shard}, {share} of {total} games in {:.1} minutes",
        path.display(),
        started.elapsed().as_secs_f64() / 60.0
    )?;
    out.flush()?;
    Ok(())
}

/// Where merged results came from, for the document's header.
struct MergedFrom {
    games: usize,
    shards: usize,
    version: String,
    seconds: f64,
}

/// `--merge FILES…`: checks the shard files belong together and hold every
/// game once, then sums each setting up as an unsharded run does.
fn merge_shards(
    files: &[PathBuf],
) -> Result<(Vec<ExperimentResult>, MergedFrom), ExperimentsError> {
    let read = files
        .iter()
        .map(|path| {
            shard_files::read_shard::<ExperimentGame>(path, ShardKind::Experiments)
                .map(|f| (path.clone(), f))
        })
        .collect::<Result<Vec<_>, _>>()
        .map_err(ExperimentsError::Merge)?;
    let merged = shard_files::merge(read).map_err(ExperimentsError::Merge)?;
    let first = files.first().cloned().unwrap_or_default();
    let definition: ExperimentsDefinition =
        serde_json::from_value(merged.definition).map_err(|source| {
            ExperimentsError::BadDefinition {
                path: first.clone(),
                source,
            }
        })?;
    let chosen = chosen(&definition.numbers(), definition.scale);
    let rebuilt = ExperimentsDefinition::new(&chosen, definition.games, definition.scale)
        .to_json()
        .map_err(ExperimentsError::Json)?;
    if shard_files::definition_hash(&rebuilt) != merged.definition_hash {
        return Err(ExperimentsError::OtherSettings { path: first });
    }
    let results = shards::assemble(&chosen, definition.games, merged.results)
        .map_err(ExperimentsError::Run)?;
    let from = MergedFrom {
        games: definition.games,
        shards: merged.shards,
        version: merged.version,
        seconds: merged.seconds,
    };
    Ok((results, from))
}

/// Plays the experiments in `only`, with a progress bar over all their games.
fn play(
    only: &[u8],
    games: usize,
    threads: usize,
    scale: f64,
) -> Result<Vec<ExperimentResult>, ExperimentsError> {
    let chosen = chosen(only, scale);
    let settings: usize = chosen
        .iter()
        .flat_map(|e| &e.series)
        .map(|s| s.settings.len())
        .sum();
    let progress = RunProgress::new((settings * games) as u64);
    let done_before = AtomicU64::new(0);
    let mut fresh = Vec::new();
    for experiment in &chosen {
        let on_event = |event: RunEvent<'_>| match event {
            RunEvent::Game { setting, tally } => {
                let score = format!(
                    "experiment {}, {setting}: {} of {} won",
                    experiment.number, tally.a_wins, tally.played
                );
                let done = done_before.load(Ordering::Relaxed) + tally.played as u64;
                progress.update(done, &score, None);
            }
            RunEvent::Setting(line) => {
                let done = done_before.fetch_add(games as u64, Ordering::Relaxed) + games as u64;
                progress.step(done, "", line);
            }
        };
        fresh.push(
            experiments::run(experiment, games, threads, &on_event)
                .map_err(ExperimentsError::Run)?,
        );
    }
    progress.finish();
    Ok(fresh)
}

fn write(path: &Path, text: &str) -> Result<(), ExperimentsError> {
    std::fs::write(path, text).map_err(|source| ExperimentsError::Write {
        path: path.to_path_buf(),
        source,
    })
}

/// The results already in `path` with those of `fresh` replaced or added,
/// ordered by experiment number.
fn merged_json(path: &Path, fresh: &[ExperimentResult]) -> Result<String, ExperimentsError> {
    let mut all: Vec<serde_json::Value> = std::fs::read_to_string(path)
        .ok()
        .and_then(|text| serde_json::from_str(&text).ok())
        .unwrap_or_default();
    for result in fresh {
        let value = serde_json::to_value(result).map_err(ExperimentsError::Json)?;
        all.retain(|v| v["number"] != value["number"]);
        all.push(value);
    }
    all.sort_by_key(|v| v["number"].as_u64().unwrap_or(0));
    serde_json::to_string_pretty(&all).map_err(ExperimentsError::Json)
}
