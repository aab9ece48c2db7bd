//! The coach: every move of a game judged from the engine's view of the
//! positions before and after it, each player's accuracy, and the annotated
//! record. One implementation for the page (which gets its position
//! evaluations from a worker) and the CLI (which searches them itself).
//!
//! ```
//! use quoridor_rules::Game;
//! use quoridor_review::{GameReview, Judgement, PositionEval};
//! use quoridor_engines::learned::Evaluator;
//! use quoridor_engines::{EngineConfig, Limits, SearchParams};
//! let game: Game = "[size 5] [walls 0] c2 c4 c3 b4 c4 b3 c5".parse().unwrap();
//! let params = EngineConfig::uct(SearchParams { limits: Limits::playouts(200), ..SearchParams::default() });
//! let evals: Vec<PositionEval> = (0..=game.moves().len())
//!     .map(|ply| PositionEval::search(game.position_at(ply).unwrap(), &params, &Evaluator::classic()))
//!     .collect();
//! let review = GameReview::judge(&game, &evals);
//! assert!(review.is_complete());
//! assert_eq!(review.moves().last().unwrap().judgement, Judgement::Best);
//! ```

mod accuracy;
mod annotate;
mod game_review;
mod judgement;
mod move_review;
mod position_eval;

pub use accuracy::{move_accuracy, player_accuracy};
pub use annotate::annotated_record;
pub use game_review::{GameReview, ReviewSummary};
pub use judgement::{
    Judgement, BEST_WITHIN, BLUNDER_FROM, INACCURACY_FROM, MISTAKE_FROM, NOISE_MARGIN,
};
pub use move_review::MoveReview;
pub use position_eval::PositionEval;
