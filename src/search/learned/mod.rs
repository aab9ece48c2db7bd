//! The learned evaluation: a small network that scores a position for the
//! side to move, trained on the engines' own games (`quoridor selfplay`,
//! `quoridor train`). This module holds what the engines need and nothing of
//! the trainer: the inputs ([`features`]), the network and its forward pass
//! ([`Network`]), and where the engines find one ([`network`]).
//!
//! The weights ship inside the build: `build.rs` embeds
//! `weights/value.safetensors` when the repository has it
//! ([`embedded_network`]). Natively, [`install_network`] puts another one in
//! its place for the whole process (the command line's `--eval-file PATH`).

mod features;
mod network;
mod tensor_file;

pub use features::{
    active_features, active_features_with_distances, encodes, ActiveFeatures, DISTANCE_CAP,
    HORIZONTAL_WALLS, INPUTS, MAX_ACTIVE, MY_DISTANCE, MY_PAWN, MY_STOCK, RACE, RACE_CAP, SIZE,
    SLOTS, SQUARES, THEIR_DISTANCE, THEIR_PAWN, THEIR_STOCK, VERTICAL_WALLS, WALLS,
};
pub use network::{Network, WeightsError, MAX_HIDDEN};

use crate::game::Position;
use std::sync::OnceLock;

/// Why `eval=learned` is refused when there is no network.
pub const NO_NETWORK: &str = "no learned network in this build: weights/value.safetensors was \
     not there when it was compiled (natively, give one with --eval-file PATH)";

/// The network given for this process with [`install_network`].
static INSTALLED: OnceLock<Network> = OnceLock::new();

/// The network embedded at compile time from `weights/value.safetensors`,
/// or `None` when the build had no such file. (A file that does not load is
/// caught by the test `the_embedded_weights_load`.)
pub fn embedded_network() -> Option<&'static Network> {
    #[cfg(quoridor_embedded_weights)]
    {
        static EMBEDDED: OnceLock<Option<Network>> = OnceLock::new();
        EMBEDDED
            .get_or_init(|| {
                Network::from_safetensors(include_bytes!(concat!(
                    env!("CARGO_MANIFEST_DIR"),
                    "/weights/value.safetensors"
                )))
                .ok()
            })
            .as_ref()
    }
    #[cfg(not(quoridor_embedded_weights))]
    {
        None
    }
}

/// Makes `net` the network of `eval=learned` for the rest of the process,
/// in place of the embedded one. Only the first call counts: it returns
/// whether this one did.
pub fn install_network(net: Network) -> bool {
    INSTALLED.set(net).is_ok()
}

/// The network `eval=learned` uses: the installed one, else the embedded
/// one, else `None` (and `eval=learned` is refused).
pub fn network() -> Option<&'static Network> {
    INSTALLED.get().or_else(embedded_network)
}

/// Whether `eval=learned` has a network: one installed, or one built in.
///
/// Unlike [`network`] it does not read the built-in weights, so a program
/// that only checks settings (the page's main thread: its engines run in
/// workers) links no weights and stays small.
pub fn available() -> bool {
    INSTALLED.get().is_some() || cfg!(quoridor_embedded_weights)
}

/// The side to move's win probability in `pos` by `net`, or `None` when
/// the features do not encode `pos`'s variant (the caller then keeps the
/// classic evaluation).
#[inline]
pub fn win_chance(net: &Network, pos: &Position) -> Option<f64> {
    active_features(pos).map(|f| f64::from(net.evaluate(&f)))
}

/// [`win_chance`] with the shortest path lengths already known (`mine` for
/// the side to move), as [`active_features_with_distances`] takes them.
pub fn win_chance_with_distances(
    net: &Network,
    pos: &Position,
    mine: usize,
    theirs: usize,
) -> Option<f64> {
    active_features_with_distances(pos, mine, theirs).map(|f| f64::from(net.evaluate(&f)))
}

/// The network of `eval=learned` in tests: the built-in one, or, in a build
/// without weights, a small random network installed for the test process,
/// so that `eval=learned` is accepted. Never a different network from the
/// one the other tests see: the Default (`eval=auto`) scores UCT's leaves
/// with it, so the tests must not depend on which test ran first.
#[cfg(test)]
pub(crate) fn test_network() -> &'static Network {
    if let Some(net) = embedded_network() {
        return net;
    }
    let _ = install_network(Network::random(16, 8, 9));
    network().expect("installed")
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_embedded_weights_load() {
        // Without the file the build says so; with it, it must load.
        assert_eq!(
            embedded_network().is_some(),
            cfg!(quoridor_embedded_weights)
        );
    }
}
