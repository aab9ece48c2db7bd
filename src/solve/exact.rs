//! One position's exact values as the page shows them: the position's
//! value for its side to move and every legal move's value for the player
//! making it, read from a solved [`Table`]; and which moves are perfect.
//!
//! Plain data (serde), so it crosses the worker boundary as it is.

use super::configs::WallConfigs;
use super::index::Layout;
use super::table::Table;
use super::value::Value;
use crate::game::{Move, Player, Position, Variant};
use serde::{Deserialize, Serialize};
use std::fmt;

/// The exact values of one position.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Exact {
    /// The side to move.
    pub turn: Player,
    /// The position's value for the side to move.
    pub value: Value,
    /// Every legal move with its value for the player making it, best first
    /// (empty in a finished game).
    pub moves: Vec<(Move, Value)>,
}

impl Exact {
    /// The exact values of `pos`; `None` when `table` does not cover it.
    ///
    /// ```
    /// use quoridor::game::{Position, Variant};
    /// use quoridor::solve::{exact::Exact, solve, Value};
    /// let variant = Variant::new(3, 0).unwrap();
    /// let (table, _) = solve(variant, 1 << 30, |_, _| {}).unwrap();
    /// let exact = Exact::of(&table, &Position::new(variant)).unwrap();
    /// assert_eq!(exact.value, Value::Loss(4));
    /// assert_eq!(exact.value_of("b2".parse().unwrap()), Some(Value::Loss(2)));
    /// assert!(exact.is_best("a1".parse().unwrap()));
    /// assert!(!exact.is_best("b2".parse().unwrap()));
    /// ```
    pub fn of(table: &Table, pos: &Position) -> Option<Exact> {
        let value = table.value(pos)?;
        Some(Exact {
            turn: pos.turn(),
            value,
            moves: table.move_values(pos),
        })
    }

    /// The value of `mv` for the player making it, if it is legal here.
    pub fn value_of(&self, mv: Move) -> Option<Value> {
        self.moves.iter().find(|(m, _)| *m == mv).map(|&(_, v)| v)
    }

    /// Whether `mv` is a best move: the fastest win, a draw kept, the
    /// longest defence (its value is the position's).
    pub fn is_best(&self, mv: Move) -> bool {
        self.value_of(mv) == Some(self.value)
    }

    /// The best moves, in the rules' order.
    pub fn best_moves(&self) -> impl Iterator<Item = Move> + '_ {
        self.moves
            .iter()
            .filter(|&&(_, v)| v == self.value)
            .map(|&(m, _)| m)
    }

    /// The move perfect play makes: `preferred` (a search's choice) when it
    /// is a best move, else the table's first best move; `preferred` where
    /// the position has no move.
    pub fn perfect_choice(&self, preferred: Option<Move>) -> Option<Move> {
        match preferred {
            Some(mv) if self.is_best(mv) => Some(mv),
            _ => self.best_moves().next().or(preferred),
        }
    }

    /// The position's value in words, from the players' side: "player 2
    /// wins in 12 plies with best play", "a draw with best play".
    pub fn outcome_text(&self) -> String {
        let (winner, plies) = match self.value {
            Value::Draw => return "a draw with best play (neither side can force a win)".into(),
            Value::Win(d) => (self.turn, d),
            Value::Loss(d) => (self.turn.other(), d),
        };
        if plies == 0 {
            return format!("{winner} has won");
        }
        let unit = if plies == 1 { "ply" } else { "plies" };
        format!("{winner} wins in {plies} {unit} with best play")
    }
}

/// What a move did to the exact value, for the player who made it: kept
/// it (a best move, or another move that keeps a win or a draw, or any
/// move in a lost position) or threw it away.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct ExactVerdict {
    /// The position's value before the move.
    pub before: Value,
    /// The move's value.
    pub after: Value,
}

impl ExactVerdict {
    /// The verdict on `mv` in the position of `exact`; `None` if `mv` is
    /// not among its moves.
    pub fn of(exact: &Exact, mv: Move) -> Option<ExactVerdict> {
        Some(ExactVerdict {
            before: exact.value,
            after: exact.value_of(mv)?,
        })
    }

    /// A win turned into a draw or a loss, or a draw into a loss.
    pub fn is_blunder(&self) -> bool {
        match self.before {
            Value::Win(_) => !matches!(self.after, Value::Win(_)),
            Value::Draw => matches!(self.after, Value::Loss(_)),
            Value::Loss(_) => false,
        }
    }

    /// Whether it was a best move.
    pub fn is_best(&self) -> bool {
        self.before == self.after
    }
}

impl fmt::Display for ExactVerdict {
    /// "was winning in 7, now loses in 12"; "keeps the win (wins in 9
    /// instead of 7)"; "best: wins in 7".
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let short = |v: Value| match v {
            Value::Win(d) => format!("winning in {d}"),
            Value::Loss(0) => "lost".to_string(),
            Value::Loss(d) => format!("losing in {d}"),
            Value::Draw => "a draw".to_string(),
        };
        let now = |v: Value| match v {
            Value::Win(d) => format!("wins in {d}"),
            Value::Loss(d) => format!("loses in {d}"),
            Value::Draw => "draws".to_string(),
        };
        if self.is_best() {
            write!(f, "best: {}", now(self.after))
        } else if self.is_blunder() || matches!(self.before, Value::Loss(_)) {
            write!(f, "was {}, now {}", short(self.before), now(self.after))
        } else {
            write!(
                f,
                "was {}, now {} (slower)",
                short(self.before),
                now(self.after)
            )
        }
    }
}

