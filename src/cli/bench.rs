//! `bench`: the engine benchmark of [`crate::bench`] (UCT on `--threads` threads).

use super::args::BenchArgs;
use super::stdout::StdoutError;
use crate::bench::{
    alphabeta_bench_params, bench_params, run, run_alphabeta, run_game, BenchError, GAME,
};
use crate::search::{EngineKind, MAX_THREADS};
use std::fmt;
use std::io::Write;

/// Why `bench` stopped.
#[derive(Debug)]
pub enum BenchCommandError {
    /// `--game` or `--threads` was given with `--engine alphabeta`.
    UctOnlyFlags,
    /// `--params` names no benchmark settings.
    UnknownParams {
        /// The name.
        name: String,
    },
    /// A bench position's record does not read (a bug).
    Position(BenchError),
    /// The report could not be written.
    Output(StdoutError),
}

impl fmt::Display for BenchCommandError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            BenchCommandError::UctOnlyFlags => f.write_str(
                "--game and --threads measure the UCT engine; --engine alphabeta searches \
                 the four positions on one thread",
            ),
            BenchCommandError::UnknownParams { name } => write!(f, "no settings named {name:?}"),
            BenchCommandError::Position(e) => e.fmt(f),
            BenchCommandError::Output(e) => e.fmt(f),
        }
    }
}

impl std::error::Error for BenchCommandError {}

impl From<std::io::Error> for BenchCommandError {
    fn from(e: std::io::Error) -> Self {
        BenchCommandError::Output(StdoutError(e))
    }
}

/// Runs the benchmark with `args` and prints the report.
pub fn bench(args: &BenchArgs) -> Result<(), BenchCommandError> {
    if args.engine == EngineKind::AlphaBeta {
        if args.game || args.threads > 1 {
            return Err(BenchCommandError::UctOnlyFlags);
        }
        return bench_alphabeta(args);
    }
    let name = args.params.to_string();
    let mut params = bench_params(&name)
        .ok_or_else(|| BenchCommandError::UnknownParams { name: name.clone() })?;
    params.threads = u32::try_from(args.threads).unwrap_or(MAX_THREADS);
    let mut out = std::io::stdout().lock();
    let threads = match args.threads {
        1 => "one thread".to_string(),
        n => format!("{n} threads (playouts in total, playouts/s summed)"),
    };
    let what = if args.game {
        format!(
            "position (one engine, tree kept), the first {} plies of `{}`",
            GAME.record.split_whitespace().count(),
            GAME.record
                .split_whitespace()
                .take(6)
                .collect::<Vec<_>>()
                .join(" ")
                + " …"
        )
    } else {
        "position".to_string()
    };
    writeln!(
        out,
        "bench: params {name}, {} playouts per {what}, seed 1, {threads}",
        args.playouts
    )?;
    out.flush()?;
    let report = if args.game {
        run_game(&params, args.playouts)
    } else {
        run(&params, args.playouts)
    }
    .map_err(BenchCommandError::Position)?;
    writeln!(out, "{report}")?;
    out.flush()?;
    Ok(())
}

/// `bench --engine alphabeta`: each bench position for `--ms` milliseconds;
/// nodes/s and the depth reached.
fn bench_alphabeta(args: &BenchArgs) -> Result<(), BenchCommandError> {
    let params = alphabeta_bench_params();
    let mut out = std::io::stdout().lock();
    writeln!(
        out,
        "bench: engine alphabeta, {} ms per position, hash {} MiB, one thread",
        args.ms, params.alphabeta.hash_mb
    )?;
    out.flush()?;
    let report = run_alphabeta(&params, args.ms).map_err(BenchCommandError::Position)?;
    writeln!(out, "{report}")?;
    out.flush()?;
    Ok(())
}
