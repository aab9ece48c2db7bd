//! The coach's components with their props taken from the page's state.

use yew::prelude::*;

use super::{CoachOverlay, CoachPanel};
use crate::review::GameReview;
use crate::ui::model::{Action, AppState};

/// The hint and the better move drawn on the board.
pub fn coach_overlay(state: &AppState) -> Html {
    let board = &state.board;
    let shown = state.shown_game();
    let better = state.coach.review_of(&board.game).and_then(|review| {
        let next = review.moves().get(board.shown_ply())?;
        next.better.map(|_| next.line.clone())
    });
    html! {
        <CoachOverlay position={board.board_position()} hint={state.coach.hint_for(&shown).cloned()}
            hint_line={state.coach.hint_line} better={better.filter(|_| board.preview.is_none())} />
    }
}

/// The coach's panel from the state.
pub fn coach_panel(
    state: &AppState,
    review: Option<GameReview>,
    dispatch: &Callback<Action>,
) -> Html {
    let coach = &state.coach;
    html! {
        <CoachPanel game={state.board.game.clone()} shown={state.board.shown_ply()}
            can_hint={state.can_hint()} hint_pending={coach.hint_pending()}
            hint={coach.hint_for(&state.shown_game()).cloned()} hints_used={coach.hints_used}
            run={coach.review.clone()} {review} hint_ms={coach.hint_ms} review_ms={coach.review_ms}
            on_intent={dispatch.reform(Action::Coach)} on_view={dispatch.reform(Action::View)} />
    }
}
