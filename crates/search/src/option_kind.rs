//! What an engine option is: its kind (check, spin with range, number with
//! range, combo with values) with a typed getter and setter, where the web app
//! shows it, and why a value was refused. The options themselves are the
//! table in [`super::options`].

use super::limits::LimitKind;
use quoridor_text::{closest, one_of, quote_input};
use std::fmt;

/// One engine option: a field of the settings `C` it reads and writes (for
/// the option table, `quoridor_engines::EngineConfig`: the engine kind or a
/// setting) under its protocol name. The kind of option, its parsing and its
/// protocol line are the same whatever `C` is.
pub struct EngineOption<C: 'static> {
    /// The name in the protocol, links and specs (the field's name).
    pub name: &'static str,
    /// A short label for the web app's engine panel.
    pub label: &'static str,
    /// One line on what it does (the panel's tooltip).
    pub doc: &'static str,
    /// Where the web app's engine panel shows it.
    pub shown: Shown,
    /// What values it takes, and how it reads and writes the field.
    pub kind: OptionKind<C>,
}

/// Where the web app's engine panel shows an option.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Shown {
    /// As the slider of this limit (share links always write these).
    LimitSlider(LimitKind),
    /// In the panel's list of options.
    Panel,
    /// Not at all (the seed only matters for reproducing runs).
    Hidden,
    /// As the choice of engine (`engine`).
    EngineChoice,
    /// Among the alpha-beta engine's settings.
    AlphaBetaPanel,
    /// Among the settings both engines read (`eval`), shown whichever
    /// engine plays.
    BothEnginesPanel,
    /// As the page's worker count next to the limit sliders (`threads`;
    /// share links always write it, since the page's default depends on the
    /// machine).
    Threads,
}

/// What values an option takes, with its typed getter and setter.
#[derive(Clone, Copy)]
pub enum OptionKind<C: 'static> {
    /// On or off (UCI `check`); reads `true|on|1` and `false|off|0`.
    Check {
        /// The field's value.
        get: fn(&C) -> bool,
        /// Sets the field.
        set: fn(&mut C, bool),
    },
    /// A whole number from `min` to `max` (UCI `spin`).
    Spin {
        /// Least value.
        min: u64,
        /// Greatest value.
        max: u64,
        /// The field's value.
        get: fn(&C) -> u64,
        /// Sets the field (with a value in range).
        set: fn(&mut C, u64),
    },
    /// A whole number, or the word `none` for "not at all" (UCI `string`).
    WholeOr {
        /// The word for `None` (`unlimited`, `off`).
        none: &'static str,
        /// The field's value.
        get: fn(&C) -> Option<u32>,
        /// Sets the field.
        set: fn(&mut C, Option<u32>),
    },
    /// A finite real number in `range` (UCI `string`: UCI spins are whole).
    Number {
        /// The accepted values.
        range: NumberRange,
        /// The field's value.
        get: fn(&C) -> f64,
        /// Sets the field (with a value in range).
        set: fn(&mut C, f64),
    },
    /// One of some words (UCI `combo`).
    Combo {
        /// The accepted words, in the order they are listed.
        values: &'static [&'static str],
        /// The field's value, spelled.
        get: fn(&C) -> &'static str,
        /// Sets the field from one of `values`, or says why not.
        set: fn(&mut C, &str) -> Result<(), Refusal>,
    },
}

/// Why a combo option did not take a word.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Refusal {
    /// The word is not one of its values.
    NotAValue,
    /// The value exists but this build cannot use it, for this reason.
    Unavailable(&'static str),
}

impl From<quoridor_text::ParseChoiceError> for Refusal {
    fn from(_: quoridor_text::ParseChoiceError) -> Refusal {
        Refusal::NotAValue
    }
}

/// The finite real numbers an option accepts: from `min` (or above it, if
/// `min_excluded`) up to `max`; infinite ends are open.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct NumberRange {
    min: f64,
    min_excluded: bool,
    max: f64,
}

