//! Time controls as lichess presents them (minutes + increment, unlimited,
//! correspondence in days per move) and the clock the server holds for a
//! room. Pure: every instant is passed in as milliseconds since the Unix
//! epoch, so the clock is tested without sleeping.

use serde::{Deserialize, Serialize};
use std::fmt;
use std::str::FromStr;

/// Milliseconds in a minute, a second and a day.
const MINUTE_MS: u64 = 60_000;
const SECOND_MS: u64 = 1_000;
const DAY_MS: u64 = 86_400_000;

/// The longest realtime control accepted: 180 minutes, 180 s increment.
const MAX_MINUTES: u64 = 180;
const MAX_INCREMENT_S: u64 = 180;
/// The longest correspondence control: 14 days per move.
const MAX_DAYS: u64 = 14;

/// How much time each player has.
///
/// Written as lichess writes it: `3+2` (3 minutes each, 2 seconds added
/// after each move), `unlimited`, `corr:3` (3 days for each move).
///
/// ```
/// use quoridor_server::TimeControl;
/// let tc: TimeControl = "3+2".parse().unwrap();
/// assert_eq!(tc, TimeControl::Realtime { initial_ms: 180_000, increment_ms: 2_000 });
/// assert_eq!(tc.to_string(), "3+2");
/// assert_eq!("corr:3".parse::<TimeControl>().unwrap().to_string(), "corr:3");
/// assert!("3+".parse::<TimeControl>().is_err());
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(try_from = "String", into = "String")]
pub enum TimeControl {
    /// No clock.
    Unlimited,
    /// A clock per player: `initial_ms` at the start, `increment_ms` added
    /// after each of their moves.
    Realtime {
        /// Each player's time at the start.
        initial_ms: u64,
        /// Added to a player's time after each of their moves.
        increment_ms: u64,
    },
    /// Days per move: each move must come within `days` of the previous one.
    Correspondence {
        /// Days per move.
        days: u64,
    },
}

impl TimeControl {
    /// The controls the page offers, as lichess does: 1+0, 3+2, 5+3, 10+5,
    /// 15+10, 30+0, unlimited, and correspondence with 1, 3 and 7 days.
    pub const PRESETS: [&'static str; 10] = [
        "1+0",
        "3+2",
        "5+3",
        "10+5",
        "15+10",
        "30+0",
        "unlimited",
        "corr:1",
        "corr:3",
        "corr:7",
    ];

    /// Each player's time at the start of a game (per move for
    /// correspondence); `None` without a clock.
    pub fn budget_ms(self) -> Option<u64> {
        match self {
            TimeControl::Unlimited => None,
            TimeControl::Realtime { initial_ms, .. } => Some(initial_ms),
            TimeControl::Correspondence { days } => Some(days * DAY_MS),
        }
    }
}

/// Why a time control was refused.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ParseTimeControlError(String);

impl fmt::Display for ParseTimeControlError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "time control {:?} is not one of: M+S (minutes, seconds of increment; \
             at most {MAX_MINUTES}+{MAX_INCREMENT_S}), unlimited, corr:D (1 to {MAX_DAYS} days per move)",
            self.0
        )
    }
}

impl std::error::Error for ParseTimeControlError {}

impl FromStr for TimeControl {
    type Err = ParseTimeControlError;
    fn from_str(text: &str) -> Result<TimeControl, ParseTimeControlError> {
        let error = || ParseTimeControlError(text.chars().take(40).collect());
        let number = |s: &str| -> Option<u64> {
            (!s.is_empty() && s.len() <= 4 && s.bytes().all(|b| b.is_ascii_digit()))
                .then(|| s.parse().ok())
                .flatten()
        };
        let trimmed = text.trim();
        if trimmed.eq_ignore_ascii_case("unlimited") {
            return Ok(TimeControl::Unlimited);
        }
        if let Some(days) = trimmed.strip_prefix("corr:") {
            let days = number(days).filter(|d| (1..=MAX_DAYS).contains(d));
            return days
                .map(|days| TimeControl::Correspondence { days })
                .ok_or_else(error);
        }
        let (minutes, increment) = trimmed.split_once('+').ok_or_else(error)?;
        match (number(minutes), number(increment)) {
            (Some(m), Some(s)) if m <= MAX_MINUTES && s <= MAX_INCREMENT_S && (m > 0 || s > 0) => {
                Ok(TimeControl::Realtime {
                    initial_ms: m * MINUTE_MS,
                    increment_ms: s * SECOND_MS,
                })
            }
            _ => Err(error()),
        }
    }
}

