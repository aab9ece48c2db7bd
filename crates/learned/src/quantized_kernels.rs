//! The quantised pass's second and output layers as vector code: for four
//! outputs at a time, `i16 × i16 → i32` dot products of the clipped first
//! layer with the outputs' weight rows, their clipped ReLU in `f32`, and
//! their share of the output layer. One version per instruction set: SSE2
//! (every x86-64), AVX2 (chosen at run time when the processor has it),
//! wasm `simd128` (when the build enables it, as `.cargo/config.toml` does)
//! and plain Rust for the rest, which the tests hold the others to.

/// `i16` values a 128-bit vector holds.
pub const LANES: usize = 8;
/// The first hidden layer is padded to a multiple of this (the widest
/// vector's `i16` count), the second to a multiple of [`OUTPUTS`].
pub const PAD: usize = 16;
/// Outputs computed together.
pub const OUTPUTS: usize = 4;

/// The second layer's weights and what turns its sums into the output's
/// log-odds.
pub struct SecondLayer<'a> {
    /// `hidden2` rows (padded to a multiple of [`OUTPUTS`]) of `hidden`
    /// weights (padded to a multiple of [`PAD`]).
    pub rows: &'a [i16],
    /// The biases, at the scale of the sums.
    pub bias: &'a [i32],
    /// Multiplies a sum into a float activation.
    pub to_float: f32,
    /// The output layer's weights (padded with zeros like the rows).
    pub out: &'a [f32],
}

/// Which vector code runs the layer (a build constructs only those its
/// target can run).
#[allow(dead_code)]
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Kernel {
    /// Plain Rust.
    Scalar,
    /// SSE2 (x86-64).
    Sse2,
    /// AVX2 (x86-64, detected at run time).
    Avx2,
    /// wasm `simd128`.
    Simd128,
}

impl Kernel {
    /// The fastest kernel this processor and build can run.
    pub fn detect() -> Kernel {
        #[cfg(target_arch = "x86_64")]
        {
            if std::is_x86_feature_detected!("avx2") {
                Kernel::Avx2
            } else {
                Kernel::Sse2
            }
        }
        #[cfg(all(target_arch = "wasm32", target_feature = "simd128"))]
        {
            Kernel::Simd128
        }
        #[cfg(not(any(
            target_arch = "x86_64",
            all(target_arch = "wasm32", target_feature = "simd128")
        )))]
        {
            Kernel::Scalar
        }
    }

    /// Every kernel this processor and build can run (for the tests).
    #[cfg(test)]
    pub fn available() -> Vec<Kernel> {
        let mut all = vec![Kernel::Scalar];
        #[cfg(target_arch = "x86_64")]
        {
            all.push(Kernel::Sse2);
            if std::is_x86_feature_detected!("avx2") {
                all.push(Kernel::Avx2);
            }
        }
        #[cfg(all(target_arch = "wasm32", target_feature = "simd128"))]
        all.push(Kernel::Simd128);
        all
    }

    /// `Σ_o out[o] · clamp(to_float · (bias[o] + acc · rows[o]), 0, 1)`:
    /// the output layer's sum without its bias. `acc` holds the clipped
    /// first layer, `rows.len() / acc.len()` outputs.
    #[inline]
    pub fn run(self, acc: &[i16], layer: &SecondLayer<'_>) -> f32 {
        debug_assert!(acc.len() % PAD == 0 && layer.rows.len() % (acc.len() * OUTPUTS) == 0);
        match self {
            #[cfg(target_arch = "x86_64")]
            // SAFETY: chosen by `detect` only on a processor with AVX2.
            Kernel::Avx2 => unsafe { x86::run_avx2(acc, layer) },
            #[cfg(target_arch = "x86_64")]
            Kernel::Sse2 => x86::run_sse2(acc, layer),
            #[cfg(all(target_arch = "wasm32", target_feature = "simd128"))]
            Kernel::Simd128 => wasm::run(acc, layer),
            _ => run_scalar(acc, layer),
        }
    }
}

/// [`Kernel::run`] in plain Rust.
fn run_scalar(acc: &[i16], layer: &SecondLayer<'_>) -> f32 {
    let mut total = 0.0f32;
    for ((row, &bias), &out) in layer
        .rows
        .chunks_exact(acc.len())
        .zip(layer.bias)
        .zip(layer.out)
    {
        let sum = acc.iter().zip(row).fold(bias, |s, (&a, &w)| {
            s.wrapping_add(i32::from(a) * i32::from(w))
        });
        total += out * (sum as f32 * layer.to_float).clamp(0.0, 1.0);
    }
    total
}

