use std::cell::RefCell;

use gloo_worker::{HandlerId, Registrable, Worker, WorkerScope};
use wasm_bindgen::prelude::*;
use wasm_bindgen::JsCast;

use super::host::EngineHost;
use super::messages::{WorkerRequest, WorkerResponse};

/// The engine worker: serves requests through [`EngineHost`] and runs the
/// search in slices, giving the event loop a turn between slices so that
/// "stop" and tree requests are read while it thinks.
pub struct EngineWorker {
    host: EngineHost,
    /// Who asked for the search under way (answers go there).
    searcher: Option<HandlerId>,
    /// Whether a slice is already scheduled.
    slice_scheduled: bool,
    /// Whether the network's read time is on the worker's global yet.
    read_time_published: bool,
}

/// Internal messages: run the next slice.
pub enum Tick {
    Slice,
}

/// The channel used for yielding and its `onmessage` handler (kept alive).
type YieldChannel = (web_sys::MessageChannel, Closure<dyn FnMut()>);

thread_local! {
    /// One message channel used to yield to the event loop without the 4 ms
    /// clamp of nested `setTimeout`s, and the waiting promise's resolver.
    static YIELD: RefCell<Option<YieldChannel>> = const { RefCell::new(None) };
    static RESOLVE: RefCell<Option<js_sys::Function>> = const { RefCell::new(None) };
}

/// Resolves after the event loop has had a turn (pending messages run first).
async fn next_turn() {
    let promise = js_sys::Promise::new(&mut |resolve, _reject| {
        RESOLVE.with(|r| *r.borrow_mut() = Some(resolve));
        YIELD.with(|y| {
            let mut y = y.borrow_mut();
            if y.is_none() {
                if let Ok(channel) = web_sys::MessageChannel::new() {
                    let on_message = Closure::<dyn FnMut()>::new(|| {
                        if let Some(resolve) = RESOLVE.with(|r| r.borrow_mut().take()) {
                            let _ = resolve.call0(&JsValue::NULL);
                        }
                    });
                    channel
                        .port1()
                        .set_onmessage(Some(on_message.as_ref().unchecked_ref()));
                    *y = Some((channel, on_message));
                }
            }
            match y.as_ref() {
                Some((channel, _)) => {
                    let _ = channel.port2().post_message(&JsValue::NULL);
                }
                None => {
                    // No channel: resolve at once rather than hang.
                    if let Some(resolve) = RESOLVE.with(|r| r.borrow_mut().take()) {
                        let _ = resolve.call0(&JsValue::NULL);
                    }
                }
            }
        });
    });
    let _ = wasm_bindgen_futures::JsFuture::from(promise).await;
}

impl EngineWorker {
    fn schedule(&mut self, scope: &WorkerScope<Self>) {
        if !self.slice_scheduled && self.host.is_searching() {
            self.slice_scheduled = true;
            scope.send_future(async {
                next_turn().await;
                Tick::Slice
            });
        }
    }

    fn send_all(&self, scope: &WorkerScope<Self>, to: HandlerId, answers: Vec<WorkerResponse>) {
        for answer in answers {
            scope.respond(to, answer);
        }
    }
}

impl Worker for EngineWorker {
    type Message = Tick;
    type Input = WorkerRequest;
    type Output = WorkerResponse;

    fn create(_scope: &WorkerScope<Self>) -> Self {
        EngineWorker {
            host: EngineHost::embedded(),
            searcher: None,
            slice_scheduled: false,
            read_time_published: false,
        }
    }

    fn update(&mut self, scope: &WorkerScope<Self>, Tick::Slice: Tick) {
        self.slice_scheduled = false;
        if let (Some(answer), Some(to)) = (self.host.slice(), self.searcher) {
            scope.respond(to, answer);
        }
        self.schedule(scope);
    }

    fn received(&mut self, scope: &WorkerScope<Self>, request: WorkerRequest, id: HandlerId) {
        if matches!(request, WorkerRequest::Search { .. }) {
            self.searcher = Some(id);
        }
        let answers = self.host.handle(request);
        self.publish_network_read_time();
        self.send_all(scope, id, answers);
        self.schedule(scope);
    }
}

impl EngineWorker {
    /// Once the learned network has been read, puts how long that took on
    /// the worker's global as `quoridorNetworkReadMs` (milliseconds), for
    /// the browser tests and anyone measuring the page; sets nothing else.
    fn publish_network_read_time(&mut self) {
        if self.read_time_published {
            return;
        }
        if let Some(ms) = self.host.network_read_ms() {
            self.read_time_published = js_sys::Reflect::set(
                &js_sys::global(),
                &"quoridorNetworkReadMs".into(),
                &ms.into(),
            )
            .unwrap_or(false);
        }
    }
}

/// Entry point of the worker binary: listen for the page's messages.
pub fn register() {
    // A panic in the worker shows in the console instead of a bare "unreachable".
    console_error_panic_hook::set_once();
    // gloo's default encoding (bincode), as the spawner's.
    EngineWorker::registrar().register();
}
