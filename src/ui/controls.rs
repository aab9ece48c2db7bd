//! Engine controls: presets, the limit (time or playouts) and every engine
//! parameter. Inputs are named by their engine-protocol option names; changes
//! apply from the next engine move.

use web_sys::{HtmlInputElement, HtmlSelectElement};
use yew::prelude::*;

use super::link::{set_param, EngineSettings};
use crate::search::{limit_option, EngineOption, LimitKind, OptionKind, Preset, Shown, OPTIONS};

#[derive(Properties, PartialEq)]
pub struct ControlsProps {
    /// Current settings.
    pub settings: EngineSettings,
    /// New settings.
    pub on_change: Callback<EngineSettings>,
    /// A value that could not be used, and why.
    pub on_error: Callback<String>,
}

/// The engine panel.
#[function_component(EngineControls)]
pub fn engine_controls(props: &ControlsProps) -> Html {
    let s = &props.settings;
    let preset = |label: &'static str, tip: &'static str, preset: Preset| {
        let on_change = props.on_change.clone();
        let onclick = Callback::from(move |_: MouseEvent| {
            on_change.emit(EngineSettings::from_preset(preset.params()))
        });
        html! { <button class="preset" title={tip} {onclick}>{ label }</button> }
    };
    let set_limit = |limit: LimitKind| {
        let (on_change, settings) = (props.on_change.clone(), s.clone());
        Callback::from(move |_: Event| {
            on_change.emit(EngineSettings {
                limit,
                ..settings.clone()
            })
        })
    };
    let time_s = s.params.limits.time_ms_f64().unwrap_or(0.0) / 1000.0;
    let playouts = s.params.limits.playouts_or_zero();
    html! {
        <section class="engine-controls">
            <h2>{ "Engine" }</h2>
            <div class="presets">
                { preset("Thesis 2011", "The thesis's fixed point: 2,500 playouts, C 0.1, maxd 2, wall weight 1, slope 0.3, no extensions", Preset::Thesis) }
                { preset("Default", "The strongest settings measured (docs/experiments.md): best-first UCT with progressive widening over race-ranked moves, 2 s per move", Preset::Default) }
                { preset("Easy", "A weak opponent: the thesis engine with 300 playouts", Preset::Easy) }
            </div>
            <fieldset class="limit">
                <legend title="Which limit ends the engine's think">{ "Limit per move" }</legend>
                <label class="limit-choice" title="Think for a fixed time per move">
                    <input type="radio" name="limit" value={LimitKind::Time.to_string()}
                        checked={s.limit == LimitKind::Time} onchange={set_limit(LimitKind::Time)} />
                    { format!("Time: {time_s:.1} s") }
                </label>
                <Slider kind={LimitKind::Time} min={100} max={60_000} step={100} settings={s.clone()}
                    on_change={props.on_change.clone()} on_error={props.on_error.clone()}
                    tip="Thinking time per move, 0.1 s to 60 s" />
                <label class="limit-choice" title="Make a fixed number of playouts per move">
                    <input type="radio" name="limit" value={LimitKind::Playouts.to_string()}
                        checked={s.limit == LimitKind::Playouts} onchange={set_limit(LimitKind::Playouts)} />
                    { format!("Playouts: {}", super::thinking::group(playouts)) }
                </label>
                <Slider kind={LimitKind::Playouts} min={100} max={200_000} step={100} settings={s.clone()}
                    on_change={props.on_change.clone()} on_error={props.on_error.clone()}
                    tip="Playouts per move" />
            </fieldset>
            <div class="engine-options">
                { for OPTIONS.iter().filter(|o| o.shown == Shown::Panel).map(|option| html! {
                    <OptionControl {option} settings={s.clone()}
                        on_change={props.on_change.clone()} on_error={props.on_error.clone()} />
                }) }
            </div>
            <p class="engine-note">{ "Changes apply from the engine's next move." }</p>
        </section>
    }
}

