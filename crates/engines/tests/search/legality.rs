//! Whatever the settings and the position, the engine returns legal moves:
//! its chosen move, every root child and the principal variation.

use quoridor_engines::learned::Evaluator;
use quoridor_engines::{
    EngineConfig, FinalMove, Limits, PlayoutPolicy, SearchParams, Uct, UctParams,
};
use quoridor_rules::{Position, Variant};
use rand::rngs::SmallRng;
use rand::{Rng, SeedableRng};

/// The engines' evaluator: the network built in (none in a build without
/// weights).
fn evaluator() -> Evaluator {
    Evaluator::embedded().expect("the built-in network loads")
}

/// A position after up to `plies` random legal moves from the start of
/// `variant` (stops early if the game ends).
fn random_position(variant: Variant, plies: usize, rng: &mut SmallRng) -> Position {
    let mut pos = Position::new(variant);
    for _ in 0..plies {
        let moves = pos.legal_moves();
        if pos.is_over() || moves.is_empty() {
            break;
        }
        // Favour pawn moves a little, so games also reach the endgame.
        let pawns: Vec<_> = moves
            .iter()
            .filter(|m| matches!(m, quoridor_rules::Move::Pawn(_)))
            .collect();
        let mv = if !pawns.is_empty() && rng.random_bool(0.5) {
            *pawns[rng.random_range(0..pawns.len())]
        } else {
            moves[rng.random_range(0..moves.len())]
        };
        pos.play(mv).expect("a generated move is legal");
    }
    pos
}

/// Searches `pos` with UCT and `config` for `playouts` and checks every move the
/// search reports is legal; returns the number of root children.
fn check_search(pos: Position, config: &EngineConfig, playouts: u64, what: &str) -> usize {
    let params = SearchParams {
        limits: Limits::playouts(playouts),
        ..config.params.clone()
    };
    let mut search = Uct::new(pos, params, config.uct.clone(), evaluator());
    let best = search.think();
    let info = search.info(usize::MAX);
    if pos.is_over() {
        assert_eq!(best, None, "{what}: no move once the game is over");
        return 0;
    }
    let best = best.unwrap_or_else(|| panic!("{what}: no move in a live position"));
    pos.check(best).unwrap_or_else(|e| {
        panic!(
            "{what}: best move {best} is illegal: {e}\n{}",
            pos.diagram()
        )
    });
    for child in &info.children {
        pos.check(child.mv)
            .unwrap_or_else(|e| panic!("{what}: root child {} is illegal: {e}", child.mv));
    }
    let mut line = pos;
    for mv in &info.pv {
        line.play(*mv)
            .unwrap_or_else(|e| panic!("{what}: pv move {mv} is illegal: {e}"));
    }
    info.children.len()
}

/// The thesis's fixed point and the default, each with one setting changed,
/// both playout policies, plus everything on and everything off.
fn setting_variants() -> Vec<(String, EngineConfig)> {
    let mut all = setting_variants_of("thesis", EngineConfig::thesis_fixed_point());
    all.extend(setting_variants_of("default", EngineConfig::default()));
    all.extend(extremes());
    all
}

