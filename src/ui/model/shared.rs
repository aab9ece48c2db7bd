//! What a share link and the saved game hold: the game, the viewed move,
//! the seats, the engine settings and the hints used. The link codec
//! (`ui/link.rs`) writes and reads it; the state machine opens it.

use super::settings::{EngineSettings, Seat};
use crate::game::{Game, Variant};

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
}

impl Default for Shared {
    /// The first visit: 9×9, the human as player 1 against the engine.
    fn default() -> Self {
        Shared {
            game: Game::new(Variant::default()),
            view: None,
            seats: [Seat::Human, Seat::Engine],
            engine: EngineSettings::default(),
            hints: 0,
        }
    }
}

impl Shared {
    /// The first visit on a machine whose default thread count is `threads`
    /// (see [`super::settings::default_threads`]): links and saved games
    /// without `threads` open with it too (the link codec's `decode_with`).
    pub fn first_visit(threads: u32) -> Self {
        let mut shared = Shared::default();
        shared.engine = shared.engine.with_threads(threads);
        shared
    }
}
