//! The ladder of levels (option `level`): ten opponents from "beats someone
//! who just learned the rules" to the full engine, each a documented set of
//! settings and a rating measured by matches (`docs/levels.md`).
//!
//! Every level is the Default UCT engine (best-first search with
//! shortest-path playouts, progressive widening, the pawn-race table) with a
//! playout budget, an evaluation and a way of erring ([`MoveChoice`]).
//! Levels 1–9 score leaves with the classic evaluation, named rather than
//! inherited from the Default, so that their ratings hold whatever the
//! Default becomes (and their moves come a fifth sooner than with the
//! network); level 10, the full engine, uses the learned one, which is
//! stronger at any equal number of playouts (`docs/learned-eval.md`), on the
//! 9×9 board it was trained for. The weak levels draw
//! their move among the search's plausible candidates with a temperature
//! over their values, so they play moves the search found nearly as good and
//! miss the deep ones. Levels 1 and 2 also keep a beginner's habits
//! ([`Beginner`], issue 62): they step towards their goal whenever they
//! can, and wall only once the opponent gets dangerous, across its way next
//! to its pawn, whether or not the search liked the wall (most such walls
//! cost the opponent nothing, which is what keeps them weak). Level 1 also
//! widens its root four times as fast. With no wall left on either side every level walks
//! home along a shortest path, keeping the result the pawn-race table gives
//! (the tie-break in `search::uct::tie_break`; outside a drawn race every
//! move there is a proven win or loss, which no temperature swaps).
//! Budgets are playouts, not time, so a level is as strong on a slow phone
//! as on a fast desktop, and its rating holds on both.
//!
//! UCT only: its root candidates each have a value and a visit count from
//! the same search, which is what a temperature needs; alpha-beta's values
//! for the moves it did not choose are bounds (a null-window search only
//! proves them worse), not values to weigh.
//!
//! ```
//! use quoridor_engines::{set_option, EngineConfig, Level, LEVELS};
//! let mut config = EngineConfig::default();
//! set_option(&mut config, "level", "3").unwrap();
//! assert_eq!(config, Level::get(3).unwrap().config());
//! assert_eq!(config.params.level, Some(3));
//! assert_eq!(LEVELS.len(), 10);
//! ```

use super::config::EngineConfig;
use quoridor_search::Beginner;
use quoridor_search::Evaluation;
use quoridor_search::Limits;
use quoridor_search::MoveChoice;
use quoridor_search::SearchParams;

/// The most time a level thinks, whatever its playout budget: a safety net
/// for slow devices (the top level's budget takes about 2 s in a desktop
/// browser).
pub const LEVEL_TIME_CAP_MS: u64 = 20_000;

/// One level of the ladder.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Level {
    /// 1 (weakest) to 10.
    pub number: u8,
    /// Its name.
    pub name: &'static str,
    /// One line of what to expect.
    pub blurb: &'static str,
    /// Playouts per move.
    pub playouts: u64,
    /// How leaves are scored (option `eval`).
    pub eval: Evaluation,
    /// How it errs.
    pub choice: MoveChoice,
    /// UCT's progressive widening (option `widening`): the Default's 1,
    /// except for level 1, whose wider root offers more sensible-looking
    /// moves to draw from.
    pub widening: f64,
    /// Its Elo rating from the ladder matches (the random mover is 0) and
    /// the 95% interval's half width (docs/levels.md): the fit of `arena
    /// rate` to every match in `docs/ladder/`, rounded (a test checks it);
    /// `None` while its matches are still being played.
    pub rating: Option<(i32, i32)>,
}

const fn erring(temperature: f64, margin: f64) -> MoveChoice {
    MoveChoice {
        temperature,
        margin,
        beginner: None,
    }
}

/// [`erring`] among the moves a beginner makes ([`Beginner`]): forward
/// steps, and walls once the opponent is `wall_within` steps from its goal
/// or `wall_behind_by` ahead, within `near` squares of its pawn.
const fn beginner(
    temperature: f64,
    margin: f64,
    wall_within: u32,
    wall_behind_by: Option<u32>,
    near: u8,
    blind_walls: f64,
) -> MoveChoice {
    MoveChoice {
        temperature,
        margin,
        beginner: Some(Beginner {
            wall_within,
            wall_behind_by,
            near,
            blind_walls,
        }),
    }
}

