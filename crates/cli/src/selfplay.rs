//! `quoridor selfplay`: the engine plays itself and writes every searched
//! position as training data (format: [`quoridor_arena::selfplay`]); `selfplay merge`
//! joins a run's shard files. Games are written as they finish, in the
//! run's order, so a stopped run can be resumed (`--resume`) where its file
//! ends.

use super::args::{SelfplayArgs, SelfplayCommand, SelfplayMergeArgs};
use super::openings::{read_openings, OpeningsProblem};
use super::output_target::Target;
use super::progress::RunProgress;
use super::provenance::command_line;
use super::stdout::StdoutError;
use quoridor_arena::selfplay::{
    game_line, header_line, merge_files, play_selfplay_game, FinalResult, GameLine, Header,
    ReadError, ReadProblem, SelfplayConfig, SelfplayMergeError, SelfplayReader,
};
use quoridor_arena::shard::Shard;
use quoridor_arena::{parse_contender_spec, play_numbered, SpecError};
use quoridor_engines::learned::Evaluator;
use quoridor_engines::Limits;
use quoridor_rules::{Variant, VariantError};
use quoridor_text::{count, plural};
use std::collections::BTreeMap;
use std::fmt;
use std::fs::File;
use std::io::{self, Seek, SeekFrom, Write};
use std::path::{Path, PathBuf};
use std::time::Instant;

/// Why `quoridor selfplay` stopped.
#[derive(Debug)]
pub enum SelfplayError {
    /// `--settings` cannot be read.
    Spec(SpecError),
    /// `--size` and `--walls` make no variant.
    Variant(VariantError),
    /// The opening book cannot be used.
    Openings {
        /// The file.
        path: PathBuf,
        /// What is wrong with it.
        problem: OpeningsProblem,
    },
    /// The output cannot be opened.
    OutputFile {
        /// The file.
        path: PathBuf,
        /// What the system said.
        source: io::Error,
    },
    /// The output file exists and `--resume` was not given.
    Exists(PathBuf),
    /// `--resume` with an output that is not a regular file.
    ResumeNotAFile(PathBuf),
    /// The file to resume is corrupt.
    Resume(ReadError),
    /// The file to resume holds another run's games.
    OtherRun {
        /// The file.
        path: PathBuf,
        /// The header fields that differ.
        fields: Vec<String>,
    },
    /// The file to resume holds a game that is not the run's next.
    OutOfOrder {
        /// The file.
        path: PathBuf,
        /// Its line.
        line: usize,
        /// The game found.
        found: usize,
        /// The game expected (`None`: the shard has no more games).
        expected: Option<usize>,
    },
    /// Shard files cannot be merged.
    Merge(SelfplayMergeError),
    /// Writing a game failed; the games before it are in the file.
    Write {
        /// The file.
        path: PathBuf,
        /// What the system said.
        source: io::Error,
        /// Games in the file.
        games: usize,
    },
    /// A thread playing games panicked.
    GameThreadPanicked,
    /// The summary could not be written to standard output.
    Output(StdoutError),
}

impl SelfplayError {
    /// 1 for a failure after games were played, 2 for a setup to fix.
    pub fn exit_code(&self) -> i32 {
        match self {
            SelfplayError::Output(e) => e.exit_code(),
            SelfplayError::Write { .. } | SelfplayError::GameThreadPanicked => 1,
            _ => 2,
        }
    }
}

