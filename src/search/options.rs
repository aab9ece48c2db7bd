//! Engine options: one table, [`OPTIONS`], with every [`SearchParams`] field
//! written once — its name, kind and accepted values, label, doc line, getter
//! and setter. The engine protocol (`uci` option lines, `setoption`), share
//! links, the arena's `--a`/`--b` specs and the web app's engine panel all
//! read it. Defaults are not written here: they are the Default preset's
//! values, read through the getters. The protocol-level options that are not
//! one field (`board_size`, `walls`, `preset`) are the small [`SetupOption`]
//! table next to it.
//!
//! ```
//! use quoridor::search::{option_value, set_option, SearchParams};
//! let mut p = SearchParams::default();
//! set_option(&mut p, "uct_c", "0.3").unwrap();
//! assert_eq!(option_value(&p, "uct_c").as_deref(), Some("0.3"));
//! let err = set_option(&mut p, "uct_c", "lots").unwrap_err();
//! assert_eq!(err.to_string(), "option uct_c needs a number of at least 0, got \"lots\"");
//! ```

use super::choice::{one_of, quote_input, spelled, Choice};
use super::limits::LimitKind;
use super::params::{FinalMove, PlayoutPolicy, Preset, SearchParams};
use crate::game::{Variant, MAX_SIZE, MAX_WALLS, MIN_SIZE};
use std::fmt;

/// One engine option: a [`SearchParams`] field under its protocol name.
pub struct EngineOption {
    /// The name in the protocol, links and specs (the field's name).
    pub name: &'static str,
    /// A short label for the web app's engine panel.
    pub label: &'static str,
    /// One line on what it does (the panel's tooltip).
    pub doc: &'static str,
    /// Where the web app's engine panel shows it.
    pub shown: Shown,
    /// What values it takes, and how it reads and writes the field.
    pub kind: OptionKind,
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
}

/// What values an option takes, with its typed getter and setter.
#[derive(Clone, Copy)]
pub enum OptionKind {
    /// On or off (UCI `check`); reads `true|on|1` and `false|off|0`.
    Check {
        /// The field's value.
        get: fn(&SearchParams) -> bool,
        /// Sets the field.
        set: fn(&mut SearchParams, bool),
    },
    /// A whole number from `min` to `max` (UCI `spin`).
    Spin {
        /// Least value.
        min: u64,
        /// Greatest value.
        max: u64,
        /// The field's value.
        get: fn(&SearchParams) -> u64,
        /// Sets the field (with a value in range).
        set: fn(&mut SearchParams, u64),
    },
    /// A whole number, or the word `none` for "not at all" (UCI `string`).
    WholeOr {
        /// The word for `None` (`unlimited`, `off`).
        none: &'static str,
        /// The field's value.
        get: fn(&SearchParams) -> Option<u32>,
        /// Sets the field.
        set: fn(&mut SearchParams, Option<u32>),
    },
    /// A finite real number in `range` (UCI `string`: UCI spins are whole).
    Number {
        /// The accepted values.
        range: NumberRange,
        /// The field's value.
        get: fn(&SearchParams) -> f64,
        /// Sets the field (with a value in range).
        set: fn(&mut SearchParams, f64),
    },
    /// One of some words (UCI `combo`).
    Combo {
        /// The accepted words, in the order they are listed.
        values: &'static [&'static str],
        /// The field's value, spelled.
        get: fn(&SearchParams) -> &'static str,
        /// Sets the field from one of `values`; `false` for any other text.
        set: fn(&mut SearchParams, &str) -> bool,
    },
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

    /// There is no option `name`.
    pub fn unknown(name: &str) -> OptionError {
        OptionError::Unknown {
            name: quote_input(name),
        }
    }
}

impl fmt::Display for OptionError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            OptionError::Unknown { name } => write!(f, "unknown option {name:?}; nothing changed"),
            OptionError::BadValue {
                name,
                value,
                accepted,
            } => write!(f, "option {name} needs {accepted}, got {value:?}"),
        }
    }
}

impl std::error::Error for OptionError {}