/// Every level, weakest first.
pub static LEVELS: [Level; 10] = [
    Level {
        number: 1,
        name: "Pebble",
        blurb: "Races for its goal; walls only at the last moment, and then almost anywhere near your pawn",
        playouts: 10,
        eval: Evaluation::Classic,
        choice: beginner(0.4, 0.6, 1, Some(2), 3, 10.0),
        widening: 4.0,
        rating: Some((921, 483)),
    },
    Level {
        number: 2,
        name: "Sprout",
        blurb: "Walks the shortest way; walls in front of your pawn once it gets close, now and then a good one",
        playouts: 10,
        eval: Evaluation::Classic,
        choice: beginner(0.25, 0.4, 3, Some(2), 2, 0.5),
        widening: 1.0,
        rating: Some((1092, 489)),
    },
    Level {
        number: 3,
        name: "Rookie",
        blurb: "Sees a wall that costs you a step or two; misses what comes after",
        playouts: 100,
        eval: Evaluation::Classic,
        choice: erring(0.1, 0.25),
        widening: 1.0,
        rating: Some((1254, 494)),
    },
    Level {
        number: 4,
        name: "Club player",
        blurb: "Blocks sensibly and saves some walls; loose in the endgame",
        playouts: 400,
        eval: Evaluation::Classic,
        choice: erring(0.05, 0.2),
        widening: 1.0,
        rating: Some((1400, 500)),
    },
    Level {
        number: 5,
        name: "Tactician",
        blurb: "Good walls most of the time; a few moves a game are second best",
        playouts: 1_500,
        eval: Evaluation::Classic,
        choice: erring(0.03, 0.15),
        widening: 1.0,
        rating: Some((1607, 506)),
    },
    Level {
        number: 6,
        name: "Strategist",
        blurb: "Builds corridors and counts the race; slips now and then",
        playouts: 5_000,
        eval: Evaluation::Classic,
        choice: erring(0.015, 0.1),
        widening: 1.0,
        rating: Some((1729, 511)),
    },
    Level {
        number: 7,
        name: "Expert",
        blurb: "Rarely errs, and then between moves of nearly equal value",
        playouts: 15_000,
        eval: Evaluation::Classic,
        choice: erring(0.008, 0.05),
        widening: 1.0,
        rating: Some((1900, 517)),
    },
    Level {
        number: 8,
        name: "Master",
        blurb: "Always its best move, after a short think",
        playouts: 40_000,
        eval: Evaluation::Classic,
        choice: erring(0.0, 0.0),
        widening: 1.0,
        rating: Some((2062, 522)),
    },
    Level {
        number: 9,
        name: "Grandmaster",
        blurb: "Its best move after a longer think",
        playouts: 100_000,
        eval: Evaluation::Classic,
        choice: erring(0.0, 0.0),
        widening: 1.0,
        rating: Some((2198, 525)),
    },
    Level {
        number: 10,
        name: "Full engine",
        blurb: "The full engine at its best settings, with the learned evaluation: a few seconds a move in the page",
        playouts: 300_000,
        eval: Evaluation::Learned,
        choice: erring(0.0, 0.0),
        widening: 1.0,
        rating: Some((2572, 536)),
    },
];

impl Level {
    /// Level `number` (1–10).
    pub fn get(number: u8) -> Option<&'static Level> {
        LEVELS.iter().find(|l| l.number == number)
    }

    /// The settings this level stands for: the Default UCT engine with its
    /// budget (and [`LEVEL_TIME_CAP_MS`]) and its way of erring, one search
    /// thread so that a seed gives the same game.
    pub fn config(&self) -> EngineConfig {
        let mut config = EngineConfig::uct(SearchParams {
            limits: Limits::playouts(self.playouts).and_time_ms(LEVEL_TIME_CAP_MS),
            choice: self.choice,
            eval: self.eval,
            level: Some(self.number),
            ..SearchParams::default()
        });
        config.uct.widening = self.widening;
        config
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn levels_are_numbered_in_order_and_grow_in_budget_and_care() {
        for (i, pair) in LEVELS.windows(2).enumerate() {
            let (low, high) = (&pair[0], &pair[1]);
            assert_eq!(usize::from(low.number), i + 1);
            assert!(low.playouts <= high.playouts, "{}", high.number);
            assert!(
                low.choice.temperature >= high.choice.temperature,
                "{}",
                high.number
            );
        }
        let rated: Vec<i32> = LEVELS
            .iter()
            .filter_map(|l| l.rating)
            .map(|r| r.0)
            .collect();
        assert!(rated.windows(2).all(|w| w[0] < w[1]), "{rated:?}");
        let top = &LEVELS[9];
        assert!(!top.choice.is_random());
        assert_eq!(top.config().uct, EngineConfig::default().uct);
    }
}
