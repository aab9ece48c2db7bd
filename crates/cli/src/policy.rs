//! `quoridor policy [--eval-file PATH] [RECORD]`: the network's prior for
//! each legal move after the record, as its policy head gives it (no
//! search): one `MOVE PRIOR` line per move, the most likely first. What the
//! page's prior column and policy overlay show, computed natively.

use super::eval_file::{EvalFileArg, EvalFileError};
use super::position_args::{PositionArgs, PositionError};
use super::stdout::StdoutError;
use clap::Args;
use std::fmt;
use std::io::Write;

/// The flags of `policy`.
#[derive(Debug, Args)]
pub struct PolicyArgs {
    /// The network's weights.
    #[command(flatten)]
    pub eval_file: EvalFileArg,
    /// The position.
    #[command(flatten)]
    pub position: PositionArgs,
}

/// Why `policy` printed no priors.
#[derive(Debug)]
pub enum PolicyError {
    /// The record or the variant flags do not give a position.
    Position(PositionError),
    /// The network could not be read.
    EvalFile(EvalFileError),
    /// The network has no policy head (or there is no network).
    NoHead,
    /// The network's inputs encode 9×9 boards only.
    NotNineByNine(u8),
    /// The game is over: no move is legal.
    GameOver,
    /// The answer could not be written.
    Output(StdoutError),
}

impl fmt::Display for PolicyError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            PolicyError::Position(e) => e.fmt(f),
            PolicyError::EvalFile(e) => e.fmt(f),
            PolicyError::NoHead => write!(
                f,
                "the network has no policy head (give one that has with --eval-file PATH)"
            ),
            PolicyError::NotNineByNine(size) => {
                write!(f, "the network reads 9x9 boards only, not {size}x{size}")
            }
            PolicyError::GameOver => write!(f, "the game is over: no move is legal"),
            PolicyError::Output(e) => e.fmt(f),
        }
    }
}

impl std::error::Error for PolicyError {}

impl From<std::io::Error> for PolicyError {
    fn from(e: std::io::Error) -> Self {
        PolicyError::Output(StdoutError(e))
    }
}

/// Prints each legal move after the record with the network's prior, one
/// `MOVE PRIOR` line each (the prior to six decimals), highest first; equal
/// priors keep the legal moves' order.
pub fn policy(args: &PolicyArgs) -> Result<(), PolicyError> {
    let game = args.position.game().map_err(PolicyError::Position)?;
    let pos = game.position();
    let evaluator = args.eval_file.evaluator().map_err(PolicyError::EvalFile)?;
    let net = evaluator
        .network()
        .filter(|n| n.has_policy())
        .ok_or(PolicyError::NoHead)?;
    if pos.is_over() {
        return Err(PolicyError::GameOver);
    }
    let mut priors = net
        .policy(pos)
        .ok_or(PolicyError::NotNineByNine(pos.size()))?;
    priors.sort_by(|a, b| b.1.total_cmp(&a.1));
    let mut out = std::io::stdout().lock();
    for (mv, prior) in priors {
        writeln!(out, "{mv} {prior:.6}")?;
    }
    out.flush()?;
    Ok(())
}
