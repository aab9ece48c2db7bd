//! `solve`: the exact value of a position on a small board, by solving its
//! whole variant ([`quoridor_solver`]): the value, the distance to the end
//! under best play, and every legal move with its value. Optionally checks
//! the table (`--check`), compares it with the independent brute force
//! (`--brute-force`) and writes it (`--out`).

use super::glossary::{with_terms, Term};
use super::help_template::HELP_TEMPLATE;
use super::position_args::{PositionArgs, PositionError};
use super::ranges::Whole;
use super::solve_accuracy::{AccuracyArgs, AccuracyError};
use super::stdout::StdoutError;
use clap::{Args, Subcommand};
use indicatif::{ProgressBar, ProgressStyle};
use quoridor_rules::{Player, Position, Variant};
use quoridor_solver::shelf::TableShelf;
use quoridor_solver::{
    brute_force, check_table, solve_keeping, Keep, SolveError, Table, Value, MAX_MEMORY_GIB,
};
use quoridor_text::{count, plural};
use std::fmt;
use std::io::{IsTerminal, Write};
use std::path::{Path, PathBuf};
use std::sync::Arc;
use std::time::{Duration, Instant};

/// What `solve --help` says after its flags.
pub const HELP: &str = "\
Solves every position of the variant (any pawn squares, any walls up to both stocks, either side
to move) by retrograde analysis from the fullest wall layer down, then prints the position's
value for the side to move, the plies to the end under best play (the winner's fastest, the
loser's longest) and every legal move with its value for the player making it.
A draw means neither side can force a win: play may repeat for ever. There is no ply limit
here (the page's and the arena's 300-ply adjudication is a separate rule): the pure game.
Feasible: 3x3 with any walls, 5x5 with a few walls each (docs/solved.md); a variant whose tables
exceed --memory-gib is refused before they are allocated.
Exit codes: 0 solved (and checks passed); 1 a check failed or the table could not be written;
2 bad input or a variant too big.";

/// The flags of `solve`.
#[derive(Debug, Args)]
#[command(args_conflicts_with_subcommands = true)]
pub struct SolveArgs {
    /// `solve accuracy`, or none to solve a position.
    #[command(subcommand)]
    pub command: Option<SolveCommand>,
    /// Most memory for the tables, in GiB (1–1024)
    #[arg(long, value_name = "GIB", default_value_t = 24, value_parser = Whole::new(1, u64::from(MAX_MEMORY_GIB)))]
    pub memory_gib: u64,
    /// Keep only two layers of the table in memory (positions with as many
    /// walls placed as the position, and one more): the position's value and
    /// its moves', for variants whose whole table does not fit
    #[arg(long, conflicts_with_all = ["check", "brute_force", "out"])]
    pub low_memory: bool,
    /// Check every entry of the table against its children (moves by the rules)
    #[arg(long)]
    pub check: bool,
    /// Also solve every position reachable from the position by a slow,
    /// independent minimax with cycle handling, and compare
    #[arg(long)]
    pub brute_force: bool,
    /// Write the table to FILE (format: crates/solver/src/table.rs)
    #[arg(long, value_name = "FILE", conflicts_with = "tables")]
    pub out: Option<PathBuf>,
    /// Read the variant's table from solved tables (a directory of files
    /// written by --out, or one such file) instead of solving; --check then
    /// checks the stored table
    #[arg(long, value_name = "PATH", conflicts_with = "low_memory")]
    pub tables: Option<PathBuf>,
    /// The position (the variant from --size/--walls or the record's header).
    #[command(flatten)]
    pub position: PositionArgs,
}

/// What `solve` does besides solving a position.
#[derive(Debug, Subcommand)]
pub enum SolveCommand {
    /// How close players come to perfect play: the share of their moves that keep the value
    #[command(
        help_template = HELP_TEMPLATE,
        args_override_self = true,
        after_help = with_terms(super::solve_accuracy::HELP, &[Term::Ply, Term::Playout, Term::AlphaBeta, Term::Wilson])
    )]
    Accuracy(AccuracyArgs),
}

/// Why `solve` stopped.
#[derive(Debug)]
pub enum SolveCommandError {
    /// The record or the variant flags do not give a position.
    Position(PositionError),
    /// The variant's tables do not fit.
    Solve(SolveError),
    /// The consistency check or the brute force found disagreements.
    CheckFailed(String),
    /// The table file could not be written.
    TableFile {
        /// The path as given.
        path: PathBuf,
        /// Why.
        error: std::io::Error,
    },
    /// The result could not be written.
    Output(StdoutError),
    /// `solve accuracy` stopped.
    Accuracy(AccuracyError),
    /// `--tables` cannot be read, holds no table of the variant, or its
    /// table cannot be read.
    Tables(String),
}

