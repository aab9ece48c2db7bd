use yew::prelude::*;

use crate::worker::messages::WorkerResponse;

#[derive(Properties, PartialEq)]
pub struct EngineStatusProps {
    pub pings_sent: u32,
    pub last_reply: Option<WorkerResponse>,
    pub on_ping: Callback<()>,
}

/// Whether the engine worker is up, with a button that pings it.
#[function_component(EngineStatus)]
pub fn engine_status(props: &EngineStatusProps) -> Html {
    let (state, text) = match &props.last_reply {
        None => ("waiting", "Engine worker starting…".to_string()),
        Some(WorkerResponse::Pong {
            id,
            reversed,
            worker,
        }) => (
            "ready",
            format!("Engine worker {worker} answered ping {id}: {reversed}"),
        ),
        Some(_) => ("ready", "Engine worker is searching".to_string()),
    };
    let onclick = props.on_ping.reform(|_: MouseEvent| ());
    html! {
        <section class="engine-status" data-worker={state}>
            <p class="engine-reply">{ text }</p>
            <button class="ping" {onclick}>
                { format!("Ping engine ({} sent)", props.pings_sent) }
            </button>
        </section>
    }
}
