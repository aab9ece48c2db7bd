//! Ratings of many engines fitted to all their games at once, as Ordo and
//! BayesElo do for chess engines: the Bradley–Terry model on the Elo scale
//! (an engine `d` points above another expects the score
//! `1 / (1 + 10^(−d/400))`), fitted by maximum likelihood with Newton's
//! method, one engine (or the mean) anchored, and a 95% interval for each
//! rating from the observed Fisher information.
//!
//! Pairings that never met still get a difference through the engines in
//! between, so a ladder of neighbours plus a fixed point rates every rung.
//!
//! ```
//! use quoridor_arena::ratings::{Anchor, Crosstable};
//! let mut table = Crosstable::new();
//! table.add("level=2", "level=1", 75, 25).unwrap();
//! table.add("level=1", "random", 75, 25).unwrap();
//! let ratings = table.fit(&Anchor::engine("random", 0.0)).unwrap();
//! let level2 = ratings.get("level=2").unwrap();
//! assert!((level2.rating - 2.0 * 400.0 * 3f64.log10()).abs() < 1e-6);
//! assert_eq!(ratings.virtual_draws, 0.0);
//! ```
//!
//! When the games leave no finite maximum (an engine won or lost every game
//! it played, or more generally a group of engines won every game against
//! the rest), the fit adds one virtual draw (half a win to each side) to
//! every pairing that played, as BayesElo's prior does, and says which group
//! forced it in [`Ratings::separation`]. Otherwise the ratings are the plain
//! maximum-likelihood ones.

mod graph;
mod ladder;
mod matrix;

pub use ladder::{Ladder, LadderStep};

use matrix::Cholesky;
use serde::Serialize;
use std::fmt;

/// Elo points per unit of the natural-log odds: a difference `d` expects
/// the score `σ(d / ELO_PER_NAT)` with σ the logistic function.
const ELO_PER_NAT: f64 = 400.0 / std::f64::consts::LN_10;

/// z of a two-sided 95% normal interval.
const Z95: f64 = 1.96;

/// Newton iterations before the fit gives up (it takes about ten).
const MAX_ITERATIONS: usize = 100;

/// The fit has converged when no rating moves by more than this (in
/// natural-log odds; about 1e-8 Elo).
const TOLERANCE: f64 = 1e-10;

/// The expected score of an engine rated `difference` Elo above its
/// opponent.
///
/// ```
/// use quoridor_arena::ratings::expected_score;
/// assert_eq!(expected_score(0.0), 0.5);
/// assert!((expected_score(400.0) - 10.0 / 11.0).abs() < 1e-12);
/// ```
pub fn expected_score(difference: f64) -> f64 {
    logistic(difference / ELO_PER_NAT)
}

fn logistic(x: f64) -> f64 {
    1.0 / (1.0 + (-x).exp())
}

/// `ln σ(x)`, without overflow for large `|x|`.
fn ln_logistic(x: f64) -> f64 {
    if x > 0.0 {
        -(-x).exp().ln_1p()
    } else {
        x - x.exp().ln_1p()
    }
}

/// Games won between every two engines, pooled over any number of matches.
#[derive(Clone, Debug, Default)]
pub struct Crosstable {
    /// The engines' labels, in the order they first appeared.
    labels: Vec<String>,
    /// `wins[i][j]`: games engine `i` won against engine `j`.
    wins: Vec<Vec<u64>>,
}

impl Crosstable {
    /// An empty table.
    pub fn new() -> Crosstable {
        Crosstable::default()
    }

    /// Adds a match of `a` against `b` in which `a` won `a_wins` games and
    /// `b` won `b_wins`; games of the same two labels add up. An engine
    /// cannot play itself.
    pub fn add(&mut self, a: &str, b: &str, a_wins: u64, b_wins: u64) -> Result<(), RatingError> {
        if a == b {
            return Err(RatingError::SameEngine(a.to_string()));
        }
        let i = self.index_or_insert(a);
        let j = self.index_or_insert(b);
        self.wins[i][j] = self.wins[i][j].saturating_add(a_wins);
        self.wins[j][i] = self.wins[j][i].saturating_add(b_wins);
        Ok(())
    }

