//! The search tree in a node pool: nodes refer to each other by index, and
//! hold statistics only (the position is replayed down the descent). Nodes
//! are atomics, so that several threads can grow one tree together.

use crate::game::{Bitboard, Move, Orientation, Square, Wall, WallSlots};
use serde::{Deserialize, Serialize};
use std::fmt;
use std::num::NonZeroU32;
use std::ops::Index;
use std::sync::atomic::Ordering::{Acquire, Relaxed, Release};
use std::sync::atomic::{AtomicBool, AtomicU16, AtomicU32, AtomicU64, AtomicU8, AtomicUsize};
use std::sync::{Mutex, MutexGuard, PoisonError, TryLockError};

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

impl Proof {
    const fn to_u8(self) -> u8 {
        match self {
            Proof::Unknown => 0,
            Proof::Win => 1,
            Proof::Loss => 2,
        }
    }

    const fn from_u8(raw: u8) -> Proof {
        match raw {
            1 => Proof::Win,
            2 => Proof::Loss,
            _ => Proof::Unknown,
        }
    }
}

/// A link as stored in a node: the id's raw value, 0 for none.
fn pack_id(id: Option<NodeId>) -> u32 {
    id.map_or(0, |id| id.0.get())
}

fn unpack_id(raw: u32) -> Option<NodeId> {
    NonZeroU32::new(raw).map(NodeId)
}

/// A move as stored in a node: kind in the high byte (1 pawn, 2 horizontal
/// wall, 3 vertical wall), file and rank of its square in the low byte;
/// 0 for none (the root, or a slot held for a child).
fn pack_move(mv: Option<Move>) -> u16 {
    let square = |s: Square| u16::from(s.file()) << 4 | u16::from(s.rank());
    match mv {
        None => 0,
        Some(Move::Pawn(s)) => 1 << 8 | square(s),
        Some(Move::Wall(w)) => {
            let kind = match w.orientation() {
                Orientation::Horizontal => 2,
                Orientation::Vertical => 3,
            };
            kind << 8 | square(w.corner())
        }
    }
}

fn unpack_move(raw: u16) -> Option<Move> {
    let square = Square::new((raw >> 4 & 0xF) as u8, (raw & 0xF) as u8)?;
    match raw >> 8 {
        1 => Some(Move::Pawn(square)),
        2 => Wall::new(square, Orientation::Horizontal).map(Move::Wall),
        3 => Wall::new(square, Orientation::Vertical).map(Move::Wall),
        _ => None,
    }
}

/// One tree node: the move that leads to it and its statistics.
///
/// Every field is an atomic, so that several threads can search one tree
/// (see [`Tree`]): statistics change with relaxed read-modify-writes, and a
/// child is published to readers by the release store of its parent's
/// `first_child` after all its fields are written. The all-zero node is an
/// unused slot.
#[derive(Debug, Default)]
pub(crate) struct Node {
    /// Sum of playout results (each the probability that player 1 wins),
    /// as `f64` bits.
    score: AtomicU64,
    visits: AtomicU32,
    /// Links as raw ids (0 for none); see [`Node::parent`] and the others.
    parent: AtomicU32,
    first_child: AtomicU32,
    next_sibling: AtomicU32,
    /// The node's move set plus one (0 before it has one).
    tried: AtomicU32,
    /// Number of candidate moves plus one, once counted (0 before).
    candidates: AtomicU32,
    /// `score / visits` in single precision (`f32` bits), kept by
    /// [`Node::add_result`] so that choosing among many children needs no
    /// division.
    selection_mean: AtomicU32,
    /// `1 / sqrt(visits)` (`f32` bits), kept by [`Node::add_result`] so
    /// that the exploration term of UCT needs no division or square root
    /// per child.
    inverse_sqrt_visits: AtomicU32,
    children: AtomicU16,
    /// See `pack_move`.
    mv: AtomicU16,
    /// How many siblings, this node included, sit in consecutive slots
    /// from here down, each linked to the one below (see [`ChildIter`]).
    run: AtomicU16,
    proof: AtomicU8,
    restricted: AtomicBool,
}

impl Node {
    #[cfg(test)]
    fn new(mv: Option<Move>, parent: Option<NodeId>) -> Node {
        let node = Node::default();
        node.mv.store(pack_move(mv), Relaxed);
        node.parent.store(pack_id(parent), Relaxed);
        node
    }

