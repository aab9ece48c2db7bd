//! The quantised forward pass, as NNUE runs it: integer weights built from
//! the float [`Network`] when it is loaded, the first layer an `i16`
//! accumulator (a sum of rows, one per active input), the second layer
//! `i16 × i16 → i32` dot products (`pmaddwd` on x86-64, `i32x4.dot_i16x8_s`
//! in wasm with `simd128`), the output layer in `f32`. The float network
//! stays the reference: this pass is what the searches call.
//!
//! Scales, chosen per network so that nothing can overflow:
//!
//! - the first layer's weights and biases are multiplied by `S1`, a power of
//!   two up to 2¹³, the largest for which every unit's largest and smallest
//!   possible sums fit an `i16` (its bias plus, per input group, the
//!   largest positive weights the group's active inputs can add, or the
//!   most negative ones: one pawn square each, twenty wall slots, one
//!   stock, path length and race each); the sums wrap, so only the final
//!   one must fit; the clipped ReLU clamps the sum to `0..=S1` (1.0);
//! - the second layer's weights are multiplied by `S2`, a power of two up to
//!   2¹⁴, the largest for which every weight fits an `i16` and every
//!   output's largest possible sum fits an `i32`; its bias by `S1 · S2`;
//! - the output layer keeps the float weights.
//!
//! Each value is rounded to the nearest integer, so the first layer's sum
//! is off by at most `(MAX_ACTIVE + 1) / (2 S1)` per unit, and the second
//! layer's by `Σ|w| · that + H / (2 S2) + 1 / (2 S1 S2)`; the output's
//! log-odds by `Σ |out| ·` those: [`QuantizedNetwork::logit_bound`] is that
//! worst case (every rounding the same way), far above what is measured
//! (docs/learned-eval.md, "Quantised inference").
//!
//! The accumulator ([`Accumulator`]) holds, for each side's view, the rows of
//! the inputs that do not depend on path lengths (pawns, walls, stocks); a
//! move changes a few of them ([`Accumulator::play`]), so a search can carry
//! it from a node to its children, and the three path inputs are added when
//! the node is evaluated.

use super::features::{
    encodes, path_features, visit_board_features, wall_feature, INPUTS, MAX_ACTIVE, MY_PAWN,
    MY_STOCK, THEIR_PAWN, THEIR_STOCK, WALLS,
};
use super::max_hidden::MAX_HIDDEN;
use super::network::Network;
use super::quantized_kernels::{Kernel, SecondLayer, OUTPUTS, PAD};
use super::quantized_policy::QuantizedPolicy;
use quoridor_rules::{Move, Player, Position};

/// The largest first-layer scale.
const MAX_S1: f32 = 8192.0;
/// The largest second-layer scale.
const MAX_S2: f32 = 16384.0;

/// A value network with integer weights, built from a float [`Network`]
/// (see the module documentation).
#[derive(Clone, Debug, PartialEq)]
pub struct QuantizedNetwork {
    /// Units of the first hidden layer, padded with zero weights to a
    /// multiple of [`PAD`].
    hidden: usize,
    /// Units of the second hidden layer, padded to a multiple of
    /// [`OUTPUTS`].
    hidden2: usize,
    /// The vector code of the second layer.
    kernel: Kernel,
    /// First-layer scale `S1`.
    s1: f32,
    /// Second-layer weight scale `S2`.
    s2: f32,
    /// `INPUTS` rows of `hidden` weights, times `S1`.
    l1_rows: Vec<i16>,
    /// The first layer's bias, times `S1`.
    l1_bias: Vec<i16>,
    /// `hidden2` rows of `hidden` weights (one per output), times `S2`.
    l2_rows: Vec<i16>,
    /// The second layer's bias, times `S1 · S2`.
    l2_bias: Vec<i32>,
    /// The output layer, as the float network has it.
    out: Vec<f32>,
    out_bias: f32,
    /// [`QuantizedNetwork::logit_bound`].
    bound: f32,
    /// The policy head in integers, when the network has one.
    policy: Option<QuantizedPolicy>,
}

/// `x` rounded to the nearest `i16` (it fits by the choice of scale).
fn to_i16(x: f32) -> i16 {
    x.round().clamp(f32::from(i16::MIN), f32::from(i16::MAX)) as i16
}