impl NumberRange {
    /// Every finite number.
    pub const ANY: NumberRange = NumberRange::between(f64::NEG_INFINITY, f64::INFINITY);

    /// From `min` to `max`, both included.
    pub const fn between(min: f64, max: f64) -> NumberRange {
        NumberRange {
            min,
            min_excluded: false,
            max,
        }
    }

    /// `min` or more.
    pub const fn at_least(min: f64) -> NumberRange {
        NumberRange::between(min, f64::INFINITY)
    }

    /// More than `min`.
    pub const fn above(min: f64) -> NumberRange {
        NumberRange {
            min,
            min_excluded: true,
            max: f64::INFINITY,
        }
    }

    /// Whether `x` is in the range (and finite).
    pub fn contains(&self, x: f64) -> bool {
        let above_min = if self.min_excluded {
            x > self.min
        } else {
            x >= self.min
        };
        x.is_finite() && above_min && x <= self.max
    }
}

impl fmt::Display for NumberRange {
    /// `a number`, `a number of at least 0`, `a number above 0`,
    /// `a number from 0 to 1`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match (self.min.is_finite(), self.max.is_finite()) {
            (false, false) => f.write_str("a number"),
            (true, false) if self.min_excluded => write!(f, "a number above {}", self.min),
            (true, false) => write!(f, "a number of at least {}", self.min),
            (false, true) => write!(f, "a number of at most {}", self.max),
            (true, true) => write!(f, "a number from {} to {}", self.min, self.max),
        }
    }
}

/// What an option accepts, for error messages (an [`OptionKind`] without its
/// accessors).
#[derive(Clone, Copy, Debug, PartialEq)]
pub enum Accepted {
    /// `true` or `false`.
    Flag,
    /// A whole number from `min` to `max`.
    Whole {
        /// Least value.
        min: u64,
        /// Greatest value.
        max: u64,
    },
    /// A whole number or the word `none`.
    WholeOr {
        /// The word for "not at all".
        none: &'static str,
    },
    /// A number in a range.
    Number(NumberRange),
    /// One of some words.
    Words(&'static [&'static str]),
}

impl fmt::Display for Accepted {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Accepted::Flag => f.write_str("true or false"),
            Accepted::Whole { min, max } => write!(f, "a whole number from {min} to {max}"),
            Accepted::WholeOr { none } => write!(f, "{none} or a whole number"),
            Accepted::Number(range) => range.fmt(f),
            Accepted::Words(words) => f.write_str(&one_of(words)),
        }
    }
}

/// Why an option could not be set; nothing was changed.
#[derive(Clone, Debug, PartialEq)]
pub enum OptionError {
    /// No option has this name.
    Unknown {
        /// The name given (at most 80 characters of it).
        name: String,
        /// The known option it is closest to, if any is close.
        near: Option<&'static str>,
    },
    /// The value is not one the option accepts.
    BadValue {
        /// The option.
        name: &'static str,
        /// The value given (at most 80 characters of it).
        value: String,
        /// What it accepts.
        accepted: Accepted,
    },
    /// The value is one the option knows, but this build cannot use it.
    Unavailable {
        /// The option.
        name: &'static str,
        /// The value given.
        value: String,
        /// Why not.
        why: &'static str,
    },
}

impl OptionError {
    /// `value` is not accepted by option `name`, which takes `accepted`.
    pub fn bad_value(name: &'static str, value: &str, accepted: Accepted) -> OptionError {
        OptionError::BadValue {
            name,
            value: quote_input(value),
            accepted,
        }
    }

    /// There is no option `name` among the `known` ones; the closest of them
    /// is offered when one is close.
    pub fn unknown(name: &str, known: impl IntoIterator<Item = &'static str>) -> OptionError {
        OptionError::Unknown {
            name: quote_input(name),
            near: closest(name, known),
        }
    }
}