impl fmt::Display for SelfplayError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            SelfplayError::Spec(e) => write!(f, "--settings: {e}"),
            SelfplayError::Variant(e) => e.fmt(f),
            SelfplayError::Openings { path, problem } => {
                let path = path.display();
                match problem {
                    OpeningsProblem::Unreadable(e) => write!(f, "could not read {path}: {e}"),
                    OpeningsProblem::BadRecord { line, error } => {
                        write!(f, "{path} line {line}: {error}")
                    }
                    OpeningsProblem::OtherBoard { line, .. } => write!(
                        f,
                        "{path} line {line}: the opening's header names another board than --size/--walls"
                    ),
                    OpeningsProblem::Finished { line } => {
                        write!(f, "{path} line {line}: the opening is a finished game")
                    }
                    OpeningsProblem::Empty => write!(f, "{path} holds no openings"),
                }
            }
            SelfplayError::OutputFile { path, source } => {
                write!(f, "could not open {}: {source}", path.display())
            }
            SelfplayError::Exists(path) => write!(
                f,
                "{} exists; pass --resume to continue its run, or choose another --out",
                path.display()
            ),
            SelfplayError::ResumeNotAFile(path) => write!(
                f,
                "--resume needs a regular file, and {} is not one",
                path.display()
            ),
            SelfplayError::Resume(e) => write!(f, "cannot resume: {e}"),
            SelfplayError::OtherRun { path, fields } => write!(
                f,
                "{} holds another run's games (its header differs in {}); resume with the flags that started it, or choose another --out",
                path.display(),
                fields.join(", ")
            ),
            SelfplayError::OutOfOrder {
                path,
                line,
                found,
                expected,
            } => {
                let expected = match expected {
                    Some(game) => format!("the run's next game is {game}"),
                    None => "the run has no more games".to_string(),
                };
                write!(
                    f,
                    "cannot resume: {} line {line}: game index {found}, but {expected}",
                    path.display()
                )
            }
            SelfplayError::Merge(e) => e.fmt(f),
            SelfplayError::Write {
                path,
                source,
                games,
            } => write!(
                f,
                "could not write {}: {source}; its {games} complete games stay (continue with --resume)",
                path.display()
            ),
            SelfplayError::GameThreadPanicked => f.write_str("a game thread panicked"),
            SelfplayError::Output(e) => e.fmt(f),
        }
    }
}

impl std::error::Error for SelfplayError {}

/// Runs `quoridor selfplay` with `args`: a run, a shard of one, or a merge.
pub fn selfplay(args: &SelfplayArgs, evaluator: &Evaluator) -> Result<(), SelfplayError> {
    if let Some(SelfplayCommand::Merge(merge)) = &args.command {
        return merge_shards(merge);
    }
    let (config, evaluator) = selfplay_config(args, evaluator)?;
    let threads = args.threads.map_or_else(
        || std::thread::available_parallelism().map_or(1, |n| n.get()),
        |t| usize::try_from(t).unwrap_or(1),
    );
    let out = args.out.clone().unwrap_or_else(|| match args.shard {
        Some(s) => PathBuf::from(format!("selfplay-shard-{}-of-{}.jsonl", s.index, s.count)),
        None => PathBuf::from("selfplay.jsonl"),
    });
    let header = config.header(args.shard, &command_line());
    let share = args.shard.unwrap_or(Shard::WHOLE).share(config.games);
    let (mut sink, done) = open_output(&out, args.resume, &header, &share)?;
    let todo = &share[done..];
    let label = args.shard.map_or(String::new(), |s| format!("shard {s}"));
    print_header(&config, args.shard, share.len(), done, threads);
    let progress = RunProgress::labelled(todo.len() as u64, &label);
    let started = Instant::now();
    let mut tally = RunTotals::default();
    let mut waiting: BTreeMap<usize, GameLine> = BTreeMap::new();
    let mut next = 0;
    let mut written = done;
    let mut failure = None;
    let order: BTreeMap<usize, usize> = todo.iter().enumerate().map(|(k, &g)| (g, k)).collect();
    let ended = play_numbered(
        todo,
        threads,
        &|index| play_selfplay_game(&config, &evaluator, index),
        &mut |line| {
            tally.add(&line);
            let note = format!(
                "game {}: {} in {}",
                line.game,
                result_text(line.result),
                count(line.plies.len(), "ply")
            );
            progress.update(
                tally.games as u64,
                &tally.rate(started.elapsed().as_secs_f64()),
                Some(&note),
            );
            waiting.insert(order.get(&line.game).copied().unwrap_or(usize::MAX), line);
            while let Some(line) = waiting.remove(&next) {
                let written_ok = game_line(&line)
                    .map_err(io::Error::from)
                    .and_then(|text| sink.write_line(&text));
                if let Err(source) = written_ok {
                    failure = Some(source);
                    return false;
                }
                written += 1;
                next += 1;
            }
            true
        },
    );
    progress.finish();
    if let Some(source) = failure {
        if sink.is_stdout() {
            // A closed pipe (`| head`) ends the run quietly with 0.
            return Err(SelfplayError::Output(StdoutError(source)));
        }
        return Err(SelfplayError::Write {
            path: out,
            source,
            games: written,
        });
    }
    if !ended {
        return Err(SelfplayError::GameThreadPanicked);
    }
    let summary = tally.summary(started.elapsed().as_secs_f64());
    print_summary(
        &format!("{summary}\nwritten: {}", out.display()),
        sink.is_stdout(),
    )
}

