//! The ladder's levels (issue 36): each level's move is legal and the same
//! under the same seed; a weak level's temperature spreads its choices
//! over many searches of one position, while the top level's do not.
//!
//! Levels 8–10 search 100,000 and more playouts a move, too slow for a
//! debug build many times over: where a test repeats searches, their budget
//! is capped at [`TEST_BUDGET`] playouts (their way of choosing is the same).

use quoridor::game::{Game, Move, Position, Variant};
use quoridor::search::{new_engine, EngineKind, Level, Limits, SearchParams, LEVELS};
use std::collections::HashMap;

/// The most playouts a repeated test search gets.
const TEST_BUDGET: u64 = 3_000;

/// A middle-game position from the opening book: both players have walked
/// and walled, and several moves are of nearly equal value.
const MIDDLE_GAME: &str = "e2 e8 e3 e7 e4 e6 d6h e5h c5v f5v e3h";

fn middle_game() -> Position {
    *Game::parse_with_variant(MIDDLE_GAME, Variant::default())
        .expect("record")
        .position()
}

/// `level`'s settings with `seed`, the budget capped at `cap` playouts.
fn level_params(level: &Level, seed: u64, cap: u64) -> SearchParams {
    let mut params = level.config().params;
    params.seed = seed;
    params.limits = Limits::playouts(level.playouts.min(cap));
    params
}

fn choice(level: &Level, seed: u64, cap: u64) -> Move {
    let mut engine = new_engine(
        middle_game(),
        EngineKind::Uct,
        level_params(level, seed, cap),
    );
    engine.think().expect("the position has moves")
}

#[test]
fn every_level_plays_a_legal_move_and_the_same_one_under_the_same_seed() {
    let pos = middle_game();
    for level in &LEVELS {
        let first = choice(level, 7, TEST_BUDGET);
        assert!(pos.check(first).is_ok(), "level {}: {first}", level.number);
        assert_eq!(
            choice(level, 7, TEST_BUDGET),
            first,
            "level {}",
            level.number
        );
    }
}

/// How often each move was chosen in `searches` searches of the middle
/// game with seeds 1, 2, …
fn choices(level: &Level, searches: u64) -> HashMap<String, u32> {
    let mut counts = HashMap::new();
    for seed in 1..=searches {
        let mv = choice(level, seed, TEST_BUDGET).to_string();
        *counts.entry(mv).or_insert(0) += 1;
    }
    counts
}

#[test]
fn a_weak_levels_temperature_spreads_its_choices_and_the_top_levels_does_not() {
    let searches = 40;
    let weak = choices(Level::get(2).expect("level 2"), searches);
    let top = choices(Level::get(10).expect("level 10"), searches);
    let most = |counts: &HashMap<String, u32>| counts.values().copied().max().unwrap_or(0);
    eprintln!("level 2: {weak:?}\nlevel 10: {top:?}");
    // Measured: level 2 chose 12 different moves, the most frequent (d6)
    // 11 times of 40; level 10 (at 3,000 playouts) c3v all 40 times.
    assert!(weak.len() >= 4, "level 2 chose {weak:?}");
    assert!(most(&weak) <= 24, "level 2 chose {weak:?}");
    assert!(top.len() <= 2, "level 10 chose {top:?}");
    assert!(most(&top) >= 36, "level 10 chose {top:?}");
}
