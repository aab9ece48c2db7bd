//! The sequential probability ratio test of a match (`arena --sprt`), as
//! Stockfish's fishtest and the `cutechess-cli` / `fastchess` tools run it:
//! after each pair of games (one opening, colours swapped) the
//! log-likelihood ratio of H1 (Elo A−B = `elo1`) against H0 (`elo0`) under
//! the pentanomial model ([`llr`]); the match stops as soon as it reaches
//! `ln((1−β)/α)` (H1 accepted) or `ln(β/(1−α))` (H0 accepted).
//!
//! ```
//! use quoridor_arena::sprt::{PairCounts, SprtSettings, Verdict};
//! let sprt: SprtSettings = "elo0=0,elo1=200".parse().unwrap();
//! let mut pairs = PairCounts::default();
//! for _ in 0..8 {
//!     pairs.add(2); // A won both games of the pair
//! }
//! assert!((sprt.upper() - 2.944).abs() < 0.001);
//! assert_eq!(sprt.verdict(sprt.llr(&pairs)), Some(Verdict::H1));
//! ```

mod llr;
mod sequence;

pub use llr::{llr, logistic_score, PairCounts};
pub use sequence::SequentialTest;

use serde::{Deserialize, Serialize};
use std::fmt;
use std::str::FromStr;

/// The widest Elo bound `--sprt` takes: beyond it the logistic score is
/// 1 or 0 to within a few parts in a million.
pub const MAX_ELO_BOUND: f64 = 1000.0;

/// The test's hypotheses and error rates: H0 is Elo A−B = `elo0`, H1 is
/// `elo1` (logistic Elo), `alpha` the chance of accepting H1 when H0 holds
/// and `beta` of accepting H0 when H1 holds.
#[derive(Clone, Copy, Debug, PartialEq, Serialize, Deserialize)]
pub struct SprtSettings {
    /// Elo A−B under H0.
    pub elo0: f64,
    /// Elo A−B under H1 (above `elo0`).
    pub elo1: f64,
    /// The false-positive rate (0 < alpha < 0.5).
    pub alpha: f64,
    /// The false-negative rate (0 < beta < 0.5).
    pub beta: f64,
}

/// What the test concluded.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum Verdict {
    /// The LLR fell to the lower bound: H0 accepted.
    H0,
    /// The LLR rose to the upper bound: H1 accepted.
    H1,
}

impl SprtSettings {
    /// The settings, checked: finite Elo bounds within ±[`MAX_ELO_BOUND`]
    /// with `elo0 < elo1`, and error rates strictly between 0 and 0.5.
    pub fn new(elo0: f64, elo1: f64, alpha: f64, beta: f64) -> Result<SprtSettings, BadSprt> {
        for (name, elo) in [("elo0", elo0), ("elo1", elo1)] {
            if elo.is_nan() || elo.abs() > MAX_ELO_BOUND {
                return Err(BadSprt(format!(
                    "{name} = {elo} is beyond ±{MAX_ELO_BOUND}"
                )));
            }
        }
        if elo0 >= elo1 {
            return Err(BadSprt(format!(
                "elo0 ({elo0}) must be below elo1 ({elo1})"
            )));
        }
        for (name, rate) in [("alpha", alpha), ("beta", beta)] {
            if !(rate > 0.0 && rate < 0.5) {
                return Err(BadSprt(format!(
                    "{name} ({rate}) must be between 0 and 0.5"
                )));
            }
        }
        Ok(SprtSettings {
            elo0,
            elo1,
            alpha,
            beta,
        })
    }

    /// The LLR at which H0 is accepted: `ln(β / (1 − α))`.
    pub fn lower(&self) -> f64 {
        (self.beta / (1.0 - self.alpha)).ln()
    }

    /// The LLR at which H1 is accepted: `ln((1 − β) / α)`.
    pub fn upper(&self) -> f64 {
        ((1.0 - self.beta) / self.alpha).ln()
    }

    /// The LLR of the game pairs `counts` (see [`llr()`]).
    pub fn llr(&self, counts: &PairCounts) -> f64 {
        llr(counts, self.elo0, self.elo1)
    }

    /// The verdict an LLR of `llr` reaches, if any.
    pub fn verdict(&self, llr: f64) -> Option<Verdict> {
        if llr >= self.upper() {
            Some(Verdict::H1)
        } else if llr <= self.lower() {
            Some(Verdict::H0)
        } else {
            None
        }
    }

    /// `LLR 2.97 (-2.94, 2.94) [0, 10]`, as fastchess prints it.
    pub fn llr_text(&self, llr: f64) -> String {
        format!(
            "LLR {llr:.2} ({:.2}, {:.2}) [{}, {}]",
            self.lower(),
            self.upper(),
            self.elo0,
            self.elo1
        )
    }
}

