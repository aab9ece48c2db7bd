//! The Yew side of the page's state machine: [`AppState`] as a
//! [`Reducible`], with a fresh engine seed per action from the browser.

use std::rc::Rc;

use yew::Reducible;

use super::state::{Action, AppState};

impl Reducible for AppState {
    type Action = Action;

    fn reduce(self: Rc<Self>, action: Action) -> Rc<Self> {
        let mut next = Rc::unwrap_or_clone(self);
        next.apply(action, fresh_seed());
        Rc::new(next)
    }
}

/// A new engine seed, so games against the engine vary.
pub fn fresh_seed() -> u64 {
    (js_sys::Math::random() * f64::from(u32::MAX)) as u64
}