/// The memory budget of a solve in the page's worker: a variant whose
/// table needs more ([`table_bytes_within`]) is not solved there. The
/// largest variants within it (4×4 with any walls, 7×7 with one wall each)
/// solve in 0.6–1.3 s in WebAssembly on the machine measured; 5×5 with two
/// walls each (75 MB, 3.8 s) is over it (docs/solved.md, "In the page").
pub const PAGE_BUDGET_BYTES: u64 = 28 << 20;

/// Whether the whole table of `variant` takes at most `budget` bytes: two
/// per table entry ([`Layout`]: every pawn placement, either side to move,
/// in every wall state) and about 200 per wall configuration. Enumerates
/// the configurations and stops as soon as they are over, so a big board
/// is refused quickly.
///
/// ```
/// use quoridor::game::Variant;
/// use quoridor::solve::exact::table_bytes_within;
/// // 5x5 with one wall each: 521 wall states of 25 x 25 x 2 entries.
/// let five = Variant::new(5, 1).unwrap();
/// assert!(table_bytes_within(five, 2 << 20));
/// assert!(!table_bytes_within(five, 1 << 20));
/// assert!(!table_bytes_within(Variant::default(), 1 << 30));
/// ```
pub fn table_bytes_within(variant: Variant, budget: u64) -> bool {
    let walls = variant.walls();
    let cells = u64::from(variant.size()).pow(2);
    let per_state = cells * cells * 2;
    WallConfigs::enumerate(variant, 2 * walls, |starts| {
        let entries: u64 = starts
            .windows(2)
            .enumerate()
            .map(|(placed, w)| {
                u64::from(w[1] - w[0])
                    * Layout::splits(walls, placed as u8).count() as u64
                    * per_state
            })
            .sum();
        let configs = u64::from(starts.last().copied().unwrap_or(0));
        entries * 2 + configs * 200 <= budget
    })
    .is_ok()
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::game::Variant;
    use crate::solve::solve;

    fn table(size: u8, walls: u8) -> (Table, Variant) {
        let variant = Variant::new(size, walls).expect("variant");
        (
            solve(variant, 1 << 30, |_, _| {}).expect("solves").0,
            variant,
        )
    }

    #[test]
    fn the_moves_agree_with_the_table_and_the_best_keep_the_value() {
        let (table, variant) = table(3, 1);
        let start = Position::new(variant);
        let exact = Exact::of(&table, &start).expect("covered");
        assert_eq!(exact.value, Value::Loss(8));
        assert_eq!(exact.moves.len(), start.legal_moves().len());
        for &(mv, v) in &exact.moves {
            let mut child = start;
            child.play_unchecked(mv);
            assert_eq!(table.value(&child).map(Value::for_mover), Some(v));
        }
        assert!(exact.best_moves().count() >= 1);
        assert!(exact.best_moves().all(|m| exact.is_best(m)));
        assert_eq!(
            exact.outcome_text(),
            "player 2 wins in 8 plies with best play"
        );
    }

    #[test]
    fn perfect_choice_keeps_a_best_preference_and_replaces_another() {
        let (table, variant) = table(3, 0);
        let exact = Exact::of(&table, &Position::new(variant)).expect("covered");
        let [a1, b2, c1] = ["a1", "b2", "c1"].map(|m| m.parse::<Move>().expect("move"));
        assert_eq!(exact.perfect_choice(Some(c1)), Some(c1));
        let replaced = exact.perfect_choice(Some(b2)).expect("a move");
        assert!(exact.is_best(replaced) && replaced != b2);
        assert_eq!(exact.perfect_choice(None), Some(a1));
    }

    #[test]
    fn the_page_budget_counts_the_whole_table() {
        for (size, walls) in [(3, 4), (4, 2), (5, 1)] {
            let variant = Variant::new(size, walls).expect("variant");
            let (table, _) = solve(variant, u64::MAX, |_, _| {}).expect("solves");
            let bytes = table.layout().entries() * 2 + table.configs().len() as u64 * 200;
            assert!(table_bytes_within(variant, bytes), "{size}x{size}/{walls}");
            assert!(
                !table_bytes_within(variant, bytes - 1),
                "{size}x{size}/{walls}"
            );
        }
    }

    #[test]
    fn verdicts_name_the_values_and_blunders_lose_a_win_or_a_draw() {
        let blunder = ExactVerdict {
            before: Value::Win(7),
            after: Value::Loss(12),
        };
        assert!(blunder.is_blunder());
        assert_eq!(blunder.to_string(), "was winning in 7, now loses in 12");
        let slower = ExactVerdict {
            before: Value::Win(7),
            after: Value::Win(9),
        };
        assert!(!slower.is_blunder() && !slower.is_best());
        let drawn = ExactVerdict {
            before: Value::Draw,
            after: Value::Loss(4),
        };
        assert!(drawn.is_blunder());
        assert_eq!(drawn.to_string(), "was a draw, now loses in 4");
        let lost = ExactVerdict {
            before: Value::Loss(10),
            after: Value::Loss(4),
        };
        assert!(!lost.is_blunder());
        assert_eq!(lost.to_string(), "was losing in 10, now loses in 4");
    }
}
