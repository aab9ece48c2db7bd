//! PUCT (issue 47): a descent guided by the network's policy. A new leaf is
//! scored by the network's value alone; when a descent first opens a child
//! below it, its moves' priors are stored from one forward pass
//! ([`Network::fast_priors`]: the priors from the head's
//! weights in integers); a node's moves are opened in the
//! order of their priors, and a child is selected by AlphaZero's
//! `Q + c_puct · P · √N / (1 + n)`, the best-prior move not yet opened
//! competing with a first-play urgency value (KataGo's: the parent's value
//! minus `fpu_reduction · √(opened priors)`, or a loss). Proven wins and
//! losses weigh as in UCB selection: a proven win is taken at once, a proven
//! loss only when nothing else is left.

use super::{Descent, Expansion, Leaf};
use crate::params::FirstPlay;
use crate::tree::{MoveSet, NodeId, Prior, Proof, SetPriors, PRIOR_MOVES, ROOT};
use quoridor_learned::{active_features, Network};
use quoridor_rules::{Move, Player, Position};
use quoridor_search::EngineRng;
use rand::Rng;

/// Mixes Dirichlet noise into `priors` (AlphaZero's root noise): each
/// becomes `(1 − epsilon)·p + epsilon·η`, with `η` drawn from a Dirichlet
/// distribution of concentration `alpha` for every move ([`gamma`] draws,
/// normalised). The sum stays what it was when it was 1. Left unchanged
/// when `alpha` is not above 0 or every draw underflows to 0.
fn mix_in_noise(priors: &mut [f32], epsilon: f64, alpha: f64, rng: &mut EngineRng) {
    if !(alpha > 0.0 && alpha.is_finite()) {
        return;
    }
    let draws: Vec<f64> = priors.iter().map(|_| gamma(alpha, rng)).collect();
    let total: f64 = draws.iter().sum();
    if !(total > 0.0 && total.is_finite()) {
        return;
    }
    for (p, draw) in priors.iter_mut().zip(draws) {
        *p = ((1.0 - epsilon) * f64::from(*p) + epsilon * draw / total) as f32;
    }
}

/// A draw from the Gamma distribution of shape `alpha` (> 0) and scale 1:
/// Marsaglia and Tsang's method (2000), with `U^(1/α)` times a draw of shape
/// `α + 1` below 1, and normal draws by Marsaglia's polar method. Written
/// out rather than taken from `rand_distr`, whose Gamma brought `libm`'s
/// `pow` and friends into the page's engine worker: 10 KB gzipped, more than
/// the download had left under its limit (self-play alone draws noise).
fn gamma(alpha: f64, rng: &mut EngineRng) -> f64 {
    if alpha < 1.0 {
        let u: f64 = 1.0 - rng.random::<f64>();
        return gamma(alpha + 1.0, rng) * (u.ln() / alpha).exp();
    }
    let d = alpha - 1.0 / 3.0;
    let c = 1.0 / (9.0 * d).sqrt();
    loop {
        let x = normal(rng);
        let v = 1.0 + c * x;
        if v <= 0.0 {
            continue;
        }
        let v = v * v * v;
        let u: f64 = 1.0 - rng.random::<f64>();
        if u.ln() < 0.5 * x * x + d - d * v + d * v.ln() {
            return d * v;
        }
    }
}

/// A standard normal draw (Marsaglia's polar method).
fn normal(rng: &mut EngineRng) -> f64 {
    loop {
        let x = 2.0 * rng.random::<f64>() - 1.0;
        let y = 2.0 * rng.random::<f64>() - 1.0;
        let s = x * x + y * y;
        if s > 0.0 && s < 1.0 {
            return x * (-2.0 * s.ln() / s).sqrt();
        }
    }
}

/// What one PUCT step at a node did.
pub(super) enum PuctStep {
    /// A child was opened; the descent ends at it.
    Added(Leaf),
    /// The root has no move at all.
    NoMove,
    /// The descent goes on to this child (`None`: the node has none to go
    /// on to, and is scored itself).
    Child(Option<NodeId>),
}

/// What PUCT selection picked at a node.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Pick {
    /// Open the best-prior move not yet a child.
    Open,
    Child(NodeId),
}

impl Pick {
    fn child(self) -> Option<NodeId> {
        match self {
            Pick::Open => None,
            Pick::Child(id) => Some(id),
        }
    }
}

