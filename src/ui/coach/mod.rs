//! The coach on the page: the hint button and its mark on the board, the
//! game review with its progress bar, summary, graph and annotated record,
//! and the review kept in `localStorage`. State and transitions live in
//! [`crate::ui::state`] (`Coach`); these components render it and send
//! [`crate::ui::state::CoachIntent`]s.

mod overlay;
mod panel;
mod saved;
mod summary;

pub use overlay::CoachOverlay;
pub use panel::CoachPanel;
pub use saved::use_saved_coach;