/// The run the flags describe, and what its engine scores with.
fn selfplay_config(
    args: &SelfplayArgs,
    evaluator: &Evaluator,
) -> Result<(SelfplayConfig, Evaluator), SelfplayError> {
    let variant = Variant::new(args.size, args.walls).map_err(SelfplayError::Variant)?;
    let mut config = SelfplayConfig::new(variant);
    let (engine, evaluator) =
        parse_contender_spec(&args.settings, evaluator).map_err(SelfplayError::Spec)?;
    config.engine = engine;
    config.limit = match (args.playouts, args.time_ms) {
        (Some(n), _) => Limits::playouts(n),
        (None, Some(ms)) => Limits::time_ms(ms),
        (None, None) => Limits::playouts(1000),
    };
    if let Some(path) = &args.openings {
        config.openings =
            read_openings(path, variant).map_err(|problem| SelfplayError::Openings {
                path: path.clone(),
                problem,
            })?;
    }
    config.games = usize::try_from(args.games).unwrap_or(usize::MAX);
    config.seed = args.seed;
    config.max_plies = usize::try_from(args.max_plies).unwrap_or(usize::MAX);
    config.random_plies = usize::try_from(args.random_plies).unwrap_or(usize::MAX);
    Ok((config, evaluator))
}

/// Where the games are written, a line at a time.
enum Sink {
    Stdout,
    File(File),
}

impl Sink {
    fn write_line(&mut self, text: &str) -> io::Result<()> {
        match self {
            Sink::Stdout => {
                let mut out = io::stdout().lock();
                out.write_all(text.as_bytes()).and_then(|()| out.flush())
            }
            Sink::File(file) => file.write_all(text.as_bytes()).and_then(|()| file.flush()),
        }
    }

    fn is_stdout(&self) -> bool {
        matches!(self, Sink::Stdout)
    }
}

/// Opens `path` for the run with `header` and the games `share`: a new file
/// gets the header; an existing regular file is refused without `resume`,
/// and with it must be this run's, its complete games the first of
/// `share` (a cut-off last line is dropped). Returns the sink and how many
/// of `share` are already written.
fn open_output(
    path: &Path,
    resume: bool,
    header: &Header,
    share: &[usize],
) -> Result<(Sink, usize), SelfplayError> {
    let target = Target::open(path).map_err(|source| SelfplayError::OutputFile {
        path: path.to_path_buf(),
        source,
    })?;
    let write_error = |source| SelfplayError::Write {
        path: path.to_path_buf(),
        source,
        games: 0,
    };
    let text = header_line(header).map_err(|e| write_error(e.into()))?;
    let (mut sink, done) = match target {
        Target::Stdout | Target::Stream(_) if resume => {
            return Err(SelfplayError::ResumeNotAFile(path.to_path_buf()))
        }
        Target::Stdout => (Sink::Stdout, None),
        Target::Stream(file) => (Sink::File(file), None),
        Target::Regular { file, created } => {
            let empty = created || file.metadata().is_ok_and(|m| m.len() == 0);
            if empty {
                (Sink::File(file), None)
            } else if !resume {
                return Err(SelfplayError::Exists(path.to_path_buf()));
            } else {
                let (offset, done) = resume_point(path, header, share)?;
                let mut file = file;
                file.set_len(offset)
                    .and_then(|()| file.seek(SeekFrom::End(0)).map(drop))
                    .map_err(write_error)?;
                (Sink::File(file), Some(done))
            }
        }
    };
    match done {
        Some(done) => Ok((sink, done)),
        None => match sink.write_line(&text) {
            Ok(()) => Ok((sink, 0)),
            Err(e) if sink.is_stdout() => Err(SelfplayError::Output(StdoutError(e))),
            Err(e) => Err(write_error(e)),
        },
    }
}