impl fmt::Display for OptionError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            OptionError::Unknown { name, near } => {
                write!(f, "unknown option {name:?}")?;
                match near {
                    Some(near) => write!(f, " (did you mean {near:?}?)"),
                    None => Ok(()),
                }
            }
            OptionError::BadValue {
                name,
                value,
                accepted,
            } => write!(f, "option {name} needs {accepted}, got {value:?}"),
            OptionError::Unavailable { name, value, why } => {
                write!(f, "option {name} cannot be {value:?}: {why}")
            }
        }
    }
}

impl std::error::Error for OptionError {}

impl<C> OptionKind<C> {
    /// What this kind accepts.
    pub fn accepted(&self) -> Accepted {
        match *self {
            OptionKind::Check { .. } => Accepted::Flag,
            OptionKind::Spin { min, max, .. } => Accepted::Whole { min, max },
            OptionKind::WholeOr { none, .. } => Accepted::WholeOr { none },
            OptionKind::Number { range, .. } => Accepted::Number(range),
            OptionKind::Combo { values, .. } => Accepted::Words(values),
        }
    }
}

impl<C> EngineOption<C> {
    /// This option's value in `p`, as text that [`EngineOption::set`] reads back.
    pub fn value(&self, p: &C) -> String {
        match self.kind {
            OptionKind::Check { get, .. } => get(p).to_string(),
            OptionKind::Spin { get, .. } => get(p).to_string(),
            OptionKind::WholeOr { none, get, .. } => {
                get(p).map_or(none.to_string(), |n| n.to_string())
            }
            OptionKind::Number { get, .. } => get(p).to_string(),
            OptionKind::Combo { get, .. } => get(p).to_string(),
        }
    }

    /// Sets this option in `p` from `text` (spaces trimmed, words in any
    /// case); on error `p` is unchanged.
    pub fn set(&self, p: &mut C, text: &str) -> Result<(), OptionError> {
        let value = text.trim();
        let bad = || OptionError::bad_value(self.name, value, self.kind.accepted());
        match self.kind {
            OptionKind::Check { set, .. } => {
                let on = match value.to_ascii_lowercase().as_str() {
                    "true" | "on" | "1" => true,
                    "false" | "off" | "0" => false,
                    _ => return Err(bad()),
                };
                set(p, on);
            }
            OptionKind::Spin { min, max, set, .. } => {
                let n = value
                    .parse::<u64>()
                    .ok()
                    .filter(|n| (min..=max).contains(n));
                set(p, n.ok_or_else(bad)?);
            }
            OptionKind::WholeOr { none, set, .. } => {
                if value.eq_ignore_ascii_case(none) {
                    set(p, None);
                } else {
                    set(p, Some(value.parse::<u32>().map_err(|_| bad())?));
                }
            }
            OptionKind::Number { range, set, .. } => {
                let x = value.parse::<f64>().ok().filter(|&x| range.contains(x));
                set(p, x.ok_or_else(bad)?);
            }
            OptionKind::Combo { set, .. } => match set(p, value) {
                Ok(()) => {}
                Err(Refusal::NotAValue) => return Err(bad()),
                Err(Refusal::Unavailable(why)) => {
                    return Err(OptionError::Unavailable {
                        name: self.name,
                        value: quote_input(value),
                        why,
                    })
                }
            },
        }
        Ok(())
    }

    /// The handshake's `option name … type …` line, with this option's value
    /// in `defaults` as the default.
    pub fn uci_line(&self, defaults: &C) -> String {
        let (name, default) = (self.name, self.value(defaults));
        match self.kind {
            OptionKind::Check { .. } => format!("option name {name} type check default {default}"),
            OptionKind::Spin { min, max, .. } => {
                format!("option name {name} type spin default {default} min {min} max {max}")
            }
            OptionKind::WholeOr { .. } | OptionKind::Number { .. } => {
                format!("option name {name} type string default {default}")
            }
            OptionKind::Combo { values, .. } => combo_line(name, &default, values),
        }
    }
}

/// `option name N type combo default D var a var b …`.
pub fn combo_line(name: &str, default: &str, values: &[&str]) -> String {
    let mut line = format!("option name {name} type combo default {default}");
    for value in values {
        line.push_str(" var ");
        line.push_str(value);
    }
    line
}
