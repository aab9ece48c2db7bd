//! Whether the engine worker is up (it answers the app's startup ping).

use yew::prelude::*;

#[derive(Properties, PartialEq)]
pub struct WorkerStatusProps {
    /// The worker's name once it answered.
    pub worker: Option<String>,
}

/// A footer line; `data-worker` is `waiting` or `ready`.
#[function_component(WorkerStatus)]
pub fn worker_status(props: &WorkerStatusProps) -> Html {
    let (state, text) = match &props.worker {
        None => ("waiting", "Engine worker starting…".to_string()),
        Some(name) => ("ready", format!("Engine worker ready: {name}")),
    };
    html! {
        <footer class="worker-status" data-worker={state}>{ text }</footer>
    }
}
