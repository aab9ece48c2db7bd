//! The Yew side of the page's state machine: [`AppState`] as a
//! [`Reducible`], with a fresh engine seed per action from the browser's
//! random source ([`fresh_seed`]) and today's date from its clock (for the
//! record against the levels).

use std::rc::Rc;

use yew::Reducible;

use super::model::{Action, AppState};
use super::seed::fresh_seed;

impl Reducible for AppState {
    type Action = Action;

    fn reduce(self: Rc<Self>, action: Action) -> Rc<Self> {
        let mut next = Rc::unwrap_or_clone(self);
        next.ladder.today = super::storage::today().or(next.ladder.today);
        next.apply(action, fresh_seed());
        Rc::new(next)
    }
}
