//! The engine-neutral search core: what every Quoridor engine shares and
//! nothing that only one engine knows.
//!
//! - the [`SearchEngine`] interface every engine implements, and which
//!   engine ran ([`EngineKind`]);
//! - a think's [`Limits`], the [`Slice`]s it runs in and its [`Clock`];
//! - the settings every engine reads ([`SearchParams`]) and their options
//!   ([`common_options`]), with the machinery each engine's options use
//!   ([`EngineOption`], [`OptionKind`], [`OptionError`]);
//! - the snapshot every engine reports ([`SearchInfo`]), with each kind of
//!   search's part as plain data ([`UctReport`], [`AlphaBetaInfo`]), the
//!   protocol's [`Score`], and the view into a search tree ([`TreeView`],
//!   [`NodeId`], [`TreeMap`]);
//! - the classic evaluation and its win probability, the way a move is
//!   chosen among candidates ([`MoveChoice`]) and the exact [`PawnRace`]
//!   table.
//!
//! The engines (`quoridor-uct`, `quoridor-alphabeta`) build on it; the
//! registry (`quoridor-engines`) chooses among them.

mod beginner;
mod clock;
mod common_options;
mod depth_report;
mod engine;
mod engine_kind;
mod eval;
mod info;
mod limits;
mod move_choice;
mod node_id;
mod option_kind;
mod params;
mod pawn_race;
mod race;
mod score;
mod slice;
mod tree_report;
mod tree_view;

pub use beginner::{Beginner, BeginnerJudge};
pub use clock::{
    now_ms, Clock, ManualClock, DEFAULT_MOVES_TO_GO, MAX_MOVES_TO_GO, MIN_THINK, SAFETY_MARGIN,
};
pub use common_options::common_options;
pub use depth_report::{AlphaBetaInfo, IterationRow, RootMoveScore};
pub use engine::SearchEngine;
pub use engine_kind::EngineKind;
pub use eval::{
    for_player, thesis_evaluation, win_probability, ClassicTerms, Evaluation, ResolvedEval,
    WinChance, CUT_OFF_DISTANCE,
};
pub use info::{ChildInfo, EngineReport, Proven, SearchInfo};
pub use limits::{LimitKind, Limits};
pub use move_choice::{choice_key, chosen_move, MoveChoice, MIN_VISIT_SHARE};
pub use node_id::{NodeId, NodeIdOutOfRange, ROOT};
pub use option_kind::{
    combo_line, Accepted, EngineOption, NumberRange, OptionError, OptionKind, Refusal, Shown,
};
pub use params::{SearchParams, MAX_THREADS};
pub use pawn_race::{PawnRace, RaceResult};
pub use race::{shortens_own_path, Race};
pub use score::{is_decided, Score, WIN, WIN_BOUND};
pub use slice::Slice;
pub use tree_report::{UctChild, UctReport};
pub use tree_view::{
    MapLimits, MapNode, TreeMap, TreeView, DEFAULT_MAP_BUDGET, MAX_MAP_BUDGET, MAX_MAP_DEPTH,
};

/// The engine's pseudo-random generator: Xoshiro256++ (seeded through
/// SplitMix64), the same stream on every target, so a seed gives the same
/// search natively and in the browser. (`rand`'s `SmallRng` is Xoshiro256++
/// on 64-bit targets but Xoshiro128++ on wasm32.)
pub type EngineRng = rand_xoshiro::Xoshiro256PlusPlus;