    /// The engines' labels, in the order they first appeared.
    pub fn labels(&self) -> &[String] {
        &self.labels
    }

    /// Games `a` won against `b` and games `b` won against `a`; `None`
    /// when either label is not in the table.
    pub fn head_to_head(&self, a: &str, b: &str) -> Option<(u64, u64)> {
        let (i, j) = (self.index(a)?, self.index(b)?);
        Some((self.wins[i][j], self.wins[j][i]))
    }

    fn index(&self, label: &str) -> Option<usize> {
        self.labels.iter().position(|l| l == label)
    }

    fn index_or_insert(&mut self, label: &str) -> usize {
        if let Some(i) = self.index(label) {
            return i;
        }
        self.labels.push(label.to_string());
        for row in &mut self.wins {
            row.push(0);
        }
        self.wins.push(vec![0; self.labels.len()]);
        self.labels.len() - 1
    }

    fn played(&self, i: usize, j: usize) -> bool {
        self.wins[i][j] + self.wins[j][i] > 0
    }

    /// The ratings that make the games most likely, `anchor` fixing where
    /// the scale sits, each with its 95% interval.
    ///
    /// Fails when the table is empty, the anchor is not in it, or some
    /// engines have no chain of games to the anchor (or, anchored at the
    /// mean, to the largest group of engines linked by games).
    pub fn fit(&self, anchor: &Anchor) -> Result<Ratings, RatingError> {
        let n = self.labels.len();
        if n == 0 {
            return Err(RatingError::NoGames);
        }
        let component = graph::components(n, |i, j| self.played(i, j));
        let (reference, linked) = match anchor {
            Anchor::Engine { label, .. } => {
                let i = self
                    .index(label)
                    .ok_or_else(|| RatingError::UnknownAnchor {
                        label: label.clone(),
                        known: self.labels.clone(),
                    })?;
                (i, component[i])
            }
            Anchor::Mean { .. } => {
                // The largest group of linked engines (the first if tied).
                let size = |c| component.iter().filter(|&&x| x == c).count();
                let biggest = (0..n)
                    .map(|i| component[i])
                    .max_by(|&a, &b| size(a).cmp(&size(b)).then(b.cmp(&a)));
                let biggest = biggest.unwrap_or(0);
                let first = component.iter().position(|&c| c == biggest).unwrap_or(0);
                (first, biggest)
            }
        };
        let outside: Vec<String> = (0..n)
            .filter(|&i| component[i] != linked)
            .map(|i| self.labels[i].clone())
            .collect();
        if !outside.is_empty() {
            return Err(RatingError::NotConnected {
                anchor: match anchor {
                    Anchor::Engine { label, .. } => Some(label.clone()),
                    Anchor::Mean { .. } => None,
                },
                linked: n - outside.len(),
                engines: outside,
            });
        }
        let separation = self.separation();
        let virtual_draws = if separation.is_some() { 1.0 } else { 0.0 };
        let scores: Vec<Vec<f64>> = (0..n)
            .map(|i| {
                (0..n)
                    .map(|j| {
                        let prior = if self.played(i, j) {
                            virtual_draws / 2.0
                        } else {
                            0.0
                        };
                        self.wins[i][j] as f64 + prior
                    })
                    .collect()
            })
            .collect();
        let fit = newton(&scores, reference)?;
        let variances = variances(&fit, anchor);
        let (shift, base) = match anchor {
            Anchor::Engine { rating, .. } => (fit.theta[reference], *rating),
            Anchor::Mean { rating } => (fit.theta.iter().sum::<f64>() / n as f64, *rating),
        };
        let mut engines: Vec<EngineRating> = (0..n)
            .map(|i| {
                let wins: u64 = self.wins[i].iter().sum();
                let losses: u64 = (0..n).map(|j| self.wins[j][i]).sum();
                EngineRating {
                    label: self.labels[i].clone(),
                    rating: base + (fit.theta[i] - shift) * ELO_PER_NAT,
                    margin: Z95 * variances[i].max(0.0).sqrt() * ELO_PER_NAT,
                    games: wins + losses,
                    wins,
                }
            })
            .collect();
        // Best first; equal ratings in the table's order (the sort is stable).
        engines.sort_by(|a, b| b.rating.total_cmp(&a.rating));
        Ok(Ratings {
            engines,
            anchor: anchor.clone(),
            virtual_draws,
            separation: separation.map(|(group, won_all)| Separation {
                engines: group.into_iter().map(|i| self.labels[i].clone()).collect(),
                won_all,
            }),
            iterations: fit.iterations,
        })
    }

