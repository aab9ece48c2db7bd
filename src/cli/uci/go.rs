//! `go`: its words read into the limits of one think — `movetime`, `nodes`,
//! `depth`, `infinite` and the clocks (`wtime btime winc binc movestogo`).

use crate::game::Player;
use crate::search::{Clock, Limits};
use crate::text::quote_input;
use std::fmt;
use std::num::{NonZeroU64, NonZeroUsize};
use std::time::Duration;

/// What one `go` asked for.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct Go {
    /// `movetime MS`.
    pub movetime: Option<Duration>,
    /// `nodes N`: playouts.
    pub nodes: Option<NonZeroU64>,
    /// `depth N`: stop when the principal variation reaches N plies.
    pub depth: Option<NonZeroUsize>,
    /// `infinite`: think until `stop`.
    pub infinite: bool,
    /// `wtime` and `btime`: each player's time left (by [`Player::index`]).
    pub time_left: [Option<Duration>; 2],
    /// `winc` and `binc`: each player's increment.
    pub increment: [Option<Duration>; 2],
    /// `movestogo N`.
    pub moves_to_go: Option<u32>,
    /// Words this engine does not use (`ponder`, `mate 3`, `searchmoves …`):
    /// ignored, with one warning.
    pub ignored: Vec<String>,
}

/// A `go` parameter with a missing or invalid value. The engine says so and
/// searches with its configured limits, so a `bestmove` still comes.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct BadGoValue {
    /// The parameter.
    pub name: &'static str,
    /// The value given (at most 80 characters of it), if any.
    pub value: Option<String>,
    /// What it takes.
    pub expected: &'static str,
}

impl fmt::Display for BadGoValue {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "go {} needs {}", self.name, self.expected)?;
        if let Some(value) = &self.value {
            write!(f, ", got {value:?}")?;
        }
        f.write_str("; searching with the configured limits")
    }
}

impl std::error::Error for BadGoValue {}

/// How one think is bounded.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Plan {
    /// Playouts and time.
    pub limits: Limits,
    /// Stop once the principal variation is this long (or ends the game).
    pub depth: Option<NonZeroUsize>,
    /// Answer `bestmove` only after `stop`, even if the think ends sooner.
    pub wait_for_stop: bool,
}

/// Every parameter name `go` reads (`uci --help` lists each).
pub(super) const KEYWORDS: [&str; 10] = [
    "movetime",
    "nodes",
    "depth",
    "infinite",
    "wtime",
    "btime",
    "winc",
    "binc",
    "movestogo",
    "ponder",
];

const POSITIVE: &str = "a positive whole number";
const MILLISECONDS: &str = "a whole number of milliseconds";

