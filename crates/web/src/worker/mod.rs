//! The engine's Web Worker in the browser: the gloo glue ([`EngineWorker`],
//! `register`) around the worker's plain side, `quoridor_page::worker`
//! (its messages and how it answers them), re-exported here.

mod engine_worker;

pub use engine_worker::{register, EngineWorker};
pub use quoridor_page::worker::{host, messages, precise_ms, solved, LOADER_PATH};
