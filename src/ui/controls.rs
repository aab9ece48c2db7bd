//! Engine controls: presets, the limit (time or playouts) and every engine
//! parameter. Inputs are named by their engine-protocol option names; changes
//! apply from the next engine move.

use web_sys::{HtmlInputElement, HtmlSelectElement};
use yew::prelude::*;

use super::link::{param_value, set_param, EngineSettings, Limit};
use crate::search::SearchParams;

/// How an option is edited.
#[derive(Clone, Copy, PartialEq)]
enum Kind {
    /// A number (or word) typed in.
    Text,
    /// On or off.
    Toggle,
    /// One of some words.
    Choice(&'static [&'static str]),
}

/// `(option name, label, tooltip, kind)` for every control, in display order.
const CONTROLS: [(&str, &str, &str, Kind); 19] = [
    ("uct_c", "C (exploration)", "UCT constant: higher tries more moves, lower digs deeper into the best ones (thesis 0.1, best 0.05)", Kind::Text),
    ("max_playout_moves", "maxd (playout length)", "Random moves per playout before the position is scored; 'unlimited' plays to the end (thesis 2, best 5)", Kind::Text),
    ("wall_weight", "Wall weight", "How much a wall in stock is worth against one step of path length when scoring (thesis 1, best 0.25)", Kind::Text),
    ("score_slope", "Score slope", "Steepness of atan(slope·E) that turns the evaluation into a win probability (thesis 0.3, best 0.5)", Kind::Text),
    ("skip_from_depth", "Skip nodes from depth", "From this tree depth on, half of the descents go into an existing child instead of creating a new one; 'off' disables", Kind::Text),
    ("smart_playouts", "Smart playouts", "Every second playout move of each player is a shortest-path pawn step", Kind::Toggle),
    ("remember_overlapping_walls", "Remember overlapping walls", "Walls that overlap placed walls are never drawn again", Kind::Toggle),
    ("remember_blocking_walls", "Remember blocking walls", "Walls found to cut a pawn off are not tried again while that pawn stays shut in", Kind::Toggle),
    ("losing_move_detection", "Losing-move detection", "Moves that let the opponent win at once are removed from the tree", Kind::Toggle),
    ("tree_reuse", "Tree reuse", "Keep the searched subtree of the moves actually played for the next move", Kind::Toggle),
    ("solver", "Solver", "Prove wins and losses in the tree, play proven wins at once and avoid proven losses", Kind::Toggle),
    ("playout_policy", "Playout policy", "uniform: random legal moves (thesis); shortest_path: pawns follow a shortest path, walls go on the opponent's", Kind::Choice(&["uniform", "shortest_path"])),
    ("path_bias", "Path bias", "With shortest_path playouts: chance that a playout move is a pawn step rather than a wall (0–1)", Kind::Text),
    ("near_walls_only", "Near walls only", "Consider only walls that touch a shortest path or stand next to a pawn", Kind::Toggle),
    ("widening", "Progressive widening", "0 = off (every move gets a child in turn, as in the thesis); above 0 a node visited v times keeps ceil(w·√(v+1)) children, the moves that change the race most first", Kind::Text),
    ("tempo", "Tempo", "Steps of path length the side to move is worth when a playout is scored (0 = the thesis's evaluation)", Kind::Text),
    ("final_move", "Final move", "most_visits: play the most searched move; best_winrate: the one with the best mean score", Kind::Choice(&["most_visits", "best_winrate"])),
    ("win_length_penalty", "Win length penalty", "Quicker playout wins score higher, so won games get finished (0–0.1)", Kind::Text),
    ("node_budget", "Node budget", "Most tree nodes kept; when full the tree stops growing", Kind::Text),
];

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
    let preset = |label: &'static str, tip: &'static str, params: fn() -> SearchParams| {
        let on_change = props.on_change.clone();
        let onclick = Callback::from(move |_: MouseEvent| {
            on_change.emit(EngineSettings::from_preset(params()))
        });
        html! { <button class="preset" title={tip} {onclick}>{ label }</button> }
    };
    let set_limit = |limit: Limit| {
        let (on_change, settings) = (props.on_change.clone(), s.clone());
        Callback::from(move |_: Event| {
            on_change.emit(EngineSettings {
                limit,
                ..settings.clone()
            })
        })
    };
    let time_s = s.params.time_ms as f64 / 1000.0;
    html! {
        <section class="engine-controls">
            <h2>{ "Engine" }</h2>
            <div class="presets">
                { preset("Thesis 2011", "The thesis's fixed point: 2,500 playouts, C 0.1, maxd 2, wall weight 1, slope 0.3, no extensions", SearchParams::thesis_fixed_point) }
                { preset("Default", "The strongest settings measured (docs/experiments.md): best-first UCT with progressive widening over race-ranked moves, 2 s per move", SearchParams::default) }
                { preset("Easy", "A weak opponent: the thesis engine with 300 playouts", SearchParams::easy) }
            </div>
            <fieldset class="limit">
                <legend title="Which limit ends the engine's think">{ "Limit per move" }</legend>
                <label class="limit-choice" title="Think for a fixed time per move">
                    <input type="radio" name="limit" value="time" checked={s.limit == Limit::Time}
                        onchange={set_limit(Limit::Time)} />
                    { format!("Time: {time_s:.1} s") }
                </label>
                <Slider name="time_ms" min={100} max={60_000} step={100} settings={s.clone()}
                    on_change={props.on_change.clone()} on_error={props.on_error.clone()}
                    tip="Thinking time per move, 0.1 s to 60 s" />
                <label class="limit-choice" title="Make a fixed number of playouts per move">
                    <input type="radio" name="limit" value="playouts" checked={s.limit == Limit::Playouts}
                        onchange={set_limit(Limit::Playouts)} />
                    { format!("Playouts: {}", super::thinking::group(s.params.playouts)) }
                </label>
                <Slider name="playouts" min={100} max={200_000} step={100} settings={s.clone()}
                    on_change={props.on_change.clone()} on_error={props.on_error.clone()}
                    tip="Playouts per move" />
            </fieldset>
            <div class="engine-options">
                { for CONTROLS.iter().map(|&(name, label, tip, kind)| html! {
                    <OptionControl {name} {label} {tip} {kind} settings={s.clone()}
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
        Err(e) => err.emit(e),
    }
}

#[derive(Properties, PartialEq)]
struct SliderProps {
    name: &'static str,
    min: u64,
    max: u64,
    step: u64,
    tip: &'static str,
    settings: EngineSettings,
    on_change: Callback<EngineSettings>,
    on_error: Callback<String>,
}

/// A limit slider; moving it also selects its limit.
#[function_component(Slider)]
fn slider(props: &SliderProps) -> Html {
    let value = param_value(&props.settings.params, props.name).unwrap_or_default();
    let onchange = {
        let (s, name, ok, err) = (
            props.settings.clone(),
            props.name,
            props.on_change.clone(),
            props.on_error.clone(),
        );
        Callback::from(move |e: Event| {
            let Some(input) = e.target_dyn_into::<HtmlInputElement>() else {
                return;
            };
            let mut s = s.clone();
            s.limit = if name == "time_ms" {
                Limit::Time
            } else {
                Limit::Playouts
            };
            apply(&s, name, &input.value(), &ok, &err);
        })
    };
    html! {
        <input class="limit-slider" type="range" name={props.name} title={props.tip}
            min={props.min.to_string()} max={props.max.to_string()} step={props.step.to_string()}
            {value} {onchange} />
    }
}

#[derive(Properties, PartialEq)]
struct OptionProps {
    name: &'static str,
    label: &'static str,
    tip: &'static str,
    kind: Kind,
    settings: EngineSettings,
    on_change: Callback<EngineSettings>,
    on_error: Callback<String>,
}

/// One engine option with its label and tooltip.
#[function_component(OptionControl)]
fn option_control(props: &OptionProps) -> Html {
    let name = props.name;
    let value = param_value(&props.settings.params, name).unwrap_or_default();
    let (s, ok, err) = (
        props.settings.clone(),
        props.on_change.clone(),
        props.on_error.clone(),
    );
    let input = match props.kind {
        Kind::Toggle => {
            let onchange = Callback::from(move |e: Event| {
                if let Some(input) = e.target_dyn_into::<HtmlInputElement>() {
                    apply(&s, name, &input.checked().to_string(), &ok, &err);
                }
            });
            html! { <input type="checkbox" {name} checked={value == "true"} {onchange} /> }
        }
        Kind::Choice(words) => {
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
        Kind::Text => {
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
        matches!(props.kind, Kind::Toggle).then_some("toggle")
    );
    html! {
        <label {class} title={props.tip}>
            <span class="option-label">{ props.label }</span>
            { input }
        </label>
    }
}
