//! `bench`: the engine benchmark of [`crate::bench`] on one thread.

use crate::bench::{bench_params, run, DEFAULT_BENCH_PLAYOUTS};

/// Reads `--playouts N` and `--params default|thesis`, runs the benchmark and
/// prints the report.
pub fn bench(args: &[String]) -> Result<(), String> {
    let mut playouts = DEFAULT_BENCH_PLAYOUTS;
    let mut params_name = "default".to_string();
    let mut it = args.iter();
    while let Some(arg) = it.next() {
        match arg.as_str() {
            "--playouts" => {
                let v = it.next().ok_or("--playouts needs a number")?;
                playouts = v
                    .parse()
                    .ok()
                    .filter(|&n| n > 0)
                    .ok_or_else(|| format!("--playouts needs a positive number, got {v:?}"))?;
            }
            "--params" => {
                params_name = it.next().ok_or("--params needs default or thesis")?.clone();
            }
            other => return Err(format!("bench: unknown argument {other:?}")),
        }
    }
    let params = bench_params(&params_name)
        .ok_or_else(|| format!("--params must be default or thesis, got {params_name:?}"))?;
    println!("bench: params {params_name}, {playouts} playouts per position, seed 1, one thread");
    let report = run(&params, playouts)?;
    println!("{report}");
    Ok(())
}
