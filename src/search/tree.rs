//! The search tree in a node pool: nodes refer to each other by index, and
//! hold statistics only (the position is replayed down the descent).

use crate::game::{Bitboard, Move, WallSlots};

/// Index of a node in the pool.
pub type NodeId = u32;

/// "No node" in the links.
pub(crate) const NONE: NodeId = u32::MAX;

/// The root's index.
pub const ROOT: NodeId = 0;

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
    pub parent: NodeId,
    pub first_child: NodeId,
    pub next_sibling: NodeId,
    /// Index of this node's set of moves already made children, `NONE` until
    /// its first child is created.
    pub tried: u32,
    /// Number of candidate moves at this node (known once `tried` is set).
    pub candidates: u16,
    pub children: u16,
    pub mv: Option<Move>,
    pub proof: Proof,
    /// Whether the candidate moves are a subset of the legal moves (then
    /// "every move loses" cannot be proven).
    pub restricted: bool,
}

impl Node {
    fn new(mv: Option<Move>, parent: NodeId) -> Node {
        Node {
            score: 0.0,
            visits: 0,
            parent,
            first_child: NONE,
            next_sibling: NONE,
            tried: NONE,
            candidates: 0,
            children: 0,
            mv,
            proof: Proof::Unknown,
            restricted: false,
        }
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
        self.tried != NONE && self.children >= self.candidates
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
            Move::Wall(w) => self.walls[w.orientation()].has(w.slot(size)),
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
}

impl Tree {
    pub fn new() -> Tree {
        Tree {
            nodes: vec![Node::new(None, NONE)],
            tried: Vec::new(),
            ranked: Vec::new(),
        }
    }

    pub fn len(&self) -> usize {
        self.nodes.len()
    }

    /// Bytes held by the pool (allocated capacity).
    pub fn memory_bytes(&self) -> u64 {
        (self.nodes.capacity() * std::mem::size_of::<Node>()
            + self.tried.capacity() * std::mem::size_of::<TriedSet>()
            + self
                .ranked
                .iter()
                .map(|r| {
                    r.capacity() * std::mem::size_of::<Move>() + std::mem::size_of::<Vec<Move>>()
                })
                .sum::<usize>()) as u64
    }

    /// Adds a child of `parent` for `mv`; returns its id.
    pub fn add_child(&mut self, parent: NodeId, mv: Move, size: u8) -> NodeId {
        let id = self.nodes.len() as NodeId;
        let mut child = Node::new(Some(mv), parent);
        let p = &mut self.nodes[parent as usize];
        child.next_sibling = p.first_child;
        p.first_child = id;
        p.children += 1;
        let tried = p.tried as usize;
        self.tried[tried].insert(mv, size);
        self.nodes.push(child);
        id
    }

    /// The children of `id`, newest first.
    pub fn children(&self, id: NodeId) -> ChildIter<'_> {
        ChildIter {
            tree: self,
            next: self.nodes[id as usize].first_child,
        }
    }

    /// A new tree holding only the subtree under `id`, which becomes the root.
    pub fn subtree(&self, id: NodeId) -> Tree {
        let mut out = Tree {
            nodes: Vec::new(),
            tried: Vec::new(),
            ranked: Vec::new(),
        };
        // Breadth-first copy; `map[i]` is the new id of the i-th copied node.
        let mut queue = vec![(id, NONE)];
        let mut head = 0;
        while head < queue.len() {
            let (old, new_parent) = queue[head];
            head += 1;
            let new_id = out.nodes.len() as NodeId;
            let mut node = self.nodes[old as usize].clone();
            node.parent = new_parent;
            node.first_child = NONE;
            node.next_sibling = NONE;
            node.children = 0;
            if node.tried != NONE {
                out.tried.push(self.tried[node.tried as usize]);
                out.ranked.push(
                    self.ranked
                        .get(node.tried as usize)
                        .cloned()
                        .unwrap_or_default(),
                );
                node.tried = (out.tried.len() - 1) as u32;
            }
            if new_parent == NONE {
                node.mv = None;
            } else {
                let p = &mut out.nodes[new_parent as usize];
                node.next_sibling = p.first_child;
                p.first_child = new_id;
                p.children += 1;
            }
            out.nodes.push(node);
            for child in self.children(old) {
                queue.push((child, new_id));
            }
        }
        out
    }
}

/// Iterator over a node's children.
pub(crate) struct ChildIter<'a> {
    tree: &'a Tree,
    next: NodeId,
}

impl Iterator for ChildIter<'_> {
    type Item = NodeId;
    #[inline]
    fn next(&mut self) -> Option<NodeId> {
        if self.next == NONE {
            None
        } else {
            let id = self.next;
            self.next = self.tree.nodes[id as usize].next_sibling;
            Some(id)
        }
    }
}