impl SolveCommandError {
    /// 2 for bad input or a variant too big, 1 for a failed check or file.
    pub fn exit_code(&self) -> i32 {
        match self {
            SolveCommandError::Position(_)
            | SolveCommandError::Solve(_)
            | SolveCommandError::Tables(_) => 2,
            SolveCommandError::CheckFailed(_) | SolveCommandError::TableFile { .. } => 1,
            SolveCommandError::Output(e) => e.exit_code(),
            SolveCommandError::Accuracy(e) => e.exit_code(),
        }
    }
}

impl fmt::Display for SolveCommandError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            SolveCommandError::Position(e) => e.fmt(f),
            SolveCommandError::Solve(e) => e.fmt(f),
            SolveCommandError::CheckFailed(why) => write!(f, "check failed: {why}"),
            SolveCommandError::TableFile { path, error } => {
                write!(f, "cannot write the table to {}: {error}", path.display())
            }
            SolveCommandError::Output(e) => e.fmt(f),
            SolveCommandError::Accuracy(e) => e.fmt(f),
            SolveCommandError::Tables(why) => write!(f, "--tables: {why}"),
        }
    }
}

impl std::error::Error for SolveCommandError {}

impl From<PositionError> for SolveCommandError {
    fn from(e: PositionError) -> Self {
        SolveCommandError::Position(e)
    }
}

impl From<std::io::Error> for SolveCommandError {
    fn from(e: std::io::Error) -> Self {
        SolveCommandError::Output(StdoutError(e))
    }
}

/// A bar over wall states on stderr when it is a terminal.
struct StateProgress(Option<ProgressBar>);

impl StateProgress {
    fn new(what: &str) -> StateProgress {
        StateProgress(std::io::stderr().is_terminal().then(|| {
            let bar = ProgressBar::new(0);
            let style = ProgressStyle::with_template(&format!(
                "{what} [{{bar:30}}] {{pos}}/{{len}} wall states  {{elapsed}} elapsed, {{eta}} left"
            ))
            .unwrap_or_else(|_| ProgressStyle::default_bar())
            .progress_chars("#>.");
            bar.set_style(style);
            bar.enable_steady_tick(Duration::from_millis(500));
            bar
        }))
    }

    fn update(&self, done: u64, total: u64) {
        if let Some(bar) = &self.0 {
            bar.set_length(total);
            bar.set_position(done);
        }
    }

    fn finish(&self) {
        if let Some(bar) = &self.0 {
            bar.finish_and_clear();
        }
    }
}

fn group(n: u64) -> String {
    quoridor_text::group_digits(n, ',')
}

/// The value in words, for the player it belongs to.
fn for_player(value: Value, player: Player) -> String {
    match value {
        Value::Draw => "draw (neither side can force a win)".to_string(),
        Value::Loss(0) => format!("{player} has lost (the game is over)"),
        v => format!("{player} {v}"),
    }
}

/// Solves the variant of the position and prints its value and its moves'.
pub fn solve_command(args: &SolveArgs) -> Result<(), SolveCommandError> {
    if let Some(SolveCommand::Accuracy(accuracy)) = &args.command {
        return super::solve_accuracy::accuracy(accuracy).map_err(SolveCommandError::Accuracy);
    }
    let game = args.position.game()?;
    let pos = *game.position();
    let variant = game.variant();
    let started = Instant::now();
    if let Some(path) = &args.tables {
        let table = read_from_shelf(path, variant)?;
        let mut out = std::io::stdout().lock();
        writeln!(
            out,
            "{n}x{n}, {w} each: table read from {} ({} entries) in {:.1} s",
            path.display(),
            group(table.layout().entries()),
            started.elapsed().as_secs_f64(),
            n = variant.size(),
            w = count(variant.walls(), "wall"),
        )?;
        return report(&table, pos, args, &mut out);
    }
    let progress = StateProgress::new("solving");
    let keep = if args.low_memory {
        Keep::Around(pos.walls().count() as u8)
    } else {
        Keep::All
    };
    let solved = solve_keeping(variant, args.memory_gib << 30, keep, |d, t| {
        progress.update(d, t)
    });
    progress.finish();
    let (table, stats) = solved.map_err(SolveCommandError::Solve)?;
    let seconds = started.elapsed().as_secs_f64();
    let mut out = std::io::stdout().lock();
    writeln!(
        out,
        "{n}x{n}, {w} each: {} {} solved ({} wall {}, {} wall {}) in {seconds:.1} s",
        group(stats.positions),
        plural(stats.positions, "position"),
        group(stats.states),
        plural(stats.states, "state"),
        group(stats.configs),
        plural(stats.configs, "configuration"),
        n = variant.size(),
        w = count(variant.walls(), "wall"),
    )?;
    writeln!(
        out,
        "positions: {} won, {} lost, {} drawn (for the side to move); no ply limit",
        group(stats.wins),
        group(stats.losses),
        group(stats.draws)
    )?;
    if stats.stuck > 0 {
        print_value(&table, pos, &mut out)?;
        return Err(SolveCommandError::CheckFailed(format!(
            "{} unfinished positions without a legal move",
            stats.stuck
        )));
    }
    report(&table, pos, args, &mut out)
}

