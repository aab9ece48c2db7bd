//! `bench`: the engine benchmark of [`crate::bench`] on one thread.

use super::args::BenchArgs;
use super::error::CliError;
use crate::bench::{bench_params, run};
use std::io::Write;

/// Runs the benchmark with `args` and prints the report.
pub fn bench(args: &BenchArgs) -> Result<(), CliError> {
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
