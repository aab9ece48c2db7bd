//! The search tree in a node pool: nodes refer to each other by index, and
//! hold statistics only (the position is replayed down the descent).

use crate::game::{Bitboard, Move, WallSlots};
use serde::{Deserialize, Serialize};
use std::fmt;
use std::num::NonZeroU32;
use std::ops::{Index, IndexMut};

/// A node of the search tree: its index in the node pool. It crosses the
/// worker boundary as that plain number.
///
/// Stored as the index plus one, so that `Option<NodeId>` (a missing parent,
/// child or sibling) takes no more room than a `u32`; the index `u32::MAX`
/// therefore cannot be a node id.
///
/// ```
/// use quoridor::search::{NodeId, ROOT};
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

    /// The index as a `usize`, for the pool's vector.
    #[inline]
    fn slot(self) -> usize {
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

/// Index of a node's move set ([`TriedSet`] and ranked moves), stored plus
/// one like [`NodeId`] so that a node without one costs no extra room.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) struct MoveSetId(NonZeroU32);

impl MoveSetId {
    /// The id of the set at `index`; `None` past `u32::MAX - 1`.
    fn new(index: usize) -> Option<MoveSetId> {
        u32::try_from(index)
            .ok()
            .and_then(|i| i.checked_add(1))
            .and_then(NonZeroU32::new)
            .map(MoveSetId)
    }

    #[inline]
    fn slot(self) -> usize {
        (self.0.get() - 1) as usize
    }
}

/// What is proven about a node, from the view of the player whose move led to it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Proof {
    Unknown,
    /// The player who made this move wins with best play.
    Win,
    /// The player who made this move loses with best play.
    Loss,
}

/// One tree node: the move that leads to it and its statistics.
#[derive(Clone, Debug)]
pub(crate) struct Node {
    /// Sum of playout results, each the probability that player 1 wins.
    pub score: f64,
    pub visits: u32,
    /// `None` for the root.
    pub parent: Option<NodeId>,
    /// The newest child.
    pub first_child: Option<NodeId>,
    /// The next older child of the same parent.
    pub next_sibling: Option<NodeId>,
    /// This node's set of moves already made children, from the first time
    /// a child is asked for.
    pub tried: Option<MoveSetId>,
    /// Number of candidate moves at this node, once counted (until then
    /// the node counts as not fully expanded).
    pub candidates: Option<u16>,
    pub children: u16,
    /// The move that leads here; `None` only for the root.
    pub mv: Option<Move>,
    pub proof: Proof,
    /// Whether the candidate moves are a subset of the legal moves (then
    /// "every move loses" cannot be proven).
    pub restricted: bool,
    /// `score / visits` in single precision, kept by [`Node::add_result`]
    /// so that choosing among many children needs no division.
    pub selection_mean: f32,
    /// `1 / sqrt(visits)` (infinite before the first visit), kept by
    /// [`Node::add_result`] so that the exploration term of UCT needs no
    /// division or square root per child.
    pub inverse_sqrt_visits: f32,
}

impl Node {
    fn new(mv: Option<Move>, parent: Option<NodeId>) -> Node {
        Node {
            score: 0.0,
            visits: 0,
            parent,
            first_child: None,
            next_sibling: None,
            tried: None,
            candidates: None,
            children: 0,
            mv,
            proof: Proof::Unknown,
            restricted: false,
            selection_mean: 0.5,
            inverse_sqrt_visits: f32::INFINITY,
        }
    }

    /// Counts one more playout through this node with `result` (the
    /// probability that player 1 won) and refreshes the cached terms
    /// selection reads. Every change of `visits` or `score` in a search
    /// goes through here.
    pub fn add_result(&mut self, result: f64) {
        self.visits += 1;
        self.score += result;
        let visits = f64::from(self.visits);
        self.selection_mean = (self.score / visits) as f32;
        self.inverse_sqrt_visits = (1.0 / visits.sqrt()) as f32;
    }

    /// Mean result: the probability that player 1 wins through this node.
    pub fn mean(&self) -> f64 {
        if self.visits == 0 {
            0.5
        } else {
            self.score / self.visits as f64
        }
    }