    /// When the "beat at least once" graph is not strongly connected (so no
    /// finite maximum exists): the smallest group of engines that won every
    /// game against the others, or lost every one (`true` for won), as
    /// engine indices; of two the same size, one that lost.
    fn separation(&self) -> Option<(Vec<usize>, bool)> {
        let n = self.labels.len();
        let scc = graph::strong_components(n, |i, j| self.wins[i][j] > 0);
        let count = scc.iter().max().map_or(0, |&c| c + 1);
        if count <= 1 {
            return None;
        }
        let mut best: Option<(Vec<usize>, bool)> = None;
        for c in 0..count {
            let group: Vec<usize> = (0..n).filter(|&i| scc[i] == c).collect();
            let others = || (0..n).filter(|&j| scc[j] != c);
            let lost_to_others = group.iter().any(|&i| others().any(|j| self.wins[j][i] > 0));
            let beat_others = group.iter().any(|&i| others().any(|j| self.wins[i][j] > 0));
            let (won_all, lost_all) = (!lost_to_others, !beat_others);
            if !won_all && !lost_all {
                continue;
            }
            // Smallest first, then a losing group (the weak end of a ladder
            // says more), then the table's order.
            let key = |g: &[usize], won: bool| (g.len(), won, g[0]);
            let smaller = best
                .as_ref()
                .is_none_or(|(b, b_won)| key(&group, won_all) < key(b, *b_won));
            if smaller {
                best = Some((group, won_all));
            }
        }
        best
    }
}

/// Where the rating scale sits: ratings only fix differences.
#[derive(Clone, Debug, PartialEq, Serialize)]
#[serde(rename_all = "snake_case", tag = "kind")]
pub enum Anchor {
    /// The mean of all ratings is `rating`.
    Mean {
        /// The mean rating.
        rating: f64,
    },
    /// The engine `label` is rated `rating`, with no interval of its own;
    /// the others' intervals are relative to it.
    Engine {
        /// The anchored engine.
        label: String,
        /// Its rating.
        rating: f64,
    },
}

impl Anchor {
    /// The engine `label` anchored at `rating`.
    pub fn engine(label: &str, rating: f64) -> Anchor {
        Anchor::Engine {
            label: label.to_string(),
            rating,
        }
    }
}

impl Default for Anchor {
    /// The mean at 0.
    fn default() -> Anchor {
        Anchor::Mean { rating: 0.0 }
    }
}

/// One engine's fitted rating.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct EngineRating {
    /// The engine's label (as in the arena's summaries).
    pub label: String,
    /// Its rating on the Elo scale.
    pub rating: f64,
    /// Half-width of its 95% interval: 1.96 standard errors from the
    /// inverse of the Fisher information (0 for the anchored engine).
    pub margin: f64,
    /// Games it played (virtual draws not counted).
    pub games: u64,
    /// Games it won.
    pub wins: u64,
}

impl EngineRating {
    /// The fraction of its games it won (0 without games).
    pub fn score(&self) -> f64 {
        self.wins as f64 / self.games.max(1) as f64
    }
}

