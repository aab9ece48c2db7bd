//! The held-out games: positions of one game are alike, so the validation
//! set is a set of whole games, never positions drawn from every game.

use rand::seq::SliceRandom;
use rand::SeedableRng;
use std::collections::BTreeSet;

/// Which of `games` (ids, in any order, repeats allowed) are held out for
/// validation: `fraction` of them, rounded, at least one when `fraction` is
/// above 0 and there are two games or more, and never all of them. The same
/// ids and seed always give the same games.
pub fn split_games(games: &[u32], fraction: f64, seed: u64) -> BTreeSet<u32> {
    let mut ids: Vec<u32> = games
        .iter()
        .copied()
        .collect::<BTreeSet<_>>()
        .into_iter()
        .collect();
    if fraction <= 0.0 || ids.len() < 2 {
        return BTreeSet::new();
    }
    let wanted = ((ids.len() as f64 * fraction).round() as usize).clamp(1, ids.len() - 1);
    let mut rng = rand_xoshiro::Xoshiro256PlusPlus::seed_from_u64(seed);
    ids.shuffle(&mut rng);
    ids.truncate(wanted);
    ids.into_iter().collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_split_is_by_game_deterministic_and_seeded() {
        let games: Vec<u32> = (0..100).flat_map(|g| [g, g, g]).collect();
        let held = split_games(&games, 0.1, 7);
        assert_eq!(held.len(), 10);
        assert_eq!(held, split_games(&games, 0.1, 7));
        assert_ne!(held, split_games(&games, 0.1, 8));
        assert!(split_games(&games, 0.0, 7).is_empty());
        // Never every game, never none of two.
        assert_eq!(split_games(&[1, 2], 0.9, 0).len(), 1);
        assert_eq!(split_games(&[1, 2], 0.01, 0).len(), 1);
        assert!(split_games(&[5], 0.5, 0).is_empty());
    }
}