    /// Sum of playout results, each the probability that player 1 wins.
    pub fn score(&self) -> f64 {
        f64::from_bits(self.score.load(Relaxed))
    }

    /// Playouts through this node (with a shared tree, those under way too).
    pub fn visits(&self) -> u32 {
        self.visits.load(Relaxed)
    }

    /// `None` for the root.
    pub fn parent(&self) -> Option<NodeId> {
        unpack_id(self.parent.load(Relaxed))
    }

    /// The newest child.
    pub fn first_child(&self) -> Option<NodeId> {
        unpack_id(self.first_child.load(Acquire))
    }

    /// The next older child of the same parent.
    pub fn next_sibling(&self) -> Option<NodeId> {
        unpack_id(self.next_sibling.load(Relaxed))
    }

    /// This node's set of moves already made children, from the first
    /// time a child is asked for.
    pub fn tried(&self) -> Option<MoveSetId> {
        NonZeroU32::new(self.tried.load(Acquire)).map(MoveSetId)
    }

    /// Number of candidate moves at this node, once counted (until then the
    /// node counts as not fully expanded).
    pub fn candidates(&self) -> Option<u16> {
        let raw = self.candidates.load(Relaxed);
        raw.checked_sub(1).map(|c| c as u16)
    }

    pub fn set_candidates(&self, candidates: u16) {
        self.candidates.store(u32::from(candidates) + 1, Relaxed);
    }

    pub fn children(&self) -> u16 {
        self.children.load(Relaxed)
    }

    /// The move that leads here; `None` only for the root.
    pub fn mv(&self) -> Option<Move> {
        unpack_move(self.mv.load(Relaxed))
    }

    pub fn proof(&self) -> Proof {
        Proof::from_u8(self.proof.load(Relaxed))
    }

    pub fn set_proof(&self, proof: Proof) {
        self.proof.store(proof.to_u8(), Relaxed);
    }

    /// Whether the candidate moves are a subset of the legal moves (then
    /// "every move loses" cannot be proven).
    pub fn restricted(&self) -> bool {
        self.restricted.load(Relaxed)
    }

    pub fn set_restricted(&self, restricted: bool) {
        self.restricted.store(restricted, Relaxed);
    }

    /// The cached `score / visits` (0 before the first visit).
    pub fn selection_mean(&self) -> f32 {
        f32::from_bits(self.selection_mean.load(Relaxed))
    }

    /// The cached `1 / sqrt(visits)` (0 before the first visit).
    pub fn inverse_sqrt_visits(&self) -> f32 {
        f32::from_bits(self.inverse_sqrt_visits.load(Relaxed))
    }

    /// Counts one more playout through this node with `result` (the
    /// probability that player 1 won) and refreshes the cached terms
    /// selection reads. Every change of the visits goes through here.
    pub fn add_result(&self, result: f64) {
        let visits = self.visits.fetch_add(1, Relaxed).wrapping_add(1);
        let score = self.add_score(result);
        self.refresh(visits, score);
    }

    /// [`Node::add_result`] for a tree only one thread searches: plain loads
    /// and stores instead of read-modify-writes (the same result, faster).
    pub fn add_result_alone(&self, result: f64) {
        let visits = self.visits().wrapping_add(1);
        let score = self.score() + result;
        self.visits.store(visits, Relaxed);
        self.score.store(score.to_bits(), Relaxed);
        self.refresh(visits, score);
    }

    /// Replaces `assumed`, the result counted for a playout under way (a
    /// virtual loss, see [`Node::add_result`]), by its `result`.
    pub fn settle_result(&self, assumed: f64, result: f64) {
        let score = self.add_score(result - assumed);
        self.refresh(self.visits(), score);
    }

    /// Adds `delta` to the score; returns the new score.
    fn add_score(&self, delta: f64) -> f64 {
        let mut old = self.score.load(Relaxed);
        loop {
            let new = f64::from_bits(old) + delta;
            match self
                .score
                .compare_exchange_weak(old, new.to_bits(), Relaxed, Relaxed)
            {
                Ok(_) => return new,
                Err(now) => old = now,
            }
        }
    }

    fn refresh(&self, visits: u32, score: f64) {
        let visits = f64::from(visits.max(1));
        self.selection_mean
            .store(((score / visits) as f32).to_bits(), Relaxed);
        self.inverse_sqrt_visits
            .store(((1.0 / visits.sqrt()) as f32).to_bits(), Relaxed);
    }

