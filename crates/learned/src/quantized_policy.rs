//! The policy head in integers, beside the quantised value pass
//! ([`crate::QuantizedNetwork`]): what alpha-beta orders its moves by.
//!
//! The head reads the first hidden layer's clipped activations, which the
//! quantised pass holds as `i16` at scale `S1` (`0..=S1` is `0..=1`); its
//! weights are multiplied by `SP`, a power of two up to 2¹⁴, the largest for
//! which every weight fits an `i16` and every move's largest possible sum
//! (`S1 · Σ|w|`) fits an `i32` ([`crate::head_scale`], as for the fast
//! priors). A move's logit is then its float bias plus one `i16 × i16 → i32`
//! dot product over the `H` units, divided by `S1 · SP`.
//!
//! Its error against the float head, for any position and move: the first
//! layer's sums are off by at most `e1 = (MAX_ACTIVE + 1) / (2 S1)` per unit
//! (the value pass's own bound; the clip does not widen it), each weight by
//! `1 / (2 SP)`, and an activation is at most 1, so a logit is off by at most
//! `Σ_u |w_u| · e1 + H / (2 SP)` plus the float rounding:
//! [`QuantizedPolicy::logit_bound`] is the largest of that over the moves.

use super::features::MAX_ACTIVE;
use super::head_scale::head_scale;
use super::move_index::{move_index, POLICY_OUTPUTS};
use super::policy_head::PolicyHead;
use quoridor_rules::{Move, Player};

/// A policy head with integer weights (see the module documentation).
#[derive(Clone, Debug, PartialEq)]
pub(crate) struct QuantizedPolicy {
    /// Units read, padded with zero weights like the value pass's first layer.
    hidden: usize,
    /// [`POLICY_OUTPUTS`] rows of `hidden` weights, times `SP`.
    rows: Vec<i16>,
    /// The float biases.
    bias: Vec<f32>,
    /// `1 / (S1 · SP)`: turns a dot product into log-odds.
    to_float: f32,
    /// [`QuantizedPolicy::logit_bound`].
    bound: f32,
}

impl QuantizedPolicy {
    /// The integer form of `head`, whose first layer has `hidden` units
    /// (padded to `padded`) quantised at scale `s1`.
    pub(crate) fn new(head: &PolicyHead, hidden: usize, padded: usize, s1: f32) -> QuantizedPolicy {
        let row = |o: usize| &head.rows[o * hidden..(o + 1) * hidden];
        let (sp, _) = head_scale(&head.rows, hidden, s1);
        let mut rows = vec![0i16; POLICY_OUTPUTS * padded];
        for o in 0..POLICY_OUTPUTS {
            for (u, &w) in row(o).iter().enumerate() {
                rows[o * padded + u] = (w * sp).round() as i16;
            }
        }
        let e1 = (MAX_ACTIVE as f32 + 1.0) / (2.0 * s1);
        let bound = (0..POLICY_OUTPUTS)
            .map(|o| row(o).iter().map(|w| w.abs()).sum::<f32>() * e1)
            .fold(0.0f32, f32::max)
            + hidden as f32 / (2.0 * sp)
            + 1e-4;
        QuantizedPolicy {
            hidden: padded,
            rows,
            bias: head.bias.clone(),
            to_float: 1.0 / (s1 * sp),
            bound,
        }
    }

    /// The most a logit of [`QuantizedPolicy::logits`] can differ from the
    /// float head's, for any position and move.
    pub(crate) fn logit_bound(&self) -> f32 {
        self.bound
    }

    /// The logit of move index `index` for the clipped first layer `clipped`
    /// (`hidden` values at scale `S1`).
    #[inline]
    fn logit(&self, clipped: &[i16], index: usize) -> f32 {
        let row = &self.rows[index * self.hidden..(index + 1) * self.hidden];
        // The compiler turns this into `pmaddwd` / `i32x4.dot_i16x8_s`.
        let sum = clipped.iter().zip(row).fold(0i32, |s, (&a, &w)| {
            s.wrapping_add(i32::from(a) * i32::from(w))
        });
        self.bias[index] + sum as f32 * self.to_float
    }

