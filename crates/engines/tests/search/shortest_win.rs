//! Won games finished the shortest way (issue 61): with `shortest_win` UCT
//! plays the shortest proven win and prefers the shorter of two won lines,
//! so a won position is converted within a few plies of the perfect
//! distance instead of walked in circles; alpha-beta's mate-distance
//! scores already take the shortest win. Fixed seeds and playout (node)
//! counts.

use quoridor_engines::learned::Evaluator;
use quoridor_engines::SearchEngine;
use quoridor_engines::{new_engine, EngineConfig, EngineKind, Limits, SearchParams, UctParams};
use quoridor_rules::{Game, Player, Position, Variant};

/// The engines' evaluator: the network built in (none in a build without
/// weights).
fn evaluator() -> Evaluator {
    Evaluator::embedded().expect("the built-in network loads")
}

/// Plays `record` on with `config` for both sides (one engine per side, as
/// `quoridor solve accuracy` does) until a pawn is home or `cap` plies
/// were played; returns the winner and the plies played.
fn self_play(record: &str, variant: Variant, config: &EngineConfig, cap: usize) -> (Option<Player>, usize, Game) {
    let mut game = Game::parse_with_variant(record, variant).expect("test record is legal");
    let start = Position::new(variant);
    let mut engines = [Player::One, Player::Two].map(|p| {
        let params = SearchParams {
            seed: config.params.seed + p.index() as u64,
            ..config.params.clone()
        };
        new_engine(start, &EngineConfig { params, ..config.clone() }, evaluator())
    });
    let mut plies = 0;
    while game.position().winner().is_none() && plies < cap {
        let engine = &mut engines[game.position().turn().index()];
        engine.set_game(start, game.moves()).expect("legal so far");
        let mv = engine.think().expect("a move");
        game.play(mv).expect("legal");
        plies += 1;
    }
    (game.position().winner(), plies, game)
}

fn uct(playouts: u64, seed: u64, shortest_win: bool) -> EngineConfig {
    EngineConfig {
        uct: UctParams {
            shortest_win,
            ..UctParams::default()
        },
        ..EngineConfig::uct(SearchParams {
            limits: Limits::playouts(playouts),
            seed,
            ..SearchParams::default()
        })
    }
}

#[test]
#[ignore]
fn explore() {
    let variant = Variant::new(5, 3).expect("variant");
    for playouts in [3000u64, 10_000, 30_000] {
        for seed in 1..=3 {
            for on in [false, true] {
                let (w, plies, game) = self_play("d3v c3v c2 c4", variant, &uct(playouts, seed, on), 60);
                println!("{playouts} seed {seed} on {on}: {w:?} {plies} {game}");
            }
        }
    }
}

#[test]
#[ignore]
fn explore_root() {
    let variant = Variant::new(5, 3).expect("variant");
    let recs = std::env::var("RECS").unwrap_or_default();
    for rec in recs.split(',') {
        let game = Game::parse_with_variant(rec, variant).expect("legal");
        for playouts in [3000u64, 30_000, 300_000] {
            let on = std::env::var("OFF").is_err();
            let start = Position::new(variant);
            let mut e = new_engine(start, &uct(playouts, 1, on), evaluator());
            e.set_game(start, game.moves()).expect("legal");
            let mv = e.think();
            let info = e.info(8);
            println!("{rec} {playouts}: {mv:?} wp {:.3}", info.win_probability);
            for c in &info.children {
                println!("  {} visits {} wp {:.3} {:?} pv {:?}", c.mv, c.visits(), c.win_probability, c.proven, c.pv.iter().map(|m| m.to_string()).collect::<Vec<_>>().join(" "));
            }
        }
    }
}