/// The largest power of two up to `cap` with `need · scale ≤ room`.
fn scale_for(need: f32, room: f32, cap: f32) -> f32 {
    let mut scale = cap;
    while scale > 1.0 && need * scale > room {
        scale /= 2.0;
    }
    scale
}

impl QuantizedNetwork {
    /// The integer form of `net`.
    pub fn new(net: &Network) -> QuantizedNetwork {
        let (h, h2) = net.shape();
        let hp = h.div_ceil(PAD) * PAD;
        let h2p = h2.div_ceil(OUTPUTS) * OUTPUTS;
        let layers = net.layers();
        let w1 = |input: usize, unit: usize| layers.l1_rows[input * h + unit];
        // How far a unit's sum can reach above zero and below it: its bias
        // and, per group of inputs, the most the group's active inputs can
        // add (its largest positive weights) or take away (its most
        // negative ones). The sums wrap, so only the final one must fit.
        let groups: [(usize, usize, usize); 8] = [
            (MY_PAWN, THEIR_PAWN, 1),
            (THEIR_PAWN, super::HORIZONTAL_WALLS, 1),
            (super::HORIZONTAL_WALLS, MY_STOCK, 2 * usize::from(WALLS)),
            (MY_STOCK, THEIR_STOCK, 1),
            (THEIR_STOCK, super::MY_DISTANCE, 1),
            (super::MY_DISTANCE, super::THEIR_DISTANCE, 1),
            (super::THEIR_DISTANCE, super::RACE, 1),
            (super::RACE, INPUTS, 1),
        ];
        let mut reach = 0.0f32;
        for unit in 0..h {
            let (mut up, mut down) = (layers.l1_bias[unit], layers.l1_bias[unit]);
            for &(from, to, active) in &groups {
                let mut w: Vec<f32> = (from..to).map(|i| w1(i, unit)).collect();
                w.sort_unstable_by(|a, b| b.total_cmp(a));
                up += w.iter().take(active).map(|w| w.max(0.0)).sum::<f32>();
                down += w.iter().rev().take(active).map(|w| w.min(0.0)).sum::<f32>();
            }
            reach = reach.max(up).max(-down);
        }
        // A margin of a few units for the rounding of each term.
        let s1 = scale_for(reach, f32::from(i16::MAX) - 64.0, MAX_S1);
        let mut l1_rows = vec![0i16; INPUTS * hp];
        for input in 0..INPUTS {
            for unit in 0..h {
                l1_rows[input * hp + unit] = to_i16(w1(input, unit) * s1);
            }
        }
        let mut l1_bias: Vec<i16> = layers.l1_bias.iter().map(|b| to_i16(b * s1)).collect();
        l1_bias.resize(hp, 0);
        // Second layer: l2_columns holds, per first-layer unit, its h2 weights.
        let w2 = |unit: usize, out: usize| layers.l2_columns[unit * h2 + out];
        let largest = layers.l2_columns.iter().fold(0.0f32, |m, w| m.max(w.abs()));
        let widest = (0..h2)
            .map(|o| (0..h).map(|u| w2(u, o).abs()).sum::<f32>() + layers.l2_bias[o].abs())
            .fold(0.0f32, f32::max);
        let s2 = scale_for(largest, f32::from(i16::MAX) - 1.0, MAX_S2).min(scale_for(
            widest * s1,
            i32::MAX as f32 / 2.0,
            MAX_S2,
        ));
        let mut l2_rows = vec![0i16; h2p * hp];
        for o in 0..h2 {
            for u in 0..h {
                l2_rows[o * hp + u] = to_i16(w2(u, o) * s2);
            }
        }
        let mut l2_bias: Vec<i32> = layers
            .l2_bias
            .iter()
            .map(|b| (f64::from(*b) * f64::from(s1) * f64::from(s2)).round() as i32)
            .collect();
        l2_bias.resize(h2p, 0);
        let mut out = layers.out.to_vec();
        out.resize(h2p, 0.0);
        // The worst case of the rounding (module documentation), plus the
        // float passes' own rounding.
        let e1 = (MAX_ACTIVE as f32 + 1.0) / (2.0 * s1);
        let bound = (0..h2)
            .map(|o| {
                let sum_w: f32 = (0..h).map(|u| w2(u, o).abs()).sum();
                let e2 = sum_w * e1 + h as f32 / (2.0 * s2) + 1.0 / (2.0 * s1 * s2);
                layers.out[o].abs() * e2
            })
            .sum::<f32>()
            + 1e-4;
        QuantizedNetwork {
            hidden: hp,
            hidden2: h2p,
            kernel: Kernel::detect(),
            s1,
            s2,
            l1_rows,
            l1_bias,
            l2_rows,
            l2_bias,
            out,
            out_bias: layers.out_bias,
            bound,
            policy: net
                .policy_head()
                .map(|head| QuantizedPolicy::new(head, h, hp, s1)),
        }
    }

