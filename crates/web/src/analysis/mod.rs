//! What the engine thinks, drawn live: candidates and lines on the board,
//! search statistics, the visit distribution, the win-probability graph over
//! the game and an explorer of the search tree, plus analysis mode (search
//! the board's position without limit, never moving).
//!
//! Each view is a function component with plain props built on
//! [`super::geometry`]; their state is the page model's
//! ([`crate::model::analysis`]). The layout and formatting helpers
//! ([`icicle`], [`mod@format`], [`alphabeta_view`], the labels' placement)
//! are `quoridor_page::analysis`'s, tested natively.

pub use quoridor_page::analysis::{
    alphabeta_view, candidate_labels, format, icicle, policy_labels,
};

mod candidates;
mod controls;
mod exact_values;
mod iterations;
mod overlay;
mod panel;
mod policy_overlay;
mod pv_ghosts;
mod pv_line;
mod stats;
mod tree;
mod tree_map_panel;
mod visit_chart;
mod win_graph;

pub use candidates::candidate_legend;
pub use exact_values::ExactValues;
pub use overlay::AnalysisOverlay;
pub use panel::AnalysisPanel;
pub use policy_overlay::{policy_legend, policy_numbers, policy_overlay, policy_toggle};
pub use pv_ghosts::PvGhosts;
pub use win_graph::{GraphMark, WinGraph};
