//! The engine finds the obvious: it takes a win, stops a win, and its solver
//! proves won positions. Fixed seeds and playout counts, so runs repeat.

use quoridor_engines::learned::Evaluator;
use quoridor_engines::{EngineConfig, Limits, PlayoutPolicy, SearchParams, Uct, UctParams};
use quoridor_rules::{Game, Move, Player, Variant};

/// The engines' evaluator: the network built in (none in a build without
/// weights).
fn evaluator() -> Evaluator {
    Evaluator::embedded().expect("the built-in network loads")
}

fn game(record: &str, variant: Variant) -> Game {
    Game::parse_with_variant(record, variant).expect("test record is legal")
}

/// UCT's move after `record` with `config` limited to `playouts`.
fn engine_move(record: &str, variant: Variant, config: &EngineConfig, playouts: u64) -> Move {
    let params = SearchParams {
        limits: Limits::playouts(playouts),
        ..config.params.clone()
    };
    let mut search = Uct::new(
        *game(record, variant).position(),
        params,
        config.uct.clone(),
        evaluator(),
    );
    search.think().expect("the position has moves")
}

fn presets() -> Vec<(&'static str, EngineConfig)> {
    vec![
        ("default", EngineConfig::default()),
        ("thesis", EngineConfig::thesis_fixed_point()),
        ("easy", EngineConfig::easy()),
        (
            "thesis+shortest_path",
            EngineConfig {
                uct: UctParams {
                    playout_policy: PlayoutPolicy::ShortestPath,
                    path_bias: 0.8,
                    ..UctParams::thesis()
                },
                ..EngineConfig::thesis_fixed_point()
            },
        ),
    ]
}

#[test]
fn takes_an_immediate_win() {
    // Player 1 stands on e8 with e9 free.
    let record = "e2 e8 e3 d8 e4 d7 e5 d6 e6 d5 e7 d4 e8 d3";
    for (name, params) in presets() {
        let mv = engine_move(record, Variant::default(), &params, 1000);
        assert_eq!(mv.to_string(), "e9", "{name}");
    }
}

#[test]
fn takes_the_win_when_both_sides_are_one_step_away() {
    // Player 1 on c8 could win next move; player 2 on e2 wins now with e1.
    let record = "e2 e8 d2 e7 d3 e6 d4 e5 d5 e4 c5 e3 c6 a8h c7 e2 c8";
    let pos = *game(record, Variant::default()).position();
    assert_eq!(pos.turn(), Player::Two);
    for (name, params) in presets() {
        let mv = engine_move(record, Variant::default(), &params, 1000);
        assert_eq!(mv.to_string(), "e1", "{name}");
    }
}

#[test]
fn walls_off_an_opponent_who_would_win_next_move() {
    // Player 2 on d2 reaches d1 next move; player 1 on e8 is two moves from
    // goal (its own wall e8h is in the way). Only c1h or d1h saves the game.
    let record = "e2 e8 e3 d8 e4 d7 e5 d6 e6 d5 e7 d4 e8 d3 e8h d2";
    let mut cases: Vec<(String, EngineConfig)> = (1..=5)
        .map(|seed| {
            let config = EngineConfig::uct(SearchParams {
                seed,
                ..SearchParams::default()
            });
            (format!("default seed {seed}"), config)
        })
        .collect();
    cases.push((
        "thesis+losing_move_detection".to_string(),
        EngineConfig {
            uct: UctParams {
                losing_move_detection: true,
                ..UctParams::thesis()
            },
            ..EngineConfig::thesis_fixed_point()
        },
    ));
    for (name, params) in cases {
        let mv = engine_move(record, Variant::default(), &params, 3000).to_string();
        assert!(mv == "c1h" || mv == "d1h", "{name} played {mv}");
    }
}

#[test]
fn solver_proves_a_lost_position_for_the_side_to_move() {
    // 5x5 without walls: player 1 on c4 wins next move whatever player 2 does.
    let variant = Variant::new(5, 0).expect("5x5 without walls");
    let pos = *game("c2 b5 c3 a5 c4", variant).position();
    let params = SearchParams {
        limits: Limits::playouts(5000),
        ..SearchParams::default()
    };
    let mut search = Uct::new(pos, params, UctParams::default(), evaluator());
    assert!(search.think().is_some());
    let info = search.info(10);
    assert_eq!(info.proven_winner, Some(Player::One));
    assert!(info.searched < 5000, "a proof ends the search early");
}

#[test]
fn solver_proves_a_win_two_moves_deep() {
    // 5x5 without walls: player 1 on c3 needs two moves, player 2 on a5 four.
    let variant = Variant::new(5, 0).expect("5x5 without walls");
    let pos = *game("c2 b5 c3 a5", variant).position();
    let params = SearchParams {
        limits: Limits::playouts(20_000),
        ..SearchParams::default()
    };
    let mut search = Uct::new(pos, params, UctParams::default(), evaluator());
    let mv = search.think().expect("a move");
    let info = search.info(10);
    assert_eq!(info.proven_winner, Some(Player::One));
    assert!(info.searched < 20_000, "a proof ends the search early");
    // The proven move keeps the win: after it, player 1 still wins.
    let mut after = pos;
    after.play(mv).expect("legal");
    let mut reply = Uct::new(
        after,
        SearchParams {
            limits: Limits::playouts(20_000),
            ..SearchParams::default()
        },
        UctParams::default(),
        evaluator(),
    );
    reply.think();
    assert_eq!(reply.info(0).proven_winner, Some(Player::One));
}
