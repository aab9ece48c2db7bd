//! The worker's solved boards: a small variant is solved once, the first
//! time the page asks about one of its positions, and kept while the page
//! asks about that variant; a variant too big to solve in the page
//! ([`PAGE_WORK`]) is remembered as such, so it is refused at once
//! the next time.

use super::messages::{ExactAnswer, GameData};
use quoridor_rules::Variant;
use quoridor_solver::exact::{solve_work, Exact, PAGE_WORK};
use quoridor_solver::{solve, Table};

/// The table of the variant asked about last, and the variants refused.
pub struct SolvedBoards {
    /// Work a solve may take ([`solve_work`]: the page's budget, smaller in tests).
    budget: u64,
    /// The latest variant's table (board size and walls; the start squares
    /// do not matter to the table).
    table: Option<((u8, u8), Table)>,
    /// Variants (size, walls) too big to solve here.
    refused: Vec<(u8, u8)>,
}

impl Default for SolvedBoards {
    fn default() -> Self {
        SolvedBoards::with_budget(PAGE_WORK)
    }
}

/// Board size and walls each: what a table depends on.
fn key(variant: Variant) -> (u8, u8) {
    (variant.size(), variant.walls())
}

impl SolvedBoards {
    /// Solved boards whose solves may take `budget` units of work.
    pub fn with_budget(budget: u64) -> Self {
        SolvedBoards {
            budget,
            table: None,
            refused: Vec::new(),
        }
    }

    /// The exact values of the position after `game`'s moves, solving its
    /// variant first if this worker has not (timed with `clock`, in ms).
    pub fn answer(&mut self, game: &GameData, clock: impl Fn() -> f64) -> ExactAnswer {
        let played = match game.replay() {
            Ok(played) => played,
            Err(e) => return ExactAnswer::Error(format!("cannot solve this game: {e}")),
        };
        let variant = played.variant();
        if self.refused.contains(&key(variant)) {
            return ExactAnswer::TooBig;
        }
        let mut solve_ms = None;
        if self.table.as_ref().map(|(k, _)| *k) != Some(key(variant)) {
            // One table at a time: the old one goes before the new is built.
            self.table = None;
            if solve_work(variant, self.budget).is_none() {
                self.refused.push(key(variant));
                return ExactAnswer::TooBig;
            }
            let started = clock();
            match solve(variant, u64::MAX, |_, _| {}) {
                Ok((table, _)) => self.table = Some((key(variant), table)),
                Err(_) => {
                    self.refused.push(key(variant));
                    return ExactAnswer::TooBig;
                }
            }
            solve_ms = Some(clock() - started);
        }
        let Some((_, table)) = self.table.as_ref() else {
            return ExactAnswer::TooBig;
        };
        match Exact::of(table, played.position()) {
            Some(exact) => ExactAnswer::Solved { exact, solve_ms },
            // Every position of a variant solved is in its table; a finished
            // game's is too (lost in 0 for the side to move).
            None => ExactAnswer::Error("the table does not hold this position".into()),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use quoridor_solver::Value;

    fn game(size: u8, walls: u8, moves: &str) -> GameData {
        let moves = moves
            .split_whitespace()
            .map(|m| m.parse().expect("notation"))
            .collect();
        GameData::new(Variant::new(size, walls).expect("variant"), moves)
    }

    #[test]
    fn a_small_board_is_solved_once_and_answered_from_its_table() {
        let mut boards = SolvedBoards::default();
        let ExactAnswer::Solved { exact, solve_ms } = boards.answer(&game(3, 1, ""), || 5.0) else {
            panic!("3x3 is solved in the page");
        };
        assert_eq!(exact.value, Value::Loss(8));
        assert_eq!(solve_ms, Some(0.0));
        let b2 = "b2".parse().expect("notation");
        let b2_value = exact.value_of(b2).expect("b2 is legal");
        // The same variant again: no second solve; the position after b2
        // has b2's value, seen by the other side.
        let ExactAnswer::Solved { exact, solve_ms } = boards.answer(&game(3, 1, "b2"), || 5.0)
        else {
            panic!("still solved");
        };
        assert_eq!(solve_ms, None);
        assert_eq!(exact.turn, quoridor_rules::Player::Two);
        assert_eq!(exact.value.for_mover(), b2_value);
    }

    #[test]
    fn a_board_over_the_budget_is_refused_and_remembered() {
        let mut boards = SolvedBoards::with_budget(1 << 16);
        let calls = std::cell::Cell::new(0);
        let clock = || {
            calls.set(calls.get() + 1);
            0.0
        };
        assert_eq!(boards.answer(&game(5, 1, ""), clock), ExactAnswer::TooBig);
        let timed = calls.get();
        assert_eq!(boards.answer(&game(5, 1, "c2"), clock), ExactAnswer::TooBig);
        assert_eq!(calls.get(), timed, "no second attempt");
        // The standard board is refused by the page's own budget.
        assert_eq!(
            SolvedBoards::default().answer(&GameData::new(Variant::default(), vec![]), || 0.0),
            ExactAnswer::TooBig
        );
    }

    #[test]
    fn a_bad_move_list_is_an_error() {
        let answer = SolvedBoards::default().answer(&game(3, 0, "b2 b2"), || 0.0);
        assert!(matches!(answer, ExactAnswer::Error(m) if m.contains("move 2")));
    }
}
