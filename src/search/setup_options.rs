//! The protocol-level options that are not one search parameter: the board
//! (`board_size`, `walls`) and `preset`. They sit next to the engine option
//! table ([`super::options::OPTIONS`]) and are listed after it.

use super::engine::EngineConfig;
use super::option_kind::{combo_line, Accepted, OptionError};
use super::params::Preset;
use crate::game::{Variant, MAX_SIZE, MAX_WALLS, MIN_SIZE};
use crate::text::{spelled, Choice};

/// The protocol-level options that are not one [`EngineConfig`] field: the
/// board (`board_size`, `walls`: a new board starts a new game) and `preset`
/// (replaces every engine option). The handshake lists them after
/// [`OPTIONS`](super::options::OPTIONS); share links write the board as
/// `size`/`walls` and take no preset.
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
        config: &mut EngineConfig,
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
            SetupOption::Preset => *config = EngineConfig::uct(parse_preset(value)?.params()),
        }
        Ok(())
    }
}

/// The preset spelled `value`, or the `preset` option's error.
pub(super) fn parse_preset(value: &str) -> Result<Preset, OptionError> {
    value.parse::<Preset>().map_err(|_| {
        OptionError::bad_value(
            SetupOption::Preset.name(),
            value.trim(),
            SetupOption::Preset.accepted(),
        )
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn setup_options_change_the_board_all_or_nothing() {
        let mut variant = Variant::default();
        let mut params = EngineConfig::default();
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
}
