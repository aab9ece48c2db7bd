//! The log-likelihood ratio of the generalized SPRT under the pentanomial
//! model, computed exactly (the maximum-likelihood distributions, as
//! fishtest's `LLR_logistic` and fastchess do) rather than by the normal
//! approximation.

use serde::{Deserialize, Serialize};

/// A pair's score for A, in each cell of [`PairCounts`]: two losses, a loss
/// and a draw, a win and a loss (or two draws), a win and a draw, two wins.
const PAIR_SCORES: [f64; 5] = [0.0, 0.25, 0.5, 0.75, 1.0];

/// What an empty cell counts for in the LLR: a thousandth of a pair, as
/// fastchess regularizes (an empty cell would otherwise pin the
/// maximum-likelihood distribution to the cells seen so far).
const EMPTY_CELL: f64 = 1e-3;

/// Game pairs (two games from one opening, colours swapped) by A's score
/// over the pair: the pentanomial counts. The arena's games have no draws,
/// so only `ll`, `wl` and `ww` fill; the draw cells stay for the model's
/// sake (and for files that might one day hold draws).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct PairCounts {
    /// Pairs A lost both games of (score 0).
    pub ll: usize,
    /// A loss and a draw (score 1/4).
    pub ld: usize,
    /// A win and a loss, or two draws (score 1/2).
    pub wl: usize,
    /// A win and a draw (score 3/4).
    pub wd: usize,
    /// Pairs A won both games of (score 1).
    pub ww: usize,
}

impl PairCounts {
    /// Counts one more pair in which A won `a_wins` of the two games.
    pub fn add(&mut self, a_wins: usize) {
        match a_wins {
            0 => self.ll += 1,
            1 => self.wl += 1,
            _ => self.ww += 1,
        }
    }

    /// Pairs counted.
    pub fn pairs(&self) -> usize {
        self.ll + self.ld + self.wl + self.wd + self.ww
    }

    /// The cells in the order of [`PAIR_SCORES`].
    fn cells(&self) -> [usize; 5] {
        [self.ll, self.ld, self.wl, self.wd, self.ww]
    }

    /// The same pairs seen from B: wins and losses swapped.
    pub fn mirrored(&self) -> PairCounts {
        PairCounts {
            ll: self.ww,
            ld: self.wd,
            wl: self.wl,
            wd: self.ld,
            ww: self.ll,
        }
    }
}

/// The expected score of an engine `elo` logistic Elo points above its
/// opponent: `1 / (1 + 10^(−elo/400))`.
pub fn logistic_score(elo: f64) -> f64 {
    1.0 / (1.0 + 10f64.powf(-elo / 400.0))
}

/// The generalized SPRT's log-likelihood ratio of H1 (A−B = `elo1`) against
/// H0 (A−B = `elo0`), Elo logistic, over the game pairs `counts` (0 for no
/// pairs).
///
/// The pentanomial model (Van den Bergh; fishtest and fastchess): a pair
/// scores `x_i ∈ {0, ¼, ½, ¾, 1}` with unknown probabilities; H0 and H1
/// only fix their mean, `s_j = L(elo_j)` with `L` the [`logistic_score`].
/// With `N` pairs, empirical frequencies `p̂_i` (an empty cell counted as
/// a thousandth of a pair, as fishtest and fastchess do) and `q(s)` the distribution of mean
/// `s` most likely to give them,
///
/// ```text
/// LLR = N · Σ_i p̂_i · ln(q_i(s1) / q_i(s0)),
/// q_i(s) = p̂_i / (1 + θ·(x_i − s)),  with θ the root of
/// Σ_i p̂_i (x_i − s) / (1 + θ·(x_i − s)) = 0  in  (−1/(x_max − s), 1/(s − x_min))
/// ```
///
/// (M. Van den Bergh, "Comments on Normalized Elo", proposition 1.1; the
/// left side falls strictly in θ, so bisection finds the root). This is
/// what fishtest's `LLR_logistic` (its `MLE_expected`) and fastchess's
/// `getLLR_logistic` compute. For many pairs it agrees with the normal
/// approximation `N (s1 − s0)(2μ − s0 − s1) / (2σ²)` (fishtest's older
/// `LLR_alt2`, fast-chess's early versions), which for few pairs or a
/// sweep (σ² near 0) overshoots: after one pair won twice it would already
/// accept H1 at [0, 10]. A sweep here gains `ln(s1/s0)` a pair, as a win
/// does in a plain binomial SPRT.
pub fn llr(counts: &PairCounts, elo0: f64, elo1: f64) -> f64 {
    if counts.pairs() == 0 {
        return 0.0;
    }
    let cells = counts
        .cells()
        .map(|n| if n == 0 { EMPTY_CELL } else { n as f64 });
    llr_of_cells(&cells, elo0, elo1)
}