/// A group of engines that won, or lost, every game against all the others,
/// so that the plain maximum-likelihood ratings are infinitely far apart.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct Separation {
    /// The group (the smallest such group; of two the same size, one that
    /// lost).
    pub engines: Vec<String>,
    /// Whether it won every game against the others (else it lost every one).
    pub won_all: bool,
}

/// The result of [`Crosstable::fit`].
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct Ratings {
    /// Every engine, best first.
    pub engines: Vec<EngineRating>,
    /// Where the scale sits.
    pub anchor: Anchor,
    /// Virtual draws added to each pairing that played: 0, or 1 when
    /// `separation` left no finite fit without them.
    pub virtual_draws: f64,
    /// Why virtual draws were added, if they were.
    pub separation: Option<Separation>,
    /// Newton iterations the fit took.
    pub iterations: usize,
}

impl Ratings {
    /// The rating of the engine `label`.
    pub fn get(&self, label: &str) -> Option<&EngineRating> {
        self.engines.iter().find(|e| e.label == label)
    }
}

/// Why ratings cannot be fitted.
#[derive(Clone, Debug, PartialEq)]
pub enum RatingError {
    /// A match of an engine against itself.
    SameEngine(String),
    /// Nothing to fit.
    NoGames,
    /// The anchor is not among the engines.
    UnknownAnchor {
        /// The anchor's label.
        label: String,
        /// The engines there are.
        known: Vec<String>,
    },
    /// An engine named in a ladder is not among the engines.
    UnknownEngine {
        /// Its label.
        label: String,
        /// The engines there are.
        known: Vec<String>,
    },
    /// Some engines have no chain of games to the others.
    NotConnected {
        /// The anchor, or `None` for the mean.
        anchor: Option<String>,
        /// The engines with no chain of games to the anchor (or to the
        /// largest linked group).
        engines: Vec<String>,
        /// How many engines are linked to the anchor (or in that group).
        linked: usize,
    },
    /// Newton's method did not converge (the data would have to be
    /// pathological: the log-likelihood is concave).
    NoConvergence,
}

impl fmt::Display for RatingError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            RatingError::SameEngine(label) => write!(
                f,
                "both engines are labelled {label:?}: an engine cannot be rated against itself"
            ),
            RatingError::NoGames => f.write_str("no games to rate"),
            RatingError::UnknownAnchor { label, known } => write!(
                f,
                "the anchor {label:?} is not one of the engines ({})",
                known.join(", ")
            ),
            RatingError::UnknownEngine { label, known } => write!(
                f,
                "{label:?} is not one of the engines ({})",
                known.join(", ")
            ),
            RatingError::NotConnected {
                anchor: Some(anchor),
                engines,
                ..
            } => write!(
                f,
                "no chain of games links {} to the anchor {anchor}, so they cannot be rated on its scale",
                engines.join(", ")
            ),
            RatingError::NotConnected {
                anchor: None,
                engines,
                linked,
            } => write!(
                f,
                "no chain of games links {} to the other {linked} engines, so they cannot be rated on one scale",
                engines.join(", ")
            ),
            RatingError::NoConvergence => write!(
                f,
                "the rating fit did not converge in {MAX_ITERATIONS} Newton iterations"
            ),
        }
    }
}

impl std::error::Error for RatingError {}

/// The maximum-likelihood point in natural-log odds, the reference engine
/// at 0, with the Fisher information of the others there.
struct Fit {
    theta: Vec<f64>,
    /// The engines other than the reference, in order.
    free: Vec<usize>,
    /// The observed information (minus the Hessian) over `free`.
    information: Vec<Vec<f64>>,
    iterations: usize,
}

