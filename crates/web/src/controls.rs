//! Engine controls, in the order a new user needs them: which engine plays
//! (per engine seat), presets and the limit sliders; then each engine's
//! parameters in a collapsible "Advanced" group (closed at first, its state
//! kept in `localStorage`). Inputs are named by their engine-protocol option
//! names; changes apply from the next engine move.

use web_sys::{HtmlInputElement, HtmlSelectElement};
use yew::prelude::*;

use super::disclosure::use_remembered_toggle;
use super::engine_choice::{engine_choices, engine_label, in_use, EngineChoice};
use super::link::set_settings_param;
use super::model::prefs::ADVANCED_OPEN_KEY;
use super::model::settings::{default_threads, reply_speed};
use super::model::{EngineSettings, Seat};
use super::storage::hardware_concurrency;
use quoridor_engines::{
    limit_option, ConfigOption, EngineKind, LimitKind, OptionKind, Preset, Shown, OPTIONS,
};
use quoridor_text::Choice;

#[derive(Properties, PartialEq)]
pub struct ControlsProps {
    /// Current settings.
    pub settings: EngineSettings,
    /// Who plays each side (an engine select per engine seat).
    pub seats: [Seat; 2],
    /// New settings.
    pub on_change: Callback<EngineSettings>,
    /// A value that could not be used, and why.
    pub on_error: Callback<String>,
    /// Engine workers running now (the `threads` setting, less any that failed).
    #[prop_or_default]
    pub workers: usize,
}