    /// The scales `(S1, S2)` this network was quantised with.
    pub fn scales(&self) -> (f32, f32) {
        (self.s1, self.s2)
    }

    /// The most the log-odds [`QuantizedNetwork::logit`] gives can differ
    /// from the float network's (`ln(p / (1 - p))` of [`Network::evaluate`]),
    /// for any position: every rounding taken at its worst. A win chance
    /// differs by at most a quarter of it (the sigmoid's steepest slope).
    pub fn logit_bound(&self) -> f32 {
        self.bound
    }

    /// The side to move's log-odds of winning in `pos`, with the shortest
    /// path lengths known (`mine` for the side to move; a pawn cut off counts
    /// as any length ≥ [`crate::DISTANCE_CAP`]), or `None` when the features
    /// do not encode `pos`'s variant. The win chance is its sigmoid
    /// ([`win_probability`]).
    pub fn logit(&self, pos: &Position, mine: usize, theirs: usize) -> Option<f32> {
        if !encodes(pos.variant()) {
            return None;
        }
        let mut acc = [0i16; MAX_HIDDEN];
        let acc = &mut acc[..self.hidden];
        acc.copy_from_slice(&self.l1_bias);
        visit_board_features(pos, pos.turn(), |i| add_row(acc, self.row(i)));
        Some(self.finish(acc, mine, theirs))
    }

    /// [`QuantizedNetwork::logit`] of the position `accumulator` was built
    /// for or carried to, `turn` to move.
    pub fn logit_from(
        &self,
        accumulator: &Accumulator,
        turn: Player,
        mine: usize,
        theirs: usize,
    ) -> f32 {
        self.finish(
            &accumulator.views[turn.index()][..self.hidden],
            mine,
            theirs,
        )
    }

    /// Input `i`'s row of first-layer weights.
    #[inline]
    fn row(&self, i: usize) -> &[i16] {
        &self.l1_rows[i * self.hidden..(i + 1) * self.hidden]
    }

    /// Whether the network has a policy head ([`crate::Network::has_policy`]).
    pub fn has_policy(&self) -> bool {
        self.policy.is_some()
    }

    /// The most a logit of [`QuantizedNetwork::policy_logits_from`] can
    /// differ from the float network's policy head's for any position and
    /// move (`None` without a head); see `quantized_policy.rs`.
    pub fn policy_logit_bound(&self) -> Option<f32> {
        self.policy.as_ref().map(QuantizedPolicy::logit_bound)
    }

    /// The policy head's logits of `moves` in the position `accumulator`
    /// holds, `turn` to move, with the shortest path lengths `mine` and
    /// `theirs` (as [`QuantizedNetwork::logit_from`] takes them), appended
    /// to `logits` in `moves`' order (`f32::NEG_INFINITY` for a move off the
    /// 9×9 board). `false`, and nothing appended, without a head.
    pub fn policy_logits_from(
        &self,
        accumulator: &Accumulator,
        turn: Player,
        (mine, theirs): (usize, usize),
        moves: impl Iterator<Item = Move>,
        logits: &mut Vec<f32>,
    ) -> bool {
        let Some(policy) = &self.policy else {
            return false;
        };
        let mut clipped = [0i16; MAX_HIDDEN];
        let board = &accumulator.views[turn.index()][..self.hidden];
        self.clip(board, mine, theirs, &mut clipped[..self.hidden]);
        policy.logits(&clipped[..self.hidden], turn, moves, logits);
        true
    }

