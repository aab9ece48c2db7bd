//! The weight scale of the policy head in integers, shared by its two
//! integer forms: the fast priors' ([`crate::fast_priors`], activations at
//! scale `SA`) and the quantised pass's ([`crate::quantized_policy`],
//! activations at the value pass's `S1`). Each multiplies the float weights
//! by the scale `SP` found here and rounds them to `i16`.

/// The largest policy weight scale.
const MAX_SP: f32 = 16384.0;

/// The weight scale of a head's `rows` (`hidden` weights each) in `i16`
/// against activations at scale `activation_scale`: the largest power of
/// two up to [`MAX_SP`] for which every weight fits an `i16` and every dot
/// product an `i32`; with the widest row's sum of magnitudes, which the
/// error bounds use.
pub(crate) fn head_scale(rows: &[f32], hidden: usize, activation_scale: f32) -> (f32, f32) {
    let largest = rows.iter().fold(0.0f32, |m, w| m.max(w.abs()));
    let widest = rows
        .chunks(hidden.max(1))
        .map(|row| row.iter().map(|w| w.abs()).sum::<f32>())
        .fold(0.0f32, f32::max);
    let mut sp = MAX_SP;
    while sp > 1.0
        && (largest * sp > f32::from(i16::MAX) - 1.0
            || widest * activation_scale * sp > i32::MAX as f32 / 2.0)
    {
        sp /= 2.0;
    }
    (sp, widest)
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The scale halves from [`MAX_SP`] until every weight fits an `i16`
    /// and the widest row's largest sum half an `i32`; the widest row's sum
    /// of magnitudes comes with it.
    #[test]
    fn the_scale_is_the_largest_power_of_two_that_fits() {
        assert_eq!(head_scale(&[0.0; 4], 2, 16384.0), (MAX_SP, 0.0));
        // 2 · 2¹⁴ is past i16::MAX, 2 · 2¹³ is not.
        assert_eq!(
            head_scale(&[1.0, -2.0, 0.5, 0.5], 2, 16384.0),
            (8192.0, 3.0)
        );
        // A row of 256 ones, activations at 2¹⁴: at SP = 2⁸ the largest sum
        // is 2⁸ · 2¹⁴ · 2⁸ = 2³⁰, the limit (`i32::MAX as f32 / 2`) itself.
        assert_eq!(head_scale(&[1.0; 256], 256, 16384.0), (256.0, 256.0));
    }
}