/// Applies `value` to option `name`, or reports why it cannot.
fn apply(
    s: &EngineSettings,
    name: &str,
    value: &str,
    ok: &Callback<EngineSettings>,
    err: &Callback<String>,
) {
    let mut next = s.clone();
    match set_param(&mut next.params, name, value) {
        Ok(()) => ok.emit(next),
        Err(e) => err.emit(e.to_string()),
    }
}

#[derive(Properties, PartialEq)]
struct SliderProps {
    kind: LimitKind,
    min: u64,
    max: u64,
    step: u64,
    tip: &'static str,
    settings: EngineSettings,
    on_change: Callback<EngineSettings>,
    on_error: Callback<String>,
}

/// A limit slider (for the limit's option); moving it also selects its limit.
#[function_component(Slider)]
fn slider(props: &SliderProps) -> Html {
    let Some(option) = limit_option(props.kind) else {
        return html! {};
    };
    let name = option.name;
    let value = option.value(&props.settings.params);
    let onchange = {
        let (s, kind, ok, err) = (
            props.settings.clone(),
            props.kind,
            props.on_change.clone(),
            props.on_error.clone(),
        );
        Callback::from(move |e: Event| {
            let Some(input) = e.target_dyn_into::<HtmlInputElement>() else {
                return;
            };
            let mut s = s.clone();
            s.limit = kind;
            apply(&s, name, &input.value(), &ok, &err);
        })
    };
    html! {
        <input class="limit-slider" type="range" {name} title={props.tip}
            min={props.min.to_string()} max={props.max.to_string()} step={props.step.to_string()}
            {value} {onchange} />
    }
}

#[derive(Properties)]
struct OptionProps {
    option: &'static EngineOption,
    settings: EngineSettings,
    on_change: Callback<EngineSettings>,
    on_error: Callback<String>,
}

impl PartialEq for OptionProps {
    fn eq(&self, other: &Self) -> bool {
        std::ptr::eq(self.option, other.option)
            && self.settings == other.settings
            && self.on_change == other.on_change
            && self.on_error == other.on_error
    }
}

/// One engine option with its label and tooltip (its doc line), edited as its
/// kind suits: a checkbox, a list of words or a text field.
#[function_component(OptionControl)]
fn option_control(props: &OptionProps) -> Html {
    let option = props.option;
    let name = option.name;
    let value = option.value(&props.settings.params);
    let (s, ok, err) = (
        props.settings.clone(),
        props.on_change.clone(),
        props.on_error.clone(),
    );
    let input = match option.kind {
        OptionKind::Check { .. } => {
            let onchange = Callback::from(move |e: Event| {
                if let Some(input) = e.target_dyn_into::<HtmlInputElement>() {
                    apply(&s, name, &input.checked().to_string(), &ok, &err);
                }
            });
            html! { <input type="checkbox" {name} checked={value == "true"} {onchange} /> }
        }
        OptionKind::Combo { values: words, .. } => {
            let onchange = Callback::from(move |e: Event| {
                if let Some(select) = e.target_dyn_into::<HtmlSelectElement>() {
                    apply(&s, name, &select.value(), &ok, &err);
                }
            });
            html! {
                <select {name} {onchange}>
                    { for words.iter().map(|w| html! {
                        <option value={*w} selected={value == *w}>{ *w }</option>
                    }) }
                </select>
            }
        }
        OptionKind::Spin { .. } | OptionKind::WholeOr { .. } | OptionKind::Number { .. } => {
            let onchange = Callback::from(move |e: Event| {
                if let Some(input) = e.target_dyn_into::<HtmlInputElement>() {
                    apply(&s, name, &input.value(), &ok, &err);
                }
            });
            html! { <input type="text" inputmode="decimal" size="8" {name} {value} {onchange} /> }
        }
    };
    let class = classes!(
        "engine-option",
        matches!(option.kind, OptionKind::Check { .. }).then_some("toggle")
    );
    html! {
        <label {class} title={option.doc}>
            <span class="option-label">{ option.label }</span>
            { input }
        </label>
    }
}