    /// The logits of `moves` (of a 9×9 position, `turn` to move), appended
    /// to `logits` in their order: a move without an index gets
    /// `f32::NEG_INFINITY`.
    pub(crate) fn logits(
        &self,
        clipped: &[i16],
        turn: Player,
        moves: impl Iterator<Item = Move>,
        logits: &mut Vec<f32>,
    ) {
        let clipped = &clipped[..self.hidden];
        logits.extend(moves.map(|mv| {
            move_index(mv, super::features::SIZE, turn)
                .map_or(f32::NEG_INFINITY, |i| self.logit(clipped, i))
        }));
    }
}

#[cfg(test)]
mod tests {
    use crate::{active_features_with_distances, move_index, Network, QuantizedNetwork, SIZE};
    use quoridor_rules::{Player, Position, Variant};

    /// The float head's logit of each legal move of `pos` (side to move's
    /// view), from the float first layer.
    fn float_logits(net: &Network, pos: &Position, mine: usize, theirs: usize) -> Vec<f64> {
        let (h, _) = net.shape();
        let layers = net.layers();
        let f = active_features_with_distances(pos, mine, theirs).expect("9x9");
        let mut hidden: Vec<f32> = layers.l1_bias.to_vec();
        for &i in f.indices() {
            let row = &layers.l1_rows[usize::from(i) * h..(usize::from(i) + 1) * h];
            hidden.iter_mut().zip(row).for_each(|(a, w)| *a += w);
        }
        hidden.iter_mut().for_each(|a| *a = a.clamp(0.0, 1.0));
        let head = net.policy_head().expect("a head");
        pos.legal_moves()
            .into_iter()
            .map(|mv| {
                let index = move_index(mv, SIZE, pos.turn()).expect("index");
                f64::from(head.logit(&hidden, index))
            })
            .collect()
    }

    pub(super) fn float_logits_pub(
        net: &Network,
        pos: &Position,
        mine: usize,
        theirs: usize,
    ) -> Vec<f64> {
        float_logits(net, pos, mine, theirs)
    }

    pub(super) fn positions_pub(seed: u64, games: usize) -> Vec<Position> {
        positions(seed, games)
    }

    fn positions(seed: u64, games: usize) -> Vec<Position> {
        crate::quantized::tests::random_positions_of(seed, games, 60)
    }

    /// Every quantised logit is within the stated bound of the float
    /// head's, over random networks and the positions of random games; the
    /// bound is a worst case, well above what is measured.
    #[test]
    fn the_quantised_logits_stay_within_the_bound() {
        let mut worst_ratio = 0.0f64;
        for (seed, (h, h2)) in [(64, 32), (16, 8), (37, 5), (256, 64)]
            .into_iter()
            .enumerate()
        {
            let net = Network::random(h, h2, 40 + seed as u64).with_random_policy(seed as u64);
            let q = QuantizedNetwork::new(&net);
            let bound = f64::from(q.policy_logit_bound().expect("a head"));
            let mut logits = Vec::new();
            for pos in positions(seed as u64, 15) {
                let d = |p: Player| pos.distance_to_goal(p).map_or(99, |d| d as usize);
                let (mine, theirs) = (d(pos.turn()), d(pos.turn().other()));
                logits.clear();
                let moves = pos.legal_moves();
                assert!(q.policy_logits(&pos, (mine, theirs), moves.iter().copied(), &mut logits));
                assert_eq!(logits.len(), moves.len());
                for (got, want) in logits.iter().zip(float_logits(&net, &pos, mine, theirs)) {
                    let err = (f64::from(*got) - want).abs();
                    assert!(err <= bound, "{h}x{h2}: {err} > {bound}");
                    worst_ratio = worst_ratio.max(err / bound);
                }
            }
        }
        assert!(worst_ratio > 0.0 && worst_ratio < 0.5, "{worst_ratio}");
    }

