//! The page's storage in the browser: the address bar and `localStorage`.
//! What to open and what to save is decided in `quoridor_page::storage`
//! (re-exported here, tested natively); this module reads and writes.

pub use quoridor_page::storage::*;

use serde::Serialize;

use crate::model::local_clock::{LocalClock, CLOCK_KEY};
use crate::model::past_games::{PastGames, PAST_GAMES_KEY};
use crate::model::record::{Day, Record, RecordError};
use crate::model::settings::default_threads;
use crate::model::AppState;
use crate::seed::fresh_seed;

/// `navigator.hardwareConcurrency` (1 where the browser does not say).
pub fn hardware_concurrency() -> u32 {
    web_sys::window()
        .map(|w| w.navigator().hardware_concurrency())
        .filter(|n| n.is_finite() && *n >= 1.0)
        .map_or(1, |n| n.min(f64::from(u32::MAX)) as u32)
}

fn storage() -> Option<web_sys::Storage> {
    web_sys::window()?.local_storage().ok().flatten()
}

/// The saved game's query string, if any.
fn saved() -> Option<String> {
    remembered_text(SAVED_KEY)
}

/// The saved record against the levels, read with the browser's JSON
/// parser (`None`: nothing saved).
fn saved_record() -> Option<Result<Record, RecordError>> {
    let text = remembered_text(RECORD_KEY)?;
    Some(match js_sys::JSON::parse(&text) {
        Ok(value) => Record::read(|| serde_wasm_bindgen::Deserializer::from(value.clone())),
        Err(_) => Err(RecordError::Shape("not JSON".into())),
    })
}

/// Saves the record against the levels as JSON (failures only cost
/// persistence).
pub fn save_record(record: &Record) {
    let serializer = serde_wasm_bindgen::Serializer::json_compatible();
    let text = record
        .to_stored()
        .serialize(&serializer)
        .ok()
        .and_then(|v| js_sys::JSON::stringify(&v).ok())
        .and_then(|s| s.as_string());
    if let Some(text) = text {
        remember_text(RECORD_KEY, &text);
    }
}

/// Today by the browser's clock, in local time.
pub fn today() -> Option<Day> {
    let now = js_sys::Date::new_0();
    let part = |n: u32| u8::try_from(n).ok();
    Day::new(
        u16::try_from(now.get_full_year()).ok()?,
        part(now.get_month() + 1)?,
        part(now.get_date())?,
    )
}

/// Saves `query` (failures, e.g. private mode, only cost persistence).
pub fn save(query: &str) {
    remember_text(SAVED_KEY, query);
}

/// A yes/no page preference saved under `key` (`false` when never saved).
pub fn remembered_flag(key: &str) -> bool {
    remembered_text(key).is_some_and(|v| v == "true")
}

/// The text saved under `key`, if any.
pub fn remembered_text(key: &str) -> Option<String> {
    storage()?.get_item(key).ok().flatten()
}

/// Saves `value` under `key` (failures, e.g. private mode, only cost
/// persistence).
pub fn remember_text(key: &str, value: &str) {
    if let Some(storage) = storage() {
        let _ignored = storage.set_item(key, value);
    }
}

/// Saves a yes/no page preference under `key`.
pub fn remember_flag(key: &str, on: bool) {
    remember_text(key, if on { "true" } else { "false" });
}

/// The page's query string without `?`.
fn location_query() -> String {
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

/// Drops the query from the address bar, so a reload restores the saved
/// game (which goes on from the link's) rather than the link again.
fn forget_query() {
    let Some(window) = web_sys::window() else {
        return;
    };
    let Ok(path) = window.location().pathname() else {
        return;
    };
    // An online game's address (`#play/…`) stays.
    let path = path + &window.location().hash().unwrap_or_default();
    if let Ok(history) = window.history() {
        let _ignored =
            history.replace_state_with_url(&wasm_bindgen::JsValue::NULL, "", Some(&path));
    }
}

/// The state to start with (see [`opening_state`]); a link is read once.
pub fn initial_state() -> AppState {
    let link = location_query();
    let mut state = opening_state(
        &link,
        saved().as_deref(),
        fresh_seed(),
        default_threads(hardware_concurrency()),
    );
    open_record(&mut state, saved_record());
    // A game on a clock goes on with its clocks after a reload.
    let record = state.board.game.to_string();
    state.clock = remembered_text(CLOCK_KEY)
        .and_then(|text| LocalClock::from_text(&text, &record))
        .filter(|_| state.board.unfinished() && state.online.is_none());
    state.past = remembered_text(PAST_GAMES_KEY)
        .and_then(|text| PastGames::from_text(&text).ok())
        .unwrap_or_default();
    state.ladder.today = today();
    if !link.trim().is_empty() {
        forget_query();
    }
    state
}