#[cfg(target_arch = "x86_64")]
mod x86 {
    use super::{SecondLayer, LANES, OUTPUTS};
    use std::arch::x86_64::*;

    /// Four `i32x4` sums, one per output, added lane-wise into one vector
    /// of the four totals.
    #[inline(always)]
    unsafe fn totals(s: [__m128i; 4]) -> __m128i {
        let t0 = _mm_add_epi32(
            _mm_unpacklo_epi32(s[0], s[1]),
            _mm_unpackhi_epi32(s[0], s[1]),
        );
        let t1 = _mm_add_epi32(
            _mm_unpacklo_epi32(s[2], s[3]),
            _mm_unpackhi_epi32(s[2], s[3]),
        );
        _mm_add_epi32(_mm_unpacklo_epi64(t0, t1), _mm_unpackhi_epi64(t0, t1))
    }

    /// The four outputs' share of the output layer, `totals` their sums.
    #[inline(always)]
    unsafe fn activate(
        totals: __m128i,
        layer: &SecondLayer<'_>,
        o: usize,
        total: __m128,
    ) -> __m128 {
        let bias = _mm_loadu_si128(layer.bias.as_ptr().add(o).cast());
        let x = _mm_mul_ps(
            _mm_cvtepi32_ps(_mm_add_epi32(totals, bias)),
            _mm_set1_ps(layer.to_float),
        );
        let x = _mm_min_ps(_mm_max_ps(x, _mm_setzero_ps()), _mm_set1_ps(1.0));
        let out = _mm_loadu_ps(layer.out.as_ptr().add(o));
        _mm_add_ps(total, _mm_mul_ps(x, out))
    }

    #[inline(always)]
    unsafe fn sum_ps(v: __m128) -> f32 {
        let v = _mm_add_ps(v, _mm_movehl_ps(v, v));
        let v = _mm_add_ss(v, _mm_shuffle_ps::<0b01>(v, v));
        _mm_cvtss_f32(v)
    }

    pub fn run_sse2(acc: &[i16], layer: &SecondLayer<'_>) -> f32 {
        let h = acc.len();
        let outputs = layer.rows.len() / h;
        // SAFETY: SSE2 is part of x86-64. Every load is inside its slice:
        // `acc` and each row have `h` values (a multiple of LANES) and the
        // rows, biases and output weights come OUTPUTS at a time.
        unsafe {
            let mut total = _mm_setzero_ps();
            let mut o = 0;
            while o + OUTPUTS <= outputs {
                let mut s = [_mm_setzero_si128(); 4];
                let rows = layer.rows.as_ptr().add(o * h);
                let mut i = 0;
                while i < h {
                    let a = _mm_loadu_si128(acc.as_ptr().add(i).cast());
                    for (k, sk) in s.iter_mut().enumerate() {
                        let w = _mm_loadu_si128(rows.add(k * h + i).cast());
                        *sk = _mm_add_epi32(*sk, _mm_madd_epi16(a, w));
                    }
                    i += LANES;
                }
                total = activate(totals(s), layer, o, total);
                o += OUTPUTS;
            }
            sum_ps(total)
        }
    }

    /// [`run_sse2`] with 256-bit vectors.
    ///
    /// # Safety
    ///
    /// The processor must have AVX2.
    #[target_feature(enable = "avx2")]
    pub unsafe fn run_avx2(acc: &[i16], layer: &SecondLayer<'_>) -> f32 {
        let h = acc.len();
        let outputs = layer.rows.len() / h;
        let mut total = _mm_setzero_ps();
        let mut o = 0;
        while o + OUTPUTS <= outputs {
            let mut s = [_mm256_setzero_si256(); 4];
            let rows = layer.rows.as_ptr().add(o * h);
            let mut i = 0;
            while i < h {
                let a = _mm256_loadu_si256(acc.as_ptr().add(i).cast());
                for (k, sk) in s.iter_mut().enumerate() {
                    let w = _mm256_loadu_si256(rows.add(k * h + i).cast());
                    *sk = _mm256_add_epi32(*sk, _mm256_madd_epi16(a, w));
                }
                i += 2 * LANES;
            }
            let halves = s.map(|v| {
                _mm_add_epi32(_mm256_castsi256_si128(v), _mm256_extracti128_si256::<1>(v))
            });
            total = activate(totals(halves), layer, o, total);
            o += OUTPUTS;
        }
        sum_ps(total)
    }
}

