//! The learned evaluation: a small network that scores a position for the
//! side to move, trained on the engines' own games (`quoridor selfplay`,
//! `quoridor train`). This module holds what the engines need and nothing of
//! the trainer: the inputs ([`features`]), the network and its forward pass
//! ([`Network`]), and what the engines are handed ([`Evaluator`]).
//!
//! The weights ship inside the build: `crates/learned/build.rs` embeds
//! `weights/value.safetensors` when the repository has it, and
//! [`Evaluator::embedded`] reads them; natively, `--eval-file PATH` and the
//! arena's `eval_file=PATH` read others ([`read_network`]). Nothing here is
//! process-wide: each engine is handed its [`Evaluator`].

mod evaluator;
mod features;
mod network;
#[cfg(not(target_arch = "wasm32"))]
mod network_file;
mod quantized;
mod quantized_kernels;

#[doc(hidden)]
pub use evaluator::test_evaluator;
pub use evaluator::Evaluator;
pub use features::{
    active_features, active_features_with_distances, encodes, path_features, visit_board_features,
    wall_feature, ActiveFeatures, DISTANCE_CAP, HORIZONTAL_WALLS, INPUTS, MAX_ACTIVE, MY_DISTANCE,
    MY_PAWN, MY_STOCK, RACE, RACE_CAP, SIZE, SLOTS, SQUARES, THEIR_DISTANCE, THEIR_PAWN,
    THEIR_STOCK, VERTICAL_WALLS, WALLS,
};
pub use network::{Network, WeightsError, MAX_HIDDEN};
#[cfg(not(target_arch = "wasm32"))]
pub use network_file::{read_network, NetworkFileError};
pub use quantized::{win_probability, Accumulator, QuantizedNetwork};

use quoridor_rules::Position;
use quoridor_search::WinChance;

/// Why `eval=learned` is refused when there is no network.
pub const NO_NETWORK: &str = "no learned network in this build: weights/value.safetensors was \
     not there when it was compiled (natively, give one with --eval-file PATH)";

/// Whether this build embeds the learned network's weights
/// (`weights/value.safetensors` was there when it was compiled).
pub const HAS_EMBEDDED_WEIGHTS: bool = cfg!(quoridor_embedded_weights);

/// The tensors of `weights/value.safetensors` in the layout `build.rs`
/// converts them to ([`Network::from_layout`]), as embedded at compile time,
/// or `None` when the build had no such file.
fn embedded_weights() -> Option<&'static [u8]> {
    #[cfg(quoridor_embedded_weights)]
    {
        Some(include_bytes!(concat!(env!("OUT_DIR"), "/value.weights")))
    }
    #[cfg(not(quoridor_embedded_weights))]
    {
        None
    }
}

/// The side to move's win probability in `pos` by `net`, or `None` when
/// the features do not encode `pos`'s variant (the caller then keeps the
/// classic evaluation).
#[inline]
pub fn win_chance(net: &Network, pos: &Position) -> Option<WinChance> {
    active_features(pos).map(|f| WinChance::new(pos.turn(), f64::from(net.evaluate(&f))))
}

/// [`win_chance`] with the shortest path lengths already known (`mine` for
/// the side to move), as [`active_features_with_distances`] takes them.
pub fn win_chance_with_distances(
    net: &Network,
    pos: &Position,
    mine: usize,
    theirs: usize,
) -> Option<WinChance> {
    active_features_with_distances(pos, mine, theirs)
        .map(|f| WinChance::new(pos.turn(), f64::from(net.evaluate(&f))))
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The layout `build.rs` wrote holds the shipped file's network, and a
    /// cut-off layout is an error, never a panic.
    #[test]
    #[cfg(quoridor_embedded_weights)]
    fn the_layout_built_in_is_the_shipped_network() {
        let layout = embedded_weights().expect("built with weights");
        let shipped = include_bytes!(concat!(
            env!("CARGO_MANIFEST_DIR"),
            "/../../weights/value.safetensors"
        ));
        let from_file = Network::from_safetensors(shipped).expect("the shipped file loads");
        assert_eq!(Network::from_layout(layout), Ok(from_file));
        for cut in [0, 1, 7, layout.len() / 2, layout.len() - 1] {
            assert!(Network::from_layout(&layout[..cut]).is_err(), "{cut}");
        }
    }
}