/// [`llr`] of the (already regularized, or left as they are) pair counts
/// `cells`, in the order of [`PAIR_SCORES`]: cells at 0 take no part.
fn llr_of_cells(cells: &[f64; 5], elo0: f64, elo1: f64) -> f64 {
    let total: f64 = cells.iter().sum();
    if total <= 0.0 {
        return 0.0;
    }
    let freq = cells.map(|n| n / total);
    let (s0, s1) = (logistic_score(elo0), logistic_score(elo1));
    let (Some(q0), Some(q1)) = (
        most_likely_with_mean(&freq, s0),
        most_likely_with_mean(&freq, s1),
    ) else {
        // A mean outside the scores seen: no distribution on them has it.
        return match (elo1 - elo0).signum() * (mean(&freq) - (s0 + s1) / 2.0).signum() {
            x if x > 0.0 => f64::INFINITY,
            x if x < 0.0 => f64::NEG_INFINITY,
            _ => 0.0,
        };
    };
    total
        * (0..5)
            .filter(|&i| freq[i] > 0.0)
            .map(|i| freq[i] * (q1[i] / q0[i]).ln())
            .sum::<f64>()
}

/// The mean pair score of the frequencies `freq`.
fn mean(freq: &[f64; 5]) -> f64 {
    freq.iter().zip(PAIR_SCORES).map(|(p, x)| p * x).sum()
}

