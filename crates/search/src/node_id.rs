//! Node ids: indices into a search tree's node pool, stored plus one so
//! that a missing one takes no room.

use serde::{Deserialize, Serialize};
use std::fmt;
use std::num::NonZeroU32;

/// A node of the search tree: its index in the node pool. It crosses the
/// worker boundary as that plain number.
///
/// Stored as the index plus one, so that `Option<NodeId>` (a missing parent,
/// child or sibling) takes no more room than a `u32`; the index `u32::MAX`
/// therefore cannot be a node id.
///
/// ```
/// use quoridor_search::{NodeId, ROOT};
/// assert_eq!(NodeId::new(0), Some(ROOT));
/// assert_eq!(NodeId::new(7).map(NodeId::index), Some(7));
/// assert_eq!(ROOT.to_string(), "0");
/// assert!(NodeId::new(u32::MAX).is_none());
/// ```
#[derive(Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
#[serde(into = "u32", try_from = "u32")]
pub struct NodeId(NonZeroU32);

/// The root's id.
pub const ROOT: NodeId = NodeId(NonZeroU32::MIN);

impl NodeId {
    /// The id of the node at `index` in the pool; `None` for `u32::MAX`.
    #[inline]
    pub const fn new(index: u32) -> Option<NodeId> {
        match index.checked_add(1) {
            Some(plus_one) => match NonZeroU32::new(plus_one) {
                Some(id) => Some(NodeId(id)),
                None => None,
            },
            None => None,
        }
    }

    /// The node's index in the pool.
    #[inline]
    pub const fn index(self) -> u32 {
        self.0.get() - 1
    }

    /// The index as a `usize`, for a pool's vector.
    #[inline]
    pub fn slot(self) -> usize {
        self.index() as usize
    }
}

impl fmt::Display for NodeId {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}", self.index())
    }
}

impl fmt::Debug for NodeId {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "NodeId({})", self.index())
    }
}

impl From<NodeId> for u32 {
    fn from(id: NodeId) -> u32 {
        id.index()
    }
}

/// A number that cannot be a [`NodeId`] (`u32::MAX`).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct NodeIdOutOfRange(pub u32);

impl fmt::Display for NodeIdOutOfRange {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{} is too large for a node id", self.0)
    }
}

impl std::error::Error for NodeIdOutOfRange {}

impl TryFrom<u32> for NodeId {
    type Error = NodeIdOutOfRange;
    fn try_from(index: u32) -> Result<NodeId, NodeIdOutOfRange> {
        NodeId::new(index).ok_or(NodeIdOutOfRange(index))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn node_id_crosses_the_worker_boundary_as_a_plain_number() {
        let id = NodeId::new(42).expect("id");
        assert_eq!(serde_json::to_string(&id).expect("json"), "42");
        assert_eq!(serde_json::from_str::<NodeId>("0").expect("json"), ROOT);
        assert_eq!(serde_json::from_str::<NodeId>("42").expect("json"), id);
        assert!(serde_json::from_str::<NodeId>("4294967295").is_err());
        assert!(serde_json::from_str::<NodeId>("-1").is_err());
        assert_eq!(id.to_string(), "42");
        assert_eq!(format!("{id:?}"), "NodeId(42)");
        assert_eq!(NodeId::try_from(u32::MAX), Err(NodeIdOutOfRange(u32::MAX)));
        assert_eq!(u32::from(id), 42);
        assert!(ROOT < id, "ids order like their indices");
    }
}
