//! `quoridor arena`: flags into a [`MatchConfig`]; then, before the first
//! game, the output files are created and every external engine is started
//! once and must answer the handshake; then the games (all, or a `--shard`'s
//! share) with a progress bar, the summary, the records file and the JSON
//! summary or shard file. `quoridor arena merge` turns shard files back into
//! the whole match's summary, records and JSON; `quoridor arena rate` (in
//! [`super::rate`]) rates many matches' engines at once.

use super::args::{ArenaArgs, ArenaCommand, MergeArgs};
use super::openings::{read_openings, OpeningsProblem};
use super::output_target::Target;
use super::progress::RunProgress;
use super::rate::{self, RateError};
use super::stdout::{save_elsewhere, StdoutError};
use quoridor_arena::shard::{self, ArenaDefinition, MergeError, Shard, ShardFile, ShardKind};
use quoridor_arena::sprt::{SequentialTest, SprtReport};
use quoridor_arena::style::Style;
use quoridor_arena::{
    describe, handshake, kill_all_engines, parse_contender_spec, run_games_while, write_records,
    Contender, EngineError, GameResult, MatchConfig, MatchError, MatchLimit, Protocol, Side,
    SpecError, Summary, RANDOM_MOVER,
};
use quoridor_engines::learned::Evaluator;
use quoridor_engines::{EngineKind, Limits};
use quoridor_rules::{Variant, VariantError};
use quoridor_text::count;
use std::collections::{BTreeMap, HashMap};
use std::fmt;
use std::io::{self, Write};
use std::path::{Path, PathBuf};
use std::time::Instant;

/// Why `quoridor arena` stopped.
#[derive(Debug)]
pub enum ArenaError {
    /// An engine's settings (`--a`, `--b`) cannot be read.
    Spec {
        /// The flag that gave them.
        flag: &'static str,
        /// What is wrong.
        error: SpecError,
    },
    /// `--size` and `--walls` make no variant.
    Variant(VariantError),
    /// The openings file cannot be used.
    Openings {
        /// The file.
        path: PathBuf,
        /// What is wrong with it.
        problem: OpeningsProblem,
    },
    /// An output file cannot be created.
    OutputFile {
        /// The file.
        path: PathBuf,
        /// What the system said.
        source: io::Error,
    },
    /// An external engine could not start or did not answer the handshake.
    Engine {
        /// Which side it plays.
        side: Side,
        /// Its command.
        command: String,
        /// What went wrong.
        error: EngineError,
    },
    /// The match could not be completed.
    Match(MatchError),
    /// `--records` and `--json` both go to standard output.
    BothOnStdout,
    /// Output files could not be written after the games; their texts were
    /// saved elsewhere (see [`WriteFailure::saved`]).
    Write(Vec<WriteFailure>),
    /// A shard file could not be turned into JSON.
    Json(serde_json::Error),
    /// Shard files cannot be merged.
    Merge(MergeError),
    /// The shard files' match definition is not an arena match's.
    Definition {
        /// The first shard file.
        path: PathBuf,
        /// What the parser said.
        source: serde_json::Error,
    },
    /// `arena rate` refused its files or flags, or its ladder check failed.
    Rate(RateError),
    /// A file given to `arena style` cannot be read as a match summary.
    StyleFile {
        /// The file.
        path: PathBuf,
        /// What is wrong with it.
        problem: StyleFileProblem,
    },
    /// The summary could not be written to standard output.
    Output(StdoutError),
}

impl ArenaError {
    /// 2 for a setup the user can fix, 1 for a failure after games were played
    /// (0 or 1 for standard output, see [`StdoutError::exit_code`]).
    pub fn exit_code(&self) -> i32 {
        match self {
            ArenaError::Output(e) => e.exit_code(),
            ArenaError::Rate(e) => e.exit_code(),
            ArenaError::Match(_) | ArenaError::Write(_) | ArenaError::Json(_) => 1,
            _ => 2,
        }
    }
}

