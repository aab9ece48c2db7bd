//! The Yew side of the page's state machine: [`AppState`] as a
//! [`Reducible`], with a fresh engine seed per action from the browser's
//! random source and today's date from its clock (for the record against
//! the levels).

use std::rc::Rc;

use yew::Reducible;

use super::model::{Action, AppState};

impl Reducible for AppState {
    type Action = Action;

    fn reduce(self: Rc<Self>, action: Action) -> Rc<Self> {
        let mut next = Rc::unwrap_or_clone(self);
        next.ladder.today = super::storage::today().or(next.ladder.today);
        next.apply(action, fresh_seed());
        Rc::new(next)
    }
}

/// A new engine seed, so games against the engine vary: 32 random bits
/// from `getrandom` (the browser's `crypto.getRandomValues`), within the
/// `seed` option's range so a search can be replayed. Each worker's own seed
/// is derived from it ([`crate::search::tree_params`]). Should the browser
/// refuse, `Math.random()` stands in: a seed needs variety, not secrecy.
pub fn fresh_seed() -> u64 {
    let mut bytes = [0u8; 4];
    match getrandom::getrandom(&mut bytes) {
        Ok(()) => u64::from(u32::from_le_bytes(bytes)),
        Err(_) => (js_sys::Math::random() * f64::from(u32::MAX)) as u64,
    }
}
