//! `bench`: the engine benchmark of [`crate::bench`] (UCT on `--threads` threads).

use super::args::BenchArgs;
use super::error::CliError;
use crate::bench::{alphabeta_bench_params, bench_params, run, run_alphabeta, run_game, GAME};
use crate::search::{EngineKind, MAX_THREADS};
use std::io::Write;

/// Runs the benchmark with `args` and prints the report.
pub fn bench(args: &BenchArgs) -> Result<(), CliError> {
    if args.engine == EngineKind::AlphaBeta {
        if args.game || args.threads > 1 {
            return Err(CliError::Bench(
                "--game and --threads measure the UCT engine; --engine alphabeta searches \
                 the four positions on one thread"
                    .to_string(),
            ));
        }
        return bench_alphabeta(args);
    }
    let name = args.params.to_string();
    let mut params = bench_params(&name)
        .ok_or_else(|| CliError::Bench(format!("no settings named {name:?}")))?;
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
    .map_err(|e| CliError::Bench(e.to_string()))?;
    writeln!(out, "{report}")?;
    out.flush()?;
    Ok(())
}

/// `bench --engine alphabeta`: each bench position for `--ms` milliseconds;
/// nodes/s and the depth reached.
fn bench_alphabeta(args: &BenchArgs) -> Result<(), CliError> {
    let params = alphabeta_bench_params();
    let mut out = std::io::stdout().lock();
    writeln!(
        out,
        "bench: engine alphabeta, {} ms per position, hash {} MiB, one thread",
        args.ms, params.alphabeta.hash_mb
    )?;
    out.flush()?;
    let report = run_alphabeta(&params, args.ms).map_err(|e| CliError::Bench(e.to_string()))?;
    writeln!(out, "{report}")?;
    out.flush()?;
    Ok(())
}
