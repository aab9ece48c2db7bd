//! The Web Worker side of the app: the engine runs here so the page never
//! freezes while it thinks.
//!
//! [`messages`] defines what crosses the worker boundary, [`host`] how the
//! worker answers ([`solved`]: the small boards it solves exactly); all compile on every target so native tests cover them.
//! The gloo glue ([`EngineWorker`], [`SerdeWasmCodec`]) exists only on wasm32.

pub mod host;
pub mod messages;
pub mod solved;
mod timing;

pub use timing::precise_ms;

#[cfg(target_arch = "wasm32")]
mod codec;
#[cfg(target_arch = "wasm32")]
mod engine_worker;

#[cfg(target_arch = "wasm32")]
pub use codec::SerdeWasmCodec;
#[cfg(target_arch = "wasm32")]
pub use engine_worker::{register, EngineWorker};

/// Path of the worker's loader script, relative to the page. Trunk writes it
/// next to `index.html` for `<link data-trunk rel="rust" data-bin="worker"
/// data-type="worker" data-loader-shim>` and never hashes worker file names.
pub const LOADER_PATH: &str = "./worker_loader.js";