impl fmt::Display for ArenaError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            ArenaError::Spec { flag, error } => write!(f, "{flag}: {error}"),
            ArenaError::Variant(e) => e.fmt(f),
            ArenaError::Openings { path, problem } => {
                let path = path.display();
                match problem {
                    OpeningsProblem::Unreadable(e) => write!(f, "could not read {path}: {e}"),
                    OpeningsProblem::BadRecord { line, error } => {
                        write!(f, "{path} line {line}: {error}")
                    }
                    OpeningsProblem::OtherBoard { line, variant } => write!(
                        f,
                        "{path} line {line}: the opening's header names another board than the match's {}x{} with {} walls",
                        variant.size(),
                        variant.size(),
                        variant.walls()
                    ),
                    OpeningsProblem::Finished { line } => {
                        write!(f, "{path} line {line}: the opening is a finished game")
                    }
                    OpeningsProblem::Empty => write!(f, "{path} holds no openings"),
                }
            }
            ArenaError::OutputFile { path, source } => {
                write!(f, "could not create {}: {source}", path.display())
            }
            ArenaError::Engine {
                side,
                command,
                error,
            } => write!(
                f,
                "engine {side} ({command}) is not ready, so no game was played: {error}"
            ),
            ArenaError::Match(e) => e.fmt(f),
            ArenaError::BothOnStdout => f.write_str(
                "--records and --json both go to standard output; send one of them to a file",
            ),
            ArenaError::Write(failures) => {
                for (i, failure) in failures.iter().enumerate() {
                    if i > 0 {
                        // Each failure on its own `error: …` line.
                        f.write_str("\nerror: ")?;
                    }
                    failure.fmt(f)?;
                }
                Ok(())
            }
            ArenaError::Json(e) => write!(f, "could not write the shard as JSON: {e}"),
            ArenaError::Merge(e) => e.fmt(f),
            ArenaError::Definition { path, source } => write!(
                f,
                "{}: the match definition is not an arena match's: {source}",
                path.display()
            ),
            ArenaError::Rate(e) => e.fmt(f),
            ArenaError::StyleFile { path, problem } => match problem {
                StyleFileProblem::Unreadable(e) => {
                    write!(f, "could not read {}: {e}", path.display())
                }
                StyleFileProblem::NotASummary(e) => write!(
                    f,
                    "{} is not an arena summary with its games (`arena --json`): {e}",
                    path.display()
                ),
            },
            ArenaError::Output(e) => e.fmt(f),
        }
    }
}

impl std::error::Error for ArenaError {}

impl From<RateError> for ArenaError {
    fn from(e: RateError) -> Self {
        match e {
            RateError::Output(e) => ArenaError::Output(e),
            e => ArenaError::Rate(e),
        }
    }
}

impl From<io::Error> for ArenaError {
    fn from(e: io::Error) -> Self {
        ArenaError::Output(StdoutError(e))
    }
}

/// Why a file given to `arena style` cannot be used.
#[derive(Debug)]
pub enum StyleFileProblem {
    /// It cannot be read.
    Unreadable(io::Error),
    /// It is not JSON with a match's games in `results`.
    NotASummary(serde_json::Error),
}

/// The games of an arena summary, as `arena style` reads them.
#[derive(serde::Deserialize)]
struct SummaryGames {
    results: Vec<GameResult>,
}

/// `quoridor arena style FILES…`: each match's [`Style`], on standard output.
fn print_styles(files: &[PathBuf]) -> Result<(), ArenaError> {
    let mut texts = Vec::new();
    for path in files {
        let problem = |problem| ArenaError::StyleFile {
            path: path.clone(),
            problem,
        };
        let text =
            std::fs::read_to_string(path).map_err(|e| problem(StyleFileProblem::Unreadable(e)))?;
        let games: SummaryGames =
            serde_json::from_str(&text).map_err(|e| problem(StyleFileProblem::NotASummary(e)))?;
        texts.push(format!(
            "{}\n{}\n",
            path.display(),
            Style::of(&games.results)
        ));
    }
    let mut out = io::stdout().lock();
    out.write_all(texts.join("\n").as_bytes())?;
    out.flush()?;
    Ok(())
}

