//! The coach on the page: the hint button and its mark on the board, the
//! game review with its progress bar, summary, graph and annotated record,
//! and the review kept in `localStorage`. State and transitions live in
//! [`crate::model`] (`Coach`); these components render it and send
//! [`crate::model::CoachIntent`]s.

mod from_state;
mod overlay;
mod panel;
mod saved;
mod summary;
mod worker;

pub use from_state::{coach_overlay, coach_panel};
pub use overlay::CoachOverlay;
pub use panel::CoachPanel;
pub use saved::use_saved_coach;
pub use worker::use_coach_worker;