    /// [`QuantizedNetwork::policy_logits_from`] of `pos` with its
    /// accumulator built afresh: `false` without a head or when the features
    /// do not encode `pos`'s variant.
    pub fn policy_logits(
        &self,
        pos: &Position,
        distances: (usize, usize),
        moves: impl Iterator<Item = Move>,
        logits: &mut Vec<f32>,
    ) -> bool {
        match Accumulator::new(self, pos) {
            Some(acc) if self.has_policy() => {
                self.policy_logits_from(&acc, pos.turn(), distances, moves, logits)
            }
            _ => false,
        }
    }

    /// Adds the path inputs to `board`, the board part of the first layer,
    /// and clips it into `clipped`: the first hidden layer's activations at
    /// scale `S1`.
    #[inline]
    fn clip(&self, board: &[i16], mine: usize, theirs: usize, clipped: &mut [i16]) {
        let [a, b, c] = path_features(mine, theirs).map(|i| self.row(i));
        let top = self.s1 as i16;
        for (k, out) in clipped.iter_mut().enumerate() {
            let sum = board[k]
                .wrapping_add(a[k])
                .wrapping_add(b[k])
                .wrapping_add(c[k]);
            *out = sum.clamp(0, top);
        }
    }

    /// Adds the path inputs to `board`, the board part of the first layer,
    /// clips it and runs the rest of the network: the log-odds.
    #[inline]
    fn finish(&self, board: &[i16], mine: usize, theirs: usize) -> f32 {
        let mut clipped = [0i16; MAX_HIDDEN];
        let clipped = &mut clipped[..self.hidden];
        self.clip(board, mine, theirs, clipped);
        let layer = SecondLayer {
            rows: &self.l2_rows,
            bias: &self.l2_bias,
            to_float: 1.0 / (self.s1 * self.s2),
            out: &self.out,
        };
        self.out_bias + self.kernel.run(clipped, &layer)
    }
}

/// The logistic function: the win chance of log-odds `z`.
#[inline]
pub fn win_probability(z: f32) -> f32 {
    1.0 / (1.0 + (-z).exp())
}

/// `acc += row`, lane by lane (wrapping: the scale keeps every sum a
/// network can reach in range, and a sum taken apart and put together again
/// comes back exactly).
#[inline]
fn add_row(acc: &mut [i16], row: &[i16]) {
    for (a, w) in acc.iter_mut().zip(row) {
        *a = a.wrapping_add(*w);
    }
}

/// `acc -= row`, lane by lane (wrapping).
#[inline]
fn sub_row(acc: &mut [i16], row: &[i16]) {
    for (a, w) in acc.iter_mut().zip(row) {
        *a = a.wrapping_sub(*w);
    }
}

/// The first layer's sums of one position without its path inputs, from
/// each side's view (NNUE's accumulator): built once
/// ([`Accumulator::new`]) and carried along a line of play
/// ([`Accumulator::play`]), a move changing two to four rows per view.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Accumulator {
    views: [[i16; MAX_HIDDEN]; 2],
}

impl Default for Accumulator {
    /// An accumulator of no position (all zeros), to be
    /// [refreshed](Accumulator::refresh).
    fn default() -> Accumulator {
        Accumulator {
            views: [[0; MAX_HIDDEN]; 2],
        }
    }
}

impl Accumulator {
    /// The accumulator of `pos` under `net`, or `None` when the features do
    /// not encode `pos`'s variant.
    pub fn new(net: &QuantizedNetwork, pos: &Position) -> Option<Accumulator> {
        if !encodes(pos.variant()) {
            return None;
        }
        let mut acc = Accumulator::default();
        acc.refresh(net, pos);
        Some(acc)
    }

    /// Makes this the accumulator of `pos`, from scratch (`pos`'s variant
    /// must be the encoded one, [`encodes`]).
    pub fn refresh(&mut self, net: &QuantizedNetwork, pos: &Position) {
        for view in Player::BOTH {
            let acc = &mut self.views[view.index()][..net.hidden];
            acc.copy_from_slice(&net.l1_bias);
            visit_board_features(pos, view, |i| add_row(acc, net.row(i)));
        }
    }

    /// Makes this `parent`'s accumulator (a copy of the lanes `net` uses):
    /// the accumulator after a pass.
    pub fn copy_from(&mut self, net: &QuantizedNetwork, parent: &Accumulator) {
        for (mine, theirs) in self.views.iter_mut().zip(&parent.views) {
            mine[..net.hidden].copy_from_slice(&theirs[..net.hidden]);
        }
    }

