//! Value parsers for the command line's numbers: each reads a whole number and
//! checks it against its range, with the range in the message (`--size 300`:
//! "board size 300 is not supported: must be 3–11"). Out of range is an
//! error, never a clamp, and a negative number (`--walls -1`, which the
//! grammar lets through as a value) is out of range like any other.

use clap::builder::TypedValueParser;
use clap::error::ErrorKind;
use quoridor_rules::{MAX_SIZE, MAX_WALLS, MIN_SIZE};
use quoridor_text::group_digits;
use std::ffi::OsStr;

/// Deepest perft the tool runs at all (see also the leaf estimate in `rules`).
pub const MAX_PERFT_DEPTH: u32 = 8;

/// The flag's name as typed (`--games`) or a positional's value name (`DEPTH`).
fn flag_name(arg: Option<&clap::Arg>) -> String {
    match arg {
        Some(a) => match a.get_long() {
            Some(long) => format!("--{long}"),
            None => a
                .get_value_names()
                .and_then(|names| names.first())
                .map_or_else(|| a.get_id().to_string(), ToString::to_string),
        },
        None => "the value".to_string(),
    }
}

/// A clap error whose whole message is `message`.
fn invalid(cmd: &clap::Command, message: String) -> clap::Error {
    clap::Error::raw(ErrorKind::ValueValidation, message).with_cmd(cmd)
}

/// The text of `value`, or an error if it is not UTF-8.
fn text<'a>(
    cmd: &clap::Command,
    arg: Option<&clap::Arg>,
    value: &'a OsStr,
) -> Result<&'a str, clap::Error> {
    value.to_str().ok_or_else(|| {
        invalid(
            cmd,
            format!("{} needs a whole number, got {value:?}", flag_name(arg)),
        )
    })
}

/// A whole number in `min..=max`.
#[derive(Clone, Copy, Debug)]
pub struct Whole {
    min: u64,
    max: u64,
}

impl Whole {
    /// Numbers from `min` to `max`, both included.
    pub const fn new(min: u64, max: u64) -> Whole {
        Whole { min, max }
    }

    /// Any whole number from 1 up.
    pub const fn at_least_one() -> Whole {
        Whole::new(1, u64::MAX)
    }

    /// The accepted range in words.
    fn range(self) -> String {
        if self.max == u64::MAX {
            format!("of at least {}", self.min)
        } else {
            format!(
                "from {} to {}",
                group_digits(self.min, ','),
                group_digits(self.max, ',')
            )
        }
    }
}

impl TypedValueParser for Whole {
    type Value = u64;

    fn parse_ref(
        &self,
        cmd: &clap::Command,
        arg: Option<&clap::Arg>,
        value: &OsStr,
    ) -> Result<u64, clap::Error> {
        let text = text(cmd, arg, value)?;
        text.trim()
            .parse::<u64>()
            .ok()
            .filter(|n| (self.min..=self.max).contains(n))
            .ok_or_else(|| {
                invalid(
                    cmd,
                    format!(
                        "{} needs a whole number {}, got {text:?}",
                        flag_name(arg),
                        self.range()
                    ),
                )
            })
    }
}

/// Reads a small number and checks it against `min..=max`, with `describe`
/// saying what a number out of range is.
fn small_number(
    cmd: &clap::Command,
    arg: Option<&clap::Arg>,
    value: &OsStr,
    (min, max): (u8, u8),
    describe: impl Fn(u64) -> String,
) -> Result<u8, clap::Error> {
    let text = text(cmd, arg, value)?;
    let n: u64 = text.trim().parse().map_err(|_| {
        invalid(
            cmd,
            format!(
                "{} needs a number from {min} to {max}, got {text:?}",
                flag_name(arg)
            ),
        )
    })?;
    u8::try_from(n)
        .ok()
        .filter(|n| (min..=max).contains(n))
        .ok_or_else(|| invalid(cmd, format!("{}: must be {min}–{max}", describe(n))))
}

/// A board size, 3–11.
#[derive(Clone, Copy, Debug)]
pub struct BoardSize;

impl TypedValueParser for BoardSize {
    type Value = u8;

    fn parse_ref(
        &self,
        cmd: &clap::Command,
        arg: Option<&clap::Arg>,
        value: &OsStr,
    ) -> Result<u8, clap::Error> {
        small_number(cmd, arg, value, (MIN_SIZE, MAX_SIZE), |n| {
            format!("board size {n} is not supported")
        })
    }
}

/// Walls per player, 0–20.
#[derive(Clone, Copy, Debug)]
pub struct WallCount;

impl TypedValueParser for WallCount {
    type Value = u8;

    fn parse_ref(
        &self,
        cmd: &clap::Command,
        arg: Option<&clap::Arg>,
        value: &OsStr,
    ) -> Result<u8, clap::Error> {
        small_number(cmd, arg, value, (0, MAX_WALLS), |n| {
            format!("{n} walls per player is too many")
        })
    }
}

/// perft's DEPTH, 0–8.
#[derive(Clone, Copy, Debug)]
pub struct PerftDepth;

impl TypedValueParser for PerftDepth {
    type Value = u32;

    fn parse_ref(
        &self,
        cmd: &clap::Command,
        arg: Option<&clap::Arg>,
        value: &OsStr,
    ) -> Result<u32, clap::Error> {
        let text = text(cmd, arg, value)?;
        let depth: u32 = text.trim().parse().map_err(|_| {
            invalid(
                cmd,
                format!("DEPTH must be a number from 0 to {MAX_PERFT_DEPTH}, got {text:?}"),
            )
        })?;
        if depth > MAX_PERFT_DEPTH {
            return Err(invalid(
                cmd,
                format!("DEPTH {depth} is too deep (at most {MAX_PERFT_DEPTH})"),
            ));
        }
        Ok(depth)
    }
}

/// `abtable --times`: the time controls of the depth-reached table, in
/// milliseconds; empty for `none` (the table is skipped).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct TimeControls(pub Vec<u64>);

/// Reads `--times`: `none` alone, or milliseconds (whole numbers from 1)
/// separated by commas; an error names the flag and the bad item.
pub fn time_controls(text: &str) -> Result<TimeControls, String> {
    if text.trim().eq_ignore_ascii_case("none") {
        return Ok(TimeControls(Vec::new()));
    }
    text.split(',')
        .map(|item| {
            item.trim()
                .parse::<u64>()
                .ok()
                .filter(|&ms| ms >= 1)
                .ok_or_else(|| {
                    format!(
                        "invalid value {:?} for --times: expected milliseconds (a whole number \
                         ≥ 1) or \"none\"",
                        item.trim()
                    )
                })
        })
        .collect::<Result<_, _>>()
        .map(TimeControls)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn times_are_none_or_a_list_of_milliseconds() {
        assert_eq!(time_controls("none"), Ok(TimeControls(Vec::new())));
        assert_eq!(
            time_controls("100, 1000,10000"),
            Ok(TimeControls(vec![100, 1000, 10_000]))
        );
        for (text, item) in [
            ("", ""),
            ("100,abc", "abc"),
            ("100,,200", ""),
            ("0", "0"),
            ("-5", "-5"),
            ("none,100", "none"),
        ] {
            assert_eq!(
                time_controls(text),
                Err(format!(
                    "invalid value {item:?} for --times: expected milliseconds (a whole number ≥ 1) or \"none\""
                )),
                "{text:?}"
            );
        }
    }
}