impl Descent<'_> {
    /// One forward pass of `net` over `pos`: a move set of its
    /// [`PRIOR_MOVES`] candidate moves of highest prior, highest first (at
    /// the root, `at_root`, after [`UctParams::root_noise`] is mixed in).
    /// `None` when the network does not encode `pos`'s variant.
    ///
    /// [`UctParams::root_noise`]: crate::UctParams::root_noise
    pub(super) fn prior_set(
        &mut self,
        net: &Network,
        pos: &Position,
        at_root: bool,
    ) -> Option<MoveSet> {
        let features = active_features(pos)?;
        let mut moves = std::mem::take(&mut self.worker.scratch);
        let mut priors = std::mem::take(&mut self.worker.prior_scratch);
        let mut keys = std::mem::take(&mut self.worker.prior_keys);
        self.candidates(pos, &mut moves);
        // The priors alone: the node was scored by the value already.
        net.fast_priors(&features, pos.turn(), &moves, &mut priors);
        let uct = self.view.uct;
        if at_root && uct.root_noise > 0.0 {
            mix_in_noise(
                &mut priors,
                uct.root_noise,
                uct.root_noise_alpha,
                &mut self.worker.rng,
            );
        }
        // The PRIOR_MOVES highest, highest first, equal priors in the
        // candidates' order: each move's key is its prior's bits (a
        // non-negative float orders as its bits) above its index counted
        // down, and a selection then a sort of the few kept (an insertion
        // into the kept ones took a tenth of the search's time).
        keys.clear();
        keys.extend(
            priors
                .iter()
                .enumerate()
                .map(|(i, &p)| (u64::from(p.to_bits()) << 32) | u64::from(u32::MAX - i as u32)),
        );
        let kept = keys.len().min(PRIOR_MOVES);
        if keys.len() > kept && kept > 0 {
            keys.select_nth_unstable_by(kept - 1, |a, b| b.cmp(a));
        }
        keys[..kept].sort_unstable_by(|a, b| b.cmp(a));
        let mut top = [(0.0f32, None::<Move>); PRIOR_MOVES];
        for (t, &key) in top.iter_mut().zip(&keys[..kept]) {
            let index = (u32::MAX - key as u32) as usize;
            *t = (f32::from_bits((key >> 32) as u32), Some(moves[index]));
        }
        let top = &top[..kept];
        let left = moves.len() - kept;
        let mass: f32 = top.iter().map(|t| t.0).sum();
        let mut priors_kept = SetPriors::default();
        for (value, t) in priors_kept.values.iter_mut().zip(top) {
            *value = Prior::new(t.0);
        }
        if left > 0 {
            priors_kept.rest = Prior::new((1.0 - mass).max(0.0) / left as f32);
        }
        let set = MoveSet {
            ranked: top.iter().filter_map(|t| t.1).collect(),
            priors: Some(Box::new(priors_kept)),
            ..MoveSet::default()
        };
        self.worker.scratch = moves;
        self.worker.prior_scratch = priors;
        self.worker.prior_keys = keys;
        Some(set)
    }

    /// One step of a PUCT descent at `node` (in `pos`, `depth` moves below
    /// the root): opens the best-prior move not yet a child when PUCT
    /// prefers it and the tree has room, else picks a child.
    pub(super) fn puct_step(&mut self, node: NodeId, pos: Position, depth: u32) -> PuctStep {
        let n = &self.view.tree[node];
        let may_open = !n.fully_expanded()
            && !self.view.uct.node_budget_reached(self.view.tree.len())
            && self.has_room();
        match self.select_puct(node, pos.turn(), may_open) {
            Some(Pick::Open) => match self.expand(node, pos, depth) {
                Expansion::Added(leaf) => PuctStep::Added(leaf),
                Expansion::NoMove if node == ROOT && self.view.tree[ROOT].children() == 0 => {
                    PuctStep::NoMove
                }
                Expansion::NoMove | Expansion::Full | Expansion::Busy => PuctStep::Child(
                    self.select_puct(node, pos.turn(), false)
                        .and_then(Pick::child),
                ),
            },
            Some(Pick::Child(child)) => PuctStep::Child(Some(child)),
            None => PuctStep::Child(None),
        }
    }

    /// The child of `node` with the best `Q + c_puct · P · √N / (1 + n)` for
    /// `mover`, or [`Pick::Open`] when `may_open` and the best-prior move
    /// not yet a child scores higher with the first-play urgency as its `Q`
    /// (always when the node has no child to go on to). A proven win is
    /// taken at once (except at a root that hunts a shorter win, see
    /// [`crate::tree::Tree::hunts_shorter_win`]); proven losses only when nothing else
    /// is left.
    fn select_puct(&self, node: NodeId, mover: Player, may_open: bool) -> Option<Pick> {
        let tree = self.view.tree;
        let uct = self.view.uct;
        let parent = &tree[node];
        let flip = mover == Player::Two;
        let winrate = |mean: f32| if flip { 1.0 - mean } else { mean };
        let scale = (uct.c_puct * f64::from(parent.visits().max(1)).sqrt()) as f32;
        let tracks = uct.tracks_proofs();
        // A root that hunts a shorter win searches its unproven moves.
        let hunt = node == ROOT && tree.hunts_shorter_win(self.view.win_floor);
        let mut best = None;
        let mut best_value = f32::NEG_INFINITY;
        let mut fallback = None;
        let mut fallback_visits = 0;
        let mut opened = 0.0f32;
        for child in tree.children(node) {
            let ch = &tree[child];
            let visits = ch.visits();
            let prior = ch.prior().get();
            opened += prior;
            if tracks {
                match ch.proof() {
                    Proof::Win if !hunt => return Some(Pick::Child(child)),
                    Proof::Win | Proof::Loss => {
                        if fallback.is_none() || visits > fallback_visits {
                            fallback = Some(child);
                            fallback_visits = visits;
                        }
                        continue;
                    }
                    Proof::Unknown => {}
                }
            }
            // A child not yet scored (another thread's playout under way)
            // counts as lost, as its virtual loss would.
            let q = if visits == 0 {
                0.0
            } else {
                winrate(ch.selection_mean())
            };
            let value = q + scale * prior / (1 + visits) as f32;
            if value > best_value {
                best_value = value;
                best = Some(child);
            }
        }
        if may_open {
            let fpu = match uct.fpu {
                FirstPlay::Parent => {
                    winrate(parent.selection_mean()) - uct.fpu_reduction as f32 * opened.sqrt()
                }
                FirstPlay::Loss => 0.0,
            };
            let open = fpu + scale * parent.next_prior().get();
            if best.is_none() || open > best_value {
                return Some(Pick::Open);
            }
        }
        best.or(fallback).map(Pick::Child)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use rand::SeedableRng;

    #[test]
    fn noise_keeps_the_priors_a_distribution_and_moves_every_one() {
        let before = [0.7f32, 0.2, 0.1, 0.0, 0.0];
        let noised = |seed: u64, epsilon: f64, alpha: f64| {
            let mut priors = before;
            mix_in_noise(
                &mut priors,
                epsilon,
                alpha,
                &mut EngineRng::seed_from_u64(seed),
            );
            priors
        };
        let a = noised(1, 0.25, 0.3);
        assert!((a.iter().sum::<f32>() - 1.0).abs() < 1e-5, "{a:?}");
        for (p, q) in before.iter().zip(&a) {
            // At least (1 − ε) of the prior stays; at most ε is added.
            assert!(
                *q >= 0.75 * p - 1e-6 && *q <= 0.75 * p + 0.25 + 1e-6,
                "{a:?}"
            );
        }
        assert_ne!(a, before);
        assert_eq!(a, noised(1, 0.25, 0.3), "the same draw from the same seed");
        assert_ne!(a, noised(2, 0.25, 0.3), "another seed, another draw");
        assert_eq!(noised(1, 0.0, 0.3), before, "ε 0 adds nothing");
        assert_eq!(
            noised(1, 0.25, 0.0),
            before,
            "no concentration: left as it was"
        );
    }

    /// Gamma(α, 1) has mean α and variance α: checked on 20,000 draws for
    /// shapes below and above 1 (within 4% of the mean and 10% of the
    /// variance, a few standard errors), every draw positive.
    #[test]
    fn gamma_draws_have_the_shapes_mean_and_variance() {
        let mut rng = EngineRng::seed_from_u64(7);
        for alpha in [0.1, 0.3, 1.0, 2.5] {
            let n = 20_000;
            let draws: Vec<f64> = (0..n).map(|_| gamma(alpha, &mut rng)).collect();
            assert!(draws.iter().all(|&x| x >= 0.0 && x.is_finite()));
            let mean = draws.iter().sum::<f64>() / n as f64;
            let var = draws.iter().map(|x| (x - mean).powi(2)).sum::<f64>() / n as f64;
            eprintln!("α {alpha}: mean {mean}, variance {var}");
            assert!(
                (mean - alpha).abs() < 0.04 * alpha.max(0.5),
                "α {alpha}: mean {mean}"
            );
            assert!(
                (var - alpha).abs() < 0.1 * alpha.max(0.5),
                "α {alpha}: variance {var}"
            );
        }
    }
}