impl fmt::Display for SprtSettings {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "elo0={},elo1={},alpha={},beta={}",
            self.elo0, self.elo1, self.alpha, self.beta
        )
    }
}

/// A `--sprt` value that cannot be used, and why.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct BadSprt(String);

impl fmt::Display for BadSprt {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "{}; --sprt takes elo0=E0,elo1=E1[,alpha=A,beta=B] (like elo0=0,elo1=10,alpha=0.05,beta=0.05)",
            self.0
        )
    }
}

impl std::error::Error for BadSprt {}

impl FromStr for SprtSettings {
    type Err = BadSprt;

    /// `elo0=0,elo1=10,alpha=0.05,beta=0.05` (commas or spaces between;
    /// alpha and beta 0.05 when left out).
    fn from_str(text: &str) -> Result<SprtSettings, BadSprt> {
        let mut values: [Option<f64>; 4] = [None; 4];
        const NAMES: [&str; 4] = ["elo0", "elo1", "alpha", "beta"];
        for item in text
            .split(|c: char| c == ',' || c.is_whitespace())
            .filter(|s| !s.is_empty())
        {
            let Some((name, value)) = item.split_once('=') else {
                return Err(BadSprt(format!("{item:?} is not name=value")));
            };
            let name = name.trim();
            let Some(slot) = NAMES.iter().position(|n| n.eq_ignore_ascii_case(name)) else {
                return Err(BadSprt(format!(
                    "unknown name {name:?} (the names are elo0, elo1, alpha, beta)"
                )));
            };
            if values[slot].is_some() {
                return Err(BadSprt(format!("{} is given twice", NAMES[slot])));
            }
            let number = value
                .trim()
                .parse::<f64>()
                .ok()
                .filter(|x| x.is_finite())
                .ok_or_else(|| BadSprt(format!("{} = {value:?} is not a number", NAMES[slot])))?;
            values[slot] = Some(number);
        }
        let [elo0, elo1, alpha, beta] = values;
        let (Some(elo0), Some(elo1)) = (elo0, elo1) else {
            let missing = if elo0.is_none() { "elo0" } else { "elo1" };
            return Err(BadSprt(format!("{missing} is missing")));
        };
        SprtSettings::new(elo0, elo1, alpha.unwrap_or(0.05), beta.unwrap_or(0.05))
    }
}

/// How a test ended.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Decision {
    /// H1 accepted: the match stopped there (or, merged, the LLR is past the
    /// upper bound).
    H1Accepted,
    /// H0 accepted.
    H0Accepted,
    /// The match played all its `--games` without the LLR reaching a bound.
    Inconclusive,
    /// Merged shards whose LLR reaches no bound: more games would decide.
    /// (Shards cannot stop early: none sees the others' games.)
    Continue,
}

/// The test's result, for the summary and its JSON.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct SprtReport {
    /// The hypotheses and error rates.
    #[serde(flatten)]
    pub settings: SprtSettings,
    /// The model: always `pentanomial` (game pairs, logistic Elo).
    pub model: &'static str,
    /// The LLR at which H0 is accepted.
    pub lower: f64,
    /// The LLR at which H1 is accepted.
    pub upper: f64,
    /// The LLR over `pairs`.
    pub llr: f64,
    /// The game pairs counted (both games played); the test stopped after
    /// the last.
    pub pairs: usize,
    /// Those pairs by A's score.
    pub pair_counts: PairCounts,
    /// What it concluded.
    pub decision: Decision,
}

impl SprtReport {
    /// The report of `settings` over the pairs `counts`, with `undecided`
    /// the decision when no bound is reached.
    pub fn new(settings: SprtSettings, counts: PairCounts, undecided: Decision) -> SprtReport {
        let llr = settings.llr(&counts);
        let decision = match settings.verdict(llr) {
            Some(Verdict::H1) => Decision::H1Accepted,
            Some(Verdict::H0) => Decision::H0Accepted,
            None => undecided,
        };
        SprtReport {
            settings,
            model: "pentanomial",
            lower: settings.lower(),
            upper: settings.upper(),
            llr,
            pairs: counts.pairs(),
            pair_counts: counts,
            decision,
        }
    }

    /// The report over every complete pair of `games` (each game's index and
    /// whether A won it), as merged shards have them: accepted, or continue.
    pub fn of_games(
        settings: SprtSettings,
        games: impl IntoIterator<Item = (usize, bool)>,
    ) -> SprtReport {
        let mut pairs = std::collections::BTreeMap::<usize, Vec<bool>>::new();
        for (index, a_won) in games {
            pairs.entry(index / 2).or_default().push(a_won);
        }
        let mut counts = PairCounts::default();
        for pair in pairs.values().filter(|p| p.len() == 2) {
            counts.add(pair.iter().filter(|&&won| won).count());
        }
        SprtReport::new(settings, counts, Decision::Continue)
    }

