//! `quoridor train`: trains the learned evaluation's network (the value
//! and, unless `--policy-weight 0`, the policy head) on self-play files (the library side: [`quoridor_train`]). The network needs
//! candle, which only a build with the cargo feature `train` has; without
//! it the command is still listed and its flags still checked, and running
//! it says in one line how to get a build that trains.

use super::glossary::with_terms;
use super::ranges::Whole;
use super::stdout::StdoutError;
use clap::Args;
use quoridor_arena::selfplay::ReadError;
use quoridor_train::{KeepEpoch, TrainingTarget};
use std::fmt;
use std::io;
use std::path::PathBuf;

/// What running `train` in a build without the feature says.
pub const NOT_BUILT: &str = "this build cannot train: candle (the ML library) is left out of default builds; build with `cargo build --release --features train` and run target/release/quoridor train";

/// `train DATA… --out DIR [flags]`.
#[derive(Debug, Args)]
#[command(after_help = with_terms("\
Reads self-play files (quoridor selfplay; docs/selfplay-format.md), encodes every 9x9 /
10-wall position with the engines' inputs (other boards are skipped and counted), holds out
whole games for validation, and trains inputs -> HIDDEN -> HIDDEN2 -> 1 (ClippedReLU, sigmoid)
with AdamW on binary cross-entropy, and a policy head HIDDEN -> 209 (one logit per pawn square
and wall slot) on the cross-entropy of the legal moves' softmax against the search's visit
shares, weighted by --policy-weight. Each position also trains as its left-right mirror.
Writes DIR/value.safetensors, DIR/manifest.json and DIR/loss.svg (docs/learned-eval.md).
Needs a build with the feature: cargo build --release --features train", &[]))]
pub struct TrainArgs {
    /// Self-play files (JSON Lines, as `quoridor selfplay` writes them)
    #[arg(value_name = "DATA", required = true)]
    pub data: Vec<PathBuf>,
    /// Folder for value.safetensors, manifest.json and loss.svg (created if
    /// missing; a network already in it is not overwritten)
    #[arg(long, value_name = "DIR", required = true)]
    pub out: PathBuf,
    /// Passes over the training positions (0: write the untrained network)
    #[arg(long, value_name = "N", default_value_t = 10, value_parser = Whole::new(0, 100_000))]
    pub epochs: u64,
    /// Positions per optimiser step
    #[arg(long, value_name = "N", default_value_t = 256, value_parser = Whole::new(1, 1 << 20))]
    pub batch: u64,
    /// AdamW's learning rate
    #[arg(long, value_name = "X", default_value_t = 1e-3, value_parser = learning_rate)]
    pub lr: f64,
    /// Units of the first hidden layer
    #[arg(long, value_name = "H", default_value_t = 64, value_parser = Whole::new(1, 4096))]
    pub hidden: u64,
    /// Units of the second hidden layer
    #[arg(long, value_name = "H2", default_value_t = 32, value_parser = Whole::new(1, 4096))]
    pub hidden2: u64,
    /// Share of the games held out to measure the network (0 to under 1)
    #[arg(long, value_name = "FRACTION", default_value_t = 0.1, value_parser = fraction)]
    pub validation: f64,
    /// Seeds the initial weights, the held-out games and the batches' order
    #[arg(long, value_name = "S", default_value_t = 0, value_parser = Whole::new(0, u64::MAX))]
    pub seed: u64,
    /// What each position learns: result (the game's, 1/0, draw 0.5), value
    /// (the search's) or mix:λ (λ·result + (1−λ)·value)
    #[arg(long, value_name = "TARGET", default_value = "mix:0.5", value_parser = |s: &str| s.parse::<TrainingTarget>().map_err(|e| e.to_string()))]
    pub target: TrainingTarget,
    /// Do not add each training position's left-right mirror
    #[arg(long)]
    pub no_mirror: bool,
    /// Which epoch's weights to write: best (lowest validation loss) or last
    #[arg(long, value_name = "EPOCH", default_value = "best", value_parser = |s: &str| s.parse::<KeepEpoch>().map_err(|e| e.to_string()))]
    pub keep: KeepEpoch,
    /// Weight of the policy loss against the value's (0: no policy head, a
    /// value network only)
    #[arg(long, value_name = "W", default_value_t = 1.0, value_parser = policy_weight)]
    pub policy_weight: f64,
}

fn policy_weight(text: &str) -> Result<f64, String> {
    text.trim()
        .parse::<f64>()
        .ok()
        .filter(|x| (0.0..=100.0).contains(x))
        .ok_or_else(|| format!("--policy-weight needs a weight from 0 to 100, got {text:?}"))
}

