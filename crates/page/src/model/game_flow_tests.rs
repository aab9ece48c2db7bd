//! The game's own flow: resigning, the rematch and a new game that asks
//! before it abandons an unfinished one.

use super::*;
use quoridor_engines::Level;
use quoridor_rules::{EndedBy, Variant};

const SEED: u64 = 11;

fn state(seats: [Seat; 2], record: &str, engine: EngineSettings) -> AppState {
    let game = Game::parse_with_variant(record, Variant::default()).expect("legal record");
    AppState::from_shared(
        Shared {
            game,
            seats,
            engine,
            ..Shared::default()
        },
        SEED,
    )
}

fn level(n: u8) -> EngineSettings {
    EngineSettings::at_level(Level::get(n).expect("a level"))
}

/// Player 1 (human) against level 3, after `e2 e8`, the human to move.
fn human_against_level() -> AppState {
    state([Seat::Human, Seat::Engine], "e2 e8", level(3))
}

fn new_game(seats: [Seat; 2]) -> NewGame {
    NewGame {
        variant: Variant::default(),
        seats,
        engine: EngineSettings::default(),
        clock: None,
    }
}

#[test]
fn resigning_asks_first_and_then_ends_the_game_for_the_other_side() {
    let mut s = human_against_level();
    s.apply(Action::Resign, SEED);
    assert_eq!(
        s.page.confirm,
        Some(Confirm::Resign {
            player: Player::One
        })
    );
    assert!(s.board.unfinished(), "nothing changes before the answer");
    s.apply(Action::Confirmed(true), SEED);
    let outcome = s.board.outcome().expect("over");
    assert_eq!(outcome.winner, Player::Two);
    assert_eq!(outcome.by, EndedBy::Resignation);
    assert_eq!(s.turn(), Turn::Over(outcome));
    assert!(!s.board.human_to_move(), "no move after a resignation");
    assert!(s.engine.search.is_none(), "the engine does not move either");
    assert_eq!(s.shared().resigned, Some(Player::One), "links keep it");
}

#[test]
fn declining_to_resign_keeps_playing() {
    let mut s = human_against_level();
    s.apply(Action::Resign, SEED);
    s.apply(Action::Confirmed(false), SEED);
    assert!(s.board.unfinished());
    assert!(s.board.human_to_move());
}

#[test]
fn a_resignation_counts_as_a_loss_against_the_level() {
    let mut s = human_against_level();
    s.apply(Action::Resign, SEED);
    s.apply(Action::Confirmed(true), SEED);
    let record = s.ladder.record.of(3);
    assert_eq!((record.wins, record.losses), (0, 1));
}

#[test]
fn the_engine_thinking_is_stopped_by_a_resignation() {
    // Player 2 (human) against the engine, which is to move: resigning
    // stops its search.
    let mut s = state([Seat::Engine, Seat::Human], "", level(3));
    assert!(s.engine.search.is_some(), "the engine thinks");
    s.apply(Action::Resign, SEED);
    s.apply(Action::Confirmed(true), SEED);
    assert!(s.engine.search.is_none());
    assert_eq!(s.board.outcome().map(|o| o.winner), Some(Player::One));
}

#[test]
fn between_two_humans_the_side_to_move_resigns_and_nobody_resigns_a_finished_game() {
    let mut s = state([Seat::Human, Seat::Human], "e2", EngineSettings::default());
    assert_eq!(s.resigning_player(), Some(Player::Two));
    s.apply(Action::Resign, SEED);
    s.apply(Action::Confirmed(true), SEED);
    assert_eq!(s.resigning_player(), None);
    s.apply(Action::Resign, SEED);
    assert_eq!(s.page.confirm, None);
    assert!(s.page.notice.is_some());
    let watched = state([Seat::Engine, Seat::Engine], "", EngineSettings::default());
    assert_eq!(
        watched.resigning_player(),
        None,
        "nobody resigns for engines"
    );
}

