//! The Quoridor engines behind one door: the registry that chooses the
//! engine ([`new_engine`], [`Engine`]), the whole settings
//! ([`EngineConfig`]: the common ones and each engine's part), the option
//! table that the protocol, links and page read ([`OPTIONS`]), the presets
//! and the ladder of [`LEVELS`]; and, re-exported, the engine-neutral core
//! (`quoridor-search`), the learned evaluation ([`learned`]) and each engine:
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

mod book;
mod config;
mod levels;
mod new_engine;
mod options;
mod setup_options;

pub use book::{
    book_info, book_moves, BookError, BookLine, BookMove, BookRule, OpeningBook, EMBEDDED_BOOK,
    MAX_BOOK_DROP, MAX_BOOK_MOVES, MIN_BOOK_SHARE,
};
pub use config::{EngineConfig, Preset};
pub use levels::{Level, LEVELS, LEVEL_TIME_CAP_MS};
pub use new_engine::{new_engine, Engine};
pub use options::{
    admit_option, find_option, limit_option, option_value, protocol_option_names, set_option,
    set_option_for, uci_option_lines, ConfigOption, OPTIONS,
};
pub use setup_options::{GameSetup, SetupOption, MAX_PLY_LIMIT};

pub use quoridor_search::*;

pub use quoridor_alphabeta as alphabeta;
pub use quoridor_learned as learned;
pub use quoridor_uct as uct;

pub use quoridor_alphabeta::{alphabeta_options, AlphaBeta, AlphaBetaParams};
pub use quoridor_uct::{
    merge_root_children, merge_root_infos, pick_by_race, ranked_moves, shortens_own_path,
    tree_params, uct_options, FinalMove, ParallelUct, PlayoutPolicy, Race, Selector,
    SelectorMemory, Tied, Uct, UctParams, DEFAULT_NODE_BUDGET, DEFAULT_TREE_MB, MAX_TREE_MB, MIB,
    NEAR_CERTAIN_LOSS, PLAYOUT_SAFETY_LIMIT,
};