    /// Whether every candidate move has a child.
    pub fn fully_expanded(&self) -> bool {
        self.tried.is_some() && self.candidates.is_some_and(|c| self.children >= c)
    }
}

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

/// The node pool.
#[derive(Clone, Debug)]
pub(crate) struct Tree {
    pub nodes: Vec<Node>,
    pub tried: Vec<TriedSet>,
    /// With progressive widening: for each tried set, the node's moves in the
    /// order they become children (empty without widening).
    pub ranked: Vec<Vec<Move>>,
    /// Bytes held by the vectors inside `ranked` (kept as they are added, so
    /// that [`Tree::memory_bytes`] need not walk them).
    ranked_bytes: u64,
    /// Slots of `nodes` held for children not made yet (see
    /// [`Tree::add_child`]).
    reserved: usize,
}

/// The id of the node in `slot` of the pool.
fn id_at(slot: usize) -> NodeId {
    u32::try_from(slot)
        .ok()
        .and_then(NodeId::new)
        .expect("the node budget keeps the pool far below u32::MAX nodes")
}

/// Most slots one block of siblings holds.
const MAX_BLOCK: usize = 16;

/// Slots of the next block of siblings for a parent with `children`
/// children: about half as many again, so that unused slots stay under a
/// third of a parent's children while walking them touches few blocks.
fn block_len(children: u16) -> usize {
    (usize::from(children) / 2 + 1).min(MAX_BLOCK)
}

/// Makes room for `count` more elements in `v` without its allocation
/// growing by more than `free` bytes: doubles the capacity where that fits,
/// otherwise grows by what does. `false` when they do not fit.
fn make_room_in<T>(v: &mut Vec<T>, free: u64, count: usize) -> bool {
    let spare = v.capacity() - v.len();
    if spare >= count {
        return true;
    }
    let size = std::mem::size_of::<T>().max(1) as u64;
    let wanted = v.capacity().max(16).max(count) as u64;
    // At most the capacity (or 16, or `count`), so it fits a usize.
    let extra = wanted.min(free / size) as usize;
    if spare + extra < count {
        return false;
    }
    v.reserve_exact(spare + extra);
    true
}

impl Tree {
    pub fn new() -> Tree {
        Tree {
            nodes: vec![Node::new(None, None)],
            tried: Vec::new(),
            ranked: Vec::new(),
            ranked_bytes: 0,
            reserved: 0,
        }
    }

    /// Number of nodes (slots held for children not made yet do not count).
    pub fn len(&self) -> usize {
        self.nodes.len() - self.reserved
    }

    /// Bytes held by the pool (allocated capacity).
    pub fn memory_bytes(&self) -> u64 {
        (self.nodes.capacity() * std::mem::size_of::<Node>()
            + self.tried.capacity() * std::mem::size_of::<TriedSet>()
            + self.ranked.capacity() * std::mem::size_of::<Vec<Move>>()) as u64
            + self.ranked_bytes
    }

    /// Makes room for one more block of children and the move set their parent may need,
    /// keeping the bytes held within `budget` with `reserve` bytes to spare
    /// (for the ranked moves of that move set). `false` when they do not fit:
    /// the tree is full.
    pub fn make_room(&mut self, budget: u64, reserve: u64) -> bool {
        let free = |tree: &Tree| budget.saturating_sub(tree.memory_bytes() + reserve);
        let room = free(self);
        if !make_room_in(&mut self.nodes, room, MAX_BLOCK) {
            return false;
        }
        let room = free(self);
        if !make_room_in(&mut self.tried, room, 1) {
            return false;
        }
        let room = free(self);
        make_room_in(&mut self.ranked, room, 1) && self.memory_bytes() + reserve <= budget
    }

    /// Adds a move set's ranked moves.
    fn push_ranked(&mut self, ranked: Vec<Move>) {
        self.ranked_bytes += (ranked.capacity() * std::mem::size_of::<Move>()) as u64;
        self.ranked.push(ranked);
    }

    /// The id the next node pushed gets.
    fn next_id(&self) -> NodeId {
        id_at(self.nodes.len())
    }

