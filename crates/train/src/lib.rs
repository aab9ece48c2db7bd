//! Training the learned evaluation (native only): `quoridor train` reads
//! self-play files ([`quoridor_arena::selfplay`]), encodes every position with the
//! engines' own inputs ([`quoridor_engines::learned`]) and fits a small value
//! network to the games' results and the search's values.
//!
//! The data side — the training target ([`TrainingTarget`]), the split of
//! the games into training and validation ([`split_games`]), the left-right
//! mirror that doubles the data ([`mirror_input`]) and the loss chart
//! ([`loss_svg`]) — is plain Rust. The network and its training use
//! [candle](https://github.com/huggingface/candle) and exist only with this
//! crate's feature `candle` (the command line's `train`: `cargo build
//! --release --features train`), so
//! neither the engines nor the page depend on an ML library: the engines
//! read the weights this module writes (`value.safetensors`) with their own
//! forward pass.

mod chart;
mod data;
mod manifest;
mod mirror;
mod policy_data;
mod split;
mod target;

#[cfg(feature = "candle")]
mod network;
#[cfg(feature = "candle")]
mod policy_loss;
#[cfg(feature = "candle")]
mod trainer;

pub use chart::loss_svg;
pub use data::{load_data, policy_counts, DataFile, Inputs, LabelledPosition, TrainingData};
pub use manifest::{git_head, EpochReport, Manifest, ManifestFile, NetShape};
pub use mirror::mirror_input;
pub use policy_data::{PolicyRef, PolicyTable};
pub use split::split_games;
pub use target::{KeepEpoch, ParseTargetError, TrainingTarget};

#[cfg(feature = "candle")]
pub use network::{ValueNetwork, POLICY_TENSOR_NAMES, TENSOR_NAMES};
#[cfg(feature = "candle")]
pub use policy_loss::{masked_policy_loss, PolicyMeasured};
#[cfg(feature = "candle")]
pub use trainer::{
    bce_with_logits, train, Measured, TrainConfig, TrainError, TrainEvent, TrainOutcome,
};
