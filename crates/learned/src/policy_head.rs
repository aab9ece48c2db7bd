//! The network's policy head: one logit per move index
//! ([`crate::move_index`]) from the first hidden layer's activations, and
//! the softmax over a position's legal moves that turns them into priors.
//!
//! | tensor | shape |
//! |---|---|
//! | `policy.weight` | `[POLICY_OUTPUTS, H]` |
//! | `policy.bias` | `[POLICY_OUTPUTS]` |
//!
//! `policy.weight` is kept as the file has it, a contiguous row of `H`
//! weights per move index, so a move's logit is its bias plus one dot
//! product with the `H` clipped activations, and only the legal moves' rows
//! are read.

use super::dot_product::dot;
use super::fast_priors::FastHead;
use super::move_index::POLICY_OUTPUTS;

/// The policy head's weights.
#[derive(Clone, Debug, PartialEq)]
pub(crate) struct PolicyHead {
    /// `policy.weight`: [`POLICY_OUTPUTS`] rows of `hidden` weights.
    pub(crate) rows: Vec<f32>,
    /// `policy.bias`: one per move index.
    pub(crate) bias: Vec<f32>,
    /// The same weights in integers, for [`PolicyHead::fast_priors`].
    fast: FastHead,
}

impl PolicyHead {
    /// The head of a network whose first hidden layer has `hidden` units,
    /// from `weight` (`[POLICY_OUTPUTS, hidden]`, row-major) and `bias`.
    pub(crate) fn new(weight: Vec<f32>, bias: Vec<f32>) -> PolicyHead {
        debug_assert_eq!(bias.len(), POLICY_OUTPUTS);
        let hidden = weight.len() / POLICY_OUTPUTS.max(1);
        let fast = FastHead::new(&weight, hidden);
        PolicyHead {
            rows: weight,
            bias,
            fast,
        }
    }

    /// The logit of move index `index` (below [`POLICY_OUTPUTS`]) for the
    /// clipped first-layer activations `hidden`.
    #[inline]
    pub(crate) fn logit(&self, hidden: &[f32], index: usize) -> f32 {
        let h = hidden.len();
        let row = &self.rows[index * h..(index + 1) * h];
        self.bias[index] + dot(row, hidden)
    }

    /// The softmax over `indices` (a position's legal moves' indices, in the
    /// caller's order; `None` for a move without one, which gets prior 0)
    /// of their logits, written to `priors`: non-negative, summing to 1
    /// unless every index is `None` (then all 0).
    pub(crate) fn priors(
        &self,
        hidden: &[f32],
        indices: impl Iterator<Item = Option<usize>>,
        priors: &mut Vec<f32>,
    ) {
        priors.clear();
        let mut most = f32::NEG_INFINITY;
        for index in indices {
            let logit = index.map_or(f32::NEG_INFINITY, |i| self.logit(hidden, i));
            most = most.max(logit);
            priors.push(logit);
        }
        if most == f32::NEG_INFINITY {
            priors.iter_mut().for_each(|p| *p = 0.0);
            return;
        }
        let mut total = 0.0;
        for p in priors.iter_mut() {
            *p = (*p - most).exp();
            total += *p;
        }
        for p in priors.iter_mut() {
            *p /= total;
        }
    }
}

impl PolicyHead {
    /// [`PolicyHead::priors`] from the integer weights and a fast `exp`
    /// (see `fast_priors.rs`): each logit within
    /// [`PolicyHead::fast_logit_bound`] of the float one, the priors still
    /// a distribution.
    pub(crate) fn fast_priors(
        &self,
        hidden: &[f32],
        indices: impl Iterator<Item = Option<usize>>,
        priors: &mut Vec<f32>,
    ) {
        self.fast.priors(&self.bias, hidden, indices, priors);
    }

    /// The most a logit of [`PolicyHead::fast_priors`] can differ from the
    /// float head's, for any position and move.
    pub(crate) fn fast_logit_bound(&self) -> f32 {
        self.fast.logit_bound()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A head over two hidden units whose logit for index `i` is `i`·unit 0.
    fn counting() -> PolicyHead {
        let rows = (0..POLICY_OUTPUTS).flat_map(|i| [i as f32, 0.0]).collect();
        PolicyHead::new(rows, vec![0.0; POLICY_OUTPUTS])
    }

    #[test]
    fn the_priors_are_the_softmax_of_the_chosen_logits() {
        let head = counting();
        let mut priors = Vec::new();
        // With unit 0 at 1 the logits of indices 0, 1, 2 are 0, 1, 2.
        head.priors(
            &[1.0, 0.5],
            [Some(0), Some(1), Some(2)].into_iter(),
            &mut priors,
        );
        let e = std::f32::consts::E;
        let total = 1.0 + e + e * e;
        for (p, expected) in priors.iter().zip([1.0 / total, e / total, e * e / total]) {
            assert!((p - expected).abs() < 1e-6, "{priors:?}");
        }
        // A move without an index gets 0 and the others still sum to 1.
        head.priors(
            &[1.0, 0.0],
            [Some(3), None, Some(3)].into_iter(),
            &mut priors,
        );
        assert_eq!(priors, [0.5, 0.0, 0.5]);
        head.priors(&[1.0, 0.0], [None].into_iter(), &mut priors);
        assert_eq!(priors, [0.0]);
        head.priors(&[1.0, 0.0], std::iter::empty(), &mut priors);
        assert!(priors.is_empty());
    }

    #[test]
    fn large_logits_do_not_overflow() {
        let head = counting();
        let mut priors = Vec::new();
        // Logits 0 and 208·100 = 20,800: exp would overflow without the shift.
        head.priors(&[100.0, 0.0], [Some(0), Some(208)].into_iter(), &mut priors);
        assert_eq!(priors, [0.0, 1.0]);
    }
}
