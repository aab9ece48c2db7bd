//! The coach's transitions, driven through [`AppState::apply`] as the page
//! drives them, with the worker's answers made up.

use super::*;
use crate::game::{Player, Position, Variant};
use crate::review::Judgement;
use crate::search::{SearchInfo, Uct};
use crate::ui::model::Action;
use crate::ui::model::Shared;

const SEED: u64 = 7;
/// Player 1 stands on d8 and plays a wall instead of winning with d9.
const THROWN: &str = "d1 f9 d2 f8 d3 f7 d4 f6 d5 f5 d6 f4 d7 f3 d8 f2 a1h f1";

fn mv(text: &str) -> Move {
    text.parse().expect("notation")
}

fn state(seats: [Seat; 2], record: &str) -> AppState {
    let game: Game = record.parse().expect("legal record");
    AppState::from_shared(
        Shared {
            game,
            seats,
            ..Shared::default()
        },
        SEED,
    )
}

fn coach(state: &mut AppState, intent: CoachIntent) {
    state.apply(Action::Coach(intent), SEED);
}

fn coach_search(state: &AppState) -> CoachSearch {
    state
        .coach
        .search
        .clone()
        .expect("a coach search under way")
}

/// The worker's final snapshot: `best` to play, player 1 winning with
/// `p1_win`, proven when it is 0 or 1.
fn answer(state: &mut AppState, best: &str, p1_win: f64) {
    let search = coach_search(state);
    let position = *search.game.replay().expect("legal").position();
    let mut info: SearchInfo =
        Uct::new(Position::new(Variant::default()), Default::default()).info(4);
    info.side_to_move = position.turn();
    info.win_probability = crate::search::for_player(p1_win, position.turn());
    info.proven_winner = match p1_win {
        1.0 => Some(Player::One),
        0.0 => Some(Player::Two),
        _ => None,
    };
    info.best_move = Some(mv(best));
    info.pv = vec![mv(best)];
    let reply = WorkerResponse::Done {
        id: search.id,
        best: Some(mv(best)),
        info,
    };
    coach(state, CoachIntent::Replied(reply));
}

/// Answers every review search of the thrown game: d9 wins before a1h,
/// f1 after it, the moves played elsewhere at even chances.
fn answer_review_of_thrown_game(state: &mut AppState) {
    let moves: Vec<Move> = THROWN.split_whitespace().map(mv).collect();
    while let Some(search) = state.coach.search.clone() {
        let Purpose::Review { ply } = search.purpose else {
            panic!("only review searches expected");
        };
        match ply {
            16 => answer(state, "d9", 1.0),
            17 => answer(state, "f1", 0.0),
            _ => answer(state, &moves[ply].to_string(), 0.5),
        }
    }
}

#[test]
fn a_hint_searches_the_shown_position_with_the_hint_budget_and_is_counted() {
    let mut s = state([Seat::Human, Seat::Engine], "");
    coach(&mut s, CoachIntent::Hint);
    let search = coach_search(&s);
    assert_eq!(search.purpose, Purpose::Hint);
    assert!(search.game.moves.is_empty());
    assert_eq!(search.params.limits, Limits::time_ms(DEFAULT_HINT_MS));
    assert_eq!(s.engine.search, None, "the engine's own worker stays free");
    answer(&mut s, "e2", 0.5);
    assert_eq!(s.coach.search, None);
    assert_eq!(s.coach.hints_used, 1);
    let hint = s.coach.hint_for(&s.shown_game()).expect("the hint");
    assert_eq!((hint.mv, hint.line.clone()), (mv("e2"), vec![mv("e2")]));
    // Played on, the hint no longer belongs to the shown position.
    s.apply(Action::Play(mv("e2")), SEED);
    assert_eq!(s.coach.hint_for(&s.shown_game()), None);
}