    /// Makes this the accumulator of the position after `mv` from `before`,
    /// whose accumulator is `parent`.
    pub fn play_from(
        &mut self,
        net: &QuantizedNetwork,
        parent: &Accumulator,
        before: &Position,
        mv: Move,
    ) {
        self.copy_from(net, parent);
        self.play(net, before, mv);
    }

    /// Carries the accumulator of `before` (the position it holds) over
    /// `mv`, which `before`'s side to move plays. A pass (the null move)
    /// changes nothing.
    pub fn play(&mut self, net: &QuantizedNetwork, before: &Position, mv: Move) {
        let mover = before.turn();
        for view in Player::BOTH {
            let acc = &mut self.views[view.index()][..net.hidden];
            let mirrored = view == Player::Two;
            let square = |index: usize| {
                let (rank, file) = (index / 9, index % 9);
                let rank = if mirrored { 8 - rank } else { rank };
                rank * 9 + file
            };
            let mine = if mover == view { MY_PAWN } else { THEIR_PAWN };
            match mv {
                Move::Pawn(to) => {
                    let from = before.pawn(mover);
                    let from = usize::from(from.rank()) * 9 + usize::from(from.file());
                    let to = usize::from(to.rank()) * 9 + usize::from(to.file());
                    sub_row(acc, net.row(mine + square(from)));
                    add_row(acc, net.row(mine + square(to)));
                }
                Move::Wall(wall) => {
                    add_row(acc, net.row(wall_feature(wall, view)));
                    let stock = if mover == view { MY_STOCK } else { THEIR_STOCK };
                    let left = usize::from(before.walls_left(mover).min(WALLS));
                    sub_row(acc, net.row(stock + left));
                    add_row(acc, net.row(stock + left.saturating_sub(1)));
                }
            }
        }
    }
}

#[cfg(test)]
pub(crate) mod tests {
    use super::*;
    use crate::{active_features, ActiveFeatures};
    use quoridor_rules::{Game, Variant};
    use rand::{Rng, SeedableRng};

    /// The float network's log-odds.
    fn float_logit(net: &Network, f: &ActiveFeatures) -> f64 {
        let p = f64::from(net.evaluate(f)).clamp(1e-12, 1.0 - 1e-12);
        (p / (1.0 - p)).ln()
    }

    /// Positions of random games (the standard board), some with their
    /// path lengths, each with the lengths the features see.
    pub(crate) fn random_positions(seed: u64, games: usize) -> Vec<Position> {
        random_positions_of(seed, games, 80)
    }

    /// Every position of `games` random games (uniform legal moves) of 1 to
    /// `longest - 1` plies each, on the standard board, drawn from `seed`.
    pub(crate) fn random_positions_of(seed: u64, games: usize, longest: u32) -> Vec<Position> {
        let mut rng = rand_xoshiro::Xoshiro256PlusPlus::seed_from_u64(seed);
        let mut out = Vec::new();
        for _ in 0..games {
            let mut pos = Position::new(Variant::default());
            for _ in 0..rng.random_range(1..longest) {
                if pos.is_over() {
                    break;
                }
                out.push(pos);
                let moves = pos.legal_moves();
                pos.play_unchecked(moves[rng.random_range(0..moves.len())]);
            }
        }
        out
    }

    pub(super) fn random_positions_pub(seed: u64, games: usize) -> Vec<Position> {
        random_positions(seed, games)
    }

    fn distances(pos: &Position) -> (usize, usize) {
        let d = |p: Player| pos.distance_to_goal(p).map_or(99, |d| d as usize);
        (d(pos.turn()), d(pos.turn().other()))
    }