/// `base` with one setting changed at a time, under both playout policies.
fn setting_variants_of(base_name: &str, base: EngineConfig) -> Vec<(String, EngineConfig)> {
    type Change = (&'static str, fn(&mut EngineConfig));
    let changes: [Change; 21] = [
        ("as is", |_| {}),
        ("uct_c 0", |p| p.uct.uct_c = 0.0),
        ("uct_c 2", |p| p.uct.uct_c = 2.0),
        ("maxd unlimited", |p| p.uct.max_playout_moves = None),
        ("maxd 0", |p| p.uct.max_playout_moves = Some(0)),
        ("maxd 5", |p| p.uct.max_playout_moves = Some(5)),
        ("wall_weight 0", |p| p.uct.wall_weight = 0.0),
        ("score_slope 5", |p| p.params.score_slope = 5.0),
        ("skip from root", |p| p.uct.skip_from_depth = Some(0)),
        ("smart playouts", |p| {
            p.uct.smart_playouts = !p.uct.smart_playouts
        }),
        ("overlapping walls", |p| {
            p.uct.remember_overlapping_walls = !p.uct.remember_overlapping_walls
        }),
        ("blocking walls", |p| {
            p.uct.remember_blocking_walls = !p.uct.remember_blocking_walls
        }),
        ("losing moves", |p| {
            p.uct.losing_move_detection = !p.uct.losing_move_detection
        }),
        ("tree reuse", |p| p.uct.tree_reuse = !p.uct.tree_reuse),
        ("solver", |p| p.uct.solver = !p.uct.solver),
        ("near walls", |p| {
            p.uct.near_walls_only = !p.uct.near_walls_only
        }),
        ("widening", |p| {
            p.uct.widening = if p.uct.widening > 0.0 { 0.0 } else { 1.5 }
        }),
        ("tempo", |p| {
            p.uct.tempo = if p.uct.tempo > 0.0 { 0.0 } else { 1.0 }
        }),
        ("best winrate", |p| {
            p.uct.final_move = FinalMove::BestWinrate
        }),
        ("tiny node budget", |p| p.uct.node_budget = 20),
        ("path_bias extremes", |p| {
            p.uct.path_bias = if p.uct.path_bias > 0.5 { 0.0 } else { 1.0 }
        }),
    ];
    let mut out = Vec::new();
    for policy in [PlayoutPolicy::Uniform, PlayoutPolicy::ShortestPath] {
        for (name, change) in changes {
            let mut p = base.clone();
            p.uct.playout_policy = policy;
            change(&mut p);
            out.push((format!("{base_name} {policy:?} {name}"), p));
        }
    }
    out
}

/// Every switch on, and every switch off.
fn extremes() -> Vec<(String, EngineConfig)> {
    let all_on = EngineConfig {
        uct: UctParams {
            skip_from_depth: Some(1),
            smart_playouts: true,
            remember_overlapping_walls: true,
            remember_blocking_walls: true,
            losing_move_detection: true,
            tree_reuse: true,
            solver: true,
            near_walls_only: true,
            widening: 2.0,
            tempo: 1.0,
            ..UctParams::default()
        },
        ..EngineConfig::default()
    };
    let all_off = EngineConfig {
        uct: UctParams {
            skip_from_depth: None,
            smart_playouts: false,
            remember_overlapping_walls: false,
            remember_blocking_walls: false,
            losing_move_detection: false,
            tree_reuse: false,
            solver: false,
            near_walls_only: false,
            widening: 0.0,
            tempo: 0.0,
            ..UctParams::default()
        },
        ..EngineConfig::default()
    };
    vec![
        ("all switches on".into(), all_on),
        ("all switches off".into(), all_off),
    ]
}

/// Searches a start, a midgame and a small-board position with each setting.
fn check_settings(settings: Vec<(String, EngineConfig)>) {
    let mut rng = SmallRng::seed_from_u64(7);
    let positions = [
        Position::new(Variant::default()),
        random_position(Variant::default(), 30, &mut rng),
        random_position(Variant::new(5, 2).expect("5x5"), 12, &mut rng),
    ];
    for (name, params) in settings {
        for (i, pos) in positions.iter().enumerate() {
            let children = check_search(*pos, &params, 100, &format!("{name}, position {i}"));
            if !pos.is_over() {
                assert!(children > 0, "{name}, position {i}: the root grew children");
            }
        }
    }
}

#[test]
fn every_thesis_setting_searches_and_returns_legal_moves() {
    check_settings(setting_variants_of(
        "thesis",
        EngineConfig::thesis_fixed_point(),
    ));
}

#[test]
fn every_default_setting_searches_and_returns_legal_moves() {
    check_settings(setting_variants_of("default", EngineConfig::default()));
}

#[test]
fn all_switches_on_or_off_search_and_return_legal_moves() {
    check_settings(extremes());
}

#[test]
fn never_returns_an_illegal_move_in_random_positions() {
    let mut rng = SmallRng::seed_from_u64(2011);
    let settings = setting_variants();
    let mut searched = 0;
    for size in 3..=11u8 {
        for walls in [0, 1, 3, 10, 20] {
            let variant = Variant::new(size, walls).expect("sizes 3–11, up to 20 walls");
            for _ in 0..3 {
                let plies = rng.random_range(0..40);
                let pos = random_position(variant, plies, &mut rng);
                let (name, params) = &settings[rng.random_range(0..settings.len())];
                let mut params = params.clone();
                params.params.seed = rng.random();
                let what = format!("{size}x{size} walls {walls}, {plies} plies, {name}");
                check_search(pos, &params, 100, &what);
                searched += 1;
            }
        }
    }
    assert_eq!(searched, 9 * 5 * 3);
}
