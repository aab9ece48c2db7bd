//! The engine's Web Worker in the browser: the gloo glue ([`EngineWorker`],
//! [`SerdeWasmCodec`]) around the worker's plain side, `quoridor_page::worker`
//! (its messages and how it answers them), re-exported here.

mod codec;
mod engine_worker;

pub use codec::SerdeWasmCodec;
pub use engine_worker::{register, EngineWorker};
pub use quoridor_page::worker::{host, messages, precise_ms, solved, LOADER_PATH};
