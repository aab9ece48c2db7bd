//! The pools' room: how many node slots and move sets a tree holds within
//! its memory budget, and how slots are handed out.

use super::move_set::MoveSet;
use super::node::Node;
use super::Tree;
use std::sync::atomic::Ordering::Relaxed;
use std::sync::Mutex;

/// Most slots one block of siblings holds.
const MAX_BLOCK: usize = 16;

/// Move sets a tree has before [`Tree::pool_caps`] goes by its own mix.
const MIX_SAMPLE: usize = 1024;

/// Slots of the next block of siblings for a parent with `children`
/// children: about half as many again, so that unused slots stay under a
/// third of a parent's children while walking them touches few blocks.
pub(super) fn block_len(children: u16) -> usize {
    (usize::from(children) / 2 + 1).min(MAX_BLOCK)
}

/// Makes `v` (of which `used` elements are in use) have `asked` unused
/// elements, or at least `least` when the bytes allow no more, without its
/// allocation growing by more than `free` bytes: doubles it where that
/// fits, otherwise grows it by what does. `false` when not even `least`
/// unused elements fit.
fn make_room_in<T: Default>(
    v: &mut Vec<T>,
    used: usize,
    free: u64,
    least: usize,
    asked: usize,
) -> bool {
    let spare = v.len().saturating_sub(used);
    if spare >= asked.max(least) {
        return true;
    }
    let size = std::mem::size_of::<T>().max(1) as u64;
    let wanted = v.len().max(16).max(asked) as u64;
    // At most the length (or 16, or `asked`), so it fits a usize.
    let extra = wanted.min(free / size) as usize;
    if spare + extra < least {
        return false;
    }
    v.reserve_exact(extra);
    v.resize_with(v.len() + extra, T::default);
    true
}

impl Tree {
    /// Bytes held by the pools (allocated capacity).
    pub fn memory_bytes(&self) -> u64 {
        (self.nodes.capacity() * std::mem::size_of::<Node>()
            + self.sets.capacity() * std::mem::size_of::<Mutex<MoveSet>>()) as u64
            + self.ranked_bytes.load(Relaxed)
    }

    /// Whether the pools have room for one more block of children and the
    /// move set their parent may need, with the bytes held within `budget`
    /// and `reserve` bytes to spare (for the ranked moves of that set).
    pub fn has_room(&self, budget: u64, reserve: u64) -> bool {
        self.nodes.len() - self.used() >= MAX_BLOCK
            && self.sets.len() > self.sets_used.load(Relaxed)
            && self.memory_bytes() + reserve <= budget
    }

    /// Makes room for `nodes` more nodes and `sets` more move sets (at
    /// least one block and one set), keeping the bytes held within `budget`
    /// with `reserve` bytes to spare; whether there is room for one more
    /// block and set afterwards (see [`Tree::has_room`]).
    ///
    /// Neither pool grows past its part of the budget ([`Tree::pool_caps`]):
    /// a pool that took all the free bytes would leave its slots unusable
    /// once the other pool, or the ranked moves, ran out.
    pub fn make_room(&mut self, budget: u64, reserve: u64, nodes: usize, sets: usize) -> bool {
        let free = |tree: &Tree| budget.saturating_sub(tree.memory_bytes() + reserve);
        let (node_cap, set_cap) = self.pool_caps(budget, reserve);
        let below_cap = |cap: usize, len: usize, size: usize| {
            (cap.saturating_sub(len) as u64).saturating_mul(size as u64)
        };
        let used = self.used();
        let room = free(self).min(below_cap(node_cap, self.nodes.len(), size_of::<Node>()));
        if !make_room_in(&mut self.nodes, used, room, MAX_BLOCK, nodes) {
            return false;
        }
        let sets_used = self.sets_used.load(Relaxed);
        let set_size = size_of::<Mutex<MoveSet>>();
        let room = free(self).min(below_cap(set_cap, self.sets.len(), set_size));
        make_room_in(&mut self.sets, sets_used, room, 1, sets);
        self.has_room(budget, reserve)
    }

