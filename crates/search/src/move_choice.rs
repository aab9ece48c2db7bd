//! How an engine errs on purpose: after the search, the move is drawn among
//! the search's plausible candidates with a temperature over their values,
//! instead of always playing the best one. This is how the weak levels
//! ([`crate::LEVELS`]) make human-like mistakes: they play moves the
//! search thought nearly as good and miss the deep ones, never a move the
//! search barely looked at or found much worse.
//!
//! Engine-neutral: the choice reads the root candidates of a
//! [`SearchInfo`](super::SearchInfo) (their win probabilities, proofs and,
//! for UCT, visits), so the same rule applies to one UCT tree, to several
//! merged ones, or to any engine that reports root values.

use super::beginner::Beginner;
use super::info::{ChildInfo, Proven, SearchInfo};
use quoridor_rules::{Move, Position};
use rand::{Rng, SeedableRng};
use serde::{Deserialize, Serialize};

/// A candidate must have been searched at least this share of the best
/// move's visits (UCT): a move the search barely looked at has a value too
/// noisy to trust, and is how an absurd move would slip in.
pub const MIN_VISIT_SHARE: f64 = 0.05;

/// How the move is chosen among the search's candidates (options
/// `temperature` and `choice_margin`). The default, temperature 0, always
/// plays the engine's best move.
#[derive(Clone, Copy, Debug, PartialEq, Serialize, Deserialize)]
#[serde(default)]
pub struct MoveChoice {
    /// 0: the best move. Above 0: a candidate whose win probability is `d`
    /// below the best's is drawn `exp(-d / temperature)` times as often as
    /// the best (0.1: a move 10 points worse a third as often).
    pub temperature: f64,
    /// Only moves whose win probability is within this of the best's are
    /// candidates (0–1), and only moves searched at least
    /// [`MIN_VISIT_SHARE`] as often as the best.
    pub margin: f64,
    /// A beginner's habits (levels 1 and 2): of the candidates, only the
    /// moves a beginner would make are drawn from, and when the search
    /// offered none of those, a step towards the goal ([`Beginner`]).
    /// `None`: every candidate may be drawn.
    pub beginner: Option<Beginner>,
}

impl Default for MoveChoice {
    fn default() -> MoveChoice {
        MoveChoice {
            temperature: 0.0,
            margin: 0.2,
            beginner: None,
        }
    }
}

impl MoveChoice {
    /// Whether the choice can differ from the engine's best move.
    pub fn is_random(&self) -> bool {
        self.draws() || self.beginner.is_some()
    }

    /// Whether a temperature draws among several candidates.
    fn draws(&self) -> bool {
        self.temperature > 0.0 && self.margin > 0.0
    }

    /// The candidates `best` may be swapped for, with their weights: `best`
    /// itself first. A proven win is played as it is; a proven loss is never
    /// a candidate.
    pub fn candidates(&self, best: Move, children: &[ChildInfo]) -> Vec<(Move, f64)> {
        let Some(top) = children.iter().find(|c| c.mv == best) else {
            return vec![(best, 1.0)];
        };
        if !self.draws() || top.proven == Some(Proven::Win) {
            return vec![(best, 1.0)];
        }
        let least_visits = MIN_VISIT_SHARE * f64::from(top.visits());
        let mut out = vec![(best, 1.0)];
        for child in children.iter().filter(|c| c.mv != best) {
            let drop = top.win_probability - child.win_probability;
            let plausible = child.proven != Some(Proven::Loss)
                && drop <= self.margin
                && f64::from(child.visits()) >= least_visits;
            if plausible {
                // A candidate better than `best` (a tie-break or final-move
                // rule chose `best`) weighs as much as `best`, no more.
                out.push((child.mv, (-drop.max(0.0) / self.temperature).exp()));
            }
        }
        out
    }

    /// The move to play instead of the engine's `best` in `root`: drawn
    /// among [`MoveChoice::candidates`] by weight (a beginner's only among
    /// those it would make), from a generator seeded by `key`
    /// ([`choice_key`]), so the same search picks the same move.
    pub fn choose(&self, best: Move, children: &[ChildInfo], key: u64, root: &Position) -> Move {
        let mut candidates = self.candidates(best, children);
        let mut rng = super::EngineRng::seed_from_u64(key);
        if let Some(beginner) = &self.beginner {
            // A proven result (a won race, a lost one where every move
            // loses) is the search's to play: no habit improves on it.
            let proven = children.iter().any(|c| c.mv == best && c.proven.is_some());
            if !proven {
                let judge = beginner.judge(root);
                candidates.retain(|&(mv, _)| judge.allows(mv));
                for wall in judge.walls() {
                    if candidates.iter().all(|&(mv, _)| mv != wall) {
                        candidates.push((wall, beginner.blind_walls));
                    }
                }
                if candidates.is_empty() {
                    let steps = judge.steps();
                    if steps.is_empty() {
                        return best;
                    }
                    return steps[rng.random_range(0..steps.len())];
                }
            }
        }
        let total: f64 = candidates.iter().map(|(_, w)| w).sum();
        if candidates.len() < 2 || !total.is_finite() || total <= 0.0 {
            return candidates.first().map_or(best, |&(mv, _)| mv);
        }
        let mut draw = rng.random::<f64>() * total;
        for &(mv, weight) in &candidates {
            if draw < weight {
                return mv;
            }
            draw -= weight;
        }
        candidates[0].0
    }
}

