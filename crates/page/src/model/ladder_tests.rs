//! Games against the levels counted in the record, driven through
//! [`AppState::apply`] as the page drives it.

use super::*;
use crate::model::record::{Day, WINS_TO_SUGGEST};
use crate::model::{Action, Shared};
use crate::worker::messages::WorkerResponse;
use quoridor_engines::UctParams;
use quoridor_engines::{SearchParams, Uct};
use quoridor_rules::{Game, Move, Variant};

const SEED: u64 = 7;
/// 9×9: player 1 on e8, to move, wins with e9.
const P1_WINS_NEXT: &str = "e2 d9 e3 d8 e4 d7 e5 d6 e6 d5 e7 d4 e8 d3";
/// 9×9: player 2 on d2, to move, wins with d1.
const P2_WINS_NEXT: &str = "e2 d9 e3 d8 e4 d7 e5 d6 e6 d5 f6 d4 g6 d3 h6 d2 i6";

fn mv(text: &str) -> Move {
    text.parse().expect("notation")
}

fn day() -> Day {
    Day::new(2026, 11, 26).expect("a day")
}

/// A standard game after `record` against level `n` with these seats, its
/// seed drawn from `seed`.
fn at_level(n: u8, seats: [Seat; 2], record: &str, seed: u64) -> AppState {
    on_board(Variant::default(), n, seats, record, seed)
}

/// [`at_level`] on the board of `variant`.
fn on_board(variant: Variant, n: u8, seats: [Seat; 2], record: &str, seed: u64) -> AppState {
    let level = Level::get(n).expect("a level");
    let mut state = AppState::from_shared(
        Shared {
            game: Game::parse_with_variant(record, variant).expect("legal record"),
            seats,
            engine: EngineSettings::at_level(level),
            ..Shared::default()
        },
        seed,
    );
    state.ladder.today = Some(day());
    state
}

/// The engine's search under way answers `best` (the premove tests use it too).
pub(in crate::model) fn engine_plays(state: &mut AppState, best: &str) {
    let id = state.engine.search.as_ref().expect("the engine thinks").id;
    let info = Uct::new(
        *state.board.game.position(),
        SearchParams::default(),
        UctParams::default(),
        quoridor_engines::learned::test_evaluator(),
    )
    .info(4);
    let reply = WorkerResponse::Done {
        id,
        best: Some(mv(best)),
        info,
    };
    state.apply(Action::WorkerReplied(reply), SEED);
}

/// Player 1 (the human) wins game `seed` against level `n`.
fn win(state: &mut AppState) {
    state.apply(Action::Play(mv("e9")), SEED);
    assert!(state.board.game.position().is_over());
}

#[test]
fn a_win_and_a_loss_against_a_level_are_counted_with_the_day() {
    let mut s = at_level(4, [Seat::Human, Seat::Engine], P1_WINS_NEXT, 100);
    win(&mut s);
    let four = s.ladder.record.of(4);
    assert_eq!((four.wins, four.losses, four.streak), (1, 0, 1));
    assert_eq!(four.last, Some(day()));
    // The engine (player 2) wins the next game.
    let mut s = AppState {
        ladder: s.ladder.clone(),
        ..at_level(4, [Seat::Human, Seat::Engine], P2_WINS_NEXT, 101)
    };
    engine_plays(&mut s, "d1");
    let four = s.ladder.record.of(4);
    assert_eq!((four.wins, four.losses, four.streak), (1, 1, 0));
    // The human may play either side.
    let mut s = AppState {
        ladder: s.ladder.clone(),
        ..at_level(4, [Seat::Engine, Seat::Human], P2_WINS_NEXT, 102)
    };
    s.apply(Action::Play(mv("d1")), SEED);
    assert_eq!(s.ladder.record.of(4).wins, 2);
}

#[test]
fn a_game_counts_once_though_undone_and_finished_again() {
    let mut s = at_level(2, [Seat::Human, Seat::Engine], P1_WINS_NEXT, 100);
    s.apply(Action::Coach(crate::model::CoachIntent::Hint), SEED);
    win(&mut s);
    s.apply(Action::Undo, SEED);
    assert!(!s.board.game.position().is_over());
    win(&mut s);
    assert_eq!(
        s.ladder.record.of(2).wins,
        1,
        "hints and undos allowed, counted once"
    );
    // Reopened from its link or the saved game (the same seed): still once.
    let record = s.ladder.record.clone();
    let mut again = AppState::from_shared(
        Shared {
            game: Game::parse_with_variant(P1_WINS_NEXT, s.board.game.variant()).expect("legal"),
            ..s.shared()
        },
        SEED,
    );
    again.ladder.record = record;
    win(&mut again);
    assert_eq!(again.ladder.record.of(2).wins, 1);
}

#[test]
fn only_a_person_against_the_levels_own_settings_counts() {
    let mut humans = at_level(3, [Seat::Human, Seat::Human], P1_WINS_NEXT, 100);
    win(&mut humans);
    assert!(humans.ladder.record.is_empty(), "two people");
    let mut customised = at_level(3, [Seat::Human, Seat::Engine], P1_WINS_NEXT, 100);
    let mut settings = customised.engine.settings.clone();
    settings.uct.uct_c = 0.3;
    customised.apply(Action::SetEngine(settings), SEED);
    win(&mut customised);
    assert!(customised.ladder.record.is_empty(), "a customised level");
    let mut custom = at_level(3, [Seat::Human, Seat::Engine], P1_WINS_NEXT, 100);
    custom.apply(Action::SetEngine(EngineSettings::default()), SEED);
    win(&mut custom);
    assert!(custom.ladder.record.is_empty(), "custom settings");
    // A game already over when it opens was not played here.
    let over = format!("{P1_WINS_NEXT} e9");
    let opened = at_level(3, [Seat::Human, Seat::Engine], &over, 100);
    assert!(opened.ladder.record.is_empty());
}

