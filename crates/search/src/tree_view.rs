//! The core's view into a search tree, for engines that keep one: the
//! [`TreeView`] capability ([`crate::SearchEngine::tree`]), the
//! [`NodeId`]s a tree explorer asks about, and the bounded [`TreeMap`] slice
//! the icicle chart draws. Plain data the core owns; an engine with a tree
//! builds them.

use serde::{Deserialize, Serialize};

use super::info::{ChildInfo, Proven};
use super::node_id::NodeId;
use quoridor_rules::Move;

/// Nodes in a tree map unless the page asks for another number.
pub const DEFAULT_MAP_BUDGET: u32 = 2000;
/// Most nodes a tree map may hold, whatever the page asks for.
pub const MAX_MAP_BUDGET: u32 = 10_000;
/// Deepest a tree map goes (rows below its top), whatever the page asks for.
pub const MAX_MAP_DEPTH: u32 = 64;

/// How much of the tree a map holds.
#[derive(Clone, Copy, Debug, PartialEq, Serialize, Deserialize)]
pub struct MapLimits {
    /// Most nodes, the top included (clamped to `1..=`[`MAX_MAP_BUDGET`]).
    pub budget: u32,
    /// Most moves below the top (clamped to [`MAX_MAP_DEPTH`]).
    pub depth: u32,
    /// Nodes with a smaller share of the top's visits are left out (a
    /// chart cannot draw them anyway); 0 keeps every visited node.
    #[serde(default)]
    pub min_share: f64,
}

impl Default for MapLimits {
    fn default() -> Self {
        MapLimits {
            budget: DEFAULT_MAP_BUDGET,
            depth: 12,
            min_share: 0.0,
        }
    }
}

/// One node of a [`TreeMap`].
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct MapNode {
    /// The node in the search tree (for the tree explorer).
    pub id: NodeId,
    /// Index of its parent in [`TreeMap::nodes`]; `None` for the map's top.
    #[serde(default)]
    pub parent: Option<u32>,
    /// The move that leads here; `None` for the search's root.
    #[serde(rename = "move", default)]
    pub mv: Option<Move>,
    /// Playouts through this node.
    pub visits: u32,
    /// Mean result for the player who made the move leading here (for the
    /// root: the player who moved last), as a win probability.
    pub win: f32,
    /// The UCT value the descent sees for this node; `None` for the top and
    /// for unvisited nodes (whose value is infinite).
    #[serde(default)]
    pub uct: Option<f32>,
    /// Proven outcome for the player who made the move, if known.
    #[serde(default)]
    pub proven: Option<Proven>,
    /// Visits of the children this map leaves out (over its budget or depth).
    #[serde(default)]
    pub hidden: u32,
}

/// A slice of the search tree: parents before children, the children of
/// each node most visited first.
#[derive(Clone, Debug, Default, PartialEq, Serialize, Deserialize)]
pub struct TreeMap {
    /// Moves from the searched position to the map's top node.
    pub path: Vec<Move>,
    /// The nodes; the first is the top.
    pub nodes: Vec<MapNode>,
}

impl TreeMap {
    /// The moves from the searched position to node `index` of the map
    /// (`None` past the end, or if the parents do not lead back to the top
    /// through earlier nodes, as they always do in a map the search built).
    pub fn line(&self, index: usize) -> Option<Vec<Move>> {
        let mut below = Vec::new();
        let mut at = index;
        loop {
            let node = self.nodes.get(at)?;
            match node.parent {
                Some(parent) if (parent as usize) < at => {
                    below.push(node.mv?);
                    at = parent as usize;
                }
                Some(_) => return None,
                None => break,
            }
        }
        below.reverse();
        Some(self.path.iter().copied().chain(below).collect())
    }
}

/// A search tree an engine offers for exploring (UCT's): an optional
/// capability, reached through [`crate::SearchEngine::tree`].
pub trait TreeView {
    /// The children of tree node `id` and the moves to it, for a tree
    /// explorer; `None` for an unknown node.
    fn tree_node(&self, id: NodeId) -> Option<(Vec<Move>, Vec<ChildInfo>)>;
    /// A bounded slice of the search tree under the node reached by `path`
    /// from the root, for the tree map; `None` when `path` leaves the tree.
    fn tree_map(&self, path: &[Move], limits: MapLimits) -> Option<TreeMap>;
}
