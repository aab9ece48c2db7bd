//! The page around the board: the notice area, a pending question, the
//! ghost-wall flip, the new-game dialog and the worker's name.

use super::Shared;
use crate::game::Move;

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
