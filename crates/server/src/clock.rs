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

/// Lag compensation under a realtime control, as lichess does it: each
/// seat has a quota of time it may be given back for its network's lag,
/// which starts at [`LAG_QUOTA_START_MS`], grows by [`LAG_QUOTA_GAIN_MS`]
/// at each of its moves up to [`LAG_QUOTA_MAX_MS`], and shrinks by what
/// each move is given back. So whatever a client makes its lag look like,
/// it gains at most the quota at one move and the gain per move over a
/// game.
pub const LAG_QUOTA_GAIN_MS: u64 = 100;
/// The most a seat's lag quota holds (see [`LAG_QUOTA_GAIN_MS`]).
pub const LAG_QUOTA_MAX_MS: u64 = 1_000;
/// A seat's lag quota at the start of a game (three moves' gain, as on
/// lichess; see [`LAG_QUOTA_GAIN_MS`]).
pub const LAG_QUOTA_START_MS: u64 = 3 * LAG_QUOTA_GAIN_MS;

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

/// The clock of one game: each seat's remaining time, whose runs since
/// when, and each seat's lag quota. The clock starts once every seat has
/// moved (before that a game can be aborted, as on lichess).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Clock {
    control: TimeControl,
    /// Each seat's time left when its clock last stopped (or at the start).
    remaining_ms: Vec<u64>,
    /// The seat whose clock runs and since when, if one runs.
    running: Option<(usize, u64)>,
    /// Each seat's lag quota: what its next moves may be given back for
    /// lag (realtime only; see [`LAG_QUOTA_GAIN_MS`]).
    quota_ms: Vec<u64>,
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
            quota_ms: vec![LAG_QUOTA_START_MS; seats],
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

    /// Seat `seat`'s lag quota: the most its next move can be given back
    /// for lag before that move's gain (`None`: no such seat).
    pub fn quota_ms(&self, seat: usize) -> Option<u64> {
        self.quota_ms.get(seat).copied()
    }

    /// Seat `mover` moved at `now`, its one-way lag estimated at `lag_ms`;
    /// `next` is to move, and its clock starts if `start_next` (every seat
    /// has moved). The mover's time is charged, less the lag credit, and,
    /// under a realtime control, the increment added; under correspondence
    /// the next seat gets a fresh allowance. Returns the credit: under a
    /// realtime control with the mover's clock running, the least of
    /// `lag_ms`, the mover's quota (after this move's gain) and the time
    /// the move took; else 0. So the clock never gives back more than the
    /// move took, and punching again with the credit as `lag_ms` (a replay)
    /// gives the same credit.
    pub fn punch(
        &mut self,
        mover: usize,
        next: usize,
        now: u64,
        start_next: bool,
        lag_ms: u64,
    ) -> u64 {
        let mut credit = 0;
        if let Some((seat, since)) = self.running.take() {
            let elapsed = now.saturating_sub(since);
            if seat == mover {
                credit = self.credit(seat, lag_ms, elapsed);
            }
            if let Some(left) = self.remaining_ms.get_mut(seat) {
                *left = left.saturating_sub(elapsed - credit);
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
        credit
    }

    /// The lag credit of a move of `seat` that took `elapsed` on its clock
    /// with `lag_ms` of lag: its quota gains, the credit is the least of
    /// the three, and the quota pays it. At most `elapsed`; 0 without a
    /// realtime control.
    fn credit(&mut self, seat: usize, lag_ms: u64, elapsed: u64) -> u64 {
        let TimeControl::Realtime { .. } = self.control else {
            return 0;
        };
        let Some(quota) = self.quota_ms.get_mut(seat) else {
            return 0;
        };
        *quota = quota
            .saturating_add(LAG_QUOTA_GAIN_MS)
            .min(LAG_QUOTA_MAX_MS);
        let credit = lag_ms.min(*quota).min(elapsed);
        *quota -= credit;
        credit
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
        clock.punch(0, 1, 1_000, false, 0);
        assert_eq!(clock.reading(5_000).running, None);
        // Seat 1's first move starts seat 0's clock.
        clock.punch(1, 0, 9_000, true, 0);
        assert_eq!(clock.remaining_at(0, 19_000), Some(50_000));
        assert_eq!(clock.deadline(), Some(69_000));
        clock.punch(0, 1, 19_000, true, 0);
        // 60 s - 10 s + 2 s.
        assert_eq!(clock.remaining_at(0, 30_000), Some(52_000));
        assert_eq!(clock.flagged_at(30_000), None);
        assert_eq!(clock.flagged_at(19_000 + 62_000), Some(1));
    }

    #[test]
    fn correspondence_gives_each_move_a_fresh_allowance() {
        let mut clock = Clock::new("corr:1".parse().unwrap(), 2);
        clock.punch(0, 1, 0, false, 0);
        clock.punch(1, 0, 10, true, 0);
        clock.punch(0, 1, DAY_MS - 5, true, 0);
        assert_eq!(clock.remaining_at(1, DAY_MS - 5), Some(DAY_MS));
        assert_eq!(clock.deadline(), Some(2 * DAY_MS - 5));
    }

    #[test]
    fn unlimited_never_runs_or_flags() {
        let mut clock = Clock::new(TimeControl::Unlimited, 2);
        clock.punch(0, 1, 0, true, 0);
        assert_eq!(clock.deadline(), None);
        assert_eq!(clock.flagged_at(u64::MAX), None);
        assert!(clock.reading(5).remaining_ms.is_empty());
    }

    /// A two-seat clock under `control` after both seats' first moves
    /// (seat 1's at 10 s): seat 0's runs from 10 s under a realtime control.
    fn started(control: &str) -> Clock {
        let mut clock = Clock::new(control.parse().unwrap(), 2);
        assert_eq!(clock.punch(0, 1, 0, false, 500), 0, "no clock runs yet");
        assert_eq!(
            clock.punch(1, 0, 10_000, true, 500),
            0,
            "seat 1's never ran"
        );
        clock
    }

    #[test]
    fn the_lag_credit_is_given_back_to_the_mover_at_the_punch() {
        let mut clock = started("1+2");
        assert_eq!(clock.quota_ms(0), Some(LAG_QUOTA_START_MS));
        // 4 s on the clock, 150 ms of lag: all of it given back.
        assert_eq!(clock.punch(0, 1, 14_000, true, 150), 150);
        assert_eq!(
            clock.remaining_at(0, 14_000),
            Some(60_000 - 4_000 + 150 + 2_000)
        );
        assert_eq!(
            clock.quota_ms(0),
            Some(LAG_QUOTA_START_MS + LAG_QUOTA_GAIN_MS - 150)
        );
        // The other seat's quota is its own.
        assert_eq!(clock.quota_ms(1), Some(LAG_QUOTA_START_MS));
    }

    #[test]
    fn the_credit_is_bounded_by_the_quota_and_by_the_time_the_move_took() {
        let mut clock = started("1+0");
        // A huge lag gets the quota (start + one gain), no more.
        let quota = LAG_QUOTA_START_MS + LAG_QUOTA_GAIN_MS;
        assert_eq!(clock.punch(0, 1, 15_000, true, 60_000), quota);
        assert_eq!(clock.remaining_at(0, 15_000), Some(60_000 - 5_000 + quota));
        assert_eq!(clock.quota_ms(0), Some(0));
        clock.punch(1, 0, 16_000, true, 0);
        // Then one gain a move.
        assert_eq!(clock.punch(0, 1, 26_000, true, 60_000), LAG_QUOTA_GAIN_MS);
        clock.punch(1, 0, 27_000, true, 0);
        // Never more than the move took: the clock gains nothing.
        let before = clock.remaining_at(0, 27_000).unwrap();
        assert_eq!(clock.punch(0, 1, 27_040, true, 60_000), 40);
        assert_eq!(clock.remaining_at(0, 27_040), Some(before));
    }

    #[test]
    fn the_quota_gains_each_move_up_to_its_cap() {
        let mut clock = started("3+0");
        let mut now = 10_000;
        for _ in 0..20 {
            now += 1_000;
            assert_eq!(clock.punch(0, 1, now, true, 0), 0);
            now += 1_000;
            clock.punch(1, 0, now, true, 0);
        }
        assert_eq!(clock.quota_ms(0), Some(LAG_QUOTA_MAX_MS));
        now += 5_000;
        assert_eq!(clock.punch(0, 1, now, true, 60_000), LAG_QUOTA_MAX_MS);
    }

    #[test]
    fn no_credit_without_a_realtime_clock() {
        let mut clock = started("corr:1");
        assert_eq!(clock.punch(0, 1, 20_000, true, 500), 0);
        assert_eq!(clock.remaining_at(1, 20_000), Some(DAY_MS));
        assert_eq!(clock.quota_ms(0), Some(LAG_QUOTA_START_MS));
        let mut clock = started("unlimited");
        assert_eq!(clock.punch(0, 1, 20_000, true, 500), 0);
    }

    #[test]
    fn punching_again_with_the_credit_gives_the_same_clock() {
        let live = |lags: &[u64]| {
            let mut clock = started("1+0");
            let mut credits = Vec::new();
            for (i, &lag) in lags.iter().enumerate() {
                let now = 11_000 + 700 * i as u64;
                credits.push(clock.punch(i % 2, (i + 1) % 2, now, true, lag));
            }
            (clock, credits)
        };
        let (clock, credits) = live(&[900, 50, 10_000, 0, 300, 5_000, 80]);
        let (replayed, again) = live(&credits);
        assert_eq!(again, credits);
        assert_eq!(replayed, clock);
    }
}
