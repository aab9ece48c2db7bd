//! Scores as the protocol shows them ([`Score`]): centipawns (100 = one
//! step of path length) from the side to move's view, or a win in N moves;
//! and the integer values a depth-first search scores with, wins in N plies
//! near [`WIN`].

use serde::{Deserialize, Serialize};
use std::fmt;

/// A win now (at the node itself); a win in `n` plies scores `WIN - n`.
pub const WIN: i32 = 1_000_000;
/// Scores beyond this (in absolute value) are wins or losses in N plies.
pub const WIN_BOUND: i32 = WIN - 10_000;

/// Whether `score` is a win or loss in N plies.
#[inline]
pub fn is_decided(score: i32) -> bool {
    score.abs() > WIN_BOUND
}

/// A score as the protocol shows it: centipawns or a win in N moves.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Score {
    /// Centipawns for the side to move (100 = one step of path length).
    Cp(i32),
    /// The side to move wins in N of its own moves (negative: loses in N of
    /// the opponent's moves), as UCI's `score mate N`.
    Mate(i32),
}

impl Score {
    /// The score of a search value (side to move's view).
    pub fn from_value(value: i32) -> Score {
        if value > WIN_BOUND {
            let plies = WIN - value;
            Score::Mate((plies + 1) / 2)
        } else if value < -WIN_BOUND {
            let plies = WIN + value;
            Score::Mate(-((plies + 1) / 2))
        } else {
            Score::Cp(value)
        }
    }

    /// The side to move's win probability: `atan(slope * cp / 100) / pi +
    /// 0.5` (the UCT evaluation's mapping, with `cp / 100` steps of path
    /// length for its `E`), and 1 or 0 for a win or loss in N.
    pub fn win_probability(self, slope: f64) -> f64 {
        match self {
            Score::Cp(cp) => crate::win_probability(f64::from(cp) / 100.0, slope),
            Score::Mate(n) if n > 0 => 1.0,
            Score::Mate(_) => 0.0,
        }
    }
}

impl fmt::Display for Score {
    /// `cp 120` or `mate 3` (the protocol's `score` words).
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Score::Cp(cp) => write!(f, "cp {cp}"),
            Score::Mate(n) => write!(f, "mate {n}"),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn wins_are_counted_in_own_moves() {
        assert_eq!(Score::from_value(WIN - 1), Score::Mate(1));
        assert_eq!(Score::from_value(WIN - 3), Score::Mate(2));
        assert_eq!(Score::from_value(-(WIN - 2)), Score::Mate(-1));
        assert_eq!(Score::from_value(-(WIN - 4)), Score::Mate(-2));
        assert_eq!(Score::from_value(150), Score::Cp(150));
        assert_eq!(Score::Mate(2).to_string(), "mate 2");
    }

    #[test]
    fn probabilities_follow_the_score() {
        assert_eq!(Score::Cp(0).win_probability(0.3), 0.5);
        assert!(Score::Cp(300).win_probability(0.3) > 0.7);
        assert_eq!(Score::Mate(3).win_probability(0.3), 1.0);
        assert_eq!(Score::Mate(-3).win_probability(0.3), 0.0);
    }
}
