//! One tree node: the move that leads to it and its statistics, all atomics
//! so that several threads can share it.

#[cfg(test)]
use super::id::pack_id;
use super::id::{unpack_id, MoveSetId, NodeId};
use super::proof::{decode, decode_plies, encode, Proof};
use quoridor_rules::{Move, Orientation, Square, Wall};
use quoridor_search::WinChance;
use std::num::NonZeroU32;
use std::sync::atomic::Ordering::{Acquire, Relaxed};
use std::sync::atomic::{AtomicBool, AtomicU16, AtomicU32, AtomicU64, AtomicU8};

/// A move as stored in a node: kind in the high byte (1 pawn, 2 horizontal
/// wall, 3 vertical wall), file and rank of its square in the low byte;
/// 0 for none (the root, or a slot held for a child).
pub(super) fn pack_move(mv: Option<Move>) -> u16 {
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

pub(super) fn unpack_move(raw: u16) -> Option<Move> {
    let square = Square::new((raw >> 4 & 0xF) as u8, (raw & 0xF) as u8)?;
    match raw >> 8 {
        1 => Some(Move::Pawn(square)),
        2 => Wall::new(square, Orientation::Horizontal).map(Move::Wall),
        3 => Wall::new(square, Orientation::Vertical).map(Move::Wall),
        _ => None,
    }
}

/// A policy prior in one byte, on a log scale: code `c` above 0 stands
/// for `2^(−(255 − c)/16)` (1 at 255, steps of 4.4%, the smallest about
/// 1.7·10⁻⁵), code 0 for none. A node keeps its move's prior and the
/// prior of the move it would open next in the two bytes a smaller
/// candidate count freed, so the node stays 48 bytes.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, PartialOrd, Ord)]
pub(crate) struct Prior(pub u8);

/// Codes per halving of a [`Prior`].
const PRIOR_STEPS_PER_OCTAVE: f32 = 16.0;

/// Each [`Prior`] code's probability.
static PRIOR_VALUES: [f32; 256] = prior_values();

const fn prior_values() -> [f32; 256] {
    let mut values = [0.0f32; 256];
    // 2^(-1/16), the ratio of neighbouring codes.
    let step = 0.957_603_280_698_573_7_f64;
    let mut value = 1.0f64;
    let mut code = 255;
    while code > 0 {
        values[code] = value as f32;
        value *= step;
        code -= 1;
    }
    values
}

impl Prior {
    /// No prior.
    pub const ZERO: Prior = Prior(0);

    /// The code nearest to `p` (clamped to 0–1; a positive `p` below the
    /// smallest code gets the smallest).
    pub fn new(p: f32) -> Prior {
        if p.is_nan() || p <= 0.0 {
            return Prior::ZERO;
        }
        let below = (-p.min(1.0).log2() * PRIOR_STEPS_PER_OCTAVE).round();
        Prior((255.0 - below).clamp(1.0, 255.0) as u8)
    }

    /// The prior as a probability.
    #[inline]
    pub fn get(self) -> f32 {
        PRIOR_VALUES[usize::from(self.0)]
    }
}

/// One tree node: the move that leads to it and its statistics.
///
/// Every field is an atomic, so that several threads can search one tree
/// (see [`Tree`](super::Tree)): statistics change with relaxed read-modify-writes, and a
/// child is published to readers by the release store of its parent's
/// `first_child` after all its fields are written. The all-zero node is an
/// unused slot.
#[derive(Debug, Default)]
pub(crate) struct Node {
    /// Sum of playout results (each the probability that player 1 wins),
    /// as `f64` bits.
    pub(super) score: AtomicU64,
    pub(super) visits: AtomicU32,
    /// Links as raw ids (0 for none); see [`Node::parent`] and the others.
    pub(super) parent: AtomicU32,
    pub(super) first_child: AtomicU32,
    pub(super) next_sibling: AtomicU32,
    /// The node's move set plus one (0 before it has one).
    pub(super) tried: AtomicU32,
    /// Number of candidate moves plus one, once counted (0 before).
    pub(super) candidates: AtomicU16,
    /// `score / visits` in single precision (`f32` bits), kept by
    /// [`Node::add_result`] so that choosing among many children needs no
    /// division.
    pub(super) selection_mean: AtomicU32,
    /// `1 / sqrt(visits)` (`f32` bits), kept by [`Node::add_result`] so
    /// that the exploration term of UCT needs no division or square root
    /// per child.
    pub(super) inverse_sqrt_visits: AtomicU32,
    pub(super) children: AtomicU16,
    /// See `pack_move`.
    pub(super) mv: AtomicU16,
    /// How many siblings, this node included, sit in consecutive slots
    /// from here down, each linked to the one below (see [`ChildIter`](super::children::ChildIter)).
    pub(super) run: AtomicU16,
    /// The policy's prior of this node's move at its parent, as a
    /// [`Prior`] (0 without priors).
    pub(super) prior: AtomicU8,
    /// The prior of the move this node would open next (the best-prior
    /// move not yet a child), 0 when unknown or without priors: what the
    /// PUCT selection weighs against the children (see [`Node::next_prior`]).
    pub(super) next_prior: AtomicU8,
    /// The proof and its length in plies (see [`encode`]).
    pub(super) proof: AtomicU8,
    pub(super) restricted: AtomicBool,
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
        self.candidates.load(Relaxed).checked_sub(1)
    }

    /// Sets the count (a position has a few hundred moves at most, far
    /// below the `u16::MAX − 1` the count holds).
    pub fn set_candidates(&self, candidates: u16) {
        self.candidates.store(candidates.saturating_add(1), Relaxed);
    }

    pub fn children(&self) -> u16 {
        self.children.load(Relaxed)
    }

    /// The move that leads here; `None` only for the root.
    pub fn mv(&self) -> Option<Move> {
        unpack_move(self.mv.load(Relaxed))
    }

    pub fn proof(&self) -> Proof {
        decode(self.proof_code())
    }

    /// Plies from this node's position to the end of the game along the
    /// tree's proofs (0 when unproven; see [`encode`]).
    pub fn proof_plies(&self) -> u32 {
        decode_plies(self.proof_code())
    }

    /// Marks the node with `proof` in `plies` plies.
    pub fn set_proof(&self, proof: Proof, plies: u32) {
        self.set_proof_code(encode(proof, plies));
    }

    /// The proof and its plies as one byte (see [`encode`]).
    pub(super) fn proof_code(&self) -> u8 {
        self.proof.load(Relaxed)
    }

    pub(super) fn set_proof_code(&self, code: u8) {
        self.proof.store(code, Relaxed);
    }

    /// Whether the candidate moves are a subset of the legal moves (then
    /// "every move loses" cannot be proven).
    pub fn restricted(&self) -> bool {
        self.restricted.load(Relaxed)
    }

    pub fn set_restricted(&self, restricted: bool) {
        self.restricted.store(restricted, Relaxed);
    }

    /// The policy's prior of the move that leads here (0 without priors).
    pub fn prior(&self) -> Prior {
        Prior(self.prior.load(Relaxed))
    }

    /// The prior of the best-prior move of this node not yet a child (0
    /// when none is known). Kept by [`Tree::add_child`](super::Tree::add_child)
    /// and when the node's priors are stored.
    pub fn next_prior(&self) -> Prior {
        Prior(self.next_prior.load(Relaxed))
    }

    pub(super) fn set_next_prior(&self, prior: Prior) {
        self.next_prior.store(prior.0, Relaxed);
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

    /// [`Node::mean`] as the win chance it is: player 1's.
    pub fn chance(&self) -> WinChance {
        WinChance::player_one(self.mean())
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
    /// (for [`Tree::into_subtree`](super::Tree::into_subtree)).
    pub(super) fn detached_copy(&self) -> Node {
        Node {
            score: AtomicU64::new(self.score.load(Relaxed)),
            visits: AtomicU32::new(self.visits()),
            parent: AtomicU32::new(0),
            first_child: AtomicU32::new(0),
            next_sibling: AtomicU32::new(0),
            tried: AtomicU32::new(0),
            candidates: AtomicU16::new(self.candidates.load(Relaxed)),
            selection_mean: AtomicU32::new(self.selection_mean.load(Relaxed)),
            inverse_sqrt_visits: AtomicU32::new(self.inverse_sqrt_visits.load(Relaxed)),
            children: AtomicU16::new(0),
            mv: AtomicU16::new(self.mv.load(Relaxed)),
            run: AtomicU16::new(0),
            prior: AtomicU8::new(self.prior.load(Relaxed)),
            next_prior: AtomicU8::new(self.next_prior.load(Relaxed)),
            proof: AtomicU8::new(self.proof.load(Relaxed)),
            restricted: AtomicBool::new(self.restricted()),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::super::fixtures::{mv, small_tree};
    use super::super::ROOT;
    use super::*;

    #[test]
    fn every_move_survives_its_packing() {
        for size in [3, 9, 11] {
            let pos = quoridor_rules::Position::new(
                quoridor_rules::Variant::new(size, 10).expect("variant"),
            );
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
    fn a_prior_keeps_four_percent_in_one_byte() {
        assert_eq!(Prior::new(0.0), Prior::ZERO);
        assert_eq!(Prior::new(-1.0), Prior::ZERO);
        assert_eq!(Prior::new(f32::NAN), Prior::ZERO);
        assert_eq!(Prior::ZERO.get(), 0.0);
        assert_eq!(Prior::new(1.0), Prior(255));
        assert_eq!(Prior::new(2.0).get(), 1.0);
        assert_eq!(
            Prior::new(1e-9),
            Prior(1),
            "a positive prior stays positive"
        );
        let mut p = 1.0f32;
        while p > 2e-5 {
            let back = Prior::new(p).get();
            assert!((back / p - 1.0).abs() < 0.023, "{p} came back as {back}");
            p *= 0.83;
        }
        assert!(Prior::new(0.5) > Prior::new(0.4));
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
