//! Tie-breaking among equal results (issue 19): in a lost race the engine
//! runs instead of shuffling, so an opponent that stops racing loses; in a
//! won one it takes the fastest win (unit tests in `search::tie_break`).
//! Fixed seeds and playout counts.

use quoridor::game::{Game, Move, Player, Variant};
use quoridor::search::{Limits, SearchParams, Uct, UctParams};

/// The standoff from issue 19 (a refereed game against an alpha-beta
/// program), up to where the shuffling started: player 1 on i7 with 2 walls
/// needs 3 steps, player 2 (our engine, to move) on h5 with no walls needs 4.
/// Against perfect play every move loses; the engine then shuffled h5–h4
/// for 230 plies while the opponent shuffled i8–h8.
const STANDOFF: &str = "e2 e8 e3 e7 e4 e6 e5 e4 e6 e3 e7 e2 d1h e7h e1v e3 f1h e4 d7 c7h \
    b1h a7h e7 e6v e6 d5h d6 c5v d3h b4h a1v c6h e6 d4 b3h g7h e3v h8h e7 e4 d7 e5 c7 e4 \
    b7 e5 a7 f5 a6 g5 a5 h5 a4 g5 b4 f5 c4 e5 d4 e4 e5 d4 f5 d5 f6 e5 f7 f5 g7 g5 h7 h5 i7";

/// Most plies the engine gets to win the standoff (it needs 7: four steps
/// of its own and three of the opponent's between them).
const PLY_CAP: usize = 16;

/// The scripted passive opponent: steps between i8 and h8 for ever.
fn shuffle(game: &Game) -> Move {
    let me = game.position().turn();
    let square = game.position().pawn(me).to_string();
    let target = if square == "i8" { "h8" } else { "i8" };
    target.parse().expect("a square")
}

/// Plays the standoff with `params` for player 2 against the shuffler;
/// returns the winner, if any, within [`PLY_CAP`] plies, and the record.
fn play_standoff(params: SearchParams) -> (Option<Player>, Game) {
    let mut game = Game::parse_with_variant(STANDOFF, Variant::default()).expect("record");
    let start = *Game::new(Variant::default()).position();
    let mut search = Uct::new(start, params);
    for _ in 0..PLY_CAP {
        if game.position().is_over() {
            break;
        }
        let mv = if game.position().turn() == Player::Two {
            search.set_game(start, game.moves()).expect("legal record");
            search.think().expect("a move")
        } else {
            shuffle(&game)
        };
        game.play(mv).expect("legal move");
    }
    (game.position().winner(), game)
}

fn quick(params: SearchParams) -> SearchParams {
    SearchParams {
        limits: Limits::playouts(60_000),
        ..params
    }
}

#[test]
fn the_standoff_is_won_against_a_shuffling_opponent() {
    let (winner, game) = play_standoff(quick(SearchParams::default()));
    assert_eq!(winner, Some(Player::Two), "record: {game}");
    assert!(
        game.moves().len() <= STANDOFF.split_whitespace().count() + 8,
        "won late: {game}"
    );
}

#[test]
fn without_the_tie_break_the_standoff_is_a_shuffle() {
    // The behaviour the issue reported, kept reproducible: visit counts
    // alone choose a random lost move.
    let params = quick(SearchParams {
        uct: UctParams {
            tie_break: false,
            ..UctParams::default()
        },
        ..SearchParams::default()
    });
    let (winner, game) = play_standoff(params);
    assert_eq!(winner, None, "record: {game}");
}
