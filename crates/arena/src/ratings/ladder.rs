//! The ladder's monotonicity check: engines listed weakest first, each must
//! have scored at least a given fraction of its games against the one just
//! below it, over enough games. Ratings pooled over all games can order a
//! ladder that its direct matches do not; this check reads the matches.

use super::{Crosstable, RatingError};
use crate::wilson_interval;
use serde::Serialize;

/// One rung against the one below it.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct LadderStep {
    /// The engine below.
    pub lower: String,
    /// The engine above, whose score this is.
    pub upper: String,
    /// Games `upper` won against `lower`.
    pub upper_wins: u64,
    /// Games they played against each other.
    pub games: u64,
    /// `upper`'s score fraction; `None` without games.
    pub score: Option<f64>,
    /// 95% Wilson interval of that score ((0, 1) without games).
    pub interval: (f64, f64),
    /// Whether they played at least the minimum of games.
    pub enough_games: bool,
    /// Whether `upper` scored at least the minimum score.
    pub score_high_enough: bool,
}

impl LadderStep {
    /// Whether this step passes: enough games, and a high enough score.
    pub fn passed(&self) -> bool {
        self.enough_games && self.score_high_enough
    }
}

/// The check of a whole ladder.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct Ladder {
    /// The score each engine needs against the one below.
    pub min_score: f64,
    /// The games each step needs.
    pub min_games: u64,
    /// Each engine against the one below it, from the bottom.
    pub steps: Vec<LadderStep>,
}

impl Ladder {
    /// Checks the ladder `order` (weakest first) in `table`: each engine
    /// must score at least `min_score` of at least `min_games` games against
    /// the one before it. The score itself is compared; its interval is
    /// there for the reader to judge the margin.
    ///
    /// ```
    /// use quoridor_arena::ratings::{Crosstable, Ladder};
    /// let mut table = Crosstable::new();
    /// table.add("level=1", "random", 100, 0).unwrap();
    /// table.add("level=2", "level=1", 60, 40).unwrap();
    /// let order = ["random", "level=1", "level=2"].map(String::from);
    /// let ladder = Ladder::check(&table, &order, 0.65, 100).unwrap();
    /// assert!(ladder.steps[0].passed());
    /// assert!(!ladder.steps[1].passed() && !ladder.passed());
    /// ```
    pub fn check(
        table: &Crosstable,
        order: &[String],
        min_score: f64,
        min_games: u64,
    ) -> Result<Ladder, RatingError> {
        for label in order {
            if table.index(label).is_none() {
                return Err(RatingError::UnknownEngine {
                    label: label.clone(),
                    known: table.labels.clone(),
                });
            }
        }
        let steps = order
            .windows(2)
            .map(|pair| {
                let (lower, upper) = (&pair[0], &pair[1]);
                let (upper_wins, lower_wins) = table.head_to_head(upper, lower).unwrap_or((0, 0));
                let games = upper_wins + lower_wins;
                let score = (games > 0).then(|| upper_wins as f64 / games as f64);
                LadderStep {
                    lower: lower.clone(),
                    upper: upper.clone(),
                    upper_wins,
                    games,
                    score,
                    interval: wilson_interval(upper_wins as f64, games as usize),
                    enough_games: games >= min_games && games > 0,
                    score_high_enough: score.is_some_and(|s| s >= min_score),
                }
            })
            .collect();
        Ok(Ladder {
            min_score,
            min_games,
            steps,
        })
    }

    /// Whether every step passed.
    pub fn passed(&self) -> bool {
        self.steps.iter().all(LadderStep::passed)
    }
}
