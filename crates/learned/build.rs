//! Embeds the learned evaluation's weights when the repository has them:
//! if `weights/value.safetensors` exists, reads it with the `safetensors`
//! crate, writes its tensors to `$OUT_DIR/value.weights` in the layout the
//! engine reads directly (`Network::from_layout`: per tensor, its name, type,
//! shape and bytes, no JSON), and sets `cfg(quoridor_embedded_weights)`;
//! `Evaluator::embedded` then reads it with
//! `include_bytes!`. For the page (target `wasm32`) the policy head's
//! weights are written compactly, as int8 with a scale per row
//! ([`compact_rows`]): F16 weights hardly gzip, and the head would otherwise
//! add about 25 KB to the download; natively they stay as the file has them.
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
    let layout = layout(&bytes, for_page).unwrap_or_else(|e| panic!("{WEIGHTS}: {e}"));
    let out = PathBuf::from(std::env::var_os("OUT_DIR").expect("cargo sets OUT_DIR"));
    std::fs::write(out.join("value.weights"), layout)
        .unwrap_or_else(|e| panic!("{}: {e}", out.display()));
    println!("cargo::rustc-cfg=quoridor_embedded_weights");
}

/// The tensor whose rows [`compact_rows`] writes for the page.
const COMPACT_TENSOR: &str = "policy.weight";

/// The tensors of the safetensors file `bytes` in the engine's layout: per
/// tensor (by name), a byte of name length and the name, a byte of type (0
/// F32, 1 F16, 2 int8 rows with an F16 scale each), a byte of dimensions and
/// each as a `u32`, a `u32` of data length and the data, all little-endian.
/// With `compact_policy`, `policy.weight` is written as int8 rows
/// ([`compact_rows`]); every other tensor is copied as the file has it.
pub(crate) fn layout(bytes: &[u8], compact_policy: bool) -> Result<Vec<u8>, String> {
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
        let compact = match view.shape() {
            &[rows, cols] if compact_policy && name == COMPACT_TENSOR && rows * cols > 0 => {
                let width = view.data().len() / (rows * cols);
                let values: Vec<f32> = view.data().chunks_exact(width).map(decode).collect();
                Some(compact_rows(&values, cols))
            }
            _ => None,
        };
        out.push(small(name.len(), "a tensor name")?);
        out.extend_from_slice(name.as_bytes());
        out.push(if compact.is_some() { 2 } else { dtype });
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
