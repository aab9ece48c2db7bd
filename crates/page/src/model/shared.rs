//! What a share link and the saved game hold: the game, the viewed move,
//! the seats, the engine settings, the hints used and a resignation. The link codec
//! (`ui/link.rs`) writes and reads it; the state machine opens it.

use super::settings::{EngineSettings, Seat, FIRST_VISIT_LEVEL};
use quoridor_engines::{Level, LEVELS};
use quoridor_rules::{Game, Player, Variant};

/// What a link or a saved game holds.
#[derive(Clone, Debug, PartialEq)]
pub struct Shared {
    /// The game, with its variant.
    pub game: Game,
    /// The ply shown (position after that many moves); `None` = the latest.
    pub view: Option<usize>,
    /// Who plays player 1 and player 2.
    pub seats: [Seat; 2],
    /// Engine settings.
    pub engine: EngineSettings,
    /// Hints the coach gave in this game (`hints=N`, written when above 0).
    pub hints: u32,
    /// The player who resigned after the game's last move (`resigned=N`).
    pub resigned: Option<Player>,
}

impl Default for Shared {
    /// What a link does not say: 9×9, the human as player 1 against the
    /// engine with the Default preset on one worker.
    fn default() -> Self {
        Shared {
            game: Game::new(Variant::default()),
            view: None,
            seats: [Seat::Human, Seat::Engine],
            engine: EngineSettings::default(),
            hints: 0,
            resigned: None,
        }
    }
}

impl Shared {
    /// What links and saved games do not say on a machine whose default
    /// thread count is `threads` (see [`super::settings::default_threads`]):
    /// the Default preset with that many workers (the link codec's
    /// `decode_with`). Links that name no level list what differs from it.
    pub fn link_base(threads: u32) -> Self {
        let mut shared = Shared::default();
        shared.engine = shared.engine.with_threads(threads);
        shared
    }

    /// The first visit (nothing saved, no link): 9×9, the human moving
    /// first against level [`FIRST_VISIT_LEVEL`] (its seed is drawn when
    /// the game opens).
    pub fn first_visit() -> Self {
        let level = Level::get(FIRST_VISIT_LEVEL).unwrap_or(&LEVELS[0]);
        Shared {
            engine: EngineSettings::at_level(level),
            ..Shared::default()
        }
    }
}