/// Where the run in the file at `path` stops: the byte after its last
/// complete game and how many games of `share` it holds.
fn resume_point(
    path: &Path,
    header: &Header,
    share: &[usize],
) -> Result<(u64, usize), SelfplayError> {
    let mut reader = SelfplayReader::open(path).map_err(SelfplayError::Resume)?;
    let fields = differing_fields(reader.header(), header);
    if !fields.is_empty() {
        return Err(SelfplayError::OtherRun {
            path: path.to_path_buf(),
            fields,
        });
    }
    let mut done = 0;
    for (line, game) in (2..).zip(reader.by_ref()) {
        match game {
            Ok(game) => {
                let expected = share.get(done).copied();
                if Some(game.line.game) != expected {
                    return Err(SelfplayError::OutOfOrder {
                        path: path.to_path_buf(),
                        line,
                        found: game.line.game,
                        expected,
                    });
                }
                done += 1;
            }
            Err(ReadError {
                problem: ReadProblem::Truncated,
                line,
                ..
            }) => {
                let _ = writeln!(
                    io::stderr().lock(),
                    "selfplay: dropped line {line} of {}: the game there was cut off mid-write",
                    path.display()
                );
            }
            Err(e) => return Err(SelfplayError::Resume(e)),
        }
    }
    let _ = writeln!(
        io::stderr().lock(),
        "selfplay: resuming {} after its {done} complete {}",
        path.display(),
        plural(done, "game")
    );
    Ok((reader.offset(), done))
}

/// The header fields in which `found` differs from `wanted` (the command
/// line may differ).
fn differing_fields(found: &Header, wanted: &Header) -> Vec<String> {
    let (Ok(serde_json::Value::Object(a)), Ok(serde_json::Value::Object(b))) =
        (serde_json::to_value(found), serde_json::to_value(wanted))
    else {
        return vec!["everything".to_string()];
    };
    b.iter()
        .filter(|(key, value)| key.as_str() != "command" && a.get(key.as_str()) != Some(value))
        .map(|(key, _)| key.clone())
        .collect()
}

/// The run's header on stderr.
fn print_header(
    config: &SelfplayConfig,
    shard: Option<Shard>,
    share: usize,
    done: usize,
    threads: usize,
) {
    let shard = shard.map_or(String::new(), |s| {
        format!(
            "\n          shard {s}: the {} whose index ≡ {} (mod {})",
            count(share, "game"),
            s.index,
            s.count
        )
    });
    let resumed = if done > 0 {
        format!(
            "\n          {done} already written, {} to play",
            share - done
        )
    } else {
        String::new()
    };
    let _ = writeln!(
        io::stderr().lock(),
        "selfplay: {} ({}), {} on {}x{} with {}, {} at once, limit {}{shard}{resumed}",
        config.engine.kind,
        if config.openings.is_empty() {
            "from the start".to_string()
        } else {
            count(config.openings.len(), "opening")
        },
        count(config.games, "game"),
        config.variant.size(),
        config.variant.size(),
        count(config.variant.walls(), "wall"),
        threads,
        config.limit,
    );
}

