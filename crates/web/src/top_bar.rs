//! The top bar: the title, New game, Your games, and the page's own
//! preferences (how to play, the colour theme, move sounds), each remembered.

use yew::prelude::*;

use super::model::prefs::{Theme, SOUND_KEY};
use super::storage::remember_flag;
use super::theme::choose_theme;

#[derive(Properties, PartialEq)]
pub struct TopBarProps {
    /// The theme chosen now.
    pub theme: Theme,
    /// A new theme was chosen (already stored and applied).
    pub on_theme: Callback<Theme>,
    /// Whether moves make a sound.
    pub sound: bool,
    /// Sound switched on or off (already stored).
    pub on_sound: Callback<bool>,
    /// Shows the how-to-play card.
    pub on_how_to_play: Callback<()>,
    /// Opens the new-game dialog.
    pub on_new_game: Callback<()>,
    /// Opens Your games.
    pub on_your_games: Callback<()>,
}

/// The bar above everything (`header.top-bar`).
#[function_component(TopBar)]
pub fn top_bar(props: &TopBarProps) -> Html {
    let theme = props.theme;
    let on_theme = {
        let on_theme = props.on_theme.clone();
        Callback::from(move |_: MouseEvent| {
            let next = theme.next();
            choose_theme(next);
            on_theme.emit(next);
        })
    };
    let sound = props.sound;
    let on_sound = {
        let on_sound = props.on_sound.clone();
        Callback::from(move |_: MouseEvent| {
            remember_flag(SOUND_KEY, !sound);
            on_sound.emit(!sound);
        })
    };
    html! {
        <header class="top-bar">
            <h1>{ "Quoridor" }</h1>
            <nav class="page-prefs" aria-label="Page">
                <button class="how-to-play-open" data-testid="how-to-play-open"
                    onclick={props.on_how_to_play.reform(|_: MouseEvent| ())}>{ "How to play" }</button>
                <button class="your-games-open" data-testid="your-games-open"
                    title="The games you finished on this device, and records to open or download"
                    onclick={props.on_your_games.reform(|_: MouseEvent| ())}>{ "Your games" }</button>
                <button class="theme-switch" data-testid="theme-switch" data-theme-choice={theme.to_string()}
                    title="Colours: the system's (auto), light or dark" onclick={on_theme}>
                    { theme.label() }
                </button>
                <button class="sound-switch" data-testid="sound-switch" aria-pressed={sound.to_string()}
                    title="A short sound for every move" onclick={on_sound}>
                    { if sound { "Sound: on" } else { "Sound: off" } }
                </button>
            </nav>
            <button class="new-game-button" data-testid="new-game-button"
                onclick={props.on_new_game.reform(|_: MouseEvent| ())}>{ "New game" }</button>
        </header>
    }
}
