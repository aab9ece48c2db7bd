//! Wall-less endgames (issue 19's face-offs): with `pawn_race` both engines
//! look such positions up in the exact table, so they win them by the
//! fastest line, against a perfect opponent that plays by the same table.
//! A lost race UCT walks home along a shortest path (issue 45: taking the
//! longest loss meant stepping back into the winner's way, for dozens of
//! plies against a weaker opponent); alpha-beta still holds out longest.
//! Fixed seeds and playout (node) counts.

use quoridor_engines::learned::Evaluator;
use quoridor_engines::SearchEngine;
use quoridor_engines::{
    new_engine, shortens_own_path, EngineConfig, EngineKind, Limits, PawnRace, RaceResult,
    SearchParams,
};
use quoridor_rules::{Game, Move, Player, Position, Square, Variant};

/// The engines' evaluator: the network built in (none in a build without
/// weights).
fn evaluator() -> Evaluator {
    Evaluator::embedded().expect("the built-in network loads")
}

/// The Default engine with a small playout count and `pawn_race` as given.
fn engine(pawn_race: bool) -> SearchParams {
    SearchParams {
        limits: Limits::playouts(3000),
        pawn_race,
        ..SearchParams::default()
    }
}

/// The alpha-beta engine with a small node count and `pawn_race` as given.
fn alphabeta(pawn_race: bool) -> EngineConfig {
    EngineConfig::of_kind(EngineKind::AlphaBeta, engine(pawn_race))
}

/// The table's best move for the side to move: the fastest win, else a
/// draw, else the longest loss.
fn perfect(table: &PawnRace, pos: &Position) -> Move {
    let size = pos.size();
    pos.pawn_targets_of(pos.turn())
        .iter()
        .map(|to| Move::Pawn(Square::from_index(to, size)))
        .min_by_key(|&mv| {
            let mut after = *pos;
            after.play(mv).expect("a pawn target is legal");
            table.result(&after).map(RaceResult::mover_rank)
        })
        .expect("a pawn always has a move here")
}

/// Plays from `record` with the engine (`params`) for `side` and the table's
/// perfect play for the other; returns the winner and the plies played. The
/// engine is one search for the whole game, so tree reuse takes part.
fn play_out(record: &str, variant: Variant, side: Player, config: EngineConfig) -> (Player, usize) {
    let (winner, plies, _) = play_out_counting(record, variant, side, config);
    (winner, plies)
}

/// [`play_out`], also counting the engine's moves that did not take it
/// closer to its goal.
fn play_out_counting(
    record: &str,
    variant: Variant,
    side: Player,
    config: EngineConfig,
) -> (Player, usize, usize) {
    let mut game = Game::parse_with_variant(record, variant).expect("test record is legal");
    let table = PawnRace::solve(game.position()).expect("both stocks are spent");
    let start = Position::new(variant);
    let mut search = new_engine(
        start,
        &EngineConfig::of_kind(config.kind, config.params),
        evaluator(),
    );
    let mut plies = 0;
    let mut aside = 0;
    while game.position().winner().is_none() {
        assert!(plies < 60, "no winner after 60 plies: {game}");
        let pos = *game.position();
        let mv = if pos.turn() == side {
            search.set_game(start, game.moves()).expect("legal so far");
            let mv = search.think().expect("a move");
            aside += usize::from(!shortens_own_path(&pos, mv));
            mv
        } else {
            perfect(&table, &pos)
        };
        game.play(mv).expect("legal");
        plies += 1;
    }
    (game.position().winner().expect("over"), plies, aside)
}

/// A corridor on file e (walls on both sides of ranks 1–8) that player 1
/// starts in, with both stocks spent.
const CORRIDOR: &str = "d1v e1v d3v e3v d5v e5v d7v e7v";

#[test]
fn without_walls_the_engine_wins_the_jump_race_fastest_as_player_2() {
    let variant = Variant::new(9, 0).expect("9x9 without walls");
    let table = PawnRace::solve(&Position::new(variant)).expect("no walls");
    assert_eq!(
        table.result(&Position::new(variant)),
        Some(RaceResult::Loss(16))
    );
    for seed in 1..=2 {
        let params = EngineConfig::uct(SearchParams {
            seed,
            ..engine(true)
        });
        assert_eq!(
            play_out("", variant, Player::Two, params.clone()),
            (Player::Two, 16),
            "seed {seed}: the win, in the table's 16 plies"
        );
        // Lost, it walks up the e-file and is jumped: 14 plies, where
        // stepping aside would have held out to the table's 16.
        let (winner, plies, aside) = play_out_counting("", variant, Player::One, params);
        assert_eq!(winner, Player::Two, "seed {seed}");
        assert!(plies <= 16, "seed {seed}: {plies} plies");
        assert_eq!(aside, 0, "seed {seed}: every step of the loser heads home");
    }
}

