//! What the solver proves about a node, how many plies the proof takes, and
//! how a proof climbs the tree.

use super::{NodeId, Tree, ROOT};

/// What is proven about a node, from the view of the player whose move led to it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Proof {
    Unknown,
    /// The player who made this move wins with best play.
    Win,
    /// The player who made this move loses with best play.
    Loss,
}

/// Most plies a proof's length keeps; longer proofs count as this long.
pub(crate) const MAX_PROOF_PLIES: u32 = 126;

/// Loss codes start here: `LOSS_CODE + plies` (wins are `1 + plies`).
const LOSS_CODE: u8 = 128;

/// A proof and its length in one byte (the node's `proof` field): 0
/// unknown, `1 + plies` a win, `128 + plies` a loss. The plies are those
/// from the node's position to the game's end along the tree's proofs: for
/// a win the longest the loser holds out against the winner's shortest
/// proven line, for a loss the same from the other side. The winner may
/// know a faster way the tree has not proven: a bound, not the exact
/// distance.
pub(crate) const fn encode(proof: Proof, plies: u32) -> u8 {
    let plies = if plies > MAX_PROOF_PLIES {
        MAX_PROOF_PLIES
    } else {
        plies
    } as u8;
    match proof {
        Proof::Unknown => 0,
        Proof::Win => 1 + plies,
        Proof::Loss => LOSS_CODE + plies,
    }
}

/// The proof of an [`encode`]d byte.
pub(crate) const fn decode(raw: u8) -> Proof {
    match raw {
        0 => Proof::Unknown,
        1..LOSS_CODE => Proof::Win,
        _ => Proof::Loss,
    }
}

/// The plies of an [`encode`]d byte (0 for unknown).
pub(crate) const fn decode_plies(raw: u8) -> u32 {
    match raw {
        0 => 0,
        1..LOSS_CODE => (raw - 1) as u32,
        _ => (raw - LOSS_CODE) as u32,
    }
}

impl Tree {
    /// Whether the solver (when `solver` is on) has proven the root, which
    /// ends a think.
    pub fn root_solved(&self, solver: bool) -> bool {
        solver && self[ROOT].proof() != Proof::Unknown
    }

    /// Whether the root's proof ends a think (when `solver` is on): any
    /// proof does without a `floor`. With one (`shortest_win`: the fewest
    /// plies a win of the root's mover can take) a root won for its mover
    /// ends it only once its shortest proven win takes at most `floor`
    /// plies, or every move of the root is a child and proven: until then
    /// the search goes on among the unproven moves for a shorter win (see
    /// [`Tree::hunts_shorter_win`]).
    pub fn root_settled(&self, solver: bool, floor: Option<u32>) -> bool {
        self.root_solved(solver) && !(self.hunts_shorter_win(floor) && self.root_has_unproven())
    }

    /// Whether the root is won for its mover, but in more plies than
    /// `floor` (none: never): a shorter win may lie among its unproven
    /// moves, which the descent then searches instead of the proven ones.
    pub fn hunts_shorter_win(&self, floor: Option<u32>) -> bool {
        let root = &self[ROOT];
        floor.is_some_and(|floor| root.proof() == Proof::Loss && root.proof_plies() > floor)
    }

    /// Whether the root has a move that is not yet a child, or a child
    /// not yet proven.
    fn root_has_unproven(&self) -> bool {
        !self[ROOT].fully_expanded()
            || self
                .children(ROOT)
                .any(|c| self[c].proof() == Proof::Unknown)
    }

    /// Marks `id` with `proof` in `plies` plies (0 for a move that wins at
    /// once) and propagates what follows up the tree: a parent with a
    /// child won is lost in one ply more than its fastest won child; a
    /// parent whose children are all lost is won in one ply more than its
    /// slowest child. A proof already known climbs again when its length
    /// changes (a faster win found below).
    pub fn prove(&self, mut id: NodeId, proof: Proof, plies: u32) {
        self[id].set_proof(proof, plies);
        while let Some(parent) = self[id].parent() {
            let before = self[parent].proof_code();
            let after = match (self[id].proof(), decode(before)) {
                (Proof::Win, _) => self.fastest_win_below(parent),
                // Every child lost: won, as long as the slowest holds out
                // (recounted when an already won parent's child changed).
                (Proof::Loss, Proof::Win) => self.slowest_loss_below(parent),
                (Proof::Loss, Proof::Unknown) if self.all_children_lost(parent) => {
                    self.slowest_loss_below(parent)
                }
                // A lost child of a lost parent changes nothing: only the
                // won children count there.
                _ => return,
            };
            if after == before {
                return;
            }
            self[parent].set_proof_code(after);
            id = parent;
        }
    }

