//! The Yew side of the page's state machine: [`PageState`], the model's
//! [`AppState`] as a [`Reducible`], with a fresh engine seed per action from
//! the browser's random source ([`fresh_seed`]) and today's date from its
//! clock (for the record against the levels).

use std::ops::Deref;
use std::rc::Rc;

use yew::Reducible;

use super::model::{Action, AppState};
use super::seed::fresh_seed;

/// The page's state as Yew holds it: [`AppState`] (from `quoridor-page`,
/// which knows nothing of Yew) with the browser's seed and clock added on
/// every action. Reads through to the state it wraps.
#[derive(Clone, Debug, PartialEq)]
pub struct PageState(pub AppState);

impl Deref for PageState {
    type Target = AppState;

    fn deref(&self) -> &AppState {
        &self.0
    }
}

impl Reducible for PageState {
    type Action = Action;

    fn reduce(self: Rc<Self>, action: Action) -> Rc<Self> {
        let mut next = Rc::unwrap_or_clone(self).0;
        next.ladder.today = super::storage::today().or(next.ladder.today);
        next.engine.now_ms = Some(js_sys::Date::now());
        next.apply(action, fresh_seed());
        Rc::new(PageState(next))
    }
}
