//! The alpha-beta engine against plain minimax: every value-preserving
//! enhancement combination returns minimax's value; forced wins are found
//! and one-move threats stopped; every switch plays only legal moves.

use quoridor_engines::alphabeta::static_score;
use quoridor_engines::learned::Evaluator;
use quoridor_engines::WIN;
use quoridor_engines::{
    AlphaBeta, AlphaBetaParams, Limits, ManualClock, SearchEngine, SearchParams, Slice,
};
use quoridor_rules::{Move, Position, Variant};
use rand::rngs::SmallRng;
use rand::seq::IndexedRandom;
use rand::SeedableRng;

/// The engines' evaluator: the network built in (none in a build without
/// weights).
fn evaluator() -> Evaluator {
    Evaluator::embedded().expect("the built-in network loads")
}

/// Negamax without pruning: the reference value at `depth` plies.
fn minimax(pos: &Position, depth: u32, ply: u32, p: &AlphaBetaParams) -> i32 {
    if pos.is_over() || depth == 0 {
        return static_score(pos, ply, p, None);
    }
    let moves = pos.legal_moves();
    if moves.is_empty() {
        return static_score(pos, ply, p, None);
    }
    moves
        .iter()
        .map(|&m| {
            let mut child = *pos;
            child.play_unchecked(m);
            -minimax(&child, depth - 1, ply + 1, p)
        })
        .max()
        .unwrap_or(i32::MIN)
}

/// A position after `plies` random moves from the start of `size`×`size`
/// with `walls` walls each (a game that ends early is cut short).
fn random_position(size: u8, walls: u8, plies: usize, rng: &mut SmallRng) -> Position {
    let mut pos = Position::new(Variant::new(size, walls).expect("variant"));
    for _ in 0..plies {
        let moves = pos.legal_moves();
        let Some(&m) = moves.choose(rng) else { break };
        let mut next = pos;
        next.play_unchecked(m);
        if next.is_over() {
            break;
        }
        pos = next;
    }
    pos
}

fn engine(pos: Position, ab: AlphaBetaParams, depth: u32) -> AlphaBeta {
    let params = SearchParams {
        limits: Limits::NONE,
        // The reference minimax knows only the evaluation, not the exact
        // table of wall-less endgames.
        pawn_race: false,
        ..SearchParams::default()
    };
    let own = AlphaBetaParams {
        max_depth: Some(depth),
        hash_mb: 1,
        ..ab
    };
    AlphaBeta::new(pos, params, own, evaluator())
}

/// The value the engine reports after iterating to `depth`.
fn searched_value(pos: Position, ab: AlphaBetaParams, depth: u32) -> (i32, Option<Move>) {
    let mut search = engine(pos, ab, depth);
    let best = search.think();
    assert_eq!(
        search.completed_depth(),
        depth.min(search.completed_depth())
    );
    (search.value().expect("an iteration completed"), best)
}

/// Every combination of the value-preserving switches, on a plain base.
fn value_preserving_combinations() -> Vec<AlphaBetaParams> {
    (0..64u32)
        .map(|bits| AlphaBetaParams {
            tt: bits & 1 != 0,
            pvs: bits & 2 != 0,
            aspiration: bits & 4 != 0,
            killers: bits & 8 != 0,
            history: bits & 16 != 0,
            ordering: bits & 32 != 0,
            aspiration_window: 20,
            ..AlphaBetaParams::plain()
        })
        .collect()
}

fn assert_same_values_as_minimax(size: u8, walls: u8, depths: &[u32], positions: usize, seed: u64) {
    let mut rng = SmallRng::seed_from_u64(seed);
    let combos = value_preserving_combinations();
    for n in 0..positions {
        let pos = random_position(size, walls, 2 + n % 5, &mut rng);
        for &depth in depths {
            let reference = minimax(&pos, depth, 0, &AlphaBetaParams::plain());
            for ab in &combos {
                let (value, best) = searched_value(pos, ab.clone(), depth);
                assert_eq!(value, reference, "depth {depth}, {ab:?}\n{}", pos.diagram());
                let best = best.expect("a move");
                assert!(pos.check(best).is_ok(), "{best} illegal");
            }
        }
    }
}

#[test]
fn every_value_preserving_combination_matches_minimax_on_5x5() {
    assert_same_values_as_minimax(5, 2, &[1, 2, 3], 12, 1);
}

#[test]
fn every_value_preserving_combination_matches_minimax_at_depth_4_on_5x5() {
    assert_same_values_as_minimax(5, 1, &[4], 2, 2);
}

#[test]
fn every_value_preserving_combination_matches_minimax_on_7x7() {
    assert_same_values_as_minimax(7, 1, &[1, 2], 5, 3);
}

