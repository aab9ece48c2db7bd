//! The coach's own engine worker (a second instance of the engine worker,
//! same messages), driven by the coach's search in the reducer.

use yew::prelude::*;

use crate::ui::engine::use_engine;
use crate::ui::state::{Action, AppState, CoachIntent};
use crate::worker::messages::{WorkerRequest, WorkerResponse};

/// The coach's own engine worker: sends each search the coach starts and
/// stops it when it goes away; only final answers reach the reducer. The
/// worker lives as long as the page.
#[hook]
pub fn use_coach_worker(state: &UseReducerHandle<AppState>) {
    let worker = {
        let dispatcher = state.dispatcher();
        use_engine(Callback::from(move |reply: WorkerResponse| {
            if matches!(
                reply,
                WorkerResponse::Done { .. } | WorkerResponse::Error { .. }
            ) {
                dispatcher.dispatch(Action::Coach(CoachIntent::Replied(reply)));
            }
        }))
    };
    {
        let worker = worker.clone();
        use_effect_with(state.coach.search.clone(), move |search| {
            let id = search.as_ref().map(|s| {
                worker.send(s.request());
                s.id
            });
            move || {
                if let Some(id) = id {
                    worker.send(WorkerRequest::Stop { id });
                }
            }
        });
    }
}
