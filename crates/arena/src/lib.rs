//! Engine-vs-engine matches (native only): two contenders — engine settings
//! played in-process or external programs speaking the engine protocol — play
//! a series of games with the first move alternating, on all cores, every move
//! validated; then win rates with a Wilson interval and an Elo estimate,
//! and with [`sprt`] a sequential test that can stop the match early.
//! [`experiments`] re-runs the thesis's parameter experiments with it;
//! [`selfplay`] plays the games the learned evaluation is trained on and
//! writes and reads their files.
//!
//! ```
//! use quoridor_arena::{run_match, Contender, MatchConfig};
//! use quoridor_rules::Variant;
//! use quoridor_engines::learned::Evaluator;
//! let quick = quoridor_arena::parse_spec("preset=thesis").unwrap();
//! let mut config = MatchConfig::new(
//!     Contender::internal("thesis", quick.clone(), Evaluator::classic()),
//!     Contender::internal("thesis again", quick, Evaluator::classic()),
//!     Variant::new(5, 2).unwrap(),
//! );
//! config.games = 2;
//! config.limit = Some(quoridor_engines::Limits::playouts(100));
//! let results = run_match(&config, &|_, _| {}).unwrap();
//! assert_eq!(results.len(), 2);
//! assert!(results[0].a_first && !results[1].a_first);
//! ```

mod book;
mod contender;
pub mod experiments;
mod play;
mod pool;
mod process_group;
pub mod ratings;
pub mod selfplay;
pub mod shard;
pub mod sprt;
mod stats;
pub mod style;
mod summary;
mod work;

pub use book::{generate_book, Book, BookSettings, Opening};
pub use contender::{
    game_config, handshake, parse_contender_spec, parse_spec, Contender, EngineError, MatchLimit,
    Protocol, SpecError, HANDSHAKE_TIMEOUT, RANDOM_MOVER,
};
pub use play::{
    game_seed, play_game, run_games, run_games_while, run_match, Ending, GameResult, GameSpec,
    MatchConfig, MatchError, Side, SideStats, Tally, MOVE_CAP,
};
pub use pool::play_numbered;
pub use process_group::kill_all_engines;
pub use stats::{elo_with_error, wilson_interval, EloDifference};
pub use summary::{describe, write_records, EngineSummary, Summary};
pub use work::{Work, WorkUnit};
