//! The learned evaluation: a small network that scores a position for the
//! side to move, trained on the engines' own games (`quoridor selfplay`,
//! `quoridor train`). This module holds what the engines need and nothing of
//! the trainer: the inputs ([`features`]), the network and its forward pass
//! ([`Network`]: the value and, when the weights have a policy head, a prior
//! per legal move indexed by [`move_index`]), and what the engines are
//! handed ([`Evaluator`]).
//!
//! The weights ship inside the build: `crates/learned/build.rs` embeds
//! `weights/value.safetensors` when the repository has it, and
//! [`Evaluator::embedded`] reads them; natively, `--eval-file PATH` and the
//! arena's `eval_file=PATH` read others ([`read_network`]). Nothing here is
//! process-wide: each engine is handed its [`Evaluator`].

mod evaluator;
mod features;
mod move_index;
mod network;
#[cfg(not(target_arch = "wasm32"))]
mod network_file;
mod policy_head;
mod quantized;
mod quantized_kernels;
mod quantized_policy;

#[doc(hidden)]
pub use evaluator::test_evaluator;
pub use evaluator::Evaluator;
pub use features::{
    active_features, active_features_with_distances, encodes, path_features, visit_board_features,
    wall_feature, ActiveFeatures, DISTANCE_CAP, HORIZONTAL_WALLS, INPUTS, MAX_ACTIVE, MY_DISTANCE,
    MY_PAWN, MY_STOCK, RACE, RACE_CAP, SIZE, SLOTS, SQUARES, THEIR_DISTANCE, THEIR_PAWN,
    THEIR_STOCK, VERTICAL_WALLS, WALLS,
};
pub use move_index::{index_move, mirror_move_index, move_index, policy_size, POLICY_OUTPUTS};
pub use network::{Network, Prediction, WeightsError, MAX_HIDDEN};
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

/// The build script, for its layout writer ([`Network::from_layout`]'s
/// input), tested on networks with and without a policy head.
#[cfg(test)]
#[path = "../build.rs"]
#[allow(dead_code)]
mod build_script;

#[cfg(test)]
mod tests {
    use super::*;

    /// The build script embeds a value network and one with a policy head
    /// alike: the layout it writes reads back as the same network.
    #[test]
    fn the_build_scripts_layout_carries_a_policy_head_or_none() {
        for net in [
            Network::random(16, 8, 1),
            Network::random(16, 8, 1).with_random_policy(2),
        ] {
            let layout = build_script::layout(&net.to_safetensors_f16()).expect("a layout");
            let back = Network::from_layout(&layout).expect("reads back");
            assert_eq!(back.has_policy(), net.has_policy());
            let half = Network::from_safetensors(&net.to_safetensors_f16()).expect("F16");
            assert_eq!(back, half);
        }
    }

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
