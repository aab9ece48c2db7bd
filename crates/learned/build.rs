//! Embeds the learned evaluation's weights when the repository has them:
//! if `weights/value.safetensors` exists, reads it with the `safetensors`
//! crate, writes its tensors to `$OUT_DIR/value.weights` in the layout the
//! engine reads directly (`Network::from_layout`: per tensor, its name, type,
//! shape and bytes, no JSON), and sets `cfg(quoridor_embedded_weights)`;
//! `Evaluator::embedded` then reads it with
//! `include_bytes!`. A file that is not safetensors of F32 or F16 tensors
//! fails the build. Without the file the crate builds all the same and
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
    let layout = layout(&bytes).unwrap_or_else(|e| panic!("{WEIGHTS}: {e}"));
    let out = PathBuf::from(std::env::var_os("OUT_DIR").expect("cargo sets OUT_DIR"));
    std::fs::write(out.join("value.weights"), layout)
        .unwrap_or_else(|e| panic!("{}: {e}", out.display()));
    println!("cargo::rustc-cfg=quoridor_embedded_weights");
}

/// The tensors of the safetensors file `bytes` in the engine's layout: per
/// tensor (by name), a byte of name length and the name, a byte of type (0
/// F32, 1 F16), a byte of dimensions and each as a `u32`, a `u32` of data
/// length and the data, all little-endian.
pub(crate) fn layout(bytes: &[u8]) -> Result<Vec<u8>, String> {
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
        let dtype = match view.dtype() {
            Dtype::F32 => 0u8,
            Dtype::F16 => 1,
            other => return Err(format!("tensor {name} is {other:?}, expected F32 or F16")),
        };
        out.push(small(name.len(), "a tensor name")?);
        out.extend_from_slice(name.as_bytes());
        out.push(dtype);
        out.push(small(view.shape().len(), "a shape")?);
        for &dim in view.shape() {
            out.extend_from_slice(&word(dim)?);
        }
        out.extend_from_slice(&word(view.data().len())?);
        out.extend_from_slice(view.data());
    }
    Ok(out)
}
