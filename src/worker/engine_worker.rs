use gloo_worker::{HandlerId, Registrable, Worker, WorkerScope};

use super::messages::{respond, WorkerRequest, WorkerResponse};
use super::SerdeWasmCodec;

/// The engine worker. For now it only answers pings; the search will run
/// here in time slices, posting progress between slices.
#[derive(Debug)]
pub struct EngineWorker;

impl Worker for EngineWorker {
    type Message = ();
    type Input = WorkerRequest;
    type Output = WorkerResponse;

    fn create(_scope: &WorkerScope<Self>) -> Self {
        EngineWorker
    }

    fn update(&mut self, _scope: &WorkerScope<Self>, _msg: Self::Message) {}

    fn received(&mut self, scope: &WorkerScope<Self>, request: Self::Input, id: HandlerId) {
        scope.respond(id, respond(request));
    }
}

/// Entry point of the worker binary: listen for the page's messages.
pub fn register() {
    // A panic in the worker shows in the console instead of a bare "unreachable".
    console_error_panic_hook::set_once();
    EngineWorker::registrar()
        .encoding::<SerdeWasmCodec>()
        .register();
}