#[test]
fn every_value_preserving_combination_matches_minimax_at_depth_3_and_4_on_7x7() {
    // Few walls left, so minimax at depth 3 and 4 stays quick.
    let mut rng = SmallRng::seed_from_u64(4);
    let combos = value_preserving_combinations();
    let mut checked = 0;
    while checked < 2 {
        let pos = random_position(7, 1, 4, &mut rng);
        if pos.walls_left(quoridor_rules::Player::One) + pos.walls_left(quoridor_rules::Player::Two)
            > 1
        {
            continue;
        }
        checked += 1;
        for depth in [3, 4] {
            let reference = minimax(&pos, depth, 0, &AlphaBetaParams::plain());
            for ab in combos.iter().step_by(7).chain(combos.last()) {
                let (value, _) = searched_value(pos, ab.clone(), depth);
                assert_eq!(value, reference, "depth {depth}, {ab:?}\n{}", pos.diagram());
            }
        }
    }
}

/// Positions (from random play) where the side to move wins in exactly
/// `plies` plies by minimax but not sooner.
fn forced_wins(plies: u32, wanted: usize, seed: u64) -> Vec<Position> {
    let mut rng = SmallRng::seed_from_u64(seed);
    let p = AlphaBetaParams::plain();
    let mut found = Vec::new();
    for _ in 0..4000 {
        if found.len() >= wanted {
            break;
        }
        let pos = random_position(5, 1, 3 + rng.random_range_usize(8), &mut rng);
        if minimax(&pos, plies, 0, &p) == WIN - plies as i32
            && (plies < 3 || minimax(&pos, plies - 2, 0, &p) != WIN - (plies as i32 - 2))
        {
            found.push(pos);
        }
    }
    found
}

trait RangeUsize {
    fn random_range_usize(&mut self, n: usize) -> usize;
}

impl RangeUsize for SmallRng {
    fn random_range_usize(&mut self, n: usize) -> usize {
        rand::Rng::random_range(self, 0..n)
    }
}

#[test]
fn forced_wins_in_1_3_and_5_plies_are_found_and_played() {
    for plies in [1, 3, 5] {
        let positions = forced_wins(plies, 3, u64::from(plies));
        assert!(!positions.is_empty(), "no win in {plies} found to test");
        for pos in positions {
            // Every enhancement on, as the engine plays by default.
            let (value, best) = searched_value(pos, AlphaBetaParams::default(), plies);
            assert_eq!(value, WIN - plies as i32, "{}", pos.diagram());
            let mv = best.expect("a move");
            let mut after = pos;
            after.play(mv).expect("legal");
            let reply = minimax(&after, plies - 1, 1, &AlphaBetaParams::plain());
            assert_eq!(
                -reply,
                WIN - plies as i32,
                "{mv} keeps the win\n{}",
                pos.diagram()
            );
        }
    }
}

#[test]
fn an_opponents_one_move_win_is_stopped() {
    let mut rng = SmallRng::seed_from_u64(9);
    let mut tested = 0;
    for _ in 0..20_000 {
        if tested >= 5 {
            break;
        }
        let pos = random_position(5, 3, 4 + rng.random_range_usize(8), &mut rng);
        let me = pos.turn();
        let threatened = pos.passed().legal_moves().iter().any(|&m| {
            let mut after = pos.passed();
            after.play_unchecked(m);
            after.winner() == Some(me.other())
        });
        let i_win_now = pos.legal_moves().iter().any(|&m| {
            let mut after = pos;
            after.play_unchecked(m);
            after.is_over()
        });
        let stops = |m: Move| {
            let mut after = pos;
            after.play_unchecked(m);
            !after.legal_moves().iter().any(|&r| {
                let mut next = after;
                next.play_unchecked(r);
                next.is_over()
            })
        };
        if !threatened || i_win_now || !pos.legal_moves().into_iter().any(stops) {
            continue;
        }
        tested += 1;
        let (_, best) = searched_value(pos, AlphaBetaParams::default(), 2);
        let mv = best.expect("a move");
        assert!(stops(mv), "{mv} lets the opponent win\n{}", pos.diagram());
    }
    assert!(tested >= 3, "only {tested} threatened positions found");
}

/// Turns one switch over.
type Flip = fn(&mut AlphaBetaParams);

/// Each switch flipped from the defaults, one at a time.
fn each_switch_flipped() -> Vec<(String, AlphaBetaParams)> {
    let base = AlphaBetaParams::default();
    let flips: [(&str, Flip); 12] = [
        ("tt", |p| p.tt = !p.tt),
        ("pvs", |p| p.pvs = !p.pvs),
        ("aspiration", |p| p.aspiration = !p.aspiration),
        ("killers", |p| p.killers = !p.killers),
        ("history", |p| p.history = !p.history),
        ("ordering", |p| p.ordering = !p.ordering),
        ("null_move", |p| p.null_move = !p.null_move),
        ("futility", |p| p.futility = !p.futility),
        ("near_walls", |p| p.near_walls = !p.near_walls),
        ("quiescence", |p| p.quiescence = !p.quiescence),
        ("goal_extension", |p| p.goal_extension = !p.goal_extension),
        ("exact_race", |p| p.exact_race = !p.exact_race),
    ];
    let mut out = vec![("defaults".to_string(), base.clone())];
    for (name, flip) in flips {
        let mut p = base.clone();
        flip(&mut p);
        out.push((name.to_string(), p));
    }
    out.push(("plain".to_string(), AlphaBetaParams::plain()));
    out
}