    /// The summary's line: `SPRT: LLR 2.97 (-2.94, 2.94) [0, 10] over 18
    /// game pairs: H1 accepted (…)`.
    pub fn text(&self) -> String {
        let s = &self.settings;
        let decision = match self.decision {
            Decision::H1Accepted => format!(
                "H1 accepted (Elo A−B {} rather than {}; alpha {}, beta {})",
                s.elo1, s.elo0, s.alpha, s.beta
            ),
            Decision::H0Accepted => format!(
                "H0 accepted (Elo A−B {} rather than {}; alpha {}, beta {})",
                s.elo0, s.elo1, s.alpha, s.beta
            ),
            Decision::Inconclusive => {
                "inconclusive: the match reached --games before a bound".to_string()
            }
            Decision::Continue => {
                "continue: no bound reached (shards cannot stop early; more games would decide)"
                    .to_string()
            }
        };
        format!(
            "SPRT: {} over {}: {decision}",
            s.llr_text(self.llr),
            quoridor_text::count(self.pairs, "game pair")
        )
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_bounds_are_those_of_alpha_and_beta() {
        let s: SprtSettings = "elo0=0,elo1=10,alpha=0.05,beta=0.05"
            .parse()
            .expect("valid");
        assert!((s.upper() - 2.944_439).abs() < 1e-6);
        assert!((s.lower() + 2.944_439).abs() < 1e-6);
        assert_eq!(s.llr_text(2.971), "LLR 2.97 (-2.94, 2.94) [0, 10]");
        let t: SprtSettings = "elo0=-1.5 elo1=3.5 alpha=0.1 beta=0.2"
            .parse()
            .expect("spaces");
        assert!((t.upper() - (0.8f64 / 0.1).ln()).abs() < 1e-12);
        assert!((t.lower() - (0.2f64 / 0.9).ln()).abs() < 1e-12);
        assert_eq!(t.llr_text(0.0), "LLR 0.00 (-1.50, 2.08) [-1.5, 3.5]");
        // Alpha and beta default to 0.05.
        assert_eq!(
            "elo0=0,elo1=5".parse(),
            SprtSettings::new(0.0, 5.0, 0.05, 0.05)
        );
        assert_eq!(s.to_string().parse(), Ok(s));
    }

    #[test]
    fn bad_settings_say_what_is_wrong() {
        let problem = |text: &str| match text.parse::<SprtSettings>() {
            Err(e) => e.to_string(),
            Ok(s) => panic!("{text} gave {s:?}"),
        };
        assert!(problem("elo0=10,elo1=0").starts_with("elo0 (10) must be below elo1 (0)"));
        assert!(problem("elo0=5,elo1=5").starts_with("elo0 (5) must be below elo1 (5)"));
        assert!(
            problem("elo0=0,elo1=5,alpha=0.5").starts_with("alpha (0.5) must be between 0 and 0.5")
        );
        assert!(problem("elo0=0,elo1=5,beta=0").starts_with("beta (0) must be between 0 and 0.5"));
        assert!(problem("elo0=0,elo1=5,beta=-0.1").starts_with("beta (-0.1) must be"));
        assert!(problem("elo0=0").starts_with("elo1 is missing"));
        assert!(problem("").starts_with("elo0 is missing"));
        assert!(problem("elo0=0,elo1=x").starts_with("elo1 = \"x\" is not a number"));
        assert!(problem("elo0=0,elo1=inf").starts_with("elo1 = \"inf\" is not a number"));
        assert!(problem("elo0=0,elo1=5,elo1=6").starts_with("elo1 is given twice"));
        assert!(problem("elo0=0,elo2=5").starts_with("unknown name \"elo2\""));
        assert!(problem("elo0=0,5").starts_with("\"5\" is not name=value"));
        assert!(problem("elo0=0,elo1=5000").starts_with("elo1 = 5000 is beyond ±1000"));
        assert!(problem("elo0=0").ends_with("(like elo0=0,elo1=10,alpha=0.05,beta=0.05)"));
    }

    #[test]
    fn merged_games_count_complete_pairs_only() {
        let s = SprtSettings::new(0.0, 200.0, 0.05, 0.05).expect("valid");
        // Pairs 0–7 won twice; game 16 has no partner.
        let games = (0..17).rev().map(|i| (i, true));
        let report = SprtReport::of_games(s, games);
        assert_eq!(report.pairs, 8);
        assert_eq!(report.pair_counts.ww, 8);
        assert_eq!(report.decision, Decision::H1Accepted);
        let seven = SprtReport::of_games(s, (0..14).map(|i| (i, true)));
        assert_eq!(seven.decision, Decision::Continue);
        assert!(seven
            .text()
            .starts_with("SPRT: LLR 2.93 (-2.94, 2.94) [0, 200] over 7 game pairs: continue"));
    }
}
