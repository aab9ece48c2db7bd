//! The per-game time budget: QTP has no clock commands, but the course's
//! referee gives each player 20 s × board size for all its moves in a game.
//! The engine keeps its own account and allots each move a share with the
//! same rule as the engine protocol's `go wtime …` ([`Clock`]).

use quoridor_engines::{Clock, Limits};
use std::time::Duration;

/// Seconds per board row the default budget gives a game: 90% of the
/// referee's 20, the margin covering the pipes and the referee's own timing.
pub(super) const DEFAULT_SECONDS_PER_ROW: u64 = 18;

/// A game's thinking time: the budget and what the moves have spent of it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) struct GameClock {
    budget: Duration,
    spent: Duration,
}

impl GameClock {
    /// A fresh clock: `budget` if given, else [`DEFAULT_SECONDS_PER_ROW`] ×
    /// `size` seconds.
    pub(super) fn new(budget: Option<Duration>, size: u8) -> GameClock {
        GameClock {
            budget: budget.unwrap_or(Duration::from_secs(
                DEFAULT_SECONDS_PER_ROW * u64::from(size),
            )),
            spent: Duration::ZERO,
        }
    }

    /// Counts a move's thinking time.
    pub(super) fn spend(&mut self, time: Duration) {
        self.spent += time;
    }

    /// The limits of the next move: the engine's own, with the time capped by
    /// this move's share of what is left (and set to it when the engine has
    /// no time limit).
    pub(super) fn limits_for_move(&self, own: Limits) -> Limits {
        let share = Clock {
            remaining: self.budget.saturating_sub(self.spent),
            ..Clock::default()
        }
        .time_for_move();
        Limits {
            time: Some(own.time.map_or(share, |t| t.min(share))),
            ..own
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_default_budget_stays_under_the_referees_20_s_per_row() {
        let clock = GameClock::new(None, 9);
        assert_eq!(clock.budget, Duration::from_secs(162));
        assert!(clock.budget < Duration::from_secs(180));
    }

    #[test]
    fn each_move_gets_a_share_of_what_is_left() {
        let mut clock = GameClock::new(Some(Duration::from_secs(60)), 9);
        let first = clock.limits_for_move(Limits::NONE);
        assert_eq!(first.time, Some(Duration::from_millis(1950)));
        clock.spend(Duration::from_secs(30));
        let later = clock.limits_for_move(Limits::NONE).time.expect("a time");
        assert!(later < Duration::from_millis(1950), "{later:?}");
    }

    #[test]
    fn the_engines_own_limits_apply_under_the_cap() {
        let clock = GameClock::new(Some(Duration::from_secs(60)), 9);
        let quick = clock.limits_for_move(Limits::time_ms(100).and_playouts(500));
        assert_eq!(quick, Limits::time_ms(100).and_playouts(500));
        let slow = clock.limits_for_move(Limits::time_ms(10_000));
        assert_eq!(slow.time, Some(Duration::from_millis(1950)));
        let mut empty = clock;
        empty.spend(Duration::from_secs(100));
        assert_eq!(
            empty.limits_for_move(Limits::NONE).time,
            Some(quoridor_engines::MIN_THINK)
        );
    }
}
