//! The game-theoretic value of a position, seen from the side to move, and
//! its two-byte form in the tables.

use std::fmt;

/// What best play makes of a position, for the player to move: a win or a
/// loss with the plies to the end (the winner hurries, the loser delays), or
/// a draw: neither side can force a win and play may repeat for ever. There
/// is no ply limit here (the page's and the arena's 300-ply adjudication is a
/// separate rule; the solver reports the pure game).
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug, serde::Serialize, serde::Deserialize)]
pub enum Value {
    /// The side to move wins in this many plies (its own and the opponent's).
    Win(u16),
    /// The side to move loses in this many plies (0: the opponent has won).
    Loss(u16),
    /// Neither side can force a win.
    Draw,
}

impl Value {
    /// Longest distance a table cell can hold.
    pub const MAX_DISTANCE: u16 = (u16::MAX - 2) / 2;

    /// The value one ply earlier, for the player who moved into a position
    /// of this value: a loss there is a win one ply longer, and so on.
    ///
    /// ```
    /// use quoridor_solver::Value;
    /// assert_eq!(Value::Loss(4).for_mover(), Value::Win(5));
    /// assert_eq!(Value::Win(1).for_mover(), Value::Loss(2));
    /// assert_eq!(Value::Draw.for_mover(), Value::Draw);
    /// ```
    pub fn for_mover(self) -> Value {
        match self {
            Value::Win(d) => Value::Loss(d.saturating_add(1)),
            Value::Loss(d) => Value::Win(d.saturating_add(1)),
            Value::Draw => Value::Draw,
        }
    }

    /// How good the value is for its player, for sorting moves best first:
    /// fast wins, then slow wins, draws, slow losses, fast losses.
    pub fn rank(self) -> i32 {
        match self {
            Value::Win(d) => 100_000 - i32::from(d),
            Value::Draw => 0,
            Value::Loss(d) => -100_000 + i32::from(d),
        }
    }
}

impl fmt::Display for Value {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let plies = |d: &u16| if *d == 1 { "ply" } else { "plies" };
        match self {
            Value::Win(d) => write!(f, "wins in {d} {}", plies(d)),
            Value::Loss(0) => f.write_str("lost"),
            Value::Loss(d) => write!(f, "loses in {d} {}", plies(d)),
            Value::Draw => f.write_str("draw"),
        }
    }
}

/// One table entry: a [`Value`] in two bytes, or "no position here" (an index
/// whose pawns share a square, a pawn cut off from its goal, or the side to
/// move already on its goal row). 0 is no position, 1 a draw, `2 + 2d` a win
/// in `d`, `3 + 2d` a loss in `d`.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Default, Debug)]
pub struct Cell(pub u16);

impl Cell {
    /// An index that is no position.
    pub const NONE: Cell = Cell(0);

    /// The cell holding `value` (distances above [`Value::MAX_DISTANCE`] are
    /// clamped; no board the solver can hold comes near).
    pub fn of(value: Value) -> Cell {
        match value {
            Value::Draw => Cell(1),
            Value::Win(d) => Cell(2 + 2 * d.min(Value::MAX_DISTANCE)),
            Value::Loss(d) => Cell(3 + 2 * d.min(Value::MAX_DISTANCE)),
        }
    }

    /// The value held, or `None` for no position.
    ///
    /// ```
    /// use quoridor_solver::{Cell, Value};
    /// for v in [Value::Win(3), Value::Loss(0), Value::Draw] {
    ///     assert_eq!(Cell::of(v).value(), Some(v));
    /// }
    /// assert_eq!(Cell::NONE.value(), None);
    /// ```
    pub fn value(self) -> Option<Value> {
        match self.0 {
            0 => None,
            1 => Some(Value::Draw),
            c if c % 2 == 0 => Some(Value::Win((c - 2) / 2)),
            c => Some(Value::Loss((c - 3) / 2)),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn cells_hold_every_value_and_distance() {
        for d in [0, 1, 2, 77, Value::MAX_DISTANCE] {
            for v in [Value::Win(d), Value::Loss(d)] {
                assert_eq!(Cell::of(v).value(), Some(v));
            }
        }
        assert_eq!(Cell::of(Value::Draw).value(), Some(Value::Draw));
        assert_ne!(Cell::of(Value::Draw), Cell::NONE);
    }

    #[test]
    fn moves_rank_fast_wins_first_and_fast_losses_last() {
        let mut values = [
            Value::Loss(2),
            Value::Win(9),
            Value::Draw,
            Value::Loss(8),
            Value::Win(1),
        ];
        values.sort_by_key(|v| -v.rank());
        assert_eq!(
            values,
            [
                Value::Win(1),
                Value::Win(9),
                Value::Draw,
                Value::Loss(8),
                Value::Loss(2)
            ]
        );
    }
}
