//! The coach's components with their props taken from the page's state.

use yew::prelude::*;

use super::{CoachOverlay, CoachPanel};
use crate::analysis::candidate_labels::DrawnCandidates;
use crate::labels::LabelBox;
use crate::model::{Action, AppState};
use quoridor_review::GameReview;
use quoridor_rules::Move;

/// The hint and the better move drawn on the board, the hint ringed on the
/// label of a candidate `drawn` there, their numbers clear of the `reserved`
/// boxes (the labels on the board: the candidates' and the policy overlay's).
pub fn coach_overlay(
    state: &AppState,
    drawn: Option<&DrawnCandidates>,
    reserved: Vec<LabelBox>,
) -> Html {
    let board = &state.board;
    let better = state.review().and_then(|review| {
        let next = review.moves().get(board.shown_ply())?;
        next.better.map(|_| next.line.clone())
    });
    let position = board.board_position();
    // The candidates the analysis overlay draws, and their labels' boxes.
    let candidates: Vec<(Move, Option<LabelBox>)> = drawn
        .map(|d| d.labels.iter().map(|l| (l.mv, l.placed)).collect())
        .unwrap_or_default();
    // A hint belongs to the shown position, not to a previewed line's end.
    let hint = state
        .hint_view()
        .map(|view| view.hint)
        .filter(|_| board.preview.is_none());
    html! {
        <CoachOverlay {position} {hint} hint_line={state.coach.hint_line}
            better={better.filter(|_| board.preview.is_none())} {candidates} {reserved} />
    }
}

/// The coach's panel from the state.
pub fn coach_panel(
    state: &AppState,
    review: Option<GameReview>,
    dispatch: &Callback<Action>,
) -> Html {
    let coach = &state.coach;
    let exact = coach
        .review
        .as_ref()
        .map(|run| state.exact.verdicts(&run.game))
        .unwrap_or_default();
    html! {
        <CoachPanel game={state.board.game.clone()} shown={state.board.shown_ply()}
            can_hint={state.can_hint()} hint_pending={coach.hint_pending()}
            hint={state.hint_view()} hints_used={coach.hints_used}
            run={coach.review.clone()} {review} exact={exact} hint_ms={coach.hint_ms} review_ms={coach.review_ms}
            on_intent={dispatch.reform(Action::Coach)} on_view={dispatch.reform(Action::View)} />
    }
}
