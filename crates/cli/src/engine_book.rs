//! `engine-book`: builds the engines' opening book (option `book`, see
//! [`quoridor_engines::OpeningBook`]) by the project's own analysis: from
//! the start of the 9×9 game, a long search of the Default preset in each
//! book position, the moves it found best kept ([`book_moves`]), and the
//! positions after them expanded in turn, breadth first, to `--depth`
//! plies. Each position is appended to `--out` as soon as it is searched,
//! and positions already in the file are not searched again, so a build
//! stopped part way continues where it was.

use super::glossary::{with_terms, Term};
use super::provenance::{command_line, today};
use super::ranges::Whole;
use super::stdout::StdoutError;
use clap::Args;
use quoridor_engines::learned::Evaluator;
use quoridor_engines::{
    book_moves, new_engine, BookError, BookLine, BookRule, EngineConfig, Limits, OpeningBook,
    SearchEngine,
};
use quoridor_rules::{Move, Position, Variant};
use std::collections::{HashSet, VecDeque};
use std::fmt;
use std::io::Write;
use std::path::PathBuf;
use std::time::Instant;

/// Why `engine-book` stopped.
#[derive(Debug)]
pub enum EngineBookError {
    /// The `--out` file exists but is not a book.
    Existing(PathBuf, BookError),
    /// The `--out` file could not be read or written.
    File(PathBuf, std::io::Error),
    /// The summary could not be written.
    Output(StdoutError),
}

impl fmt::Display for EngineBookError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            EngineBookError::Existing(path, e) => write!(
                f,
                "{} is not an engine book, so it cannot be continued: {e}",
                path.display()
            ),
            EngineBookError::File(path, e) => write!(f, "{}: {e}", path.display()),
            EngineBookError::Output(e) => e.fmt(f),
        }
    }
}

impl std::error::Error for EngineBookError {}

impl From<std::io::Error> for EngineBookError {
    fn from(e: std::io::Error) -> Self {
        EngineBookError::Output(StdoutError(e))
    }
}

/// The flags of `engine-book`.
#[derive(Debug, Args)]
#[command(after_help = with_terms("\
Expands the start position of the 9x9 game breadth first: in each position a search of the
Default preset (UCT) for MS milliseconds, the best move kept and others (--max-moves in all)
within --max-drop points of its win rate with at least --min-share % of the root visits, each
with its share of the visits and win rate; then the positions after the kept moves, up to DEPTH plies from the start. Each
position is appended to FILE as it is done; run the same command again to continue a stopped
build (positions already in FILE are not searched again). The format is in docs/engines.md,
\"Opening book\"; `quoridor book` writes openings for `arena --openings` instead.", &[Term::Ply, Term::Uct, Term::Preset]))]
pub struct EngineBookArgs {
    /// Plies from the start position that the book's moves reach
    #[arg(long, value_name = "DEPTH", default_value_t = 4, value_parser = Whole::new(1, 20))]
    pub depth: u64,
    /// Search time in each book position, in milliseconds
    #[arg(long, value_name = "MS", default_value_t = 4_000, value_parser = Whole::new(1, 3_600_000))]
    pub time_ms: u64,
    /// Keep a move besides the best only with at least PCT% of the root visits
    #[arg(long, value_name = "PCT", default_value_t = 15, value_parser = Whole::new(0, 100))]
    pub min_share: u64,
    /// Keep a move besides the best only within PCT points of its win rate
    #[arg(long, value_name = "PCT", default_value_t = 3, value_parser = Whole::new(0, 100))]
    pub max_drop: u64,
    /// Most moves kept in a position, the best included
    #[arg(long, value_name = "N", default_value_t = 3, value_parser = Whole::new(1, 20))]
    pub max_moves: u64,
    /// UCT search threads (the search is reproducible only with 1)
    #[arg(long, value_name = "N", default_value_t = 1, value_parser = Whole::new(1, 16))]
    pub threads: u64,
    /// The book file: created, or continued when it exists
    #[arg(long, value_name = "FILE")]
    pub out: PathBuf,
}