/// The engine panel.
#[function_component(EngineControls)]
pub fn engine_controls(props: &ControlsProps) -> Html {
    let s = &props.settings;
    let (advanced, toggle_advanced) = use_remembered_toggle(ADVANCED_OPEN_KEY);
    // "Change the engine's settings" holds for the level it was asked in.
    let show_all = use_state(|| false);
    {
        let show_all = show_all.clone();
        use_effect_with(s.params.level, move |_| show_all.set(false));
    }
    let choices = engine_choices(s, props.seats);
    let uses_uct = in_use(&choices, EngineKind::Uct);
    let uses_alphabeta = in_use(&choices, EngineKind::AlphaBeta);
    let preset = |label: &'static str, tip: &'static str, preset: Preset| {
        let (on_change, settings) = (props.on_change.clone(), s.clone());
        let onclick = Callback::from(move |_: MouseEvent| {
            let mut next = settings.preset_keeping_engines(preset.config());
            // A level plays on one worker; its presets get the machine's.
            if settings.params.level.is_some() {
                next = next.with_threads(default_threads(hardware_concurrency()));
            }
            on_change.emit(next)
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
    let options = |shown: Shown| {
        html! {
            { for OPTIONS.iter().filter(|o| o.shown == shown).map(|option| html! {
                <OptionControl {option} settings={s.clone()}
                    on_change={props.on_change.clone()} on_error={props.on_error.clone()} />
            }) }
        }
    };
    // A level plays by its own budget: say what it does, and show the
    // sliders it ignores only when asked (changing one customises it).
    if let (Some(level), false) = (s.exact_level(), *show_all) {
        let show = {
            let show_all = show_all.clone();
            Callback::from(move |_: MouseEvent| show_all.set(true))
        };
        return html! {
            <section class="engine-controls level-settings" data-testid="engine-controls">
                <p class="level-card" data-testid="level-card">
                    <strong>{ format!("Level {} · {}", level.number, level.name) }</strong>
                    { format!(": {} playouts a move, {}. {}", super::thinking::group(level.playouts),
                        reply_speed(level), level.blurb) }
                </p>
                <button class="show-engine-settings" data-testid="show-engine-settings" onclick={show}>
                    { "Change the engine's settings" }
                </button>
            </section>
        };
    }
    let time_s = s.params.limits.time_ms_f64().unwrap_or(0.0) / 1000.0;
    let playouts = s.params.limits.playouts_or_zero();
    let count_name = if uses_uct { "Playouts" } else { "Nodes" };
    html! {
        <section class="engine-controls" data-testid="engine-controls">
            <div class="engine-choices">
                { for choices.iter().map(|choice| html! {
                    <EngineSelect choice={choice.clone()} settings={s.clone()}
                        on_change={props.on_change.clone()} />
                }) }
            </div>
            if uses_uct {
                <div class="presets">
                    { preset("Thesis 2011", "UCT: the thesis's fixed point: 2,500 playouts, C 0.1, maxd 2, wall weight 1, slope 0.3, no extensions", Preset::Thesis) }
                    { preset("Default", "UCT: the strongest settings measured (docs/experiments.md): best-first UCT with progressive widening over race-ranked moves, 2 s per move", Preset::Default) }
                    { preset("Easy", "UCT: a weak opponent: the thesis engine with 300 playouts", Preset::Easy) }
                </div>
            }
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
                <label class="limit-choice" title="UCT: playouts per move; alpha-beta: nodes per move">
                    <input type="radio" name="limit" value={LimitKind::Playouts.to_string()}
                        checked={s.limit == LimitKind::Playouts} onchange={set_limit(LimitKind::Playouts)} />
                    { format!("{count_name}: {}", super::thinking::group(playouts)) }
                </label>
                <Slider kind={LimitKind::Playouts} min={100} max={200_000} step={100} settings={s.clone()}
                    on_change={props.on_change.clone()} on_error={props.on_error.clone()}
                    tip="Playouts (UCT) or nodes (alpha-beta) per move" />
            </fieldset>
            <ThreadsControl settings={s.clone()} workers={props.workers} alphabeta={uses_alphabeta}
                on_change={props.on_change.clone()} on_error={props.on_error.clone()} />
            <div class={classes!("advanced", advanced.then_some("open"))} data-testid="advanced">
                <button class="advanced-toggle" aria-expanded={advanced.to_string()}
                    title="Every parameter of the chosen engine" onclick={toggle_advanced}>
                    { if advanced { "▾ Advanced" } else { "▸ Advanced" } }
                </button>
                // Closed, the inputs stay in the page (hidden), so their
                // values can still be read.
                <div class="advanced-body" hidden={!advanced}>
                    <fieldset class="engine-options common-options" data-engine="both">
                        <legend>{ "Both engines" }</legend>
                        { options(Shown::BothEnginesPanel) }
                    </fieldset>
                    if uses_uct {
                        <fieldset class="engine-options uct-options" data-engine="uct">
                            <legend>{ "UCT" }</legend>
                            { options(Shown::Panel) }
                        </fieldset>
                    }
                    if uses_alphabeta {
                        <fieldset class="engine-options alphabeta-options" data-engine="alphabeta">
                            <legend>{ "Alpha-beta" }</legend>
                            { options(Shown::AlphaBetaPanel) }
                        </fieldset>
                    }
                </div>
            </div>
            <p class="engine-note">{ "Changes apply from the engine's next move." }</p>
        </section>
    }
}

#[derive(Properties, PartialEq)]
struct EngineSelectProps {
    choice: EngineChoice,
    settings: EngineSettings,
    on_change: Callback<EngineSettings>,
}

/// One engine select: UCT or alpha-beta for its sides.
#[function_component(EngineSelect)]
fn engine_select(props: &EngineSelectProps) -> Html {
    let onchange = {
        let (choice, settings, ok) = (
            props.choice.clone(),
            props.settings.clone(),
            props.on_change.clone(),
        );
        Callback::from(move |e: Event| {
            let Some(select) = e.target_dyn_into::<HtmlSelectElement>() else {
                return;
            };
            if let Ok(kind) = select.value().parse::<EngineKind>() {
                ok.emit(choice.choose(&settings, kind));
            }
        })
    };
    let doc = quoridor_engines::find_option("engine").map_or("", |o| o.doc);
    html! {
        <label class="engine-choice" title={doc}>
            <span class="option-label">{ props.choice.label.clone() }</span>
            <select name={props.choice.name} data-testid={props.choice.name} {onchange}>
                { for [EngineKind::Uct, EngineKind::AlphaBeta].into_iter().map(|kind| html! {
                    <option value={kind.name()} selected={kind == props.choice.kind}>{ engine_label(kind) }</option>
                }) }
            </select>
        </label>
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
    match set_settings_param(&mut next, name, value) {
        Ok(()) => ok.emit(next),
        Err(e) => err.emit(e.to_string()),
    }
}

/// A change handler for an `<input>` of option `name`: applies what `read`
/// takes from the input (its text, or whether it is checked) to `s`.
fn input_change(
    s: &EngineSettings,
    name: &'static str,
    ok: &Callback<EngineSettings>,
    err: &Callback<String>,
    read: fn(&HtmlInputElement) -> String,
) -> Callback<Event> {
    let (s, ok, err) = (s.clone(), ok.clone(), err.clone());
    Callback::from(move |e: Event| {
        if let Some(input) = e.target_dyn_into::<HtmlInputElement>() {
            apply(&s, name, &read(&input), &ok, &err);
        }
    })
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
    let value = props.settings.option_value(option);
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
    option: &'static ConfigOption,
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
    let value = props.settings.option_value(option);
    let (s, ok, err) = (
        props.settings.clone(),
        props.on_change.clone(),
        props.on_error.clone(),
    );
    let input = match option.kind {
        OptionKind::Check { .. } => {
            let onchange = input_change(&s, name, &ok, &err, |i| i.checked().to_string());
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
            let onchange = input_change(&s, name, &ok, &err, HtmlInputElement::value);
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

#[derive(Properties, PartialEq)]
struct ThreadsProps {
    settings: EngineSettings,
    workers: usize,
    alphabeta: bool,
    on_change: Callback<EngineSettings>,
    on_error: Callback<String>,
}

/// The `threads` option: how many engine workers search (UCT: one tree
/// each, merged at the root), with how many run now; alpha-beta uses one.
#[function_component(ThreadsControl)]
fn threads_control(props: &ThreadsProps) -> Html {
    let Some(option) = quoridor_engines::find_option("threads") else {
        return html! {};
    };
    let name = option.name;
    let value = props.settings.option_value(option);
    let onchange = input_change(
        &props.settings,
        name,
        &props.on_change,
        &props.on_error,
        HtmlInputElement::value,
    );
    let max = quoridor_engines::MAX_THREADS.to_string();
    html! {
        <div class="threads">
            <label class="engine-option threads-choice" title={option.doc}>
                <span class="option-label">{ "Threads (engine workers)" }</span>
                <input type="number" {name} data-option={name} min="1" max={max} step="1"
                    inputmode="numeric" size="3" {value} {onchange} />
                <span class="threads-running" data-testid="workers" data-value={props.workers.to_string()}>
                    { format!("{} running", props.workers) }
                </span>
            </label>
            if props.alphabeta {
                <p class="threads-note" data-testid="threads-alphabeta-note">
                    { "Alpha-beta searches on one worker: it stays single-threaded." }
                </p>
            }
        </div>
    }
}
