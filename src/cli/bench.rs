//! `bench`: the engine benchmark of [`crate::bench`] on one thread.

use super::args::BenchArgs;
use super::error::CliError;
use crate::bench::{alphabeta_bench_params, bench_params, run, run_alphabeta};
use crate::search::EngineKind;
use std::io::Write;

/// Runs the benchmark with `args` and prints the report.
pub fn bench(args: &BenchArgs) -> Result<(), CliError> {
    if args.engine == EngineKind::AlphaBeta {
        return bench_alphabeta(args);
    }
    let name = args.params.to_string();
    let params = bench_params(&name)
        .ok_or_else(|| CliError::Bench(format!("no settings named {name:?}")))?;
    let mut out = std::io::stdout().lock();
    writeln!(
        out,
        "bench: params {name}, {} playouts per position, seed 1, one thread",
        args.playouts
    )?;
    out.flush()?;
    let report = run(&params, args.playouts).map_err(|e| CliError::Bench(e.to_string()))?;
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
