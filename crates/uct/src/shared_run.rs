//! One slice of a native search on several threads that share its tree
//! (see [`super::Uct::run`]).

use super::descent::{ranked_reserve, Descent, SearchView, Worker};
use quoridor_search::now_ms;
use quoridor_search::Slice;
use std::sync::atomic::{AtomicBool, AtomicU64, Ordering};

/// One slice of a search on several threads sharing its tree.
pub(super) struct SharedRun<'a> {
    pub slice: Slice,
    pub slice_start: f64,
    /// Playouts of the think so far plus those under way (each thread
    /// claims one before it starts it, so that a playout limit is exact).
    pub think_claimed: AtomicU64,
    /// The same for this slice.
    pub slice_claimed: AtomicU64,
    /// Set when the root turned out to have no move at all.
    pub no_move: AtomicBool,
    /// The settings, tree, root, network and race table every thread reads.
    pub view: SearchView<'a>,
    pub stop: &'a AtomicBool,
    pub started_ms: f64,
    /// Whether the tree is full: then the slice runs on when no room is
    /// left (its playouts add something new only when they are random).
    pub full: bool,
}

impl SharedRun<'_> {
    /// Runs the slice with one thread per worker (the caller's is the
    /// first); whether the root turned out to have no move.
    pub fn on(&self, workers: &mut [Worker]) -> bool {
        if let Some((first, rest)) = workers.split_first_mut() {
            std::thread::scope(|scope| {
                for worker in rest {
                    scope.spawn(move || self.work(worker));
                }
                self.work(first);
            });
        }
        self.no_move.load(Ordering::Relaxed)
    }

    /// One thread's part: iterations until the slice or the think ends, or
    /// the room made for the slice is used up (the pools grow only between
    /// slices; descents that cannot add a node would only score leaves again).
    fn work(&self, worker: &mut Worker) {
        let (p, uct, tree) = (self.view.params, self.view.uct, self.view.tree);
        let mut done = 0u64;
        loop {
            if self.stop.load(Ordering::Relaxed)
                || self.no_move.load(Ordering::Relaxed)
                || tree.root_settled(uct.solver, self.view.win_floor)
                || (done % 16 == 0
                    && (p.limits.time_reached(|| now_ms() - self.started_ms)
                        || self.slice.0.time_reached(|| now_ms() - self.slice_start)
                        || (!self.full
                            && !tree.has_room(
                                uct.tree_bytes(),
                                ranked_reserve(p, uct, self.view.priors.is_some()),
                            ))))
            {
                return;
            }
            let claimed = self.think_claimed.fetch_add(1, Ordering::Relaxed);
            let slice_claimed = self.slice_claimed.fetch_add(1, Ordering::Relaxed);
            if p.limits.playouts_reached(claimed) || self.slice.0.playouts_reached(slice_claimed) {
                return;
            }
            let mut descent = Descent {
                view: self.view,
                worker: &mut *worker,
                shared: true,
            };
            if !descent.iterate() {
                self.no_move.store(true, Ordering::Relaxed);
                return;
            }
            done += 1;
        }
    }
}
