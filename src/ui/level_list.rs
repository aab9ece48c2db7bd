//! The new-game dialog's choice of opponent: the ten levels of the ladder,
//! each with its rating, one line of what to expect and the player's record
//! against it, then "Custom" (the engine panel's settings); and the button
//! that clears the record, after asking.

use yew::prelude::*;

use super::model::record::Record;
use super::model::{rating_text, Opponent};
use crate::search::LEVELS;

#[derive(Properties, PartialEq)]
pub struct LevelListProps {
    /// The opponent chosen.
    pub chosen: Opponent,
    /// The player's record against the levels.
    pub record: Record,
    /// Another opponent was chosen.
    pub on_choose: Callback<Opponent>,
    /// Clear the record (the list has asked first).
    pub on_clear_record: Callback<()>,
}

/// The opponents as a radio group (`data-testid="opponents"`): each level
/// (`data-testid="level-choice"`, `data-level`) with its record
/// (`data-testid="level-record"`), then Custom; below, "Clear my record".
#[function_component(LevelList)]
pub fn level_list(props: &LevelListProps) -> Html {
    let choice = |opponent: Opponent, value: String, body: Html| {
        let on_choose = props.on_choose.clone();
        let onchange = Callback::from(move |_: Event| on_choose.emit(opponent));
        let checked = props.chosen == opponent;
        html! {
            <li class={classes!("level-choice", checked.then_some("chosen"))}
                data-testid="level-choice" data-level={value.clone()}>
                <label>
                    <input type="radio" name="opponent" {value} {checked} {onchange} />
                    { body }
                </label>
            </li>
        }
    };
    let levels = LEVELS.iter().map(|level| {
        let record = props.record.of(level.number);
        choice(
            Opponent::Level(level.number),
            level.number.to_string(),
            html! {
                <span class="level-text">
                    <span class="level-title">
                        <span class="level-name">{ format!("Level {} · {}", level.number, level.name) }</span>
                        <span class="level-rating" data-testid="level-rating">{ rating_text(level) }</span>
                    </span>
                    <span class="level-blurb">{ level.blurb }</span>
                    <span class="level-record" data-testid="level-record"
                        data-wins={record.wins.to_string()} data-losses={record.losses.to_string()}
                        data-streak={record.streak.to_string()}>
                        { record.to_string() }
                    </span>
                </span>
            },
        )
    });
    let custom = choice(
        Opponent::Custom,
        "custom".into(),
        html! {
            <span class="level-text">
                <span class="level-title"><span class="level-name">{ "Custom" }</span></span>
                <span class="level-blurb">{ "The engine panel's settings: presets, limits, every parameter" }</span>
            </span>
        },
    );
    html! {
        <fieldset class="opponents" data-testid="opponents">
            <legend>{ "Opponent" }</legend>
            <ul class="level-list">
                { for levels }
                { custom }
            </ul>
            <ClearRecord empty={props.record.is_empty()} on_clear={props.on_clear_record.clone()} />
        </fieldset>
    }
}

#[derive(Properties, PartialEq)]
struct ClearRecordProps {
    /// Whether there is nothing to clear.
    empty: bool,
    /// Clear it.
    on_clear: Callback<()>,
}

/// "Clear my record" (`data-testid="clear-record"`), which asks first
/// (`data-testid="clear-record-yes"` / `"clear-record-no"`).
#[function_component(ClearRecord)]
fn clear_record(props: &ClearRecordProps) -> Html {
    let asking = use_state(|| false);
    let ask = {
        let asking = asking.clone();
        Callback::from(move |_: MouseEvent| asking.set(true))
    };
    if !*asking {
        return html! {
            <div class="record-tools">
                <button type="button" class="clear-record" data-testid="clear-record"
                    disabled={props.empty} onclick={ask}
                    title="Forget your wins and losses against every level (kept in this browser only)">
                    { "Clear my record" }
                </button>
            </div>
        };
    }
    let yes = {
        let (asking, on_clear) = (asking.clone(), props.on_clear.clone());
        Callback::from(move |_: MouseEvent| {
            asking.set(false);
            on_clear.emit(());
        })
    };
    let no = {
        let asking = asking.clone();
        Callback::from(move |_: MouseEvent| asking.set(false))
    };
    html! {
        <div class="record-tools" role="alertdialog" aria-label="Clear my record">
            <span>{ "Forget your record against every level?" }</span>
            <button type="button" data-testid="clear-record-yes" onclick={yes}>{ "Clear it" }</button>
            <button type="button" data-testid="clear-record-no" onclick={no}>{ "Keep it" }</button>
        </div>
    }
}
