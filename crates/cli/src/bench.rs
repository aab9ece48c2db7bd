//! `bench`: the engine benchmark of [`quoridor_bench`] (UCT on `--threads` threads).

use super::args::BenchArgs;
use super::args::BenchParams;
use super::stdout::StdoutError;
use quoridor_bench::{
    alphabeta_bench_config, bench_config, run, run_alphabeta, run_game, BenchError,
    DEFAULT_BENCH_MS, DEFAULT_BENCH_PLAYOUTS, GAME,
};
use quoridor_engines::learned::{self, Evaluator};
use quoridor_engines::{EngineKind, Evaluation, ResolvedEval, MAX_THREADS};
use std::fmt;
use std::io::Write;

/// Why `bench` stopped.
#[derive(Debug)]
pub enum BenchCommandError {
    /// A flag of the other engine's benchmark was given: `--playouts`,
    /// `--params`, `--threads` or `--game` with `--engine alphabeta`, or
    /// `--ms` with UCT.
    InapplicableFlag {
        /// The flag, `--ms`.
        flag: &'static str,
        /// The engine it applies to.
        applies_to: EngineKind,
    },
    /// `--params` names no benchmark settings.
    UnknownParams {
        /// The name.
        name: String,
    },
    /// `--eval learned` without a network.
    NoNetwork,
    /// `--priors` where the search has no priors to use: the classic
    /// evaluation, or a network without a policy head.
    NoPriors,
    /// A bench position's record does not read (a bug).
    Position(BenchError),
    /// The report could not be written.
    Output(StdoutError),
}

impl fmt::Display for BenchCommandError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            BenchCommandError::InapplicableFlag { flag, applies_to } => match applies_to {
                EngineKind::AlphaBeta => write!(
                    f,
                    "{flag} applies to --engine alphabeta only (UCT searches each position \
                     for --playouts playouts)"
                ),
                EngineKind::Uct => write!(
                    f,
                    "{flag} applies to --engine uct only (alpha-beta searches each position \
                     for --ms milliseconds)"
                ),
            },
            BenchCommandError::UnknownParams { name } => write!(f, "no settings named {name:?}"),
            BenchCommandError::NoNetwork => write!(f, "--eval learned: {}", learned::NO_NETWORK),
            BenchCommandError::NoPriors => write!(
                f,
                "--priors needs the learned evaluation (--eval learned or auto) and a network \
                 with a policy head"
            ),
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

/// The first flag given that `args.engine`'s benchmark does not use: a
/// flag the user gave must change the run or be refused, never ignored.
fn inapplicable_flag(args: &BenchArgs) -> Option<BenchCommandError> {
    let (flag, applies_to) = match args.engine {
        EngineKind::AlphaBeta => {
            let uct_only = [
                ("--playouts", args.playouts.is_some()),
                ("--params", args.params.is_some()),
                ("--game", args.game),
                ("--priors", args.priors),
            ];
            let flag = uct_only.into_iter().find(|(_, given)| *given)?.0;
            (flag, EngineKind::Uct)
        }
        EngineKind::Uct => (args.ms.is_some().then_some("--ms")?, EngineKind::AlphaBeta),
    };
    Some(BenchCommandError::InapplicableFlag { flag, applies_to })
}

/// What the header line adds for the evaluation `engine` scores with:
/// nothing for the classic one.
fn eval_note(eval: Evaluation, engine: EngineKind, evaluator: &Evaluator) -> String {
    match evaluator.resolve(eval, engine) {
        ResolvedEval::Classic => String::new(),
        ResolvedEval::Learned => {
            let (h, h2) = evaluator.network().map_or((0, 0), |n| n.shape());
            format!(", eval learned ({}-{h}-{h2}-1 network)", learned::INPUTS)
        }
    }
}

