use yew::prelude::*;

use super::board::Board;
use super::engine::use_engine;
use super::state::{Action, AppState};
use super::status::EngineStatus;
use crate::worker::messages::WorkerRequest;

/// Text sent with every ping; the worker answers it reversed.
const PING_TEXT: &str = "e2 e8 e3h";

/// The whole page: one reducer holds the state, children get props.
#[function_component(App)]
pub fn app() -> Html {
    let state = use_reducer(AppState::default);
    let engine = {
        let dispatcher = state.dispatcher();
        use_engine(Callback::from(move |reply| {
            dispatcher.dispatch(Action::WorkerReplied(reply))
        }))
    };

    let on_ping = {
        let (engine, dispatcher) = (engine.clone(), state.dispatcher());
        let id = state.pings_sent + 1;
        Callback::from(move |()| {
            engine.send(WorkerRequest::Ping {
                id,
                text: PING_TEXT.to_string(),
            });
            dispatcher.dispatch(Action::PingSent);
        })
    };

    // Ping once at start so the page shows whether the worker came up.
    {
        let on_ping = on_ping.clone();
        use_effect_with((), move |()| on_ping.emit(()));
    }

    html! {
        <main class="app">
            <h1>{ "Quoridor" }</h1>
            <Board size={9} />
            <EngineStatus pings_sent={state.pings_sent}
                last_reply={state.last_reply.clone()} {on_ping} />
        </main>
    }
}
