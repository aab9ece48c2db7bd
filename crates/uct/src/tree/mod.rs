//! The search tree in a node pool: nodes refer to each other by index, and
//! hold statistics only (the position is replayed down the descent). Nodes
//! are atomics, so that several threads can grow one tree together.
//!
//! The pool is [`Tree`]; its files: ids ([`NodeId`]), nodes, move sets,
//! the pools' room, children, proofs and keeping a subtree.

mod children;
mod id;
mod move_set;
mod node;
mod pool;
mod proof;
mod slots;
mod subtree;

pub(crate) use move_set::{MoveSet, SetPriors, TriedSet, PRIOR_MOVES};
pub(crate) use node::{Node, Prior};
pub(crate) use proof::Proof;
pub use quoridor_search::{NodeId, ROOT};

use std::ops::Index;
use std::sync::atomic::Ordering::Relaxed;
use std::sync::atomic::{AtomicU64, AtomicUsize};
use std::sync::Mutex;

/// The node pool.
///
/// Several threads may search one tree through `&Tree`: node statistics are
/// atomics, a node's children are added under its move set's lock, and
/// slots are handed out by atomic counters from pools that do not move
/// while searches run (they grow only through `&mut Tree`, between runs:
/// see [`Tree::make_room`]).
#[derive(Debug)]
pub(crate) struct Tree {
    /// Every slot is a valid node; the first `used` are in use.
    nodes: Vec<Node>,
    used: AtomicUsize,
    /// Move sets, the first `sets_used` in use.
    sets: Vec<Mutex<MoveSet>>,
    sets_used: AtomicUsize,
    /// Bytes held by the vectors of ranked moves (kept as they are added,
    /// so that [`Tree::memory_bytes`] need not walk them).
    ranked_bytes: AtomicU64,
    /// Slots in use held for children not made yet (see [`Tree::add_child`]).
    reserved: AtomicUsize,
}

impl Tree {
    pub fn new() -> Tree {
        Tree {
            nodes: vec![Node::default()],
            used: AtomicUsize::new(1),
            sets: Vec::new(),
            sets_used: AtomicUsize::new(0),
            ranked_bytes: AtomicU64::new(0),
            reserved: AtomicUsize::new(0),
        }
    }

    /// Slots of the node pool in use (held ones included).
    fn used(&self) -> usize {
        self.used.load(Relaxed).min(self.nodes.len())
    }

    /// Number of nodes (slots held for children not made yet do not count).
    pub fn len(&self) -> usize {
        self.used() - self.reserved.load(Relaxed)
    }

    /// Whether `id` is a node of this tree.
    pub fn contains(&self, id: NodeId) -> bool {
        id.slot() < self.used() && !self.is_reserved(id.slot())
    }

    /// Whether the slot is held for a child not made yet: such a slot has a
    /// parent but no move (only the root has no move, and it has no parent).
    fn is_reserved(&self, slot: usize) -> bool {
        self.nodes
            .get(slot)
            .is_some_and(|n| n.mv.load(Relaxed) == 0 && n.parent.load(Relaxed) != 0)
    }
}

impl Index<NodeId> for Tree {
    type Output = Node;
    #[inline]
    fn index(&self, id: NodeId) -> &Node {
        &self.nodes[id.slot()]
    }
}

#[cfg(test)]
mod fixtures {
    //! Trees the tests of this folder build.

    use super::*;
    use quoridor_rules::Move;

    pub(super) fn mv(text: &str) -> Move {
        text.parse().expect("move")
    }

    /// Room for a few blocks, as a search makes before it adds children.
    pub(super) fn roomy() -> Tree {
        let mut tree = Tree::new();
        assert!(tree.make_room(u64::MAX, 0, 64, 8));
        tree
    }

    /// Adds a child of `parent` for `text`, giving the parent a move set first.
    pub(super) fn add(tree: &Tree, parent: NodeId, text: &str) -> NodeId {
        let set = tree.move_set(parent, Vec::new).expect("room for a set");
        let mut set = tree.lock(set);
        tree.add_child(parent, &mut set, mv(text), 9)
            .expect("room for a child")
    }

    /// Root with children e2 and d1h; e2 with child e8.
    pub(super) fn small_tree() -> (Tree, [NodeId; 3]) {
        let tree = roomy();
        let e2 = add(&tree, ROOT, "e2");
        let d1h = add(&tree, ROOT, "d1h");
        let e8 = add(&tree, e2, "e8");
        (tree, [e2, d1h, e8])
    }

    /// Grows a tree as a shared search does until its budget stops it:
    /// room for a quarter of the tree made before each slice (the pools
    /// cannot grow while threads read them), then children added while
    /// there is room; three children for every move set, eight ranked
    /// moves in each set.
    pub(super) fn fill_to_budget(budget: u64) -> Tree {
        let mut tree = Tree::new();
        let reserve = (8 * std::mem::size_of::<Move>()) as u64;
        let moves = [mv("e2"), mv("d1"), mv("f1")];
        let mut parents = std::collections::VecDeque::from([(ROOT, 0)]);
        loop {
            let room = (tree.len() / 4).max(64);
            tree.make_room(budget, reserve, room, room / 2);
            let mut added = 0;
            while added < room && tree.has_room(budget, reserve) {
                let Some((id, tried)) = parents.pop_front() else {
                    break;
                };
                let m = moves[tried];
                let set = tree.move_set(id, || vec![m; 8]).expect("set");
                let child = tree.add_child(id, &mut tree.lock(set), m, 9);
                parents.push_back((child.expect("room"), 0));
                if tried + 1 < moves.len() {
                    parents.push_front((id, tried + 1));
                }
                added += 1;
            }
            if added == 0 {
                return tree;
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::fixtures::{mv, small_tree};
    use super::*;

    #[test]
    fn node_ids_index_the_pool_in_creation_order() {
        let (tree, [e2, d1h, e8]) = small_tree();
        assert_eq!([e2, d1h, e8].map(NodeId::index), [1, 2, 3]);
        assert_eq!(tree[e2].mv(), Some(mv("e2")));
        assert_eq!(tree[e8].parent(), Some(e2));
        assert_eq!(tree[ROOT].parent(), None);
        assert_eq!(tree[ROOT].mv(), None);
        tree[d1h].add_result(1.0);
        assert_eq!(tree.nodes[2].visits(), 1);
        assert!(tree.contains(e8));
        assert!(!tree.contains(NodeId::new(4).expect("id")));
    }
}