/// Runs the benchmark with `args`, scoring with `evaluator`, and prints the
/// report.
pub fn bench(args: &BenchArgs, evaluator: &Evaluator) -> Result<(), BenchCommandError> {
    if let Some(error) = inapplicable_flag(args) {
        return Err(error);
    }
    if evaluator.refusal(args.eval).is_some() {
        return Err(BenchCommandError::NoNetwork);
    }
    if args.engine == EngineKind::AlphaBeta {
        return bench_alphabeta(args, evaluator);
    }
    let name = args.params.unwrap_or(BenchParams::Default).to_string();
    let mut config = bench_config(&name)
        .ok_or_else(|| BenchCommandError::UnknownParams { name: name.clone() })?;
    let thread_count = args.threads.unwrap_or(1);
    config.params.threads = u32::try_from(thread_count).unwrap_or(MAX_THREADS);
    config.params.eval = args.eval;
    if args.priors {
        let network = evaluator.network_for(args.eval, EngineKind::Uct);
        if !network.is_some_and(|net| net.has_policy()) {
            return Err(BenchCommandError::NoPriors);
        }
        config.uct.priors = true;
    }
    let playouts = args.playouts.unwrap_or(DEFAULT_BENCH_PLAYOUTS);
    let mut out = std::io::stdout().lock();
    let threads = match thread_count {
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
        "bench: params {name}, {playouts} playouts per {what}, seed 1, {threads}{}{}",
        eval_note(args.eval, EngineKind::Uct, evaluator),
        if args.priors { ", priors (PUCT)" } else { "" }
    )?;
    out.flush()?;
    let report = if args.game {
        run_game(&config, evaluator, playouts)
    } else {
        run(&config, evaluator, playouts)
    }
    .map_err(BenchCommandError::Position)?;
    writeln!(out, "{report}")?;
    out.flush()?;
    Ok(())
}

/// `bench --engine alphabeta`: each bench position for `--ms` milliseconds;
/// nodes/s and the depth reached.
fn bench_alphabeta(args: &BenchArgs, evaluator: &Evaluator) -> Result<(), BenchCommandError> {
    let mut config = alphabeta_bench_config();
    config.params.eval = args.eval;
    let thread_count = args.threads.unwrap_or(1);
    config.params.threads = u32::try_from(thread_count).unwrap_or(MAX_THREADS);
    let ms = args.ms.unwrap_or(DEFAULT_BENCH_MS);
    let mut out = std::io::stdout().lock();
    let threads = match thread_count {
        1 => "one thread".to_string(),
        n => format!("{n} threads (lazy SMP; nodes in total, nodes/s summed)"),
    };
    writeln!(
        out,
        "bench: engine alphabeta, {ms} ms per position, hash {} MiB, {threads}{}",
        config.alphabeta.hash_mb,
        eval_note(args.eval, EngineKind::AlphaBeta, evaluator)
    )?;
    out.flush()?;
    let report = run_alphabeta(&config, evaluator, ms).map_err(BenchCommandError::Position)?;
    writeln!(out, "{report}")?;
    out.flush()?;
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::super::args::Cli;
    use super::*;
    use clap::CommandFactory;

    /// The flags are options without clap defaults (to see which were
    /// given), so their help states the default by hand: it must be the one
    /// `bench` applies.
    #[test]
    fn the_help_states_the_defaults_bench_applies() {
        let command = Cli::command();
        let bench = command
            .find_subcommand("bench")
            .expect("bench is a subcommand");
        let help = |id: &str| {
            bench
                .get_arguments()
                .find(|a| a.get_id() == id)
                .and_then(|a| a.get_help())
                .map(|h| h.to_string())
                .unwrap_or_default()
        };
        assert!(help("playouts").ends_with(&format!("[default: {DEFAULT_BENCH_PLAYOUTS}]")));
        assert!(help("ms").ends_with(&format!("[default: {DEFAULT_BENCH_MS}]")));
        assert!(help("threads").ends_with("[default: 1]"));
        let default = BenchParams::Default.to_string();
        assert!(help("params").ends_with(&format!("[default: {default}]")));
    }
}
