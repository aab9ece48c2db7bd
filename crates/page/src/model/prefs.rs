//! The person's page preferences, kept in `localStorage` by the browser
//! side (`ui/storage.rs`): the colour theme, move sounds, which panels are
//! open and whether the how-to-play card was dismissed. Plain values with
//! their stored spelling, so a bad stored value falls back to the default
//! instead of breaking the page.

use quoridor_text::spelled;

/// The colour theme: the system's (`prefers-color-scheme`) or one chosen.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum Theme {
    /// Follow the system's light or dark setting.
    #[default]
    Auto,
    /// Light whatever the system says.
    Light,
    /// Dark whatever the system says.
    Dark,
}

spelled!(Theme {
    Auto => "auto",
    Light => "light",
    Dark => "dark",
});

impl Theme {
    /// The theme a click on the theme switch goes to: auto → light → dark
    /// → auto.
    pub fn next(self) -> Theme {
        match self {
            Theme::Auto => Theme::Light,
            Theme::Light => Theme::Dark,
            Theme::Dark => Theme::Auto,
        }
    }

    /// The stored theme, or [`Theme::Auto`] for nothing or anything else.
    ///
    /// ```
    /// use quoridor_page::model::prefs::Theme;
    /// assert_eq!(Theme::from_stored(Some("dark")), Theme::Dark);
    /// assert_eq!(Theme::from_stored(Some("purple")), Theme::Auto);
    /// assert_eq!(Theme::from_stored(None), Theme::Auto);
    /// ```
    pub fn from_stored(text: Option<&str>) -> Theme {
        text.and_then(|t| t.parse().ok()).unwrap_or_default()
    }

    /// What the switch says: "Theme: auto".
    pub fn label(self) -> String {
        format!("Theme: {self}")
    }
}

/// The `localStorage` key of the colour theme (`auto`, `light`, `dark`).
pub const THEME_KEY: &str = "quoridor.theme";
/// The `localStorage` key of whether moves make a sound (`"true"`); off
/// until the person switches it on.
pub const SOUND_KEY: &str = "quoridor.sound";
/// The `localStorage` key of whether the engine panel is open.
pub const ENGINE_PANEL_KEY: &str = "quoridor.panel.engine";
/// The `localStorage` key of whether the engine panel's "Advanced" group
/// is open.
pub const ADVANCED_OPEN_KEY: &str = "quoridor.panel.advanced";
/// The `localStorage` key of whether the analysis panel is open.
pub const ANALYSIS_PANEL_KEY: &str = "quoridor.panel.analysis";
/// The `localStorage` key of whether the board shows the network's policy
/// overlay (`"true"`); off until the person switches it on.
pub const POLICY_OVERLAY_KEY: &str = "quoridor.overlay.policy";
/// The `localStorage` key of whether the how-to-play card was dismissed.
pub const HOW_TO_PLAY_DISMISSED_KEY: &str = "quoridor.howto.dismissed";

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_theme_switch_cycles_through_all_three_and_back() {
        let mut seen = vec![Theme::Auto];
        let mut theme = Theme::Auto;
        for _ in 0..3 {
            theme = theme.next();
            seen.push(theme);
        }
        assert_eq!(
            seen,
            [Theme::Auto, Theme::Light, Theme::Dark, Theme::Auto],
            "auto → light → dark → auto"
        );
    }

    #[test]
    fn a_theme_reads_back_what_it_stored() {
        for theme in [Theme::Auto, Theme::Light, Theme::Dark] {
            assert_eq!(Theme::from_stored(Some(&theme.to_string())), theme);
        }
        assert_eq!(Theme::Dark.label(), "Theme: dark");
    }
}
