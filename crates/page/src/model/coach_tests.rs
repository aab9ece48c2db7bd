//! The coach's transitions, driven through [`AppState::apply`] as the page
//! drives them, with the worker's answers made up.

use super::*;
use crate::model::Action;
use crate::model::Shared;
use quoridor_engines::{EngineKind, UctParams};
use quoridor_engines::{SearchInfo, Uct};
use quoridor_review::Judgement;
use quoridor_rules::{Player, Position, Variant};

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
    let mut info: SearchInfo = Uct::new(
        Position::new(Variant::default()),
        Default::default(),
        UctParams::default(),
        quoridor_engines::learned::test_evaluator(),
    )
    .info(4);
    info.side_to_move = position.turn();
    info.win_probability = quoridor_engines::for_player(p1_win, position.turn());
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
    let info = Uct::new(
        Position::new(Variant::default()),
        Default::default(),
        UctParams::default(),
        quoridor_engines::learned::test_evaluator(),
    )
    .info(4);
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
    use crate::model::EngineSettings;
    use quoridor_engines::{Level, MoveChoice};
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
            config: EngineConfig {
                kind: EngineKind::Uct,
                ..
            },
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

/// The hint the issue saw after `e2 e8` (a 1 s search): both pawns walk
/// backwards in its tail (d1, e9).
const WANDERING: &str = "e7v e2v d2 a7h d6h b3h h2h d3h d1 e9 e1 f9 f1 f8";
/// The analysis' line there, after a million playouts.
const ANALYSIS_LINE: &str = "e3 e7 e4 e6 e5 d6h";

/// A UCT snapshot of the position after `moves` with `line` as its
/// principal variation, each step visited `visits[k]` times, after
/// `searched` playouts at `per_sec` a second.
fn snapshot(moves: &str, line: &str, visits: &[u32], searched: u64, per_sec: f64) -> SearchInfo {
    let game: Game = moves.parse().expect("legal record");
    let mut info: SearchInfo = Uct::new(
        *game.position(),
        Default::default(),
        UctParams::default(),
        quoridor_engines::learned::test_evaluator(),
    )
    .info(4);
    let pv: Vec<Move> = line.split_whitespace().map(mv).collect();
    info.best_move = pv.first().copied();
    info.pv = pv;
    info.searched = searched;
    info.searched_per_sec = per_sec;
    if let quoridor_engines::EngineReport::Uct(tree) = &mut info.engine {
        tree.root_visits = u32::try_from(searched).unwrap_or(u32::MAX);
        tree.pv_visits = visits.to_vec();
    }
    info
}

/// The analysis' line with the visits a million-playout search gives it.
fn analysis_snapshot(searched: u64) -> SearchInfo {
    snapshot(
        "e2 e8",
        ANALYSIS_LINE,
        &[950_000, 900_000, 800_000, 600_000, 500_000, 300],
        searched,
        250_000.0,
    )
}

/// Whether a pawn move of `line`, played from the position after
/// `record`, takes its pawn further from its goal row.
fn walks_backwards(record: &str, line: &[Move]) -> bool {
    let game: Game = record.parse().expect("legal record");
    let mut position = *game.position();
    for &m in line {
        let mover = position.turn();
        let before = position.pawn(mover).rank();
        if position.play(m).is_err() {
            return false;
        }
        let after = position.pawn(mover).rank();
        let backwards = match mover {
            Player::One => after < before,
            Player::Two => after > before,
        };
        if matches!(m, Move::Pawn(_)) && backwards {
            return true;
        }
    }
    false
}

/// The analysis answers search `id` with `info` (running while `running`).
fn analysis_replies(s: &mut AppState, info: SearchInfo, running: bool) {
    let id = s.engine.search.as_ref().expect("analysing").id;
    let reply = if running {
        WorkerResponse::Progress { id, info }
    } else {
        WorkerResponse::Done {
            id,
            best: info.best_move,
            info,
        }
    };
    s.apply(Action::WorkerReplied(reply), SEED);
}

