//! Match statistics: the Wilson score interval and Elo differences.

use serde::Serialize;

/// The 95% Wilson score interval `(low, high)` of a win rate from `wins`
/// out of `games` (half points allowed).
///
/// ```
/// let (lo, hi) = quoridor_arena::wilson_interval(50.0, 100);
/// assert!((lo - 0.404).abs() < 0.001 && (hi - 0.596).abs() < 0.001);
/// ```
pub fn wilson_interval(wins: f64, games: usize) -> (f64, f64) {
    if games == 0 {
        return (0.0, 1.0);
    }
    let n = games as f64;
    let z = 1.96_f64;
    let p = (wins / n).clamp(0.0, 1.0);
    let centre = (p + z * z / (2.0 * n)) / (1.0 + z * z / n);
    let half = z * (p * (1.0 - p) / n + z * z / (4.0 * n * n)).sqrt() / (1.0 + z * z / n);
    // Exactly, the interval always contains p; rounding can miss it at 0 and 1.
    ((centre - half).clamp(0.0, p), (centre + half).clamp(p, 1.0))
}

/// Elo difference of a score fraction (clamped to half a game from 0 and 1,
/// so a clean sweep gives a large finite number).
fn elo_of(score: f64, games: usize) -> f64 {
    let margin = 0.5 / games.max(1) as f64;
    let s = score.clamp(margin, 1.0 - margin);
    -400.0 * (1.0 / s - 1.0).log10()
}

/// Elo difference for `wins` out of `games`, with the half-width of its 95%
/// interval (from the Wilson interval of the score).
///
/// ```
/// let (elo, err) = quoridor_arena::elo_with_error(75.0, 100);
/// assert!((elo - 190.8).abs() < 0.1);
/// assert!(err > 50.0 && err < 100.0);
/// ```
pub fn elo_with_error(wins: f64, games: usize) -> (f64, f64) {
    let n = games.max(1);
    let (lo, hi) = wilson_interval(wins, n);
    let elo = elo_of(wins / n as f64, n);
    (elo, (elo_of(hi, n) - elo_of(lo, n)) / 2.0)
}

/// What a match says about the Elo difference A−B.
///
/// The rule, as rating tools do: when both engines won a game, the estimate
/// with its 95% margin. When one engine won every game the estimate is
/// infinite, so there is none; instead the 95% bound on the side of the
/// winner, the Elo of the Wilson interval's end (`n / (n + 1.96²)` of the
/// games for a sweep of `n`): A−B above it when A won all, below it when B
/// did. Only a bound beyond 0 says who is stronger, which takes a sweep of
/// five games or more (five: above +46).
#[derive(Clone, Copy, Debug, PartialEq, Serialize)]
#[serde(rename_all = "snake_case", tag = "kind")]
pub enum EloDifference {
    /// No game was played.
    NoGames,
    /// Each engine won at least once.
    Estimate {
        /// Elo of A minus B.
        elo: f64,
        /// Half-width of its 95% interval.
        error: f64,
    },
    /// A won every game: A−B is above `bound` with 95% confidence.
    AWonAll {
        /// The 95% lower bound of A−B.
        bound: f64,
    },
    /// B won every game: A−B is below `bound` with 95% confidence.
    BWonAll {
        /// The 95% upper bound of A−B.
        bound: f64,
    },
}

impl EloDifference {
    /// The Elo difference A−B after A won `wins` of `games`.
    ///
    /// ```
    /// use quoridor_arena::EloDifference;
    /// assert!(matches!(EloDifference::of(3, 4), EloDifference::Estimate { .. }));
    /// let EloDifference::AWonAll { bound } = EloDifference::of(5, 5) else { panic!() };
    /// assert!((bound - 45.8).abs() < 0.1);
    /// ```
    pub fn of(wins: usize, games: usize) -> EloDifference {
        let (lo, hi) = wilson_interval(wins as f64, games);
        if games == 0 {
            EloDifference::NoGames
        } else if wins == games {
            EloDifference::AWonAll {
                bound: elo_of_fraction(lo),
            }
        } else if wins == 0 {
            EloDifference::BWonAll {
                bound: elo_of_fraction(hi),
            }
        } else {
            let (elo, error) = elo_with_error(wins as f64, games);
            EloDifference::Estimate { elo, error }
        }
    }
}

/// The Elo difference that expects the score fraction `s` (strictly
/// between 0 and 1).
fn elo_of_fraction(s: f64) -> f64 {
    -400.0 * (1.0 / s - 1.0).log10()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn wilson_stays_inside_zero_one_and_contains_the_rate() {
        for games in [1, 5, 40, 100] {
            for wins in 0..=games {
                let (lo, hi) = wilson_interval(wins as f64, games);
                let p = wins as f64 / games as f64;
                assert!(
                    0.0 <= lo && lo <= p && p <= hi && hi <= 1.0,
                    "{wins}/{games}"
                );
            }
        }
        let (lo, hi) = wilson_interval(0.0, 20);
        assert_eq!(lo, 0.0);
        assert!((hi - 0.161).abs() < 0.001);
    }

    #[test]
    fn elo_is_zero_at_even_score_and_symmetric() {
        assert!(elo_with_error(50.0, 100).0.abs() < 1e-9);
        let (up, e1) = elo_with_error(70.0, 100);
        let (down, e2) = elo_with_error(30.0, 100);
        assert!((up + down).abs() < 1e-9 && (e1 - e2).abs() < 1e-9);
        assert!(elo_with_error(100.0, 100).0.is_finite());
    }

    #[test]
    fn a_sweep_has_no_estimate_but_a_bound_on_the_winners_side() {
        let bound = |wins, games| match EloDifference::of(wins, games) {
            EloDifference::AWonAll { bound } | EloDifference::BWonAll { bound } => bound,
            other => panic!("{wins}/{games}: {other:?}"),
        };
        // 1-0: A−B above -234 (95%), which says nothing about who is stronger.
        assert!(matches!(
            EloDifference::of(1, 1),
            EloDifference::AWonAll { .. }
        ));
        assert!((bound(1, 1) + 233.8).abs() < 0.1, "{}", bound(1, 1));
        assert!(matches!(
            EloDifference::of(0, 1),
            EloDifference::BWonAll { .. }
        ));
        assert!((bound(0, 1) - 233.8).abs() < 0.1);
        assert!((bound(3, 3) + 43.0).abs() < 0.1, "{}", bound(3, 3));
        assert!((bound(5, 5) - 45.8).abs() < 0.1, "{}", bound(5, 5));
        assert!((bound(0, 5) + 45.8).abs() < 0.1);
        assert_eq!(EloDifference::of(0, 0), EloDifference::NoGames);
        let EloDifference::Estimate { elo, .. } = EloDifference::of(1, 2) else {
            panic!("one win each is an estimate")
        };
        assert!(elo.abs() < 1e-9);
    }
}
