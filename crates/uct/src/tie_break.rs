//! Choosing among moves of equal result. When the search has proven several
//! moves won (or every move lost), visit counts say nothing about which is
//! better: the race does. In a won position the fastest win is played (a win
//! in 1 first, then the move leaving the shortest own path); in a lost one
//! the "swindle" rule plays the move that gives the opponent the most chances
//! to go wrong — the one that leaves our path shortest against theirs, so a
//! passive opponent that stops racing loses the race.

use quoridor_rules::{Move, Position};
pub use quoridor_search::{shortens_own_path, Race};
use std::cmp::Reverse;

/// Below this win probability for the mover (and unproven), a move counts
/// as lost for the tie-break: the evaluation only gets this close to 0 when
/// a forced loss is near.
pub const NEAR_CERTAIN_LOSS: f64 = 0.01;

/// What all the moves being compared are known to lead to.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Outcome {
    /// Every one wins: play the fastest.
    Won,
    /// Every one loses: play the one that keeps the race closest.
    Lost,
}

/// One move being compared: an id for the caller, the move, its visits.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Tied<T> {
    /// What the caller gets back (a tree node).
    pub id: T,
    /// The move.
    pub mv: Move,
    /// How often the search visited it (the last tie-break).
    pub visits: u32,
}

/// The id of the move of `tied` (all of one [`Outcome`] for the side to move
/// in `pos`) to play: for [`Outcome::Won`] the fewest own steps left, then
/// the most opponent steps; for [`Outcome::Lost`] the smallest own path minus
/// the opponent's, then the fewest own steps; then the most visits. Moves
/// whose race cannot be measured come last. `None` if `tied` is empty.
///
/// ```
/// use quoridor_rules::{Game, Move, Variant};
/// use quoridor_uct::{pick_by_race, Outcome, Tied};
/// let game = Game::parse_with_variant("e2 e8 e3 e7", Variant::default()).unwrap();
/// let step = |s: &str| s.parse::<Move>().unwrap();
/// let tied = [
///     Tied { id: "back", mv: step("e2"), visits: 90 },
///     Tied { id: "on", mv: step("e4"), visits: 10 },
/// ];
/// assert_eq!(pick_by_race(game.position(), &tied, Outcome::Lost), Some("on"));
/// ```
pub fn pick_by_race<T: Copy>(pos: &Position, tied: &[Tied<T>], outcome: Outcome) -> Option<T> {
    pick_by_race_after(pos, tied, outcome, |_| ())
}

/// [`pick_by_race`] with `first` ranking the moves before the race does
/// (the smaller the better): the pawn-race table's exact result, in the
/// wall-less endgame it solves.
pub fn pick_by_race_after<T: Copy, K: Ord>(
    pos: &Position,
    tied: &[Tied<T>],
    outcome: Outcome,
    first: impl Fn(Move) -> K,
) -> Option<T> {
    tied.iter()
        .min_by_key(|t| {
            let race = race_rank(pos, t.mv, outcome);
            (first(t.mv), race.is_none(), race, Reverse(t.visits))
        })
        .map(|t| t.id)
}

/// How well `mv` (by the side to move in `pos`) leads the race among moves
/// of `outcome`, the smaller the better: for [`Outcome::Won`] the fewest own
/// steps left, then the most opponent steps; for [`Outcome::Lost`] the
/// smallest own path minus the opponent's, then the fewest own steps.
/// `None` if the race cannot be measured.
fn race_rank(pos: &Position, mv: Move, outcome: Outcome) -> Option<(i64, i64)> {
    Race::after(pos, mv).map(|r| {
        let (ours, theirs) = (i64::from(r.ours), i64::from(r.theirs));
        match outcome {
            Outcome::Won => (ours, -theirs),
            Outcome::Lost => (ours - theirs, ours),
        }
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use quoridor_rules::{Game, Variant};

    fn position(record: &str) -> Position {
        *Game::parse_with_variant(record, Variant::default())
            .expect("record")
            .position()
    }

    fn tied(moves: &[(&'static str, u32)]) -> Vec<Tied<&'static str>> {
        moves
            .iter()
            .map(|&(mv, visits)| Tied {
                id: mv,
                mv: mv.parse().expect("move"),
                visits,
            })
            .collect()
    }

    /// Player 1 on e8, one step from its goal; player 2 far away.
    const NEAR_GOAL: &str = "e2 d9 e3 c9 e4 b9 e5 a9 e6 a8 e7 a7 e8 a6";

    #[test]
    fn a_win_in_one_beats_a_slower_win_with_more_visits() {
        let pos = position(NEAR_GOAL);
        let moves = tied(&[("a5h", 500), ("d8", 300), ("e9", 1)]);
        assert_eq!(pick_by_race(&pos, &moves, Outcome::Won), Some("e9"));
    }

    #[test]
    fn among_slower_wins_the_shorter_own_path_is_played() {
        let pos = position(NEAR_GOAL);
        let moves = tied(&[("d8", 300), ("e7", 200), ("f8", 1)]);
        // d8 and f8 leave one step, e7 two: the tie between d8 and f8 goes
        // to visits.
        assert_eq!(pick_by_race(&pos, &moves, Outcome::Won), Some("d8"));
    }

    #[test]
    fn a_lost_position_runs_instead_of_shuffling() {
        // Player 2 to move on e7, its goal row 1: stepping back loses ground.
        let pos = position("e2 e8 e3 e7 e4");
        let moves = tied(&[("e8", 1000), ("d7", 400), ("e6", 3)]);
        assert_eq!(pick_by_race(&pos, &moves, Outcome::Lost), Some("e6"));
    }

    #[test]
    fn a_lost_position_prefers_the_wall_that_slows_the_opponent_most() {
        // Player 2 to move on e7; player 1 on e4 runs up the e-file. e8h
        // costs player 1 a step and player 2 none; e4h costs both a step.
        let pos = position("e2 e8 e3 e7 e4");
        let walls = tied(&[("e4h", 500), ("a2h", 1000), ("e8h", 1)]);
        assert_eq!(pick_by_race(&pos, &walls, Outcome::Lost), Some("e8h"));
    }

    #[test]
    fn an_illegal_move_comes_last_and_nothing_is_picked_from_nothing() {
        let pos = position("e2 e8");
        let moves = tied(&[("e5", 1000), ("e1", 1)]);
        assert_eq!(pick_by_race(&pos, &moves, Outcome::Lost), Some("e1"));
        assert_eq!(pick_by_race::<u8>(&pos, &[], Outcome::Won), None);
    }
}