    /// Mean result: the probability that player 1 wins through this node.
    pub fn mean(&self) -> f64 {
        match self.visits() {
            0 => 0.5,
            visits => self.score() / f64::from(visits),
        }
    }

    /// Whether every candidate move has a child.
    pub fn fully_expanded(&self) -> bool {
        self.tried().is_some() && self.candidates().is_some_and(|c| self.children() >= c)
    }

    /// A copy of this node's statistics, proof and move set with no links
    /// (for [`Tree::into_subtree`]).
    fn detached_copy(&self) -> Node {
        Node {
            score: AtomicU64::new(self.score.load(Relaxed)),
            visits: AtomicU32::new(self.visits()),
            parent: AtomicU32::new(0),
            first_child: AtomicU32::new(0),
            next_sibling: AtomicU32::new(0),
            tried: AtomicU32::new(0),
            candidates: AtomicU32::new(self.candidates.load(Relaxed)),
            selection_mean: AtomicU32::new(self.selection_mean.load(Relaxed)),
            inverse_sqrt_visits: AtomicU32::new(self.inverse_sqrt_visits.load(Relaxed)),
            children: AtomicU16::new(0),
            mv: AtomicU16::new(self.mv.load(Relaxed)),
            run: AtomicU16::new(0),
            proof: AtomicU8::new(self.proof.load(Relaxed)),
            restricted: AtomicBool::new(self.restricted()),
        }
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

/// What a node keeps about its children to be: the moves already made
/// children, and with progressive widening its moves in the order they
/// become children. Its lock is the node's expansion lock.
#[derive(Debug, Default)]
pub(crate) struct MoveSet {
    pub tried: TriedSet,
    pub ranked: Vec<Move>,
}

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

/// The id of the node in `slot` of the pool.
fn id_at(slot: usize) -> NodeId {
    u32::try_from(slot)
        .ok()
        .and_then(NodeId::new)
        .expect("the node budget keeps the pool far below u32::MAX nodes")
}

/// Most slots one block of siblings holds.
const MAX_BLOCK: usize = 16;

/// Move sets a tree has before [`Tree::pool_caps`] goes by its own mix.
const MIX_SAMPLE: usize = 1024;

/// Slots of the next block of siblings for a parent with `children`
/// children: about half as many again, so that unused slots stay under a
/// third of a parent's children while walking them touches few blocks.
fn block_len(children: u16) -> usize {
    (usize::from(children) / 2 + 1).min(MAX_BLOCK)
}

/// Makes `v` (of which `used` elements are in use) have `asked` unused
/// elements, or at least `least` when the bytes allow no more, without its
/// allocation growing by more than `free` bytes: doubles it where that
/// fits, otherwise grows it by what does. `false` when not even `least`
/// unused elements fit.
fn make_room_in<T: Default>(
    v: &mut Vec<T>,
    used: usize,
    free: u64,
    least: usize,
    asked: usize,
) -> bool {
    let spare = v.len().saturating_sub(used);
    if spare >= asked.max(least) {
        return true;
    }
    let size = std::mem::size_of::<T>().max(1) as u64;
    let wanted = v.len().max(16).max(asked) as u64;
    // At most the length (or 16, or `asked`), so it fits a usize.
    let extra = wanted.min(free / size) as usize;
    if spare + extra < least {
        return false;
    }
    v.reserve_exact(extra);
    v.resize_with(v.len() + extra, T::default);
    true
}

/// Takes `count` slots from a pool of `len` slots whose first `used` are in
/// use; returns the first, or `None` when the pool has no room.
fn take_slots(used: &AtomicUsize, len: usize, count: usize) -> Option<usize> {
    used.fetch_update(Relaxed, Relaxed, |u| {
        u.checked_add(count).filter(|&end| end <= len)
    })
    .ok()
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

    /// Bytes held by the pools (allocated capacity).
    pub fn memory_bytes(&self) -> u64 {
        (self.nodes.capacity() * std::mem::size_of::<Node>()
            + self.sets.capacity() * std::mem::size_of::<Mutex<MoveSet>>()) as u64
            + self.ranked_bytes.load(Relaxed)
    }

    /// Whether the pools have room for one more block of children and the
    /// move set their parent may need, with the bytes held within `budget`
    /// and `reserve` bytes to spare (for the ranked moves of that set).
    pub fn has_room(&self, budget: u64, reserve: u64) -> bool {
        self.nodes.len() - self.used() >= MAX_BLOCK
            && self.sets.len() > self.sets_used.load(Relaxed)
            && self.memory_bytes() + reserve <= budget
    }

    /// Makes room for `nodes` more nodes and `sets` more move sets (at
    /// least one block and one set), keeping the bytes held within `budget`
    /// with `reserve` bytes to spare; whether there is room for one more
    /// block and set afterwards (see [`Tree::has_room`]).
    ///
    /// Neither pool grows past its part of the budget ([`Tree::pool_caps`]):
    /// a pool that took all the free bytes would leave its slots unusable
    /// once the other pool, or the ranked moves, ran out.
    pub fn make_room(&mut self, budget: u64, reserve: u64, nodes: usize, sets: usize) -> bool {
        let free = |tree: &Tree| budget.saturating_sub(tree.memory_bytes() + reserve);
        let (node_cap, set_cap) = self.pool_caps(budget, reserve);
        let below_cap = |cap: usize, len: usize, size: usize| {
            (cap.saturating_sub(len) as u64).saturating_mul(size as u64)
        };
        let used = self.used();
        let room = free(self).min(below_cap(node_cap, self.nodes.len(), size_of::<Node>()));
        if !make_room_in(&mut self.nodes, used, room, MAX_BLOCK, nodes) {
            return false;
        }
        let sets_used = self.sets_used.load(Relaxed);
        let set_size = size_of::<Mutex<MoveSet>>();
        let room = free(self).min(below_cap(set_cap, self.sets.len(), set_size));
        make_room_in(&mut self.sets, sets_used, room, 1, sets);
        self.has_room(budget, reserve)
    }

    /// The most slots the node pool and the move-set pool should have
    /// within `budget`: as many nodes as fit with their share of move sets
    /// and ranked moves, in the tree's own mix (move sets per node, ranked
    /// bytes per set) once it has [`MIX_SAMPLE`] sets, otherwise one set
    /// per node holding `reserve` bytes of ranked moves.
    fn pool_caps(&self, budget: u64, reserve: u64) -> (usize, usize) {
        let sets_used = self.sets_used.load(Relaxed);
        let (sets_per_node, ranked_per_set) = if sets_used >= MIX_SAMPLE {
            (
                sets_used as f64 / self.used().max(1) as f64,
                self.ranked_bytes.load(Relaxed) as f64 / sets_used as f64,
            )
        } else {
            (1.0, reserve as f64)
        };
        let set_bytes = size_of::<Mutex<MoveSet>>() as f64 + ranked_per_set;
        let node_bytes = size_of::<Node>() as f64 + sets_per_node * set_bytes;
        let nodes = budget.saturating_sub(reserve) as f64 / node_bytes;
        // Float to integer casts saturate.
        (nodes as usize, (nodes * sets_per_node).ceil() as usize)
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
        child.proof.store(Proof::Unknown.to_u8(), Relaxed);
        child.restricted.store(false, Relaxed);
        child.parent.store(pack_id(Some(parent)), Relaxed);
        let older = p.first_child();
        child.next_sibling.store(pack_id(older), Relaxed);
        child.run.store(run_at(&self.nodes, slot, older), Relaxed);
        child.mv.store(pack_move(Some(mv)), Relaxed);
        p.first_child.store(pack_id(Some(id)), Release);
        p.children.fetch_add(1, Relaxed);
        set.tried.insert(mv, size);
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

    /// Whether the solver (when `solver` is on) has proven the root, which
    /// ends a think.
    pub fn root_solved(&self, solver: bool) -> bool {
        solver && self[ROOT].proof() != Proof::Unknown
    }

    /// Marks `id` with `proof` and propagates what follows up the tree.
    pub fn prove(&self, mut id: NodeId, mut proof: Proof) {
        loop {
            self[id].set_proof(proof);
            let Some(parent) = self[id].parent() else {
                return;
            };
            proof = match proof {
                Proof::Win => Proof::Loss,
                Proof::Loss if self.all_children_lost(parent) => Proof::Win,
                Proof::Loss | Proof::Unknown => return,
            };
            id = parent;
        }
    }

    /// Proves `node` a win for its mover if every move from it is a proven loss.
    pub fn prove_if_all_lost(&self, node: NodeId) {
        if self[node].proof() == Proof::Unknown && self.all_children_lost(node) {
            self.prove(node, Proof::Win);
        }
    }

    /// Whether `node` has children, all of its candidates, all proven lost
    /// (and is not restricted to a subset of the legal moves).
    fn all_children_lost(&self, node: NodeId) -> bool {
        let n = &self[node];
        n.children() > 0
            && n.fully_expanded()
            && !n.restricted()
            && self.children(node).all(|c| self[c].proof() == Proof::Loss)
    }

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
                ranked_bytes += (moved.ranked.capacity() * std::mem::size_of::<Move>()) as u64;
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

impl Index<NodeId> for Tree {
    type Output = Node;
    #[inline]
    fn index(&self, id: NodeId) -> &Node {
        &self.nodes[id.slot()]
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
            self.next = NonZeroU32::new(id.0.get() - 1).map(NodeId);
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
fn run_at(nodes: &[Node], slot: usize, older: Option<NodeId>) -> u16 {
    match older {
        Some(o) if o.slot() + 1 == slot => nodes[o.slot()].run.load(Relaxed).saturating_add(1),
        _ => 1,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn mv(text: &str) -> Move {
        text.parse().expect("move")
    }

    /// Room for a few blocks, as a search makes before it adds children.
    fn roomy() -> Tree {
        let mut tree = Tree::new();
        assert!(tree.make_room(u64::MAX, 0, 64, 8));
        tree
    }

    /// Adds a child of `parent` for `text`, giving the parent a move set first.
    fn add(tree: &Tree, parent: NodeId, text: &str) -> NodeId {
        let set = tree.move_set(parent, Vec::new).expect("room for a set");
        let mut set = tree.lock(set);
        tree.add_child(parent, &mut set, mv(text), 9)
            .expect("room for a child")
    }

    /// Root with children e2 and d1h; e2 with child e8.
    fn small_tree() -> (Tree, [NodeId; 3]) {
        let tree = roomy();
        let e2 = add(&tree, ROOT, "e2");
        let d1h = add(&tree, ROOT, "d1h");
        let e8 = add(&tree, e2, "e8");
        (tree, [e2, d1h, e8])
    }

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

    #[test]
    fn every_move_survives_its_packing() {
        for size in [3, 9, 11] {
            let pos =
                crate::game::Position::new(crate::game::Variant::new(size, 10).expect("variant"));
            let moves = pos.legal_moves();
            assert!(moves.len() > 2);
            for m in moves {
                assert_eq!(unpack_move(pack_move(Some(m))), Some(m));
            }
        }
        for text in ["k11", "a1", "j10h", "j10v", "a1v"] {
            assert_eq!(unpack_move(pack_move(Some(mv(text)))), Some(mv(text)));
        }
        assert_eq!(unpack_move(pack_move(None)), None);
        assert_eq!(pack_move(None), 0);
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
    fn a_node_keeps_the_first_move_set_it_is_given() {
        let tree = roomy();
        let first = tree.move_set(ROOT, || vec![mv("e2")]).expect("set");
        let again = tree.move_set(ROOT, || unreachable!("the node has a set"));
        assert_eq!(again, Some(first));
        assert_eq!(tree.lock(first).ranked, [mv("e2")]);
    }

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
        // Statistics, links, counts, move and proof, plus the two cached
        // selection terms, all as atomics.
        assert!(std::mem::size_of::<Node>() <= 48);
    }

    #[test]
    fn the_tree_stops_growing_at_its_memory_budget() {
        let budget = 10_000;
        let mut tree = Tree::new();
        let mut parent = ROOT;
        let mut added = 0;
        let reserve = (24 * std::mem::size_of::<Move>()) as u64;
        while tree.make_room(budget, reserve, 0, 0) {
            let set = tree.move_set(parent, || vec![mv("e2"); 24]).expect("set");
            parent = tree
                .add_child(parent, &mut tree.lock(set), mv("e2"), 9)
                .expect("room");
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
        let (len, ranked_bytes) = (tree.len(), tree.ranked_bytes.load(Relaxed));
        let sub = tree.into_subtree(ROOT);
        assert_eq!(sub.len(), len);
        assert_eq!(
            sub.ranked_bytes.load(Relaxed),
            ranked_bytes,
            "the copy counts its ranked moves"
        );
    }

    /// Grows a tree as a shared search does until its budget stops it:
    /// room for a quarter of the tree made before each slice (the pools
    /// cannot grow while threads read them), then children added while
    /// there is room; three children for every move set, eight ranked
    /// moves in each set.
    fn fill_to_budget(budget: u64) -> Tree {
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

    #[test]
    fn the_budget_goes_to_slots_the_tree_can_fill() {
        for budget in [1 << 20, 5_000_000, 12 << 20] {
            let tree = fill_to_budget(budget);
            let bytes = tree.memory_bytes();
            assert!(bytes <= budget, "{bytes} of {budget} bytes");
            assert!(bytes * 100 >= budget * 99, "{bytes} of {budget} bytes");
            // Neither pool took the room the other (or the ranked moves)
            // needed: when the tree stops, both are nearly full.
            let (nodes, sets) = (tree.used(), tree.sets_used.load(Relaxed));
            let (node_slots, set_slots) = (tree.nodes.len(), tree.sets.len());
            assert!(
                nodes * 100 >= node_slots * 99,
                "{nodes} of {node_slots} nodes"
            );
            assert!(
                sets * 100 >= set_slots * 99,
                "{sets} of {set_slots} move sets"
            );
        }
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

    #[test]
    fn room_grows_by_what_still_fits() {
        let mut v: Vec<u64> = vec![0; 16];
        assert!(make_room_in(&mut v, 16, 40, 1, 1), "five more fit");
        assert_eq!(v.len(), 21);
        assert!(!make_room_in(&mut v, 21, 7, 1, 1), "not even one more");
        assert!(make_room_in(&mut v, 21, u64::MAX, 1, 1));
        assert!(v.len() >= 42, "doubles when it fits");
        let len = v.len();
        assert!(
            make_room_in(&mut v, len - 2, 0, 2, 2),
            "two spare slots are room for two"
        );
        assert!(
            !make_room_in(&mut v, len - 1, 8, 3, 3),
            "one more fits, not two"
        );
        assert!(make_room_in(&mut v, len - 1, 16, 3, 3));
        assert_eq!(v.len(), len + 2);
    }

    #[test]
    fn slots_are_handed_out_once_within_the_pool() {
        let used = AtomicUsize::new(3);
        assert_eq!(take_slots(&used, 10, 4), Some(3));
        assert_eq!(take_slots(&used, 10, 4), None, "only 3 left");
        assert_eq!(take_slots(&used, 10, 3), Some(7));
        assert_eq!(used.load(Relaxed), 10);
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
    fn a_node_keeps_its_selection_terms_with_its_results() {
        let node = Node::new(Some(mv("e2")), Some(ROOT));
        assert_eq!(node.visits(), 0);
        assert_eq!(node.mean(), 0.5);
        let alone = Node::new(Some(mv("e2")), Some(ROOT));
        for result in [1.0, 0.0, 1.0, 1.0] {
            node.add_result(result);
            alone.add_result_alone(result);
        }
        for node in [node, alone] {
            assert_eq!(node.visits(), 4);
            assert_eq!(node.score(), 3.0);
            assert_eq!(node.mean(), 0.75);
            assert_eq!(node.selection_mean(), 0.75);
            assert_eq!(node.inverse_sqrt_visits(), 0.5);
        }
    }

    #[test]
    fn a_virtual_loss_is_replaced_by_the_result() {
        let node = Node::new(Some(mv("e2")), Some(ROOT));
        node.add_result(1.0);
        node.add_result(0.0);
        assert_eq!(node.visits(), 2, "the playout under way counts");
        assert_eq!(node.selection_mean(), 0.5);
        node.settle_result(0.0, 1.0);
        assert_eq!(node.visits(), 2);
        assert_eq!(node.score(), 2.0);
        assert_eq!(node.selection_mean(), 1.0);
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

    #[test]
    fn a_node_is_fully_expanded_once_its_candidates_are_counted_and_made() {
        let (tree, [e2, _, e8]) = small_tree();
        assert!(!tree[ROOT].fully_expanded(), "not counted yet");
        tree[ROOT].set_candidates(2);
        assert!(tree[ROOT].fully_expanded());
        tree[e2].set_candidates(3);
        assert!(!tree[e2].fully_expanded());
        tree[e8].set_candidates(0);
        assert!(!tree[e8].fully_expanded(), "no move set yet");
    }
}
