//! The policy head's priors, cheaply: what PUCT asks for at every leaf
//! ([`crate::Network::evaluate_with_fast_priors`]).
//!
//! The float head costs a leaf ~130 dot products of `H` floats and as many
//! calls of `exp`. Here the head's weights are kept a second time as `i16`
//! times `SP` (a power of two up to 2¹⁴, the largest for which every weight
//! fits an `i16` and a move's largest sum fits an `i32`:
//! [`crate::head_scale`], as for the quantised head), the clipped
//! activations (`0..=1`) are rounded to `i16` at scale [`SA`] = 2¹⁴, and a
//! move's logit is its float bias plus one `i16 × i16 → i32` dot product
//! (`pmaddwd` natively, `i32x4.dot_i16x8_s` in wasm) divided by `SA · SP`.
//! The softmax takes [`fast_exp`] instead of `exp`.
//!
//! Error against the float head, for any position and move: each activation
//! is off by at most `1 / (2 SA)` and each weight by `1 / (2 SP)`, an
//! activation is at most 1, so a logit is off by at most
//! `Σ_u |w_u| / (2 SA) + H / (2 SP)` plus the float rounding
//! ([`FastHead::logit_bound`] is the largest over the moves, `b`). A prior is
//! then within a factor `e^(±2b)` of the float one, times the `fast_exp`
//! error `(1 ± EXP_ERROR)²`; the priors still sum to 1 (they are normalised
//! by the sum of the same approximations).

use super::head_scale::head_scale;
use super::max_hidden::MAX_HIDDEN;

/// The activations' scale (a clipped activation 1 is 2¹⁴).
const SA: f32 = 16384.0;

/// The most [`fast_exp`] is off by, relative to `exp`, for any `x ≤ 0` down
/// to −80 (measured 2.5·10⁻⁶ by the tests: the fifth-order series of 2^f for
/// |f| ≤ ½ plus the float rounding).
#[cfg(test)]
pub(crate) const EXP_ERROR: f32 = 1e-5;

/// The policy head's weights in integers (see the module documentation).
#[derive(Clone, Debug, PartialEq)]
pub(crate) struct FastHead {
    /// The first layer's units.
    hidden: usize,
    /// `hidden` rounded up to a multiple of [`LANES`]: a row's length.
    padded: usize,
    /// One row of `padded` weights per move index, times `SP` (the padding
    /// 0).
    rows: Vec<i16>,
    /// `1 / (SA · SP)`: turns a dot product into log-odds.
    to_float: f32,
    /// [`FastHead::logit_bound`].
    bound: f32,
}

impl FastHead {
    /// The integer form of the float head's `rows` (`outputs` rows of
    /// `hidden` weights).
    pub(crate) fn new(rows: &[f32], hidden: usize) -> FastHead {
        let hidden = hidden.max(1);
        let (sp, widest) = head_scale(rows, hidden, SA);
        let bound = widest / (2.0 * SA) + hidden as f32 / (2.0 * sp) + 1e-4;
        let padded = hidden.div_ceil(LANES) * LANES;
        let mut quantised = vec![0i16; rows.len() / hidden * padded];
        for (row, out) in rows
            .chunks_exact(hidden)
            .zip(quantised.chunks_exact_mut(padded))
        {
            for (q, w) in out.iter_mut().zip(row) {
                *q = (w * sp).round() as i16;
            }
        }
        FastHead {
            hidden,
            padded,
            rows: quantised,
            to_float: 1.0 / (SA * sp),
            bound,
        }
    }

    /// The most a logit of [`FastHead::priors`] can differ from the float
    /// head's, for any activations and move.
    pub(crate) fn logit_bound(&self) -> f32 {
        self.bound
    }

