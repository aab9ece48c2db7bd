//! Won games finished the shortest way (issue 61): with `shortest_win` UCT
//! counts a line that repeats a position as a draw, plays the shortest
//! proven win and prefers the shorter of two won lines, so a won position
//! is converted within a few plies of the perfect distance instead of
//! walked in circles, and a proven win ends its think only once no
//! shorter one can be found; alpha-beta's mate-distance scores already take the
//! shortest win it sees. The distances come from the solver and the
//! pawn-race table. Fixed seeds and playout (node) counts.

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
fn self_play(
    record: &str,
    variant: Variant,
    config: &EngineConfig,
    cap: usize,
) -> (Option<Player>, usize, Game) {
    let mut game = Game::parse_with_variant(record, variant).expect("test record is legal");
    let start = Position::new(variant);
    let mut engines = [Player::One, Player::Two].map(|p| {
        let params = SearchParams {
            seed: config.params.seed + p.index() as u64,
            ..config.params.clone()
        };
        new_engine(
            start,
            &EngineConfig {
                params,
                ..config.clone()
            },
            evaluator(),
        )
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

/// After `b2v b3h a3v b5 b1` on 5×5 with 3 walls each player 2 (to move)
/// wins in 13 plies: `quoridor solve "[size 5] [walls 3] b2v b3h a3v b5
/// b1"` prints "player 2 wins in 13 plies" (d3h, b4v or c4v; a5 wins in
/// 15, the shuffle c5 in 17). A game of `quoridor solve accuracy` (UCT at
/// 100 ms) reached it and player 2 stepped c5–b5–c5 … while player 1
/// stepped b1–c1–b1 … until the 300-ply cap.
const SHUFFLE: &str = "b2v b3h a3v b5 b1";
const SHUFFLE_PLIES: usize = 13;

/// After `d3v c3v c2 c4` (issue 61's position) player 1 to move loses in
/// 23 plies (`quoridor solve "[size 5] [walls 3] d3v c3v c2 c4"`); at 100
/// ms a move UCT played c4–b4–c4 … as player 2 to the cap.
const STANDOFF: &str = "d3v c3v c2 c4";
const STANDOFF_PLIES: usize = 23;

/// Plies a converted win may take beyond the perfect distance.
const SLACK: usize = 2;

#[test]
fn a_won_shuffle_on_5x5_is_converted_within_two_plies_of_the_shortest_win() {
    let variant = Variant::new(5, 3).expect("5x5, 3 walls each");
    for seed in 2..=3 {
        let (winner, plies, game) = self_play(SHUFFLE, variant, &uct(5000, seed, true), 30);
        assert_eq!(winner, Some(Player::Two), "seed {seed}: {game}");
        assert!(
            plies <= SHUFFLE_PLIES + SLACK,
            "seed {seed}: {plies} plies, the win takes {SHUFFLE_PLIES}: {game}"
        );
    }
}

#[test]
fn without_shortest_win_the_won_shuffle_walks_in_circles() {
    // The behaviour the issue reported, kept reproducible.
    let variant = Variant::new(5, 3).expect("5x5, 3 walls each");
    let cap = SHUFFLE_PLIES + SLACK + 5;
    let (winner, plies, game) = self_play(SHUFFLE, variant, &uct(2000, 2, false), cap);
    assert_eq!((winner, plies), (None, cap), "{game}");
}

#[test]
fn the_issues_standoff_on_5x5_is_won_within_two_plies_of_the_shortest_win() {
    let variant = Variant::new(5, 3).expect("5x5, 3 walls each");
    let (winner, plies, game) = self_play(STANDOFF, variant, &uct(20_000, 2, true), 60);
    assert_eq!(winner, Some(Player::Two), "{game}");
    assert!(plies <= STANDOFF_PLIES + SLACK, "{plies} plies: {game}");
}

/// Plays `record` on with `config` for `side` and the pawn-race table's
/// perfect play for the other; returns the winner and the plies played.
fn against_table(
    record: &str,
    variant: Variant,
    side: Player,
    config: &EngineConfig,
    cap: usize,
) -> (Option<Player>, usize, Game) {
    use quoridor_engines::{PawnRace, RaceResult};
    use quoridor_rules::{Move, Square};
    let mut game = Game::parse_with_variant(record, variant).expect("test record is legal");
    let table = PawnRace::solve(game.position()).expect("both stocks are spent");
    let start = Position::new(variant);
    let mut engine = new_engine(start, config, evaluator());
    let mut plies = 0;
    while game.position().winner().is_none() && plies < cap {
        let pos = *game.position();
        let mv = if pos.turn() == side {
            engine.set_game(start, game.moves()).expect("legal so far");
            engine.think().expect("a move")
        } else {
            let size = pos.size();
            pos.pawn_targets_of(pos.turn())
                .iter()
                .map(|to| Move::Pawn(Square::from_index(to, size)))
                .min_by_key(|&mv| {
                    let mut after = pos;
                    after.play(mv).expect("a pawn target is legal");
                    table.result(&after).map(RaceResult::mover_rank)
                })
                .expect("a pawn always has a move here")
        };
        game.play(mv).expect("legal");
        plies += 1;
    }
    (game.position().winner(), plies, game)
}

/// 9×9 with 3 walls each, every wall placed (random walls drawn for the
/// exploration of this test): player 1 to move wins the pawn race in 19
/// plies by the pawn-race table.
const RACE: &str = "c1h e3h f1v h6v a7h d2h";

#[test]
fn a_won_pawn_race_on_9x9_is_converted_within_two_plies_by_both_engines() {
    use quoridor_engines::{PawnRace, RaceResult};
    let variant = Variant::new(9, 3).expect("9x9, 3 walls each");
    let pos = *Game::parse_with_variant(RACE, variant)
        .expect("legal")
        .position();
    let table = PawnRace::solve(&pos).expect("both stocks are spent");
    let Some(RaceResult::Win(distance)) = table.result(&pos) else {
        panic!("player 1 wins the race: {:?}", table.result(&pos));
    };
    let distance = usize::from(distance);
    // Without the table in the engines: UCT proves the race in its tree,
    // alpha-beta scores it as a race in N plies.
    let params = SearchParams {
        limits: Limits::playouts(2000),
        pawn_race: false,
        ..SearchParams::default()
    };
    for config in [
        EngineConfig::uct(params.clone()),
        EngineConfig::of_kind(EngineKind::AlphaBeta, params),
    ] {
        let (winner, plies, game) = against_table(RACE, variant, Player::One, &config, 60);
        assert_eq!(winner, Some(Player::One), "{}: {game}", config.kind);
        assert!(
            plies <= distance + SLACK,
            "{}: {plies} plies, the race takes {distance}: {game}",
            config.kind
        );
    }
}

/// After this game on 5×5 with 3 walls each player 1 (to move, on a1)
/// wins in 11 plies only by a2 (`quoridor solve`); b3v wins in 13, and the
/// search proves it first: at 100 ms a move UCT played b3v, the first
/// proof having ended its think.
const LONGER_PROOF_FIRST: &str = "d3v b1h d1 d2h d2 c2v d1 c4 c1 b4 b1 a4 a1 a3 a2h b3";

#[test]
fn a_proven_win_is_not_played_while_a_shorter_one_may_be_found() {
    let variant = Variant::new(5, 3).expect("5x5, 3 walls each");
    let game = Game::parse_with_variant(LONGER_PROOF_FIRST, variant).expect("legal");
    let start = Position::new(variant);
    let limit = 20_000;
    for seed in 1..=2 {
        let think = |shortest_win| {
            let mut engine = new_engine(start, &uct(limit, seed, shortest_win), evaluator());
            engine.set_game(start, game.moves()).expect("legal");
            let mv = engine.think().expect("a move").to_string();
            (mv, engine.info(4))
        };
        // The search goes on past the proof of b3v, proves a2 and every
        // other move of the root, and then ends (before its limit).
        let (mv, info) = think(true);
        assert_eq!(mv, "a2", "seed {seed}: {:?}", info.children);
        assert_eq!(info.proven_winner, Some(Player::One));
        assert!(info.searched < limit, "seed {seed}: {}", info.searched);
        // Without `shortest_win` the first proof ends the think.
        let (mv, info) = think(false);
        assert_eq!(mv, "b3v", "seed {seed}: {:?}", info.children);
        assert_eq!(info.proven_winner, Some(Player::One));
    }
}

/// 9×9 with 3 walls each: player 2 has placed all of its walls, player 1
/// (to move, on e4, 5 steps from its goal, player 2 8 from its) none.
/// Not a pawn race (player 1 still has walls), so the search proves the
/// win itself. Player 1 wins in 9 plies: it cannot be slowed (no wall is
/// left against it, and a pawn in its way is jumped) and cannot be
/// faster unless player 2 steps in front of it to be jumped.
const WALLS_LEFT: &str = "e2 a8h e3 c8h e4 g8h";
const WALLS_LEFT_PLIES: usize = 9;

#[test]
fn a_win_proven_by_search_on_9x9_is_converted_within_two_plies() {
    let variant = Variant::new(9, 3).expect("9x9, 3 walls each");
    let start = Position::new(variant);
    let game = Game::parse_with_variant(WALLS_LEFT, variant).expect("legal");
    for seed in 1..=2 {
        let mut config = uct(20_000, seed, true);
        config.params.pawn_race = false;
        let mut engine = new_engine(start, &config, evaluator());
        engine.set_game(start, game.moves()).expect("legal");
        engine.think().expect("a move");
        let info = engine.info(4);
        assert_eq!(info.proven_winner, Some(Player::One), "seed {seed}");
        let (winner, plies, game) = self_play(WALLS_LEFT, variant, &config, 30);
        assert_eq!(winner, Some(Player::One), "seed {seed}: {game}");
        assert!(
            plies <= WALLS_LEFT_PLIES + SLACK,
            "seed {seed}: {plies} plies, the win takes {WALLS_LEFT_PLIES}: {game}"
        );
    }
}