#[test]
fn no_hint_for_the_engines_turn_or_a_finished_game() {
    let mut s = state([Seat::Engine, Seat::Human], "");
    coach(&mut s, CoachIntent::Hint);
    assert_eq!(s.coach.search, None);
    assert!(s.page.notice.is_some());
    let mut over = state([Seat::Human, Seat::Human], THROWN);
    assert!(!over.can_hint());
    coach(&mut over, CoachIntent::Hint);
    assert_eq!(over.coach.search, None);
}

#[test]
fn a_review_searches_every_position_and_judges_the_thrown_win_a_blunder() {
    let mut s = state([Seat::Human, Seat::Human], THROWN);
    coach(&mut s, CoachIntent::Review);
    let first = coach_search(&s);
    assert_eq!(first.purpose, Purpose::Review { ply: 0 });
    assert_eq!(first.params.limits, Limits::time_ms(DEFAULT_REVIEW_MS));
    answer_review_of_thrown_game(&mut s);
    let run = s.coach.review.clone().expect("the review");
    assert!(run.is_complete() && !run.running);
    // 18 searches; the final, finished position needs none.
    assert_eq!(run.progress(), (19, 19));
    assert_eq!(run.evals[18], PositionEval::finished(Player::Two));
    let review = s.coach.review_of(&s.board.game).expect("judged");
    assert!(review.is_complete());
    let a1h = &review.moves()[16];
    assert_eq!(a1h.judgement, Judgement::Blunder);
    assert_eq!(a1h.better, Some(mv("d9")));
    assert_eq!(review.moves()[17].judgement, Judgement::Best);
}

#[test]
fn a_hint_asked_during_a_review_runs_after_the_position_under_way() {
    let mut s = state([Seat::Human, Seat::Human], "e2 e8");
    coach(&mut s, CoachIntent::Review);
    coach(&mut s, CoachIntent::Hint);
    assert_eq!(coach_search(&s).purpose, Purpose::Review { ply: 0 });
    answer(&mut s, "e2", 0.5);
    assert_eq!(coach_search(&s).purpose, Purpose::Hint);
    answer(&mut s, "e3", 0.5);
    assert_eq!(coach_search(&s).purpose, Purpose::Review { ply: 1 });
    assert_eq!(s.coach.hints_used, 1);
}

#[test]
fn cancel_stops_the_review_and_keeps_what_it_judged() {
    let mut s = state([Seat::Human, Seat::Human], "e2 e8 e3");
    coach(&mut s, CoachIntent::Review);
    answer(&mut s, "e2", 0.5);
    answer(&mut s, "e8", 0.5);
    coach(&mut s, CoachIntent::CancelReview);
    assert_eq!(s.coach.search, None);
    let run = s.coach.review.clone().expect("kept");
    assert!(!run.running);
    assert_eq!(run.progress(), (2, 4));
    assert_eq!(s.coach.review_of(&s.board.game).unwrap().moves().len(), 1);
    // Review again goes on where it stopped.
    coach(&mut s, CoachIntent::Review);
    assert_eq!(coach_search(&s).purpose, Purpose::Review { ply: 2 });
}

#[test]
fn a_late_answer_to_a_cancelled_search_is_ignored() {
    let mut s = state([Seat::Human, Seat::Human], "e2 e8");
    coach(&mut s, CoachIntent::Review);
    let old = coach_search(&s);
    coach(&mut s, CoachIntent::CancelReview);
    coach(&mut s, CoachIntent::Hint);
    let info = Uct::new(Position::new(Variant::default()), Default::default()).info(4);
    let late = WorkerResponse::Done {
        id: old.id,
        best: Some(mv("e2")),
        info,
    };
    coach(&mut s, CoachIntent::Replied(late));
    assert_eq!(s.coach.hints_used, 0);
    assert_eq!(coach_search(&s).purpose, Purpose::Hint);
    assert_eq!(s.coach.review.as_ref().unwrap().evals.len(), 0);
}

