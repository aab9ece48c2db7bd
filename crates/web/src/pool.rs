//! The page's engine workers: a pool of gloo bridges started once and
//! reused, grown or shrunk to the `threads` setting. The page talks to it as
//! to one engine ([`EnginePool::send`] takes the requests one worker took,
//! and the reducer gets the same answers); what goes where and how answers
//! merge is [`PoolCore`]'s business, plain Rust tested natively.

use std::cell::RefCell;
use std::rc::{Rc, Weak};

use gloo_timers::callback::Interval;
use gloo_worker::WorkerBridge;
use yew::prelude::*;

use super::engine::spawn_engine;
use super::pool_core::{PoolCore, PoolOut, WorkerKey};
use crate::worker::messages::{WorkerRequest, WorkerResponse};
use crate::worker::{precise_ms, EngineWorker};

/// How often the pool looks at its timeouts while one may be due, in ms.
const TICK_MS: u32 = 50;

/// Where the pool's news goes.
#[derive(Clone, PartialEq)]
pub struct PoolCallbacks {
    /// Answers, as from one engine.
    pub on_reply: Callback<WorkerResponse>,
    /// A worker was dropped (it failed or did not start).
    pub on_notice: Callback<String>,
    /// How many workers the pool has now.
    pub on_size: Callback<usize>,
}

struct Inner {
    core: PoolCore,
    bridges: Vec<(WorkerKey, WorkerBridge<EngineWorker>)>,
    callbacks: PoolCallbacks,
    timer: Option<Interval>,
}

/// The engine worker pool (see the module doc).
pub struct EnginePool {
    inner: Rc<RefCell<Inner>>,
}

impl EnginePool {
    /// An empty pool; [`EnginePool::resize`] starts workers.
    pub fn new(callbacks: PoolCallbacks) -> Self {
        EnginePool {
            inner: Rc::new(RefCell::new(Inner {
                core: PoolCore::new(),
                bridges: Vec::new(),
                callbacks,
                timer: None,
            })),
        }
    }

    /// How many workers run.
    pub fn len(&self) -> usize {
        self.inner.try_borrow().map_or(0, |i| i.core.len())
    }

    /// Starts or ends workers until `count` run (at least one).
    pub fn resize(&self, count: usize) {
        let count = count.max(1);
        loop {
            let Ok(mut inner) = self.inner.try_borrow_mut() else {
                return;
            };
            let len = inner.core.len();
            let out = if len < count {
                let (key, out) = inner.core.add(precise_ms());
                let weak = Rc::downgrade(&self.inner);
                let bridge = spawn_engine(Callback::from(move |reply| answer(&weak, key, reply)));
                inner.bridges.push((key, bridge));
                out
            } else if len > count {
                let Some(key) = inner.core.keys().last().copied() else {
                    return;
                };
                let mut out = inner.core.remove(key);
                out.dropped.push(key);
                out
            } else {
                return;
            };
            drop(inner);
            apply(&self.inner, out);
        }
    }

    /// Reads worker `index`'s tree (0 = worker 1) below the merged root.
    pub fn set_tree_worker(&self, index: usize) {
        if let Ok(mut inner) = self.inner.try_borrow_mut() {
            inner.core.set_tree_worker(index);
        }
    }

    /// Sends a request to "the engine": the pool splits it over its workers.
    pub fn send(&self, request: WorkerRequest) {
        step(&self.inner, |core| core.request(request, precise_ms()));
    }
}

/// A worker's answer reaches the pool.
fn answer(weak: &Weak<RefCell<Inner>>, key: WorkerKey, reply: WorkerResponse) {
    if let Some(inner) = weak.upgrade() {
        step(&inner, |core| core.answer(key, reply, precise_ms()));
    }
}

/// Lets the core handle one event and carries out what it decided (nothing
/// if the pool is busy: a reducer call back into it while it applies).
fn step(inner: &Rc<RefCell<Inner>>, event: impl FnOnce(&mut PoolCore) -> PoolOut) {
    let out = match inner.try_borrow_mut() {
        Ok(mut me) => event(&mut me.core),
        Err(_) => return,
    };
    apply(inner, out);
}

/// Carries out what the core decided: requests to workers, dropped workers
/// ended, answers and notices to the page (with no borrow held, since the
/// page's reducer may call the pool again at once), the timer kept running
/// while a timeout may be due.
fn apply(inner: &Rc<RefCell<Inner>>, out: PoolOut) {
    let PoolOut {
        to_workers,
        to_page,
        notices,
        dropped,
    } = out;
    let (callbacks, ended, size) = {
        let Ok(mut me) = inner.try_borrow_mut() else {
            return;
        };
        for (key, request) in to_workers {
            if let Some((_, bridge)) = me.bridges.iter().find(|(k, _)| *k == key) {
                bridge.send(request);
            }
        }
        let mut ended = Vec::new();
        if !dropped.is_empty() {
            let (gone, kept) = std::mem::take(&mut me.bridges)
                .into_iter()
                .partition(|(k, _)| dropped.contains(k));
            me.bridges = kept;
            ended = gone;
        }
        let waiting = me.core.waiting();
        if waiting && me.timer.is_none() {
            let weak = Rc::downgrade(inner);
            me.timer = Some(Interval::new(TICK_MS, move || tick(&weak)));
        } else if !waiting {
            me.timer = None;
        }
        publish_stats(&me.core);
        (me.callbacks.clone(), ended, me.core.len())
    };
    // Dropping a bridge ends its worker.
    let resized = !ended.is_empty();
    drop(ended);
    for reply in to_page {
        callbacks.on_reply.emit(reply);
    }
    for notice in notices {
        callbacks.on_notice.emit(notice);
    }
    if resized {
        callbacks.on_size.emit(size);
    }
}

/// The timer: runs the core's timeouts.
fn tick(weak: &Weak<RefCell<Inner>>) {
    if let Some(inner) = weak.upgrade() {
        step(&inner, |core| core.tick(precise_ms()));
    }
}

/// Puts the pool's figures on `window.quoridorPool` (workers, how many of
/// them answered their first ping, merges, mean and longest merge in µs) for
/// tools and the browser tests.
fn publish_stats(core: &PoolCore) {
    let Some(window) = web_sys::window() else {
        return;
    };
    let stats = js_sys::Object::new();
    let merge = core.merge;
    let mean = if merge.count > 0 {
        merge.total_us / merge.count as f64
    } else {
        0.0
    };
    for (name, value) in [
        ("workers", core.len() as f64),
        ("started", core.started() as f64),
        ("merges", merge.count as f64),
        ("mergeMeanUs", mean),
        ("mergeMaxUs", merge.max_us),
    ] {
        let _ = js_sys::Reflect::set(&stats, &name.into(), &value.into());
    }
    let _ = js_sys::Reflect::set(&window, &"quoridorPool".into(), &stats);
}

/// The page's engine pool, made once per component, with `threads` workers
/// (it follows the setting). Returns the pool and how many workers run.
#[hook]
pub fn use_engine_pool(
    on_reply: Callback<WorkerResponse>,
    on_notice: Callback<String>,
    threads: usize,
) -> (Rc<EnginePool>, usize) {
    let size = use_state(|| 0usize);
    let pool = {
        let set_size = size.setter();
        use_memo((), move |_| {
            EnginePool::new(PoolCallbacks {
                on_reply,
                on_notice,
                on_size: Callback::from(move |n| set_size.set(n)),
            })
        })
    };
    {
        let (pool, size) = (pool.clone(), size.setter());
        use_effect_with(threads, move |&threads| {
            pool.resize(threads);
            size.set(pool.len());
        });
    }
    (pool, *size)
}