/// The result as the summary says it.
fn result_text(result: FinalResult) -> &'static str {
    match result {
        FinalResult::One => "player 1 won",
        FinalResult::Two => "player 2 won",
        FinalResult::Draw => "draw at the ply cap",
    }
}

/// The games finished in this run so far.
#[derive(Debug, Default)]
struct RunTotals {
    games: usize,
    positions: usize,
    wins: [usize; 2],
    draws: usize,
}

impl RunTotals {
    fn add(&mut self, line: &GameLine) {
        self.games += 1;
        self.positions += line.plies.len();
        match line.result {
            FinalResult::One => self.wins[0] += 1,
            FinalResult::Two => self.wins[1] += 1,
            FinalResult::Draw => self.draws += 1,
        }
    }

    /// `1,234 positions, 56.7 positions/s` for the progress bar.
    fn rate(&self, seconds: f64) -> String {
        format!(
            "{} {}, {:.1} positions/s",
            quoridor_text::group_digits(self.positions as u64, ','),
            plural(self.positions, "position"),
            self.positions as f64 / seconds.max(1e-9)
        )
    }

    /// The closing line.
    fn summary(&self, seconds: f64) -> String {
        format!(
            "selfplay: {}, {} {}; P1 {} / P2 {} / draws {}; mean {:.1} plies; {:.1} positions/s; {:.1} s elapsed",
            count(self.games, "game"),
            quoridor_text::group_digits(self.positions as u64, ','),
            plural(self.positions, "position"),
            self.wins[0],
            self.wins[1],
            self.draws,
            self.positions as f64 / self.games.max(1) as f64,
            self.positions as f64 / seconds.max(1e-9),
            seconds
        )
    }
}

/// Prints `text` on stdout, or on stderr when the games go to stdout.
fn print_summary(text: &str, games_on_stdout: bool) -> Result<(), SelfplayError> {
    if games_on_stdout {
        let _ = writeln!(io::stderr().lock(), "{text}");
        return Ok(());
    }
    let mut out = io::stdout().lock();
    writeln!(out, "{text}")
        .and_then(|()| out.flush())
        .map_err(|e| SelfplayError::Output(StdoutError(e)))
}

/// `quoridor selfplay merge FILES… --out FILE`.
fn merge_shards(args: &SelfplayMergeArgs) -> Result<(), SelfplayError> {
    let (mut header, games) = merge_files(&args.files).map_err(SelfplayError::Merge)?;
    header.command = command_line();
    let target = Target::open(&args.out).map_err(|source| SelfplayError::OutputFile {
        path: args.out.clone(),
        source,
    })?;
    let mut sink = match target {
        Target::Stdout => Sink::Stdout,
        Target::Stream(file) => Sink::File(file),
        Target::Regular { file, created } => {
            if !created && file.metadata().is_ok_and(|m| m.len() > 0) {
                return Err(SelfplayError::Exists(args.out.clone()));
            }
            Sink::File(file)
        }
    };
    let mut text = header_line(&header).map_err(io::Error::from);
    for game in &games {
        if let Ok(all) = &mut text {
            match game_line(game) {
                Ok(line) => all.push_str(&line),
                Err(e) => text = Err(e.into()),
            }
        }
    }
    text.and_then(|text| sink.write_line(&text))
        .map_err(|source| SelfplayError::Write {
            path: args.out.clone(),
            source,
            games: 0,
        })?;
    let positions: usize = games.iter().map(|g| g.plies.len()).sum();
    print_summary(
        &format!(
            "selfplay merge: {}, {}, {} {}\nwritten: {}",
            count(args.files.len(), "file"),
            count(games.len(), "game"),
            quoridor_text::group_digits(positions as u64, ','),
            plural(positions, "position"),
            args.out.display()
        ),
        sink.is_stdout(),
    )
}
