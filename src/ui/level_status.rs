//! The level in play, under the turn line, and the suggestion of the next
//! level after enough wins in a row.

use yew::prelude::*;

use super::model::{EngineSettings, LadderIntent, Seat};
use crate::search::Level;

#[derive(Properties, PartialEq)]
pub struct LevelLabelProps {
    /// The engine settings.
    pub settings: EngineSettings,
    /// Who plays each side.
    pub seats: [Seat; 2],
}

/// Which engine plays (`data-testid="level-label"`, `data-level` the
/// level's number or `custom`, `data-customised`): "Engine: Level 5 ·
/// Tactician", "…, customised" once a setting changed, or "Engine: custom
/// settings". Nothing when no engine plays.
#[function_component(LevelLabel)]
pub fn level_label(props: &LevelLabelProps) -> Html {
    if !props.seats.contains(&Seat::Engine) {
        return html! {};
    }
    let level = props.settings.level();
    let (number, customised, text) = match level {
        Some(l) => (l.level.number.to_string(), l.customised, l.to_string()),
        None => ("custom".to_string(), false, "custom settings".to_string()),
    };
    html! {
        <p class="level-label" data-testid="level-label" data-level={number}
            data-customised={customised.to_string()}>
            { format!("Engine: {text}") }
        </p>
    }
}

#[derive(Properties, PartialEq)]
pub struct SuggestionProps {
    /// The level suggested.
    pub level: u8,
    /// Play it, or put the suggestion away.
    pub on_intent: Callback<LadderIntent>,
}

/// A modest notice (`data-testid="level-suggestion"`) after wins in a row:
/// the next level, with a button that starts a game against it.
#[function_component(LevelSuggestion)]
pub fn level_suggestion(props: &SuggestionProps) -> Html {
    let Some(next) = Level::get(props.level) else {
        return html! {};
    };
    let below = next.number.saturating_sub(1);
    let beaten = Level::get(below).map_or(String::new(), |l| {
        format!(
            "Three wins in a row against Level {} · {}. ",
            l.number, l.name
        )
    });
    let number = next.number;
    let play = props
        .on_intent
        .reform(move |_: MouseEvent| LadderIntent::PlayLevel(number));
    let dismiss = props
        .on_intent
        .reform(|_: MouseEvent| LadderIntent::Dismiss);
    html! {
        <div class="level-suggestion" data-testid="level-suggestion" role="status">
            <span>{ format!("{beaten}Ready for Level {} · {}?", next.number, next.name) }</span>
            <button class="play-level" data-testid="play-suggested-level" onclick={play}>
                { format!("Play level {}", next.number) }
            </button>
            <button class="notice-close" title="Not now" aria-label="Not now" onclick={dismiss}>{ "×" }</button>
        </div>
    }
}
