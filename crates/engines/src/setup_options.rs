//! The protocol-level options that are not one search parameter: the board
//! (`board_size`, `walls`), the game's ply limit (`ply_limit`) and `preset`.
//! They sit next to the engine option table ([`super::options::OPTIONS`])
//! and are listed after it.

use super::config::EngineConfig;
use super::config::Preset;
use quoridor_rules::{PlyLimit, Variant, MAX_SIZE, MAX_WALLS, MIN_SIZE};
use quoridor_search::{combo_line, Accepted, OptionError};
use quoridor_text::{spelled, Choice};

/// The protocol-level options that are not one [`EngineConfig`] field: the
/// board (`board_size`, `walls`: a new board starts a new game), the ply
/// limit (`ply_limit`: a game that reaches it is over, adjudicated by path
/// lengths) and `preset` (replaces every engine option). The handshake lists
/// them after [`OPTIONS`](super::options::OPTIONS); share links write the
/// board as `size`/`walls`, keep the page's ply limit and take no preset.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum SetupOption {
    /// Squares on a side.
    BoardSize,
    /// Walls each player starts with.
    Walls,
    /// Plies after which a game is adjudicated (0: never).
    PlyLimit,
    /// A named set of all engine options.
    Preset,
}

spelled!(SetupOption {
    BoardSize => "board_size",
    Walls => "walls",
    PlyLimit => "ply_limit",
    Preset => "preset",
});

/// The longest ply limit the option takes (the arena's `--move-cap` has the
/// same bound).
pub const MAX_PLY_LIMIT: usize = 100_000;

/// What the setup options set besides the engine: the board and the ply
/// limit of the protocol's game.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Default)]
pub struct GameSetup {
    /// Board size, walls and start squares.
    pub variant: Variant,
    /// When the game is adjudicated.
    pub ply_limit: PlyLimit,
}

impl SetupOption {
    /// One line on what it does.
    pub fn doc(self) -> &'static str {
        match self {
            SetupOption::BoardSize => {
                "Squares on a side of the board; a new board starts a new game"
            }
            SetupOption::Walls => "Walls each player starts with; a new count starts a new game",
            SetupOption::PlyLimit => {
                "Plies after which the game is over, adjudicated by path lengths (0: never)"
            }
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
            SetupOption::PlyLimit => Accepted::Whole {
                min: 0,
                max: MAX_PLY_LIMIT as u64,
            },
            SetupOption::Preset => Accepted::Words(Preset::NAMES),
        }
    }

    /// The handshake's `option` line, with `setup`'s board and ply limit as
    /// the default.
    pub fn uci_line(self, setup: &GameSetup) -> String {
        let variant = setup.variant;
        let name = self.name();
        let spin = |default: usize| match self.accepted() {
            Accepted::Whole { min, max } => {
                format!("option name {name} type spin default {default} min {min} max {max}")
            }
            _ => format!("option name {name} type spin default {default}"),
        };
        match self {
            SetupOption::BoardSize => spin(variant.size().into()),
            SetupOption::Walls => spin(variant.walls().into()),
            SetupOption::PlyLimit => spin(setup.ply_limit.plies().unwrap_or(0)),
            SetupOption::Preset => combo_line(name, Preset::Default.name(), Preset::NAMES),
        }
    }

    /// Applies this option from `value` to the game's setup and the engine
    /// settings; on error neither changes.
    pub fn set(
        self,
        setup: &mut GameSetup,
        config: &mut EngineConfig,
        value: &str,
    ) -> Result<(), OptionError> {
        let value = value.trim();
        let bad = || OptionError::bad_value(self.name(), value, self.accepted());
        match self {
            SetupOption::BoardSize | SetupOption::Walls => {
                let n: u8 = value.parse().map_err(|_| bad())?;
                let variant = setup.variant;
                let (size, walls) = if self == SetupOption::BoardSize {
                    (n, variant.walls())
                } else {
                    (variant.size(), n)
                };
                setup.variant = Variant::new(size, walls).map_err(|_| bad())?;
            }
            SetupOption::PlyLimit => {
                let plies: usize = value.parse().map_err(|_| bad())?;
                if plies > MAX_PLY_LIMIT {
                    return Err(bad());
                }
                setup.ply_limit = PlyLimit::new(plies);
            }
            SetupOption::Preset => *config = parse_preset(value)?.config(),
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
        let mut setup = GameSetup::default();
        let mut params = EngineConfig::default();
        SetupOption::BoardSize
            .set(&mut setup, &mut params, "5")
            .expect("valid");
        SetupOption::Walls
            .set(&mut setup, &mut params, "3")
            .expect("valid");
        assert_eq!(setup.variant, Variant::new(5, 3).expect("5x5"));
        let err = SetupOption::BoardSize
            .set(&mut setup, &mut params, "2")
            .expect_err("too small");
        assert_eq!(
            err.to_string(),
            "option board_size needs a whole number from 3 to 11, got \"2\""
        );
        let err = SetupOption::Walls
            .set(&mut setup, &mut params, "99")
            .expect_err("too many");
        assert!(err.to_string().contains("from 0 to"), "{err}");
        assert_eq!(setup.variant, Variant::new(5, 3).expect("5x5"));
    }

    #[test]
    fn the_ply_limit_takes_plies_and_zero_for_none() {
        let mut setup = GameSetup::default();
        let mut params = EngineConfig::default();
        assert_eq!(setup.ply_limit, PlyLimit::DEFAULT);
        SetupOption::PlyLimit
            .set(&mut setup, &mut params, "40")
            .expect("valid");
        assert_eq!(setup.ply_limit, PlyLimit::new(40));
        SetupOption::PlyLimit
            .set(&mut setup, &mut params, "0")
            .expect("valid");
        assert_eq!(setup.ply_limit, PlyLimit::NONE);
        let err = SetupOption::PlyLimit
            .set(&mut setup, &mut params, "100001")
            .expect_err("too long");
        assert_eq!(
            err.to_string(),
            "option ply_limit needs a whole number from 0 to 100000, got \"100001\""
        );
        assert_eq!(setup.ply_limit, PlyLimit::NONE);
        assert_eq!(
            SetupOption::PlyLimit.uci_line(&GameSetup::default()),
            "option name ply_limit type spin default 300 min 0 max 100000"
        );
    }
}
