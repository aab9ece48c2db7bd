//! The ladder's levels (issue 36): each level's move is legal and the same
//! under the same seed; a weak level's temperature spreads its choices
//! over many searches of one position, while the top level's do not.
//!
//! Levels 8–10 search 100,000 and more playouts a move, too slow for a
//! debug build many times over: where a test repeats searches, their budget
//! is capped at [`TEST_BUDGET`] playouts (their way of choosing is the same).

use quoridor_engines::learned::Evaluator;
use quoridor_engines::{
    new_engine, shortens_own_path, EngineKind, Level, Limits, PawnRace, RaceResult, SearchParams,
    LEVELS,
};
use quoridor_engines::{EngineConfig, SearchEngine};
use quoridor_rules::{Game, Move, Player, Position, Variant};
use std::collections::HashMap;

/// The engines' evaluator: the network built in (none in a build without
/// weights).
fn evaluator() -> Evaluator {
    Evaluator::embedded().expect("the built-in network loads")
}

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
        &EngineConfig::of_kind(EngineKind::Uct, level_params(level, seed, cap)),
        evaluator(),
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
    // Level 3, the weakest level without a beginner's habits: levels 1 and
    // 2 step forward here (`d6`, the only step nearer the goal), the
    // opponent being too far from its goal for a beginner's wall.
    let weak = choices(Level::get(3).expect("level 3"), searches);
    let top = choices(Level::get(10).expect("level 10"), searches);
    let most = |counts: &HashMap<String, u32>| counts.values().copied().max().unwrap_or(0);
    eprintln!("level 3: {weak:?}\nlevel 10: {top:?}");
    // Measured: level 3 chose 11 different moves, the most frequent (c7h)
    // 7 times of 40; level 10 (at 3,000 playouts) c3v 39 times of 40.
    assert!(weak.len() >= 4, "level 3 chose {weak:?}");
    assert!(most(&weak) <= 24, "level 3 chose {weak:?}");
    assert!(top.len() <= 2, "level 10 chose {top:?}");
    assert!(most(&top) >= 36, "level 10 chose {top:?}");
}

/// Games of level 1 against level 1 (`quoridor arena --a level=1 --b level=1
/// --games 60 --openings docs/examples/book-200.txt`, games 2, 4 and 15,
/// played before the fix) and plies of each with no wall left on either
/// side: the race decided (the pawn-race table proves who wins). From the
/// first such ply the losing side stepped back and forth for 20 and more
/// plies (in the first game player 1 went c3 b3 a3 a4 b4 c4 b4 a4 a3 b3 c3
/// c2 c3 …): every move lost, and the table's rank took the slowest loss,
/// which meant stepping into the winner's way. The later plies are where
/// it stepped sideways or back (first game: b4 at ply 62, a3 at 66, c3 at
/// 70; second: d3 at 48 and the winner's b4 at 57; third: b5 at 52, c2
/// at 60).
const WANDERED: [(&str, &[usize]); 3] = [
    (
        "f1 f3h d3h e8 e1 b5h d1 d8h b3h f8 e1 g5h h1h a6h f1 g2v f2 d2v d4v b8h a1h a4h c4v e1v \
         f3 f7 f6h e7 f2 f7 e7v f8 c6v f9 f3 e9 c2v d9 e3 c9 e2 b9 e1 a9 d1 a8 c1 a7 c2 b7 c3 c7 \
         b3 c6 a3 b6 a4 a6 b4 a5 c4 b5 b4 c5 a4 c4 a3 b4 b3 a4 c3 a3 c2 a2 c3 b2 b3 c2 a3 c1",
        &[37, 38, 50, 62, 66, 70],
    ),
    (
        "f1 f1h e1 d1h c2v e8 e6h b8h c4h f8 h1h a1v f7h e8 a3h d8 c7h a6h a4h d5h b7v d3v b5h \
         h7h f1 e2v g1 g4h f1 e8 e1 e7 d1 d7 c1 d6 c2 e6 c3 f6 c4 f5 d4 f4 d3 e4 d2 e3 d3 e2 d4 \
         d2 c4 d3 c3 d4 c4 b4 d4 c4 d3 c3 d2 c2 e2 c1",
        &[28, 48, 57],
    ),
    (
        "d2h f4h e2 d9 b1h b8h c2v c9 a6h d9 d4h h6h c4v f6h b5h e1v d2 a2h g5v b3v f3v d7h c7v \
         d8 d1 d8h d2 a4v d1 e8 c1 f8 b1 f7 a1 e7 a2 e6 b2 d6 c2 c6 c3 b6 c4 a6 c5 a5 b5 a4 b4 \
         a3 b5 b3 c5 b4 c4 b5 c3 c5 c2 c4 b2 c3 a2 c2 a1 b2 b1 a2 a1 b1",
        &[28, 29, 52, 60],
    ),
];

