//! The test run along a match: games end in any order on many threads, but
//! pairs are counted in the order of the match's numbered list, so where the
//! test stops (and what it concludes) does not depend on the threads or on
//! which game happened to end first.

use super::{Decision, PairCounts, SprtReport, SprtSettings};
use std::collections::HashMap;

/// A running SPRT over a match's games: pair `k` is games `2k` and `2k + 1`
/// (one opening, colours swapped); after each pair in order, the LLR of the
/// pairs so far, and a stop when it reaches a bound.
#[derive(Clone, Debug)]
pub struct SequentialTest {
    settings: SprtSettings,
    /// Games ended but not yet counted: index → whether A won.
    waiting: HashMap<usize, bool>,
    /// The next pair to count.
    next_pair: usize,
    counts: PairCounts,
    llr: f64,
    /// Whether a bound was reached (nothing more is counted then).
    decided: bool,
}

impl SequentialTest {
    /// A test with `settings` before any game.
    pub fn new(settings: SprtSettings) -> SequentialTest {
        SequentialTest {
            settings,
            waiting: HashMap::new(),
            next_pair: 0,
            counts: PairCounts::default(),
            llr: 0.0,
            decided: false,
        }
    }

    /// Takes game `index`'s result (whether A won) and counts every pair now
    /// complete in order, stopping at the first that takes the LLR to a
    /// bound. Whether the match should go on.
    pub fn record(&mut self, index: usize, a_won: bool) -> bool {
        if self.decided {
            return false;
        }
        self.waiting.insert(index, a_won);
        loop {
            let (first, second) = (2 * self.next_pair, 2 * self.next_pair + 1);
            let (Some(&x), Some(&y)) = (self.waiting.get(&first), self.waiting.get(&second)) else {
                return true;
            };
            self.waiting.remove(&first);
            self.waiting.remove(&second);
            self.counts.add(usize::from(x) + usize::from(y));
            self.next_pair += 1;
            self.llr = self.settings.llr(&self.counts);
            if self.settings.verdict(self.llr).is_some() {
                self.decided = true;
                return false;
            }
        }
    }

    /// The LLR of the pairs counted so far.
    pub fn llr(&self) -> f64 {
        self.llr
    }

    /// The settings.
    pub fn settings(&self) -> SprtSettings {
        self.settings
    }

    /// The result: accepted at the pair that reached a bound, else
    /// inconclusive (the match ended without reaching one).
    pub fn report(&self) -> SprtReport {
        SprtReport::new(self.settings, self.counts, Decision::Inconclusive)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn settings() -> SprtSettings {
        SprtSettings::new(0.0, 200.0, 0.05, 0.05).expect("valid")
    }

    #[test]
    fn a_sweep_stops_at_the_eighth_pair_in_any_order_of_endings() {
        // Games ending two at a time, the later of each two first.
        let mut test = SequentialTest::new(settings());
        let order = (0..40).map(|i| i ^ 1);
        let mut played = 0;
        for index in order {
            played += 1;
            if !test.record(index, true) {
                break;
            }
        }
        assert_eq!(played, 16);
        let report = test.report();
        assert_eq!((report.pairs, report.decision), (8, Decision::H1Accepted));
        assert!((report.llr - 3.347_539).abs() < 1e-5);
        assert!(!test.record(16, true), "decided: the match stays stopped");
        assert_eq!(test.report(), report);
    }

    #[test]
    fn a_pair_is_counted_only_when_every_pair_before_it_is() {
        let mut test = SequentialTest::new(settings());
        // Pair 1 (games 2, 3) ends before pair 0.
        assert!(test.record(2, true) && test.record(3, true));
        assert_eq!(test.report().pairs, 0);
        assert!(test.record(1, false));
        assert_eq!(test.report().pairs, 0);
        assert!(test.record(0, true));
        assert_eq!(test.report().pairs, 2);
        assert_eq!(test.report().pair_counts.wl, 1);
        assert_eq!(test.report().pair_counts.ww, 1);
        assert!(test.llr() > 0.0);
    }

    #[test]
    fn split_pairs_accept_h0_and_an_unfinished_match_is_inconclusive() {
        let mut test = SequentialTest::new(settings());
        let mut played = 0;
        for index in 0..200 {
            played += 1;
            // A wins as player 1 only: every pair split.
            if !test.record(index, index % 2 == 0) {
                break;
            }
        }
        let report = test.report();
        assert_eq!(report.decision, Decision::H0Accepted);
        assert_eq!(played, 2 * report.pairs);
        let mut short = SequentialTest::new(settings());
        assert!(short.record(0, true) && short.record(1, false) && short.record(2, true));
        assert_eq!(short.report().decision, Decision::Inconclusive);
        assert_eq!(short.report().pairs, 1);
    }
}
