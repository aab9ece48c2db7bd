//! The engine worker pool's bookkeeping, without the workers: which worker
//! gets which request, and how their answers become the single engine's
//! answers the page's reducer knows. Plain Rust, so `cargo test` covers it;
//! the gloo bridges that carry the messages are in `ui/pool.rs`.
//!
//! One UCT search goes to every worker, each with its own seed and its
//! share of the node budget and playout limit ([`tree_params`]), each
//! growing its own tree (root parallelisation: wasm workers share no memory,
//! unlike the native threads, which grow one tree together).
//! Their snapshots are merged by [`merge_root_infos`], the native merge. The
//! first `Done` (limit reached, proof found) stops the others; the merged
//! `Done` goes to the page once all have answered, or after
//! [`DONE_GRACE_MS`] with those that did. Its move is the merged best move,
//! or with a temperature one drawn among the merged candidates
//! ([`chosen_move`], as the native threads choose). Alpha-beta searches on the first
//! worker alone. The tree explorer's root is the merged root of every tree;
//! below it, nodes are one chosen worker's (worker 1 unless the user picks
//! another: node ids name nodes of one tree).

use crate::worker::messages::{
    ExactAnswer, SearchId, SearchMode, WorkerRequest, WorkerResponse, PROGRESS_EVERY_MS,
};
use quoridor_engines::{
    chosen_move, merge_root_children, merge_root_infos, tree_params, ChildInfo, EngineConfig,
    EngineKind, SearchInfo, SearchParams, ROOT,
};
use quoridor_rules::{Move, Position};

/// A worker's name in the pool; never reused.
pub type WorkerKey = u32;

/// After the first worker's `Done`, how long the others get to answer the
/// `Stop` it caused before the merged `Done` goes out without them, in ms.
pub const DONE_GRACE_MS: f64 = 400.0;
/// How long a new worker gets to answer its first ping, in ms; one that has
/// not by then is dropped as failed to start.
pub const START_TIMEOUT_MS: f64 = 20_000.0;
/// Root children each worker lists in its snapshots when several merge (a
/// move outside one worker's list adds nothing from that worker).
pub const MERGE_TOP: u32 = 64;
/// The id of the pool's own pings (the page's use other ids).
pub const POOL_PING_ID: u32 = 0;

/// Which worker's tree (0 = worker 1) the explorer and the tree map show
/// when the user chose worker `chosen` and `workers` search: the chosen one,
/// or worker 1 if the pool has fewer workers now. The pool reads that tree
/// and the page labels it by this one rule.
///
/// ```
/// use quoridor_page::pool_core::shown_worker;
/// assert_eq!(shown_worker(1, 2), 1);
/// assert_eq!(shown_worker(3, 2), 0);
/// ```
pub fn shown_worker(chosen: usize, workers: usize) -> usize {
    if chosen < workers {
        chosen
    } else {
        0
    }
}

/// What the pool must do after an event.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct PoolOut {
    /// Requests for workers.
    pub to_workers: Vec<(WorkerKey, WorkerRequest)>,
    /// Answers for the page's reducer, as from one engine.
    pub to_page: Vec<WorkerResponse>,
    /// Messages for the notice area (a worker dropped).
    pub notices: Vec<String>,
    /// Workers to end and forget.
    pub dropped: Vec<WorkerKey>,
}

impl PoolOut {
    fn send(&mut self, key: WorkerKey, request: WorkerRequest) {
        self.to_workers.push((key, request));
    }
}

/// One worker of the pool.
#[derive(Clone, Debug, PartialEq)]
struct Member {
    key: WorkerKey,
    /// When it was spawned (ms).
    spawned_ms: f64,
    /// Whether it has answered a ping (it runs).
    started: bool,
}

/// One worker's part in a search.
#[derive(Clone, Debug, PartialEq)]
struct Part {
    key: WorkerKey,
    /// Its latest snapshot.
    latest: Option<SearchInfo>,
    /// Whether `latest` came after the last merged progress went out.
    fresh: bool,
    /// Its `Done` arrived (with its move).
    done: Option<Option<Move>>,
    /// It failed or left; it counts as answered, with what it had sent.
    gone: bool,
}

