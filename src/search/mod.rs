//! The engine: UCT (Monte Carlo tree search) as in the 2011 thesis, with each
//! of its ten parameters switchable, plus extensions (tree reuse, solver,
//! shortest-path playouts, near-wall candidates).
//!
//! Use [`Search`] with [`SearchParams`]; read progress with [`Search::info`].

mod clock;
mod eval;
mod info;
mod options;
mod params;
mod policy;
mod ranking;
mod tree;
mod uct;

pub use clock::now_ms;
pub use eval::{evaluate, for_player, win_probability};
pub use info::{ChildInfo, Proven, SearchInfo};
pub use options::{option_value, set_option, OPTION_NAMES};
pub use params::{FinalMove, PlayoutPolicy, SearchParams, DEFAULT_NODE_BUDGET};
pub use policy::{near_wall_mask, Selector, SelectorMemory, PLAYOUT_SAFETY_LIMIT};
pub use ranking::ranked_moves;
pub use tree::{NodeId, NodeIdOutOfRange, ROOT};
pub use uct::{Search, Slice};
