//! Embeds the learned evaluation's weights when the repository has them:
//! sets `cfg(quoridor_embedded_weights)` if `weights/value.safetensors`
//! exists, and `search::learned::embedded_network` then reads it with
//! `include_bytes!`. Without the file the crate builds all the same and
//! `eval=learned` is refused.

use std::path::Path;

fn main() {
    println!("cargo::rustc-check-cfg=cfg(quoridor_embedded_weights)");
    // The directory, so that adding the file reruns this script.
    println!("cargo::rerun-if-changed=weights");
    if Path::new("weights/value.safetensors").is_file() {
        println!("cargo::rustc-cfg=quoridor_embedded_weights");
    }
}