    /// Whether `id` is a node of this tree.
    pub fn contains(&self, id: NodeId) -> bool {
        id.slot() < self.nodes.len() && !self.is_reserved(id.slot())
    }

    /// Whether the slot is held for a child not made yet: such a slot has a
    /// parent but no move (only the root has no move, and it has no parent).
    fn is_reserved(&self, slot: usize) -> bool {
        self.nodes
            .get(slot)
            .is_some_and(|n| n.mv.is_none() && n.parent.is_some())
    }

    /// The slot for a new child of `parent`: the next one in the block of its
    /// newest child if that block has room, otherwise the first of a new
    /// block at the end of the pool.
    fn child_slot(&mut self, parent: NodeId) -> usize {
        let next = self[parent].first_child.map(|c| c.slot() + 1);
        if let Some(slot) =
            next.filter(|&s| self.is_reserved(s) && self.nodes[s].parent == Some(parent))
        {
            self.reserved -= 1;
            return slot;
        }
        let slot = self.nodes.len();
        let len = block_len(self[parent].children);
        self.nodes
            .extend(std::iter::repeat_n(Node::new(None, Some(parent)), len));
        self.reserved += len - 1;
        slot
    }

    /// Gives `id` an empty move set (with these ranked moves) unless it has
    /// one; returns whether it was new.
    pub fn ensure_move_set(&mut self, id: NodeId, ranked: impl FnOnce() -> Vec<Move>) -> bool {
        if self[id].tried.is_some() {
            return false;
        }
        let set = MoveSetId::new(self.tried.len())
            .expect("the node budget keeps the move sets far below u32::MAX");
        self.tried.push(TriedSet::default());
        self.push_ranked(ranked());
        self[id].tried = Some(set);
        true
    }

    /// The moves of `id` already made children (empty before its move set).
    pub fn tried_of(&self, id: NodeId) -> TriedSet {
        self[id]
            .tried
            .map(|set| self.tried[set.slot()])
            .unwrap_or_default()
    }

    /// The ranked moves of `id` for progressive widening (empty without).
    pub fn ranked_of(&self, id: NodeId) -> &[Move] {
        self[id]
            .tried
            .and_then(|set| self.ranked.get(set.slot()))
            .map_or(&[], Vec::as_slice)
    }

    /// Adds a child of `parent` for `mv`; returns its id. The parent must
    /// have its move set (see [`Tree::ensure_move_set`]).
    ///
    /// Siblings are made one at a time over a search, yet selection walks
    /// all of them at every visit of their parent: a parent's children are
    /// therefore kept in blocks of neighbouring slots (see `block_len`), so
    /// that walking them reads a few stretches of memory instead of a cache
    /// miss per child.
    pub fn add_child(&mut self, parent: NodeId, mv: Move, size: u8) -> NodeId {
        let slot = self.child_slot(parent);
        let id = id_at(slot);
        let mut child = Node::new(Some(mv), Some(parent));
        let p = &mut self[parent];
        child.next_sibling = p.first_child;
        p.first_child = Some(id);
        p.children += 1;
        if let Some(set) = p.tried {
            self.tried[set.slot()].insert(mv, size);
        }
        self.nodes[slot] = child;
        id
    }

    /// The children of `id`, newest first.
    pub fn children(&self, id: NodeId) -> ChildIter<'_> {
        ChildIter {
            tree: self,
            next: self[id].first_child,
        }
    }

    /// A new tree holding only the subtree under `id`, which becomes the root.
    pub fn subtree(&self, id: NodeId) -> Tree {
        let mut out = Tree {
            nodes: Vec::new(),
            tried: Vec::new(),
            ranked: Vec::new(),
            ranked_bytes: 0,
            reserved: 0,
        };
        // Breadth-first copy, each node with its parent's new id (so a
        // node's children get neighbouring slots).
        let mut queue = vec![(id, None)];
        let mut head = 0;
        while head < queue.len() {
            let (old, new_parent) = queue[head];
            head += 1;
            let new_id = out.next_id();
            let mut node = self[old].clone();
            node.parent = new_parent;
            node.first_child = None;
            node.next_sibling = None;
            node.children = 0;
            if let Some(set) = node.tried {
                node.tried = MoveSetId::new(out.tried.len());
                out.tried.push(self.tried[set.slot()]);
                out.push_ranked(self.ranked.get(set.slot()).cloned().unwrap_or_default());
            }
            match new_parent {
                None => node.mv = None,
                Some(parent) => {
                    let p = &mut out[parent];
                    node.next_sibling = p.first_child;
                    p.first_child = Some(new_id);
                    p.children += 1;
                }
            }
            out.nodes.push(node);
            for child in self.children(old) {
                queue.push((child, Some(new_id)));
            }
        }
        out
    }
}