/// The wall-less positions of [`WANDERED`], either side to move.
fn wall_less_positions() -> Vec<Position> {
    let mut out = Vec::new();
    for (record, plies) in WANDERED {
        let game = Game::parse_with_variant(record, Variant::default()).expect("record");
        for &ply in plies {
            let pos = *game.position_at(ply).expect("a ply of the game");
            assert_eq!(
                pos.walls_left(Player::One) + pos.walls_left(Player::Two),
                0,
                "ply {ply}"
            );
            out.push(pos);
        }
    }
    out
}

/// Whether `mv` keeps what the pawn-race table says `pos` is worth to its
/// side to move (a win stays a win, a loss a loss, a draw a draw).
fn keeps_the_result(table: &PawnRace, pos: &Position, mv: Move) -> bool {
    let mut after = *pos;
    after.play(mv).expect("legal");
    let before = table.result(pos).expect("covered");
    let after = table.result(&after).expect("covered");
    matches!(
        (before, after),
        (RaceResult::Win(_), RaceResult::Loss(_))
            | (RaceResult::Loss(_), RaceResult::Win(_))
            | (RaceResult::Draw, RaceResult::Draw)
    )
}

#[test]
fn with_no_walls_left_every_level_steps_along_a_shortest_path() {
    for (i, pos) in wall_less_positions().iter().enumerate() {
        let table = PawnRace::solve(pos).expect("no walls left");
        // A step home that keeps the race's result, if there is one: the
        // winner of the second game, on d4 at ply 57, has none (d3 throws
        // the race away; only the jump to b4 wins), and must step aside.
        let home_exists = pos
            .legal_moves()
            .into_iter()
            .any(|mv| shortens_own_path(pos, mv) && keeps_the_result(&table, pos, mv));
        for level in &LEVELS {
            for seed in 1..=3 {
                let mut engine = new_engine(
                    *pos,
                    &EngineConfig::of_kind(EngineKind::Uct, level_params(level, seed, TEST_BUDGET)),
                    evaluator(),
                );
                let mv = engine.think().expect("a move");
                let context = format!(
                    "position {i}, level {}, seed {seed}: {mv} ({:?} to go)",
                    level.number,
                    pos.distance_to_goal(pos.turn())
                );
                assert!(
                    keeps_the_result(&table, pos, mv),
                    "{context} changes the result"
                );
                assert!(
                    shortens_own_path(pos, mv) || !home_exists,
                    "{context} does not step home"
                );
            }
        }
    }
}

/// Plays level 1 against level 1 (seeds `seed` and `seed + 1`) from `pos`
/// to the end; returns the winner and how many moves it made.
fn level_one_game(pos: Position, seed: u64) -> (Player, u32) {
    let level = Level::get(1).expect("level 1");
    let mut pos = pos;
    let mut moves = [0u32; 2];
    for ply in 0..200 {
        if let Some(winner) = pos.winner() {
            return (winner, moves[winner.index()]);
        }
        let params = level_params(level, seed + ply % 2, TEST_BUDGET);
        let mv = new_engine(
            pos,
            &EngineConfig::of_kind(EngineKind::Uct, params),
            evaluator(),
        )
        .think()
        .expect("a move");
        moves[pos.turn().index()] += 1;
        pos.play(mv).expect("legal");
    }
    panic!("no winner in 200 plies");
}

#[test]
fn a_wall_less_game_of_level_one_ends_in_the_winners_distance_to_goal() {
    // Where each game's last wall went down, and two plies of the first
    // game where its loser had wandered.
    let positions = wall_less_positions();
    for i in [0, 6, 9, 2, 3] {
        let pos = &positions[i];
        for seed in [1, 11] {
            let (winner, moves) = level_one_game(*pos, seed);
            let distance = pos.distance_to_goal(winner).expect("a path");
            assert!(
                moves <= distance,
                "position {i}, seed {seed}: {winner} needed {moves} moves for a path of {distance}"
            );
        }
    }
}

/// Issue 62: level 1 opened with `d1h`, a wall on move 1. A beginner walks
/// forward first: levels 1 and 2, with 40 seeds each, take a step nearer
/// their goal on move 1 (either side), never a wall or a step aside.
#[test]
fn levels_one_and_two_open_with_a_step_forward_not_a_wall() {
    for number in [1, 2] {
        let level = Level::get(number).expect("level");
        for (record, seeds) in [("", 1..=40), ("e2", 41..=80)] {
            let game = Game::parse_with_variant(record, Variant::default()).expect("record");
            let pos = *game.position();
            for seed in seeds {
                let mut engine = new_engine(
                    pos,
                    &EngineConfig::of_kind(EngineKind::Uct, level_params(level, seed, TEST_BUDGET)),
                    evaluator(),
                );
                let mv = engine.think().expect("a move");
                assert!(
                    shortens_own_path(&pos, mv),
                    "level {number}, seed {seed}, after '{record}': {mv}"
                );
            }
        }
    }
}
