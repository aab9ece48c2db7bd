//! The page around the board: the notice area, a pending question, the
//! ghost-wall flip, the new-game dialog and the worker's name.

use super::{EngineSettings, Seat, Shared};
use crate::game::{Move, Player, Variant};

/// A question the page asks without blocking the board.
#[derive(Clone, Debug, PartialEq)]
pub enum Confirm {
    /// Play `mv` after the first `ply` moves, discarding the later ones.
    Discard {
        /// Moves kept.
        ply: usize,
        /// The move to play there.
        mv: Move,
    },
    /// The page opened a link while another game was saved.
    LinkReplacedSaved {
        /// The saved game, to go back to.
        saved: Box<Shared>,
    },
    /// `player` resigns the game.
    Resign {
        /// Who resigns.
        player: Player,
    },
    /// Start a new game in place of an unfinished one.
    AbandonForNewGame {
        /// What the new game is.
        next: Box<NewGame>,
        /// Moves played in the unfinished game.
        moves: usize,
    },
}

/// A new game as the new-game dialog or a rematch asks for it.
#[derive(Clone, Debug, PartialEq)]
pub struct NewGame {
    /// Board size and walls.
    pub variant: Variant,
    /// Who plays which side.
    pub seats: [Seat; 2],
    /// The engine settings of the new game.
    pub engine: EngineSettings,
}

/// The page chrome part of the page's state.
#[derive(Clone, Debug, PartialEq, Default)]
pub struct PageChrome {
    /// A message for the notice area.
    pub notice: Option<String>,
    /// A pending question.
    pub confirm: Option<Confirm>,
    /// Ghost walls take the other orientation than the pointer suggests.
    pub wall_flip: bool,
    /// Whether the new-game dialog is open.
    pub new_game_open: bool,
    /// The worker's name once it answered a ping.
    pub worker: Option<String>,
}

impl PageChrome {
    /// Puts `text` in the notice area.
    pub fn tell(&mut self, text: impl Into<String>) {
        self.notice = Some(text.into());
    }
}
