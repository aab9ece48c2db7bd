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
            let layout = build_script::layout(&net.to_safetensors_f16(), false).expect("a layout");
            let back = Network::from_layout(&layout).expect("reads back");
            assert_eq!(back.has_policy(), net.has_policy());
            let half = Network::from_safetensors(&net.to_safetensors_f16()).expect("F16");
            assert_eq!(back, half);
        }
    }

    /// Positions for comparing two networks: the start, and every ply of
    /// `games` seeded random games (uniform legal moves, capped at 60 plies).
    fn random_positions(games: u64) -> Vec<Position> {
        use rand::{Rng, SeedableRng};
        let mut out = Vec::new();
        for seed in 0..games {
            let mut rng = quoridor_search::EngineRng::seed_from_u64(seed);
            let mut pos = Position::new(quoridor_rules::Variant::default());
            for _ in 0..60 {
                out.push(pos);
                if pos.is_over() {
                    break;
                }
                let moves = pos.legal_moves();
                let mv = moves[rng.random_range(0..moves.len())];
                pos.play(mv).expect("a legal move");
            }
        }
        out
    }

    /// The largest prior difference the page's int8 head may make against
    /// the F16 network's, on any move of any position (measured on the
    /// shipped stand-in network, `data/gen4`'s: 0.0108 over 40 random
    /// games' 2,400 positions; 0.0009 on a random network).
    const COMPACT_PRIOR_BOUND: f32 = 0.02;

    /// How the page's compact head (`build.rs` for wasm32: int8 rows with an
    /// F16 scale each) compares with the F16 network it came from: the worst
    /// prior difference over `positions`, and the positions whose top move
    /// differs although the F16 network's top two moves are further apart
    /// than twice that bound; and how many positions have the same top move
    /// (`true`) and another (`false`), near-ties included.
    fn compact_head_error(
        net: &Network,
        positions: &[Position],
    ) -> (f32, Vec<String>, std::collections::BTreeMap<bool, usize>) {
        let file = net.to_safetensors_f16();
        let half = Network::from_safetensors(&file).expect("F16 reads");
        let layout = build_script::layout(&file, true).expect("a compact layout");
        let compact = Network::from_layout(&layout).expect("the compact layout reads");
        let mut worst = 0.0f32;
        let mut wrong_top = Vec::new();
        let mut same_top = std::collections::BTreeMap::new();
        for pos in positions.iter().filter(|p| !p.is_over()) {
            let a = half.predict(pos).expect("9x9");
            let b = compact.predict(pos).expect("9x9");
            // Only the head is compact: the value is the F16 network's.
            assert_eq!(a.value, b.value);
            for ((ma, pa), (mb, pb)) in a.priors.iter().zip(&b.priors) {
                assert_eq!(ma, mb);
                worst = worst.max((pa - pb).abs());
            }
            let top = |priors: &[(quoridor_rules::Move, f32)]| {
                let mut sorted = priors.to_vec();
                sorted.sort_by(|x, y| y.1.total_cmp(&x.1));
                sorted
            };
            let (ta, tb) = (top(&a.priors), top(&b.priors));
            let margin = ta[0].1 - ta.get(1).map_or(0.0, |t| t.1);
            *same_top.entry(ta[0].0 == tb[0].0).or_insert(0) += 1;
            if ta[0].0 != tb[0].0 && margin > 2.0 * COMPACT_PRIOR_BOUND {
                wrong_top.push(format!("{pos:?}: {} vs {}", ta[0].0, tb[0].0));
            }
        }
        (worst, wrong_top, same_top)
    }

    /// The page's int8 head keeps the priors within [`COMPACT_PRIOR_BOUND`]
    /// of the F16 head's and the same top move wherever the F16 network's is
    /// clear (and on at least 99% of all positions; the stand-in network:
    /// 2,384 of 2,400, the 16 others within 0.01 of a tie), on a random
    /// network with a head and on the shipped one (when it has a head), over
    /// 40 random games' positions.
    #[test]
    fn the_pages_compact_head_keeps_the_priors_and_the_top_move() {
        let positions = random_positions(40);
        assert!(positions.len() > 1000, "{}", positions.len());
        let mut nets = vec![Network::random(64, 32, 11).with_random_policy(12)];
        nets.extend(
            Evaluator::embedded()
                .expect("the shipped weights load")
                .network()
                .filter(|n| n.has_policy())
                .cloned(),
        );
        for net in &nets {
            let (worst, wrong_top, same_top) = compact_head_error(net, &positions);
            eprintln!("worst prior difference {worst}; same top move: {same_top:?}");
            assert!(
                worst < COMPACT_PRIOR_BOUND,
                "worst prior difference {worst}"
            );
            assert!(worst > 0.0, "int8 rounds some weight");
            assert!(wrong_top.is_empty(), "{wrong_top:?}");
            let (same, other) = (same_top[&true], same_top.get(&false).unwrap_or(&0));
            assert!(same >= 99 * (same + other) / 100, "{same_top:?}");
        }
    }

    /// The compact head takes a byte per weight and two per row (for its
    /// scale) in place of F16's two per weight; a value network's layout is
    /// the same either way; a cut-off compact tensor is an error.
    #[test]
    fn the_compact_head_takes_half_the_bytes_and_only_the_head_is_compact() {
        let net = Network::random(64, 32, 1).with_random_policy(2);
        let file = net.to_safetensors_f16();
        let full = build_script::layout(&file, false).expect("layout");
        let compact = build_script::layout(&file, true).expect("layout");
        let h = 64;
        assert_eq!(
            full.len() - compact.len(),
            POLICY_OUTPUTS * h * 2 - (POLICY_OUTPUTS * h + POLICY_OUTPUTS * 2)
        );
        let value = net.without_policy().to_safetensors_f16();
        assert_eq!(
            build_script::layout(&value, true),
            build_script::layout(&value, false)
        );
        for cut in [1, 100, compact.len() - 1] {
            assert!(Network::from_layout(&compact[..compact.len() - cut]).is_err());
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
