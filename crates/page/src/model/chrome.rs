//! The page around the board: the notice area, a pending question, the
//! ghost-wall flip, the board's orientation, the new-game dialog and the
//! worker's name.

use super::{EngineSettings, Seat, Shared};
use quoridor_rules::{Move, Player, Variant};

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
    /// Open a game (from Your games or a record) in place of an
    /// unfinished one.
    AbandonForGame {
        /// The game to open.
        game: Box<super::Shared>,
        /// Moves played in the unfinished game.
        moves: usize,
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
    /// The clocks' time control, if the game is on a clock.
    pub clock: Option<super::local_clock::Control>,
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
    /// The board is drawn from player 2's side (player 2 at the bottom).
    pub board_flipped: bool,
    /// Whether the new-game dialog is open.
    pub new_game_open: bool,
    /// The worker's name once it answered a ping.
    pub worker: Option<String>,
    /// Two people play by sending each other the game's link after each
    /// move (play a friend without our server): the page offers the link
    /// to send once a move is made.
    pub by_link: bool,
}

impl PageChrome {
    /// The chrome a game with `seats` opens with: flipped when a person plays
    /// player 2 against the engine, so that person's pawn starts at the bottom.
    pub fn for_seats(seats: [Seat; 2]) -> Self {
        PageChrome {
            board_flipped: seats == [Seat::Engine, Seat::Human],
            ..PageChrome::default()
        }
    }

    /// Puts `text` in the notice area.
    pub fn tell(&mut self, text: impl Into<String>) {
        self.notice = Some(text.into());
    }
}

#[cfg(test)]
mod tests {
    use super::super::{Action, AppState, Seat, Shared};
    use quoridor_rules::{Game, Variant};

    fn opened(seats: [Seat; 2]) -> AppState {
        let shared = Shared {
            game: Game::new(Variant::default()),
            view: None,
            seats,
            engine: Default::default(),
            hints: 0,
            resigned: None,
        };
        AppState::from_shared(shared, 1)
    }

    #[test]
    fn human_as_player_two_against_the_engine_opens_flipped() {
        assert!(opened([Seat::Engine, Seat::Human]).page.board_flipped);
        assert!(!opened([Seat::Human, Seat::Engine]).page.board_flipped);
        assert!(!opened([Seat::Human, Seat::Human]).page.board_flipped);
        assert!(!opened([Seat::Engine, Seat::Engine]).page.board_flipped);
    }

    #[test]
    fn flip_board_toggles_and_a_new_game_takes_its_seats_default() {
        let mut state = opened([Seat::Human, Seat::Human]);
        state.apply(Action::FlipBoard, 1);
        assert!(state.page.board_flipped);
        state.apply(Action::FlipBoard, 1);
        assert!(!state.page.board_flipped);
        state.apply(Action::FlipBoard, 1);
        let variant = Variant::default();
        state.apply(
            Action::NewGame {
                variant,
                seats: [Seat::Human, Seat::Engine],
            },
            2,
        );
        assert!(
            !state.page.board_flipped,
            "the human plays player 1: not flipped"
        );
        state.apply(
            Action::NewGame {
                variant,
                seats: [Seat::Engine, Seat::Human],
            },
            3,
        );
        assert!(
            state.page.board_flipped,
            "the human plays player 2: flipped"
        );
    }
}
