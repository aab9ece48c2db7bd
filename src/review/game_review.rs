//! A whole game judged: one [`MoveReview`] per move whose positions before
//! and after have been evaluated, and the [`ReviewSummary`] of them.

use super::accuracy::player_accuracy;
use super::judgement::Judgement;
use super::move_review::MoveReview;
use super::position_eval::PositionEval;
use crate::game::{Game, Player};

/// The judged moves of a game, from the first on.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct GameReview {
    moves: Vec<MoveReview>,
    plies: usize,
}

/// Each player's accuracy and count of each judgement, and the hints used.
#[derive(Clone, Debug, PartialEq)]
pub struct ReviewSummary {
    /// Accuracy 0–100 by player index (`None` for a player who made no move).
    pub accuracy: [Option<f64>; 2],
    /// Moves of each [`Judgement`] (in [`Judgement::ALL`] order) by player index.
    pub counts: [[usize; 5]; 2],
    /// Hints the player asked for during the game.
    pub hints: u32,
}

impl GameReview {
    /// Judges every move of `game` whose positions before and after are in
    /// `evals` (`evals[ply]` is the position after `ply` moves): all of them
    /// once `evals` has one more entry than the game has moves.
    pub fn judge(game: &Game, evals: &[PositionEval]) -> GameReview {
        let moves = game
            .moves()
            .iter()
            .zip(evals.windows(2))
            .enumerate()
            .map(|(ply, (&mv, pair))| {
                let mover = game.position_at(ply).map_or(Player::One, |p| p.turn());
                MoveReview::new(mv, mover, &pair[0], &pair[1])
            })
            .collect();
        GameReview {
            moves,
            plies: game.moves().len(),
        }
    }

    /// The judged moves, first move first.
    pub fn moves(&self) -> &[MoveReview] {
        &self.moves
    }

    /// Whether every move of the game is judged.
    pub fn is_complete(&self) -> bool {
        self.moves.len() == self.plies
    }

    /// Accuracy and judgement counts per player, with `hints` used.
    pub fn summary(&self, hints: u32) -> ReviewSummary {
        let mut counts = [[0; 5]; 2];
        for m in &self.moves {
            counts[m.mover.index()][m.judgement as usize] += 1;
        }
        ReviewSummary {
            accuracy: Player::BOTH.map(|p| player_accuracy(&self.moves, p)),
            counts,
            hints,
        }
    }
}

