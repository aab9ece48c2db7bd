//! `book`: writes an opening book for `arena --openings` (see
//! [`quoridor_arena::generate_book`]).

use super::glossary::{with_terms, Term};
use super::ranges::{BoardSize, WallCount, Whole};
use super::stdout::StdoutError;
use clap::Args;
use quoridor_arena::{generate_book, BookSettings};
use quoridor_rules::{Variant, VariantError};
use quoridor_text::{count, group_digits, plural};
use std::fmt;
use std::io::Write;

/// Why `book` stopped.
#[derive(Debug)]
pub enum BookError {
    /// `--size` and `--walls` make no variant.
    Variant(VariantError),
    /// Every opening drawn repeated a position or was unbalanced: the book
    /// would be empty, and `arena --openings` refuses an empty book.
    NoOpenings {
        /// The board.
        variant: Variant,
        /// Moves in each opening.
        plies: usize,
        /// The `--balance` in points.
        balance: u64,
        /// Openings drawn.
        drawn: usize,
        /// Of those, the ones that repeated a position.
        repeated: usize,
        /// Of those, the ones too far from 50%.
        unbalanced: usize,
    },
    /// The book could not be written.
    Output(StdoutError),
}

impl fmt::Display for BookError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            BookError::Variant(e) => e.fmt(f),
            BookError::NoOpenings {
                variant,
                plies,
                balance,
                drawn,
                repeated,
                unbalanced,
            } => write!(
                f,
                "no opening found on {size}x{size} with {walls} at {plies}: of {drawn} \
                 drawn, {repeated} repeated a position and {unbalanced} were not within 50 ± \
                 {balance}%; try a bigger board, other --plies or a wider --balance",
                size = variant.size(),
                walls = count(variant.walls(), "wall"),
                plies = count(*plies, "ply"),
            ),
            BookError::Output(e) => e.fmt(f),
        }
    }
}

impl std::error::Error for BookError {}

impl From<std::io::Error> for BookError {
    fn from(e: std::io::Error) -> Self {
        BookError::Output(StdoutError(e))
    }
}

/// The flags of `book`.
#[derive(Debug, Args)]
#[command(after_help = with_terms("\
Each opening is PLIES moves from the start, every move drawn at random from the engine's TOP
best-ranked moves (never a winning step); a position reached before (by any move order) is
drawn again, and a Default-preset search of N playouts keeps only openings where the side to
move's win chance is within PCT points of 50%. The output is one record per line after two
# comment lines, ready for `quoridor arena --openings FILE`, which plays each opening once with
each colour. The same flags give the same book.", &[Term::Ply, Term::Playout, Term::Preset]))]
pub struct BookArgs {
    /// Openings to write
    #[arg(long, value_name = "N", default_value_t = 100, value_parser = Whole::new(1, 100_000))]
    pub count: u64,
    /// Moves in each opening
    #[arg(long, value_name = "PLIES", default_value_t = 4, value_parser = Whole::new(1, 40))]
    pub plies: u64,
    /// Moves to draw from at each ply: the best TOP by the engine's move ranking
    #[arg(long, value_name = "TOP", default_value_t = 8, value_parser = Whole::new(1, 200))]
    pub top: u64,
    /// Playouts of the balance search at each opening's end
    #[arg(long, value_name = "N", default_value_t = 2_000, value_parser = Whole::new(1, 10_000_000))]
    pub playouts: u64,
    /// Keep openings whose win chance for the side to move is 50% ± PCT
    #[arg(long, value_name = "PCT", default_value_t = 15, value_parser = Whole::new(0, 50))]
    pub balance: u64,
    /// The generator's seed
    #[arg(long, value_name = "N", default_value_t = 0, value_parser = Whole::new(0, u64::MAX))]
    pub seed: u64,
    /// Board size (3–11)
    #[arg(long, value_name = "N", default_value_t = 9, value_parser = BoardSize)]
    pub size: u8,
    /// Walls per player (0–20)
    #[arg(long, value_name = "W", default_value_t = 10, value_parser = WallCount)]
    pub walls: u8,
}

impl BookArgs {
    fn settings(&self) -> Result<BookSettings, BookError> {
        let variant = Variant::new(self.size, self.walls).map_err(BookError::Variant)?;
        let whole = |n: u64| usize::try_from(n).unwrap_or(usize::MAX);
        Ok(BookSettings {
            variant,
            count: whole(self.count),
            plies: whole(self.plies),
            top: whole(self.top),
            playouts: self.playouts,
            max_skew: self.balance as f64 / 100.0,
            seed: self.seed,
        })
    }
}

/// Generates the book and prints it; a shortfall is reported on stderr, and
/// a book without any opening is refused (nothing is printed).
pub fn book(args: &BookArgs) -> Result<(), BookError> {
    let settings = args.settings()?;
    let book = generate_book(&settings);
    if book.openings.is_empty() {
        return Err(BookError::NoOpenings {
            variant: settings.variant,
            plies: settings.plies,
            balance: args.balance,
            drawn: book.drawn,
            repeated: book.repeated,
            unbalanced: book.unbalanced,
        });
    }
    let mut out = std::io::stdout().lock();
    let v = settings.variant;
    writeln!(
        out,
        "# quoridor book: {} of {} on {}x{} with {} (seed {}, best {}, 50 ± {}% by {} {})",
        count(book.openings.len(), "opening"),
        count(settings.plies, "ply"),
        v.size(),
        v.size(),
        count(v.walls(), "wall"),
        settings.seed,
        count(settings.top, "move"),
        args.balance,
        group_digits(settings.playouts, ','),
        plural(settings.playouts, "playout"),
    )?;
    writeln!(
        out,
        "# drawn {}: {} repeated positions and {} unbalanced ones dropped",
        book.drawn, book.repeated, book.unbalanced
    )?;
    for opening in &book.openings {
        writeln!(out, "{}", opening.game)?;
    }
    out.flush()?;
    if book.openings.len() < settings.count {
        eprintln!(
            "book: only {} of {} found (this board has few distinct balanced positions at {})",
            book.openings.len(),
            count(settings.count, "opening"),
            count(settings.plies, "ply")
        );
    }
    Ok(())
}
