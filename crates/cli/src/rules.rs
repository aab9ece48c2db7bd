//! `moves`, `perft` and `show`.

use super::args::PerftArgs;
use super::position_args::{PositionArgs, PositionError};
use super::stdout::StdoutError;
use quoridor_rules::{perft as count_perft, result_text, Adjudication, Position};
use std::fmt;
use std::io::Write;

/// Most leaves `perft` counts without `--force`: a count beyond it takes from
/// minutes to hours, so it has to be asked for.
pub const PERFT_LEAF_LIMIT: f64 = 1e10;

/// Why a rules command refused.
#[derive(Debug)]
pub enum RulesError {
    /// The record or the variant flags do not give a position.
    Position(PositionError),
    /// `perft` would count more than [`PERFT_LEAF_LIMIT`] leaves and `--force`
    /// was not given.
    TooManyLeaves {
        /// The requested depth.
        depth: u32,
        /// The estimated number of leaves.
        estimate: f64,
    },
    /// The answer could not be written.
    Output(StdoutError),
}

impl fmt::Display for RulesError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            RulesError::Position(e) => e.fmt(f),
            RulesError::TooManyLeaves { depth, estimate } => write!(
                f,
                "perft {depth} would count about {estimate:.1e} move sequences, which may take \
                 hours; add --force to run it anyway"
            ),
            RulesError::Output(e) => e.fmt(f),
        }
    }
}

impl std::error::Error for RulesError {}

impl From<PositionError> for RulesError {
    fn from(e: PositionError) -> Self {
        RulesError::Position(e)
    }
}

impl From<std::io::Error> for RulesError {
    fn from(e: std::io::Error) -> Self {
        RulesError::Output(StdoutError(e))
    }
}

/// Prints every legal move after the record, space-separated, on one line.
/// After a finished game the line is empty and stderr says who won, so a
/// script reading the moves gets none and a person reads why.
pub fn moves(position: &PositionArgs) -> Result<(), RulesError> {
    let game = position.game()?;
    if let Some(winner) = game.winner() {
        let _ = writeln!(
            std::io::stderr().lock(),
            "game over: {winner} has won; no move is legal"
        );
    }
    let moves: Vec<String> = game
        .position()
        .legal_moves()
        .iter()
        .map(|m| m.to_string())
        .collect();
    let mut out = std::io::stdout().lock();
    writeln!(out, "{}", moves.join(" "))?;
    out.flush()?;
    Ok(())
}

/// The number of leaves a perft of `depth` from `position` is expected to
/// reach: the position's count of legal moves raised to `depth`. Walls run
/// out and games end deeper down, so this overestimates, by about 7% at depth
/// 3 from the standard start (2.25 million for 2,062,264).
pub fn estimated_leaves(position: &Position, depth: u32) -> f64 {
    let branching = position.legal_moves().len() as f64;
    branching.powi(i32::try_from(depth).unwrap_or(i32::MAX))
}

/// Prints the perft count of the position after the record; refuses without
/// `--force` when the count would take hours.
pub fn perft(args: &PerftArgs) -> Result<(), RulesError> {
    let depth = args.depth;
    let game = args.position.game()?;
    let estimate = estimated_leaves(game.position(), depth);
    if estimate > PERFT_LEAF_LIMIT && !args.force {
        return Err(RulesError::TooManyLeaves { depth, estimate });
    }
    let mut out = std::io::stdout().lock();
    writeln!(out, "{}", count_perft(game.position(), depth))?;
    out.flush()?;
    Ok(())
}

/// Prints the ASCII diagram of the position after the record, and the
/// record with its result: the one it states, or a pawn's on its goal row.
pub fn show(position: &PositionArgs) -> Result<(), RulesError> {
    let (game, stated) = position.game_with_result()?;
    let mut out = std::io::stdout().lock();
    write!(out, "{}", game.position().diagram())?;
    if let (Some(stated), None) = (stated, game.winner()) {
        // The record was read, so the adjudication gives the stated winner.
        let adjudication = Adjudication::of(game.position());
        writeln!(
            out,
            "result: {}, as the record states: the game stopped here, and {stated} wins it on path lengths ({})",
            result_text(stated),
            adjudication.paths_text()
        )?;
    }
    let mut record = game.to_string();
    if let Some(winner) = stated.or(game.winner()) {
        if !record.is_empty() {
            record.push(' ');
        }
        record.push_str(result_text(winner));
    }
    if !record.is_empty() {
        writeln!(out, "record: {record}")?;
    }
    out.flush()?;
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn leaf_estimate_is_the_branching_factor_to_the_depth() {
        let start = Position::new(quoridor_rules::Variant::default());
        assert_eq!(estimated_leaves(&start, 0), 1.0);
        assert_eq!(estimated_leaves(&start, 2), 131.0 * 131.0);
        // Depth 4 runs, depth 5 needs --force.
        assert!(estimated_leaves(&start, 4) < PERFT_LEAF_LIMIT);
        assert!(estimated_leaves(&start, 5) > PERFT_LEAF_LIMIT);
    }
}
