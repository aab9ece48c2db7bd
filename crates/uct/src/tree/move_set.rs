//! What a node keeps about its children to be (the moves already made
//! children, the ranked moves), one lock a node: the expansion lock.

use super::id::{MoveSetId, NodeId};
use super::slots::take_slots;
use super::Tree;
use quoridor_rules::{Bitboard, Move, WallSlots};
use std::num::NonZeroU32;
use std::sync::atomic::Ordering::{Acquire, Relaxed, Release};
use std::sync::{MutexGuard, PoisonError, TryLockError};

/// Moves of one node already made into children: pawn target squares and wall slots.
#[derive(Clone, Copy, Debug, Default)]
pub(crate) struct TriedSet {
    pub pawn: Bitboard,
    pub walls: WallSlots,
}

impl TriedSet {
    pub fn has(&self, mv: Move, size: u8) -> bool {
        match mv {
            Move::Pawn(sq) => self.pawn.has(sq.index(size)),
            Move::Wall(w) => self.walls.has_wall(w, size),
        }
    }

    pub fn insert(&mut self, mv: Move, size: u8) {
        match mv {
            Move::Pawn(sq) => self.pawn = self.pawn.with(sq.index(size)),
            Move::Wall(w) => {
                let walls = &mut self.walls[w.orientation()];
                *walls = walls.with(w.slot(size));
            }
        }
    }
}

/// What a node keeps about its children to be: the moves already made
/// children, and with progressive widening its moves in the order they
/// become children. Its lock is the node's expansion lock.
#[derive(Debug, Default)]
pub(crate) struct MoveSet {
    pub tried: TriedSet,
    pub ranked: Vec<Move>,
}

impl Tree {
    /// The move set of `id`, made with these ranked moves if it has none
    /// yet (`ranked` is not called then); `None` when the pool of move sets
    /// is full.
    pub fn move_set(&self, id: NodeId, ranked: impl FnOnce() -> Vec<Move>) -> Option<MoveSetId> {
        if let Some(set) = self[id].tried() {
            return Some(set);
        }
        let ranked = ranked();
        let slot = take_slots(&self.sets_used, self.sets.len(), 1)?;
        let set = MoveSetId::new(slot)?;
        let bytes = (ranked.capacity() * std::mem::size_of::<Move>()) as u64;
        self.lock(set).ranked = ranked;
        match self[id]
            .tried
            .compare_exchange(0, set.0.get(), Release, Acquire)
        {
            Ok(_) => {
                self.ranked_bytes.fetch_add(bytes, Relaxed);
                Some(set)
            }
            // Another thread gave the node its set first; this slot stays
            // unused.
            Err(theirs) => {
                self.lock(set).ranked = Vec::new();
                NonZeroU32::new(theirs).map(MoveSetId)
            }
        }
    }

    /// Locks move set `set`: the expansion lock of its node.
    pub fn lock(&self, set: MoveSetId) -> MutexGuard<'_, MoveSet> {
        self.sets[set.slot()]
            .lock()
            .unwrap_or_else(PoisonError::into_inner)
    }

    /// Locks move set `set` if no other thread holds it: a descent that
    /// finds a node being expanded goes on to one of its children instead
    /// of sleeping until the lock is free.
    pub fn try_lock(&self, set: MoveSetId) -> Option<MutexGuard<'_, MoveSet>> {
        match self.sets[set.slot()].try_lock() {
            Ok(guard) => Some(guard),
            Err(TryLockError::Poisoned(poisoned)) => Some(poisoned.into_inner()),
            Err(TryLockError::WouldBlock) => None,
        }
    }

    /// The moves of `id` already made children (empty before its move set).
    #[cfg(test)]
    pub fn tried_of(&self, id: NodeId) -> TriedSet {
        self[id]
            .tried()
            .map(|set| self.lock(set).tried)
            .unwrap_or_default()
    }
}

#[cfg(test)]
mod tests {
    use super::super::fixtures::{mv, roomy};
    use super::super::ROOT;
    use super::*;

    #[test]
    fn a_node_keeps_the_first_move_set_it_is_given() {
        let tree = roomy();
        let first = tree.move_set(ROOT, || vec![mv("e2")]).expect("set");
        let again = tree.move_set(ROOT, || unreachable!("the node has a set"));
        assert_eq!(again, Some(first));
        assert_eq!(tree.lock(first).ranked, [mv("e2")]);
    }

    #[test]
    fn an_expansion_lock_held_elsewhere_is_not_waited_for() {
        let mut tree = Tree::new();
        assert!(tree.make_room(u64::MAX, 0, 64, 4));
        let set = tree.move_set(ROOT, Vec::new).expect("set");
        let held = tree.lock(set);
        assert!(
            tree.try_lock(set).is_none(),
            "busy while another holder has it"
        );
        drop(held);
        let mut free = tree.try_lock(set).expect("free again");
        tree.add_child(ROOT, &mut free, mv("e2"), 9).expect("room");
        assert!(free.tried.has(mv("e2"), 9));
        drop(free);
        assert_eq!(tree[ROOT].children(), 1);
    }
}
