//! Where the page's state comes from at start (a link, the saved game, or a
//! new game) and where it is saved on every change (`localStorage`).

use super::link::{decode, Shared};
use super::state::{AppState, Confirm};

/// The `localStorage` key of the saved game (a link query string).
pub const SAVED_KEY: &str = "quoridor.game.v1";

fn storage() -> Option<web_sys::Storage> {
    web_sys::window()?.local_storage().ok().flatten()
}

/// The saved game's query string, if any.
pub fn saved() -> Option<String> {
    storage()?.get_item(SAVED_KEY).ok().flatten()
}

/// Saves `query` (failures, e.g. private mode, only cost persistence).
pub fn save(query: &str) {
    if let Some(storage) = storage() {
        let _ignored = storage.set_item(SAVED_KEY, query);
    }
}

/// The page's query string without `?`.
pub fn location_query() -> String {
    web_sys::window()
        .and_then(|w| w.location().search().ok())
        .map(|q| q.trim_start_matches('?').to_string())
        .unwrap_or_default()
}

/// The page's address without query or fragment (where links point).
pub fn page_address() -> String {
    web_sys::window()
        .and_then(|w| {
            let l = w.location();
            Some(format!("{}{}", l.origin().ok()?, l.pathname().ok()?))
        })
        .unwrap_or_default()
}

/// Drops the query from the address bar, so a reload restores the saved game
/// (which goes on from the link's) rather than the link again.
fn forget_query() {
    let Some(window) = web_sys::window() else {
        return;
    };
    let Ok(path) = window.location().pathname() else {
        return;
    };
    if let Ok(history) = window.history() {
        let _ignored =
            history.replace_state_with_url(&wasm_bindgen::JsValue::NULL, "", Some(&path));
    }
}

/// The state to start with: a link wins over the saved game (the page then
/// offers the saved one back), the saved game over a new one. Problems with
/// either go to the notice area.
pub fn initial_state() -> AppState {
    let link = location_query();
    let saved = saved().map(|q| decode(&q));
    if !link.trim().is_empty() {
        let opened = decode(&link);
        forget_query();
        let mut state = AppState::from_shared(opened.shared.clone());
        if !opened.problems.is_empty() {
            state.notice = Some(format!(
                "This link has problems: {}",
                opened.problems.join("; ")
            ));
        }
        if let Some(saved) = saved.filter(|s| !same_game(&s.shared, &opened.shared)) {
            state.confirm = Some(Confirm::LinkReplacedSaved {
                saved: Box::new(saved.shared),
            });
        }
        return state;
    }
    match saved {
        Some(saved) => {
            let mut state = AppState::from_shared(saved.shared);
            if !saved.problems.is_empty() {
                state.notice = Some(format!(
                    "The saved game has problems: {}",
                    saved.problems.join("; ")
                ));
            }
            state
        }
        None => AppState::default(),
    }
}

fn same_game(a: &Shared, b: &Shared) -> bool {
    a.game == b.game && a.seats == b.seats && a.engine == b.engine
}