#[test]
fn undo_does_not_take_back_a_resignation() {
    let mut s = human_against_level();
    s.apply(Action::Resign, SEED);
    s.apply(Action::Confirmed(true), SEED);
    s.apply(Action::Undo, SEED);
    assert_eq!(s.board.game.moves().len(), 2);
    assert!(s.board.outcome().is_some());
    assert!(s
        .page
        .notice
        .as_deref()
        .is_some_and(|n| n.contains("resigned")));
}

#[test]
fn a_resigned_games_earlier_positions_are_not_over() {
    let mut s = human_against_level();
    s.apply(Action::Resign, SEED);
    s.apply(Action::Confirmed(true), SEED);
    s.apply(Action::View(Some(1)), SEED);
    assert_eq!(s.board.shown_outcome(), None);
    assert!(!s.board.shown_is_terminal());
    s.apply(Action::View(None), SEED);
    assert!(s.board.shown_outcome().is_some());
    assert!(
        !s.board.shown_is_terminal(),
        "the last position of a resigned game can still be searched"
    );
}

#[test]
fn a_rematch_swaps_the_colours_against_the_same_opponent() {
    let mut s = human_against_level();
    s.apply(Action::Rematch, SEED);
    assert!(s.page.notice.is_some(), "no rematch while the game goes on");
    assert_eq!(s.board.game.moves().len(), 2);
    s.apply(Action::Resign, SEED);
    s.apply(Action::Confirmed(true), SEED);
    let old_seed = s.engine.settings.params.seed;
    s.apply(Action::Rematch, 99);
    assert_eq!(s.board.seats, [Seat::Engine, Seat::Human]);
    assert!(s.board.game.moves().is_empty());
    assert!(s.board.unfinished());
    assert_eq!(s.board.resigned, None);
    let level = s.engine.settings.exact_level().map(|l| l.number);
    assert_eq!(level, Some(3), "the same level");
    assert_ne!(s.engine.settings.params.seed, old_seed, "a new game seed");
    assert!(s.engine.search.is_some(), "the engine, now player 1, moves");
}

#[test]
fn a_rematch_keeps_each_engine_with_its_seat() {
    let settings = EngineSettings::default().with_engine(Player::Two, EngineKind::AlphaBeta);
    let mut s = state([Seat::Human, Seat::Engine], "", settings);
    s.apply(Action::Resign, SEED);
    s.apply(Action::Confirmed(true), SEED);
    s.apply(Action::Rematch, SEED);
    assert_eq!(
        s.engine.settings.engines,
        [EngineKind::AlphaBeta, EngineKind::Uct]
    );
}

#[test]
fn a_new_game_asks_before_it_abandons_an_unfinished_game() {
    let mut s = human_against_level();
    s.apply(Action::ShowNewGame(true), SEED);
    s.apply(
        Action::StartNewGame(new_game([Seat::Human, Seat::Human])),
        SEED,
    );
    assert!(!s.page.new_game_open, "the dialog closes for the question");
    assert!(matches!(
        s.page.confirm,
        Some(Confirm::AbandonForNewGame { moves: 2, .. })
    ));
    assert_eq!(s.board.game.moves().len(), 2, "the game is still there");
    s.apply(Action::Confirmed(false), SEED);
    assert_eq!(s.board.game.moves().len(), 2, "kept");
    assert_eq!(s.board.seats, [Seat::Human, Seat::Engine]);

    s.apply(
        Action::StartNewGame(new_game([Seat::Human, Seat::Human])),
        SEED,
    );
    s.apply(Action::Confirmed(true), SEED);
    assert!(s.board.game.moves().is_empty());
    assert_eq!(s.board.seats, [Seat::Human, Seat::Human]);
    assert_eq!(s.engine.settings, EngineSettings::default());
}

#[test]
fn a_new_game_starts_at_once_after_a_finished_or_an_empty_game() {
    let mut empty = state([Seat::Human, Seat::Engine], "", level(3));
    empty.apply(
        Action::StartNewGame(new_game([Seat::Human, Seat::Human])),
        SEED,
    );
    assert_eq!(empty.page.confirm, None);
    assert_eq!(empty.board.seats, [Seat::Human, Seat::Human]);

    let mut over = human_against_level();
    over.apply(Action::Resign, SEED);
    over.apply(Action::Confirmed(true), SEED);
    over.apply(
        Action::StartNewGame(new_game([Seat::Human, Seat::Human])),
        SEED,
    );
    assert_eq!(over.page.confirm, None);
    assert!(over.board.game.moves().is_empty());
}

