//! The engine: UCT (Monte Carlo tree search) as in the 2011 thesis, with each
//! of its ten parameters switchable, plus extensions (tree reuse, solver,
//! shortest-path playouts, near-wall candidates).
//!
//! Use [`Search`] with [`SearchParams`]; read progress with [`Search::info`].

pub mod alphabeta;
pub(crate) mod choice;
mod clock;
mod descent;
mod engine;
mod eval;
mod info;
mod limits;
mod merge;
mod option_kind;
mod options;
mod parallel;
mod params;
mod pawn_race;
mod policy;
mod ranking;
mod setup_options;
#[cfg(not(target_arch = "wasm32"))]
mod shared_run;
mod tie_break;
mod tree;
mod tree_map;
mod uct;

pub use alphabeta::{
    AlphaBeta, AlphaBetaInfo, AlphaBetaParams, IterationRow, RootMoveScore, Score,
};
pub use choice::{one_of, quote_input, Choice, ParseChoiceError, QUOTE_LIMIT};
pub use clock::{now_ms, Clock, DEFAULT_MOVES_TO_GO, MAX_MOVES_TO_GO, MIN_THINK, SAFETY_MARGIN};
pub use engine::{new_engine, EngineKind, SearchEngine};
pub use eval::{evaluate, for_player, win_probability};
pub use info::{ChildInfo, Proven, SearchInfo};
pub use limits::{LimitKind, Limits};
#[cfg(test)]
pub(crate) use merge::snapshot as test_snapshot;
pub use merge::{merge_root_children, merge_root_infos};
pub use option_kind::{Accepted, EngineOption, NumberRange, OptionError, OptionKind, Shown};
pub use options::{find_option, limit_option, option_value, set_option, uci_option_lines, OPTIONS};
pub use parallel::{tree_params, ParallelUct};
pub use params::{
    FinalMove, PlayoutPolicy, Preset, SearchParams, DEFAULT_NODE_BUDGET, DEFAULT_TREE_MB,
    MAX_THREADS, MAX_TREE_MB, MIB,
};
pub use pawn_race::{PawnRace, RaceResult};
pub use policy::{near_wall_mask, Selector, SelectorMemory, PLAYOUT_SAFETY_LIMIT};
pub use ranking::ranked_moves;
pub use setup_options::SetupOption;
pub use tie_break::{pick_by_race, Outcome, Race, Tied, NEAR_CERTAIN_LOSS};
pub use tree::{NodeId, NodeIdOutOfRange, ROOT};
pub use tree_map::{
    MapLimits, MapNode, TreeMap, DEFAULT_MAP_BUDGET, MAX_MAP_BUDGET, MAX_MAP_DEPTH,
};
pub use uct::{Search, Slice};

/// The engine's pseudo-random generator: Xoshiro256++ (seeded through
/// SplitMix64), the same stream on every target, so a seed gives the same
/// search natively and in the browser. (`rand`'s `SmallRng` is Xoshiro256++
/// on 64-bit targets but Xoshiro128++ on wasm32.)
pub type EngineRng = rand_xoshiro::Xoshiro256PlusPlus;