fn learning_rate(text: &str) -> Result<f64, String> {
    text.trim()
        .parse::<f64>()
        .ok()
        .filter(|x| *x > 0.0 && *x <= 1.0)
        .ok_or_else(|| format!("--lr needs a learning rate above 0 and at most 1, got {text:?}"))
}

fn fraction(text: &str) -> Result<f64, String> {
    text.trim()
        .parse::<f64>()
        .ok()
        .filter(|x| (0.0..1.0).contains(x))
        .ok_or_else(|| format!("--validation needs a fraction from 0 to under 1, got {text:?}"))
}

/// Why `quoridor train` stopped.
#[derive(Debug)]
#[cfg_attr(not(feature = "train"), allow(dead_code))]
pub enum TrainCommandError {
    /// The build has no trainer.
    #[cfg_attr(feature = "train", allow(dead_code))]
    NotBuilt,
    /// A data file is refused by the self-play reader.
    Read(ReadError),
    /// The output folder cannot be made.
    OutDir {
        /// The folder.
        path: PathBuf,
        /// What the system said.
        source: io::Error,
    },
    /// A network is already in the output folder.
    Exists(PathBuf),
    /// Nothing to train on.
    NoPositions(String),
    /// Training or writing failed after it started.
    Failed(String),
    /// The report could not be written to standard output.
    Output(StdoutError),
}

impl TrainCommandError {
    /// 1 for a failure during or after training, 2 for a setup to fix.
    pub fn exit_code(&self) -> i32 {
        match self {
            TrainCommandError::Output(e) => e.exit_code(),
            TrainCommandError::Failed(_) => 1,
            _ => 2,
        }
    }
}

impl fmt::Display for TrainCommandError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            TrainCommandError::NotBuilt => f.write_str(NOT_BUILT),
            TrainCommandError::Read(e) => e.fmt(f),
            TrainCommandError::OutDir { path, source } => {
                write!(f, "could not make the folder {}: {source}", path.display())
            }
            TrainCommandError::Exists(path) => write!(
                f,
                "{} exists; choose another --out (a trained network is never overwritten)",
                path.display()
            ),
            TrainCommandError::NoPositions(e) | TrainCommandError::Failed(e) => f.write_str(e),
            TrainCommandError::Output(e) => e.fmt(f),
        }
    }
}

impl std::error::Error for TrainCommandError {}

impl From<StdoutError> for TrainCommandError {
    fn from(e: StdoutError) -> Self {
        TrainCommandError::Output(e)
    }
}

/// Runs `quoridor train` in a build without the trainer: says how to get one.
#[cfg(not(feature = "train"))]
pub fn train(_args: &TrainArgs) -> Result<(), TrainCommandError> {
    Err(TrainCommandError::NotBuilt)
}

#[cfg(feature = "train")]
use super::progress::BatchProgress;
#[cfg(feature = "train")]
use quoridor_engines::learned::{INPUTS, POLICY_OUTPUTS};
#[cfg(feature = "train")]
use quoridor_text::{count, group_digits, plural};
#[cfg(feature = "train")]
use quoridor_train::{
    git_head, load_data, loss_svg, policy_counts, train as fit, Manifest, NetShape, TrainConfig,
    TrainError, TrainEvent, TrainOutcome, TrainingData,
};
#[cfg(feature = "train")]
use std::io::Write;
#[cfg(feature = "train")]
use std::path::Path;
#[cfg(feature = "train")]
use std::time::Instant;

#[cfg(feature = "train")]
/// The files written into `--out`.
const WEIGHTS: &str = "value.safetensors";
#[cfg(feature = "train")]
const MANIFEST: &str = "manifest.json";
#[cfg(feature = "train")]
/// The F16 copy of the weights: what ships (`weights/value.safetensors`).
const WEIGHTS_F16: &str = "value-f16.safetensors";
#[cfg(feature = "train")]
const CHART: &str = "loss.svg";

