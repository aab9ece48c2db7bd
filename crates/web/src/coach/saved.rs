//! The coach's part of the saved game: hints used and the finished review,
//! kept in `localStorage` beside the game and restored when the page opens
//! the same game again (the review is reused while the moves are unchanged).

use crate::reducible::PageState;
use serde::{Deserialize, Serialize};
use yew::prelude::*;

use crate::model::{Action, CoachIntent};
use quoridor_review::PositionEval;

/// The `localStorage` key of the coach's record (JSON).
const COACH_KEY: &str = "quoridor.coach.v1";

/// What is kept: the game it belongs to (its record), hints used, and the
/// evaluations of a finished review of exactly that game.
#[derive(Debug, PartialEq, Serialize, Deserialize)]
struct SavedCoach {
    record: String,
    hints: u32,
    evals: Option<Vec<PositionEval>>,
}

fn storage() -> Option<web_sys::Storage> {
    web_sys::window()?.local_storage().ok().flatten()
}

fn load() -> Option<SavedCoach> {
    let text = storage()?.get_item(COACH_KEY).ok().flatten()?;
    let value = js_sys::JSON::parse(&text).ok()?;
    serde_wasm_bindgen::from_value(value).ok()
}

fn store(saved: &SavedCoach) {
    let text = serde_wasm_bindgen::to_value(saved)
        .ok()
        .and_then(|v| js_sys::JSON::stringify(&v).ok())
        .and_then(|s| s.as_string());
    if let (Some(storage), Some(text)) = (storage(), text) {
        // Failures (private mode, a full store) only cost persistence.
        let _ignored = storage.set_item(COACH_KEY, &text);
    }
}

/// Restores the coach's record for the opened game once, then saves it on
/// every change of the game, the hints or the review.
#[hook]
pub fn use_saved_coach(state: &UseReducerHandle<PageState>) {
    let record = state.board.game.to_string();
    {
        let (dispatcher, record) = (state.dispatcher(), record.clone());
        use_effect_with((), move |()| {
            if let Some(saved) = load().filter(|s| s.record == record) {
                dispatcher.dispatch(Action::Coach(CoachIntent::RestoreHints(saved.hints)));
                if let Some(evals) = saved.evals {
                    dispatcher.dispatch(Action::Coach(CoachIntent::Restore(evals)));
                }
            }
        });
    }
    let evals = state
        .coach
        .review
        .as_ref()
        .filter(|r| r.is_complete() && r.game.moves == state.board.game.moves())
        .map(|r| r.evals.clone());
    let saved = SavedCoach {
        record,
        hints: state.coach.hints_used,
        evals,
    };
    // The first run would overwrite the record before it is restored.
    let first = use_mut_ref(|| true);
    use_effect_with(saved, move |saved| {
        if !std::mem::replace(&mut *first.borrow_mut(), false) {
            store(saved);
        }
    });
}