#[test]
fn three_wins_in_a_row_suggest_the_next_level_which_a_click_starts() {
    let mut ladder = Ladder::default();
    for game in 0..u64::from(WINS_TO_SUGGEST) {
        assert_eq!(ladder.suggestion, None);
        let mut s = AppState {
            ladder: ladder.clone(),
            ..at_level(6, [Seat::Human, Seat::Engine], P1_WINS_NEXT, 200 + game)
        };
        win(&mut s);
        ladder = s.ladder;
    }
    assert_eq!(ladder.suggestion, Some(7));
    let mut s = AppState {
        ladder,
        ..at_level(6, [Seat::Human, Seat::Engine], P1_WINS_NEXT, 300)
    };
    s.ladder.suggestion = Some(7);
    s.apply(Action::Ladder(LadderIntent::PlayLevel(7)), 555);
    assert_eq!(s.engine.settings.exact_level().map(|l| l.number), Some(7));
    assert_eq!(
        s.engine.settings.params.seed, 555,
        "a fresh seed for the new game"
    );
    assert!(s.board.game.moves().is_empty());
    assert_eq!(s.board.game.variant(), Variant::default());
    assert_eq!(s.board.seats, [Seat::Human, Seat::Engine]);
    assert_eq!(s.ladder.suggestion, None);
    assert_eq!(
        s.ladder.record.of(6).streak,
        WINS_TO_SUGGEST,
        "the record stays"
    );
}

#[test]
fn the_suggestion_can_be_dismissed_and_the_record_cleared() {
    let mut s = at_level(1, [Seat::Human, Seat::Engine], P1_WINS_NEXT, 100);
    win(&mut s);
    s.ladder.suggestion = Some(2);
    s.apply(Action::Ladder(LadderIntent::Dismiss), SEED);
    assert_eq!(s.ladder.suggestion, None);
    assert!(!s.ladder.record.is_empty());
    s.apply(Action::Ladder(LadderIntent::ClearRecord), SEED);
    assert!(s.ladder.record.is_empty());
}

#[test]
fn each_new_game_against_a_level_draws_its_seed_and_custom_games_do_not() {
    let mut s = at_level(5, [Seat::Human, Seat::Engine], "", 100);
    assert_eq!(s.engine.settings.params.seed, 100);
    let variant = Variant::default();
    let seats = [Seat::Human, Seat::Engine];
    s.apply(Action::NewGame { variant, seats }, 101);
    assert_eq!(s.engine.settings.params.seed, 101);
    s.apply(Action::SetEngine(EngineSettings::default()), SEED);
    s.apply(Action::NewGame { variant, seats }, 102);
    assert_eq!(s.engine.settings.params.seed, SearchParams::default().seed);
}

#[test]
fn the_engine_at_a_level_plays_every_move_of_a_game_with_the_games_seed() {
    let mut s = at_level(3, [Seat::Human, Seat::Engine], "", 4242);
    s.apply(Action::Play(mv("e2")), 1);
    let search = s.engine.search.clone().expect("the engine thinks");
    assert_eq!(search.config.params.seed, 4242);
    assert_eq!(search.config.params.threads, 1);
    assert_eq!(search.config.params.level, Some(3));
    assert_eq!(search.config.params.limits.playouts_or_zero(), 100);
    engine_plays(&mut s, "e8");
    s.apply(Action::Play(mv("e3")), 2);
    assert_eq!(
        s.engine.search.as_ref().expect("thinks").config.params.seed,
        4242
    );
}

#[test]
fn only_games_on_the_board_the_levels_are_rated_on_count() {
    // A 5×5 win against level 10 is not a level-10 win: the levels are
    // rated on 9×9 with 10 walls each (docs/levels.md).
    let small = Variant::new(5, 3).expect("5x5");
    let mut s = on_board(
        small,
        10,
        [Seat::Human, Seat::Engine],
        "c2 b5 c3 a5 c4 b5",
        100,
    );
    s.apply(Action::Play(mv("c5")), SEED);
    assert!(s.board.game.position().is_over());
    assert_eq!(s.ladder.record.of(10).wins, 0);
    assert!(!s.counts_for_the_ladder() && s.off_the_ladder());
    // The same win on the standard board counts.
    let mut s = at_level(10, [Seat::Human, Seat::Engine], P1_WINS_NEXT, 100);
    assert!(s.counts_for_the_ladder() && !s.off_the_ladder());
    win(&mut s);
    assert_eq!(s.ladder.record.of(10).wins, 1);
}

#[test]
fn a_finished_level_game_gives_the_record_against_the_level() {
    let mut s = at_level(5, [Seat::Human, Seat::Engine], P1_WINS_NEXT, 100);
    assert_eq!(s.level_result(), None, "not over yet");
    win(&mut s);
    let (level, record) = s.level_result().expect("a result line");
    assert_eq!(level.number, 5);
    assert_eq!((record.wins, record.losses), (1, 0));
    // Not for a game that does not count.
    let small = Variant::new(5, 3).expect("5x5");
    let mut s = on_board(
        small,
        5,
        [Seat::Human, Seat::Engine],
        "c2 b5 c3 a5 c4 b5",
        100,
    );
    s.apply(Action::Play(mv("c5")), SEED);
    assert_eq!(s.level_result(), None);
}
