//! The policy head's loss and measures: the cross-entropy of the softmax
//! over a position's legal moves against the search's visit shares, the
//! batches' masks and targets, and the held-out top-1 accuracy against a
//! uniform prior.

use super::data::{Inputs, LabelledPosition};
use super::network::{dense_batch, ValueNetwork, EVAL_CHUNK, POLICY_OUTPUTS};
use super::policy_data::{PolicyRef, PolicyTable};
use candle_core::{Device, Tensor, D};

/// The policy measured on the held-out positions that have a target, and
/// what a uniform prior over the legal moves would score on them.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct PolicyMeasured {
    /// Positions measured.
    pub positions: usize,
    /// Mean cross-entropy of the legal moves' softmax against the search's shares.
    pub loss: f64,
    /// Share of positions whose most likely move is one the search visited most.
    pub top1: f64,
    /// The uniform prior's mean cross-entropy (ln of the legal moves' count).
    pub uniform_loss: f64,
    /// The uniform prior's expected top-1 accuracy.
    pub uniform_top1: f64,
}

/// The policy loss of a batch: the cross-entropy between the softmax of
/// `logits + mask` (`mask` 0 on the legal moves' indices, [`ILLEGAL`]
/// elsewhere) and `targets` (the search's shares, 0 off the visited moves),
/// all `[batch, POLICY_OUTPUTS]`, summed over moves and divided by `rows`
/// (the positions that have a target; the others' targets are all 0).
pub fn masked_policy_loss(
    logits: &Tensor,
    mask: &Tensor,
    targets: &Tensor,
    rows: usize,
) -> candle_core::Result<Tensor> {
    let log_p = candle_nn::ops::log_softmax(&logits.add(mask)?, D::Minus1)?;
    targets
        .mul(&log_p)?
        .sum_all()?
        .neg()?
        .affine(1.0 / rows.max(1) as f64, 0.0)
}

/// The mask's value off the legal moves: the softmax gives them
/// `e^-1e9` = 0 exactly, and a target of 0 times it is still 0.
const ILLEGAL: f32 = -1e9;

/// The mask and targets of a batch's policy (`[batch, POLICY_OUTPUTS]`
/// each) and how many of its positions have a target.
pub(super) fn policy_batch(
    table: &PolicyTable,
    batch: impl ExactSizeIterator<Item = (PolicyRef, bool)>,
) -> candle_core::Result<(Tensor, Tensor, usize)> {
    let n = batch.len();
    let mut mask = vec![0f32; n * POLICY_OUTPUTS];
    let mut targets = vec![0f32; n * POLICY_OUTPUTS];
    let mut rows = 0;
    for (row, (at, mirrored)) in batch.enumerate() {
        if !at.is_some() {
            continue;
        }
        rows += 1;
        let base = row * POLICY_OUTPUTS;
        mask[base..base + POLICY_OUTPUTS].fill(ILLEGAL);
        for (index, share) in table.rows(at, mirrored) {
            mask[base + index] = 0.0;
            targets[base + index] = share;
        }
    }
    let shape = (n, POLICY_OUTPUTS);
    Ok((
        Tensor::from_vec(mask, shape, &Device::Cpu)?,
        Tensor::from_vec(targets, shape, &Device::Cpu)?,
        rows,
    ))
}

/// The policy of `network` on those of `positions` that have a target in
/// `table` (none mirrored), against a uniform prior on the same; `None`
/// without a head or without such positions.
pub(super) fn measure_policy(
    network: &ValueNetwork,
    positions: &[&LabelledPosition],
    table: &PolicyTable,
) -> candle_core::Result<Option<PolicyMeasured>> {
    let with_target: Vec<&LabelledPosition> = positions
        .iter()
        .copied()
        .filter(|p| p.policy.is_some())
        .collect();
    if !network.has_policy() || with_target.is_empty() {
        return Ok(None);
    }
    let (mut loss, mut top1, mut uniform_loss, mut uniform_top1) = (0.0, 0.0, 0.0, 0.0);
    for chunk in with_target.chunks(EVAL_CHUNK) {
        let inputs: Vec<Inputs> = chunk.iter().map(|p| p.inputs).collect();
        let (_, logits) = network.forward(&dense_batch(&inputs)?)?;
        let Some(logits) = logits else {
            return Ok(None);
        };
        let logits: Vec<Vec<f32>> = logits.detach().to_vec2()?;
        for (p, row) in chunk.iter().zip(logits) {
            let rows: Vec<(usize, f32)> = table.rows(p.policy, false).collect();
            let most = rows
                .iter()
                .map(|r| row[r.0])
                .fold(f32::NEG_INFINITY, f32::max);
            let log_total = rows
                .iter()
                .map(|r| f64::from(row[r.0] - most).exp())
                .sum::<f64>()
                .ln();
            loss -= rows
                .iter()
                .map(|&(i, share)| f64::from(share) * (f64::from(row[i] - most) - log_total))
                .sum::<f64>();
            let best_share = rows.iter().map(|r| r.1).fold(0.0, f32::max);
            let chosen = rows
                .iter()
                .max_by(|a, b| row[a.0].total_cmp(&row[b.0]))
                .map_or(0.0, |r| r.1);
            top1 += f64::from(u8::from(chosen == best_share));
            let n = rows.len() as f64;
            uniform_loss += n.ln();
            uniform_top1 += rows.iter().filter(|r| r.1 == best_share).count() as f64 / n;
        }
    }
    let n = with_target.len() as f64;
    Ok(Some(PolicyMeasured {
        positions: with_target.len(),
        loss: loss / n,
        top1: top1 / n,
        uniform_loss: uniform_loss / n,
        uniform_top1: uniform_top1 / n,
    }))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_policy_loss_is_the_cross_entropy_over_the_legal_moves() {
        let logits = Tensor::from_slice(&[0f32, 3f32.ln(), 5.0], (1, 3), &Device::Cpu).expect("z");
        let mask = Tensor::from_slice(&[0f32, 0.0, ILLEGAL], (1, 3), &Device::Cpu).expect("m");
        let t = Tensor::from_slice(&[0.5f32, 0.5, 0.0], (1, 3), &Device::Cpu).expect("t");
        let loss = masked_policy_loss(&logits, &mask, &t, 1)
            .and_then(|l| l.to_scalar::<f32>())
            .expect("a loss");
        // p = (¼, ¾) over the two legal moves: −(½ ln ¼ + ½ ln ¾).
        let expected = -(0.5 * 0.25f32.ln() + 0.5 * 0.75f32.ln());
        assert!((loss - expected).abs() < 1e-5, "{loss} vs {expected}");
        // A second row without a target adds nothing; rows counts one.
        let logits = Tensor::cat(&[&logits, &logits], 0).expect("2 rows");
        let mask2 = Tensor::cat(
            &[
                &mask,
                &Tensor::zeros((1, 3), candle_core::DType::F32, &Device::Cpu).expect("0"),
            ],
            0,
        )
        .expect("mask");
        let t2 = Tensor::cat(
            &[
                &t,
                &Tensor::zeros((1, 3), candle_core::DType::F32, &Device::Cpu).expect("0"),
            ],
            0,
        )
        .expect("t");
        let again = masked_policy_loss(&logits, &mask2, &t2, 1)
            .and_then(|l| l.to_scalar::<f32>())
            .expect("a loss");
        assert!((again - expected).abs() < 1e-5, "{again}");
    }
}