#[test]
fn never_an_illegal_move_with_each_switch_on_and_off() {
    let mut rng = SmallRng::seed_from_u64(11);
    for (name, ab) in each_switch_flipped() {
        for n in 0..12 {
            let (size, walls) = [(5, 3), (7, 4), (9, 10)][n % 3];
            let pos = random_position(size, walls, rng.random_range_usize(20), &mut rng);
            if pos.is_over() {
                continue;
            }
            let mut search = engine(pos, ab.clone(), 3);
            search.set_params(SearchParams {
                limits: Limits::playouts(3000),
                ..search.params().clone()
            });
            let mv = search.think().expect("a move");
            assert!(
                pos.check(mv).is_ok(),
                "{name}: {mv} illegal in\n{}",
                pos.diagram()
            );
            let info = search.info(5);
            assert!(info.pv.first().is_none_or(|&m| m == mv) || info.pv.is_empty());
            let mut line = pos;
            for m in &info.pv {
                assert!(line.play(*m).is_ok(), "{name}: pv {:?} illegal", info.pv);
            }
        }
    }
}

#[test]
fn a_slice_ends_when_its_clock_says_so_and_stop_ends_the_think_at_once() {
    let pos = Position::new(Variant::default());
    let mut search = engine(pos, AlphaBetaParams::default(), 60);
    // The clock moves 5 ms at every look: the slice's time is the engine's
    // looks at its clock, not the machine's speed.
    let clock = ManualClock::stepping(5.0);
    search.start();
    for _ in 0..5 {
        let (began, nodes_before, reads_before) = (clock.time_ms(), search.nodes(), clock.reads());
        assert!(!search.run(Slice::time(20.0)), "no limit: not finished");
        let took = clock.time_ms() - began;
        assert!(
            (20.0..=30.0).contains(&took),
            "a 20 ms slice ended at {took} ms of its clock"
        );
        // The engine looks at its clock between bounded batches of nodes.
        let nodes = search.nodes() - nodes_before;
        let looks = clock.reads() - reads_before;
        assert!(nodes > 0, "the slice searched");
        assert!(
            nodes <= looks * 2048,
            "{nodes} nodes between {looks} looks at the clock"
        );
    }
    let info = search.info(3);
    assert!(info.searched > 0 && info.best_move.is_some());
    search
        .stop_flag()
        .store(true, std::sync::atomic::Ordering::Relaxed);
    let nodes = search.nodes();
    assert!(search.run(Slice::time(1000.0)), "stopped");
    assert_eq!(
        search.nodes(),
        nodes,
        "no node is searched once the stop flag is set"
    );
    assert!(pos.check(search.best_move().expect("a move")).is_ok());
}

#[test]
fn node_and_depth_limits_end_the_think() {
    let pos = Position::new(Variant::default());
    let mut search = engine(pos, AlphaBetaParams::default(), 60);
    search.set_params(SearchParams {
        limits: Limits::playouts(5000),
        ..search.params().clone()
    });
    search.think();
    let nodes = search.info(0).searched;
    assert!((5000..5000 + 64).contains(&nodes), "{nodes} nodes");
    let mut search = engine(pos, AlphaBetaParams::default(), 2);
    search.think();
    let info = search.info(0);
    let ab = info.alphabeta().expect("alpha-beta info");
    assert_eq!(ab.depth, 2);
    assert_eq!(ab.iterations.len(), 2);
    assert!(!ab.root_moves.is_empty());
}

#[test]
fn the_table_stays_warm_between_thinks_and_a_new_depth_limit_keeps_it() {
    let mut pos = Position::new(Variant::default());
    for m in ["e2", "e8", "e3", "e7"] {
        pos.play(m.parse().expect("move")).expect("legal");
    }
    let mut search = engine(pos, AlphaBetaParams::default(), 5);
    search.think();
    let cold = search.nodes();
    search.think();
    let warm = search.nodes();
    assert!(warm < cold, "warm {warm} vs cold {cold}");
    let mut deeper = search.alphabeta_params().clone();
    deeper.max_depth = Some(4);
    search.set_alphabeta_params(deeper.clone());
    search.think();
    let shallower = search.nodes();
    assert!(shallower <= warm, "a new depth limit keeps the table warm");
    deeper.wall_weight += 1.0;
    search.set_alphabeta_params(deeper);
    search.think();
    assert!(
        search.nodes() > shallower,
        "new weights: the table starts afresh"
    );
}

#[test]
fn a_second_think_to_the_same_depth_gives_the_whole_line() {
    let mut pos = Position::new(Variant::default());
    for m in ["e2", "e8"] {
        pos.play(m.parse().expect("move")).expect("legal");
    }
    let mut search = engine(pos, AlphaBetaParams::default(), 4);
    search.think();
    let first = search.info(0).pv;
    search.think();
    let second = search.info(0).pv;
    // The warm table answers the root's children from their stored values;
    // the line still reaches the depth searched.
    assert!(first.len() >= 4, "{first:?}");
    assert!(second.len() >= 4, "{second:?}");
    assert_eq!(first[0], second[0]);
    let mut line = pos;
    for mv in &second {
        line.play(*mv).expect("the line is legal");
    }
}