impl Part {
    fn answered(&self) -> bool {
        self.done.is_some() || self.gone
    }
}

/// The search under way, split over workers.
#[derive(Clone, Debug, PartialEq)]
struct PoolSearch {
    id: SearchId,
    mode: SearchMode,
    /// Root children the page asked for.
    top: usize,
    /// The search's settings (before each worker's share and seed).
    params: SearchParams,
    /// The position searched (`None` if its moves do not replay).
    root: Option<Position>,
    parts: Vec<Part>,
    /// When the first `Done` arrived (ms).
    first_done_ms: Option<f64>,
    /// When the last merged progress went out (ms).
    last_progress_ms: f64,
    /// The merged `Done` went out (or the error); later answers are ignored.
    finished: bool,
}

/// A root-children request fanned out to every worker of a search.
#[derive(Clone, Debug, PartialEq)]
struct RootAsk {
    id: SearchId,
    asked_ms: f64,
    /// Each worker's answer (`None` until it comes), worker 1 first.
    answers: Vec<(WorkerKey, Option<Vec<ChildInfo>>)>,
}

/// Time spent merging snapshots on the page's thread.
#[derive(Clone, Copy, Debug, Default, PartialEq)]
pub struct MergeStats {
    /// Merges done.
    pub count: u64,
    /// Their total time, µs.
    pub total_us: f64,
    /// The longest, µs.
    pub max_us: f64,
}

/// The pool's bookkeeping: its workers, the search split over them and the
/// root-children requests in flight.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct PoolCore {
    members: Vec<Member>,
    next_key: WorkerKey,
    search: Option<PoolSearch>,
    root_asks: Vec<RootAsk>,
    /// Which worker of a search (0 = its first) the tree explorer and the
    /// tree map read below the merged root.
    tree_worker: usize,
    /// Time spent merging (the pool's own clock measures it).
    pub merge: MergeStats,
}

impl PoolCore {
    /// An empty pool.
    pub fn new() -> Self {
        PoolCore::default()
    }

    /// How many workers the pool has.
    pub fn len(&self) -> usize {
        self.members.len()
    }

    /// Reads worker `index`'s tree (0 = worker 1) below the merged root from
    /// now on; a search with fewer workers reads its first.
    pub fn set_tree_worker(&mut self, index: usize) {
        self.tree_worker = index;
    }

    /// How many workers have answered their first ping (they run).
    pub fn started(&self) -> usize {
        self.members.iter().filter(|m| m.started).count()
    }

    /// Whether the pool has no worker.
    pub fn is_empty(&self) -> bool {
        self.members.is_empty()
    }

    /// The workers' keys, worker 1 first.
    pub fn keys(&self) -> Vec<WorkerKey> {
        self.members.iter().map(|m| m.key).collect()
    }

    /// Registers a new worker spawned at `now`; the pool pings it (a worker
    /// that never answers is dropped after [`START_TIMEOUT_MS`]).
    pub fn add(&mut self, now: f64) -> (WorkerKey, PoolOut) {
        let key = self.next_key;
        self.next_key += 1;
        self.members.push(Member {
            key,
            spawned_ms: now,
            started: false,
        });
        let mut out = PoolOut::default();
        out.send(
            key,
            WorkerRequest::Ping {
                id: POOL_PING_ID,
                text: "pool".into(),
            },
        );
        (key, out)
    }

    /// Forgets worker `key` (the pool shrank or it failed); the search goes
    /// on with the others and may end now if they all answered.
    pub fn remove(&mut self, key: WorkerKey) -> PoolOut {
        self.members.retain(|m| m.key != key);
        let mut out = PoolOut::default();
        if let Some(search) = self.search.as_mut() {
            if let Some(part) = search.parts.iter_mut().find(|p| p.key == key) {
                part.gone = true;
            }
        }
        for ask in &mut self.root_asks {
            if let Some((_, answer)) = ask.answers.iter_mut().find(|(k, _)| *k == key) {
                answer.get_or_insert_with(Vec::new);
            }
        }
        self.finish_if_answered(&mut out);
        self.answer_root_asks(&mut out);
        out
    }

