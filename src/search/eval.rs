//! The thesis's evaluation function and its conversion to a win probability,
//! and the choice between it and the learned one ([`Evaluation`]).

use super::engine::EngineKind;
use crate::game::{Player, Position};
use crate::text::spelled;
use serde::{Deserialize, Serialize};

/// How the engines score a position they do not search further (option
/// `eval`): alpha-beta's static score and UCT's value where a playout stops.
///
/// The default, [`Evaluation::Auto`], is whichever evaluation measured
/// strongest for the engine that searches ([`Evaluation::resolve`]): the
/// learned network for both UCT and alpha-beta when the build has one, the
/// classic terms otherwise (`docs/learned-eval.md` has the matches). The
/// other two name one evaluation for both engines.
///
/// ```
/// use quoridor::search::{EngineKind, Evaluation};
/// use quoridor::search::ResolvedEval;
/// assert_eq!(Evaluation::default(), Evaluation::Auto);
/// assert_eq!(Evaluation::Classic.resolve(EngineKind::Uct, true), ResolvedEval::Classic);
/// assert_eq!(Evaluation::Learned.resolve(EngineKind::AlphaBeta, false), ResolvedEval::Learned);
/// assert_eq!(Evaluation::Auto.resolve(EngineKind::AlphaBeta, false), ResolvedEval::Classic);
/// ```
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Evaluation {
    /// The evaluation measured strongest for the engine: learned for UCT
    /// and for alpha-beta when the build has a network, classic otherwise.
    #[default]
    Auto,
    /// Hand-set terms: path lengths, walls in stock, tempo.
    Classic,
    /// The value network (the engine's [`crate::search::learned::Evaluator`]) for the
    /// variant its features encode (9×9, 10 walls); other variants keep the
    /// classic evaluation.
    Learned,
}

spelled!(Evaluation {
    Auto => "auto",
    Classic => "classic",
    Learned => "learned",
});

/// The evaluation an engine scores with once option `eval` is resolved
/// ([`Evaluation::resolve`]): never `auto`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum ResolvedEval {
    /// Hand-set terms: path lengths, walls in stock, tempo.
    Classic,
    /// The value network, for the variant its features encode.
    Learned,
}

impl Evaluation {
    /// The evaluation `engine` scores with under this setting when a
    /// network is there (`has_network`) or not. `Auto` is `Learned` with a
    /// network and `Classic` without: the network beat the classic
    /// evaluation at 1 s a move with each engine (`docs/learned-eval.md`).
    /// Each engine is listed, so that a new one states its own choice.
    /// `Learned` stays `Learned`: whoever applies the settings refuses it
    /// without a network (`learned::Evaluator::refusal`).
    pub fn resolve(self, engine: EngineKind, has_network: bool) -> ResolvedEval {
        match (self, engine) {
            (Evaluation::Auto, EngineKind::Uct | EngineKind::AlphaBeta) if has_network => {
                ResolvedEval::Learned
            }
            (Evaluation::Auto | Evaluation::Classic, _) => ResolvedEval::Classic,
            (Evaluation::Learned, _) => ResolvedEval::Learned,
        }
    }
}

/// `E(s) = d(black) - d(white) + wall_weight * (walls(white) - walls(black))`
/// from player 1's ("white's") view, where `d` is the shortest path to the
/// goal row. A finished game scores ±1000.
pub fn thesis_evaluation(pos: &Position, wall_weight: f64) -> f64 {
    match pos.winner() {
        Some(Player::One) => return 1000.0,
        Some(Player::Two) => return -1000.0,
        None => {}
    }
    let d = |p| pos.distance_to_goal(p).unwrap_or(200) as f64;
    let walls = |p| pos.walls_left(p) as f64;
    d(Player::Two) - d(Player::One) + wall_weight * (walls(Player::One) - walls(Player::Two))
}

/// Player 1's win chance `p1_score` as `player` sees it: unchanged for
/// player 1, `1 - p1_score` for player 2. The flip is its own inverse, so it
/// also turns `player`'s chance back into player 1's.
///
/// ```
/// use quoridor::game::Player;
/// use quoridor::search::for_player;
/// assert_eq!(for_player(0.75, Player::One), 0.75);
/// assert_eq!(for_player(0.75, Player::Two), 0.25);
/// ```
#[inline]
pub fn for_player(p1_score: f64, player: Player) -> f64 {
    match player {
        Player::One => p1_score,
        Player::Two => 1.0 - p1_score,
    }
}

/// `atan(slope * E) / pi + 0.5`: the probability that player 1 wins, in [0, 1].
///
/// ```
/// use quoridor::search::win_probability;
/// assert_eq!(win_probability(0.0, 0.3), 0.5);
/// assert!(win_probability(5.0, 0.3) > 0.8);
/// ```
pub fn win_probability(evaluation: f64, slope: f64) -> f64 {
    (slope * evaluation).atan() / std::f64::consts::PI + 0.5
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn for_player_flips_only_for_player_two() {
        for p in [0.0, 0.3, 0.5, 1.0] {
            assert_eq!(for_player(p, Player::One), p);
            assert_eq!(for_player(p, Player::Two), 1.0 - p);
        }
    }

    #[test]
    fn for_player_is_its_own_inverse() {
        for p in [0.0, 0.125, 0.5, 0.875, 1.0] {
            for player in Player::BOTH {
                assert_eq!(for_player(for_player(p, player), player), p);
            }
        }
    }

    #[test]
    fn both_views_add_up_to_one() {
        let p = win_probability(3.0, 0.3);
        assert_eq!(for_player(p, Player::One) + for_player(p, Player::Two), 1.0);
    }
}