#[cfg(all(target_arch = "wasm32", target_feature = "simd128"))]
mod wasm {
    use super::{SecondLayer, LANES, OUTPUTS};
    use std::arch::wasm32::*;

    pub fn run(acc: &[i16], layer: &SecondLayer<'_>) -> f32 {
        let h = acc.len();
        let outputs = layer.rows.len() / h;
        let mut total = f32x4_splat(0.0);
        let mut o = 0;
        while o + OUTPUTS <= outputs {
            let mut s = [i32x4_splat(0); 4];
            let mut i = 0;
            while i < h {
                // SAFETY: every load is inside its slice (`acc` and each
                // row have `h` values, a multiple of LANES); v128_load
                // allows any alignment.
                let a = unsafe { v128_load(acc.as_ptr().add(i).cast()) };
                for (k, sk) in s.iter_mut().enumerate() {
                    let w = unsafe { v128_load(layer.rows.as_ptr().add((o + k) * h + i).cast()) };
                    *sk = i32x4_add(*sk, i32x4_dot_i16x8(a, w));
                }
                i += LANES;
            }
            let t0 = i32x4_add(
                i32x4_shuffle::<0, 4, 1, 5>(s[0], s[1]),
                i32x4_shuffle::<2, 6, 3, 7>(s[0], s[1]),
            );
            let t1 = i32x4_add(
                i32x4_shuffle::<0, 4, 1, 5>(s[2], s[3]),
                i32x4_shuffle::<2, 6, 3, 7>(s[2], s[3]),
            );
            let sums = i32x4_add(
                i32x4_shuffle::<0, 1, 4, 5>(t0, t1),
                i32x4_shuffle::<2, 3, 6, 7>(t0, t1),
            );
            // SAFETY: the biases and output weights come OUTPUTS at a time.
            let (bias, out) = unsafe {
                (
                    v128_load(layer.bias.as_ptr().add(o).cast()),
                    v128_load(layer.out.as_ptr().add(o).cast()),
                )
            };
            let x = f32x4_mul(
                f32x4_convert_i32x4(i32x4_add(sums, bias)),
                f32x4_splat(layer.to_float),
            );
            let x = f32x4_pmin(f32x4_splat(1.0), f32x4_pmax(f32x4_splat(0.0), x));
            total = f32x4_add(total, f32x4_mul(x, out));
            o += OUTPUTS;
        }
        f32x4_extract_lane::<0>(total)
            + f32x4_extract_lane::<1>(total)
            + f32x4_extract_lane::<2>(total)
            + f32x4_extract_lane::<3>(total)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use rand::{Rng, SeedableRng};

    #[test]
    fn every_kernel_gives_what_plain_rust_gives() {
        let mut rng = rand_xoshiro::Xoshiro256PlusPlus::seed_from_u64(4);
        for (h, outputs) in [(16, 4), (64, 32), (80, 8), (256, 64)] {
            let acc: Vec<i16> = (0..h).map(|_| rng.random_range(0..=4096)).collect();
            let rows: Vec<i16> = (0..h * outputs)
                .map(|_| rng.random_range(-4000..=4000))
                .collect();
            let bias: Vec<i32> = (0..outputs)
                .map(|_| rng.random_range(-1 << 24..1 << 24))
                .collect();
            let out: Vec<f32> = (0..outputs).map(|_| rng.random_range(-1.0..1.0)).collect();
            let layer = SecondLayer {
                rows: &rows,
                bias: &bias,
                to_float: 1.0 / (4096.0 * 4096.0),
                out: &out,
            };
            let reference = run_scalar(&acc, &layer);
            for kernel in Kernel::available() {
                let got = kernel.run(&acc, &layer);
                // Only the order of the float additions differs.
                assert!(
                    (got - reference).abs() < 1e-4,
                    "{kernel:?} {h}: {got} vs {reference}"
                );
            }
            // Some outputs are clipped each way, so the clamp is exercised.
            assert!(reference != 0.0);
        }
    }
}
