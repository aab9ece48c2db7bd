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

mod dot_product;
mod evaluator;
mod fast_priors;
mod features;
mod head_scale;
mod max_hidden;
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
pub use max_hidden::MAX_HIDDEN;
pub use move_index::{index_move, mirror_move_index, move_index, policy_size, POLICY_OUTPUTS};
pub use network::{Network, Prediction, WeightsError};
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
            let layout = build_script::layout(&net.to_safetensors_f16(), None).expect("a layout");
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

    /// The largest prior difference the page's network (int8 head, the
    /// value network's F16 weights as they are) may show against the F16 network's,
    /// on any move of any position (measured over 40 random games' 2,400
    /// positions: 0.0117 on network 4's stand-in, 0.0275 on network 8, whose
    /// policy is sharper; see
    /// [`the_pages_compact_network_keeps_the_priors_the_top_move_and_the_value`]).
    const PAGE_PRIOR_BOUND: f32 = 0.035;
    /// A top move is clear when its prior is this far above the second's:
    /// then the page's network must agree on it.
    const CLEAR_TOP: f32 = 0.04;
    /// The largest win-probability difference the page's network may show
    /// against the F16 network's (measured as above).
    const PAGE_VALUE_BOUND: f32 = 0.01;

    /// How the page's network (`build.rs` for wasm32: the tensors `compact`
    /// as int8 rows with an F16 scale each, the first layer kept to
    /// `PAGE_MANTISSA` bits, every F16 tensor in byte planes) compares with the F16 network it came
    /// from over `positions`.
    #[derive(Debug, Default)]
    struct PageError {
        /// The worst prior difference.
        prior: f32,
        /// The worst value (win probability) difference.
        value: f32,
        /// Positions whose top move differs although the F16 network's top
        /// two are further apart than [`CLEAR_TOP`].
        wrong_top: Vec<String>,
        /// Positions with the same top move, and with another (near-ties).
        same_top: usize,
        other_top: usize,
    }

    fn page_error(net: &Network, compact: &[&str], positions: &[Position]) -> PageError {
        let file = net.to_safetensors_f16();
        let half = Network::from_safetensors(&file).expect("F16 reads");
        let layout = build_script::layout(&file, Some(compact)).expect("a page layout");
        let page = Network::from_layout(&layout).expect("the page layout reads");
        let mut error = PageError::default();
        for pos in positions.iter().filter(|p| !p.is_over()) {
            let a = half.predict(pos).expect("9x9");
            let b = page.predict(pos).expect("9x9");
            error.value = error.value.max((a.value - b.value).abs());
            for ((ma, pa), (mb, pb)) in a.priors.iter().zip(&b.priors) {
                assert_eq!(ma, mb);
                error.prior = error.prior.max((pa - pb).abs());
            }
            if a.priors.is_empty() {
                continue;
            }
            let top = |priors: &[(quoridor_rules::Move, f32)]| {
                let mut sorted = priors.to_vec();
                sorted.sort_by(|x, y| y.1.total_cmp(&x.1));
                sorted
            };
            let (ta, tb) = (top(&a.priors), top(&b.priors));
            let margin = ta[0].1 - ta.get(1).map_or(0.0, |t| t.1);
            if ta[0].0 == tb[0].0 {
                error.same_top += 1;
            } else {
                error.other_top += 1;
                if margin > CLEAR_TOP {
                    error
                        .wrong_top
                        .push(format!("{pos:?}: {} vs {}", ta[0].0, tb[0].0));
                }
            }
        }
        error
    }

    /// The page's network keeps the priors within [`PAGE_PRIOR_BOUND`] of
    /// the F16 network's, the value within [`PAGE_VALUE_BOUND`], and the
    /// same top move wherever the F16 network's is clear (and on at least
    /// 98% of all positions), on a random network with a head and on the
    /// shipped one (when it has a head), over 40 random games' positions,
    /// with the head compact and without; the value exactly (the page's value
    /// network is F16 as natively). Measured on the stand-in network with the
    /// first layer then kept to 7 mantissa bits: priors 0.0117, value 0.0084,
    /// the same top move on 2,384 of 2,400 positions (the 16 others within
    /// 0.01 of a tie); 6 mantissa bits would move the value by 0.0137, 5 by
    /// 0.0235, and the head in int7 the priors by 0.0245, in int6 by 0.056.
    /// Network 8 (the first layer F16 as natively): priors 0.0275, value 0,
    /// the same top move on 2,371 of 2,400 (the 29 others near ties: none
    /// with a top two further apart than [`CLEAR_TOP`]). A scale of least
    /// squared error per row in place of the largest weight over 127 changed
    /// nothing measurable.
    #[test]
    fn the_pages_compact_network_keeps_the_priors_the_top_move_and_the_value() {
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
            for compact in [&[][..], build_script::PAGE_COMPACT] {
                let error = page_error(net, compact, &positions);
                eprintln!("{compact:?}: {error:?}");
                assert!(error.prior < PAGE_PRIOR_BOUND, "{error:?}");
                assert!(error.value < PAGE_VALUE_BOUND, "{error:?}");
                // The value network is F16 in the page as natively (only the
                // head is compact): the same value, bit for bit.
                assert_eq!(error.value, 0.0, "{error:?}");
                assert!(error.wrong_top.is_empty(), "{error:?}");
                let all = error.same_top + error.other_top;
                assert!(100 * error.same_top >= 98 * all, "{error:?}");
            }
        }
    }

    /// The compact head takes a byte per weight and two per row (for its
    /// scale) in place of F16's two per weight; byte planes hold the F16
    /// values as they are (the value network's equal the F16 file's), and
    /// [`build_script::round_mantissa`] to 7 bits keeps each within a
    /// relative 2^-8; F32 tensors are copied; a cut-off layout is an error.
    #[test]
    fn the_pages_layout_takes_half_the_bytes_for_the_compact_tensors_only() {
        let net = Network::random(64, 32, 1).with_random_policy(2);
        let file = net.to_safetensors_f16();
        let full = build_script::layout(&file, None).expect("layout");
        let page = build_script::layout(&file, Some(build_script::PAGE_COMPACT)).expect("layout");
        let int8_saves = |rows: usize, cols: usize| rows * cols * 2 - (rows * cols + rows * 2);
        assert_eq!(full.len() - page.len(), int8_saves(POLICY_OUTPUTS, 64));
        // Byte planes: the same values, in other bytes.
        let planes = build_script::layout(&file, Some(&[])).expect("layout");
        assert_eq!(planes.len(), full.len());
        assert_ne!(planes, full);
        let value = net.clone().without_policy().to_safetensors_f16();
        let rounded =
            Network::from_layout(&build_script::layout(&value, Some(&[])).expect("layout"))
                .expect("reads");
        let half = Network::from_safetensors(&value).expect("F16");
        assert_eq!(build_script::PAGE_MANTISSA, 10, "F16's bits, all kept");
        assert_eq!(rounded, half, "the page's value network is the F16 one");
        let other = Network::random(64, 32, 3);
        assert_ne!(other, half, "a network other than the F16 one");
        let weights = |bytes: &[u8]| -> Vec<f32> {
            bytes
                .chunks_exact(2)
                .map(|b| half::f16::from_le_bytes([b[0], b[1]]).to_f32())
                .collect()
        };
        let raw: Vec<u8> = (0..=u16::MAX).flat_map(|x| x.to_le_bytes()).collect();
        for (a, b) in weights(&raw)
            .iter()
            .zip(weights(&build_script::round_mantissa(&raw, 7)))
        {
            // Normal values (subnormals keep fewer bits to begin with).
            if a.is_finite() && a.abs() >= half::f16::MIN_POSITIVE.to_f32() {
                assert!(b.is_finite(), "{a} → {b}");
                assert!(((a - b) / a).abs() <= 1.0 / 256.0, "{a} → {b}");
            }
        }
        // F32 tensors other than the compact ones are copied as they are.
        let single = net.to_safetensors();
        assert_eq!(
            build_script::layout(&single, Some(&[])),
            build_script::layout(&single, None)
        );
        for cut in [1, 100, page.len() - 1] {
            assert!(Network::from_layout(&page[..page.len() - cut]).is_err());
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
