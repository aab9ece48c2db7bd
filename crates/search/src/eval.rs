//! The thesis's evaluation function and its conversion to a win probability,
//! and the choice between it and the learned one ([`Evaluation`]).

use super::engine_kind::EngineKind;
use quoridor_rules::{Player, Position};
use quoridor_text::spelled;
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
/// use quoridor_search::{EngineKind, Evaluation};
/// use quoridor_search::ResolvedEval;
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
    /// The value network (the engine's `quoridor_learned::Evaluator`) for the
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

/// The path length the classic terms give a pawn cut off from its goal
/// (legal play never allows one): longer than any path.
pub const CUT_OFF_DISTANCE: u32 = 200;

/// The classic evaluation's terms of a position from one player's view:
/// both shortest paths to the goal rows ([`CUT_OFF_DISTANCE`] for a pawn
/// without one) and both stocks of walls. Both engines score with them, UCT
/// as the thesis's `E` ([`ClassicTerms::steps`]) through the `atan` curve,
/// alpha-beta in centipawns ([`ClassicTerms::centipawns`]).
///
/// ```
/// use quoridor_rules::{Game, Player};
/// use quoridor_search::ClassicTerms;
/// let game: Game = "e2".parse().unwrap();
/// let terms = ClassicTerms::of(game.position(), Player::Two);
/// assert_eq!((terms.my_distance, terms.their_distance), (8, 7));
/// assert_eq!(terms.steps(1.0), -1.0);
/// assert_eq!(terms.centipawns(1.0, 30.0), -70);
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct ClassicTerms {
    /// The player's shortest path to its goal row.
    pub my_distance: u32,
    /// The opponent's.
    pub their_distance: u32,
    /// The player's walls in stock.
    pub my_walls: u8,
    /// The opponent's.
    pub their_walls: u8,
}

impl ClassicTerms {
    /// The terms of `pos` from `player`'s view.
    pub fn of(pos: &Position, player: Player) -> ClassicTerms {
        let distance = |p| pos.distance_to_goal(p).unwrap_or(CUT_OFF_DISTANCE);
        let other = player.other();
        ClassicTerms {
            my_distance: distance(player),
            their_distance: distance(other),
            my_walls: pos.walls_left(player),
            their_walls: pos.walls_left(other),
        }
    }

    /// Steps the player is ahead in the race: the opponent's path minus its own.
    pub fn path_lead(&self) -> i32 {
        self.their_distance as i32 - self.my_distance as i32
    }

    /// Walls the player has more than the opponent.
    pub fn wall_lead(&self) -> i32 {
        i32::from(self.my_walls) - i32::from(self.their_walls)
    }

    /// The thesis's evaluation in steps: `path_lead + wall_weight * wall_lead`.
    pub fn steps(&self, wall_weight: f64) -> f64 {
        f64::from(self.path_lead()) + wall_weight * f64::from(self.wall_lead())
    }

    /// The same in centipawns (a step is 100), with `tempo` added:
    /// `100 * path_lead + round(wall_weight * wall_lead + tempo)`.
    pub fn centipawns(&self, wall_weight: f64, tempo: f64) -> i32 {
        let walls = wall_weight * f64::from(self.wall_lead());
        100 * self.path_lead() + (walls + tempo).round() as i32
    }
}

/// `E(s) = d(black) - d(white) + wall_weight * (walls(white) - walls(black))`
/// from player 1's ("white's") view ([`ClassicTerms::steps`]), where `d` is
/// the shortest path to the goal row. A finished game scores ±1000.
pub fn thesis_evaluation(pos: &Position, wall_weight: f64) -> f64 {
    match pos.winner() {
        Some(Player::One) => return 1000.0,
        Some(Player::Two) => return -1000.0,
        None => {}
    }
    ClassicTerms::of(pos, Player::One).steps(wall_weight)
}

/// A win probability and the player whose chance it is: the network gives
/// the side to move's, UCT's tree keeps player 1's, a snapshot reports the
/// side to move's and each child's mover's. [`WinChance::for_player`] is the
/// one conversion.
///
/// ```
/// use quoridor_rules::Player;
/// use quoridor_search::WinChance;
/// let chance = WinChance::new(Player::Two, 0.75);
/// assert_eq!(chance.for_player(Player::Two), 0.75);
/// assert_eq!(chance.for_player(Player::One), 0.25);
/// ```
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct WinChance {
    player: Player,
    chance: f64,
}

impl WinChance {
    /// `player`'s chance `chance` (in [0, 1]).
    pub fn new(player: Player, chance: f64) -> WinChance {
        WinChance { player, chance }
    }

    /// Player 1's chance `chance`.
    pub fn player_one(chance: f64) -> WinChance {
        WinChance::new(Player::One, chance)
    }

    /// The chance that `player` wins: the same number for the player whose
    /// chance it is, its complement for the other.
    #[inline]
    pub fn for_player(self, player: Player) -> f64 {
        if player == self.player {
            self.chance
        } else {
            1.0 - self.chance
        }
    }
}

/// Player 1's win chance `p1_score` as `player` sees it: unchanged for
/// player 1, `1 - p1_score` for player 2 ([`WinChance::for_player`]). The
/// flip is its own inverse, so it also turns `player`'s chance back into
/// player 1's.
///
/// ```
/// use quoridor_rules::Player;
/// use quoridor_search::for_player;
/// assert_eq!(for_player(0.75, Player::One), 0.75);
/// assert_eq!(for_player(0.75, Player::Two), 0.25);
/// ```
#[inline]
pub fn for_player(p1_score: f64, player: Player) -> f64 {
    WinChance::player_one(p1_score).for_player(player)
}

/// `atan(slope * E) / pi + 0.5`, in [0, 1]: the chance that the player from
/// whose view the evaluation `E` is wins (player 1 for
/// [`thesis_evaluation`], the side to move for alpha-beta's scores).
///
/// ```
/// use quoridor_search::win_probability;
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