    #[test]
    fn the_quantised_log_odds_stay_within_the_bound_over_random_networks() {
        let mut worst_ratio = 0.0f64;
        for (seed, (h, h2)) in [(64, 32), (128, 32), (16, 8), (37, 5), (256, 64)]
            .into_iter()
            .enumerate()
        {
            let net = Network::random(h, h2, 100 + seed as u64);
            let q = QuantizedNetwork::new(&net);
            let bound = f64::from(q.logit_bound());
            for pos in random_positions(seed as u64, 40) {
                let (mine, theirs) = distances(&pos);
                let f = crate::active_features_with_distances(&pos, mine, theirs).expect("9x9");
                let z = f64::from(q.logit(&pos, mine, theirs).expect("9x9"));
                let err = (z - float_logit(&net, &f)).abs();
                assert!(err <= bound, "{h}x{h2}: {err} > {bound}");
                worst_ratio = worst_ratio.max(err / bound);
            }
        }
        // The bound is a worst case, not a guess from these games: it is
        // far above what they measure, and the pass is not exact either.
        assert!(worst_ratio > 0.0 && worst_ratio < 0.5, "{worst_ratio}");
    }

    #[test]
    fn the_carried_accumulator_is_the_one_built_afresh() {
        let net = Network::random(64, 32, 7);
        let q = QuantizedNetwork::new(&net);
        let mut rng = rand_xoshiro::Xoshiro256PlusPlus::seed_from_u64(3);
        for _ in 0..30 {
            let mut pos = Position::new(Variant::default());
            let mut acc = Accumulator::new(&q, &pos).expect("9x9");
            for _ in 0..100 {
                if pos.is_over() {
                    break;
                }
                let moves = pos.legal_moves();
                let mv = moves[rng.random_range(0..moves.len())];
                acc.play(&q, &pos, mv);
                pos.play_unchecked(mv);
                assert_eq!(acc, Accumulator::new(&q, &pos).expect("9x9"), "{mv}");
                let (mine, theirs) = distances(&pos);
                assert_eq!(
                    q.logit_from(&acc, pos.turn(), mine, theirs),
                    q.logit(&pos, mine, theirs).expect("9x9")
                );
            }
        }
    }

    /// A position with all twenty walls on the board (each side's first
    /// legal wall in turn, then a pawn step when a side has none left), so
    /// that every input group is as full as it can be.
    fn every_wall_placed() -> Position {
        let mut pos = Position::new(Variant::default());
        while pos.walls_left(Player::One) + pos.walls_left(Player::Two) > 0 {
            let moves = pos.legal_moves();
            let wall = moves.iter().find(|m| matches!(m, Move::Wall(_)));
            pos.play_unchecked(*wall.unwrap_or(&moves[0]));
        }
        pos
    }

    /// The float and quantised log-odds of `net` at `pos`.
    fn both_logits(net: &Network, q: &QuantizedNetwork, pos: &Position) -> (f64, f64) {
        let (mine, theirs) = distances(pos);
        let f = crate::active_features_with_distances(pos, mine, theirs).expect("9x9");
        let z = f64::from(q.logit(pos, mine, theirs).expect("9x9"));
        (float_logit(net, &f), z)
    }

    #[test]
    fn sums_at_the_edge_of_the_scale_do_not_wrap() {
        let full = every_wall_placed();
        assert_eq!(
            full.walls_left(Player::One) + full.walls_left(Player::Two),
            0
        );
        // Every weight and bias +0.2 (or −0.2): the full position sums 28
        // of them, 5.6, which fits an i16 at S1 = 2¹² but not at 2¹³. A
        // scale that counted fewer terms, or one sign only, would wrap the
        // sum and clip the unit to the wrong end.
        for sign in [1.0f32, -1.0] {
            let net = Network::random(16, 8, 11).with_first_layer(|_, _| 0.2 * sign);
            let q = QuantizedNetwork::new(&net);
            assert_eq!(q.scales().0, 4096.0, "sign {sign}");
            let (float, quantised) = both_logits(&net, &q, &full);
            let error = (float - quantised).abs();
            assert!(error <= f64::from(q.logit_bound()), "sign {sign}: {error}");
        }
    }

    #[test]
    fn each_sign_gets_its_own_reach() {
        // Wall slots +0.2, everything else −0.2: a unit rises at most 20 ×
        // 0.2 − 0.2 = 3.8 (bias included) and falls at most 8 × 0.2 = 1.6.
        // Counted by magnitude, as if both could add up, it could reach
        // 5.6 and S1 would be 2¹²; counted by sign, 2¹³ fits.
        let walls = crate::HORIZONTAL_WALLS..MY_STOCK;
        let net = Network::random(16, 8, 12).with_first_layer(|input, _| {
            if walls.contains(&input) {
                0.2
            } else {
                -0.2
            }
        });
        let q = QuantizedNetwork::new(&net);
        assert_eq!(q.scales().0, 8192.0);
        for pos in [every_wall_placed(), Position::new(Variant::default())] {
            let (float, quantised) = both_logits(&net, &q, &pos);
            assert!((float - quantised).abs() <= f64::from(q.logit_bound()));
        }
    }