#[test]
fn the_review_is_shown_while_the_game_goes_on_and_dropped_for_another_game() {
    let mut s = state([Seat::Human, Seat::Human], "e2 e8");
    coach(&mut s, CoachIntent::Review);
    answer(&mut s, "e2", 0.5);
    answer(&mut s, "e8", 0.5);
    answer(&mut s, "e3", 0.5);
    s.apply(Action::Play(mv("e3")), SEED);
    assert_eq!(s.coach.review_of(&s.board.game).unwrap().moves().len(), 2);
    s.apply(Action::Undo, SEED);
    s.apply(Action::Undo, SEED);
    assert_eq!(s.coach.review_of(&s.board.game), None);
    // Reviewing the changed game starts afresh.
    coach(&mut s, CoachIntent::Review);
    assert_eq!(s.coach.review.as_ref().unwrap().evals.len(), 0);
}

#[test]
fn a_stored_review_of_this_game_is_restored_without_searching() {
    let mut s = state([Seat::Human, Seat::Human], "e2 e8");
    let evals = vec![PositionEval::finished(Player::One); 3];
    coach(&mut s, CoachIntent::Restore(evals[..2].to_vec()));
    assert_eq!(s.coach.review, None, "too few positions for this game");
    coach(&mut s, CoachIntent::Restore(evals));
    assert!(s.coach.review.as_ref().unwrap().is_complete());
    assert_eq!(s.coach.search, None);
}

#[test]
fn budgets_stay_in_range() {
    let mut s = state([Seat::Human, Seat::Human], "");
    coach(&mut s, CoachIntent::SetHintMs(0));
    coach(&mut s, CoachIntent::SetReviewMs(u64::MAX));
    assert_eq!(s.coach.hint_ms, *BUDGET_RANGE_MS.start());
    assert_eq!(s.coach.review_ms, *BUDGET_RANGE_MS.end());
}

#[test]
fn hints_used_are_kept_with_the_game_and_start_at_zero_in_a_new_one() {
    let game: Game = "e2 e8".parse().expect("legal");
    let mut s = AppState::from_shared(
        Shared {
            game,
            seats: [Seat::Human, Seat::Human],
            hints: 2,
            ..Shared::default()
        },
        SEED,
    );
    assert_eq!(s.coach.hints_used, 2);
    coach(&mut s, CoachIntent::Hint);
    answer(&mut s, "e3", 0.5);
    assert_eq!(s.shared().hints, 3);
    s.apply(
        Action::NewGame {
            variant: Variant::default(),
            seats: [Seat::Human, Seat::Human],
        },
        SEED,
    );
    assert_eq!(s.coach.hints_used, 0);
}

#[test]
fn hints_and_the_review_search_with_the_full_engine_whatever_the_level() {
    use crate::search::{Level, MoveChoice};
    use crate::ui::model::EngineSettings;
    let mut s = state([Seat::Human, Seat::Engine], "");
    let weakest = Level::get(1).expect("level 1");
    s.apply(Action::SetEngine(EngineSettings::at_level(weakest)), SEED);
    assert_eq!(s.engine.settings.params.choice, weakest.choice);
    let full = |search: &CoachSearch, ms: u64| SearchParams {
        limits: Limits::time_ms(ms),
        seed: search.params.seed,
        ..SearchParams::default()
    };
    coach(&mut s, CoachIntent::Hint);
    let hint = coach_search(&s);
    assert!(matches!(
        hint.request(),
        WorkerRequest::Search {
            engine: EngineKind::Uct,
            ..
        }
    ));
    assert_eq!(hint.params, full(&hint, DEFAULT_HINT_MS));
    assert_eq!(hint.params.choice, MoveChoice::default(), "no temperature");
    assert_eq!(hint.params.level, None);
    answer(&mut s, "e2", 0.5);
    s.apply(Action::Play(mv("e2")), SEED);
    coach(&mut s, CoachIntent::Review);
    let review = coach_search(&s);
    assert!(matches!(review.purpose, Purpose::Review { .. }));
    assert_eq!(review.params, full(&review, DEFAULT_REVIEW_MS));
}