    /// Proves `node` a win for its mover if every move from it is a proven loss.
    pub fn prove_if_all_lost(&self, node: NodeId) {
        if self[node].proof() == Proof::Unknown && self.all_children_lost(node) {
            let plies = decode_plies(self.slowest_loss_below(node));
            self.prove(node, Proof::Win, plies);
        }
    }

    /// The proof of `node` when one of its children is won: lost, in one
    /// ply more than the fastest won child.
    fn fastest_win_below(&self, node: NodeId) -> u8 {
        let fastest = self
            .children(node)
            .filter(|&c| self[c].proof() == Proof::Win)
            .map(|c| self[c].proof_plies())
            .min()
            .unwrap_or(0);
        encode(Proof::Loss, fastest + 1)
    }

    /// The proof of `node` when every child is lost: won, in one ply more
    /// than the slowest child.
    fn slowest_loss_below(&self, node: NodeId) -> u8 {
        let slowest = self
            .children(node)
            .map(|c| self[c].proof_plies())
            .max()
            .unwrap_or(0);
        encode(Proof::Win, slowest + 1)
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
}

#[cfg(test)]
mod tests {
    use super::super::fixtures::{add, roomy};
    use super::*;

    #[test]
    fn a_proof_keeps_its_plies_in_one_byte() {
        for proof in [Proof::Win, Proof::Loss] {
            for plies in [0, 1, 23, MAX_PROOF_PLIES] {
                let code = encode(proof, plies);
                assert_eq!((decode(code), decode_plies(code)), (proof, plies));
            }
            assert_eq!(decode_plies(encode(proof, 1000)), MAX_PROOF_PLIES);
        }
        assert_eq!(decode(encode(Proof::Unknown, 5)), Proof::Unknown);
    }

    #[test]
    fn a_parent_is_lost_as_fast_as_its_fastest_won_child_and_won_as_late_as_its_slowest_lost_one() {
        let tree = roomy();
        let a = add(&tree, ROOT, "e2");
        let b = add(&tree, ROOT, "d1h");
        let a1 = add(&tree, a, "e8");
        let a2 = add(&tree, a, "d8");
        tree[a].set_candidates(2);
        tree[ROOT].set_candidates(2);
        // a1 wins in 6 plies: a is lost (for its mover) in 7.
        tree.prove(a1, Proof::Win, 6);
        assert_eq!((tree[a].proof(), tree[a].proof_plies()), (Proof::Loss, 7));
        // A faster win below a shortens a's loss.
        tree.prove(a2, Proof::Win, 2);
        assert_eq!((tree[a].proof(), tree[a].proof_plies()), (Proof::Loss, 3));
        assert_eq!(tree[ROOT].proof(), Proof::Unknown, "b is not proven yet");
        // Both root moves lost: the root is won for its mover, as late as
        // the slower loss allows.
        tree.prove(b, Proof::Loss, 9);
        assert_eq!(
            (tree[ROOT].proof(), tree[ROOT].proof_plies()),
            (Proof::Win, 10)
        );
    }

    #[test]
    fn a_won_root_is_settled_only_once_no_shorter_win_can_be_found() {
        let tree = roomy();
        let a = add(&tree, ROOT, "e2");
        let b = add(&tree, ROOT, "d1h");
        tree[ROOT].set_candidates(2);
        // a wins in 8 plies: the root is won for its mover in 9.
        tree.prove(a, Proof::Win, 8);
        assert_eq!(tree[ROOT].proof(), Proof::Loss);
        // Without a floor (`shortest_win` off) the first proof settles it.
        assert!(!tree.hunts_shorter_win(None));
        assert!(tree.root_settled(true, None));
        assert!(!tree.root_settled(false, None), "no solver, no proofs");
        // A win could take 3 plies and b is unproven: the search goes on.
        assert!(tree.hunts_shorter_win(Some(3)));
        assert!(!tree.root_settled(true, Some(3)));
        // A win as short as the floor settles it.
        tree.prove(b, Proof::Win, 2);
        assert_eq!(tree[ROOT].proof_plies(), 3);
        assert!(!tree.hunts_shorter_win(Some(3)));
        assert!(tree.root_settled(true, Some(3)));
    }

    #[test]
    fn a_won_root_whose_moves_are_all_proven_is_settled_above_the_floor() {
        let tree = roomy();
        let a = add(&tree, ROOT, "e2");
        let b = add(&tree, ROOT, "d1h");
        tree[ROOT].set_candidates(2);
        tree.prove(a, Proof::Win, 8);
        tree.prove(b, Proof::Loss, 4);
        // Nothing left to search for a shorter win.
        assert!(tree.hunts_shorter_win(Some(3)));
        assert!(tree.root_settled(true, Some(3)));
    }
}