#[test]
fn a_watched_engine_game_is_replaced_without_a_question() {
    let mut s = state(
        [Seat::Engine, Seat::Engine],
        "e2 e8",
        EngineSettings::default(),
    );
    s.apply(
        Action::StartNewGame(new_game([Seat::Human, Seat::Engine])),
        SEED,
    );
    assert_eq!(s.page.confirm, None);
    assert!(s.board.game.moves().is_empty());
}

#[test]
fn playing_on_from_an_earlier_position_of_a_resigned_game_lifts_the_resignation() {
    let mut s = state(
        [Seat::Human, Seat::Human],
        "e2 e8",
        EngineSettings::default(),
    );
    s.apply(Action::Resign, SEED);
    s.apply(Action::Confirmed(true), SEED);
    s.apply(Action::View(Some(1)), SEED);
    s.apply(Action::Play("d9".parse().expect("move")), SEED);
    s.apply(Action::Confirmed(true), SEED);
    assert_eq!(s.board.resigned, None);
    assert!(s.board.unfinished());
    assert_eq!(s.board.game.to_string(), "e2 d9");
}

/// A game of `seats` on a 1+0 clock, at `now` ms.
fn clocked(seats: [Seat; 2], now: f64) -> AppState {
    let mut state = state([Seat::Human, Seat::Human], "", level(3));
    state.engine.now_ms = Some(now);
    state.apply(
        Action::StartNewGame(NewGame {
            clock: Some(local_clock::Control {
                minutes: 1,
                increment_s: 0,
            }),
            engine: level(3),
            ..new_game(seats)
        }),
        SEED,
    );
    state
}

#[test]
fn the_engine_on_a_clock_thinks_a_share_of_its_time() {
    let mut state = clocked([Seat::Human, Seat::Engine], 0.0);
    assert!(state.clock.is_some(), "the new game has its clock");
    state.engine.now_ms = Some(1_000.0);
    state.apply(Action::Play("e2".parse().expect("move")), SEED);
    let think = state
        .engine
        .search
        .as_ref()
        .and_then(|s| s.config.params.limits.time_ms_f64());
    assert_eq!(think, Some(60_000.0 / 25.0));
}

#[test]
fn a_clock_runs_once_both_have_moved_and_a_fallen_flag_loses() {
    let mut state = clocked([Seat::Human, Seat::Human], 0.0);
    state.engine.now_ms = Some(1_000.0);
    state.apply(Action::Play("e2".parse().expect("move")), SEED);
    assert_eq!(state.clock.as_ref().and_then(|c| c.running), None);
    state.engine.now_ms = Some(2_000.0);
    state.apply(Action::Play("e8".parse().expect("move")), SEED);
    let clock = state.clock.clone().expect("clock");
    assert_eq!(clock.running.map(|(p, _)| p), Some(Player::One));
    // No take-backs on a clock.
    state.apply(Action::Undo, SEED);
    assert_eq!(state.board.game.moves().len(), 2);
    // Player 1's minute runs out.
    state.engine.now_ms = Some(61_999.0);
    state.apply(Action::ClockTick, SEED);
    assert!(state.board.unfinished());
    state.engine.now_ms = Some(62_000.0);
    state.apply(Action::ClockTick, SEED);
    let outcome = state.board.outcome().expect("over");
    assert_eq!(
        (outcome.winner, outcome.by),
        (Player::Two, EndedBy::Timeout)
    );
    assert_eq!(state.clock.as_ref().and_then(|c| c.running), None);
    // The rematch keeps the clock.
    state.apply(Action::Rematch, SEED);
    assert_eq!(
        state.clock.as_ref().map(|c| c.control.text()).as_deref(),
        Some("1+0")
    );
}