    /// The softmax of the quantised logits is the float network's policy
    /// ([`Network::policy`]), move for move, within what the bound allows.
    #[test]
    fn the_quantised_logits_give_the_float_networks_priors() {
        let net = Network::random(64, 32, 3).with_random_policy(4);
        let q = QuantizedNetwork::new(&net);
        let bound = q.policy_logit_bound().expect("a head");
        for pos in positions(7, 10) {
            let d = |p: Player| pos.distance_to_goal(p).map_or(99, |d| d as usize);
            let priors = net.policy(&pos).expect("a head");
            let mut logits = Vec::new();
            let moves = priors.iter().map(|&(mv, _)| mv);
            assert!(q.policy_logits(
                &pos,
                (d(pos.turn()), d(pos.turn().other())),
                moves,
                &mut logits
            ));
            let most = logits.iter().copied().fold(f32::NEG_INFINITY, f32::max);
            let total: f32 = logits.iter().map(|z| (z - most).exp()).sum();
            for ((mv, p), z) in priors.iter().zip(&logits) {
                let mine = (z - most).exp() / total;
                // Each logit moves by at most the bound, the softmax by at
                // most e^(2 bound) - 1 of itself.
                assert!(
                    (mine - p).abs() <= p * ((2.0 * bound).exp() - 1.0) + 1e-6,
                    "{mv}: {mine} vs {p}"
                );
            }
        }
    }

    /// A value network has no quantised head, and other boards no logits.
    #[test]
    fn no_head_no_logits() {
        let plain = QuantizedNetwork::new(&Network::random(16, 8, 1));
        assert!(!plain.has_policy());
        assert_eq!(plain.policy_logit_bound(), None);
        let start = Position::new(Variant::default());
        let mut logits = Vec::new();
        let moves = start.legal_moves();
        assert!(!plain.policy_logits(&start, (8, 8), moves.iter().copied(), &mut logits));
        let headed = QuantizedNetwork::new(&Network::random(16, 8, 1).with_random_policy(2));
        let small = Position::new(Variant::new(5, 3).expect("5x5"));
        let moves = small.legal_moves();
        assert!(!headed.policy_logits(&small, (4, 4), moves.iter().copied(), &mut logits));
        assert!(logits.is_empty());
    }
}

/// The quantised head's error on a trained network, measured
/// (`QUORIDOR_POLICY_NET=FILE cargo test --release -p quoridor-learned
/// report_policy_errors -- --ignored --nocapture`).
#[cfg(all(test, not(target_arch = "wasm32")))]
mod measure {
    use crate::{read_network, Network, QuantizedNetwork};
    use quoridor_rules::Player;

    #[test]
    #[ignore]
    fn report_policy_errors() {
        let net: Network = match std::env::var("QUORIDOR_POLICY_NET") {
            Ok(path) => read_network(std::path::Path::new(&path)).expect("the file loads"),
            Err(_) => Network::random(64, 32, 5).with_random_policy(6),
        };
        let q = QuantizedNetwork::new(&net);
        let (mut worst, mut order_flips, mut pairs) = (0.0f64, 0u64, 0u64);
        for pos in super::tests::positions_pub(9, 300) {
            let d = |p: Player| pos.distance_to_goal(p).map_or(99, |d| d as usize);
            let (mine, theirs) = (d(pos.turn()), d(pos.turn().other()));
            let moves = pos.legal_moves();
            let mut logits = Vec::new();
            q.policy_logits(&pos, (mine, theirs), moves.iter().copied(), &mut logits);
            let float = super::tests::float_logits_pub(&net, &pos, mine, theirs);
            for (i, (got, want)) in logits.iter().zip(&float).enumerate() {
                worst = worst.max((f64::from(*got) - want).abs());
                for (g2, w2) in logits.iter().zip(&float).skip(i + 1) {
                    pairs += 1;
                    if (got > g2) != (want > w2) && (want - w2).abs() > 0.0 {
                        order_flips += 1;
                    }
                }
            }
        }
        println!(
            "bound {:.5} log-odds; measured worst {worst:.6}; pairs ordered otherwise {order_flips} of {pairs}",
            q.policy_logit_bound().expect("a head")
        );
    }
}
