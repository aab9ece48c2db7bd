//! Start and stop analysis; how many candidates to draw.

use yew::prelude::*;

use crate::model::analysis::MAX_TOP;

/// Props of [`AnalysisControls`].
#[derive(Properties, PartialEq)]
pub struct AnalysisControlsProps {
    /// Whether analysis is running.
    pub running: bool,
    /// Whether analysis may start now (not while the engine thinks of a move).
    pub can_start: bool,
    /// Candidates drawn on the board.
    pub top: usize,
    /// Start (`true`) or stop (`false`) analysis.
    pub on_run: Callback<bool>,
    /// A new number of candidates.
    pub on_top: Callback<usize>,
}

/// The analysis button (`data-testid="analysis-toggle"`, `data-running`) and
/// the number of candidates (input `candidates`).
#[function_component(AnalysisControls)]
pub fn analysis_controls(props: &AnalysisControlsProps) -> Html {
    let running = props.running;
    let onclick = props.on_run.reform(move |_: MouseEvent| !running);
    let on_top = props.on_top.clone();
    let oninput = Callback::from(move |e: InputEvent| {
        let value = e
            .target_dyn_into::<web_sys::HtmlInputElement>()
            .and_then(|input| input.value().parse::<usize>().ok());
        if let Some(n) = value {
            on_top.emit(n.clamp(1, MAX_TOP));
        }
    });
    html! {
        <div class="analysis-controls">
            <button class={classes!("analysis-toggle", running.then_some("running"))}
                data-testid="analysis-toggle" data-running={running.to_string()}
                disabled={!running && !props.can_start}
                title="Let the engine search the position on the board without limit, without moving"
                {onclick}>
                { if running { "■ Stop analysis" } else { "▶ Analyse position" } }
            </button>
            <label class="candidate-count">
                { "Candidates " }
                <input type="number" name="candidates" min="1" max={MAX_TOP.to_string()}
                    value={props.top.to_string()} {oninput} />
            </label>
        </div>
    }
}
