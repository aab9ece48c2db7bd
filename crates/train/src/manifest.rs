//! `manifest.json`: what a weights file was trained on and how, so that a
//! network can be traced back to its data and reproduced.

use super::data::DataFile;
use serde::Serialize;
use std::process::Command;

/// The network's shape as the weights file holds it.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct NetShape {
    /// Inputs (the features' count).
    pub inputs: usize,
    /// Units of the first hidden layer (`l1`).
    pub hidden: usize,
    /// Units of the second hidden layer (`l2`).
    pub hidden2: usize,
    /// Outputs (`out`): 1, the side to move's win probability after a sigmoid.
    pub outputs: usize,
    /// The policy head's outputs (`policy`, from `l1`): one per move index,
    /// 209 on 9×9; 0 without a head.
    pub policy_outputs: usize,
    /// The activation after `l1` and `l2`.
    pub activation: &'static str,
    /// The weights file and its element type.
    pub weights: &'static str,
}

/// One epoch's figures, as the training loop reports them and as
/// `manifest.json`'s per-epoch table lists them.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct EpochReport {
    /// 1-based.
    pub epoch: usize,
    /// The mean loss over the epoch's training batches.
    pub train_loss: f64,
    /// The loss on the held-out games after the epoch (`None`: none held out).
    pub validation_loss: Option<f64>,
    /// How often the held-out positions' winner is predicted (the network's
    /// value above ½ for the side that won; drawn games left out).
    pub validation_accuracy: Option<f64>,
    /// The mean policy loss (cross-entropy of the legal moves' softmax
    /// against the search's visit shares) over the epoch's training
    /// positions that have a policy target; `None` without a policy head.
    pub train_policy_loss: Option<f64>,
    /// The policy loss on the held-out positions after the epoch.
    pub validation_policy_loss: Option<f64>,
    /// How often the policy's most likely move on a held-out position is the
    /// search's most visited one.
    pub validation_policy_accuracy: Option<f64>,
    /// Seconds the epoch took (the validation pass included).
    pub seconds: f64,
}

/// A data file as the manifest lists it.
pub type ManifestFile = DataFile;

/// The whole manifest.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct Manifest {
    /// Always `"quoridor-value-network"`.
    pub format: &'static str,
    /// The data files, their sizes and counts.
    pub data: Vec<ManifestFile>,
    /// Games in all the files.
    pub games: usize,
    /// Positions encoded (skipped ones not counted).
    pub positions: usize,
    /// Positions skipped because their board is not encoded.
    pub skipped_positions: usize,
    /// Games and positions trained on (mirrors not counted) and held out.
    pub train_games: usize,
    /// Positions trained on.
    pub train_positions: usize,
    /// Games held out.
    pub validation_games: usize,
    /// Positions held out.
    pub validation_positions: usize,
    /// Whether the left-right mirror of each training position was added.
    pub mirrored: bool,
    /// The network.
    pub net: NetShape,
    /// The training target (`result`, `value`, `mix:λ`).
    pub target: String,
    /// The loss.
    pub loss: &'static str,
    /// The policy loss's weight (0: no head).
    pub policy_weight: f64,
    /// Positions with a policy target.
    pub policy_positions: usize,
    /// Of those, the ones whose target is partial (version-1 records: the
    /// best 8 candidates' shares scaled to 1).
    pub policy_partial_positions: usize,
    /// The written network's held-out policy loss.
    pub final_validation_policy_loss: Option<f64>,
    /// How often its most likely move on a held-out position is the
    /// search's most visited one.
    pub final_validation_policy_accuracy: Option<f64>,
    /// A uniform prior's policy loss on the same positions.
    pub uniform_validation_policy_loss: Option<f64>,
    /// A uniform prior's expected top-1 accuracy on them.
    pub uniform_validation_policy_accuracy: Option<f64>,
    /// Epochs run.
    pub epochs: usize,
    /// Positions per step.
    pub batch: usize,
    /// AdamW's learning rate.
    pub lr: f64,
    /// The seed.
    pub seed: u64,
    /// Last epoch's training loss.
    pub final_train_loss: Option<f64>,
    /// The written network's held-out loss.
    pub final_validation_loss: Option<f64>,
    /// The written network's held-out winner accuracy.
    pub final_validation_accuracy: Option<f64>,
    /// Which epoch was kept: "best" (lowest validation loss) or "last".
    pub keep: String,
    /// The epoch whose weights were written (0: untrained).
    pub kept_epoch: usize,
    /// The classic evaluation's loss on the same held-out positions.
    pub classic_validation_loss: Option<f64>,
    /// The classic evaluation's winner accuracy on them.
    pub classic_validation_accuracy: Option<f64>,
    /// Every epoch.
    pub per_epoch: Vec<EpochReport>,
    /// The command line that trained it.
    pub command: String,
    /// `git rev-parse HEAD` where it ran, if that worked.
    pub commit: Option<String>,
    /// The crate's version.
    pub build: String,
    /// UTC date (YYYY-MM-DD).
    pub date: String,
    /// Seconds spent reading the data and training.
    pub seconds: f64,
}

/// The commit checked out in the current folder, if it is a git checkout
/// and git is installed.
pub fn git_head() -> Option<String> {
    let out = Command::new("git")
        .args(["rev-parse", "HEAD"])
        .stderr(std::process::Stdio::null())
        .output()
        .ok()?;
    let text = String::from_utf8(out.stdout).ok()?;
    let text = text.trim();
    (out.status.success() && !text.is_empty()).then(|| text.to_string())
}
