//! The thesis's evaluation function and its conversion to a win probability.

use crate::game::{Player, Position};

/// `E(s) = d(black) - d(white) + wall_weight * (walls(white) - walls(black))`
/// from player 1's ("white's") view, where `d` is the shortest path to the
/// goal row. A finished game scores ±1000.
pub fn evaluate(pos: &Position, wall_weight: f64) -> f64 {
    match pos.winner() {
        Some(Player::One) => return 1000.0,
        Some(Player::Two) => return -1000.0,
        None => {}
    }
    let d = |p| pos.distance_to_goal(p).unwrap_or(200) as f64;
    let walls = |p| pos.walls_left(p) as f64;
    d(Player::Two) - d(Player::One) + wall_weight * (walls(Player::One) - walls(Player::Two))
}

/// `atan(slope * E) / pi + 0.5`: the probability that player 1 wins, in [0, 1].
///
/// ```
/// use quoridor::search::win_probability;
/// assert_eq!(win_probability(0.0, 0.3), 0.5);
/// assert!(win_probability(5.0, 0.3) > 0.8);
/// ```
pub fn win_probability(evaluation: f64, slope: f64) -> f64 {
    (slope * evaluation).atan() / std::f64::consts::PI + 0.5
}