/// Maximises the log-likelihood of `scores` (`scores[i][j]`: points `i` won
/// against `j`) over the ratings of every engine but `reference`, by
/// Newton's method with step halving.
fn newton(scores: &[Vec<f64>], reference: usize) -> Result<Fit, RatingError> {
    let n = scores.len();
    let free: Vec<usize> = (0..n).filter(|&i| i != reference).collect();
    let mut theta = vec![0.0; n];
    for iteration in 1..=MAX_ITERATIONS {
        let (gradient, information) = derivatives(scores, &theta, &free);
        let step = Cholesky::new(&information)
            .ok_or(RatingError::NoConvergence)?
            .solve(&gradient);
        let before = log_likelihood(scores, &theta);
        let mut scale = 1.0;
        let moved = loop {
            let mut trial = theta.clone();
            for (k, &i) in free.iter().enumerate() {
                trial[i] += scale * step[k];
            }
            // The likelihood is concave: a short enough step never lowers it
            // (but for rounding, hence the slack and the floor on the scale).
            let slack = 1e-12 * before.abs();
            if log_likelihood(scores, &trial) >= before - slack || scale < 1e-9 {
                theta = trial;
                break step.iter().fold(0.0_f64, |m, s| m.max((scale * s).abs()));
            }
            scale /= 2.0;
        };
        if moved < TOLERANCE {
            let (_, information) = derivatives(scores, &theta, &free);
            return Ok(Fit {
                theta,
                free,
                information,
                iterations: iteration,
            });
        }
    }
    Err(RatingError::NoConvergence)
}

/// The log-likelihood of `scores` at `theta`.
fn log_likelihood(scores: &[Vec<f64>], theta: &[f64]) -> f64 {
    let n = scores.len();
    let mut sum = 0.0;
    for i in 0..n {
        for j in 0..n {
            if scores[i][j] > 0.0 {
                sum += scores[i][j] * ln_logistic(theta[i] - theta[j]);
            }
        }
    }
    sum
}

/// The gradient of the log-likelihood over `free` (points won minus points
/// expected) and the observed information there (minus its Hessian).
fn derivatives(scores: &[Vec<f64>], theta: &[f64], free: &[usize]) -> (Vec<f64>, Vec<Vec<f64>>) {
    let n = scores.len();
    let mut gradient = vec![0.0; n];
    let mut hessian = vec![vec![0.0; n]; n];
    for i in 0..n {
        for j in 0..n {
            let games = scores[i][j] + scores[j][i];
            if i == j || games == 0.0 {
                continue;
            }
            let p = logistic(theta[i] - theta[j]);
            gradient[i] += scores[i][j] - games * p;
            let weight = games * p * (1.0 - p);
            hessian[i][i] += weight;
            hessian[i][j] -= weight;
        }
    }
    (
        free.iter().map(|&i| gradient[i]).collect(),
        free.iter()
            .map(|&i| free.iter().map(|&j| hessian[i][j]).collect())
            .collect(),
    )
}

/// Each engine's rating variance (natural-log odds squared) relative to the
/// anchor: the inverse information for the engines the fit left free,
/// moved to the mean's frame for [`Anchor::Mean`].
fn variances(fit: &Fit, anchor: &Anchor) -> Vec<f64> {
    let n = fit.theta.len();
    let inverse = Cholesky::new(&fit.information).map(|c| c.inverse());
    let Some(inverse) = inverse else {
        return vec![f64::NAN; n];
    };
    // The covariance of all n, the reference fixed at 0.
    let mut covariance = vec![vec![0.0; n]; n];
    for (a, &i) in fit.free.iter().enumerate() {
        for (b, &j) in fit.free.iter().enumerate() {
            covariance[i][j] = inverse[a][b];
        }
    }
    match anchor {
        Anchor::Engine { .. } => (0..n).map(|i| covariance[i][i]).collect(),
        Anchor::Mean { .. } => {
            // Var(θᵢ − mean θ) = Cᵢᵢ − 2/n Σₖ Cᵢₖ + 1/n² Σₖₗ Cₖₗ, the same
            // whichever engine the fit held fixed.
            let nf = n as f64;
            let row_sums: Vec<f64> = covariance.iter().map(|row| row.iter().sum()).collect();
            let total: f64 = row_sums.iter().sum();
            (0..n)
                .map(|i| covariance[i][i] - 2.0 * row_sums[i] / nf + total / (nf * nf))
                .collect()
        }
    }
}

#[cfg(test)]
mod tests;