/// The per-move limit in words: `10 ms a move`. QTP has no way to pass a
/// limit, so with a QTP engine in the match the text says what the limit
/// means for it; alpha-beta counts a playout limit in nodes, and with an
/// alpha-beta engine in the match the text says so.
fn limit_text(limit: MatchLimit, with_qtp: bool, with_alphabeta: bool) -> String {
    let text = match limit {
        None => "each side's own settings (external engines 1 s a move)".to_string(),
        Some(limits) if limits.playouts.is_some() && with_alphabeta => {
            format!("{limits} (nodes for alpha-beta)")
        }
        Some(limits) => limits.to_string(),
    };
    if with_qtp {
        format!("{text}; QTP engines think by their own settings, the limit only sets when they lose on time")
    } else {
        text
    }
}

/// Whether `contender` is the alpha-beta engine in this process.
fn is_alphabeta(contender: &Contender) -> bool {
    matches!(
        contender,
        Contender::Internal { config, .. } if config.kind == EngineKind::AlphaBeta
    )
}

/// Whether `contender` speaks QTP.
fn speaks_qtp(contender: &Contender) -> bool {
    matches!(
        contender,
        Contender::External {
            protocol: Protocol::Qtp,
            ..
        }
    )
}

/// Runs `quoridor arena` with `args`: a match, a shard of one, a merge or
/// the ratings of many matches. The in-process engines score with
/// `evaluator` unless their spec names their own network (`eval_file=PATH`).
pub fn arena(args: &ArenaArgs, evaluator: &Evaluator) -> Result<(), ArenaError> {
    match &args.command {
        Some(ArenaCommand::Merge(merge)) => return merge_shards(merge),
        Some(ArenaCommand::Rate(rate)) => return rate::rate(rate).map_err(ArenaError::from),
        Some(ArenaCommand::Style(style)) => return print_styles(&style.files),
        None => {}
    }
    let config = match_config(args, evaluator)?;
    // Fail on an unwritable path now, not after hours of games.
    let records = OutputFile::open(&args.records)?;
    let json_path = match args.shard {
        Some(shard) => Some(
            args.json
                .clone()
                .unwrap_or_else(|| PathBuf::from(shard.file_name(ShardKind::Arena))),
        ),
        None => args.json.clone(),
    };
    let json = json_path.as_deref().map(OutputFile::open).transpose()?;
    one_on_stdout(&records, json.as_ref())?;
    // Ctrl-C (and SIGTERM, SIGHUP): no engine outlives the arena. Setting the
    // handler fails only if one is set already, which then does the same job.
    let _ = ctrlc::set_handler(|| {
        kill_all_engines();
        let _ = writeln!(io::stderr().lock(), "\narena: interrupted");
        std::process::exit(130);
    });
    let indices = args.shard.unwrap_or(Shard::WHOLE).share(config.games);
    print_header(&config, args.shard, indices.len());
    for (side, contender) in [(Side::A, &config.a), (Side::B, &config.b)] {
        if let Contender::External { command, .. } = contender {
            handshake(contender, config.variant).map_err(|error| ArenaError::Engine {
                side,
                command: command.clone(),
                error,
            })?;
        }
    }
    let label = args.shard.map_or(String::new(), |s| format!("shard {s}"));
    let progress = RunProgress::labelled(indices.len() as u64, &label);
    let started = Instant::now();
    // Records on standard output go out game by game, so that a reader
    // that has gone (`| head -1`) ends the match.
    let mut stream = records.is_stdout().then(|| RecordStream::new(&indices));
    // A shard plays all its games: it does not see the other shards' pairs.
    let mut sprt = config
        .sprt
        .filter(|_| args.shard.is_none())
        .map(SequentialTest::new);
    let results = run_games_while(&config, &indices, &mut |result, tally| {
        let go_on = sprt
            .as_mut()
            .is_none_or(|test| test.record(result.index, result.a_won()));
        let llr = sprt
            .as_ref()
            .map_or(String::new(), |test| format!(", LLR {:.2}", test.llr()));
        let score = format!(
            "A {} – B {} ({:.0}% for A){llr}",
            tally.a_wins,
            tally.played - tally.a_wins,
            100.0 * tally.a_wins as f64 / tally.played.max(1) as f64
        );
        progress.update(tally.played as u64, &score, Some(&describe(result)));
        stream.as_mut().is_none_or(|s| s.push(result)) && go_on
    })
    .map_err(ArenaError::Match)?;
    progress.finish();
    if let Some(failure) = stream.as_mut().and_then(|s| s.failure.take()) {
        // A closed pipe ends the run quietly with 0, as for every command.
        return Err(ArenaError::Output(StdoutError(failure)));
    }
    let mut summary = Summary::new(&config, results);
    summary.sprt = sprt.map(|test| test.report());
    let json_text = match args.shard {
        Some(shard) => shard_json(&config, shard, started, &summary.results)?,
        None => summary.json(),
    };
    let heading = args.shard.map(|s| {
        format!(
            "shard {s}: {} of the match's {}",
            summary.games,
            count(config.games, "game")
        )
    });
    let outputs = MatchFiles {
        records_streamed: stream.is_some(),
        style: args.style,
        records: (records, &args.records),
        json: json.zip(json_path.as_deref()),
        json_name: if args.shard.is_some() {
            "shard file"
        } else {
            "summary"
        },
    };
    outputs.write(&summary, heading.as_deref(), &json_text)
}