impl ReviewSummary {
    /// One line per player (`player 1: accuracy 87 (12 best, 3 good, …)`),
    /// and one for the hints if any were used.
    pub fn lines(&self) -> Vec<String> {
        let mut lines: Vec<String> = Player::BOTH
            .iter()
            .map(|&p| {
                let accuracy =
                    self.accuracy[p.index()].map_or_else(|| "-".to_string(), |a| format!("{a:.0}"));
                let counts: Vec<String> = Judgement::ALL
                    .iter()
                    .map(|&j| format!("{} {}", self.counts[p.index()][j as usize], j.name()))
                    .collect();
                format!("{p}: accuracy {accuracy} ({})", counts.join(", "))
            })
            .collect();
        if self.hints > 0 {
            lines.push(format!("hints used: {}", self.hints));
        }
        lines
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn eval(p1_win: f64, best: &str) -> PositionEval {
        PositionEval {
            p1_win,
            proven: p1_win == 0.0 || p1_win == 1.0,
            best: Some(best.parse().unwrap()),
            line: vec![best.parse().unwrap()],
        }
    }

    /// Player 1 on d8 with d9 winning plays a wall instead; player 2 wins.
    const THROWN: &str = "d1 f9 d2 f8 d3 f7 d4 f6 d5 f5 d6 f4 d7 f3 d8 f2 a1h f1";

    fn thrown_game_evals(game: &Game) -> Vec<PositionEval> {
        let mut evals: Vec<PositionEval> = (0..15).map(|_| eval(0.55, "e2")).collect();
        evals.push(eval(1.0, "d8h")); // before f2: player 1 on d8 wins whatever player 2 does
        evals.push(eval(1.0, "d9")); // before a1h: d9 wins at once, proven
        evals.push(eval(0.0, "f1")); // after a1h: f1 wins for player 2, proven
        evals.push(PositionEval::finished(game.winner().unwrap()));
        evals
    }

    #[test]
    fn throwing_a_proven_win_away_is_a_blunder_with_the_winning_move_as_better() {
        let game: Game = THROWN.parse().unwrap();
        let review = GameReview::judge(&game, &thrown_game_evals(&game));
        assert!(review.is_complete());
        let a1h = &review.moves()[16];
        assert_eq!(a1h.mv.to_string(), "a1h");
        assert_eq!(a1h.mover, Player::One);
        assert_eq!((a1h.before, a1h.after, a1h.loss), (1.0, 0.0, 1.0));
        assert_eq!(a1h.judgement, Judgement::Blunder);
        assert_eq!(a1h.better.map(|m| m.to_string()).as_deref(), Some("d9"));
    }

    #[test]
    fn the_winning_last_move_is_best() {
        let game: Game = THROWN.parse().unwrap();
        let review = GameReview::judge(&game, &thrown_game_evals(&game));
        let last = review.moves().last().unwrap();
        assert_eq!(
            (last.mv.to_string().as_str(), last.mover),
            ("f1", Player::Two)
        );
        assert_eq!(last.after, 1.0);
        assert_eq!(last.judgement, Judgement::Best);
        assert_eq!(last.better, None);
    }

    #[test]
    fn moves_in_a_proven_loss_lose_nothing() {
        let game: Game = "e2 e8".parse().unwrap();
        let evals = [eval(0.0, "e3"), eval(0.0, "e7"), eval(0.0, "e3")];
        let review = GameReview::judge(&game, &evals);
        // Player 1 cannot lose more than a lost game: e2 is as good as e3.
        assert_eq!(review.moves()[0].loss, 0.0);
        assert_eq!(review.moves()[0].judgement, Judgement::Best);
        // Player 2 keeps a proven win with a move the engine would not play.
        assert_eq!(review.moves()[1].judgement, Judgement::Best);
    }

    #[test]
    fn a_partial_review_judges_the_moves_it_has_both_positions_of() {
        let game: Game = "e2 e8 e3".parse().unwrap();
        let review = GameReview::judge(&game, &[eval(0.6, "e2"), eval(0.3, "e8")]);
        assert_eq!(review.moves().len(), 1);
        assert!(!review.is_complete());
        assert_eq!(review.moves()[0].judgement, Judgement::Blunder);
        assert_eq!(review.moves()[0].better, None, "e2 was the engine's choice");
        assert!(GameReview::judge(&game, &[]).moves().is_empty());
    }

    #[test]
    fn summary_counts_judgements_per_player() {
        let game: Game = THROWN.parse().unwrap();
        let summary = GameReview::judge(&game, &thrown_game_evals(&game)).summary(2);
        let blunder = Judgement::Blunder as usize;
        assert_eq!(summary.counts[0][blunder], 1);
        assert_eq!(summary.counts[1][blunder], 0);
        assert_eq!(summary.counts[0].iter().sum::<usize>(), 9);
        assert_eq!(summary.counts[1].iter().sum::<usize>(), 9);
        assert_eq!(summary.accuracy[1], Some(100.0));
        let p1 = summary.accuracy[0].unwrap();
        assert!(
            (88.0..89.0).contains(&p1),
            "{p1}: eight moves at 100, one at 0"
        );
        let lines = summary.lines();
        assert_eq!(
            lines[0],
            "player 1: accuracy 89 (8 best, 0 good, 0 inaccuracy, 0 mistake, 1 blunder)"
        );
        assert_eq!(lines[2], "hints used: 2");
        assert_eq!(lines.len(), 3);
        assert_eq!(GameReview::judge(&game, &[]).summary(0).lines().len(), 2);
    }
}
