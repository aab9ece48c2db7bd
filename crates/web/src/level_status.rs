//! The level in play, under the turn line, and the suggestion of the next
//! level after enough wins in a row. Plain functions rather than
//! components: each component costs the page's code its own copy of Yew's
//! machinery.

use yew::prelude::*;

use super::model::record::LevelRecord;
use super::model::{EngineSettings, LadderIntent, Seat};
use quoridor_engines::Level;

/// Which engine plays (`data-testid="level-label"`, `data-level` the
/// level's number or `custom`, `data-customised`): "Engine: Level 5 ·
/// Tactician", "…, customised" once a setting changed, or "Engine: custom
/// settings". Nothing when no engine plays. On a solved board where the
/// engine plays the table's moves (`perfect`), " · perfect play (solved
/// board)" follows (`data-testid="perfect-play"`). A person playing a
/// level on another board than 9×9 with 10 walls (`off_the_ladder`) is told
/// the game stays out of the record (`data-testid="level-unrated"`); one
/// whose position is lost against the engine's perfect play is told so
/// (`lost`, the outcome; `data-testid="perfect-lost"`).
pub fn level_label(
    settings: &EngineSettings,
    seats: [Seat; 2],
    perfect: bool,
    off_the_ladder: bool,
    lost: Option<String>,
) -> Html {
    if !seats.contains(&Seat::Engine) {
        return html! {};
    }
    let (number, customised, text) = match settings.level() {
        Some(l) => (l.level.number.to_string(), l.customised, l.to_string()),
        None => ("custom".to_string(), false, "custom settings".to_string()),
    };
    html! {
        <>
        <p class="level-label" data-testid="level-label" data-level={number}
            data-customised={customised.to_string()}>
            { format!("Engine: {text}") }
            if perfect {
                <span class="perfect-play" data-testid="perfect-play">{ " · perfect play (solved board)" }</span>
            }
            if off_the_ladder {
                <span class="level-unrated" data-testid="level-unrated">
                    { " · not in your record (the levels are rated on 9×9 with 10 walls)" }
                </span>
            }
        </p>
        if let Some(outcome) = lost {
            <p class="perfect-lost" data-testid="perfect-lost">
                { format!("Solved board: {outcome}. Against perfect play no move of yours can win \
                    from here; the engine will prove it.") }
            </p>
        }
        </>
    }
}

/// The line under a finished game against a level that counts
/// (`data-testid="level-result"`): "Your record against Level 5 · Tactician:
/// 1–2" (won–lost), as lichess says it after a game.
pub fn level_result(level: &Level, record: LevelRecord) -> Html {
    html! {
        <p class="level-result" data-testid="level-result"
            data-wins={record.wins.to_string()} data-losses={record.losses.to_string()}>
            { format!("Your record against Level {} · {}: {}–{}", level.number, level.name, record.wins, record.losses) }
        </p>
    }
}

/// A modest notice (`data-testid="level-suggestion"`) after wins in a row:
/// level `level`, with a button that starts a game against it.
pub fn level_suggestion(level: u8, on_intent: &Callback<LadderIntent>) -> Html {
    let Some(next) = Level::get(level) else {
        return html! {};
    };
    let beaten = Level::get(next.number.saturating_sub(1)).map_or(String::new(), |l| {
        format!(
            "Three wins in a row against Level {} · {}. ",
            l.number, l.name
        )
    });
    let number = next.number;
    let play = on_intent.reform(move |_: MouseEvent| LadderIntent::PlayLevel(number));
    let dismiss = on_intent.reform(|_: MouseEvent| LadderIntent::Dismiss);
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
