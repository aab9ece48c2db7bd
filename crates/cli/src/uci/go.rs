//! `go`: its words read into the limits of one think — `movetime`, `nodes`,
//! `depth`, `infinite` and the clocks (`wtime btime winc binc movestogo`).

use quoridor_engines::{Clock, Limits};
use quoridor_rules::Player;
use quoridor_text::quote_input;
use std::fmt;
use std::num::{IntErrorKind, NonZeroU64, NonZeroUsize};
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
    /// Parameters with a missing or invalid value: each is reported and left
    /// out, and the think uses the valid rest.
    pub bad: Vec<BadGoValue>,
}

/// A `go` parameter with a missing or invalid value. The engine says so and
/// searches without it (with the other limits given, or else the configured
/// ones), so a `bestmove` still comes.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct BadGoValue {
    /// The parameter.
    pub name: &'static str,
    /// The value given (at most 80 characters of it), if any.
    pub value: Option<String>,
    /// What is wrong with it.
    pub problem: GoValueProblem,
}

/// What is wrong with a `go` parameter's value.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum GoValueProblem {
    /// Missing, or not the number it takes.
    Invalid {
        /// What the parameter takes.
        expected: &'static str,
    },
    /// A whole number above the largest the parameter takes.
    TooLarge {
        /// The largest value the parameter takes.
        max: u64,
    },
}

impl fmt::Display for BadGoValue {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self.problem {
            GoValueProblem::Invalid { expected } => write!(f, "go {} needs {expected}", self.name)?,
            GoValueProblem::TooLarge { max } => write!(f, "go {} is at most {max}", self.name)?,
        }
        if let Some(value) = &self.value {
            write!(f, ", got {value:?}")?;
        }
        f.write_str("; searching without it")
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

/// `value` as a whole number from 1 to `max`.
fn positive(value: Option<&str>, max: u64) -> Result<NonZeroU64, GoValueProblem> {
    let invalid = GoValueProblem::Invalid { expected: POSITIVE };
    match value.map(str::parse::<u64>) {
        Some(Ok(n)) if n > max => Err(GoValueProblem::TooLarge { max }),
        Some(Ok(n)) => NonZeroU64::new(n).ok_or(invalid),
        Some(Err(e)) if *e.kind() == IntErrorKind::PosOverflow => {
            Err(GoValueProblem::TooLarge { max })
        }
        _ => Err(invalid),
    }
}

/// `value` as a clock time in milliseconds. Clocks may run below zero in
/// some GUIs: that is no time left.
fn millis(value: Option<&str>) -> Result<Duration, GoValueProblem> {
    match value.map(str::parse::<i64>) {
        Some(Ok(ms)) => Ok(Duration::from_millis(ms.max(0).unsigned_abs())),
        Some(Err(e)) if *e.kind() == IntErrorKind::NegOverflow => Ok(Duration::ZERO),
        Some(Err(e)) if *e.kind() == IntErrorKind::PosOverflow => Err(GoValueProblem::TooLarge {
            max: i64::MAX.unsigned_abs(),
        }),
        _ => Err(GoValueProblem::Invalid {
            expected: MILLISECONDS,
        }),
    }
}

/// The largest `depth`.
const MAX_DEPTH: u64 = usize::MAX as u64;
/// The largest `movestogo`.
const MAX_MOVES_TO_GO: u64 = u32::MAX as u64;

impl Go {
    /// Reads the words after `go`. A parameter with a bad value is left out
    /// and listed in [`Go::bad`]; the others are kept.
    pub fn parse(words: &[&str]) -> Go {
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
            let read = (|| -> Result<(), GoValueProblem> {
                match name {
                    "movetime" => {
                        go.movetime = Some(Duration::from_millis(positive(value, u64::MAX)?.get()));
                    }
                    "nodes" => go.nodes = Some(positive(value, u64::MAX)?),
                    "depth" => {
                        let n = positive(value, MAX_DEPTH)?.get();
                        go.depth = usize::try_from(n).ok().and_then(NonZeroUsize::new);
                    }
                    "wtime" => go.time_left[Player::One.index()] = Some(millis(value)?),
                    "btime" => go.time_left[Player::Two.index()] = Some(millis(value)?),
                    "winc" => go.increment[Player::One.index()] = Some(millis(value)?),
                    "binc" => go.increment[Player::Two.index()] = Some(millis(value)?),
                    _ => {
                        let n = positive(value, MAX_MOVES_TO_GO)?.get();
                        go.moves_to_go = u32::try_from(n).ok();
                    }
                }
                Ok(())
            })();
            if let Err(problem) = read {
                go.bad.push(BadGoValue {
                    name,
                    value: value.map(quote_input),
                    problem,
                });
            }
        }
        go
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

    fn go(text: &str) -> Go {
        Go::parse(&text.split_whitespace().collect::<Vec<_>>())
    }

    /// `go TEXT` read without a bad value.
    fn valid(text: &str) -> Go {
        let go = go(text);
        assert_eq!(go.bad, [], "{text}");
        go
    }

    /// The messages of the bad values of `go TEXT`.
    fn errors(text: &str) -> Vec<String> {
        go(text).bad.iter().map(ToString::to_string).collect()
    }