    /// The most slots the node pool and the move-set pool should have
    /// within `budget`: as many nodes as fit with their share of move sets
    /// and ranked moves, in the tree's own mix (move sets per node, ranked
    /// bytes per set) once it has [`MIX_SAMPLE`] sets, otherwise one set
    /// per node holding `reserve` bytes of ranked moves.
    fn pool_caps(&self, budget: u64, reserve: u64) -> (usize, usize) {
        let sets_used = self.sets_used.load(Relaxed);
        let (sets_per_node, ranked_per_set) = if sets_used >= MIX_SAMPLE {
            (
                sets_used as f64 / self.used().max(1) as f64,
                self.ranked_bytes.load(Relaxed) as f64 / sets_used as f64,
            )
        } else {
            (1.0, reserve as f64)
        };
        let set_bytes = size_of::<Mutex<MoveSet>>() as f64 + ranked_per_set;
        let node_bytes = size_of::<Node>() as f64 + sets_per_node * set_bytes;
        let nodes = budget.saturating_sub(reserve) as f64 / node_bytes;
        // Float to integer casts saturate.
        (nodes as usize, (nodes * sets_per_node).ceil() as usize)
    }
}

#[cfg(test)]
mod tests {
    use super::super::fixtures::{fill_to_budget, mv};
    use super::super::ROOT;
    use super::*;
    use quoridor_rules::Move;

    #[test]
    fn the_tree_stops_growing_at_its_memory_budget() {
        let budget = 10_000;
        let mut tree = Tree::new();
        let mut parent = ROOT;
        let mut added = 0;
        let reserve = (24 * std::mem::size_of::<Move>()) as u64;
        while tree.make_room(budget, reserve, 0, 0) {
            let set = tree.move_set(parent, || vec![mv("e2"); 24]).expect("set");
            parent = tree
                .add_child(parent, &mut tree.lock(set), mv("e2"), 9)
                .expect("room");
            added += 1;
            assert!(
                tree.memory_bytes() <= budget,
                "{} bytes",
                tree.memory_bytes()
            );
        }
        assert!(added > 20, "only {added} nodes in {budget} bytes");
        assert!(
            tree.memory_bytes() > budget / 2,
            "stopped at {} of {budget} bytes",
            tree.memory_bytes()
        );
        let (len, ranked_bytes) = (tree.len(), tree.ranked_bytes.load(Relaxed));
        let sub = tree.into_subtree(ROOT);
        assert_eq!(sub.len(), len);
        assert_eq!(
            sub.ranked_bytes.load(Relaxed),
            ranked_bytes,
            "the copy counts its ranked moves"
        );
    }

    #[test]
    fn the_budget_goes_to_slots_the_tree_can_fill() {
        for budget in [1 << 20, 5_000_000, 12 << 20] {
            let tree = fill_to_budget(budget);
            let bytes = tree.memory_bytes();
            assert!(bytes <= budget, "{bytes} of {budget} bytes");
            assert!(bytes * 100 >= budget * 99, "{bytes} of {budget} bytes");
            // Neither pool took the room the other (or the ranked moves)
            // needed: when the tree stops, both are nearly full.
            let (nodes, sets) = (tree.used(), tree.sets_used.load(Relaxed));
            let (node_slots, set_slots) = (tree.nodes.len(), tree.sets.len());
            assert!(
                nodes * 100 >= node_slots * 99,
                "{nodes} of {node_slots} nodes"
            );
            assert!(
                sets * 100 >= set_slots * 99,
                "{sets} of {set_slots} move sets"
            );
        }
    }

    #[test]
    fn room_grows_by_what_still_fits() {
        let mut v: Vec<u64> = vec![0; 16];
        assert!(make_room_in(&mut v, 16, 40, 1, 1), "five more fit");
        assert_eq!(v.len(), 21);
        assert!(!make_room_in(&mut v, 21, 7, 1, 1), "not even one more");
        assert!(make_room_in(&mut v, 21, u64::MAX, 1, 1));
        assert!(v.len() >= 42, "doubles when it fits");
        let len = v.len();
        assert!(
            make_room_in(&mut v, len - 2, 0, 2, 2),
            "two spare slots are room for two"
        );
        assert!(
            !make_room_in(&mut v, len - 1, 8, 3, 3),
            "one more fits, not two"
        );
        assert!(make_room_in(&mut v, len - 1, 16, 3, 3));
        assert_eq!(v.len(), len + 2);
    }
}
