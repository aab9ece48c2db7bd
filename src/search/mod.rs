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
mod common_options;
mod config;
mod depth_report;
mod engine;
mod eval;
mod info;
pub mod learned;
mod levels;
mod limits;
mod move_choice;
mod new_engine;
mod node_id;
mod option_kind;
mod options;
mod params;
mod pawn_race;
mod score;
mod setup_options;
mod slice;
mod tree_report;
mod tree_view;
pub mod uct;

pub use alphabeta::{alphabeta_options, AlphaBeta, AlphaBetaParams};
pub use clock::{
    now_ms, Clock, ManualClock, DEFAULT_MOVES_TO_GO, MAX_MOVES_TO_GO, MIN_THINK, SAFETY_MARGIN,
};
pub use common_options::common_options;
pub use config::{EngineConfig, Preset};
pub use depth_report::{AlphaBetaInfo, IterationRow, RootMoveScore};
pub use engine::{EngineKind, SearchEngine};
pub use eval::{
    for_player, thesis_evaluation, win_probability, ClassicTerms, Evaluation, ResolvedEval,
    WinChance, CUT_OFF_DISTANCE,
};
pub use info::{ChildInfo, EngineReport, Proven, SearchInfo};
pub use levels::{Level, LEVELS, LEVEL_TIME_CAP_MS};
pub use limits::{LimitKind, Limits};
pub use move_choice::{choice_key, chosen_move, MoveChoice, MIN_VISIT_SHARE};
pub use new_engine::{new_engine, Engine};
pub use node_id::{NodeId, NodeIdOutOfRange, ROOT};
pub use option_kind::{
    Accepted, EngineOption, NumberRange, OptionError, OptionKind, Refusal, Shown,
};
pub use options::{
    find_option, limit_option, option_value, protocol_option_names, set_option, uci_option_lines,
    ConfigOption, OPTIONS,
};
pub use params::{SearchParams, MAX_THREADS};
pub use pawn_race::{PawnRace, RaceResult};
pub use score::{is_decided, Score, WIN, WIN_BOUND};
pub use setup_options::{GameSetup, SetupOption, MAX_PLY_LIMIT};
pub use slice::Slice;
pub use tree_report::{UctChild, UctReport};
pub use tree_view::{
    MapLimits, MapNode, TreeMap, TreeView, DEFAULT_MAP_BUDGET, MAX_MAP_BUDGET, MAX_MAP_DEPTH,
};
#[cfg(test)]
pub(crate) use uct::test_snapshot;
pub use uct::{
    merge_root_children, merge_root_infos, pick_by_race, ranked_moves, shortens_own_path,
    tree_params, uct_options, FinalMove, Outcome, ParallelUct, PlayoutPolicy, Race, Selector,
    SelectorMemory, Tied, Uct, UctParams, DEFAULT_NODE_BUDGET, DEFAULT_TREE_MB, MAX_TREE_MB, MIB,
    NEAR_CERTAIN_LOSS, PLAYOUT_SAFETY_LIMIT,
};

/// The engine's pseudo-random generator: Xoshiro256++ (seeded through
/// SplitMix64), the same stream on every target, so a seed gives the same
/// search natively and in the browser. (`rand`'s `SmallRng` is Xoshiro256++
/// on 64-bit targets but Xoshiro128++ on wasm32.)
pub type EngineRng = rand_xoshiro::Xoshiro256PlusPlus;