#[test]
fn the_e2_e8_hint_line_stops_before_the_pawns_walk_backwards() {
    let mut s = state([Seat::Human, Seat::Human], "e2 e8");
    coach(&mut s, CoachIntent::Hint);
    let search = coach_search(&s);
    // The visits a 1 s search gave the line: thousands at the
    // root's children, tens in the tail.
    let info = snapshot(
        "e2 e8",
        WANDERING,
        &[9_000, 5_200, 700, 310, 120, 60, 30, 20, 11, 7, 5, 3, 2, 2],
        20_000,
        20_000.0,
    );
    let wandering: Vec<Move> = WANDERING.split_whitespace().map(mv).collect();
    assert!(
        walks_backwards("e2 e8", &wandering),
        "the test's line walks backwards"
    );
    let reply = WorkerResponse::Done {
        id: search.id,
        best: Some(mv("e7v")),
        info,
    };
    coach(&mut s, CoachIntent::Replied(reply));
    let view = s.hint_view().expect("a hint");
    assert_eq!(view.hint.mv, mv("e7v"));
    assert_eq!(
        view.hint.line,
        vec![mv("e7v"), mv("e2v")],
        "cut where it is unsure"
    );
    assert!(!walks_backwards("e2 e8", &view.hint.line));
    assert_eq!(view.hint.source, HintSource::Search);
}

#[test]
fn a_hint_while_the_analysis_runs_is_the_analysis_move_and_starts_no_search() {
    let mut s = state([Seat::Human, Seat::Human], "e2 e8");
    s.apply(
        Action::Analysis(crate::model::analysis::Intent::Analyse(true)),
        SEED,
    );
    analysis_replies(&mut s, analysis_snapshot(1_000_000), true);
    coach(&mut s, CoachIntent::Hint);
    assert_eq!(s.coach.search, None, "no second, weaker search");
    assert_eq!(s.coach.hints_used, 1);
    let view = s.hint_view().expect("the analysis' hint");
    assert_eq!(view.hint.source, HintSource::Analysis);
    assert_eq!(view.hint.mv, mv("e3"));
    assert_eq!(view.hint.searched, 1_000_000);
    // The last step had 300 playouts: not sure.
    assert_eq!(
        view.hint.line,
        "e3 e7 e4 e6 e5"
            .split_whitespace()
            .map(mv)
            .collect::<Vec<_>>()
    );
    assert!(!walks_backwards("e2 e8", &view.hint.line));
    assert_eq!(view.disagreement, None);
    // The hint follows the running analysis as it changes its mind.
    analysis_replies(
        &mut s,
        snapshot("e2 e8", "d2h e7", &[600_000, 500_000], 1_200_000, 250_000.0),
        true,
    );
    let view = s.hint_view().expect("still the analysis' hint");
    assert_eq!((view.hint.mv, view.hint.searched), (mv("d2h"), 1_200_000));
    // Asked again: the same source, not counted twice.
    coach(&mut s, CoachIntent::Hint);
    assert_eq!((s.coach.search.clone(), s.coach.hints_used), (None, 1));
}

#[test]
fn a_finished_analysis_stands_in_only_when_it_searched_more_than_the_hint_would() {
    // 250 k playouts a second: a 1 s hint would search about 250 k.
    let mut small = state([Seat::Human, Seat::Human], "e2 e8");
    small.apply(
        Action::Analysis(crate::model::analysis::Intent::Analyse(true)),
        SEED,
    );
    analysis_replies(&mut small, analysis_snapshot(100_000), false);
    coach(&mut small, CoachIntent::Hint);
    assert_eq!(
        coach_search(&small).purpose,
        Purpose::Hint,
        "too small: the hint searches"
    );
    let mut large = state([Seat::Human, Seat::Human], "e2 e8");
    large.apply(
        Action::Analysis(crate::model::analysis::Intent::Analyse(true)),
        SEED,
    );
    analysis_replies(&mut large, analysis_snapshot(1_000_000), false);
    coach(&mut large, CoachIntent::Hint);
    assert_eq!(large.coach.search, None);
    assert_eq!(
        large.hint_view().expect("hint").hint.source,
        HintSource::Analysis
    );
}