    /// The page asks something of "the engine": split it over the workers.
    pub fn request(&mut self, request: WorkerRequest, now: f64) -> PoolOut {
        let mut out = PoolOut::default();
        match request {
            WorkerRequest::Ping { .. } => {
                for m in &self.members {
                    out.send(m.key, request.clone());
                }
            }
            WorkerRequest::Search { .. } => self.start(request, now, &mut out),
            WorkerRequest::Stop { id } => {
                if let Some(search) = self.search.as_ref().filter(|s| s.id == id) {
                    for part in search.parts.iter().filter(|p| !p.answered()) {
                        out.send(part.key, WorkerRequest::Stop { id });
                    }
                }
            }
            WorkerRequest::Children { id, node } if node == ROOT && self.parts_of(id).len() > 1 => {
                // The explored worker's list first: the merged root's node
                // ids are then its own.
                let mut keys = self.parts_of(id);
                if let Some(key) = self.tree_worker(id) {
                    keys.retain(|k| *k != key);
                    keys.insert(0, key);
                }
                for &key in &keys {
                    out.send(key, request.clone());
                }
                self.root_asks.retain(|a| a.id != id);
                self.root_asks.push(RootAsk {
                    id,
                    asked_ms: now,
                    answers: keys.into_iter().map(|k| (k, None)).collect(),
                });
            }
            // Exact values come from the first worker alone: it solves a
            // small board once and keeps the table.
            WorkerRequest::Exact { ref game } => match self.members.first() {
                Some(m) => out.send(m.key, request),
                None => out.to_page.push(WorkerResponse::Exact {
                    game: game.clone(),
                    answer: ExactAnswer::Error("no engine worker is running".into()),
                }),
            },
            // The network's priors: the first worker's network, as any other's.
            WorkerRequest::Priors { ref game } => match self.members.first() {
                Some(m) => out.send(m.key, request),
                None => out.to_page.push(WorkerResponse::Priors {
                    game: game.clone(),
                    priors: None,
                }),
            },
            WorkerRequest::Children { id, .. } | WorkerRequest::TreeMap { id, .. } => {
                match self.tree_worker(id) {
                    Some(key) => out.send(key, request),
                    None => out.to_page.push(WorkerResponse::Error {
                        id,
                        message: "no engine worker is running".into(),
                    }),
                }
            }
        }
        out
    }

    /// The workers of search `id` that are still there, worker 1 first.
    fn parts_of(&self, id: SearchId) -> Vec<WorkerKey> {
        self.search
            .iter()
            .filter(|s| s.id == id)
            .flat_map(|s| &s.parts)
            .filter(|p| !p.gone)
            .map(|p| p.key)
            .collect()
    }

    /// The worker whose tree the explorer and the tree map read for search
    /// `id`: the chosen one of its workers still there (else its first),
    /// else the pool's first.
    fn tree_worker(&self, id: SearchId) -> Option<WorkerKey> {
        let parts = self.parts_of(id);
        parts
            .get(shown_worker(self.tree_worker, parts.len()))
            .copied()
            .or_else(|| self.members.first().map(|m| m.key))
    }