impl OptionKind {
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

impl EngineOption {
    /// This option's value in `p`, as text that [`EngineOption::set`] reads back.
    pub fn value(&self, p: &SearchParams) -> String {
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
    pub fn set(&self, p: &mut SearchParams, text: &str) -> Result<(), OptionError> {
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
            OptionKind::Combo { set, .. } => {
                if !set(p, value) {
                    return Err(bad());
                }
            }
        }
        Ok(())
    }

    /// The handshake's `option name … type …` line, with this option's value
    /// in `defaults` as the default.
    pub fn uci_line(&self, defaults: &SearchParams) -> String {
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
fn combo_line(name: &str, default: &str, values: &[&str]) -> String {
    let mut line = format!("option name {name} type combo default {default}");
    for value in values {
        line.push_str(" var ");
        line.push_str(value);
    }
    line
}

/// The largest playout count, time in ms and seed the options accept.
const U32_MAX: u64 = u32::MAX as u64;

/// Every engine option, in the order the protocol, links and the engine panel
/// list them. (Kept one entry per few lines, as a table.)
#[rustfmt::skip]
pub static OPTIONS: [EngineOption; 22] = [
    EngineOption {
        name: "playouts",
        label: "Playouts",
        doc: "Playouts per move; 0 = no playout limit (with a time limit too, the first reached ends the think)",
        shown: Shown::LimitSlider(LimitKind::Playouts),
        kind: OptionKind::Spin { min: 0, max: U32_MAX, get: |p| p.limits.playouts_or_zero(), set: |p, n| p.limits = p.limits.and_playouts(n) },
    },
    EngineOption {
        name: "time_ms",
        label: "Time per move (ms)",
        doc: "Thinking time per move in milliseconds; 0 = no time limit",
        shown: Shown::LimitSlider(LimitKind::Time),
        kind: OptionKind::Spin { min: 0, max: U32_MAX, get: |p| p.limits.time_ms_or_zero(), set: |p, ms| p.limits = p.limits.and_time_ms(ms) },
    },
    EngineOption {
        name: "uct_c",
        label: "C (exploration)",
        doc: "UCT constant: higher tries more moves, lower digs deeper into the best ones (thesis 0.1, best 0.05)",
        shown: Shown::Panel,
        kind: OptionKind::Number { range: NumberRange::at_least(0.0), get: |p| p.uct_c, set: |p, x| p.uct_c = x },
    },
    EngineOption {
        name: "max_playout_moves",
        label: "maxd (playout length)",
        doc: "Random moves per playout before the position is scored; 'unlimited' plays to the end (thesis 2, best 5)",
        shown: Shown::Panel,
        kind: OptionKind::WholeOr { none: "unlimited", get: |p| p.max_playout_moves, set: |p, n| p.max_playout_moves = n },
    },
    EngineOption {
        name: "wall_weight",
        label: "Wall weight",
        doc: "How much a wall in stock is worth against one step of path length when scoring (thesis 1, best 0.25)",
        shown: Shown::Panel,
        kind: OptionKind::Number { range: NumberRange::ANY, get: |p| p.wall_weight, set: |p, x| p.wall_weight = x },
    },
    EngineOption {
        name: "score_slope",
        label: "Score slope",
        doc: "Steepness of atan(slope·E) that turns the evaluation into a win probability (thesis 0.3, best 0.5)",
        shown: Shown::Panel,
        kind: OptionKind::Number { range: NumberRange::above(0.0), get: |p| p.score_slope, set: |p, x| p.score_slope = x },
    },
    EngineOption {
        name: "skip_from_depth",
        label: "Skip nodes from depth",
        doc: "From this tree depth on, half of the descents go into an existing child instead of creating a new one; 'off' disables",
        shown: Shown::Panel,
        kind: OptionKind::WholeOr { none: "off", get: |p| p.skip_from_depth, set: |p, n| p.skip_from_depth = n },
    },
    EngineOption {
        name: "smart_playouts",
        label: "Smart playouts",
        doc: "Every second playout move of each player is a shortest-path pawn step",
        shown: Shown::Panel,
        kind: OptionKind::Check { get: |p| p.smart_playouts, set: |p, on| p.smart_playouts = on },
    },
    EngineOption {
        name: "remember_overlapping_walls",
        label: "Remember overlapping walls",
        doc: "Walls that overlap placed walls are never drawn again",
        shown: Shown::Panel,
        kind: OptionKind::Check { get: |p| p.remember_overlapping_walls, set: |p, on| p.remember_overlapping_walls = on },
    },
    EngineOption {
        name: "remember_blocking_walls",
        label: "Remember blocking walls",
        doc: "Walls found to cut a pawn off are not tried again while that pawn stays shut in",
        shown: Shown::Panel,
        kind: OptionKind::Check { get: |p| p.remember_blocking_walls, set: |p, on| p.remember_blocking_walls = on },
    },
    EngineOption {
        name: "losing_move_detection",
        label: "Losing-move detection",
        doc: "Moves that let the opponent win at once are removed from the tree",
        shown: Shown::Panel,
        kind: OptionKind::Check { get: |p| p.losing_move_detection, set: |p, on| p.losing_move_detection = on },
    },
    EngineOption {
        name: "tree_reuse",
        label: "Tree reuse",
        doc: "Keep the searched subtree of the moves actually played for the next move",
        shown: Shown::Panel,
        kind: OptionKind::Check { get: |p| p.tree_reuse, set: |p, on| p.tree_reuse = on },
    },
    EngineOption {
        name: "solver",
        label: "Solver",
        doc: "Prove wins and losses in the tree, play proven wins at once and avoid proven losses",
        shown: Shown::Panel,
        kind: OptionKind::Check { get: |p| p.solver, set: |p, on| p.solver = on },
    },
    EngineOption {
        name: "playout_policy",
        label: "Playout policy",
        doc: "uniform: random legal moves (thesis); shortest_path: pawns follow a shortest path, walls go on the opponent's",
        shown: Shown::Panel,
        kind: OptionKind::Combo { values: PlayoutPolicy::NAMES, get: |p| p.playout_policy.name(), set: |p, v| v.parse().map(|x| p.playout_policy = x).is_ok() },
    },
    EngineOption {
        name: "path_bias",
        label: "Path bias",
        doc: "With shortest_path playouts: chance that a playout move is a pawn step rather than a wall (0–1)",
        shown: Shown::Panel,
        kind: OptionKind::Number { range: NumberRange::between(0.0, 1.0), get: |p| p.path_bias, set: |p, x| p.path_bias = x },
    },
    EngineOption {
        name: "near_walls_only",
        label: "Near walls only",
        doc: "Consider only walls that touch a shortest path or stand next to a pawn",
        shown: Shown::Panel,
        kind: OptionKind::Check { get: |p| p.near_walls_only, set: |p, on| p.near_walls_only = on },
    },
    EngineOption {
        name: "widening",
        label: "Progressive widening",
        doc: "0 = off (every move gets a child in turn, as in the thesis); above 0 a node visited v times keeps ceil(w·√(v+1)) children, the moves that change the race most first",
        shown: Shown::Panel,
        kind: OptionKind::Number { range: NumberRange::between(0.0, 100.0), get: |p| p.widening, set: |p, x| p.widening = x },
    },
    EngineOption {
        name: "tempo",
        label: "Tempo",
        doc: "Steps of path length the side to move is worth when a playout is scored (0 = the thesis's evaluation)",
        shown: Shown::Panel,
        kind: OptionKind::Number { range: NumberRange::between(0.0, 10.0), get: |p| p.tempo, set: |p, x| p.tempo = x },
    },
    EngineOption {
        name: "final_move",
        label: "Final move",
        doc: "most_visits: play the most searched move; best_winrate: the one with the best mean score",
        shown: Shown::Panel,
        kind: OptionKind::Combo { values: FinalMove::NAMES, get: |p| p.final_move.name(), set: |p, v| v.parse().map(|x| p.final_move = x).is_ok() },
    },
    EngineOption {
        name: "win_length_penalty",
        label: "Win length penalty",
        doc: "Quicker playout wins score higher, so won games get finished (0–0.1)",
        shown: Shown::Panel,
        kind: OptionKind::Number { range: NumberRange::between(0.0, 0.1), get: |p| p.win_length_penalty, set: |p, x| p.win_length_penalty = x },
    },
    EngineOption {
        name: "node_budget",
        label: "Node budget",
        doc: "Most tree nodes kept; when full the tree stops growing",
        shown: Shown::Panel,
        kind: OptionKind::Spin { min: 1, max: U32_MAX, get: |p| u64::from(p.node_budget), set: |p, n| p.node_budget = u32::try_from(n).unwrap_or(u32::MAX) },
    },
    EngineOption {
        name: "seed",
        label: "Seed",
        doc: "Random seed: the same seed, position and playout limit give the same search",
        shown: Shown::Hidden,
        kind: OptionKind::Spin { min: 0, max: U32_MAX, get: |p| p.seed, set: |p, n| p.seed = n },
    },
];

/// The option of the limit `kind` (`playouts` or `time_ms`; a test checks
/// that both exist).
pub fn limit_option(kind: LimitKind) -> Option<&'static EngineOption> {
    OPTIONS.iter().find(|o| o.shown == Shown::LimitSlider(kind))
}

/// The engine option called `name`, if there is one.
pub fn find_option(name: &str) -> Option<&'static EngineOption> {
    OPTIONS.iter().find(|o| o.name == name)
}

/// The value of engine option `name` as text (the form [`set_option`] reads).
pub fn option_value(p: &SearchParams, name: &str) -> Option<String> {
    find_option(name).map(|o| o.value(p))
}

/// Sets engine option `name` (or `preset`, which replaces every setting)
/// from text; on error nothing changes.
pub fn set_option(p: &mut SearchParams, name: &str, value: &str) -> Result<(), OptionError> {
    match find_option(name) {
        Some(option) => option.set(p, value),
        None if name == SetupOption::Preset.name() => {
            *p = parse_preset(value)?.params();
            Ok(())
        }
        None => Err(OptionError::unknown(name)),
    }
}

/// The protocol-level options that are not one [`SearchParams`] field: the
/// board (`board_size`, `walls`: a new board starts a new game) and `preset`
/// (replaces every engine option). The handshake lists them after
/// [`OPTIONS`]; share links write the board as `size`/`walls` and take no
/// preset.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum SetupOption {
    /// Squares on a side.
    BoardSize,
    /// Walls each player starts with.
    Walls,
    /// A named set of all engine options.
    Preset,
}

