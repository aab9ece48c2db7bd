//! Accuracy: how close a player's moves came to the engine's, 0–100.
//!
//! A move's accuracy is lichess's curve of the win-probability points it
//! lost (in percent): `103.1668 · e^(−0.04354 · loss%) − 3.1668` (lichess
//! subtracts 3.1669; one ten-thousandth less makes no loss score exactly
//! 100), clamped to 0–100, so a move that loses nothing scores 100, one that loses 10
//! points about 64, and one that throws a won game away 0. A player's
//! accuracy is the plain mean over their moves, leaving out the moves judged
//! [`Judgement::Decided`](super::Judgement::Decided) (a decided game's moves
//! that keep the result without heading home: neither credit nor blame).

use super::move_review::MoveReview;
use quoridor_rules::Player;

/// The accuracy (0–100) of a move that lost `loss` win-probability points (0–1).
///
/// ```
/// use quoridor_review::move_accuracy;
/// assert_eq!(move_accuracy(0.0), 100.0);
/// assert_eq!(move_accuracy(1.0), 0.0);
/// ```
pub fn move_accuracy(loss: f64) -> f64 {
    let percent = loss.clamp(0.0, 1.0) * 100.0;
    (103.1668 * (-0.04354 * percent).exp() - 3.1668).clamp(0.0, 100.0)
}

/// `player`'s accuracy over the judged `moves` that count
/// ([`Judgement::counts_in_accuracy`](super::Judgement::counts_in_accuracy);
/// `None` if they made none).
pub fn player_accuracy(moves: &[MoveReview], player: Player) -> Option<f64> {
    let theirs: Vec<f64> = moves
        .iter()
        .filter(|m| m.mover == player && m.judgement.counts_in_accuracy())
        .map(|m| move_accuracy(m.loss))
        .collect();
    (!theirs.is_empty()).then(|| theirs.iter().sum::<f64>() / theirs.len() as f64)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::Judgement;

    fn judged(mover: Player, loss: f64) -> MoveReview {
        MoveReview {
            mv: "e2".parse().unwrap(),
            mover,
            before: 0.5,
            after: 0.5 - loss,
            loss,
            judgement: Judgement::from_loss(loss, false),
            better: None,
            line: Vec::new(),
            returns_to: None,
        }
    }

    #[test]
    fn accuracy_falls_with_the_loss_and_stays_in_range() {
        assert_eq!(move_accuracy(0.0), 100.0);
        let ten = move_accuracy(0.10);
        assert!((63.0..66.0).contains(&ten), "{ten}");
        assert!(move_accuracy(0.05) > ten && ten > move_accuracy(0.3));
        assert_eq!(move_accuracy(1.0), 0.0);
        // Gains (a later search liking the position better) count as no loss.
        assert_eq!(move_accuracy(-0.2), 100.0);
    }

    #[test]
    fn player_accuracy_averages_only_their_moves() {
        let moves = [
            judged(Player::One, 0.0),
            judged(Player::Two, 1.0),
            judged(Player::One, 1.0),
        ];
        assert_eq!(player_accuracy(&moves, Player::One), Some(50.0));
        assert_eq!(player_accuracy(&moves, Player::Two), Some(0.0));
        assert_eq!(player_accuracy(&moves[..1], Player::Two), None);
    }

    #[test]
    fn decided_moves_are_left_out() {
        let mut aside = judged(Player::One, 0.0);
        aside.judgement = Judgement::Decided;
        let moves = [judged(Player::One, 1.0), aside.clone(), aside.clone()];
        // One blunder and two decided moves: the blunder alone counts.
        assert_eq!(player_accuracy(&moves, Player::One), Some(0.0));
        assert_eq!(player_accuracy(&[aside], Player::One), None);
    }
}