/// The match's header on stderr (information, not output: a closed stderr
/// does not stop the match); for a shard, also which games it plays.
fn print_header(config: &MatchConfig, shard: Option<Shard>, share: usize) {
    let shard = shard.map_or(String::new(), |s| {
        format!(
            "\n       shard {s}: the {} whose index ≡ {} (mod {})",
            count(share, "game"),
            s.index,
            s.count
        )
    });
    let sprt = config.sprt.map_or(String::new(), |s| {
        let stop = if shard.is_empty() {
            format!(
                "stops when the LLR leaves ({:.2}, {:.2}), else after {}",
                s.lower(),
                s.upper(),
                count(config.games, "game")
            )
        } else {
            "a shard plays all its games; `arena merge` computes the LLR".to_string()
        };
        format!("\n       SPRT {s} over game pairs: {stop}")
    });
    let _ = writeln!(
        io::stderr().lock(),
        "arena: A = {}\n       B = {}\n       {} on {}x{} with {}, {} at once, limit {}{shard}{sprt}",
        config.a.label(),
        config.b.label(),
        count(config.games, "game"),
        config.variant.size(),
        config.variant.size(),
        count(config.variant.walls(), "wall"),
        config.threads,
        limit_text(
            config.limit,
            speaks_qtp(&config.a) || speaks_qtp(&config.b),
            is_alphabeta(&config.a) || is_alphabeta(&config.b)
        )
    );
}

/// The shard file of `shard` of the match `config`, with its `results`,
/// as JSON.
fn shard_json(
    config: &MatchConfig,
    shard: Shard,
    started: Instant,
    results: &[GameResult],
) -> Result<String, ArenaError> {
    let definition = ArenaDefinition::of(config)
        .to_json()
        .map_err(ArenaError::Json)?;
    let file = ShardFile::new(
        ShardKind::Arena,
        definition,
        shard,
        config.games,
        started.elapsed().as_secs_f64(),
        results.to_vec(),
    );
    serde_json::to_string_pretty(&file).map_err(ArenaError::Json)
}