/// The move a search seeded with `seed` plays from its snapshot `info` of
/// `root` when it chooses by `choice`: the snapshot's best move, or with a
/// temperature one drawn among its candidates (all of them should be in
/// `info`, not only the top few). For several searches merged at the root
/// (the page's workers, UCT's threads).
pub fn chosen_move(
    info: &SearchInfo,
    choice: &MoveChoice,
    seed: u64,
    root: &Position,
) -> Option<Move> {
    let best = info.best_move?;
    Some(choice.choose(best, &info.children, choice_key(seed, root), root))
}

/// The key a choice at `root` is drawn with: the search's seed and the
/// position, so the same seed in the same position picks the same move and
/// a game does not repeat its choices from position to position.
pub fn choice_key(seed: u64, root: &Position) -> u64 {
    seed.rotate_left(17) ^ root.zobrist_hash() ^ 0x9e37_79b9_7f4a_7c15
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::UctChild;

    fn child(mv: &str, win_probability: f64, visits: u32) -> ChildInfo {
        ChildInfo {
            mv: mv.parse().expect("move"),
            win_probability,
            proven: None,
            pv: Vec::new(),
            uct: Some(UctChild {
                id: crate::ROOT,
                visits,
                uct_value: 0.0,
                children: 0,
            }),
        }
    }

    fn start() -> Position {
        Position::new(quoridor_rules::Variant::default())
    }

    fn mv(text: &str) -> Move {
        text.parse().expect("move")
    }

    #[test]
    fn temperature_zero_always_plays_the_best_move() {
        let children = [child("e2", 0.6, 100), child("d1", 0.59, 90)];
        let choice = MoveChoice::default();
        for key in 0..200 {
            assert_eq!(choice.choose(mv("e2"), &children, key, &start()), mv("e2"));
        }
    }

    #[test]
    fn candidates_are_close_in_value_searched_enough_and_not_proven_lost() {
        let mut lost = child("f1", 0.6, 80);
        lost.proven = Some(Proven::Loss);
        let children = [
            child("e2", 0.6, 100),
            child("d1", 0.5, 60),  // within the margin
            child("e1h", 0.3, 60), // 30 points worse: out
            child("a1h", 0.59, 4), // searched under 5% of the best: out
            lost,
        ];
        let choice = MoveChoice {
            temperature: 0.1,
            margin: 0.2,
            beginner: None,
        };
        let candidates = choice.candidates(mv("e2"), &children);
        let moves: Vec<String> = candidates.iter().map(|(m, _)| m.to_string()).collect();
        assert_eq!(moves, ["e2", "d1"]);
        // 10 points below the best at temperature 0.1: e^-1 as often.
        assert!((candidates[1].1 - (-1.0f64).exp()).abs() < 1e-12);
    }

    #[test]
    fn a_proven_win_is_always_played() {
        let mut win = child("e2", 1.0, 10);
        win.proven = Some(Proven::Win);
        let children = [win, child("d1", 0.95, 100)];
        let choice = MoveChoice {
            temperature: 1.0,
            margin: 1.0,
            beginner: None,
        };
        assert_eq!(choice.candidates(mv("e2"), &children).len(), 1);
    }

    #[test]
    fn the_draw_follows_the_weights_and_the_key_fixes_it() {
        let children = [child("e2", 0.6, 100), child("d1", 0.5, 100)];
        let choice = MoveChoice {
            temperature: 0.1,
            margin: 0.2,
            beginner: None,
        };
        let n = 4000;
        let other = (0..n)
            .filter(|&key| choice.choose(mv("e2"), &children, key, &start()) == mv("d1"))
            .count();
        // d1 weighs e^-1: drawn 0.269 of the time.
        let expected = (-1.0f64).exp() / (1.0 + (-1.0f64).exp());
        let share = other as f64 / n as f64;
        assert!((share - expected).abs() < 0.03, "{share} vs {expected}");
        for key in [3, 77, 1234] {
            assert_eq!(
                choice.choose(mv("e2"), &children, key, &start()),
                choice.choose(mv("e2"), &children, key, &start())
            );
        }
    }

    #[test]
    fn a_beginner_walks_forward_while_the_opponent_is_far_even_when_the_search_offered_walls() {
        let children = [child("e8h", 0.6, 100), child("d1", 0.59, 90)];
        let choice = MoveChoice {
            temperature: 0.4,
            margin: 0.6,
            beginner: Some(Beginner {
                wall_within: 3,
                wall_behind_by: Some(2),
                near: 1,
                blind_walls: 10.0,
            }),
        };
        // Neither the wall (too early) nor the sideways step: the step
        // forward, which the search did not offer.
        for key in 0..50 {
            assert_eq!(choice.choose(mv("e8h"), &children, key, &start()), mv("e2"));
        }
        let without = MoveChoice {
            beginner: None,
            ..choice
        };
        let moves: Vec<Move> = (0..50)
            .map(|key| without.choose(mv("e8h"), &children, key, &start()))
            .collect();
        assert!(moves.contains(&mv("e8h")) && moves.contains(&mv("d1")));
    }
}
