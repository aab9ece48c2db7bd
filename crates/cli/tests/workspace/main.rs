//! The repository as a whole, checked from the command line's crate (the
//! one that names every other): the docs' command-line examples and links,
//! and the crates' manifests against the table of docs/contributing.md.

mod docs_examples;
mod docs_links;
mod layers;

use std::path::PathBuf;

/// The repository root, where README.md and the workspace's Cargo.toml are.
pub fn repo_root() -> PathBuf {
    let manifest = PathBuf::from(env!("CARGO_MANIFEST_DIR"));
    manifest
        .ancestors()
        .nth(2)
        .expect("crates/cli sits two folders below the root")
        .to_path_buf()
}
