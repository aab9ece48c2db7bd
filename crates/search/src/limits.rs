//! When a think ends: the limits shared by the search, the worker, the engine
//! protocol, share links and the arena.

use quoridor_text::spelled;
use serde::{Deserialize, Serialize};
use std::fmt;
use std::num::NonZeroU64;
use std::time::Duration;

/// The limits of a think (or of one slice of it): at most `playouts`
/// playouts and at most `time` of thinking, whichever comes first. A limit
/// that is `None` does not apply; with neither, the think goes on until it is
/// stopped (or the position is solved).
///
/// The protocol options and share links write "no limit" as `0`
/// (`playouts 0`, `time_ms 0`); that spelling is read at the edge, by
/// [`Limits::playouts`], [`Limits::time_ms`] and the option table, and never
/// stored.
///
/// ```
/// use quoridor_search::Limits;
/// let both = Limits::playouts(2500).and_time_ms(2000);
/// assert!(both.playouts_reached(2500) && !both.playouts_reached(2499));
/// assert!(both.time_reached(|| 2000.0) && !both.time_reached(|| 1999.0));
/// assert_eq!(Limits::playouts(0), Limits::NONE);
/// assert_eq!(both.to_string(), "2,500 playouts or 2,000 ms a move");
/// ```
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct Limits {
    /// Most playouts; `None` = no playout limit.
    pub playouts: Option<NonZeroU64>,
    /// Most thinking time; `None` = no time limit.
    pub time: Option<Duration>,
}

impl Limits {
    /// No limit at all: think until stopped.
    pub const NONE: Limits = Limits {
        playouts: None,
        time: None,
    };

    /// At most `n` playouts (`0`: no limit, as the protocol writes it).
    pub fn playouts(n: u64) -> Limits {
        Limits::NONE.and_playouts(n)
    }

    /// At most `ms` milliseconds (`0`: no limit, as the protocol writes it).
    pub fn time_ms(ms: u64) -> Limits {
        Limits::NONE.and_time_ms(ms)
    }

    /// These limits with the playout limit set to `n` (`0`: none).
    pub fn and_playouts(self, n: u64) -> Limits {
        Limits {
            playouts: NonZeroU64::new(n),
            ..self
        }
    }

    /// These limits with the time limit set to `ms` milliseconds (`0`: none).
    pub fn and_time_ms(self, ms: u64) -> Limits {
        Limits {
            time: (ms > 0).then(|| Duration::from_millis(ms)),
            ..self
        }
    }

    /// Whether neither limit applies.
    pub fn is_unlimited(&self) -> bool {
        self.playouts.is_none() && self.time.is_none()
    }

    /// The playout limit as the protocol writes it (`0` = none).
    pub fn playouts_or_zero(&self) -> u64 {
        self.playouts.map_or(0, NonZeroU64::get)
    }

    /// The time limit in whole milliseconds as the protocol writes it (`0` = none).
    pub fn time_ms_or_zero(&self) -> u64 {
        self.time
            .map_or(0, |t| u64::try_from(t.as_millis()).unwrap_or(u64::MAX))
    }

    /// The time limit in milliseconds, if there is one.
    pub fn time_ms_f64(&self) -> Option<f64> {
        self.time.map(|t| t.as_secs_f64() * 1000.0)
    }

    /// Whether `done` playouts reach the playout limit.
    pub fn playouts_reached(&self, done: u64) -> bool {
        self.playouts.is_some_and(|n| done >= n.get())
    }

    /// Whether the time used (`elapsed_ms()` milliseconds) reaches the time
    /// limit; the clock is read only when there is one.
    pub fn time_reached(&self, elapsed_ms: impl FnOnce() -> f64) -> bool {
        self.time_ms_f64()
            .is_some_and(|limit| elapsed_ms() >= limit)
    }

    /// Only the limit of `kind` (the web app keeps both, so its sliders
    /// remember them, and applies one).
    pub fn only(self, kind: LimitKind) -> Limits {
        match kind {
            LimitKind::Time => Limits {
                playouts: None,
                ..self
            },
            LimitKind::Playouts => Limits { time: None, ..self },
        }
    }
}

impl fmt::Display for Limits {
    /// `2,000 ms a move`, `2,500 playouts a move`, both joined by `or`, or
    /// `no limit`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let playouts = self.playouts.map(|n| {
            let n = n.get();
            let noun = quoridor_text::plural(n, "playout");
            format!("{} {noun}", quoridor_text::group_digits(n, ','))
        });
        let time = self.time.map(|_| {
            format!(
                "{} ms",
                quoridor_text::group_digits(self.time_ms_or_zero(), ',')
            )
        });
        match (playouts, time) {
            (Some(p), Some(t)) => write!(f, "{p} or {t} a move"),
            (Some(one), None) | (None, Some(one)) => write!(f, "{one} a move"),
            (None, None) => f.write_str("no limit"),
        }
    }
}

/// Which of the two limits applies (the web app's choice between its time and
/// playout sliders, and the `limit` key of share links).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum LimitKind {
    /// The time limit.
    Time,
    /// The playout limit.
    Playouts,
}

spelled!(LimitKind {
    Time => "time",
    Playouts => "playouts",
});

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn zero_at_the_edge_means_no_limit() {
        assert_eq!(Limits::playouts(0), Limits::NONE);
        assert_eq!(Limits::time_ms(0), Limits::NONE);
        assert!(Limits::NONE.is_unlimited());
        assert_eq!(Limits::NONE.playouts_or_zero(), 0);
        assert_eq!(Limits::NONE.time_ms_or_zero(), 0);
        assert!(!Limits::NONE.playouts_reached(u64::MAX));
        assert!(!Limits::NONE.time_reached(|| f64::MAX));
    }

    #[test]
    fn numbers_round_trip_through_the_protocol_form() {
        let limits = Limits::playouts(2500).and_time_ms(1500);
        assert_eq!(limits.playouts_or_zero(), 2500);
        assert_eq!(limits.time_ms_or_zero(), 1500);
        assert_eq!(limits.time, Some(Duration::from_millis(1500)));
        assert_eq!(limits.and_playouts(0).playouts, None);
        assert_eq!(limits.and_time_ms(0).time, None);
    }

    #[test]
    fn only_keeps_the_chosen_limit() {
        let both = Limits::playouts(20_000).and_time_ms(2000);
        assert_eq!(both.only(LimitKind::Time), Limits::time_ms(2000));
        assert_eq!(both.only(LimitKind::Playouts), Limits::playouts(20_000));
    }

    #[test]
    fn limits_cross_the_worker_boundary_intact() {
        for limits in [
            Limits::NONE,
            Limits::playouts(2500),
            Limits::playouts(7).and_time_ms(1500),
        ] {
            let json = serde_json::to_string(&limits).expect("serialise");
            let back: Limits = serde_json::from_str(&json).expect("deserialise");
            assert_eq!(back, limits, "{json}");
        }
    }

    #[test]
    fn limits_are_shown_in_words() {
        assert_eq!(Limits::time_ms(10).to_string(), "10 ms a move");
        assert_eq!(Limits::playouts(100).to_string(), "100 playouts a move");
        assert_eq!(Limits::NONE.to_string(), "no limit");
    }

    #[test]
    fn limit_kinds_are_spelled_once() {
        assert_eq!("Time".parse::<LimitKind>(), Ok(LimitKind::Time));
        assert_eq!(LimitKind::Playouts.to_string(), "playouts");
        let err = "soon".parse::<LimitKind>().expect_err("not a kind");
        assert_eq!(err.to_string(), "expected time or playouts, got \"soon\"");
    }
}
