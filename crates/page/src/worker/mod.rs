//! The engine worker's side of the page: the engine runs in a Web Worker so
//! the page never freezes while it thinks.
//!
//! [`messages`] defines what crosses the worker boundary, [`host`] how the
//! worker answers ([`solved`]: the small boards it solves exactly); all of it
//! is plain Rust, so native tests cover it. The gloo glue that runs it in a
//! browser is `quoridor-web`'s `worker`.

pub mod host;
pub mod messages;
pub mod solved;
mod timing;

pub use timing::precise_ms;

/// Path of the worker's loader script, relative to the page. Trunk writes it
/// next to `index.html` for `<link data-trunk rel="rust" data-bin="worker"
/// data-type="worker" data-loader-shim>` and never hashes worker file names.
pub const LOADER_PATH: &str = "./worker_loader.js";