impl fmt::Display for TimeControl {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            TimeControl::Unlimited => f.write_str("unlimited"),
            TimeControl::Realtime {
                initial_ms,
                increment_ms,
            } => write!(f, "{}+{}", initial_ms / MINUTE_MS, increment_ms / SECOND_MS),
            TimeControl::Correspondence { days } => write!(f, "corr:{days}"),
        }
    }
}

impl TryFrom<String> for TimeControl {
    type Error = ParseTimeControlError;
    fn try_from(text: String) -> Result<TimeControl, ParseTimeControlError> {
        text.parse()
    }
}

impl From<TimeControl> for String {
    fn from(tc: TimeControl) -> String {
        tc.to_string()
    }
}

/// The clock of one game: each seat's remaining time and whose runs since
/// when. The clock starts once every seat has moved (before that a game
/// can be aborted, as on lichess).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Clock {
    control: TimeControl,
    /// Each seat's time left when its clock last stopped (or at the start).
    remaining_ms: Vec<u64>,
    /// The seat whose clock runs and since when, if one runs.
    running: Option<(usize, u64)>,
}

/// What a clock shows at an instant: each seat's time left and which runs.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct ClockReading {
    /// Each seat's time left, by seat; empty without a clock.
    pub remaining_ms: Vec<u64>,
    /// The seat (0-based) whose clock runs, if one does.
    pub running: Option<usize>,
}

impl Clock {
    /// A stopped clock for `seats` seats under `control`.
    pub fn new(control: TimeControl, seats: usize) -> Clock {
        let start = control.budget_ms().map_or(0, |b| b);
        Clock {
            control,
            remaining_ms: vec![start; seats],
            running: None,
        }
    }

    /// The time control.
    pub fn control(&self) -> TimeControl {
        self.control
    }

    /// Seat `seat`'s time left at `now`, `None` without a clock.
    pub fn remaining_at(&self, seat: usize, now: u64) -> Option<u64> {
        self.control.budget_ms()?;
        let stored = *self.remaining_ms.get(seat)?;
        Some(match self.running {
            Some((running, since)) if running == seat => {
                stored.saturating_sub(now.saturating_sub(since))
            }
            _ => stored,
        })
    }

    /// The instant the running clock reaches zero, if one runs.
    pub fn deadline(&self) -> Option<u64> {
        self.control.budget_ms()?;
        let (seat, since) = self.running?;
        Some(since.saturating_add(*self.remaining_ms.get(seat)?))
    }

    /// The seat out of time at `now`, if the running clock has reached zero.
    pub fn flagged_at(&self, now: u64) -> Option<usize> {
        let deadline = self.deadline()?;
        let (seat, _) = self.running?;
        (now >= deadline).then_some(seat)
    }

    /// Seat `mover` moved at `now`; `next` is to move, and its clock starts
    /// if `start_next` (every seat has moved). The mover's time is charged
    /// and, under a realtime control, the increment added; under
    /// correspondence the next seat gets a fresh allowance.
    pub fn punch(&mut self, mover: usize, next: usize, now: u64, start_next: bool) {
        if let Some((seat, since)) = self.running.take() {
            if let Some(left) = self.remaining_ms.get_mut(seat) {
                *left = left.saturating_sub(now.saturating_sub(since));
            }
        }
        match self.control {
            TimeControl::Unlimited => {}
            TimeControl::Realtime { increment_ms, .. } => {
                if let Some(left) = self.remaining_ms.get_mut(mover) {
                    if start_next {
                        *left = left.saturating_add(increment_ms);
                    }
                }
            }
            TimeControl::Correspondence { days } => {
                if let Some(left) = self.remaining_ms.get_mut(next) {
                    *left = days * DAY_MS;
                }
            }
        }
        if start_next && self.control.budget_ms().is_some() {
            self.running = Some((next, now));
        }
    }