    /// Starts a search: UCT on every worker with its share, alpha-beta on
    /// the first alone.
    fn start(&mut self, request: WorkerRequest, now: f64, out: &mut PoolOut) {
        let WorkerRequest::Search {
            id,
            game,
            config,
            mode,
            top,
        } = request
        else {
            return;
        };
        // A search still running is dropped (the page has stopped it).
        self.root_asks.clear();
        let keys: Vec<WorkerKey> = match config.kind {
            EngineKind::AlphaBeta => self.members.iter().take(1).map(|m| m.key).collect(),
            EngineKind::Uct => self.members.iter().map(|m| m.key).collect(),
        };
        if keys.is_empty() {
            self.search = None;
            out.to_page.push(WorkerResponse::Error {
                id,
                message: "no engine worker is running (reload the page)".into(),
            });
            return;
        }
        let count = keys.len();
        let worker_top = if count > 1 { top.max(MERGE_TOP) } else { top };
        let root = game.replay().ok().map(|g| *g.position());
        for (i, &key) in keys.iter().enumerate() {
            out.send(
                key,
                WorkerRequest::Search {
                    id,
                    game: game.clone(),
                    config: tree_config(&config, i, count),
                    mode,
                    top: worker_top,
                },
            );
        }
        self.search = Some(PoolSearch {
            id,
            mode,
            top: top as usize,
            params: config.params,
            root,
            parts: keys
                .into_iter()
                .map(|key| Part {
                    key,
                    latest: None,
                    fresh: false,
                    done: None,
                    gone: false,
                })
                .collect(),
            first_done_ms: None,
            last_progress_ms: now,
            finished: false,
        });
    }

    /// Worker `key` answered.
    pub fn answer(&mut self, key: WorkerKey, answer: WorkerResponse, now: f64) -> PoolOut {
        let mut out = PoolOut::default();
        match answer {
            WorkerResponse::Pong { .. } => {
                if let Some(m) = self.members.iter_mut().find(|m| m.key == key) {
                    m.started = true;
                }
                out.to_page.push(answer);
            }
            WorkerResponse::Progress { id, info } => {
                if let Some(part) = self.active_part(id, key) {
                    part.latest = Some(info);
                    part.fresh = true;
                    self.progress(now, &mut out);
                }
            }
            WorkerResponse::Done { id, best, info } => {
                if let Some(part) = self.active_part(id, key) {
                    part.latest = Some(info);
                    part.done = Some(best);
                    self.first_done(now, &mut out);
                    self.finish_if_answered(&mut out);
                }
            }
            WorkerResponse::Children {
                id,
                node,
                ref children,
                ..
            } if node == ROOT && self.asked_root(id, key) => {
                self.root_answer(id, key, children.clone());
                self.answer_root_asks(&mut out);
            }
            WorkerResponse::Error { id, message } => self.error(key, id, message, &mut out),
            WorkerResponse::Children { .. }
            | WorkerResponse::TreeMap { .. }
            | WorkerResponse::Exact { .. }
            | WorkerResponse::Priors { .. } => {
                out.to_page.push(answer);
            }
        }
        out
    }

    /// Whether a root-children request for search `id` waits for `key`.
    fn asked_root(&self, id: SearchId, key: WorkerKey) -> bool {
        self.root_asks.iter().any(|a| {
            a.id == id
                && a.answers
                    .iter()
                    .any(|(k, answer)| *k == key && answer.is_none())
        })
    }

    /// Keeps `key`'s root children for the request about search `id`.
    fn root_answer(&mut self, id: SearchId, key: WorkerKey, children: Vec<ChildInfo>) {
        let asks = self.root_asks.iter_mut().filter(|a| a.id == id);
        for (_, answer) in asks
            .flat_map(|a| a.answers.iter_mut())
            .filter(|(k, _)| *k == key)
        {
            *answer = Some(children.clone());
        }
    }

    /// `key`'s part in search `id` if that search runs and `key` has not
    /// answered `Done` yet.
    fn active_part(&mut self, id: SearchId, key: WorkerKey) -> Option<&mut Part> {
        let search = self.search.as_mut().filter(|s| s.id == id && !s.finished)?;
        search
            .parts
            .iter_mut()
            .find(|p| p.key == key && !p.answered())
    }

    /// Sends a merged progress snapshot when every worker still searching
    /// has sent a new one, or when one is overdue.
    fn progress(&mut self, now: f64, out: &mut PoolOut) {
        let Some(search) = self.search.as_mut() else {
            return;
        };
        let all_fresh = search
            .parts
            .iter()
            .filter(|p| !p.answered())
            .all(|p| p.fresh);
        if !all_fresh && now - search.last_progress_ms < PROGRESS_EVERY_MS * 1.5 {
            return;
        }
        let (id, top) = (search.id, search.top);
        search.last_progress_ms = now;
        search.parts.iter_mut().for_each(|p| p.fresh = false);
        if let Some(info) = self.merged(top) {
            out.to_page.push(WorkerResponse::Progress { id, info });
        }
    }

