use std::rc::Rc;

use yew::Reducible;

use crate::worker::messages::WorkerResponse;

/// Everything the page shows, changed only through [`Action`]s.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct AppState {
    /// Pings posted to the engine worker so far; the next ping's id is one more.
    pub pings_sent: u32,
    /// The worker's latest answer, if any arrived.
    pub last_reply: Option<WorkerResponse>,
}

/// Intents and events that change [`AppState`].
#[derive(Clone, Debug, PartialEq)]
pub enum Action {
    PingSent,
    WorkerReplied(WorkerResponse),
}

impl Reducible for AppState {
    type Action = Action;

    fn reduce(self: Rc<Self>, action: Action) -> Rc<Self> {
        let mut next = (*self).clone();
        match action {
            Action::PingSent => next.pings_sent += 1,
            Action::WorkerReplied(reply) => next.last_reply = Some(reply),
        }
        Rc::new(next)
    }
}