/// Builds (or continues) the book in `--out`, searching with `evaluator`'s
/// Default preset; prints a summary when done.
pub fn engine_book(args: &EngineBookArgs, evaluator: &Evaluator) -> Result<(), EngineBookError> {
    let path = args.out.as_path();
    let file_error = |e| EngineBookError::File(path.to_path_buf(), e);
    let mut book = match std::fs::read_to_string(path) {
        Ok(text) => OpeningBook::parse(&text)
            .map_err(|e| EngineBookError::Existing(path.to_path_buf(), e))?,
        Err(e) if e.kind() == std::io::ErrorKind::NotFound => OpeningBook::default(),
        Err(e) => return Err(file_error(e)),
    };
    let fresh = !path.exists();
    let mut file = std::fs::OpenOptions::new()
        .create(true)
        .append(true)
        .open(path)
        .map_err(file_error)?;
    let mut config = EngineConfig::default();
    config.params.limits = Limits::time_ms(args.time_ms);
    config.params.threads = u32::try_from(args.threads).unwrap_or(1);
    config.params.book = false;
    let rule = BookRule {
        max_moves: usize::try_from(args.max_moves).unwrap_or(1),
        min_share: args.min_share as f64 / 100.0,
        max_drop: args.max_drop as f64 / 100.0,
    };
    let header = if fresh {
        format!(
            "# quoridor engine book: the engines' opening book (option book), 9x9, 10 walls\n\
             # made by: {}\n\
             # engine: preset default (UCT, eval {}, {} a search, {} thread(s), seed {})\n\
             # keeps: the best move, and up to {} others within {:.0} points of its win rate \
             with at least {:.0}% of the root visits; MOVE:SHARE:WIN, WIN for the mover\n\
             # date: {}\n",
            command_line(),
            config.params.eval,
            ms_text(args.time_ms),
            config.params.threads,
            config.params.seed,
            rule.max_moves - 1,
            rule.max_drop * 100.0,
            rule.min_share * 100.0,
            today(),
        )
    } else {
        format!("# continued {}: {}\n", today(), command_line())
    };
    file.write_all(header.as_bytes()).map_err(file_error)?;
    let depth = usize::try_from(args.depth).unwrap_or(usize::MAX);
    let started = Instant::now();
    let (mut searched, mut found) = (0usize, 0usize);
    let mut seen: HashSet<Position> = HashSet::new();
    let mut queue: VecDeque<Vec<Move>> = VecDeque::from([Vec::new()]);
    while let Some(record) = queue.pop_front() {
        let Some(position) = replay(&record) else {
            continue;
        };
        if record.len() >= depth || position.is_over() || !seen.insert(position) {
            continue;
        }
        let moves = match book.moves_at(&position) {
            Some(moves) => {
                found += 1;
                moves.to_vec()
            }
            None => {
                let mut engine = new_engine(position, &config, evaluator.clone());
                engine.think();
                let moves = book_moves(&engine.info(usize::MAX), &rule);
                if moves.is_empty() {
                    continue;
                }
                let line = BookLine {
                    record: record.clone(),
                    moves: moves.clone(),
                };
                writeln!(file, "{line}").map_err(file_error)?;
                file.flush().map_err(file_error)?;
                searched += 1;
                eprintln!(
                    "engine-book: {} positions, {:.0} s: {line}",
                    book.len() + 1,
                    started.elapsed().as_secs_f64()
                );
                // Cannot fail: the position was not in the book.
                let _ = book.insert(line);
                moves
            }
        };
        for m in moves {
            let mut next = record.clone();
            next.push(m.mv);
            queue.push_back(next);
        }
    }
    let mut out = std::io::stdout().lock();
    writeln!(
        out,
        "engine-book: {} in {} ({} searched now, {} already there), depth {}, {} a position, {:.0} s",
        book.len(),
        path.display(),
        searched,
        found,
        depth,
        ms_text(args.time_ms),
        started.elapsed().as_secs_f64()
    )?;
    out.flush()?;
    Ok(())
}

/// The position after `record` from the start, if every move is legal.
fn replay(record: &[Move]) -> Option<Position> {
    let mut position = Position::new(Variant::default());
    for &mv in record {
        position.play(mv).ok()?;
    }
    Some(position)
}

/// `4 s`, `250 ms`.
fn ms_text(ms: u64) -> String {
    if ms % 1000 == 0 {
        format!("{} s", ms / 1000)
    } else {
        format!("{ms} ms")
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_stopped_build_continues_without_searching_again() {
        let dir = std::env::temp_dir().join(format!("engine-book-{}", std::process::id()));
        std::fs::create_dir_all(&dir).expect("temp dir");
        let out = dir.join("book.txt");
        let _ = std::fs::remove_file(&out);
        let args = |depth| EngineBookArgs {
            depth,
            time_ms: 20,
            min_share: 15,
            max_drop: 3,
            max_moves: 3,
            threads: 1,
            out: out.clone(),
        };
        let evaluator = Evaluator::classic();
        engine_book(&args(1), &evaluator).expect("depth 1");
        let first = std::fs::read_to_string(&out).expect("written");
        assert_eq!(first.lines().filter(|l| !l.starts_with('#')).count(), 1);
        engine_book(&args(2), &evaluator).expect("depth 2");
        let second = std::fs::read_to_string(&out).expect("written");
        assert!(second.starts_with(&first), "appended, not rewritten");
        let book = OpeningBook::parse(&second).expect("still a book");
        let start_moves = book.lines()[0].moves.len();
        assert_eq!(
            book.len(),
            1 + start_moves,
            "the start once, then each kept move's position"
        );
        assert!(second.contains("# continued"));
        std::fs::write(&out, "not a book\n").expect("overwrite");
        let err = engine_book(&args(1), &evaluator).expect_err("refuses to continue");
        assert!(err.to_string().contains("line 1"), "{err}");
        let _ = std::fs::remove_dir_all(&dir);
    }
}
