//! Keeping the subtree under the move played: a new, compact tree.

use super::children::run_at;
use super::id::{id_at, pack_id, unpack_id, MoveSetId, NodeId};
use super::move_set::MoveSet;
use super::node::Node;
use super::Tree;
use std::sync::atomic::Ordering::Relaxed;
use std::sync::atomic::{AtomicU64, AtomicUsize};
use std::sync::Mutex;

impl Tree {
    /// A new tree holding only the subtree under `id`, which becomes the
    /// root; the rest of this tree is dropped. The move sets are moved, not
    /// copied (each holds a heap vector of ranked moves), so that keeping a
    /// big tree between moves costs no allocation per expanded node.
    ///
    /// The new pools hold exactly the subtree (no spare capacity), so the
    /// kept tree never holds more memory than the old one did.
    pub fn into_subtree(self, id: NodeId) -> Tree {
        // Breadth-first order, each node with the index of its parent in
        // it (so a node's children get neighbouring slots).
        let mut order: Vec<(NodeId, Option<NodeId>)> = vec![(id, None)];
        let mut head = 0;
        let mut set_count = 0;
        while head < order.len() {
            let (old, _) = order[head];
            let new_id = id_at(head);
            head += 1;
            set_count += usize::from(self[old].tried().is_some());
            order.extend(self.children(old).map(|child| (child, Some(new_id))));
        }
        let mut nodes: Vec<Node> = Vec::with_capacity(order.len());
        let mut sets: Vec<Mutex<MoveSet>> = Vec::with_capacity(set_count);
        let mut ranked_bytes = 0;
        for &(old, new_parent) in &order {
            let new_id = id_at(nodes.len());
            let node = self[old].detached_copy();
            if let Some(set) = self[old].tried() {
                let moved = std::mem::take(&mut *self.lock(set));
                ranked_bytes += moved.heap_bytes();
                if let Some(new_set) = MoveSetId::new(sets.len()) {
                    node.tried.store(new_set.0.get(), Relaxed);
                    sets.push(Mutex::new(moved));
                }
            }
            node.parent.store(pack_id(new_parent), Relaxed);
            match new_parent {
                None => node.mv.store(0, Relaxed),
                Some(parent) => {
                    let p = &nodes[parent.slot()];
                    let older = unpack_id(p.first_child.load(Relaxed));
                    node.next_sibling.store(pack_id(older), Relaxed);
                    node.run
                        .store(run_at(&nodes, new_id.slot(), older), Relaxed);
                    p.first_child.store(pack_id(Some(new_id)), Relaxed);
                    p.children.fetch_add(1, Relaxed);
                }
            }
            nodes.push(node);
        }
        Tree {
            used: AtomicUsize::new(nodes.len()),
            nodes,
            sets_used: AtomicUsize::new(sets.len()),
            sets,
            ranked_bytes: AtomicU64::new(ranked_bytes),
            reserved: AtomicUsize::new(0),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::super::fixtures::{fill_to_budget, mv, small_tree};
    use super::super::ROOT;

    #[test]
    fn a_subtree_renumbers_from_its_new_root() {
        let (tree, [e2, _, _]) = small_tree();
        for _ in 0..3 {
            tree[e2].add_result(1.0);
        }
        let sub = tree.into_subtree(e2);
        assert_eq!(sub.len(), 2);
        assert_eq!(sub[ROOT].visits(), 3);
        assert_eq!(sub[ROOT].mean(), 1.0);
        assert_eq!(sub[ROOT].mv(), None, "the new root has no move");
        assert_eq!(sub[ROOT].parent(), None);
        let child = sub.children(ROOT).next().expect("e8 copied");
        assert_eq!(child.index(), 1);
        assert_eq!(sub[child].mv(), Some(mv("e8")));
        assert_eq!(sub[child].parent(), Some(ROOT));
        assert!(sub.tried_of(ROOT).has(mv("e8"), 9));
    }

    #[test]
    fn a_kept_subtree_holds_no_spare_capacity() {
        let tree = fill_to_budget(1 << 20);
        let before = tree.memory_bytes();
        let child = tree.children(ROOT).next().expect("a child");
        let sub = tree.into_subtree(child);
        assert_eq!(sub.nodes.capacity(), sub.nodes.len());
        assert_eq!(sub.sets.capacity(), sub.sets.len());
        assert!(
            sub.memory_bytes() < before,
            "{} of {before} bytes",
            sub.memory_bytes()
        );
        let whole = fill_to_budget(1 << 20);
        let (len, bytes) = (whole.len(), whole.memory_bytes());
        let same = whole.into_subtree(ROOT);
        assert_eq!(same.len(), len);
        assert!(
            same.memory_bytes() <= bytes,
            "{} of {bytes} bytes",
            same.memory_bytes()
        );
    }
}
