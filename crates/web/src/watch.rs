//! Pause / step / resume for engine moves (engine vs engine).

use yew::prelude::*;

use super::model::Action;

#[derive(Properties, PartialEq)]
pub struct WatchProps {
    /// Whether engine moves wait.
    pub paused: bool,
    /// Pause, Resume or Step.
    pub on_action: Callback<Action>,
}

/// The buttons for watching the engine play itself.
#[function_component(WatchControls)]
pub fn watch_controls(props: &WatchProps) -> Html {
    let send = |a: Action| props.on_action.reform(move |_: MouseEvent| a.clone());
    html! {
        <div class="watch-controls">
            if props.paused {
                <button class="resume" data-testid="resume" onclick={send(Action::Resume)}
                    title="Let the engines play on">{ "Resume" }</button>
                <button class="step" data-testid="step" onclick={send(Action::Step)}
                    title="Play one engine move, then pause">{ "Step" }</button>
            } else {
                <button class="pause" data-testid="pause" onclick={send(Action::Pause)}
                    title="Pause the engines now (a think under way is stopped)">{ "Pause" }</button>
            }
        </div>
    }
}