    /// Stops the running clock at `now`, charging its seat.
    pub fn stop(&mut self, now: u64) {
        if let Some((seat, since)) = self.running.take() {
            if let Some(left) = self.remaining_ms.get_mut(seat) {
                *left = left.saturating_sub(now.saturating_sub(since));
            }
        }
    }

    /// The clock as it reads at `now`.
    pub fn reading(&self, now: u64) -> ClockReading {
        if self.control.budget_ms().is_none() {
            return ClockReading {
                remaining_ms: Vec::new(),
                running: None,
            };
        }
        ClockReading {
            remaining_ms: (0..self.remaining_ms.len())
                .map(|seat| self.remaining_at(seat, now).unwrap_or(0))
                .collect(),
            running: self.running.map(|(seat, _)| seat),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn presets_parse_and_print_back() {
        for text in TimeControl::PRESETS {
            let tc: TimeControl = text.parse().unwrap();
            assert_eq!(tc.to_string(), text);
        }
    }

    #[test]
    fn refuses_malformed_and_oversized_controls() {
        for text in [
            "",
            "3",
            "+2",
            "3+",
            "a+b",
            "-1+0",
            "0+0",
            "181+0",
            "3+181",
            "corr:",
            "corr:0",
            "corr:15",
            "corr:x",
            "99999999999999999999+0",
            "3 + 2",
            "3+2+1",
        ] {
            assert!(text.parse::<TimeControl>().is_err(), "{text:?} accepted");
        }
    }

    #[test]
    fn serde_uses_the_text_form() {
        let json = serde_json::to_string(&TimeControl::Correspondence { days: 3 }).unwrap();
        assert_eq!(json, "\"corr:3\"");
        let tc: TimeControl = serde_json::from_str("\"10+5\"").unwrap();
        assert_eq!(tc.to_string(), "10+5");
        assert!(serde_json::from_str::<TimeControl>("\"ten\"").is_err());
    }

    #[test]
    fn realtime_charges_the_mover_and_adds_the_increment() {
        let mut clock = Clock::new("1+2".parse().unwrap(), 2);
        // Seat 0's first move: nothing runs yet.
        clock.punch(0, 1, 1_000, false);
        assert_eq!(clock.reading(5_000).running, None);
        // Seat 1's first move starts seat 0's clock.
        clock.punch(1, 0, 9_000, true);
        assert_eq!(clock.remaining_at(0, 19_000), Some(50_000));
        assert_eq!(clock.deadline(), Some(69_000));
        clock.punch(0, 1, 19_000, true);
        // 60 s - 10 s + 2 s.
        assert_eq!(clock.remaining_at(0, 30_000), Some(52_000));
        assert_eq!(clock.flagged_at(30_000), None);
        assert_eq!(clock.flagged_at(19_000 + 62_000), Some(1));
    }

    #[test]
    fn correspondence_gives_each_move_a_fresh_allowance() {
        let mut clock = Clock::new("corr:1".parse().unwrap(), 2);
        clock.punch(0, 1, 0, false);
        clock.punch(1, 0, 10, true);
        clock.punch(0, 1, DAY_MS - 5, true);
        assert_eq!(clock.remaining_at(1, DAY_MS - 5), Some(DAY_MS));
        assert_eq!(clock.deadline(), Some(2 * DAY_MS - 5));
    }

    #[test]
    fn unlimited_never_runs_or_flags() {
        let mut clock = Clock::new(TimeControl::Unlimited, 2);
        clock.punch(0, 1, 0, true);
        assert_eq!(clock.deadline(), None);
        assert_eq!(clock.flagged_at(u64::MAX), None);
        assert!(clock.reading(5).remaining_ms.is_empty());
    }
}