/// The table of `variant` from the solved tables at `path`.
fn read_from_shelf(path: &Path, variant: Variant) -> Result<Arc<Table>, SolveCommandError> {
    let shelf = TableShelf::open(path).map_err(|e| SolveCommandError::Tables(e.to_string()))?;
    match shelf.table(variant) {
        Some(table) => table.map_err(SolveCommandError::Tables),
        None => Err(SolveCommandError::Tables(format!(
            "no table of {n}x{n} with {w} each at {} (it holds {})",
            path.display(),
            shelf
                .variants()
                .map(|(n, w)| format!("{n}x{n} with {} each", count(w, "wall")))
                .collect::<Vec<_>>()
                .join(", "),
            n = variant.size(),
            w = count(variant.walls(), "wall"),
        ))),
    }
}

/// The position's value and its moves' by the table.
fn print_value(
    table: &Table,
    pos: Position,
    out: &mut impl Write,
) -> Result<(), SolveCommandError> {
    let value = table.value(&pos).ok_or_else(|| {
        SolveCommandError::CheckFailed("the position is missing from its variant's table".into())
    })?;
    writeln!(out, "value: {}", for_player(value, pos.turn()))?;
    let moves = table.move_values(&pos);
    if !moves.is_empty() {
        writeln!(out, "moves ({} to move, value for the mover):", pos.turn())?;
        for (mv, v) in &moves {
            writeln!(out, "  {:<5} {v}", mv.to_string())?;
        }
    }
    out.flush()?;
    Ok(())
}

/// The value, then the checks and the file the flags ask for.
fn report(
    table: &Table,
    pos: Position,
    args: &SolveArgs,
    out: &mut impl Write,
) -> Result<(), SolveCommandError> {
    print_value(table, pos, out)?;
    if args.check {
        run_check(table, out)?;
    }
    if args.brute_force {
        run_brute_force(table, pos, out)?;
    }
    if let Some(path) = &args.out {
        write_table(table, path)?;
        writeln!(out, "table written to {}", path.display())?;
    }
    Ok(())
}

fn run_check(table: &Table, out: &mut impl Write) -> Result<(), SolveCommandError> {
    let started = Instant::now();
    let progress = StateProgress::new("checking");
    let report = check_table(table, |d, t| progress.update(d, t));
    progress.finish();
    writeln!(
        out,
        "consistency check: {} {}, {} {} ({:.1} s)",
        group(report.positions),
        plural(report.positions, "position"),
        group(report.violations),
        plural(report.violations, "violation"),
        started.elapsed().as_secs_f64()
    )?;
    if report.passed() {
        Ok(())
    } else {
        Err(SolveCommandError::CheckFailed(
            report
                .examples
                .first()
                .cloned()
                .unwrap_or_default()
                .replace('\n', " | "),
        ))
    }
}

/// Most positions the brute force may hash.
const BRUTE_FORCE_LIMIT: usize = 50_000_000;

fn run_brute_force(
    table: &Table,
    pos: Position,
    out: &mut impl Write,
) -> Result<(), SolveCommandError> {
    let started = Instant::now();
    let values = brute_force(pos, BRUTE_FORCE_LIMIT).map_err(|e| {
        SolveCommandError::CheckFailed(format!(
            "the brute force would need more than {} positions",
            e.0
        ))
    })?;
    let differ = values
        .iter()
        .filter(|(p, v)| table.value(p) != Some(**v))
        .count();
    writeln!(
        out,
        "brute force: {} reachable positions, {} differ from the table ({:.1} s)",
        group(values.len() as u64),
        group(differ as u64),
        started.elapsed().as_secs_f64()
    )?;
    if differ == 0 {
        Ok(())
    } else {
        Err(SolveCommandError::CheckFailed(format!(
            "{} from the brute force",
            match differ {
                1 => "1 position differs".to_string(),
                n => format!("{n} positions differ"),
            }
        )))
    }
}

fn write_table(table: &Table, path: &PathBuf) -> Result<(), SolveCommandError> {
    let file_error = |error| SolveCommandError::TableFile {
        path: path.clone(),
        error,
    };
    let file = std::fs::File::create(path).map_err(file_error)?;
    let mut writer = std::io::BufWriter::new(file);
    table.write_to(&mut writer).map_err(file_error)?;
    writer.flush().map_err(file_error)
}