impl Go {
    /// Reads the words after `go`.
    pub fn parse(words: &[&str]) -> Result<Go, BadGoValue> {
        let mut go = Go::default();
        let mut it = words.iter().copied().peekable();
        while let Some(word) = it.next() {
            let name = match KEYWORDS.iter().find(|k| **k == word) {
                Some(&name) => name,
                None => {
                    go.ignored.push(word.to_string());
                    continue;
                }
            };
            if name == "infinite" {
                go.infinite = true;
                continue;
            }
            if name == "ponder" {
                // Pondering is not supported: the think is an ordinary one.
                go.ignored.push(word.to_string());
                continue;
            }
            // Every other keyword takes a value.
            let value = it.next_if(|w| !KEYWORDS.contains(w));
            let bad = |expected: &'static str| BadGoValue {
                name,
                value: value.map(quote_input),
                expected,
            };
            let positive = || {
                value
                    .and_then(|v| v.parse::<u64>().ok())
                    .and_then(NonZeroU64::new)
                    .ok_or_else(|| bad(POSITIVE))
            };
            // Clocks may run below zero in some GUIs: that is no time left.
            let millis = || {
                value
                    .and_then(|v| v.parse::<i64>().ok())
                    .map(|ms| Duration::from_millis(ms.max(0).unsigned_abs()))
                    .ok_or_else(|| bad(MILLISECONDS))
            };
            match name {
                "movetime" => go.movetime = Some(Duration::from_millis(positive()?.get())),
                "nodes" => go.nodes = Some(positive()?),
                "depth" => {
                    let n = usize::try_from(positive()?.get()).map_err(|_| bad(POSITIVE))?;
                    go.depth = NonZeroUsize::new(n);
                }
                "wtime" => go.time_left[Player::One.index()] = Some(millis()?),
                "btime" => go.time_left[Player::Two.index()] = Some(millis()?),
                "winc" => go.increment[Player::One.index()] = Some(millis()?),
                "binc" => go.increment[Player::Two.index()] = Some(millis()?),
                _ => {
                    let n = u32::try_from(positive()?.get()).map_err(|_| bad(POSITIVE))?;
                    go.moves_to_go = Some(n);
                }
            }
        }
        Ok(go)
    }

    /// Whether clock words came without the time of `mover`, the side to
    /// move (the clocks are then not used).
    pub fn lacks_clock_of(&self, mover: Player) -> bool {
        let any_clock = self
            .time_left
            .iter()
            .chain(&self.increment)
            .any(Option::is_some)
            || self.moves_to_go.is_some();
        any_clock && self.time_left[mover.index()].is_none()
    }

    /// The think's bounds when `mover` is to move and the options set
    /// `configured`: `infinite` thinks until `stop`; otherwise `nodes`, and
    /// the shorter of `movetime` and the clock's time for this move
    /// ([`Clock::time_for_move`]); without any of these, the configured
    /// limits. `depth` adds its own stop to either.
    pub fn plan(&self, mover: Player, configured: Limits) -> Plan {
        if self.infinite {
            return Plan {
                limits: Limits::NONE,
                depth: None,
                wait_for_stop: true,
            };
        }
        let i = mover.index();
        let clock = self.time_left[i].map(|remaining| {
            Clock {
                remaining,
                increment: self.increment[i].unwrap_or_default(),
                moves_to_go: self.moves_to_go,
            }
            .time_for_move()
        });
        let time = match (self.movetime, clock) {
            (Some(a), Some(b)) => Some(a.min(b)),
            (a, b) => a.or(b),
        };
        let limits = if time.is_some() || self.nodes.is_some() {
            Limits {
                playouts: self.nodes,
                time,
            }
        } else {
            configured
        };
        Plan {
            limits,
            depth: self.depth,
            wait_for_stop: limits.is_unlimited() && self.depth.is_none(),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn go(text: &str) -> Result<Go, BadGoValue> {
        Go::parse(&text.split_whitespace().collect::<Vec<_>>())
    }

    fn plan(text: &str, mover: Player) -> Plan {
        go(text)
            .expect("valid go")
            .plan(mover, Limits::time_ms(2000))
    }

    #[test]
    fn plain_go_uses_the_configured_limits() {
        assert_eq!(plan("", Player::One).limits, Limits::time_ms(2000));
        assert!(!plan("", Player::One).wait_for_stop);
    }

    #[test]
    fn nodes_and_movetime_replace_the_configured_limits() {
        assert_eq!(plan("nodes 500", Player::One).limits, Limits::playouts(500));
        assert_eq!(
            plan("movetime 300 nodes 9", Player::Two).limits,
            Limits::playouts(9).and_time_ms(300)
        );
    }

    #[test]
    fn infinite_waits_for_stop() {
        let p = plan("infinite nodes 5", Player::One);
        assert_eq!(p.limits, Limits::NONE);
        assert!(p.wait_for_stop);
    }

    #[test]
    fn the_side_to_move_uses_its_own_clock() {
        let text = "wtime 60000 btime 30000 winc 1000 binc 0";
        assert_eq!(plan(text, Player::One).limits, Limits::time_ms(2700));
        assert_eq!(plan(text, Player::Two).limits, Limits::time_ms(950));
        let with_moves_to_go = plan("wtime 60000 btime 60000 movestogo 10", Player::One);
        assert_eq!(with_moves_to_go.limits, Limits::time_ms(5950));
    }

    #[test]
    fn movetime_and_clock_take_the_shorter() {
        let p = plan("wtime 60000 btime 60000 movetime 500", Player::One);
        assert_eq!(p.limits, Limits::time_ms(500));
    }

    #[test]
    fn a_clock_for_the_other_side_only_is_not_used() {
        let g = go("btime 1000").expect("valid");
        assert!(g.lacks_clock_of(Player::One));
        assert!(!g.lacks_clock_of(Player::Two));
        assert_eq!(
            g.plan(Player::One, Limits::time_ms(2000)).limits,
            Limits::time_ms(2000)
        );
        assert!(!go("nodes 5").expect("valid").lacks_clock_of(Player::One));
    }

    #[test]
    fn negative_clocks_mean_no_time_left() {
        let p = plan("wtime -20 btime 1000", Player::One);
        assert_eq!(p.limits.time, Some(crate::search::MIN_THINK));
    }

    #[test]
    fn depth_keeps_the_limits_and_adds_a_stop() {
        let p = plan("depth 3", Player::One);
        assert_eq!(p.depth, NonZeroUsize::new(3));
        assert_eq!(p.limits, Limits::time_ms(2000));
        let unlimited = go("depth 3")
            .expect("valid")
            .plan(Player::One, Limits::NONE);
        assert!(!unlimited.wait_for_stop, "depth ends the think by itself");
    }

    #[test]
    fn unknown_words_are_collected_and_ignored() {
        let g = go("ponder mate 3 searchmoves e2 e3 nodes 100").expect("valid");
        assert_eq!(
            g.ignored,
            ["ponder", "mate", "3", "searchmoves", "e2", "e3"]
        );
        assert_eq!(g.nodes, NonZeroU64::new(100));
    }

    #[test]
    fn invalid_values_name_the_parameter_and_what_it_needs() {
        for (text, message) in [
            ("nodes 0", "go nodes needs a positive whole number, got \"0\"; searching with the configured limits"),
            ("nodes", "go nodes needs a positive whole number; searching with the configured limits"),
            ("nodes -1", "go nodes needs a positive whole number, got \"-1\"; searching with the configured limits"),
            ("movetime abc", "go movetime needs a positive whole number, got \"abc\"; searching with the configured limits"),
            ("movetime infinite", "go movetime needs a positive whole number; searching with the configured limits"),
            ("depth 0", "go depth needs a positive whole number, got \"0\"; searching with the configured limits"),
            ("wtime soon", "go wtime needs a whole number of milliseconds, got \"soon\"; searching with the configured limits"),
            ("movestogo 0", "go movestogo needs a positive whole number, got \"0\"; searching with the configured limits"),
        ] {
            assert_eq!(go(text).expect_err(text).to_string(), message);
        }
    }

    #[test]
    fn a_huge_value_is_quoted_short() {
        let huge = format!("movetime {}", "9".repeat(100_000));
        let message = go(&huge).expect_err("too big").to_string();
        assert!(message.len() < 200, "{}", message.len());
    }
}