    #[test]
    fn other_variants_have_no_quantised_value() {
        let q = QuantizedNetwork::new(&Network::random(16, 8, 1));
        let small: Game = "[size 5] [walls 3]".parse().expect("record");
        assert_eq!(q.logit(small.position(), 2, 2), None);
        assert_eq!(Accumulator::new(&q, small.position()), None);
        let start = Position::new(Variant::default());
        let f = active_features(&start).expect("9x9");
        let p = win_probability(q.logit(&start, 8, 8).expect("9x9"));
        assert!((p - Network::random(16, 8, 1).evaluate(&f)).abs() < 0.01);
    }
}

/// The quantised pass's error against the float network, measured: the
/// numbers docs/learned-eval.md states ("Quantised inference").
#[cfg(test)]
mod measure {
    use super::*;

    /// The worst differences over the positions of 300 random games (about
    /// 12,000): in log-odds and in win chance.
    fn worst_errors(net: &Network) -> (f64, f64) {
        let q = QuantizedNetwork::new(net);
        let (mut logit, mut chance) = (0.0f64, 0.0f64);
        for pos in super::tests::random_positions_pub(9, 300) {
            let d = |p: Player| pos.distance_to_goal(p).map_or(99, |d| d as usize);
            let (mine, theirs) = (d(pos.turn()), d(pos.turn().other()));
            let f = crate::active_features_with_distances(&pos, mine, theirs).expect("9x9");
            let p = f64::from(net.evaluate(&f));
            let z = q.logit(&pos, mine, theirs).expect("9x9");
            let clamped = p.clamp(1e-12, 1.0 - 1e-12);
            logit = logit.max((f64::from(z) - (clamped / (1.0 - clamped)).ln()).abs());
            chance = chance.max((f64::from(win_probability(z)) - p).abs());
        }
        (logit, chance)
    }

    /// The shipped network's stated bounds (set for network 4): log-odds
    /// within 0.05 (13 centipawns of alpha-beta's scale), win chance within
    /// 0.01 (network 8 measures 0.019 and 0.0025).
    #[test]
    #[cfg(quoridor_embedded_weights)]
    fn the_shipped_network_stays_within_its_stated_error() {
        let shipped = crate::Evaluator::embedded().expect("loads");
        let net = shipped.network().expect("built with weights");
        let (logit, chance) = worst_errors(net);
        assert!(logit < 0.05, "{logit}");
        assert!(chance < 0.01, "{chance}");
        assert!(logit > 0.0, "the pass rounds");
    }

    /// Prints the measured errors and scales of the shipped network, of the
    /// files `QUORIDOR_NETS` lists (separated by `:`) and of random ones
    /// (`cargo test --release -p quoridor-learned report_errors -- --ignored
    /// --nocapture`).
    #[test]
    #[ignore]
    #[cfg(not(target_arch = "wasm32"))]
    fn report_errors() {
        let mut nets: Vec<(String, Network)> = Vec::new();
        if let Some(net) = crate::Evaluator::embedded()
            .ok()
            .and_then(|e| e.network().cloned())
        {
            nets.push(("shipped".into(), net));
        }
        let files = std::env::var("QUORIDOR_NETS").unwrap_or_default();
        for path in files.split(':').filter(|p| !p.is_empty()) {
            let net = crate::read_network(std::path::Path::new(path)).expect("the file loads");
            nets.push((path.to_string(), net));
        }
        for (h, h2) in [(64, 32), (128, 32), (256, 64)] {
            nets.push((format!("random {h}x{h2}"), Network::random(h, h2, 5)));
        }
        for (name, net) in nets {
            let q = QuantizedNetwork::new(&net);
            let (logit, chance) = worst_errors(&net);
            println!(
                "{name}: scales {:?}, worst-case bound {:.4} log-odds; measured {logit:.6} log-odds ({:.2} cp), {chance:.7} win chance",
                q.scales(),
                q.logit_bound(),
                logit * 265.0
            );
        }
    }
}