#[test]
fn in_a_walled_corridor_both_engines_play_the_table_line() {
    let variant = Variant::new(9, 4).expect("9x9, 4 walls each");
    let start = Game::parse_with_variant(CORRIDOR, variant).expect("legal");
    let table = PawnRace::solve(start.position()).expect("both stocks spent");
    let Some(RaceResult::Loss(plies)) = table.result(start.position()) else {
        panic!(
            "player 1, walled in, loses: {:?}",
            table.result(start.position())
        );
    };
    for params in [EngineConfig::uct(engine(true)), alphabeta(true)] {
        let kind = params.kind;
        assert_eq!(
            play_out(CORRIDOR, variant, Player::Two, params.clone()),
            (Player::Two, plies as usize),
            "{kind}: the fastest win"
        );
        let (winner, played, aside) = play_out_counting(CORRIDOR, variant, Player::One, params);
        assert_eq!(winner, Player::Two, "{kind}");
        if kind == EngineKind::Uct {
            assert!(played <= plies as usize, "{kind}: {played} plies");
            assert_eq!(aside, 0, "{kind}: every step of the loser heads home");
        } else {
            assert_eq!(played, plies as usize, "{kind}: the longest loss");
        }
    }
}

#[test]
fn alpha_beta_wins_the_jump_race_as_player_2_and_holds_out_as_player_1() {
    let variant = Variant::new(9, 0).expect("9x9 without walls");
    for side in [Player::Two, Player::One] {
        assert_eq!(
            play_out("", variant, side, alphabeta(true)),
            (Player::Two, 16),
            "alpha-beta as {side}"
        );
    }
}

#[test]
fn the_engine_reports_a_table_win_as_proven() {
    let variant = Variant::new(9, 0).expect("9x9 without walls");
    // Player 2 to move after player 1's first step: won for player 2.
    let pos = *Game::parse_with_variant("e2", variant)
        .expect("legal")
        .position();
    let mut search = new_engine(
        pos,
        &EngineConfig::of_kind(EngineKind::Uct, engine(true)),
        evaluator(),
    );
    search.think().expect("a move");
    let info = search.info(0);
    assert_eq!(info.proven_winner, Some(Player::Two), "{info:?}");
    let mut without = new_engine(
        pos,
        &EngineConfig::of_kind(EngineKind::Uct, engine(false)),
        evaluator(),
    );
    without.think().expect("a move");
    assert_eq!(
        without.info(0).proven_winner,
        None,
        "the search alone does not prove it"
    );
}

/// An arena game (`pawn_race` on against off, 10,000 playouts a move) in
/// which the engine with the table found no move at ply 42: both stocks
/// are spent from ply 34, and from ply 36 the pawns shuffle (h6 h5 g6 g5 …).
const FACE_OFF: &str = "e2 e8 e3 e7 e4 e6 e3h e6h e5 e4 d4v c6h g3h g6h h2h h5v g2v a6h e4h f4 \
    c3h g4 b4v c4h f5 h8h g5 g6 f6v f8h f5h d8h g4 b8h h4 h6 h5 g6 g5 h6 h5 g6";

#[test]
fn the_engine_moves_at_every_turn_of_a_wall_less_game_with_tree_reuse() {
    let variant = Variant::default();
    let start = Position::new(variant);
    let game = Game::parse_with_variant(FACE_OFF, variant).expect("legal");
    for seed in 1..=8 {
        let params = SearchParams {
            seed,
            limits: Limits::playouts(10_000),
            ..engine(true)
        };
        let mut search = new_engine(
            start,
            &EngineConfig::of_kind(EngineKind::Uct, params),
            evaluator(),
        );
        // From before the last walls, so the reused trees hold nodes grown
        // before the table existed.
        for ply in (24..=game.moves().len()).step_by(2) {
            search.set_game(start, &game.moves()[..ply]).expect("legal");
            let mv = search.think();
            assert!(mv.is_some(), "seed {seed}: no move at ply {ply}");
        }
    }
}
