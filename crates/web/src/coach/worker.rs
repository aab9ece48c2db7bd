//! The coach's own engine worker (a second instance of the engine worker,
//! same messages), driven by the coach's search in the reducer.

use crate::reducible::PageState;
use std::cell::RefCell;
use std::rc::Rc;

use gloo_worker::WorkerBridge;
use yew::prelude::*;

use crate::engine::spawn_engine;
use crate::model::{Action, CoachIntent};
use crate::worker::messages::{WorkerRequest, WorkerResponse};
use crate::worker::EngineWorker;

/// The coach's own engine worker: sends each search the coach starts and
/// stops it when it goes away; only final answers reach the reducer. The
/// worker starts with the first hint or review (a page that never asks for
/// one never pays for a second worker) and then lives as long as the page.
#[hook]
pub fn use_coach_worker(state: &UseReducerHandle<PageState>) {
    let worker: Rc<RefCell<Option<WorkerBridge<EngineWorker>>>> = use_mut_ref(|| None);
    let dispatcher = state.dispatcher();
    use_effect_with(state.coach.search.clone(), move |search| {
        let id = search.as_ref().map(|s| {
            let mut slot = worker.borrow_mut();
            let bridge = slot.get_or_insert_with(|| {
                spawn_engine(Callback::from(move |reply: WorkerResponse| {
                    if matches!(
                        reply,
                        WorkerResponse::Done { .. } | WorkerResponse::Error { .. }
                    ) {
                        dispatcher.dispatch(Action::Coach(CoachIntent::Replied(reply)));
                    }
                }))
            });
            bridge.send(s.request());
            s.id
        });
        move || {
            if let (Some(id), Some(bridge)) = (id, worker.borrow().as_ref()) {
                bridge.send(WorkerRequest::Stop { id });
            }
        }
    });
}