#[test]
fn a_hint_the_analysis_disagrees_with_says_which_searched_more() {
    let mut s = state([Seat::Human, Seat::Human], "e2 e8");
    coach(&mut s, CoachIntent::Hint);
    let search = coach_search(&s);
    let info = snapshot("e2 e8", "e7v e2v", &[9_000, 5_200], 20_000, 20_000.0);
    let reply = WorkerResponse::Done {
        id: search.id,
        best: Some(mv("e7v")),
        info,
    };
    coach(&mut s, CoachIntent::Replied(reply));
    assert_eq!(
        s.hint_view().expect("hint").disagreement,
        None,
        "no analysis yet"
    );
    // The analysis started after the hint and prefers e3.
    s.apply(
        Action::Analysis(crate::model::analysis::Intent::Analyse(true)),
        SEED,
    );
    analysis_replies(&mut s, analysis_snapshot(1_200_000), true);
    let view = s.hint_view().expect("hint");
    assert_eq!(view.hint.mv, mv("e7v"), "the hint given stays");
    let d = view.disagreement.expect("they differ");
    assert!(d.analysis_searched_more());
    assert_eq!(
        d.text(),
        "The analysis (1.2 M playouts) prefers e3; the hint searched 20 k: trust the analysis, it searched more."
    );
}

#[test]
fn asking_again_in_the_same_position_gives_the_same_hint_without_a_new_search() {
    let mut s = state([Seat::Human, Seat::Human], "e2 e8");
    coach(&mut s, CoachIntent::Hint);
    answer(&mut s, "e3", 0.5);
    let first = s.hint_view().expect("hint");
    coach(&mut s, CoachIntent::Hint);
    assert_eq!(s.coach.search, None, "no new random line");
    assert_eq!(s.hint_view(), Some(first.clone()));
    assert_eq!(s.coach.hints_used, 1);
    // Kept while viewing elsewhere and back.
    s.apply(Action::View(Some(1)), SEED);
    assert_eq!(s.hint_view(), None);
    s.apply(Action::View(None), SEED);
    assert_eq!(s.hint_view(), Some(first));
}

#[test]
fn a_hint_asked_elsewhere_during_a_hint_search_is_searched_next() {
    let mut s = state([Seat::Human, Seat::Human], "e2 e8");
    coach(&mut s, CoachIntent::Hint);
    s.apply(Action::View(Some(0)), SEED);
    coach(&mut s, CoachIntent::Hint);
    answer(&mut s, "e3", 0.5);
    let next = coach_search(&s);
    assert_eq!((next.purpose, next.game.moves.len()), (Purpose::Hint, 0));
}

#[test]
fn a_finished_game_takes_hints_in_any_position_that_goes_on() {
    // Player 2 won; viewing back, player 1's and player 2's turns alike.
    let mut over = state([Seat::Human, Seat::Engine], THROWN);
    assert!(!over.can_hint(), "the final position is won");
    over.apply(Action::View(Some(17)), SEED);
    assert!(
        over.can_hint(),
        "player 2's (the engine's) turn before the winning move"
    );
    coach(&mut over, CoachIntent::Hint);
    assert_eq!(coach_search(&over).game.moves.len(), 17);
    over.apply(Action::View(Some(16)), SEED);
    assert!(over.can_hint());
    // While the game goes on, the engine's turn is not the player's to ask about.
    let playing = state([Seat::Engine, Seat::Human], "");
    assert!(!playing.can_hint());
}

#[test]
fn a_resigned_games_last_position_takes_a_hint() {
    let mut s = state([Seat::Human, Seat::Engine], "e2 e8");
    s.apply(Action::Resign, SEED);
    s.apply(Action::Confirmed(true), SEED);
    assert!(s.board.outcome().is_some(), "resigned");
    assert!(s.can_hint(), "the position goes on by the rules");
    coach(&mut s, CoachIntent::Hint);
    assert_eq!(coach_search(&s).game.moves, vec![mv("e2"), mv("e8")]);
}
