//! A node's children: added in blocks of neighbouring slots, walked newest
//! first.

use super::id::{id_at, pack_id, NodeId};
use super::move_set::MoveSet;
use super::node::{pack_move, Node};
use super::pool::block_len;
use super::proof::{encode, Proof};
use super::slots::take_slots;
use super::Tree;
use quoridor_rules::Move;
use std::sync::atomic::Ordering::{Relaxed, Release};

impl Tree {
    /// The slot for a new child of `parent` (whose expansion lock the caller
    /// holds): the next one in the block of its newest child if that block
    /// has room, otherwise the first of a new block at the end of the pool.
    /// `None` when the pool is full.
    fn child_slot(&self, parent: NodeId) -> Option<usize> {
        let p = &self[parent];
        let next = p.first_child().map(|c| c.slot() + 1);
        if let Some(slot) = next.filter(|&s| {
            s < self.used() && self.is_reserved(s) && self.nodes[s].parent() == Some(parent)
        }) {
            self.reserved.fetch_sub(1, Relaxed);
            return Some(slot);
        }
        let len = block_len(p.children());
        let slot = take_slots(&self.used, self.nodes.len(), len)?;
        for held in &self.nodes[slot + 1..slot + len] {
            held.parent.store(pack_id(Some(parent)), Relaxed);
        }
        self.reserved.fetch_add(len - 1, Relaxed);
        Some(slot)
    }

    /// Adds a child of `parent` for `mv` and returns its id; `None` when
    /// the pool is full. `set` is the parent's move set, locked by the
    /// caller (so one thread at a time adds children to a node).
    ///
    /// Siblings are made one at a time over a search, yet selection walks
    /// all of them at every visit of their parent: a parent's children are
    /// therefore kept in blocks of neighbouring slots (see `block_len`), so
    /// that walking them reads a few stretches of memory instead of a cache
    /// miss per child.
    pub fn add_child(
        &self,
        parent: NodeId,
        set: &mut MoveSet,
        mv: Move,
        size: u8,
    ) -> Option<NodeId> {
        let slot = self.child_slot(parent)?;
        let id = id_at(slot);
        let p = &self[parent];
        let child = &self.nodes[slot];
        child.score.store(0, Relaxed);
        child.visits.store(0, Relaxed);
        child.first_child.store(0, Relaxed);
        child.tried.store(0, Relaxed);
        child.candidates.store(0, Relaxed);
        child.selection_mean.store(0, Relaxed);
        child.inverse_sqrt_visits.store(0, Relaxed);
        child.children.store(0, Relaxed);
        child.proof.store(encode(Proof::Unknown, 0), Relaxed);
        child.restricted.store(false, Relaxed);
        child.prior.store(set.prior_of(mv).0, Relaxed);
        child.next_prior.store(0, Relaxed);
        child.parent.store(pack_id(Some(parent)), Relaxed);
        let older = p.first_child();
        child.next_sibling.store(pack_id(older), Relaxed);
        child.run.store(run_at(&self.nodes, slot, older), Relaxed);
        child.mv.store(pack_move(Some(mv)), Relaxed);
        p.first_child.store(pack_id(Some(id)), Release);
        p.children.fetch_add(1, Relaxed);
        set.tried.insert(mv, size);
        if set.priors.is_some() {
            p.set_next_prior(set.next_prior(size));
        }
        Some(id)
    }

    /// The children of `id`, newest first.
    pub fn children(&self, id: NodeId) -> ChildIter<'_> {
        let next = self[id].first_child();
        ChildIter {
            tree: self,
            next,
            below: self.run_below(next),
        }
    }

    /// Siblings in the slots right below `id`, in the order of the links.
    fn run_below(&self, id: Option<NodeId>) -> u16 {
        id.map_or(0, |id| self[id].run.load(Relaxed).saturating_sub(1))
    }
}

/// Iterator over a node's children.
///
/// Siblings are made in blocks of neighbouring slots, each linked to the
/// one in the slot below, and a node's `run` says how many follow it that
/// way. Within a run the iterator takes the next id from the slot number
/// instead of loading the link: the addresses of the next children do not
/// wait for this one's memory, so the processor fetches several at once
/// (walking a large tree's children link by link was a chain of cache
/// misses). The links are read only between runs; the order is theirs.
pub(crate) struct ChildIter<'a> {
    tree: &'a Tree,
    next: Option<NodeId>,
    /// Siblings in the slots right below `next`.
    below: u16,
}

impl Iterator for ChildIter<'_> {
    type Item = NodeId;
    #[inline]
    fn next(&mut self) -> Option<NodeId> {
        let id = self.next?;
        if self.below > 0 {
            self.below -= 1;
            self.next = id.index().checked_sub(1).and_then(NodeId::new);
        } else {
            self.next = self.tree[id].next_sibling();
            self.below = self.tree.run_below(self.next);
        }
        Some(id)
    }
}

/// The `run` of a node linked in `slot` in front of `older`, its parent's
/// newest child until then: one more than `older`'s when that is the slot
/// right below.
pub(super) fn run_at(nodes: &[Node], slot: usize, older: Option<NodeId>) -> u16 {
    match older {
        Some(o) if o.slot() + 1 == slot => nodes[o.slot()].run.load(Relaxed).saturating_add(1),
        _ => 1,
    }
}

#[cfg(test)]
mod tests {
    use super::super::fixtures::{add, mv, roomy, small_tree};
    use super::super::ROOT;
    use super::*;

