use gloo_worker::{Spawnable, WorkerBridge};
use yew::prelude::*;

use crate::worker::messages::WorkerResponse;
use crate::worker::{EngineWorker, LOADER_PATH};

/// Starts an engine worker that hands every answer to `on_reply`. The worker
/// lives as long as the returned bridge (the page's pool holds several, the
/// coach one).
pub fn spawn_engine(on_reply: Callback<WorkerResponse>) -> WorkerBridge<EngineWorker> {
    EngineWorker::spawner()
        .callback(move |reply| on_reply.emit(reply))
        // Messages travel in gloo's default encoding, bincode byte arrays:
        // far less code in both wasm files than plain JS objects through
        // serde-wasm-bindgen (docs/learned-eval.md, "Speed and size").
        // Trunk's loader shim runs the no-modules bindgen output, so the
        // worker is a classic script loaded from a file, not a blob module.
        .with_loader(true)
        .as_module(false)
        .spawn(LOADER_PATH)
}
