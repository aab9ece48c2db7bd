//! What a node keeps about its children to be (the moves already made
//! children, the ranked moves), one lock a node: the expansion lock.

use super::id::{MoveSetId, NodeId};
use super::node::Prior;
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

/// Most moves a node keeps with their own priors, highest first; the
/// others share the policy's remaining mass evenly (see
/// [`SetPriors::rest`]). Sixteen cover nearly all of a trained policy's
/// mass, in 65 bytes of moves and priors.
pub(crate) const PRIOR_MOVES: usize = 16;

/// The priors of a node's ranked moves (PUCT), in one small allocation
/// behind a thin pointer, so that a move set without them is no larger
/// than before priors existed.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub(crate) struct SetPriors {
    /// The prior of each ranked move, in their order (the rest 0).
    pub values: [Prior; PRIOR_MOVES],
    /// The prior each move not ranked is given.
    pub rest: Prior,
}

/// What a node keeps about its children to be: the moves already made
/// children, and with progressive widening or priors its moves in the
/// order they become children. Its lock is the node's expansion lock.
#[derive(Debug, Default)]
pub(crate) struct MoveSet {
    pub tried: TriedSet,
    pub ranked: Vec<Move>,
    /// With priors (PUCT): the priors of `ranked` (at most
    /// [`PRIOR_MOVES`] moves, those of highest prior, highest first).
    pub priors: Option<Box<SetPriors>>,
}

impl MoveSet {
    /// Bytes the set holds on the heap (its ranked moves and priors).
    pub fn heap_bytes(&self) -> u64 {
        let priors = self
            .priors
            .as_ref()
            .map_or(0, |_| std::mem::size_of::<SetPriors>());
        (self.ranked.capacity() * std::mem::size_of::<Move>() + priors) as u64
    }

    /// The prior of `mv`: its own when it is ranked, else the rest's (0
    /// without priors).
    pub fn prior_of(&self, mv: Move) -> Prior {
        let Some(priors) = &self.priors else {
            return Prior::ZERO;
        };
        self.ranked
            .iter()
            .zip(&priors.values)
            .find(|(m, _)| **m == mv)
            .map_or(priors.rest, |(_, &p)| p)
    }

    /// The prior of the best-prior move not yet tried: the first untried
    /// ranked one's, else the rest's (0 without priors).
    pub fn next_prior(&self, size: u8) -> Prior {
        let Some(priors) = &self.priors else {
            return Prior::ZERO;
        };
        self.ranked
            .iter()
            .zip(&priors.values)
            .find(|(m, _)| !self.tried.has(**m, size))
            .map_or(priors.rest, |(_, &p)| p)
    }
}

impl Tree {
    /// The move set of `id`, made with these ranked moves if it has none
    /// yet (`ranked` is not called then); `None` when the pool of move sets
    /// is full.
    pub fn move_set(&self, id: NodeId, ranked: impl FnOnce() -> Vec<Move>) -> Option<MoveSetId> {
        self.move_set_with(id, || MoveSet {
            ranked: ranked(),
            ..MoveSet::default()
        })
    }

    /// [`Tree::move_set`] for a set `made` whole (ranked moves with their
    /// priors, see [`MoveSet::priors`]); the node's next prior is the
    /// set's first.
    pub fn move_set_with(&self, id: NodeId, made: impl FnOnce() -> MoveSet) -> Option<MoveSetId> {
        if let Some(set) = self[id].tried() {
            return Some(set);
        }
        let made = made();
        let slot = take_slots(&self.sets_used, self.sets.len(), 1)?;
        let set = MoveSetId::new(slot)?;
        let bytes = made.heap_bytes();
        let next = made.next_prior(0);
        let with_priors = made.priors.is_some();
        *self.lock(set) = made;
        // Before the set is published, so that a thread adding a child at
        // once keeps the next prior its own add sets. A thread that gave
        // the node its set first made it from the same position and network.
        if with_priors {
            self[id].set_next_prior(next);
        }
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
                *self.lock(set) = MoveSet::default();
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
    fn children_take_their_priors_from_the_set_and_the_parent_the_next() {
        let tree = roomy();
        let mut values = [Prior::ZERO; PRIOR_MOVES];
        values[..2].copy_from_slice(&[Prior::new(0.6), Prior::new(0.3)]);
        let priors = SetPriors {
            values,
            rest: Prior::new(0.01),
        };
        let set = tree
            .move_set_with(ROOT, || MoveSet {
                ranked: vec![mv("e2"), mv("d1h")],
                priors: Some(Box::new(priors)),
                ..MoveSet::default()
            })
            .expect("set");
        assert_eq!(tree[ROOT].next_prior(), Prior::new(0.6));
        let mut locked = tree.lock(set);
        let e2 = tree
            .add_child(ROOT, &mut locked, mv("e2"), 9)
            .expect("room");
        assert_eq!(tree[e2].prior(), Prior::new(0.6));
        assert_eq!(tree[ROOT].next_prior(), Prior::new(0.3));
        let a1v = tree
            .add_child(ROOT, &mut locked, mv("a1v"), 9)
            .expect("room");
        assert_eq!(
            tree[a1v].prior(),
            Prior::new(0.01),
            "not ranked: the rest's"
        );
        assert_eq!(tree[ROOT].next_prior(), Prior::new(0.3));
        tree.add_child(ROOT, &mut locked, mv("d1h"), 9)
            .expect("room");
        assert_eq!(tree[ROOT].next_prior(), Prior::new(0.01));
        drop(locked);
        // A kept subtree keeps them.
        let e8 = super::super::fixtures::add(&tree, e2, "e8");
        assert_eq!(tree[e8].prior(), Prior::ZERO, "a set without priors");
        let sub = tree.into_subtree(ROOT);
        let kept: Vec<Prior> = sub.children(ROOT).map(|c| sub[c].prior()).collect();
        assert_eq!(kept.len(), 3);
        assert!(kept.contains(&Prior::new(0.6)) && kept.contains(&Prior::new(0.01)));
        assert_eq!(sub[ROOT].next_prior(), Prior::new(0.01));
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
