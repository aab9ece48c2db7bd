//! Premoves, as lichess has them: while the engine thinks its move, the
//! person playing it may queue their next one. It is checked as far as it
//! can be then (against the position with the turn passed), played the
//! moment the engine's move is on the board if it is still legal, and
//! dropped, with a word, if it is not. Playing the queued move again takes
//! it back; so do Undo, Pause, a new game or looking at an earlier position.

use quoridor_rules::{Move, Position};

use super::AppState;

impl AppState {
    /// Whether a move may be queued now: a person against the engine, the
    /// engine to move in the latest position and not paused, offline.
    pub fn premove_possible(&self) -> bool {
        self.online.is_none()
            && self.board.view.is_none()
            && self.board.preview.is_none()
            && self.board.against_engine()
            && self.board.engine_to_move()
            && !self.engine.paused
    }

    /// The position a premove is checked against (the latest with the turn
    /// passed to the person), while one may be queued.
    pub fn premove_position(&self) -> Option<Position> {
        self.premove_possible()
            .then(|| self.board.game.position().passed())
    }

    /// Queues `mv`, or takes the queued move back when it is `mv` again.
    pub(super) fn queue_premove(&mut self, mv: Move) {
        let Some(position) = self.premove_position() else {
            self.page.tell("It is the engine's turn.");
            return;
        };
        if self.board.premove == Some(mv) {
            self.board.premove = None;
            self.page.tell(format!("Premove {mv} taken back."));
            return;
        }
        match position.check(mv) {
            Ok(()) => {
                self.board.premove = Some(mv);
                self.page.tell(format!(
                    "Premove {mv}: played as soon as the engine has moved (play it again to take it back)."
                ));
            }
            Err(e) => self.page.tell(format!("{mv}: {e}")),
        }
    }

    /// The engine's move is on the board: plays the queued move if it is
    /// still legal, else says why it was dropped.
    pub(super) fn play_premove(&mut self) {
        let Some(mv) = self.board.premove.take() else {
            return;
        };
        if !self.board.human_to_move() || self.board.view.is_some() {
            return;
        }
        match self.board.game.position().check(mv) {
            Ok(()) => {
                self.page.notice = None;
                self.human_move(mv);
            }
            Err(e) => self.page.tell(format!("Premove {mv} dropped: {e}.")),
        }
    }

    /// After every action: a queued move lasts only while it may be queued.
    pub(super) fn follow_premove(&mut self) {
        if !self.premove_possible() {
            self.board.premove = None;
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::model::ladder::tests::engine_plays;
    use crate::model::{Action, Seat, Shared};
    use quoridor_rules::Game;

    fn against_engine(record: &str) -> AppState {
        AppState::from_shared(
            Shared {
                game: record.parse::<Game>().expect("legal"),
                seats: [Seat::Human, Seat::Engine],
                ..Shared::default()
            },
            7,
        )
    }

    fn mv(text: &str) -> Move {
        text.parse().expect("notation")
    }

    #[test]
    fn a_premove_is_played_the_moment_the_engine_has_moved() {
        let mut state = against_engine("e2");
        assert!(
            state.premove_possible(),
            "the engine thinks, the person moves next"
        );
        state.apply(Action::Play(mv("e3")), 7);
        assert_eq!(state.board.premove, Some(mv("e3")));
        assert_eq!(state.board.game.moves().len(), 1, "nothing played yet");
        engine_plays(&mut state, "e8");
        assert_eq!(state.board.game.to_string(), "e2 e8 e3");
        assert_eq!(state.board.premove, None);
        assert!(state.engine.search.is_some(), "the engine thinks again");
    }

    #[test]
    fn a_premove_made_illegal_by_the_engines_move_is_dropped_with_a_word() {
        let mut state = against_engine("e2");
        state.apply(Action::Play(mv("e3h")), 7);
        assert_eq!(state.board.premove, Some(mv("e3h")));
        engine_plays(&mut state, "e3h");
        assert_eq!(state.board.game.to_string(), "e2 e3h");
        let notice = state.page.notice.clone().expect("a notice");
        assert!(notice.starts_with("Premove e3h dropped:"), "{notice}");
    }

    #[test]
    fn a_premove_is_checked_taken_back_and_cleared_by_undo() {
        let mut state = against_engine("e2");
        // Not a move of the person's pawn, even with the turn passed.
        state.apply(Action::Play(mv("e9")), 7);
        assert_eq!(state.board.premove, None);
        state.apply(Action::Play(mv("d2")), 7);
        assert_eq!(state.board.premove, Some(mv("d2")));
        state.apply(Action::Play(mv("d2")), 7);
        assert_eq!(
            state.board.premove, None,
            "the same move again takes it back"
        );
        state.apply(Action::Play(mv("d2")), 7);
        state.apply(Action::Pause, 7);
        assert_eq!(state.board.premove, None, "pausing the engine drops it");
    }
}