impl Index<NodeId> for Tree {
    type Output = Node;
    #[inline]
    fn index(&self, id: NodeId) -> &Node {
        &self.nodes[id.slot()]
    }
}

impl IndexMut<NodeId> for Tree {
    #[inline]
    fn index_mut(&mut self, id: NodeId) -> &mut Node {
        &mut self.nodes[id.slot()]
    }
}

/// Iterator over a node's children.
pub(crate) struct ChildIter<'a> {
    tree: &'a Tree,
    next: Option<NodeId>,
}

impl Iterator for ChildIter<'_> {
    type Item = NodeId;
    #[inline]
    fn next(&mut self) -> Option<NodeId> {
        let id = self.next?;
        self.next = self.tree[id].next_sibling;
        Some(id)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn mv(text: &str) -> Move {
        text.parse().expect("move")
    }

    /// Root with children e2 and d1h; e2 with child e8.
    fn small_tree() -> (Tree, [NodeId; 3]) {
        let mut tree = Tree::new();
        tree.ensure_move_set(ROOT, Vec::new);
        let e2 = tree.add_child(ROOT, mv("e2"), 9);
        let d1h = tree.add_child(ROOT, mv("d1h"), 9);
        tree.ensure_move_set(e2, Vec::new);
        let e8 = tree.add_child(e2, mv("e8"), 9);
        (tree, [e2, d1h, e8])
    }

    #[test]
    fn node_ids_index_the_pool_in_creation_order() {
        let (mut tree, [e2, d1h, e8]) = small_tree();
        assert_eq!([e2, d1h, e8].map(NodeId::index), [1, 2, 3]);
        assert_eq!(tree[e2].mv, Some(mv("e2")));
        assert_eq!(tree[e8].parent, Some(e2));
        assert_eq!(tree[ROOT].parent, None);
        assert_eq!(tree[ROOT].mv, None);
        tree[d1h].visits = 7;
        assert_eq!(tree.nodes[2].visits, 7);
        assert!(tree.contains(e8));
        assert!(!tree.contains(NodeId::new(4).expect("id")));
    }

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
    fn a_subtree_renumbers_from_its_new_root() {
        let (mut tree, [e2, _, _]) = small_tree();
        tree[e2].visits = 3;
        let sub = tree.subtree(e2);
        assert_eq!(sub.len(), 2);
        assert_eq!(sub[ROOT].visits, 3);
        assert_eq!(sub[ROOT].mv, None, "the new root has no move");
        assert_eq!(sub[ROOT].parent, None);
        let child = sub.children(ROOT).next().expect("e8 copied");
        assert_eq!(child.index(), 1);
        assert_eq!(sub[child].mv, Some(mv("e8")));
        assert_eq!(sub[child].parent, Some(ROOT));
        assert!(sub.tried_of(ROOT).has(mv("e8"), 9));
    }

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

    #[test]
    fn links_cost_no_more_than_the_ids_they_replace() {
        assert_eq!(std::mem::size_of::<Option<NodeId>>(), 4);
        assert_eq!(std::mem::size_of::<Option<MoveSetId>>(), 4);
        // 40 bytes with the u32 sentinels before `NodeId`, plus the two
        // cached selection terms.
        assert!(std::mem::size_of::<Node>() <= 48);
    }

    #[test]
    fn the_tree_stops_growing_at_its_memory_budget() {
        let budget = 10_000;
        let mut tree = Tree::new();
        let mut parent = ROOT;
        let mut added = 0;
        let reserve = (24 * std::mem::size_of::<Move>()) as u64;
        while tree.make_room(budget, reserve) {
            tree.ensure_move_set(parent, || vec![mv("e2"); 24]);
            parent = tree.add_child(parent, mv("e2"), 9);
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
        let sub = tree.subtree(ROOT);
        assert_eq!(sub.len(), tree.len());
        assert_eq!(
            sub.ranked_bytes, tree.ranked_bytes,
            "the copy counts its ranked moves"
        );
    }

    #[test]
    fn room_grows_by_what_still_fits() {
        let mut v: Vec<u64> = Vec::with_capacity(16);
        v.extend([0; 16]);
        assert!(make_room_in(&mut v, 40, 1), "five more fit");
        assert_eq!(v.capacity(), 21);
        v.extend([0; 5]);
        assert!(!make_room_in(&mut v, 7, 1), "not even one more");
        assert!(make_room_in(&mut v, u64::MAX, 1));
        assert!(v.capacity() >= 42, "doubles when it fits");
        v.resize(40, 0);
        let capacity = v.capacity();
        assert!(
            make_room_in(&mut v, 0, 2),
            "two spare slots are room for two"
        );
        assert!(
            !make_room_in(&mut v, 8, capacity - 40 + 2),
            "one more fits, not two"
        );
        assert!(make_room_in(&mut v, 16, capacity - 40 + 2));
        assert_eq!(v.capacity(), capacity + 2);
    }

    #[test]
    fn siblings_fill_blocks_of_neighbouring_slots() {
        let mut tree = Tree::new();
        tree.ensure_move_set(ROOT, Vec::new);
        let moves = ["e2", "d1h", "d1v", "e1h", "e1v", "f1h", "f1v", "g1h"];
        let mut ids = Vec::new();
        for (i, m) in moves.iter().enumerate() {
            ids.push(tree.add_child(ROOT, mv(m), 9));
            let grandchildren = usize::from(i > 2);
            assert_eq!(
                tree.len(),
                i + 2 + grandchildren,
                "held slots are not nodes"
            );
            if i == 2 {
                // A grandchild starts its own block behind the root's.
                tree.ensure_move_set(ids[0], Vec::new);
                let e8 = tree.add_child(ids[0], mv("e8"), 9);
                assert_eq!(e8.index(), 5);
            }
        }
        // Blocks of 1, 1, 2 (slot 4 held), then after e8 at 5 blocks of 3
        // and 4 slots.
        let slots: Vec<u32> = ids.iter().map(|id| id.index()).collect();
        assert_eq!(slots, [1, 2, 3, 4, 6, 7, 8, 9]);
        assert_eq!(tree.nodes.len(), 13, "slots 10 to 12 are held for the root");
        assert!(!tree.contains(NodeId::new(10).expect("id")));
        let newest_first: Vec<NodeId> = ids.iter().rev().copied().collect();
        assert_eq!(tree.children(ROOT).collect::<Vec<_>>(), newest_first);
        assert_eq!(
            tree.subtree(ROOT).len(),
            tree.len(),
            "held slots are not copied"
        );
    }

    #[test]
    fn a_node_keeps_its_selection_terms_with_its_results() {
        let mut node = Node::new(Some(mv("e2")), Some(ROOT));
        assert_eq!(node.inverse_sqrt_visits, f32::INFINITY);
        for result in [1.0, 0.0, 1.0, 1.0] {
            node.add_result(result);
        }
        assert_eq!(node.visits, 4);
        assert_eq!(node.score, 3.0);
        assert_eq!(node.mean(), 0.75);
        assert_eq!(node.selection_mean, 0.75);
        assert_eq!(node.inverse_sqrt_visits, 0.5);
    }

    #[test]
    fn a_node_is_fully_expanded_once_its_candidates_are_counted_and_made() {
        let (mut tree, [e2, _, e8]) = small_tree();
        assert!(!tree[ROOT].fully_expanded(), "not counted yet");
        tree[ROOT].candidates = Some(2);
        assert!(tree[ROOT].fully_expanded());
        tree[e2].candidates = Some(3);
        assert!(!tree[e2].fully_expanded());
        tree[e8].candidates = Some(0);
        assert!(!tree[e8].fully_expanded(), "no move set yet");
    }
}
