//! 128-bit shifts and single bits for [`Bitboard`](super::Bitboard), written
//! for the target.
//!
//! Natively these are the plain `u128` operators. WebAssembly has no 128-bit
//! instructions, and LLVM lowers a `u128` shift by a run-time amount to a call
//! of compiler-builtins' `__ashlti3` / `__lshrti3`, whose result goes through
//! linear memory: a flood fill's four shifts per step become four calls. On
//! `wasm32` the versions below work on the two 64-bit halves instead and
//! compile to a few `i64` operations and `select`s, with no call and no branch
//! (profile and measurements: `docs/experiments.md`, "WebAssembly speed").
//!
//! Shift amounts must be below 128 (as for the `u128` operators).

/// `x << s`.
#[cfg(not(target_arch = "wasm32"))]
#[inline(always)]
pub const fn shl(x: u128, s: usize) -> u128 {
    x << s
}

/// `x >> s`.
#[cfg(not(target_arch = "wasm32"))]
#[inline(always)]
pub const fn shr(x: u128, s: usize) -> u128 {
    x >> s
}

/// The set bit `i`: `1 << i`.
#[cfg(not(target_arch = "wasm32"))]
#[inline(always)]
pub const fn bit(i: usize) -> u128 {
    1u128 << i
}

/// Whether bit `i` of `x` is set.
#[cfg(not(target_arch = "wasm32"))]
#[inline(always)]
pub const fn has(x: u128, i: usize) -> bool {
    x >> i & 1 == 1
}

#[cfg(target_arch = "wasm32")]
pub use halves::{bit, has, shl, shr};

/// The same operations on the low and high 64-bit halves (used on wasm32;
/// tested natively against the `u128` operators).
#[cfg(any(target_arch = "wasm32", test))]
mod halves {
    #[inline(always)]
    const fn split(x: u128) -> (u64, u64) {
        (x as u64, (x >> 64) as u64)
    }

    #[inline(always)]
    const fn join(lo: u64, hi: u64) -> u128 {
        (hi as u128) << 64 | lo as u128
    }

    /// `x << s` for `s < 128`.
    #[inline(always)]
    pub const fn shl(x: u128, s: usize) -> u128 {
        debug_assert!(s < 128);
        let (lo, hi) = split(x);
        let s = s as u32 & 127;
        if s < 64 {
            // `lo >> 1 >> (63 - s)` is `lo >> (64 - s)`, and 0 when `s` is 0.
            join(lo << s, hi << s | lo >> 1 >> (63 - s))
        } else {
            join(0, lo << (s - 64))
        }
    }

    /// `x >> s` for `s < 128`.
    #[inline(always)]
    pub const fn shr(x: u128, s: usize) -> u128 {
        debug_assert!(s < 128);
        let (lo, hi) = split(x);
        let s = s as u32 & 127;
        if s < 64 {
            join(lo >> s | hi << 1 << (63 - s), hi >> s)
        } else {
            join(hi >> (s - 64), 0)
        }
    }

    /// `1 << i` for `i < 128`, from a table: LLVM folds any "shift 1 into
    /// the right half" arithmetic back into a `u128` shift, which is a call.
    #[inline(always)]
    pub const fn bit(i: usize) -> u128 {
        debug_assert!(i < 128);
        BITS[i & 127]
    }

    /// Whether bit `i < 128` of `x` is set.
    #[inline(always)]
    pub const fn has(x: u128, i: usize) -> bool {
        x & bit(i) != 0
    }

    /// `BITS[i]` is `1 << i`.
    static BITS: [u128; 128] = {
        let mut bits = [0u128; 128];
        let mut i = 0;
        while i < 128 {
            bits[i] = 1 << i;
            i += 1;
        }
        bits
    };
}

#[cfg(test)]
mod tests {
    use super::halves;

    /// Values with bits near both ends and across the 64-bit seam.
    const SAMPLES: [u128; 6] = [
        0,
        1,
        u128::MAX,
        1 << 63 | 1 << 64,
        0x8000_0000_0000_0001_8000_0000_0000_0001,
        0x0123_4567_89ab_cdef_fedc_ba98_7654_3210,
    ];

    #[test]
    fn halves_shift_like_u128_for_every_amount() {
        for x in SAMPLES {
            for s in 0..128 {
                assert_eq!(halves::shl(x, s), x << s, "{x:#x} << {s}");
                assert_eq!(halves::shr(x, s), x >> s, "{x:#x} >> {s}");
            }
        }
    }

    #[test]
    fn halves_single_bits_like_u128() {
        for i in 0..128 {
            assert_eq!(halves::bit(i), 1u128 << i);
            for x in SAMPLES {
                assert_eq!(halves::has(x, i), x >> i & 1 == 1, "{x:#x} bit {i}");
            }
        }
    }

    #[test]
    fn target_ops_match_u128() {
        for x in SAMPLES {
            for s in 0..128 {
                assert_eq!(super::shl(x, s), x << s);
                assert_eq!(super::shr(x, s), x >> s);
                assert_eq!(super::has(x, s), x >> s & 1 == 1);
            }
        }
    }
}