spelled!(SetupOption {
    BoardSize => "board_size",
    Walls => "walls",
    Preset => "preset",
});

impl SetupOption {
    /// One line on what it does.
    pub fn doc(self) -> &'static str {
        match self {
            SetupOption::BoardSize => {
                "Squares on a side of the board; a new board starts a new game"
            }
            SetupOption::Walls => "Walls each player starts with; a new count starts a new game",
            SetupOption::Preset => {
                "Replaces every engine option with a preset: thesis, default or easy"
            }
        }
    }

    /// What it accepts.
    pub fn accepted(self) -> Accepted {
        match self {
            SetupOption::BoardSize => Accepted::Whole {
                min: u64::from(MIN_SIZE),
                max: u64::from(MAX_SIZE),
            },
            SetupOption::Walls => Accepted::Whole {
                min: 0,
                max: u64::from(MAX_WALLS),
            },
            SetupOption::Preset => Accepted::Words(Preset::NAMES),
        }
    }

    /// The handshake's `option` line, with `variant`'s board as the default.
    pub fn uci_line(self, variant: Variant) -> String {
        let name = self.name();
        let spin = |default: u8| match self.accepted() {
            Accepted::Whole { min, max } => {
                format!("option name {name} type spin default {default} min {min} max {max}")
            }
            _ => format!("option name {name} type spin default {default}"),
        };
        match self {
            SetupOption::BoardSize => spin(variant.size()),
            SetupOption::Walls => spin(variant.walls()),
            SetupOption::Preset => combo_line(name, Preset::Default.name(), Preset::NAMES),
        }
    }

    /// Applies this option from `value` to the board and settings; on error
    /// neither changes.
    pub fn set(
        self,
        variant: &mut Variant,
        params: &mut SearchParams,
        value: &str,
    ) -> Result<(), OptionError> {
        let value = value.trim();
        let bad = || OptionError::bad_value(self.name(), value, self.accepted());
        match self {
            SetupOption::BoardSize | SetupOption::Walls => {
                let n: u8 = value.parse().map_err(|_| bad())?;
                let (size, walls) = if self == SetupOption::BoardSize {
                    (n, variant.walls())
                } else {
                    (variant.size(), n)
                };
                *variant = Variant::new(size, walls).map_err(|_| bad())?;
            }
            SetupOption::Preset => *params = parse_preset(value)?.params(),
        }
        Ok(())
    }
}

