//! The race after a move: both pawns' shortest paths to goal, seen by the
//! mover. The tie-break among moves of one result (UCT's), the review's
//! judgement of a step aside and the move choice all ask the same
//! question, answered here once, below the engines.

use quoridor_rules::{Move, Position};

/// The shortest paths to goal after a move, seen by its mover.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Race {
    /// Steps the mover still needs (0 if the move won).
    pub ours: u32,
    /// Steps the opponent still needs.
    pub theirs: u32,
}

impl Race {
    /// The race after the side to move in `pos` plays `mv`; `None` if `mv`
    /// is illegal there or a pawn has no path.
    pub fn after(pos: &Position, mv: Move) -> Option<Race> {
        let me = pos.turn();
        let mut after = *pos;
        after.play(mv).ok()?;
        let ours = if after.winner() == Some(me) {
            0
        } else {
            after.distance_to_goal(me)?
        };
        Some(Race {
            ours,
            theirs: after.distance_to_goal(me.other())?,
        })
    }
}

/// Whether `mv` takes the side to move in `pos` closer to its goal: its
/// shortest path (walls count, pawns do not) is shorter after the move, or
/// the move wins. A step along a shortest path or a jump forward does; a
/// sideways or backward step, or a wall, does not. `false` if `mv` is
/// illegal or a pawn has no path.
///
/// ```
/// use quoridor_rules::{Game, Move, Variant};
/// use quoridor_search::shortens_own_path;
/// let game = Game::parse_with_variant("e2 e8", Variant::default()).unwrap();
/// let step = |s: &str| s.parse::<Move>().unwrap();
/// assert!(shortens_own_path(game.position(), step("e3")));
/// assert!(!shortens_own_path(game.position(), step("d2")));
/// assert!(!shortens_own_path(game.position(), step("e1")));
/// assert!(!shortens_own_path(game.position(), step("a1h")));
/// ```
pub fn shortens_own_path(pos: &Position, mv: Move) -> bool {
    let Some(before) = pos.distance_to_goal(pos.turn()) else {
        return false;
    };
    Race::after(pos, mv).is_some_and(|race| race.ours < before)
}
