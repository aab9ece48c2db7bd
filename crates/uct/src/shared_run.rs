//! One slice of a native search on several threads that share its tree
//! (see [`super::Uct::run`]).

use super::descent::{ranked_reserve, Descent, Worker};
use super::params::UctParams;
use super::tree::Tree;
use quoridor_learned::Network;
use quoridor_rules::Position;
use quoridor_search::now_ms;
use quoridor_search::PawnRace;
use quoridor_search::SearchParams;
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
    pub params: &'a SearchParams,
    pub uct: &'a UctParams,
    pub tree: &'a Tree,
    pub root: &'a Position,
    pub race: Option<&'a PawnRace>,
    /// The network that scores where a playout stops, if any.
    pub network: Option<&'a Network>,
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
        let (p, uct) = (self.params, self.uct);
        let mut done = 0u64;
        loop {
            if self.stop.load(Ordering::Relaxed)
                || self.no_move.load(Ordering::Relaxed)
                || self.tree.root_solved(uct.solver)
                || (done % 16 == 0
                    && (p.limits.time_reached(|| now_ms() - self.started_ms)
                        || self.slice.0.time_reached(|| now_ms() - self.slice_start)
                        || (!self.full
                            && !self.tree.has_room(uct.tree_bytes(), ranked_reserve(p, uct)))))
            {
                return;
            }
            let claimed = self.think_claimed.fetch_add(1, Ordering::Relaxed);
            let slice_claimed = self.slice_claimed.fetch_add(1, Ordering::Relaxed);
            if p.limits.playouts_reached(claimed) || self.slice.0.playouts_reached(slice_claimed) {
                return;
            }
            let mut descent = Descent {
                params: p,
                uct,
                tree: self.tree,
                root: self.root,
                race: self.race,
                network: self.network,
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
