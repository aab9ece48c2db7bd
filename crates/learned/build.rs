//! Embeds the learned evaluation's weights when the repository has them:
//! if `weights/value.safetensors` exists, reads it with the `safetensors`
//! crate, writes its tensors to `$OUT_DIR/value.weights` in the layout the
//! engine reads directly (`Network::from_layout`: per tensor, its name, type,
//! shape and bytes, no JSON), and sets `cfg(quoridor_embedded_weights)`;
//! `Evaluator::embedded` then reads it with
//! `include_bytes!`. For the page (target `wasm32`) the weights are
//! written to gzip well, since F16 weights hardly do (and the page's
//! download is limited): the policy head's as int8 with a scale per row
//! ([`compact_rows`], [`PAGE_COMPACT`]); the first layer's kept to
//! [`PAGE_MANTISSA`] of F16's 10 mantissa bits ([`round_mantissa`],
//! [`PAGE_ROUNDED`]; all 10 now, so the page's value network is the F16
//! one bit for bit); every F16 tensor as two byte planes ([`byte_planes`]: every value's low byte, then
//! every high byte). The errors this makes against the F16 network are
//! stated and tested in `src/lib.rs`. Natively the tensors stay as the file
//! has them.
//! A file that is not safetensors of F32 or F16 tensors fails the build. Without the file the crate builds all the same and
//! `eval=learned` is refused.

use safetensors::{Dtype, SafeTensors};
use std::path::{Path, PathBuf};

/// The shipped weights, at the workspace's root.
const WEIGHTS: &str = "../../weights/value.safetensors";

fn main() {
    println!("cargo::rustc-check-cfg=cfg(quoridor_embedded_weights)");
    // The directory, so that adding the file reruns this script. The
    // weights sit at the workspace's root, two levels above this crate.
    println!("cargo::rerun-if-changed=../../weights");
    println!("cargo::rerun-if-changed={WEIGHTS}");
    if !Path::new(WEIGHTS).is_file() {
        return;
    }
    let bytes = std::fs::read(WEIGHTS).unwrap_or_else(|e| panic!("{WEIGHTS}: {e}"));
    let for_page = std::env::var("CARGO_CFG_TARGET_ARCH").is_ok_and(|arch| arch == "wasm32");
    let page = for_page.then_some(PAGE_COMPACT);
    let layout = layout(&bytes, page).unwrap_or_else(|e| panic!("{WEIGHTS}: {e}"));
    let out = PathBuf::from(std::env::var_os("OUT_DIR").expect("cargo sets OUT_DIR"));
    std::fs::write(out.join("value.weights"), layout)
        .unwrap_or_else(|e| panic!("{}: {e}", out.display()));
    println!("cargo::rustc-cfg=quoridor_embedded_weights");
}

/// The tensors whose rows [`compact_rows`] writes for the page.
pub(crate) const PAGE_COMPACT: &[&str] = &["policy.weight"];

/// The F16 tensors whose values the page keeps to [`PAGE_MANTISSA`]
/// mantissa bits ([`round_mantissa`]): the first layer, the largest.
pub(crate) const PAGE_ROUNDED: &[&str] = &["l1.weight"];

/// Mantissa bits (of F16's 10) the page keeps of [`PAGE_ROUNDED`]'s values:
/// all of them, so the page's value equals the native one. Network 4's first
/// layer kept to 7 bits gzipped 7.7 KB smaller and moved the value by up to
/// 0.0084; the page's download made room for the full bits instead
/// (docs/learned-eval.md).
pub(crate) const PAGE_MANTISSA: u32 = 10;