/// The preset spelled `value`, or the `preset` option's error.
fn parse_preset(value: &str) -> Result<Preset, OptionError> {
    value.parse::<Preset>().map_err(|_| {
        OptionError::bad_value(
            SetupOption::Preset.name(),
            value.trim(),
            SetupOption::Preset.accepted(),
        )
    })
}

/// Every `option` line of the engine protocol's handshake: [`OPTIONS`] with
/// the Default preset's values, then [`SetupOption`]s with `variant`'s board.
pub fn uci_option_lines(variant: Variant) -> Vec<String> {
    let defaults = SearchParams::default();
    OPTIONS
        .iter()
        .map(|o| o.uci_line(&defaults))
        .chain(SetupOption::ALL.iter().map(|o| o.uci_line(variant)))
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    fn presets() -> [SearchParams; 3] {
        [Preset::Thesis, Preset::Default, Preset::Easy].map(Preset::params)
    }

    #[test]
    fn every_option_round_trips_value_set_value_in_every_preset() {
        for preset in presets() {
            for option in &OPTIONS {
                let text = option.value(&preset);
                let mut other = SearchParams::thesis_fixed_point();
                option
                    .set(&mut other, &text)
                    .expect("its own text reads back");
                assert_eq!(option.value(&other), text, "{}", option.name);
            }
        }
        // Setting every option of one preset on another yields that preset.
        let [thesis, default, easy] = presets();
        for (from, mut to) in [
            (thesis.clone(), easy.clone()),
            (default, thesis),
            (easy, SearchParams::default()),
        ] {
            for option in &OPTIONS {
                option.set(&mut to, &option.value(&from)).expect("valid");
            }
            assert_eq!(to, from);
        }
    }

    #[test]
    fn option_names_are_unique_and_snake_case() {
        let names: Vec<&str> = OPTIONS
            .iter()
            .map(|o| o.name)
            .chain(SetupOption::NAMES.iter().copied())
            .collect();
        for (i, name) in names.iter().enumerate() {
            assert!(!names[..i].contains(name), "{name} twice");
            assert!(
                name.chars().all(|c| c.is_ascii_lowercase() || c == '_'),
                "{name}"
            );
        }
    }

    #[test]
    fn each_limit_kind_has_its_option() {
        let time = limit_option(LimitKind::Time).expect("a time option");
        let playouts = limit_option(LimitKind::Playouts).expect("a playout option");
        let p = SearchParams::thesis_fixed_point();
        assert_eq!(time.value(&p), "0");
        assert_eq!(playouts.value(&p), "2500");
    }

    #[test]
    fn each_kind_rejects_bad_values_naming_what_it_accepts() {
        for (name, value, message) in [
            (
                "solver",
                "maybe",
                "option solver needs true or false, got \"maybe\"",
            ),
            (
                "playouts",
                "-5",
                "option playouts needs a whole number from 0 to 4294967295, got \"-5\"",
            ),
            (
                "node_budget",
                "0",
                "option node_budget needs a whole number from 1 to 4294967295, got \"0\"",
            ),
            (
                "seed",
                "4294967296",
                "option seed needs a whole number from 0 to 4294967295, got \"4294967296\"",
            ),
            (
                "max_playout_moves",
                "forever",
                "option max_playout_moves needs unlimited or a whole number, got \"forever\"",
            ),
            (
                "skip_from_depth",
                "-1",
                "option skip_from_depth needs off or a whole number, got \"-1\"",
            ),
            (
                "uct_c",
                "-1",
                "option uct_c needs a number of at least 0, got \"-1\"",
            ),
            (
                "score_slope",
                "0",
                "option score_slope needs a number above 0, got \"0\"",
            ),
            (
                "path_bias",
                "2",
                "option path_bias needs a number from 0 to 1, got \"2\"",
            ),
            (
                "wall_weight",
                "NaN",
                "option wall_weight needs a number, got \"NaN\"",
            ),
            (
                "win_length_penalty",
                "inf",
                "option win_length_penalty needs a number from 0 to 0.1, got \"inf\"",
            ),
            (
                "playout_policy",
                "greedy",
                "option playout_policy needs uniform or shortest_path, got \"greedy\"",
            ),
            (
                "final_move",
                "",
                "option final_move needs most_visits or best_winrate, got \"\"",
            ),
            (
                "preset",
                "hard",
                "option preset needs thesis, default or easy, got \"hard\"",
            ),
            (
                "no_such",
                "1",
                "unknown option \"no_such\"; nothing changed",
            ),
        ] {
            let mut p = SearchParams::default();
            let err = set_option(&mut p, name, value).expect_err(name);
            assert_eq!(err.to_string(), message);
            assert_eq!(p, SearchParams::default(), "{name}: nothing changed");
        }
    }

    #[test]
    fn words_and_flags_ignore_case_and_spaces() {
        let mut p = SearchParams::thesis_fixed_point();
        set_option(&mut p, "playout_policy", " Shortest_Path ").expect("valid");
        set_option(&mut p, "solver", "ON").expect("valid");
        set_option(&mut p, "max_playout_moves", "Unlimited").expect("valid");
        assert_eq!(p.playout_policy, PlayoutPolicy::ShortestPath);
        assert!(p.solver);
        assert_eq!(p.max_playout_moves, None);
    }

    #[test]
    fn limits_are_written_with_zero_for_none() {
        let mut p = SearchParams::default();
        set_option(&mut p, "time_ms", "0").expect("valid");
        set_option(&mut p, "playouts", "300").expect("valid");
        assert_eq!(p.limits, crate::search::Limits::playouts(300));
        assert_eq!(option_value(&p, "time_ms").as_deref(), Some("0"));
    }

    #[test]
    fn a_huge_bad_value_is_quoted_short() {
        let huge = "9".repeat(1_000_000);
        let err = set_option(&mut SearchParams::default(), "uct_c", &format!("x{huge}"))
            .expect_err("bad");
        assert!(err.to_string().len() < 200, "{err}");
        let err = set_option(&mut SearchParams::default(), &huge, "1").expect_err("unknown");
        assert!(err.to_string().len() < 200, "{err}");
    }

    #[test]
    fn preset_replaces_every_setting() {
        let mut p = SearchParams::default();
        set_option(&mut p, "preset", "easy").expect("valid");
        assert_eq!(p, SearchParams::easy());
    }

    #[test]
    fn setup_options_change_the_board_all_or_nothing() {
        let mut variant = Variant::default();
        let mut params = SearchParams::default();
        SetupOption::BoardSize
            .set(&mut variant, &mut params, "5")
            .expect("valid");
        SetupOption::Walls
            .set(&mut variant, &mut params, "3")
            .expect("valid");
        assert_eq!(variant, Variant::new(5, 3).expect("5x5"));
        let err = SetupOption::BoardSize
            .set(&mut variant, &mut params, "2")
            .expect_err("too small");
        assert_eq!(
            err.to_string(),
            "option board_size needs a whole number from 3 to 11, got \"2\""
        );
        let err = SetupOption::Walls
            .set(&mut variant, &mut params, "99")
            .expect_err("too many");
        assert!(err.to_string().contains("from 0 to"), "{err}");
        assert_eq!(variant, Variant::new(5, 3).expect("5x5"));
    }

    #[test]
    fn handshake_lines_keep_their_protocol_form() {
        let lines = uci_option_lines(Variant::default());
        assert_eq!(lines.len(), OPTIONS.len() + 3);
        for expected in [
            "option name playouts type spin default 0 min 0 max 4294967295",
            "option name time_ms type spin default 2000 min 0 max 4294967295",
            "option name uct_c type string default 0.1",
            "option name max_playout_moves type string default 0",
            "option name skip_from_depth type string default off",
            "option name solver type check default true",
            "option name playout_policy type combo default shortest_path var uniform var shortest_path",
            "option name final_move type combo default most_visits var most_visits var best_winrate",
            "option name node_budget type spin default 4000000 min 1 max 4294967295",
            "option name board_size type spin default 9 min 3 max 11",
            "option name walls type spin default 10 min 0 max 20",
            "option name preset type combo default default var thesis var default var easy",
        ] {
            assert!(lines.iter().any(|l| l == expected), "missing {expected:?} in {lines:#?}");
        }
    }
}