/// `quoridor arena merge FILES…`: checks the shard files belong together and
/// hold every game once, then writes what the whole match would have.
fn merge_shards(args: &MergeArgs) -> Result<(), ArenaError> {
    let records = OutputFile::open(&args.records)?;
    let json = args.json.as_deref().map(OutputFile::open).transpose()?;
    one_on_stdout(&records, json.as_ref())?;
    let files = args
        .files
        .iter()
        .map(|path| {
            shard::read_shard::<GameResult>(path, ShardKind::Arena).map(|f| (path.clone(), f))
        })
        .collect::<Result<Vec<_>, _>>()
        .map_err(ArenaError::Merge)?;
    let merged = shard::merge(files).map_err(ArenaError::Merge)?;
    let definition: ArenaDefinition =
        serde_json::from_value(merged.definition).map_err(|source| ArenaError::Definition {
            path: args.files.first().cloned().unwrap_or_default(),
            source,
        })?;
    let _ = writeln!(
        io::stderr().lock(),
        "arena merge: {} of {}, played by quoridor {} in {:.1} s of shard time",
        count(merged.shards, "shard"),
        count(definition.games, "game"),
        merged.version,
        merged.seconds
    );
    let mut summary =
        Summary::with_labels(definition.a.label(), definition.b.label(), merged.results);
    summary.sprt = definition.sprt.map(|settings| {
        let games = summary.results.iter().map(|r| (r.index, r.a_won()));
        SprtReport::of_games(settings, games)
    });
    let outputs = MatchFiles {
        records_streamed: false,
        style: args.style,
        records: (records, &args.records),
        json: json.zip(args.json.as_deref()),
        json_name: "summary",
    };
    outputs.write(&summary, None, &summary.json())
}

/// Refuses `records` and `json` both on standard output: their texts would
/// run into each other.
fn one_on_stdout(records: &OutputFile, json: Option<&OutputFile>) -> Result<(), ArenaError> {
    if records.is_stdout() && json.is_some_and(OutputFile::is_stdout) {
        return Err(ArenaError::BothOnStdout);
    }
    Ok(())
}

/// The records of a match on standard output, written game by game in game
/// order (a game that ends before one listed earlier waits for it), as the
/// records file holds them.
struct RecordStream {
    /// Each game index's place in the order.
    place: HashMap<usize, usize>,
    /// Games ended before one listed earlier, by place.
    waiting: BTreeMap<usize, GameResult>,
    /// The place of the next game to write.
    next: usize,
    /// Why writing failed (a closed pipe, say); nothing more is written.
    failure: Option<io::Error>,
}

impl RecordStream {
    /// A stream of the games `indices`, in that order.
    fn new(indices: &[usize]) -> RecordStream {
        RecordStream {
            place: indices.iter().enumerate().map(|(k, &i)| (i, k)).collect(),
            waiting: BTreeMap::new(),
            next: 0,
            failure: None,
        }
    }

    /// Takes the ended game `result` and writes every game now due; whether
    /// the writes went through (else the match should stop).
    fn push(&mut self, result: &GameResult) -> bool {
        if self.failure.is_some() {
            return false;
        }
        let place = self.place.get(&result.index).copied().unwrap_or(usize::MAX);
        self.waiting.insert(place, result.clone());
        while let Some(due) = self.waiting.remove(&self.next) {
            let text = write_records(std::slice::from_ref(&due));
            let mut out = io::stdout().lock();
            if let Err(e) = out.write_all(text.as_bytes()).and_then(|()| out.flush()) {
                self.failure = Some(e);
                return false;
            }
            self.next += 1;
        }
        true
    }
}