/// The distribution on [`PAIR_SCORES`] with mean `s` under which the
/// frequencies `freq` are most likely (see [`llr`]); `None` when `s` is not
/// strictly between the lowest and highest score seen.
fn most_likely_with_mean(freq: &[f64; 5], s: f64) -> Option<[f64; 5]> {
    let seen = || (0..5).filter(|&i| freq[i] > 0.0).map(|i| PAIR_SCORES[i]);
    let lowest = seen().fold(f64::INFINITY, f64::min);
    let highest = seen().fold(f64::NEG_INFINITY, f64::max);
    if !(lowest < s && s < highest) {
        return None;
    }
    let slope = |theta: f64| {
        (0..5)
            .filter(|&i| freq[i] > 0.0)
            .map(|i| freq[i] * (PAIR_SCORES[i] - s) / (1.0 + theta * (PAIR_SCORES[i] - s)))
            .sum::<f64>()
    };
    // The root lies strictly inside; the function falls from +∞ to −∞.
    let (mut lo, mut hi) = (-1.0 / (highest - s), 1.0 / (s - lowest));
    for _ in 0..200 {
        let mid = (lo + hi) / 2.0;
        if mid <= lo || mid >= hi {
            break;
        }
        if slope(mid) > 0.0 {
            lo = mid;
        } else {
            hi = mid;
        }
    }
    let theta = (lo + hi) / 2.0;
    Some(std::array::from_fn(|i| {
        freq[i] / (1.0 + theta * (PAIR_SCORES[i] - s))
    }))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn pairs(ll: usize, wl: usize, ww: usize) -> PairCounts {
        PairCounts {
            ll,
            wl,
            ww,
            ..PairCounts::default()
        }
    }

    /// The normal approximation of the same LLR (fishtest's `LLR_alt2`).
    fn normal_approximation(c: &PairCounts, elo0: f64, elo1: f64) -> f64 {
        let n = c.pairs() as f64;
        let freq = c.cells().map(|k| k as f64 / n);
        let mu = mean(&freq);
        let var: f64 = freq
            .iter()
            .zip(PAIR_SCORES)
            .map(|(p, x)| p * (x - mu).powi(2))
            .sum();
        let (s0, s1) = (logistic_score(elo0), logistic_score(elo1));
        n * (s1 - s0) * (2.0 * mu - s0 - s1) / var / 2.0
    }

    fn close(x: f64, y: f64, eps: f64) -> bool {
        (x - y).abs() < eps
    }

    #[test]
    fn the_logistic_score_is_a_half_at_0_and_64_percent_at_100() {
        assert!(close(logistic_score(0.0), 0.5, 1e-12));
        assert!(close(logistic_score(100.0), 0.640_065, 1e-6));
        assert!(close(logistic_score(-100.0), 1.0 - 0.640_065, 1e-6));
    }

    #[test]
    fn with_only_swept_pairs_the_llr_is_the_binomial_sprts() {
        // 7 pairs won twice, 3 lost twice, no empty cell regularized: the
        // only distribution on {0, 1} with mean s is (1 − s, s), so the LLR
        // is 7 ln(s1/s0) + 3 ln((1 − s1)/(1 − s0)) with s0 = ½,
        // s1 = L(100) = 0.640065: 7 × 0.246962 − 3 × 0.328684 = 0.742678.
        let cells = [3.0, 0.0, 0.0, 0.0, 7.0];
        assert!(close(llr_of_cells(&cells, 0.0, 100.0), 0.742_678, 1e-5));
    }

    #[test]
    fn hand_computed_values_of_the_pentanomial_llr() {
        // Worked out independently with a bisection for θ (Python).
        assert!(close(
            llr(&pairs(300, 500, 400), 0.0, 10.0),
            4.087_227,
            1e-5
        ));
        assert!(close(llr(&pairs(10, 30, 20), 0.0, 10.0), 0.528_293, 1e-5));
        // Sweeps: 8 pairs at [0, 200] cross 2.944, 7 do not.
        assert!(close(llr(&pairs(0, 0, 8), 0.0, 200.0), 3.347_539, 1e-5));
        assert!(close(llr(&pairs(0, 0, 7), 0.0, 200.0), 2.929_162, 1e-5));
        assert_eq!(llr(&PairCounts::default(), 0.0, 10.0), 0.0);
    }

    #[test]
    fn for_many_pairs_it_agrees_with_the_normal_approximation() {
        for c in [pairs(300, 500, 400), pairs(2000, 5000, 2600)] {
            let (exact, approx) = (llr(&c, 0.0, 10.0), normal_approximation(&c, 0.0, 10.0));
            assert!(
                (exact - approx).abs() < 0.02 * approx.abs(),
                "{exact} {approx}"
            );
        }
    }

    #[test]
    fn more_wins_raise_the_llr() {
        for elo in [(0.0, 10.0), (-5.0, 5.0), (0.0, 200.0)] {
            let mut last = f64::NEG_INFINITY;
            // Thirty pairs: each lost pair turned into a won one raises it…
            for ww in 0..=30 {
                let now = llr(&pairs(30 - ww, 0, ww), elo.0, elo.1);
                assert!(now > last, "{ww} pairs won at {elo:?}: {now} after {last}");
                last = now;
            }
            // …and so does each lost pair turned into a split one.
            for wl in 0..30 {
                let before = llr(&pairs(30 - wl, wl, 0), elo.0, elo.1);
                let after = llr(&pairs(29 - wl, wl + 1, 0), elo.0, elo.1);
                assert!(after > before, "{wl} split pairs at {elo:?}");
            }
        }
    }

    #[test]
    fn swapping_the_bounds_or_the_sides_changes_the_llrs_sign_only() {
        for c in [pairs(3, 10, 5), pairs(0, 4, 9), pairs(12, 2, 1)] {
            let x = llr(&c, 0.0, 10.0);
            assert!(close(llr(&c, 10.0, 0.0), -x, 1e-9), "{c:?}");
            // B's view of the same games: B−A = −10 (H1) against 0 (H0).
            assert!(close(llr(&c.mirrored(), 0.0, -10.0), x, 1e-9), "{c:?}");
            assert!(close(llr(&c.mirrored(), -10.0, 0.0), -x, 1e-9), "{c:?}");
        }
    }
}
