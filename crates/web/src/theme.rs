//! The colour theme on `<html>`: `data-theme` is `light` or `dark` (what the
//! CSS reads), `data-theme-choice` the person's choice (`auto`, `light`,
//! `dark`). index.html applies the stored choice before the app loads (no
//! light flash in a dark room) and follows the system while the choice is
//! `auto`; this module applies a new choice and stores it.

use super::model::prefs::{Theme, THEME_KEY};
use super::storage::{remember_text, remembered_text};

/// The stored choice ([`Theme::Auto`] when none or unreadable).
pub fn stored_theme() -> Theme {
    Theme::from_stored(remembered_text(THEME_KEY).as_deref())
}

/// Whether the system asks for dark colours (`prefers-color-scheme`).
fn system_prefers_dark() -> bool {
    web_sys::window()
        .and_then(|w| w.match_media("(prefers-color-scheme: dark)").ok().flatten())
        .is_some_and(|query| query.matches())
}

/// Stores `theme` and applies it to the page now.
pub fn choose_theme(theme: Theme) {
    remember_text(THEME_KEY, &theme.to_string());
    apply_theme(theme);
}

/// Sets `<html data-theme>` for `theme` (resolving `auto` by the system).
fn apply_theme(theme: Theme) {
    let dark = match theme {
        Theme::Auto => system_prefers_dark(),
        Theme::Light => false,
        Theme::Dark => true,
    };
    let Some(root) = web_sys::window()
        .and_then(|w| w.document())
        .and_then(|d| d.document_element())
    else {
        return;
    };
    let _ignored = root.set_attribute("data-theme", if dark { "dark" } else { "light" });
    let _ignored = root.set_attribute("data-theme-choice", &theme.to_string());
}
