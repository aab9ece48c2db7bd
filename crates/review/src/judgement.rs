//! The verdict on one move from the mover's loss of win probability.
//!
//! Thresholds are in win-probability points (0–1) lost by the mover between
//! the position before the move (at the engine's best play) and after it.
//! Lichess calls a drop of 0.1 / 0.2 / 0.3 in its "winning chances" an
//! inaccuracy / mistake / blunder; those run from −1 to 1 (`2·win − 1`), so
//! on this 0–1 scale they are 0.05 / 0.10 / 0.15. Each threshold here is
//! lichess's plus [`NOISE_MARGIN`], the loss two searches show for a move
//! that costs nothing: the engine's own choice, judged like any move, loses
//! under 0.045 in 19 positions of 20 (measured on six games, 2,000 and
//! 20,000 playouts a position: docs/playing.md). So 0.10 / 0.15 / 0.20: a
//! drop from 51% to 35% is a mistake. A move within [`BEST_WITHIN`] of the
//! engine's choice counts as best.
//!
//! Where the game is already decided, a move that keeps the result loses
//! nothing, yet one that does not take the mover closer to its goal (a
//! step aside or back, a wall in a won or lost game) is no achievement
//! either: it is [`Judgement::Decided`], not best, and left out of the
//! accuracy ([`crate::GameReview::judge`] says when).

use serde::{Deserialize, Serialize};
use std::fmt;

/// Loss below which a move is as good as the engine's choice.
pub const BEST_WITHIN: f64 = 0.02;
/// What two searches may disagree by on a move that loses nothing: added to
/// each of lichess's thresholds.
pub const NOISE_MARGIN: f64 = 0.05;
/// Loss from which a move is an inaccuracy: lichess's 0.05 and the margin.
pub const INACCURACY_FROM: f64 = 0.05 + NOISE_MARGIN;
/// Loss from which a move is a mistake: lichess's 0.10 and the margin.
pub const MISTAKE_FROM: f64 = 0.10 + NOISE_MARGIN;
/// Loss from which a move is a blunder: lichess's 0.15 and the margin.
pub const BLUNDER_FROM: f64 = 0.15 + NOISE_MARGIN;

/// How good a move was, best first.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Judgement {
    /// The engine's choice, or within [`BEST_WITHIN`] of it.
    Best,
    /// Lost less than [`INACCURACY_FROM`].
    Good,
    /// Lost at least [`INACCURACY_FROM`]: `?!`.
    Inaccuracy,
    /// Lost at least [`MISTAKE_FROM`]: `?`.
    Mistake,
    /// Lost at least [`BLUNDER_FROM`]: `??`.
    Blunder,
    /// In a decided game (a proven win or loss, or a race with no walls
    /// left whose result the pawn-race table knows), a move that keeps the
    /// result without taking the mover closer to its goal: no symbol, and
    /// not counted in the accuracy.
    Decided,
}

impl Judgement {
    /// Every judgement, best first, then [`Judgement::Decided`] (the
    /// index of each is `judgement as usize`).
    pub const ALL: [Judgement; 6] = [
        Judgement::Best,
        Judgement::Good,
        Judgement::Inaccuracy,
        Judgement::Mistake,
        Judgement::Blunder,
        Judgement::Decided,
    ];

    /// The judgement of a move that lost `loss` win-probability points;
    /// `engine_choice` says whether it is the move the engine would play.
    ///
    /// ```
    /// use quoridor_review::Judgement;
    /// assert_eq!(Judgement::from_loss(0.5, false), Judgement::Blunder);
    /// assert_eq!(Judgement::from_loss(0.12, false), Judgement::Inaccuracy);
    /// // Issue 62: 51% → 35% is a mistake.
    /// assert_eq!(Judgement::from_loss(0.51 - 0.35, false), Judgement::Mistake);
    /// assert_eq!(Judgement::from_loss(0.05, true), Judgement::Best);
    /// ```
    pub fn from_loss(loss: f64, engine_choice: bool) -> Judgement {
        // The engine's own choice can still show a loss when two searches
        // disagree; it is best unless the loss is an error in its own right.
        if loss >= BLUNDER_FROM {
            Judgement::Blunder
        } else if loss >= MISTAKE_FROM {
            Judgement::Mistake
        } else if loss >= INACCURACY_FROM {
            Judgement::Inaccuracy
        } else if engine_choice || loss < BEST_WITHIN {
            Judgement::Best
        } else {
            Judgement::Good
        }
    }

