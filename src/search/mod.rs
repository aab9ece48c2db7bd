//! The engines and what they share.
//!
//! The core here is engine-neutral: the [`SearchEngine`] interface and
//! [`new_engine`], the one place that builds an engine of a given kind; the
//! [`Slice`]s a think runs in, its [`Limits`] and [`Clock`]; the snapshot
//! [`SearchInfo`]; the settings ([`SearchParams`]) and the option table that
//! the protocol, links and page read ([`OPTIONS`]); the evaluation's win
//! probability and the exact [`PawnRace`] table. Each engine is a folder:
//!
//! - [`uct`]: UCT (Monte Carlo tree search) as in the 2011 thesis, with each
//!   of its ten parameters switchable, plus extensions (tree reuse, solver,
//!   progressive widening, shortest-path playouts, several threads on one
//!   tree);
//! - [`alphabeta`]: negamax with alpha-beta and the chess enhancements
//!   (iterative deepening, transposition table, PVS, aspiration windows,
//!   killers, history, null move, quiescence).
//!
//! Build an engine with [`new_engine`], drive it through [`SearchEngine`]
//! (or [`SearchEngine::think`] for a whole think) and read progress with
//! [`SearchEngine::info`].

pub mod alphabeta;
mod clock;
mod engine;
mod eval;
mod info;
pub mod learned;
mod levels;
mod limits;
mod move_choice;
mod new_engine;
mod option_kind;
mod options;
mod params;
mod pawn_race;
mod setup_options;
mod slice;
pub mod uct;

pub use alphabeta::{
    AlphaBeta, AlphaBetaInfo, AlphaBetaParams, IterationRow, RootMoveScore, Score,
};
pub use clock::{
    now_ms, Clock, ManualClock, DEFAULT_MOVES_TO_GO, MAX_MOVES_TO_GO, MIN_THINK, SAFETY_MARGIN,
};
pub use engine::{EngineConfig, EngineKind, SearchEngine, TreeView};
pub use eval::{for_player, thesis_evaluation, win_probability, Evaluation};
pub use info::{ChildInfo, EngineReport, Proven, SearchInfo};
pub use levels::{Level, LEVELS, LEVEL_TIME_CAP_MS};
pub use limits::{LimitKind, Limits};
pub use move_choice::{choice_key, chosen_move, MoveChoice, MIN_VISIT_SHARE};
pub use new_engine::new_engine;
pub use option_kind::{
    Accepted, EngineOption, NumberRange, OptionError, OptionKind, Refusal, Shown,
};
pub use options::{
    find_option, limit_option, option_value, protocol_option_names, set_option, uci_option_lines,
    OPTIONS,
};
pub use params::{Preset, SearchParams, MAX_THREADS};
pub use pawn_race::{PawnRace, RaceResult};
pub use setup_options::{GameSetup, SetupOption, MAX_PLY_LIMIT};
pub use slice::Slice;
#[cfg(test)]
pub(crate) use uct::test_snapshot;
pub use uct::{
    merge_root_children, merge_root_infos, pick_by_race, ranked_moves, shortens_own_path,
    tree_params, FinalMove, MapLimits, MapNode, NodeId, NodeIdOutOfRange, Outcome, ParallelUct,
    PlayoutPolicy, Race, Selector, SelectorMemory, Tied, TreeMap, Uct, UctChild, UctParams,
    UctReport, DEFAULT_MAP_BUDGET, DEFAULT_NODE_BUDGET, DEFAULT_TREE_MB, MAX_MAP_BUDGET,
    MAX_MAP_DEPTH, MAX_TREE_MB, MIB, NEAR_CERTAIN_LOSS, PLAYOUT_SAFETY_LIMIT, ROOT,
};

/// The engine's pseudo-random generator: Xoshiro256++ (seeded through
/// SplitMix64), the same stream on every target, so a seed gives the same
/// search natively and in the browser. (`rand`'s `SmallRng` is Xoshiro256++
/// on 64-bit targets but Xoshiro128++ on wasm32.)
pub type EngineRng = rand_xoshiro::Xoshiro256PlusPlus;
