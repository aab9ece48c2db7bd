//! `review`: the engine judges every move of a record and prints the
//! annotated record and each player's accuracy (the same judgement as the
//! page's review, see [`quoridor_review`]).

use super::glossary::{with_terms, Term};
use super::position_args::{PositionArgs, PositionError};
use super::progress::ReviewProgress;
use super::ranges::Whole;
use super::stdout::StdoutError;
use clap::Args;
use quoridor_engines::learned::Evaluator;
use quoridor_engines::{EngineConfig, EngineKind, Limits, SearchParams};
use quoridor_review::{annotated_record, GameReview, PositionEval};
use quoridor_rules::PlyLimit;
use std::fmt;
use std::io::Write;

/// Milliseconds the engine searches each position by default.
pub const DEFAULT_REVIEW_TIME_MS: u64 = 500;

/// The flags of `review`.
#[derive(Debug, Args)]
#[command(after_help = with_terms("\
Prints the record with ?! (inaccuracy), ? (mistake) and ?? (blunder) after the moves that lost
the mover at least 10, 15 or 20 points of win chance, each with a comment naming the engine's
choice ({better: d9, win 100% → 0%}), then each player's accuracy (0–100) and judgement counts.
Where the game is decided (a proven win or loss, or a race with no walls left), a move that keeps
the result without heading home is \"decided\": not best, and left out of the accuracy.
A move that brings its mover back to a square it stood on (no wall of its own placed since) is
judged by the loss since it last stood there, where that is larger than the move's own.
The annotated record reads back as a record: symbols and comments are ignored.", &[
    Term::Uct, Term::Playout, Term::AlphaBeta, Term::Node,
]))]
pub struct ReviewArgs {
    /// Milliseconds the engine searches each position [default: 500]
    #[arg(long, value_name = "MS", value_parser = Whole::new(1, 3_600_000), conflicts_with = "playouts")]
    pub time_ms: Option<u64>,
    /// Playouts per position instead of a time (reproducible reviews; nodes for alpha-beta)
    #[arg(long, value_name = "N", value_parser = Whole::at_least_one())]
    pub playouts: Option<u64>,
    /// The engine that judges: uct or alphabeta [default: uct]
    #[arg(long, value_name = "KIND", value_parser = engine_kind)]
    pub engine: Option<EngineKind>,
    /// The game to review.
    #[command(flatten)]
    pub position: PositionArgs,
}

impl ReviewArgs {
    /// The engine and its settings: the Default preset with this review's
    /// budget, searched by this review's engine.
    fn config(&self) -> EngineConfig {
        let limits = match self.playouts {
            Some(n) => Limits::playouts(n),
            None => Limits::time_ms(self.time_ms.unwrap_or(DEFAULT_REVIEW_TIME_MS)),
        };
        EngineConfig::of_kind(
            self.engine.unwrap_or_default(),
            SearchParams {
                limits,
                ..SearchParams::default()
            },
        )
    }
}

/// `--engine KIND`: an engine the `engine` option knows, in its words.
fn engine_kind(text: &str) -> Result<EngineKind, String> {
    text.parse::<EngineKind>().map_err(|e| e.to_string())
}

/// Why `review` stopped.
#[derive(Debug)]
pub enum ReviewError {
    /// The record or the variant flags do not give a position.
    Position(PositionError),
    /// The record has no move to judge.
    NoMoves,
    /// The review could not be written.
    Output(StdoutError),
}

impl fmt::Display for ReviewError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            ReviewError::Position(e) => e.fmt(f),
            ReviewError::NoMoves => f.write_str("review needs a record with at least one move"),
            ReviewError::Output(e) => e.fmt(f),
        }
    }
}

impl std::error::Error for ReviewError {}

impl From<PositionError> for ReviewError {
    fn from(e: PositionError) -> Self {
        ReviewError::Position(e)
    }
}

impl From<std::io::Error> for ReviewError {
    fn from(e: std::io::Error) -> Self {
        ReviewError::Output(StdoutError(e))
    }
}

/// Searches every position of the record (a progress bar on a terminal),
/// then prints the annotated record and the summary; a record without moves
/// has nothing to judge and is refused. The engine scores with `evaluator`.
pub fn review(args: &ReviewArgs, evaluator: &Evaluator) -> Result<(), ReviewError> {
    let game = args.position.game()?;
    if game.moves().is_empty() {
        return Err(ReviewError::NoMoves);
    }
    let config = args.config();
    let progress = ReviewProgress::new(game.moves().len() as u64 + 1);
    let evals = PositionEval::search_game(&game, &config, evaluator, |done, _| {
        progress.update(done as u64)
    });
    progress.finish();
    let judged = GameReview::judge(&game, &evals);
    let mut out = std::io::stdout().lock();
    writeln!(
        out,
        "{}",
        annotated_record(&game, &judged, PlyLimit::DEFAULT)
    )?;
    for line in judged.summary(0).lines() {
        writeln!(out, "{line}")?;
    }
    out.flush()?;
    Ok(())
}
