//! What a tree search (UCT) adds to a [`crate::SearchInfo`]
//! snapshot: the tree's size, depth and memory, and each candidate's node.
//! Plain data the core owns, so the snapshot names no engine's code.

use super::node_id::NodeId;
use serde::{Deserialize, Serialize};

/// The UCT part of a snapshot.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct UctReport {
    /// Nodes in the tree.
    pub nodes: u32,
    /// Visits of the root (includes reused playouts).
    pub root_visits: u32,
    /// Deepest node a playout started from, in moves below the root.
    pub max_depth: u32,
    /// Mean depth of the nodes playouts started from.
    pub mean_depth: f64,
    /// Length of the principal variation (uncut): the depth the think has
    /// reached, the one `go depth` stops on and `info depth` reports.
    #[serde(default)]
    pub pv_depth: u32,
    /// Bytes the tree holds.
    pub memory_bytes: u64,
    /// Bytes per tree node (node record plus its share of the move sets).
    pub bytes_per_node: u32,
    /// Whether the tree reached its memory or node budget and cannot grow.
    /// With leaves scored by the evaluation (`maxd` 0, the Default preset)
    /// the think then ends: a descent could only score a leaf again.
    #[serde(default)]
    pub tree_full: bool,
    /// Visits of each node of the principal variation
    /// ([`crate::SearchInfo::pv`]), move by move: how sure the
    /// search is of each step (the coach cuts its hint's line by them).
    #[serde(default)]
    pub pv_visits: Vec<u32>,
}

/// The UCT part of a [`crate::ChildInfo`]: the move's node.
#[derive(Clone, Copy, Debug, PartialEq, Serialize, Deserialize)]
pub struct UctChild {
    /// The move's node in the engine's tree, for asking for its children
    /// (tree explorer).
    pub id: NodeId,
    /// Playouts through this move.
    pub visits: u32,
    /// The UCT value the descent sees for this move right now.
    pub uct_value: f64,
    /// Number of children this node has in the tree.
    pub children: u32,
}
