//! What the engine thinks, drawn live: candidates and lines on the board,
//! search statistics, the visit distribution, the win-probability graph over
//! the game and an explorer of the search tree, plus analysis mode (search
//! the board's position without limit, never moving).
//!
//! Each view is a function component with plain props built on
//! [`super::geometry`]; their state is the page model's
//! ([`crate::ui::model::analysis`]). The layout and formatting helpers
//! ([`icicle`], [`mod@format`], [`alphabeta_view`]) build natively so their tests
//! run with `cargo test`.

pub mod alphabeta_view;
pub mod candidate_labels;
pub mod format;
pub mod icicle;
pub mod policy_labels;

#[cfg(target_arch = "wasm32")]
mod candidates;
#[cfg(target_arch = "wasm32")]
mod controls;
#[cfg(target_arch = "wasm32")]
mod exact_values;
#[cfg(target_arch = "wasm32")]
mod iterations;
#[cfg(target_arch = "wasm32")]
mod overlay;
#[cfg(target_arch = "wasm32")]
mod panel;
#[cfg(target_arch = "wasm32")]
mod policy_overlay;
#[cfg(target_arch = "wasm32")]
mod pv_ghosts;
#[cfg(target_arch = "wasm32")]
mod pv_line;
#[cfg(target_arch = "wasm32")]
mod stats;
#[cfg(target_arch = "wasm32")]
mod tree;
#[cfg(target_arch = "wasm32")]
mod tree_map_panel;
#[cfg(target_arch = "wasm32")]
mod visit_chart;
#[cfg(target_arch = "wasm32")]
mod win_graph;

#[cfg(target_arch = "wasm32")]
pub use exact_values::ExactValues;
#[cfg(target_arch = "wasm32")]
pub use overlay::AnalysisOverlay;
#[cfg(target_arch = "wasm32")]
pub use panel::AnalysisPanel;
#[cfg(target_arch = "wasm32")]
pub use policy_overlay::{policy_legend, policy_numbers, policy_overlay, policy_toggle};
#[cfg(target_arch = "wasm32")]
pub use pv_ghosts::PvGhosts;
#[cfg(target_arch = "wasm32")]
pub use win_graph::{GraphMark, WinGraph};