/// The tensors of the safetensors file `bytes` in the engine's layout: per
/// tensor (by name), a byte of name length and the name, a byte of type (0
/// F32, 1 F16, 2 int8 rows with an F16 scale each, 3 F16 in two byte
/// planes), a byte of dimensions and each as a `u32`, a `u32` of data length
/// and the data, all little-endian. For the `page` (`Some` of the names of
/// the tensors to write as int8 rows, [`compact_rows`]), the other F16
/// tensors are written as byte planes ([`byte_planes`]); without, every
/// tensor is copied as the file has it.
pub(crate) fn layout(bytes: &[u8], page: Option<&[&str]>) -> Result<Vec<u8>, String> {
    let file = SafeTensors::deserialize(bytes).map_err(|e| e.to_string())?;
    let mut names = file.names();
    names.sort_unstable();
    let mut out = Vec::new();
    let small = |n: usize, what: &str| u8::try_from(n).map_err(|_| format!("{what} too long"));
    let word = |n: usize| {
        u32::try_from(n)
            .map(u32::to_le_bytes)
            .map_err(|e| e.to_string())
    };
    for name in names {
        let view = file.tensor(name).map_err(|e| e.to_string())?;
        let (dtype, decode): (u8, fn(&[u8]) -> f32) = match view.dtype() {
            Dtype::F32 => (0, |b| f32::from_le_bytes([b[0], b[1], b[2], b[3]])),
            Dtype::F16 => (1, |b| half::f16::from_le_bytes([b[0], b[1]]).to_f32()),
            other => return Err(format!("tensor {name} is {other:?}, expected F32 or F16")),
        };
        let (dtype, compact) = match view.shape() {
            &[rows, cols] if page.is_some_and(|c| c.contains(&name)) && rows * cols > 0 => {
                let width = view.data().len() / (rows * cols);
                let values: Vec<f32> = view.data().chunks_exact(width).map(decode).collect();
                (2, Some(compact_rows(&values, cols)))
            }
            _ if page.is_some() && dtype == 1 && PAGE_ROUNDED.contains(&name) => {
                let rounded = round_mantissa(view.data(), PAGE_MANTISSA);
                (3, Some(byte_planes(&rounded)))
            }
            _ if page.is_some() && dtype == 1 => (3, Some(byte_planes(view.data()))),
            _ => (dtype, None),
        };
        out.push(small(name.len(), "a tensor name")?);
        out.extend_from_slice(name.as_bytes());
        out.push(dtype);
        out.push(small(view.shape().len(), "a shape")?);
        for &dim in view.shape() {
            out.extend_from_slice(&word(dim)?);
        }
        let data = compact.as_deref().unwrap_or(view.data());
        out.extend_from_slice(&word(data.len())?);
        out.extend_from_slice(data);
    }
    Ok(out)
}

/// The two-byte values of `data` as two planes: every value's first (low)
/// byte, then every second (high) byte. The high bytes (sign, exponent, top
/// of the mantissa) repeat, so gzip packs the plane of them well.
pub(crate) fn byte_planes(data: &[u8]) -> Vec<u8> {
    let low = data.iter().step_by(2);
    let high = data.iter().skip(1).step_by(2);
    low.chain(high).copied().collect()
}

/// The F16 values of `data` (little-endian) rounded to the nearest value
/// with `keep` mantissa bits (of 10): each moves by at most a relative
/// 2^-(keep+1), and the low byte's last `10 − keep` bits become 0, which
/// gzip packs.
pub(crate) fn round_mantissa(data: &[u8], keep: u32) -> Vec<u8> {
    let drop = 10 - keep.min(10);
    data.chunks_exact(2)
        .flat_map(|b| {
            let bits = u16::from_le_bytes([b[0], b[1]]);
            let (sign, magnitude) = (bits & 0x8000, bits & 0x7fff);
            let mask = (1u16 << drop) - 1;
            // Rounding the magnitude: a carry into the exponent is the next
            // binade's value, as rounding should give; infinities and NaNs
            // stay, and a finite value never rounds up to infinity.
            let rounded = match magnitude {
                _ if drop == 0 || magnitude >= 0x7c00 => magnitude,
                _ => match (magnitude + (1 << (drop - 1))) & !mask {
                    up if up >= 0x7c00 => magnitude & !mask,
                    up => up,
                },
            };
            (sign | rounded).to_le_bytes()
        })
        .collect()
}

/// `values` (rows of `cols`) as int8 with a scale per row: first each row's
/// scale (its largest magnitude over 127, as F16), then each row's values
/// divided by its scale, rounded and kept within ±127, one signed byte each.
/// A weight moves by at most half its row's scale (plus the scale's own F16
/// rounding, a relative 2⁻¹¹).
pub(crate) fn compact_rows(values: &[f32], cols: usize) -> Vec<u8> {
    let rows: Vec<&[f32]> = values.chunks_exact(cols).collect();
    let scales: Vec<half::f16> = rows
        .iter()
        .map(|row| half::f16::from_f32(row.iter().fold(0.0f32, |m, w| m.max(w.abs())) / 127.0))
        .collect();
    let mut out: Vec<u8> = scales.iter().flat_map(|s| s.to_le_bytes()).collect();
    for (row, scale) in rows.iter().zip(&scales) {
        let scale = scale.to_f32();
        out.extend(row.iter().map(|&w| {
            let q = if scale > 0.0 {
                (w / scale).round()
            } else {
                0.0
            };
            // The cast saturates; the clamp keeps the range symmetric.
            (q.clamp(-127.0, 127.0) as i8) as u8
        }));
    }
    out
}