    /// The snapshots of every part still there merged (timing the merge): a
    /// worker that failed or left has no tree to show any more.
    fn merged(&mut self, top: usize) -> Option<SearchInfo> {
        let search = self.search.as_ref()?;
        let infos: Vec<&SearchInfo> = search
            .parts
            .iter()
            .filter(|p| !p.gone)
            .filter_map(|p| p.latest.as_ref())
            .collect();
        let started = crate::worker::precise_ms();
        let merged = merge_root_infos(&infos, top);
        let took_us = (crate::worker::precise_ms() - started).max(0.0) * 1000.0;
        self.merge.count += 1;
        self.merge.total_us += took_us;
        self.merge.max_us = self.merge.max_us.max(took_us);
        merged
    }

    /// On the first `Done`: stop the other workers of the search.
    fn first_done(&mut self, now: f64, out: &mut PoolOut) {
        let Some(search) = self.search.as_mut() else {
            return;
        };
        if search.first_done_ms.is_some() {
            return;
        }
        search.first_done_ms = Some(now);
        for part in search.parts.iter().filter(|p| !p.answered()) {
            out.send(part.key, WorkerRequest::Stop { id: search.id });
        }
    }

    /// Sends the merged `Done` once every part has answered.
    fn finish_if_answered(&mut self, out: &mut PoolOut) {
        let ready = self
            .search
            .as_ref()
            .is_some_and(|s| !s.finished && s.parts.iter().all(Part::answered));
        if ready {
            self.finish(out);
        }
    }

    /// Sends the merged `Done` with what has arrived.
    fn finish(&mut self, out: &mut PoolOut) {
        let Some((id, mode, top)) = self
            .search
            .as_ref()
            .filter(|s| !s.finished)
            .map(|s| (s.id, s.mode, s.top))
        else {
            return;
        };
        // The move comes from every root move, not only the shown ones.
        let merged = self.merged(usize::MAX);
        let Some(search) = self.search.as_mut() else {
            return;
        };
        search.finished = true;
        match merged {
            Some(mut info) => {
                let best = match (mode, search.parts.as_slice()) {
                    (SearchMode::Analysis, _) => None,
                    // One worker: its own choice (final-move rule, tie-break).
                    (SearchMode::Move, [only]) => only.done.flatten(),
                    // Several: the merged choice, as the native threads make
                    // it (a temperature draws among the merged candidates).
                    (SearchMode::Move, _) => {
                        let chosen = match &search.root {
                            Some(root) => {
                                chosen_move(&info, &search.params.choice, search.params.seed, root)
                            }
                            None => info.best_move,
                        };
                        info.best_move = chosen.or(info.best_move);
                        chosen.or_else(|| search.parts.iter().find_map(|p| p.done.flatten()))
                    }
                };
                info.children.truncate(top);
                out.to_page.push(WorkerResponse::Done { id, best, info });
            }
            None => out.to_page.push(WorkerResponse::Error {
                id,
                message: "no engine worker answered".into(),
            }),
        }
    }

    /// Answers root-children requests every worker has answered.
    fn answer_root_asks(&mut self, out: &mut PoolOut) {
        let (ready, waiting): (Vec<RootAsk>, Vec<RootAsk>) = std::mem::take(&mut self.root_asks)
            .into_iter()
            .partition(|a| a.answers.iter().all(|(_, answer)| answer.is_some()));
        self.root_asks = waiting;
        for ask in ready {
            out.to_page.push(merged_root(&ask));
        }
    }