#[cfg(feature = "train")]
/// `quoridor train DATA… --out DIR`.
pub fn train(args: &TrainArgs) -> Result<(), TrainCommandError> {
    let started = Instant::now();
    let weights = args.out.join(WEIGHTS);
    if weights.exists() {
        return Err(TrainCommandError::Exists(weights));
    }
    let data =
        load_data(&args.data, args.policy_weight > 0.0, |_| {}).map_err(TrainCommandError::Read)?;
    let config = TrainConfig {
        epochs: args.epochs as usize,
        batch: args.batch as usize,
        lr: args.lr,
        hidden: args.hidden as usize,
        hidden2: args.hidden2 as usize,
        validation: args.validation,
        seed: args.seed,
        target: args.target,
        mirror: !args.no_mirror,
        keep: args.keep,
        policy_weight: args.policy_weight,
    };
    let mut out = io::stdout().lock();
    let mut progress: Option<BatchProgress> = None;
    let mut written: io::Result<()> = Ok(());
    let outcome = fit(&data, &config, |event| match event {
        TrainEvent::Start {
            train_positions,
            batches,
        } => {
            written = writeln!(out, "{}", data_line(&data, train_positions, config.mirror));
            progress = Some(BatchProgress::new(batches as u64, config.epochs as u64));
        }
        TrainEvent::Batch { epoch, done } => {
            if let Some(p) = &progress {
                p.update(epoch as u64, done as u64);
            }
        }
        TrainEvent::Epoch(report) => {
            let policy = match (report.train_policy_loss, report.validation_policy_loss) {
                (None, None) => String::new(),
                (train, validation) => format!(
                    ", policy loss {} / {}, top-1 {}",
                    train.map_or("-".to_string(), |l| format!("{l:.4}")),
                    validation.map_or("-".to_string(), |l| format!("{l:.4}")),
                    report
                        .validation_policy_accuracy
                        .map_or("-".to_string(), |a| format!("{:.1}%", 100.0 * a)),
                ),
            };
            let line = format!(
                "epoch {}/{}: train loss {:.4}, validation loss {}, winner accuracy {}{policy}, {:.1} s",
                report.epoch,
                config.epochs,
                report.train_loss,
                report
                    .validation_loss
                    .map_or("-".to_string(), |l| format!("{l:.4}")),
                report
                    .validation_accuracy
                    .map_or("-".to_string(), |a| format!("{:.1}%", 100.0 * a)),
                report.seconds
            );
            if let Some(p) = &progress {
                p.suspend(|| {
                    if written.is_ok() {
                        written = writeln!(out, "{line}").and_then(|()| out.flush());
                    }
                });
            } else if written.is_ok() {
                written = writeln!(out, "{line}").and_then(|()| out.flush());
            }
        }
    });
    if let Some(p) = &progress {
        p.finish();
    }
    let outcome = outcome.map_err(|e| match e {
        TrainError::NoPositions { .. } => TrainCommandError::NoPositions(e.to_string()),
        TrainError::Candle(_) => TrainCommandError::Failed(e.to_string()),
    })?;
    written.map_err(StdoutError)?;
    write_outputs(args, &data, &config, &outcome, started)?;
    writeln!(
        out,
        "validation: {}{}\nwrote {}, {}, {}, {} in {} ({:.1} s)",
        validation_line(&outcome),
        outcome.policy.map_or(String::new(), |p| format!(
            "\npolicy: {} held-out {}: loss {:.4}, top-1 {:.1}% (a uniform prior: loss {:.4}, top-1 {:.1}%)",
            group_digits(p.positions as u64, ','),
            plural(p.positions, "position"),
            p.loss,
            100.0 * p.top1,
            p.uniform_loss,
            100.0 * p.uniform_top1
        )),
        WEIGHTS,
        WEIGHTS_F16,
        MANIFEST,
        CHART,
        args.out.display(),
        started.elapsed().as_secs_f64()
    )
    .and_then(|()| out.flush())
    .map_err(|e| TrainCommandError::Output(StdoutError(e)))
}

#[cfg(feature = "train")]
/// `data: 12,345 positions of 200 games in 1 file (0 skipped); …`.
fn data_line(data: &TrainingData, trained: usize, mirror: bool) -> String {
    format!(
        "data: {} {} of {} {} in {} ({} skipped: board not 9x9 with 10 walls){}; {} positions per epoch{}",
        group_digits(data.positions.len() as u64, ','),
        plural(data.positions.len(), "position"),
        group_digits(data.games() as u64, ','),
        plural(data.games(), "game"),
        count(data.files.len(), "file"),
        group_digits(data.skipped() as u64, ','),
        match policy_counts(&data.positions) {
            (0, _) => String::new(),
            (n, partial) => format!(
                ", {} with a policy target ({} partial: version-1 records)",
                group_digits(n as u64, ','),
                group_digits(partial as u64, ',')
            ),
        },
        group_digits(trained as u64, ','),
        if mirror { " (mirrors included)" } else { "" },
    )
}

#[cfg(feature = "train")]
fn validation_line(outcome: &TrainOutcome) -> String {
    let accuracy = |a: Option<f64>| a.map_or("-".to_string(), |a| format!("{:.1}%", 100.0 * a));
    match (outcome.validation, outcome.classic) {
        (Some((loss, acc)), Some((classic_loss, classic_acc))) => format!(
            "{} ({} {}) held out: loss {loss:.4}, winner accuracy {} (epoch {} kept); the classic evaluation on them: loss {classic_loss:.4}, winner accuracy {}",
            count(outcome.validation_games, "game"),
            group_digits(outcome.validation_positions as u64, ','),
            plural(outcome.validation_positions, "position"),
            accuracy(acc),
            outcome.kept_epoch,
            accuracy(classic_acc),
        ),
        _ => format!("no game held out (epoch {} kept)", outcome.kept_epoch),
    }
}

