//! The one place that chooses the engine: [`new_engine`] builds the engine of
//! a given kind behind the [`SearchEngine`] interface.

use super::alphabeta::AlphaBeta;
use super::engine::{EngineKind, SearchEngine};
use super::learned::Evaluator;
use super::params::SearchParams;
use super::uct::ParallelUct;
use crate::game::Position;

/// A new engine of the kind `kind` on `root` with `params`, scoring with
/// `evaluator`: the one place that chooses the engine. `eval=learned` with
/// an evaluator without a network scores classically; the callers that
/// apply settings refuse it first ([`Evaluator::refusal`]).
pub fn new_engine(
    root: Position,
    kind: EngineKind,
    params: SearchParams,
    evaluator: Evaluator,
) -> Box<dyn SearchEngine> {
    match kind {
        EngineKind::Uct => Box::new(ParallelUct::new(root, params, evaluator)),
        EngineKind::AlphaBeta => Box::new(AlphaBeta::new(root, params, evaluator)),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::game::Variant;

    #[test]
    fn the_factory_builds_the_kind_asked_for() {
        let start = Position::new(Variant::new(5, 2).expect("5x5"));
        for kind in [EngineKind::Uct, EngineKind::AlphaBeta] {
            assert_eq!(
                new_engine(start, kind, SearchParams::default(), Evaluator::classic()).kind(),
                kind
            );
        }
        assert_eq!("AlphaBeta".parse::<EngineKind>(), Ok(EngineKind::AlphaBeta));
        assert_eq!(EngineKind::Uct.to_string(), "uct");
    }
}