    /// A worker reported an error.
    fn error(&mut self, key: WorkerKey, id: SearchId, message: String, out: &mut PoolOut) {
        if self.asked_root(id, key) {
            self.root_answer(id, key, Vec::new());
            self.answer_root_asks(out);
            return;
        }
        let Some(part) = self.active_part(id, key) else {
            out.to_page.push(WorkerResponse::Error { id, message });
            return;
        };
        part.gone = true;
        if let Some(search) = self
            .search
            .as_mut()
            .filter(|s| s.parts.iter().all(|p| p.gone))
        {
            // Every worker refused the search: it is the search's error.
            search.finished = true;
            out.to_page.push(WorkerResponse::Error { id, message });
            return;
        }
        // One worker failed where others did not: drop it, go on without it.
        let number = self.number(key);
        out.notices.push(format!(
            "Engine worker {number} failed ({message}); the search goes on with the others."
        ));
        out.dropped.push(key);
        out.to_workers.retain(|(k, _)| *k != key);
        let rest = self.remove(key);
        merge_out(out, rest);
    }

    /// Worker `key`'s number as the page shows it (1 = the first).
    pub fn number(&self, key: WorkerKey) -> usize {
        self.members
            .iter()
            .position(|m| m.key == key)
            .map_or(0, |i| i + 1)
    }

    /// Runs the pool's timeouts at `now`: the merged `Done` after the grace
    /// period, workers that never started, root requests left unanswered.
    pub fn tick(&mut self, now: f64) -> PoolOut {
        let mut out = PoolOut::default();
        let late: Vec<Member> = self
            .members
            .iter()
            .filter(|m| !m.started && now - m.spawned_ms > START_TIMEOUT_MS)
            .cloned()
            .collect();
        for m in late {
            out.notices.push(format!(
                "Engine worker {} did not start; searching with the others.",
                self.number(m.key)
            ));
            out.dropped.push(m.key);
            let rest = self.remove(m.key);
            merge_out(&mut out, rest);
        }
        let overdue = self.search.as_ref().is_some_and(|s| {
            !s.finished && s.first_done_ms.is_some_and(|t| now - t >= DONE_GRACE_MS)
        });
        if overdue {
            self.finish(&mut out);
        }
        for ask in &mut self.root_asks {
            if now - ask.asked_ms >= DONE_GRACE_MS {
                for (_, answer) in &mut ask.answers {
                    answer.get_or_insert_with(Vec::new);
                }
            }
        }
        self.answer_root_asks(&mut out);
        out
    }

    /// Whether a timeout may be due (the pool's timer runs only then).
    pub fn waiting(&self) -> bool {
        self.members.iter().any(|m| !m.started)
            || !self.root_asks.is_empty()
            || self
                .search
                .as_ref()
                .is_some_and(|s| !s.finished && s.first_done_ms.is_some())
    }
}

/// The merged root of a fanned-out children request: worker 1's list first,
/// so node ids (and child counts) are worker 1's.
fn merged_root(ask: &RootAsk) -> WorkerResponse {
    let lists: Vec<&[ChildInfo]> = ask
        .answers
        .iter()
        .map(|(_, a)| a.as_deref().unwrap_or_default())
        .collect();
    WorkerResponse::Children {
        id: ask.id,
        node: ROOT,
        path: Vec::new(),
        children: merge_root_children(&lists),
    }
}

/// Appends `more` to `out`.
fn merge_out(out: &mut PoolOut, more: PoolOut) {
    out.to_workers.extend(more.to_workers);
    out.to_page.extend(more.to_page);
    out.notices.extend(more.notices);
    out.dropped.extend(more.dropped);
}

/// Worker `index`'s share of `config` when `count` workers search it: its
/// seed, budgets and playouts, one thread each ([`tree_params`], the native
/// threads' rule; alpha-beta searches on one worker, which gets the whole).
fn tree_config(config: &EngineConfig, index: usize, count: usize) -> EngineConfig {
    let mut share = config.clone();
    (share.params, share.uct) = tree_params(&config.params, &config.uct, index, count);
    share
}

#[cfg(test)]
#[path = "pool_core_tests.rs"]
mod tests;