#[cfg(feature = "train")]
fn write_outputs(
    args: &TrainArgs,
    data: &TrainingData,
    config: &TrainConfig,
    outcome: &TrainOutcome,
    started: Instant,
) -> Result<(), TrainCommandError> {
    std::fs::create_dir_all(&args.out).map_err(|source| TrainCommandError::OutDir {
        path: args.out.clone(),
        source,
    })?;
    let failed = |path: &Path, e: &dyn std::fmt::Display| {
        TrainCommandError::Failed(format!("could not write {}: {e}", path.display()))
    };
    let weights = args.out.join(WEIGHTS);
    outcome
        .network
        .save(&weights)
        .map_err(|e| failed(&weights, &e))?;
    let f16 = args.out.join(WEIGHTS_F16);
    std::fs::read(&weights)
        .map_err(|e| failed(&weights, &e))
        .and_then(|bytes| {
            quoridor_engines::learned::Network::from_safetensors(&bytes)
                .map_err(|e| failed(&weights, &e))
        })
        .and_then(|net| {
            std::fs::write(&f16, net.to_safetensors_f16()).map_err(|e| failed(&f16, &e))
        })?;
    let manifest = Manifest {
        format: "quoridor-value-network",
        data: data.files.clone(),
        games: data.games(),
        positions: data.positions.len(),
        skipped_positions: data.skipped(),
        train_games: outcome.train_games,
        train_positions: outcome.train_positions,
        validation_games: outcome.validation_games,
        validation_positions: outcome.validation_positions,
        mirrored: config.mirror,
        net: NetShape {
            inputs: INPUTS,
            hidden: config.hidden,
            hidden2: config.hidden2,
            outputs: 1,
            policy_outputs: if outcome.network.has_policy() { POLICY_OUTPUTS } else { 0 },
            activation: "clipped_relu",
            weights:
                "value.safetensors (F32; l1, l2, out and policy as nn.Linear: weight [out, in], bias [out]); value-f16.safetensors (the same in F16, what ships)",
        },
        target: config.target.to_string(),
        loss: if outcome.network.has_policy() {
            "binary cross-entropy on sigmoid(out) + policy_weight x cross-entropy of softmax(policy over the legal moves) against the visit shares"
        } else {
            "binary cross-entropy on sigmoid(out)"
        },
        policy_weight: config.policy_weight,
        policy_positions: policy_counts(&data.positions).0,
        policy_partial_positions: policy_counts(&data.positions).1,
        final_validation_policy_loss: outcome.policy.map(|p| p.loss),
        final_validation_policy_accuracy: outcome.policy.map(|p| p.top1),
        uniform_validation_policy_loss: outcome.policy.map(|p| p.uniform_loss),
        uniform_validation_policy_accuracy: outcome.policy.map(|p| p.uniform_top1),
        epochs: config.epochs,
        batch: config.batch,
        lr: config.lr,
        seed: config.seed,
        final_train_loss: outcome.epochs.last().map(|e| e.train_loss),
        final_validation_loss: outcome.validation.map(|v| v.0),
        final_validation_accuracy: outcome.validation.and_then(|v| v.1),
        keep: config.keep.to_string(),
        kept_epoch: outcome.kept_epoch,
        classic_validation_loss: outcome.classic.map(|v| v.0),
        classic_validation_accuracy: outcome.classic.and_then(|v| v.1),
        per_epoch: outcome.epochs.clone(),
        command: super::provenance::command_line(),
        commit: git_head(),
        build: env!("CARGO_PKG_VERSION").to_string(),
        date: super::provenance::today(),
        seconds: started.elapsed().as_secs_f64(),
    };
    let path = args.out.join(MANIFEST);
    let text = serde_json::to_string_pretty(&manifest).map_err(|e| failed(&path, &e))?;
    std::fs::write(&path, text + "\n").map_err(|e| failed(&path, &e))?;
    let path = args.out.join(CHART);
    let training: Vec<f64> = outcome.epochs.iter().map(|e| e.train_loss).collect();
    let validation: Vec<Option<f64>> = outcome.epochs.iter().map(|e| e.validation_loss).collect();
    std::fs::write(&path, loss_svg(&training, &validation)).map_err(|e| failed(&path, &e))
}