    #[test]
    fn children_come_newest_first() {
        let (tree, [e2, d1h, e8]) = small_tree();
        assert_eq!(tree.children(ROOT).collect::<Vec<_>>(), [d1h, e2]);
        assert_eq!(tree.children(e2).collect::<Vec<_>>(), [e8]);
        assert_eq!(tree.children(e8).count(), 0);
        assert!(tree.tried_of(ROOT).has(mv("d1h"), 9));
        assert!(!tree.tried_of(ROOT).has(mv("d1v"), 9));
        assert!(tree.tried_of(e8).pawn.is_empty());
    }

    #[test]
    fn siblings_fill_blocks_of_neighbouring_slots() {
        let tree = roomy();
        let moves = ["e2", "d1h", "d1v", "e1h", "e1v", "f1h", "f1v", "g1h"];
        let mut ids = Vec::new();
        for (i, m) in moves.iter().enumerate() {
            ids.push(add(&tree, ROOT, m));
            let grandchildren = usize::from(i > 2);
            assert_eq!(
                tree.len(),
                i + 2 + grandchildren,
                "held slots are not nodes"
            );
            if i == 2 {
                // A grandchild starts its own block behind the root's.
                let e8 = add(&tree, ids[0], "e8");
                assert_eq!(e8.index(), 5);
            }
        }
        // Blocks of 1, 1, 2 (slot 4 held), then after e8 at 5 blocks of 3
        // and 4 slots.
        let slots: Vec<u32> = ids.iter().map(|id| id.index()).collect();
        assert_eq!(slots, [1, 2, 3, 4, 6, 7, 8, 9]);
        assert_eq!(tree.used(), 13, "slots 10 to 12 are held for the root");
        assert!(!tree.contains(NodeId::new(10).expect("id")));
        let newest_first: Vec<NodeId> = ids.iter().rev().copied().collect();
        assert_eq!(tree.children(ROOT).collect::<Vec<_>>(), newest_first);
        let len = tree.len();
        assert_eq!(
            tree.into_subtree(ROOT).len(),
            len,
            "held slots are not copied"
        );
    }

    /// The children of `id` by their links alone, newest first.
    fn linked_children(tree: &Tree, id: NodeId) -> Vec<NodeId> {
        let mut out = Vec::new();
        let mut next = tree[id].first_child();
        while let Some(child) = next {
            out.push(child);
            next = tree[child].next_sibling();
        }
        out
    }

    /// A tree whose three parents (the root, `e2`, `d1h`) and `e8` under
    /// `e2` got their children taking turns, so that each of them has
    /// several blocks with other parents' blocks in between.
    fn interleaved_tree() -> (Tree, [NodeId; 3]) {
        let mut tree = Tree::new();
        assert!(tree.make_room(u64::MAX, 0, 512, 64));
        let walls = [
            "a1h", "b2h", "c3h", "d4h", "e5h", "f6h", "g7h", "h8h", "a3v", "b4v",
        ];
        let parents = [ROOT, add(&tree, ROOT, "e2"), add(&tree, ROOT, "d1h")];
        let e8 = add(&tree, parents[1], "e8");
        for wall in walls {
            for &parent in &parents {
                add(&tree, parent, wall);
            }
            add(&tree, e8, wall);
        }
        (tree, parents)
    }

    #[test]
    fn children_are_walked_in_link_order_across_blocks_and_copies() {
        let (tree, _) = interleaved_tree();
        let all: Vec<NodeId> = (0..tree.used() as u32)
            .filter_map(NodeId::new)
            .filter(|&id| tree.contains(id))
            .collect();
        for &id in &all {
            assert_eq!(
                tree.children(id).collect::<Vec<_>>(),
                linked_children(&tree, id)
            );
        }
        assert_eq!(tree.children(ROOT).count(), 12);
        // A copy is one block a parent, walked in its own link order, with
        // the same moves as the original.
        for index in [0, 1] {
            let (tree, parents) = interleaved_tree();
            let node = parents[index];
            let moves = |tree: &Tree, id| {
                let mut moves: Vec<Option<Move>> =
                    tree.children(id).map(|c| tree[c].mv()).collect();
                moves.sort_by_key(|m| m.map(|m| m.to_string()));
                moves
            };
            let expected = moves(&tree, node);
            let copy = tree.into_subtree(node);
            for id in (0..copy.used() as u32).filter_map(NodeId::new) {
                assert_eq!(
                    copy.children(id).collect::<Vec<_>>(),
                    linked_children(&copy, id)
                );
            }
            assert_eq!(moves(&copy, ROOT), expected);
        }
    }

    #[test]
    fn threads_adding_children_to_one_node_make_each_move_once() {
        let mut tree = Tree::new();
        assert!(tree.make_room(u64::MAX, 0, 4096, 64));
        let moves: Vec<Move> = ["a", "b", "c", "d", "e", "f", "g", "h"]
            .iter()
            .flat_map(|f| (1..=8).map(move |r| mv(&format!("{f}{r}h"))))
            .collect();
        std::thread::scope(|scope| {
            for _ in 0..4 {
                scope.spawn(|| {
                    for m in &moves {
                        let set = tree.move_set(ROOT, Vec::new).expect("set");
                        let mut set = tree.lock(set);
                        if !set.tried.has(*m, 9) {
                            tree.add_child(ROOT, &mut set, *m, 9).expect("room");
                        }
                    }
                });
            }
        });
        let mut made: Vec<Move> = tree.children(ROOT).filter_map(|c| tree[c].mv()).collect();
        assert_eq!(made.len(), moves.len());
        assert_eq!(usize::from(tree[ROOT].children()), moves.len());
        made.sort();
        let mut expected = moves.clone();
        expected.sort();
        assert_eq!(made, expected);
        assert_eq!(tree.len(), moves.len() + 1);
    }
}
