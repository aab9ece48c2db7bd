//! Move-set ids, and node ids ([`NodeId`], the core's) as links inside the
//! tree's nodes: indices into the tree's pools, stored plus one so that a
//! missing one takes no room.

use std::num::NonZeroU32;

pub(crate) use quoridor_search::NodeId;

/// Index of a node's move set ([`TriedSet`](super::TriedSet) and ranked moves), stored plus
/// one like [`NodeId`] so that a node without one costs no extra room.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) struct MoveSetId(pub(super) NonZeroU32);

impl MoveSetId {
    /// The id of the set at `index`; `None` past `u32::MAX - 1`.
    pub(super) fn new(index: usize) -> Option<MoveSetId> {
        u32::try_from(index)
            .ok()
            .and_then(|i| i.checked_add(1))
            .and_then(NonZeroU32::new)
            .map(MoveSetId)
    }

    #[inline]
    pub(super) fn slot(self) -> usize {
        (self.0.get() - 1) as usize
    }
}

/// A link as stored in a node: the id's raw value, 0 for none.
pub(super) fn pack_id(id: Option<NodeId>) -> u32 {
    id.map_or(0, |id| id.index() + 1)
}

pub(super) fn unpack_id(raw: u32) -> Option<NodeId> {
    raw.checked_sub(1).and_then(NodeId::new)
}

/// The id of the node in `slot` of the pool.
pub(super) fn id_at(slot: usize) -> NodeId {
    u32::try_from(slot)
        .ok()
        .and_then(NodeId::new)
        .expect("the node budget keeps the pool far below u32::MAX nodes")
}

#[cfg(test)]
mod tests {
    use super::super::Node;
    use super::*;

    #[test]
    fn links_cost_no_more_than_the_ids_they_replace() {
        assert_eq!(std::mem::size_of::<Option<NodeId>>(), 4);
        assert_eq!(std::mem::size_of::<Option<MoveSetId>>(), 4);
        // Statistics, links, counts, move and proof, plus the two cached
        // selection terms, all as atomics.
        assert!(std::mem::size_of::<Node>() <= 48);
    }
}
