//! The new-game dialog's choice of opponent: the ten levels of the ladder,
//! each with its rating, one line of what to expect and the player's record
//! against it, then "Custom" (the engine panel's settings); and the button
//! that clears the record, after asking. A plain view of the dialog's state
//! rather than a component of its own (each component costs the page's
//! code its own copy of Yew's machinery).

use yew::prelude::*;

use super::model::record::Record;
use super::model::{rating_text, rating_title, Opponent};
use quoridor_engines::LEVELS;

/// What the opponents' list shows and where its choices go.
pub struct LevelList<'a> {
    /// The opponent chosen.
    pub chosen: Opponent,
    /// The player's record against the levels.
    pub record: &'a Record,
    /// Another opponent was chosen.
    pub on_choose: &'a Callback<Opponent>,
    /// Whether "Clear my record" is asking for confirmation.
    pub asking: &'a UseStateHandle<bool>,
    /// Clear the record (the list has asked first).
    pub on_clear_record: &'a Callback<()>,
}

impl LevelList<'_> {
    /// The opponents as a radio group (`data-testid="opponents"`): each
    /// level (`data-testid="level-choice"`, `data-level`) with its record
    /// (`data-testid="level-record"`), then Custom; below, "Clear my record".
    pub fn view(&self) -> Html {
        let levels = LEVELS.iter().map(|level| {
            let record = self.record.of(level.number);
            self.choice(
                Opponent::Level(level.number),
                level.number.to_string(),
                html! {
                    <span class="level-text">
                        <span class="level-title">
                            <span class="level-name">{ format!("Level {} · {}", level.number, level.name) }</span>
                            <span class="level-rating" data-testid="level-rating"
                                title={rating_title(level)}>{ rating_text(level) }</span>
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
        let custom = self.choice(
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
                { self.clear_record() }
            </fieldset>
        }
    }

    /// One radio choice of the list.
    fn choice(&self, opponent: Opponent, value: String, body: Html) -> Html {
        let on_choose = self.on_choose.clone();
        let onchange = Callback::from(move |_: Event| on_choose.emit(opponent));
        let checked = self.chosen == opponent;
        html! {
            <li class={classes!("level-choice", checked.then_some("chosen"))}
                data-testid="level-choice" data-level={value.clone()}>
                <label>
                    <input type="radio" name="opponent" {value} {checked} {onchange} />
                    { body }
                </label>
            </li>
        }
    }

    /// "Clear my record" (`data-testid="clear-record"`), which asks first
    /// (`data-testid="clear-record-yes"` / `"clear-record-no"`).
    fn clear_record(&self) -> Html {
        let asking = self.asking.clone();
        if !*asking {
            let ask = Callback::from(move |_: MouseEvent| asking.set(true));
            return html! {
                <div class="record-tools">
                    <button type="button" class="clear-record" data-testid="clear-record"
                        disabled={self.record.is_empty()} onclick={ask}
                        title="Forget your wins and losses against every level (kept in this browser only)">
                        { "Clear my record" }
                    </button>
                </div>
            };
        }
        let yes = {
            let (asking, on_clear) = (asking.clone(), self.on_clear_record.clone());
            Callback::from(move |_: MouseEvent| {
                asking.set(false);
                on_clear.emit(());
            })
        };
        let no = Callback::from(move |_: MouseEvent| asking.set(false));
        html! {
            <div class="record-tools" role="alertdialog" aria-label="Clear my record">
                <span>{ "Forget your record against every level?" }</span>
                <button type="button" data-testid="clear-record-yes" onclick={yes}>{ "Clear it" }</button>
                <button type="button" data-testid="clear-record-no" onclick={no}>{ "Keep it" }</button>
            </div>
        }
    }
}