    /// The softmax over `indices` (`None`: a move without an index, prior
    /// 0) of the logits `bias[i]` plus the integer dot product with the
    /// clipped activations `hidden` (`0..=1`, `self.hidden` of them), into
    /// `priors`: non-negative, summing to 1 unless every index is `None`
    /// (then all 0).
    pub(crate) fn priors(
        &self,
        bias: &[f32],
        hidden: &[f32],
        indices: impl Iterator<Item = Option<usize>>,
        priors: &mut Vec<f32>,
    ) {
        let h = self.padded;
        let mut quantised = [0i16; MAX_HIDDEN];
        let quantised = &mut quantised[..h];
        for (q, &a) in quantised.iter_mut().zip(&hidden[..self.hidden]) {
            // Non-negative, so the truncation of +½ rounds.
            *q = (a.clamp(0.0, 1.0) * SA + 0.5) as i16;
        }
        let quantised = &*quantised;
        priors.clear();
        let mut most = f32::NEG_INFINITY;
        for index in indices {
            let logit = index.map_or(f32::NEG_INFINITY, |i| {
                let sum = dot(quantised, &self.rows[i * h..(i + 1) * h]);
                bias[i] + sum as f32 * self.to_float
            });
            most = most.max(logit);
            priors.push(logit);
        }
        if most == f32::NEG_INFINITY {
            priors.iter_mut().for_each(|p| *p = 0.0);
            return;
        }
        // Two passes, so that each is vector code: the exponentials, then
        // their sum in eight lanes.
        for p in priors.iter_mut() {
            *p = fast_exp(*p - most);
        }
        let mut lanes = [0.0f32; 8];
        let chunks = priors.chunks_exact(8);
        let tail: f32 = chunks.remainder().iter().sum();
        for chunk in chunks {
            for (l, p) in lanes.iter_mut().zip(chunk) {
                *l += p;
            }
        }
        let total = lanes.iter().sum::<f32>() + tail;
        let scale = 1.0 / total;
        for p in priors.iter_mut() {
            *p *= scale;
        }
    }
}

/// `i16` values a 128-bit vector holds: rows are padded to a multiple.
const LANES: usize = 8;

/// `Σ a_k · w_k` of two rows of equal length, a multiple of [`LANES`]
/// (`pmaddwd` on x86-64).
#[cfg(target_arch = "x86_64")]
#[inline]
fn dot(a: &[i16], w: &[i16]) -> i32 {
    use std::arch::x86_64::*;
    assert_eq!(a.len(), w.len());
    assert_eq!(a.len() % LANES, 0);
    // SAFETY: SSE2 is part of x86-64; every load reads LANES values inside
    // the slices (equal lengths, a multiple of LANES, checked above).
    unsafe {
        let mut sum = _mm_setzero_si128();
        let mut i = 0;
        while i < a.len() {
            let x = _mm_loadu_si128(a.as_ptr().add(i).cast());
            let y = _mm_loadu_si128(w.as_ptr().add(i).cast());
            sum = _mm_add_epi32(sum, _mm_madd_epi16(x, y));
            i += LANES;
        }
        let sum = _mm_add_epi32(sum, _mm_shuffle_epi32::<0b01_00_11_10>(sum));
        let sum = _mm_add_epi32(sum, _mm_shuffle_epi32::<0b10_11_00_01>(sum));
        _mm_cvtsi128_si32(sum)
    }
}

/// [`dot`] with wasm `simd128` (`i32x4.dot_i16x8_s`).
#[cfg(all(target_arch = "wasm32", target_feature = "simd128"))]
#[inline]
fn dot(a: &[i16], w: &[i16]) -> i32 {
    use std::arch::wasm32::*;
    assert_eq!(a.len(), w.len());
    assert_eq!(a.len() % LANES, 0);
    let mut sum = i32x4_splat(0);
    let mut i = 0;
    while i < a.len() {
        // SAFETY: each load reads LANES values inside the slices (equal
        // lengths, a multiple of LANES, checked above); v128_load allows
        // any alignment.
        let (x, y) = unsafe {
            (
                v128_load(a.as_ptr().add(i).cast()),
                v128_load(w.as_ptr().add(i).cast()),
            )
        };
        sum = i32x4_add(sum, i32x4_dot_i16x8(x, y));
        i += LANES;
    }
    i32x4_extract_lane::<0>(sum)
        .wrapping_add(i32x4_extract_lane::<1>(sum))
        .wrapping_add(i32x4_extract_lane::<2>(sum))
        .wrapping_add(i32x4_extract_lane::<3>(sum))
}

/// [`dot`] in plain Rust.
#[cfg(not(any(
    target_arch = "x86_64",
    all(target_arch = "wasm32", target_feature = "simd128")
)))]
#[inline]
fn dot(a: &[i16], w: &[i16]) -> i32 {
    a.iter().zip(w).fold(0i32, |s, (&x, &y)| {
        s.wrapping_add(i32::from(x) * i32::from(y))
    })
}

