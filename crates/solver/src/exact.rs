//! One position's exact values as the page shows them: the position's
//! value for its side to move and every legal move's value for the player
//! making it, read from a solved [`Table`]; and which moves are perfect.
//!
//! Plain data (serde), so it crosses the worker boundary as it is.

use super::configs::WallConfigs;
use super::index::Layout;
use super::table::Table;
use super::value::Value;
use quoridor_rules::{Move, Player, Position, Variant};
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
    /// use quoridor_rules::{Position, Variant};
    /// use quoridor_solver::{exact::Exact, solve, Value};
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

/// The work budget of a solve in the page's worker, in [`solve_work`]'s
/// units: a variant over it is not solved there. A solve takes about 3 ns
/// of WebAssembly per unit on the machine measured, so the largest
/// variants within it (4×4 with any walls: 245 million) solve in about
/// 0.6 s there, 0.8 s in the page; 7×7 with one wall each (900 million,
/// 1.3 s) and 5×5 with two (1.2 billion, 3.8 s) are over it
/// (docs/solved.md, "In the page").
pub const PAGE_WORK: u64 = 300_000_000;

/// The work of solving `variant`, if at most `max`: its table entries
/// ([`Layout`]: every pawn placement with either side to move, in every
/// wall state) times the board's wall slots (the wall moves each position
/// may look at). Time follows it more closely than memory does: 7×7 with
/// one wall each has fewer entries than 4×4 with six but takes twice as
/// long. Enumerates the wall configurations and stops as soon as they are
/// over, so a big board is refused quickly.
///
/// ```
/// use quoridor_rules::Variant;
/// use quoridor_solver::exact::solve_work;
/// // 5x5 with one wall each: 267 stored wall states (of 521: the
/// // mirror folds the rest) of 25 x 25 x 2 entries, 32 wall slots.
/// let five = Variant::new(5, 1).unwrap();
/// assert_eq!(solve_work(five, u64::MAX), Some(267 * 1250 * 32));
/// assert_eq!(solve_work(five, 10_000_000), None);
/// assert_eq!(solve_work(Variant::default(), 1 << 40), None);
/// ```
pub fn solve_work(variant: Variant, max: u64) -> Option<u64> {
    let walls = variant.walls();
    let slots = 2 * (u64::from(variant.size()) - 1).pow(2);
    let work = |starts: &[u32]| -> u64 {
        let entries: u64 = Layout::layer_entries_at_least(starts, variant.size(), walls)
            .iter()
            .sum();
        entries.saturating_mul(slots)
    };
    let configs = WallConfigs::enumerate(variant, 2 * walls, |starts| work(starts) <= max).ok()?;
    // Without walls the enumeration asks nothing: the count decides here.
    let total = Layout::new(&configs, walls).entries().saturating_mul(slots);
    (total <= max).then_some(total)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::solve;
    use quoridor_rules::Variant;

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
    fn the_work_counts_the_whole_table_times_the_wall_slots() {
        for (size, walls) in [(3, 4), (4, 2), (5, 1), (7, 0)] {
            let variant = Variant::new(size, walls).expect("variant");
            let (table, _) = solve(variant, u64::MAX, |_, _| {}).expect("solves");
            let slots = 2 * (u64::from(size) - 1).pow(2);
            let work = table.layout().entries() * slots;
            assert_eq!(
                solve_work(variant, u64::MAX),
                Some(work),
                "{size}x{size}/{walls}"
            );
            assert_eq!(solve_work(variant, work), Some(work));
            assert_eq!(solve_work(variant, work - 1), None);
        }
        // The page's budget: every 4x4, not 7x7 with a wall each nor 5x5 with two.
        let within = |size, walls| {
            solve_work(Variant::new(size, walls).expect("variant"), PAGE_WORK).is_some()
        };
        assert!(within(4, 10) && within(5, 1) && within(9, 0));
        assert!(!within(7, 1) && !within(5, 2));
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
