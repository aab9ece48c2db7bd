//! [`Evaluator`]: what the engines score positions with, handed to them
//! when they are built (`new_engine`) instead of read from a global.
//!
//! It lives with the learned evaluation, not in the search core: the core
//! knows only the option `eval` ([`Evaluation`]) and its resolved form
//! ([`ResolvedEval`]); the engines and the applications, which sit above
//! both, hold an `Evaluator`. So the core never depends on the network.

use super::network::{Network, WeightsError};
use super::quantized::QuantizedNetwork;
use super::{win_chance, NO_NETWORK};
use quoridor_rules::Position;
use quoridor_search::{EngineKind, Evaluation, ResolvedEval};
use std::sync::Arc;

/// The engines' evaluation: the classic terms (always there; their weights
/// are settings, [`quoridor_search::SearchParams`]) and, optionally, a learned
/// network shared by every engine that holds a clone. Cloning is cheap (one
/// reference count), so each engine keeps its own copy; two evaluators with
/// different networks can play each other in one process.
///
/// ```
/// use quoridor_learned::{Evaluator, Network};
/// use quoridor_search::{EngineKind, Evaluation, ResolvedEval};
/// let classic = Evaluator::classic();
/// assert_eq!(classic.resolve(Evaluation::Auto, EngineKind::Uct), ResolvedEval::Classic);
/// let learned = Evaluator::with_network(Network::random(16, 8, 1));
/// assert_eq!(learned.resolve(Evaluation::Auto, EngineKind::Uct), ResolvedEval::Learned);
/// assert!(classic.refusal(Evaluation::Learned).is_some());
/// assert!(learned.refusal(Evaluation::Learned).is_none());
/// ```
#[derive(Clone, Debug, Default)]
pub struct Evaluator {
    network: Option<Arc<Network>>,
    /// The network's integer form, built when the evaluator is: what the
    /// alpha-beta search evaluates with.
    quantized: Option<Arc<QuantizedNetwork>>,
}

impl Evaluator {
    /// The classic terms only: `eval=learned` is refused with it.
    pub fn classic() -> Evaluator {
        Evaluator {
            network: None,
            quantized: None,
        }
    }

    /// The classic terms and `network`.
    pub fn with_network(network: Network) -> Evaluator {
        Evaluator::with_shared_network(Arc::new(network))
    }

    /// The classic terms and a network shared with other evaluators.
    pub fn with_shared_network(network: Arc<Network>) -> Evaluator {
        Evaluator {
            quantized: Some(Arc::new(QuantizedNetwork::new(&network))),
            network: Some(network),
        }
    }

    /// The evaluation this build ships: the network embedded from
    /// `weights/value.safetensors` when the build had the file, the classic
    /// terms only when it did not. Each call reads the weights again: an
    /// application calls it once at start and clones the result. A shipped
    /// file that does not load is an error, never a silent fallback.
    pub fn embedded() -> Result<Evaluator, WeightsError> {
        match super::embedded_weights() {
            Some(bytes) => Network::from_layout(bytes).map(Evaluator::with_network),
            None => Ok(Evaluator::classic()),
        }
    }

    /// The network, if this evaluator has one.
    pub fn network(&self) -> Option<&Network> {
        self.network.as_deref()
    }

    /// The evaluation `engine` scores with under option `eval`: `Auto` is
    /// learned when there is a network ([`Evaluation::resolve`]).
    pub fn resolve(&self, eval: Evaluation, engine: EngineKind) -> ResolvedEval {
        eval.resolve(engine, self.network.is_some())
    }

    /// The network `engine` scores with under option `eval`: `None` with
    /// the classic evaluation, and also with `eval=learned` and no network
    /// (the applications refuse that setting, see [`Evaluator::refusal`],
    /// but settings can arrive by other roads).
    pub fn network_for(&self, eval: Evaluation, engine: EngineKind) -> Option<&Network> {
        match self.resolve(eval, engine) {
            ResolvedEval::Learned => self.network(),
            ResolvedEval::Classic => None,
        }
    }

    /// The quantised form of the network `engine` scores with under option
    /// `eval` (see [`Evaluator::network_for`]).
    pub fn quantized_for(&self, eval: Evaluation, engine: EngineKind) -> Option<&QuantizedNetwork> {
        match self.resolve(eval, engine) {
            ResolvedEval::Learned => self.quantized.as_deref(),
            ResolvedEval::Classic => None,
        }
    }

    /// The learned network's own value of `pos` for the side to move (no
    /// search), as snapshots report it
    /// ([`quoridor_search::SearchInfo::network_value`]): `None` unless
    /// [`Evaluator::network_for`] gives `engine` a network that encodes
    /// `pos`'s variant.
    pub fn network_value(
        &self,
        eval: Evaluation,
        engine: EngineKind,
        pos: &Position,
    ) -> Option<f64> {
        self.network_for(eval, engine)
            .and_then(|net| win_chance(net, pos))
            .map(|chance| chance.for_player(pos.turn()))
    }

    /// Why option `eval` cannot be `eval` with this evaluator, if it cannot:
    /// `learned` needs a network. The places that apply settings (the
    /// protocols' sessions, the worker, the arena, `bench`) report it.
    pub fn refusal(&self, eval: Evaluation) -> Option<&'static str> {
        (eval == Evaluation::Learned && self.network.is_none()).then_some(NO_NETWORK)
    }
}

/// The evaluator of the tests (of every crate): the embedded network, or,
/// in a build without weights, a small random one, so that `eval=learned`
/// is accepted.
///
/// # Panics
///
/// If the shipped weights do not load (a test should fail then).
#[doc(hidden)]
pub fn test_evaluator() -> Evaluator {
    match Evaluator::embedded().expect("the embedded weights load") {
        e if e.network().is_some() => e,
        _ => Evaluator::with_network(Network::random(16, 8, 9)),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_embedded_weights_load() {
        // Without the file the build says so; with it, it must load.
        let embedded = Evaluator::embedded().expect("the shipped weights load");
        assert_eq!(
            embedded.network().is_some(),
            cfg!(quoridor_embedded_weights)
        );
    }

    #[test]
    fn two_evaluators_keep_their_own_networks() {
        let a = Evaluator::with_network(Network::random(16, 8, 1));
        let b = Evaluator::with_network(Network::random(16, 8, 2));
        let pos = Position::new(quoridor_rules::Variant::default());
        let value = |e: &Evaluator| e.network_value(Evaluation::Learned, EngineKind::Uct, &pos);
        assert!(value(&a).is_some());
        assert_ne!(value(&a), value(&b));
        assert_eq!(value(&a.clone()), value(&a));
        assert_eq!(value(&Evaluator::classic()), None);
        assert_eq!(
            a.network_value(Evaluation::Classic, EngineKind::AlphaBeta, &pos),
            None
        );
    }

    #[test]
    fn only_learned_without_a_network_is_refused() {
        let classic = Evaluator::classic();
        assert_eq!(classic.refusal(Evaluation::Learned), Some(NO_NETWORK));
        assert_eq!(classic.refusal(Evaluation::Auto), None);
        assert_eq!(classic.refusal(Evaluation::Classic), None);
        assert_eq!(test_evaluator().refusal(Evaluation::Learned), None);
    }
}