/// Where a match's (or a shard's) records and JSON go.
struct MatchFiles<'a> {
    /// Whether the records went to standard output game by game already.
    records_streamed: bool,
    /// Whether the sides' style follows the summary (`--style`).
    style: bool,
    records: (OutputFile, &'a Path),
    json: Option<(OutputFile, &'a Path)>,
    /// What the JSON file is called in the closing lines.
    json_name: &'static str,
}

impl MatchFiles<'_> {
    /// Writes the records of `summary` and `json`, then prints `heading` (if
    /// any), the summary and where the files are: on standard output, or on
    /// standard error when one of the files goes to standard output. An
    /// output that cannot be written is saved in a file in the current folder
    /// (or, failing that, printed on standard error) and reported after the
    /// summary.
    fn write(self, summary: &Summary, heading: Option<&str>, json: &str) -> Result<(), ArenaError> {
        let to_stdout =
            self.records.0.is_stdout() || self.json.as_ref().is_some_and(|(f, _)| f.is_stdout());
        // The files first: a closed stdout must not cost the games.
        let mut failures = Vec::new();
        if !self.records_streamed {
            let records_text = write_records(&summary.results);
            if let Err(failure) = self.records.0.write(&records_text, "records") {
                failures.push(failure);
            }
        }
        let json_path = match self.json {
            Some((file, path)) => {
                let name = if self.json_name == "summary" {
                    "json"
                } else {
                    "shard"
                };
                if let Err(failure) = file.write(json, name) {
                    failures.push(failure);
                }
                Some(path)
            }
            None => None,
        };
        let printed = (|| -> io::Result<()> {
            let mut out: Box<dyn Write> = if to_stdout {
                Box::new(io::stderr().lock())
            } else {
                Box::new(io::stdout().lock())
            };
            if let Some(heading) = heading {
                writeln!(out, "{heading}")?;
            }
            write!(out, "{}", summary.text())?;
            if self.style {
                writeln!(out, "{}", Style::of(&summary.results))?;
            }
            writeln!(out, "records: {}", self.records.1.display())?;
            if let Some(path) = json_path {
                writeln!(out, "{}: {}", self.json_name, path.display())?;
            }
            out.flush()
        })();
        if !failures.is_empty() {
            return Err(ArenaError::Write(failures));
        }
        // The summary on stderr is information: only stdout's failure counts.
        match printed {
            Err(e) if !to_stdout => Err(ArenaError::Output(StdoutError(e))),
            _ => Ok(()),
        }
    }
}

/// An output that could not be written after the games, and where its text
/// went instead.
#[derive(Debug)]
pub struct WriteFailure {
    /// The file.
    pub path: PathBuf,
    /// What the system said.
    pub source: io::Error,
    /// What the output holds: `records`, `json` or `shard`.
    pub what: &'static str,
    /// The file in the current folder that holds the text instead, or `None`
    /// when it was printed on standard error.
    pub saved: Option<PathBuf>,
}

impl fmt::Display for WriteFailure {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let what = match self.what {
            "records" => "the records are",
            "shard" => "the shard file is",
            _ => "the JSON summary is",
        };
        write!(
            f,
            "could not write {}: {}; {what} ",
            self.path.display(),
            self.source
        )?;
        match &self.saved {
            Some(saved) => write!(f, "saved in {}", saved.display()),
            None => write!(f, "printed above on standard error"),
        }
    }
}

/// An output file opened before the first game and written after the last.
/// If the arena stops before, a file it created is removed again and an
/// existing one keeps its contents.
struct OutputFile {
    path: PathBuf,
    target: Target,
    /// Whether the end came (written, or tried to): the file stays.
    done: bool,
}

impl OutputFile {
    /// Opens `path` for writing (`-` is standard output), creating a regular
    /// file that does not exist, truncating nothing.
    fn open(path: &Path) -> Result<OutputFile, ArenaError> {
        let output = |target| OutputFile {
            path: path.to_path_buf(),
            target,
            done: false,
        };
        let target = Target::open(path).map_err(|source| ArenaError::OutputFile {
            path: path.to_path_buf(),
            source,
        })?;
        Ok(output(target))
    }

    /// Whether the output goes to standard output.
    fn is_stdout(&self) -> bool {
        matches!(self.target, Target::Stdout)
    }