/// `e^x` for `x ≤ 0` within a relative [`EXP_ERROR`] (down to −80; below
/// about −86 it gives a tiny positive number or 0 instead of the
/// denormal, and `-inf` gives 0): `2^n · 2^f` with `n` the nearest integer of
/// `x · log2 e` and `2^f` (`|f| ≤ ½`) by its fifth-order series, all of it
/// plain arithmetic the compiler vectorises.
#[inline]
pub(crate) fn fast_exp(x: f32) -> f32 {
    let y = (x * std::f32::consts::LOG2_E).max(-125.0);
    // y ≤ 0: the truncation of ½ − y is the floor, so n is y rounded.
    let n = -((0.5 - y) as i32);
    let f = y - n as f32;
    let l = std::f32::consts::LN_2;
    let p = 1.0
        + f * (l + f
            * (l * l / 2.0
                + f * (l * l * l / 6.0
                    + f * (l * l * l * l / 24.0 + f * (l * l * l * l * l / 120.0)))));
    let two_n = f32::from_bits(((n + 127) as u32) << 23);
    if x == f32::NEG_INFINITY {
        0.0
    } else {
        p * two_n
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// `fast_exp` is within `EXP_ERROR` of `exp` from 0 down to −80, and 0
    /// for `-inf`; the error measured is well inside the stated one.
    #[test]
    fn fast_exp_is_within_its_error() {
        let mut worst = 0.0f64;
        for k in 0..=800_000 {
            let x = -(k as f32) * 1e-4;
            let want = f64::from(x).exp();
            let got = f64::from(fast_exp(x));
            worst = worst.max((got - want).abs() / want);
        }
        assert!(worst <= f64::from(EXP_ERROR), "{worst}");
        assert!(worst > 1e-7, "{worst}");
        assert_eq!(fast_exp(f32::NEG_INFINITY), 0.0);
        assert_eq!(fast_exp(0.0), 1.0);
        assert!(fast_exp(-1000.0) >= 0.0 && fast_exp(-1000.0) < 1e-36);
    }

    /// A head whose logit of index `i` is `i` times activation 0.
    fn counting(outputs: usize) -> (FastHead, Vec<f32>) {
        let rows: Vec<f32> = (0..outputs).flat_map(|i| [i as f32 / 8.0, 0.0]).collect();
        (FastHead::new(&rows, 2), vec![0.0; outputs])
    }

    #[test]
    fn the_priors_are_a_distribution_close_to_the_softmax() {
        let (head, bias) = counting(20);
        let mut priors = Vec::new();
        head.priors(
            &bias,
            &[1.0, 0.5],
            [Some(0), Some(8), Some(16)].into_iter(),
            &mut priors,
        );
        let e = std::f32::consts::E;
        let total = 1.0 + e + e * e;
        for (p, want) in priors.iter().zip([1.0 / total, e / total, e * e / total]) {
            assert!((p - want).abs() < 1e-4, "{priors:?}");
        }
        assert!((priors.iter().sum::<f32>() - 1.0).abs() < 1e-6);
        head.priors(
            &bias,
            &[1.0, 0.0],
            [Some(3), None, Some(3)].into_iter(),
            &mut priors,
        );
        assert_eq!(priors[1], 0.0);
        assert!(
            (priors[0] - 0.5).abs() < 1e-6 && priors[0] == priors[2],
            "{priors:?}"
        );
        head.priors(&bias, &[1.0, 0.0], [None].into_iter(), &mut priors);
        assert_eq!(priors, [0.0]);
    }
}

/// The fast priors against the float network's, on random networks and on
/// the shipped one: every prior within the stated factor, the priors a
/// distribution, and the top move the same wherever the float head's two
/// best logits are further apart than the logits' error allows.
#[cfg(test)]
mod against_float {
    use super::EXP_ERROR;
    use crate::{active_features, move_index, Network, SIZE};
    use quoridor_rules::Position;

    /// The positions of `games` random games (up to 60 plies each).
    fn positions(seed: u64, games: usize) -> Vec<Position> {
        crate::quantized::tests::random_positions_of(seed, games, 60)
    }

    /// Checks `net` on `positions`; returns (positions whose top move
    /// differs, positions compared, the largest prior ratio's log seen,
    /// over twice the bound).
    fn compare(net: &Network, positions: &[Position]) -> (usize, usize, f64) {
        let bound = net.fast_prior_logit_bound().expect("a head");
        // A prior within e^(±2b) of the float one, times (1 ± EXP_ERROR)²
        // for the fast exp, and a little for the float rounding.
        let ratio = f64::from(2.0 * bound) + 3.0 * f64::from(EXP_ERROR) + 1e-5;
        let (mut flips, mut worst) = (0, 0.0f64);
        let (mut fast, mut float, mut alone) = (Vec::new(), Vec::new(), Vec::new());
        for pos in positions {
            let features = active_features(pos).expect("9x9");
            let moves = pos.legal_moves();
            let v1 = net.evaluate_with_fast_priors(&features, pos.turn(), &moves, &mut fast);
            let v2 = net.evaluate_with_priors(&features, pos.turn(), &moves, &mut float);
            assert_eq!(
                v1.to_bits(),
                v2.to_bits(),
                "the value is the float network's"
            );
            net.fast_priors(&features, pos.turn(), &moves, &mut alone);
            let bits = |v: &[f32]| v.iter().map(|p| p.to_bits()).collect::<Vec<_>>();
            assert_eq!(bits(&alone), bits(&fast), "the priors alone are the same");
            assert_eq!(fast.len(), moves.len());
            assert!((fast.iter().sum::<f32>() - 1.0).abs() < 1e-5);
            for (&p, &q) in fast.iter().zip(&float) {
                assert!(p >= 0.0);
                // Priors too small for f32 to hold their ratio are skipped.
                if q > 1e-30 {
                    let log = (f64::from(p) / f64::from(q)).ln().abs();
                    assert!(log <= ratio, "{p} vs {q}: {log} > {ratio}");
                    worst = worst.max(log / ratio);
                }
            }
            let best = |v: &[f32]| (0..v.len()).fold(0, |b, i| if v[i] > v[b] { i } else { b });
            let (top, top_float) = (best(&fast), best(&float));
            if top != top_float {
                flips += 1;
                // Only a near tie may flip: the float logits' gap is the log
                // of the priors' ratio.
                let gap = (float[top_float] / float[top]).ln();
                assert!(f64::from(gap) <= ratio, "{gap}");
            }
            assert!(moves
                .iter()
                .all(|&mv| move_index(mv, SIZE, pos.turn()).is_some()));
        }
        (flips, positions.len(), worst)
    }

    #[test]
    fn the_fast_priors_match_the_float_ones_on_random_networks() {
        for (seed, (h, h2)) in [(64, 32), (16, 8), (37, 5), (256, 64)]
            .into_iter()
            .enumerate()
        {
            let net = Network::random(h, h2, 70 + seed as u64).with_random_policy(seed as u64);
            let (flips, total, worst) = compare(&net, &positions(seed as u64, 15));
            assert!(flips * 50 <= total, "{h}x{h2}: {flips} of {total}");
            assert!(worst < 0.5, "{h}x{h2}: {worst}");
        }
    }

    /// On the shipped network the top move is the same on (nearly) every
    /// one of ~1,500 positions of random games.
    #[test]
    #[cfg(quoridor_embedded_weights)]
    fn the_fast_priors_match_the_float_ones_on_the_shipped_network() {
        let layout = crate::embedded_weights().expect("built with weights");
        let net = Network::from_layout(layout).expect("the shipped network loads");
        if !net.has_policy() {
            return;
        }
        let bound = net.fast_prior_logit_bound().expect("a head");
        assert!(bound < 0.05, "{bound}");
        let (flips, total, worst) = compare(&net, &positions(11, 50));
        println!("bound {bound}; top move differs on {flips} of {total}; worst {worst}");
        assert!(total > 1000 && flips * 200 <= total, "{flips} of {total}");
    }
}

#[cfg(all(test, not(target_arch = "wasm32")))]
mod timing {
    use crate::{active_features, Network};
    use quoridor_rules::{Position, Variant};

    #[test]
    #[ignore]
    fn time_priors() {
        let net = Network::random(64, 32, 5).with_random_policy(6);
        let pos = Position::new(Variant::default());
        let f = active_features(&pos).expect("9x9");
        let moves = pos.legal_moves();
        let mut priors = Vec::new();
        let n = 200_000;
        let t = std::time::Instant::now();
        let mut s = 0.0;
        for _ in 0..n {
            s += net.evaluate(std::hint::black_box(&f));
        }
        println!("value only {:?}/pass {s}", t.elapsed() / n);
        let t = std::time::Instant::now();
        for _ in 0..n {
            s +=
                net.evaluate_with_priors(std::hint::black_box(&f), pos.turn(), &moves, &mut priors);
        }
        println!("float priors {:?}/pass {s}", t.elapsed() / n);
        let t = std::time::Instant::now();
        for _ in 0..n {
            s += net.evaluate_with_fast_priors(
                std::hint::black_box(&f),
                pos.turn(),
                &moves,
                &mut priors,
            );
        }
        println!("fast priors {:?}/pass {s}", t.elapsed() / n);
    }
}