    /// The record's symbol: `?!`, `?`, `??`, or `None` for best, good and
    /// decided moves.
    pub fn symbol(self) -> Option<&'static str> {
        match self {
            Judgement::Best | Judgement::Good | Judgement::Decided => None,
            Judgement::Inaccuracy => Some("?!"),
            Judgement::Mistake => Some("?"),
            Judgement::Blunder => Some("??"),
        }
    }

    /// Whether the move was an inaccuracy or worse (it gets a better move).
    pub fn is_error(self) -> bool {
        matches!(
            self,
            Judgement::Inaccuracy | Judgement::Mistake | Judgement::Blunder
        )
    }

    /// Whether the move counts in its player's accuracy (all but
    /// [`Judgement::Decided`] moves).
    pub fn counts_in_accuracy(self) -> bool {
        self != Judgement::Decided
    }

    /// The lower-case name (`blunder`), as pages and summaries show it.
    pub fn name(self) -> &'static str {
        match self {
            Judgement::Best => "best",
            Judgement::Good => "good",
            Judgement::Inaccuracy => "inaccuracy",
            Judgement::Mistake => "mistake",
            Judgement::Blunder => "blunder",
            Judgement::Decided => "decided",
        }
    }
}

impl fmt::Display for Judgement {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn each_threshold_starts_its_judgement() {
        assert_eq!(Judgement::from_loss(0.0, false), Judgement::Best);
        assert_eq!(Judgement::from_loss(0.019, false), Judgement::Best);
        assert_eq!(Judgement::from_loss(BEST_WITHIN, false), Judgement::Good);
        assert_eq!(Judgement::from_loss(0.099, false), Judgement::Good);
        assert_eq!(
            Judgement::from_loss(INACCURACY_FROM, false),
            Judgement::Inaccuracy
        );
        assert_eq!(Judgement::from_loss(0.149, false), Judgement::Inaccuracy);
        assert_eq!(
            Judgement::from_loss(MISTAKE_FROM, false),
            Judgement::Mistake
        );
        assert_eq!(Judgement::from_loss(0.199, false), Judgement::Mistake);
        assert_eq!(
            Judgement::from_loss(BLUNDER_FROM, false),
            Judgement::Blunder
        );
        assert_eq!(Judgement::from_loss(1.0, false), Judgement::Blunder);
    }

    #[test]
    fn the_thresholds_are_lichess_s_plus_the_noise_margin() {
        // Lichess's 0.1 / 0.2 / 0.3 winning chances (−1 to 1) are half as
        // many win-probability points (0 to 1).
        for (lichess, ours) in [
            (0.1, INACCURACY_FROM),
            (0.2, MISTAKE_FROM),
            (0.3, BLUNDER_FROM),
        ] {
            assert!(
                (lichess / 2.0 + NOISE_MARGIN - ours).abs() < 1e-12,
                "{ours}"
            );
        }
        // Issue 62: a drop from 51% to 35% was only an inaccuracy.
        assert_eq!(Judgement::from_loss(0.51 - 0.35, false), Judgement::Mistake);
        assert_eq!(Judgement::from_loss(0.51 - 0.30, false), Judgement::Blunder);
    }

    #[test]
    fn engine_choice_is_best_unless_its_loss_is_an_error() {
        assert_eq!(Judgement::from_loss(0.08, true), Judgement::Best);
        assert_eq!(Judgement::from_loss(0.08, false), Judgement::Good);
        assert_eq!(Judgement::from_loss(0.17, true), Judgement::Mistake);
    }

    #[test]
    fn only_errors_carry_symbols() {
        let symbols: Vec<_> = Judgement::ALL.iter().map(|j| j.symbol()).collect();
        assert_eq!(
            symbols,
            [None, None, Some("?!"), Some("?"), Some("??"), None]
        );
        let errors: Vec<_> = Judgement::ALL.iter().map(|j| j.is_error()).collect();
        assert_eq!(errors, [false, false, true, true, true, false]);
        let counted: Vec<_> = Judgement::ALL
            .iter()
            .map(|j| j.counts_in_accuracy())
            .collect();
        assert_eq!(counted, [true, true, true, true, true, false]);
        for (i, j) in Judgement::ALL.iter().enumerate() {
            assert_eq!(*j as usize, i, "{j}");
        }
    }
}
