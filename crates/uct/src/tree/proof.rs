//! What the solver proves about a node, and how a proof climbs the tree.

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

impl Proof {
    pub(super) const fn to_u8(self) -> u8 {
        match self {
            Proof::Unknown => 0,
            Proof::Win => 1,
            Proof::Loss => 2,
        }
    }

    pub(super) const fn from_u8(raw: u8) -> Proof {
        match raw {
            1 => Proof::Win,
            2 => Proof::Loss,
            _ => Proof::Unknown,
        }
    }
}

impl Tree {
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
}