    fn plan(text: &str, mover: Player) -> Plan {
        go(text).plan(mover, Limits::time_ms(2000))
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
        let g = valid("btime 1000");
        assert!(g.lacks_clock_of(Player::One));
        assert!(!g.lacks_clock_of(Player::Two));
        assert_eq!(
            g.plan(Player::One, Limits::time_ms(2000)).limits,
            Limits::time_ms(2000)
        );
        assert!(!valid("nodes 5").lacks_clock_of(Player::One));
    }

    #[test]
    fn negative_clocks_mean_no_time_left() {
        let p = plan("wtime -20 btime 1000", Player::One);
        assert_eq!(p.limits.time, Some(quoridor_engines::MIN_THINK));
    }

    #[test]
    fn depth_keeps_the_limits_and_adds_a_stop() {
        let p = plan("depth 3", Player::One);
        assert_eq!(p.depth, NonZeroUsize::new(3));
        assert_eq!(p.limits, Limits::time_ms(2000));
        let unlimited = valid("depth 3").plan(Player::One, Limits::NONE);
        assert!(!unlimited.wait_for_stop, "depth ends the think by itself");
    }

    #[test]
    fn unknown_words_are_collected_and_ignored() {
        let g = valid("ponder mate 3 searchmoves e2 e3 nodes 100");
        assert_eq!(
            g.ignored,
            ["ponder", "mate", "3", "searchmoves", "e2", "e3"]
        );
        assert_eq!(g.nodes, NonZeroU64::new(100));
    }

    #[test]
    fn invalid_values_name_the_parameter_and_what_it_needs() {
        for (text, message) in [
            (
                "nodes 0",
                "go nodes needs a positive whole number, got \"0\"; searching without it",
            ),
            (
                "nodes",
                "go nodes needs a positive whole number; searching without it",
            ),
            (
                "nodes -1",
                "go nodes needs a positive whole number, got \"-1\"; searching without it",
            ),
            (
                "movetime abc",
                "go movetime needs a positive whole number, got \"abc\"; searching without it",
            ),
            (
                "movetime infinite",
                "go movetime needs a positive whole number; searching without it",
            ),
            (
                "depth 0",
                "go depth needs a positive whole number, got \"0\"; searching without it",
            ),
            (
                "wtime soon",
                "go wtime needs a whole number of milliseconds, got \"soon\"; searching without it",
            ),
            (
                "movestogo 0",
                "go movestogo needs a positive whole number, got \"0\"; searching without it",
            ),
        ] {
            assert_eq!(errors(text).join("\n"), message);
        }
    }

    #[test]
    fn a_bad_value_is_left_out_and_the_valid_limits_kept() {
        let g = go("movetime 100 nodes 0");
        assert_eq!(
            errors("movetime 100 nodes 0"),
            ["go nodes needs a positive whole number, got \"0\"; searching without it"]
        );
        assert_eq!(
            g.plan(Player::One, Limits::time_ms(2000)).limits,
            Limits::time_ms(100)
        );
        // A bad value does not swallow the next parameter.
        let g = go("nodes abc depth 3 wtime soon btime 1000");
        assert_eq!(g.depth, NonZeroUsize::new(3));
        assert_eq!(g.time_left, [None, Some(Duration::from_secs(1))]);
        assert_eq!(
            g.bad.iter().map(|b| b.name).collect::<Vec<_>>(),
            ["nodes", "wtime"]
        );
        // With every limit bad, the configured limits.
        assert_eq!(
            plan("nodes 0 movetime x", Player::One).limits,
            Limits::time_ms(2000)
        );
    }

    #[test]
    fn a_number_too_large_says_so_and_gives_the_largest() {
        for (text, message) in [
            ("nodes 18446744073709551616", "go nodes is at most 18446744073709551615, got \"18446744073709551616\"; searching without it"),
            ("movetime 99999999999999999999", "go movetime is at most 18446744073709551615, got \"99999999999999999999\"; searching without it"),
            ("depth 18446744073709551616", "go depth is at most 18446744073709551615, got \"18446744073709551616\"; searching without it"),
            ("movestogo 4294967296", "go movestogo is at most 4294967295, got \"4294967296\"; searching without it"),
            ("wtime 9223372036854775808", "go wtime is at most 9223372036854775807, got \"9223372036854775808\"; searching without it"),
            ("binc 99999999999999999999", "go binc is at most 9223372036854775807, got \"99999999999999999999\"; searching without it"),
        ] {
            assert_eq!(errors(text).join("\n"), message);
        }
        // The largest values themselves are taken.
        let g = valid("nodes 18446744073709551615 movestogo 4294967295 wtime 9223372036854775807");
        assert_eq!(g.nodes, NonZeroU64::new(u64::MAX));
        assert_eq!(g.moves_to_go, Some(u32::MAX));
        // A clock far below zero is no time left, as any negative clock.
        assert_eq!(
            valid("wtime -99999999999999999999").time_left[0],
            Some(Duration::ZERO)
        );
    }

    #[test]
    fn a_huge_value_is_quoted_short() {
        let huge = format!("movetime {}", "9".repeat(100_000));
        let message = errors(&huge).join("\n");
        assert!(message.len() < 200, "{}", message.len());
    }
}