    /// Replaces the file's contents with `text` (`what` the text is:
    /// `records`, `json` or `shard`). If that fails the text is saved in a
    /// new file in the current folder, or printed on standard error.
    fn write(mut self, text: &str, what: &'static str) -> Result<(), WriteFailure> {
        self.done = true;
        let written = match &mut self.target {
            Target::Stdout => {
                let mut out = io::stdout().lock();
                out.write_all(text.as_bytes()).and_then(|()| out.flush())
            }
            Target::Regular { file, .. } => file
                .set_len(0)
                .and_then(|()| file.write_all(text.as_bytes()))
                .and_then(|()| file.flush()),
            Target::Stream(file) => file.write_all(text.as_bytes()).and_then(|()| file.flush()),
        };
        let Err(source) = written else {
            return Ok(());
        };
        if let Target::Regular { created: true, .. } = self.target {
            // A half-written file of our own only misleads; the text is saved.
            let _ = std::fs::remove_file(&self.path);
        }
        Err(WriteFailure {
            path: self.path.clone(),
            source,
            what,
            saved: save_elsewhere(
                text,
                &format!("arena-recovered-{what}"),
                if what == "records" { "txt" } else { "json" },
            ),
        })
    }
}

impl Drop for OutputFile {
    fn drop(&mut self) {
        if let Target::Regular { created: true, .. } = self.target {
            if !self.done {
                let _ = std::fs::remove_file(&self.path);
            }
        }
    }
}

/// An engine given by settings (`--a`/`--b`) or a command, or the default.
fn contender(
    flag: &'static str,
    spec: Option<&str>,
    command: Option<&str>,
    default: &str,
    evaluator: &Evaluator,
) -> Result<Contender, ArenaError> {
    if let Some(command) = command {
        return Ok(Contender::external(command));
    }
    let spec = spec.unwrap_or(default);
    if spec.trim() == RANDOM_MOVER {
        return Ok(Contender::Random);
    }
    let (config, evaluator) =
        parse_contender_spec(spec, evaluator).map_err(|error| ArenaError::Spec { flag, error })?;
    Ok(Contender::internal(spec, config, evaluator))
}

/// The match the flags describe.
fn match_config(args: &ArenaArgs, evaluator: &Evaluator) -> Result<MatchConfig, ArenaError> {
    let a = contender(
        "--a",
        args.a.as_deref(),
        args.engine_a.as_deref(),
        "preset=default",
        evaluator,
    )?;
    let b = contender(
        "--b",
        args.b.as_deref(),
        args.engine_b.as_deref(),
        "preset=thesis",
        evaluator,
    )?;
    let variant = Variant::new(args.size, args.walls).map_err(ArenaError::Variant)?;
    let mut config = MatchConfig::new(a, b, variant);
    config.limit = match (args.playouts, args.time_ms) {
        (Some(n), _) => Some(Limits::playouts(n)),
        (None, Some(ms)) => Some(Limits::time_ms(ms)),
        (None, None) => None,
    };
    if let Some(file) = &args.openings {
        config.openings = read_openings(file, variant).map_err(|problem| ArenaError::Openings {
            path: file.clone(),
            problem,
        })?;
    }
    config.games = match args.games {
        Some(n) => usize::try_from(n).unwrap_or(usize::MAX),
        None if config.openings.is_empty() => 20,
        None => 2 * config.openings.len(),
    };
    if let Some(t) = args.threads {
        config.threads = usize::try_from(t).unwrap_or(1);
    }
    config.move_cap = usize::try_from(args.move_cap).unwrap_or(usize::MAX);
    config.seed = args.seed;
    config.sprt = args.sprt.as_deref().copied();
    Ok(config)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn limits_read_as_words() {
        assert_eq!(
            limit_text(Some(Limits::time_ms(10)), false, false),
            "10 ms a move"
        );
        assert_eq!(
            limit_text(Some(Limits::playouts(3000)), false, false),
            "3,000 playouts a move"
        );
        assert!(limit_text(None, false, false).starts_with("each side's own"));
        assert!(limit_text(None, true, false).contains("QTP engines think by their own settings"));
    }

    #[test]
    fn a_playout_limit_says_it_counts_nodes_for_alpha_beta() {
        assert_eq!(
            limit_text(Some(Limits::playouts(3000)), false, true),
            "3,000 playouts a move (nodes for alpha-beta)"
        );
        assert_eq!(
            limit_text(Some(Limits::time_ms(10)), false, true),
            "10 ms a move"
        );
    }
}
