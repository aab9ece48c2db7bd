//! Solved boards in the page's state machine: the worker's exact values
//! asked for and kept, the full-strength engine and the hint playing the
//! table's best moves, levels 1–9 keeping their own, the review's verdicts.
//! The tables are real (3×3 solved here); the worker is driven by hand.

use super::*;
use crate::worker::messages::{ExactAnswer, WorkerRequest};
use quoridor_engines::Level;
use quoridor_review::{Judgement, PositionEval};
use quoridor_rules::Position;
use quoridor_solver::exact::Exact;
use quoridor_solver::{solve, Table, Value};

const SEED: u64 = 7;

fn table(walls: u8) -> Table {
    let variant = Variant::new(3, walls).expect("3x3");
    solve(variant, 1 << 30, |_, _| {}).expect("solves").0
}

/// A 3×3 game with `walls` each after `record`, these seats, these settings.
fn state(walls: u8, record: &str, seats: [Seat; 2], engine: EngineSettings) -> AppState {
    let variant = Variant::new(3, walls).expect("3x3");
    AppState::from_shared(
        Shared {
            game: Game::parse_with_variant(record, variant).expect("legal record"),
            seats,
            engine,
            ..Shared::default()
        },
        SEED,
    )
}

/// The worker answers every exact request in the outbox from `table`.
fn answer_all(state: &mut AppState, table: &Table) {
    let asked = state.exact.outbox.1.clone();
    for game in asked {
        let position = *game.replay().expect("legal").position();
        let exact = Exact::of(table, &position).expect("covered");
        let reply = WorkerResponse::Exact {
            game,
            answer: ExactAnswer::Solved {
                exact,
                solve_ms: Some(1.0),
            },
        };
        state.apply(Action::WorkerReplied(reply), SEED);
    }
}

fn level(n: u8) -> EngineSettings {
    EngineSettings::at_level(Level::get(n).expect("a level"))
}

#[test]
fn the_shown_and_latest_positions_are_asked_for_and_kept() {
    let mut s = state(0, "", [Seat::Human, Seat::Human], EngineSettings::default());
    let start = GameData::new(Variant::new(3, 0).expect("3x3"), vec![]);
    assert_eq!(s.exact.outbox.1, vec![start.clone()]);
    assert!(s.exact.is_pending(&start));
    answer_all(&mut s, &table(0));
    let exact = s.exact_of_shown().expect("answered");
    assert_eq!(exact.value, Value::Loss(4));
    assert_eq!(s.exact.solved_in, Some(((3, 0), 1.0)));
    // The request as the app sends it.
    let request = WorkerRequest::Exact { game: start };
    assert!(matches!(request, WorkerRequest::Exact { .. }));
}

#[test]
fn the_full_strength_engine_plays_a_best_move_as_soon_as_the_table_answers() {
    // Player 2 to move after b2: it wins by jumping home.
    let table = table(0);
    let mut s = state(
        0,
        "b2",
        [Seat::Human, Seat::Engine],
        EngineSettings::default(),
    );
    assert!(s.plays_perfectly());
    assert!(s.engine.thinking());
    answer_all(&mut s, &table);
    assert!(!s.engine.thinking(), "the table's move is played at once");
    let played = *s.board.game.moves().last().expect("a move");
    let before = Position::new(Variant::new(3, 0).expect("3x3"));
    let mut after_b2 = before;
    after_b2.play_unchecked("b2".parse().expect("notation"));
    let exact = Exact::of(&table, &after_b2).expect("covered");
    assert!(exact.is_best(played), "{played} is not a best move");
    // The summary under the board names the table, not a search that did
    // not run.
    assert_eq!(s.engine.finished_by_table(), Some(played));
    assert!(s.engine.finished_snapshot().is_none());
}

#[test]
fn level_10_plays_perfectly_and_levels_1_to_9_keep_their_own_moves() {
    let table = table(1);
    for (n, perfect) in [(10, true), (9, false), (3, false)] {
        let mut s = state(1, "", [Seat::Engine, Seat::Human], level(n));
        assert_eq!(s.plays_perfectly(), perfect, "level {n}");
        let id = s.engine.search.as_ref().expect("thinking").id;
        answer_all(&mut s, &table);
        assert_eq!(s.engine.thinking(), !perfect, "level {n}");
        if !perfect {
            // Its search's move is played, even one that is not best.
            let exact = s.exact_of_shown().expect("known").clone();
            let worst = exact.moves.last().expect("moves").0;
            assert!(!exact.is_best(worst));
            let info = quoridor_engines::uct::test_snapshot(vec![], 0, 0.0);
            let done = WorkerResponse::Done {
                id,
                best: Some(worst),
                info,
            };
            s.apply(Action::WorkerReplied(done), SEED);
            assert_eq!(s.board.game.moves(), &[worst], "level {n}");
        }
    }
}

#[test]
fn table_play_off_leaves_the_search_its_move() {
    let table = table(0);
    let mut s = state(
        0,
        "b2",
        [Seat::Human, Seat::Engine],
        EngineSettings::default(),
    );
    s.apply(Action::TablePlay(false), SEED);
    assert!(!s.plays_perfectly());
    answer_all(&mut s, &table);
    assert!(s.engine.thinking(), "the search goes on");
}

#[test]
fn a_hint_on_a_solved_board_is_a_best_move_of_the_table_at_once() {
    let table = table(2);
    let mut s = state(2, "", [Seat::Human, Seat::Engine], level(3));
    answer_all(&mut s, &table);
    s.apply(Action::Coach(CoachIntent::Hint), SEED);
    assert!(s.coach.search.is_none(), "no search needed");
    let view = s.hint_view().expect("a hint");
    let exact = s.exact_of_shown().expect("known");
    assert!(exact.is_best(view.hint.mv));
    assert_eq!(view.hint.source, HintSource::Table);
    assert_eq!(view.exact, Some(exact.value));
}

#[test]
fn a_searched_hint_that_is_not_best_is_replaced_by_the_tables_move() {
    let table = table(0);
    let mut s = state(0, "", [Seat::Human, Seat::Human], EngineSettings::default());
    s.apply(Action::Coach(CoachIntent::Hint), SEED);
    let search = s.coach.search.clone().expect("searching: no table yet");
    answer_all(&mut s, &table);
    let b2: Move = "b2".parse().expect("notation");
    let info = quoridor_engines::uct::test_snapshot(vec![], 0, 0.0);
    let done = WorkerResponse::Done {
        id: search.id,
        best: Some(b2),
        info,
    };
    s.apply(Action::Coach(CoachIntent::Replied(done)), SEED);
    let view = s.hint_view().expect("a hint");
    assert_ne!(view.hint.mv, b2, "b2 loses faster");
    assert!(s.exact_of_shown().expect("known").is_best(view.hint.mv));
}

#[test]
fn a_review_asks_for_every_position_and_judges_each_move_by_the_table() {
    let table = table(0);
    // b2 hastens player 1's loss (4 plies to 2); a3 throws player 2's win
    // in 1 (the jump b3–b1) away: player 1 steps to b3 and wins.
    let mut s = state(
        0,
        "b2 a3",
        [Seat::Human, Seat::Human],
        EngineSettings::default(),
    );
    answer_all(&mut s, &table);
    s.apply(Action::Coach(CoachIntent::Review), SEED);
    answer_all(&mut s, &table);
    let game = GameData::from(&s.board.game);
    let verdicts = s.exact.verdicts(&game);
    assert_eq!(verdicts.len(), 2);
    let (_, _, first) = verdicts[0];
    assert_eq!(
        (first.before, first.after),
        (Value::Loss(4), Value::Loss(2))
    );
    assert!(
        !first.is_blunder(),
        "every move of a lost position keeps it"
    );
    let (_, _, second) = verdicts[1];
    assert!(second.is_blunder());
    assert_eq!(second.to_string(), "was winning in 1, now loses in 2");
}

#[test]
fn in_a_position_already_solved_the_engine_answers_without_searching() {
    let table = table(0);
    let mut s = state(
        0,
        "",
        [Seat::Human, Seat::Engine],
        EngineSettings::default(),
    );
    answer_all(&mut s, &table);
    // b2 is asked about and answered; then taken back and played again.
    s.apply(Action::Play("b2".parse().expect("notation")), SEED);
    answer_all(&mut s, &table);
    assert_eq!(s.board.game.moves().len(), 2, "answered from the table");
    s.apply(Action::Undo, SEED);
    assert!(s.board.game.moves().is_empty());
    s.apply(Action::Play("b2".parse().expect("notation")), SEED);
    assert_eq!(s.board.game.moves().len(), 2, "known: no search, no wait");
    assert!(!s.engine.thinking());
}

#[test]
fn a_person_lost_against_perfect_play_from_the_first_move_is_told() {
    // 3×3 without walls: player 1, to move first, loses in 4 plies with
    // best play. Against level 10 (perfect on solved boards) the person
    // playing player 1 is told; playing player 2 (the winning side), not.
    let table = table(0);
    let mut s = state(0, "", [Seat::Human, Seat::Engine], level(10));
    assert_eq!(s.lost_against_perfect_play(), None, "not solved yet");
    answer_all(&mut s, &table);
    assert_eq!(
        s.lost_against_perfect_play().as_deref(),
        Some("player 2 wins in 4 plies with best play")
    );
    let mut s = state(0, "", [Seat::Engine, Seat::Human], level(10));
    answer_all(&mut s, &table);
    assert_eq!(s.lost_against_perfect_play(), None);
    // A level that keeps its own errors on solved boards says nothing.
    let mut s = state(0, "", [Seat::Human, Seat::Engine], level(3));
    answer_all(&mut s, &table);
    assert_eq!(s.lost_against_perfect_play(), None);
}

#[test]
fn on_a_solved_board_the_summary_and_its_sentence_count_the_tables_judgements() {
    // Issue 62: "12 of 12 moves kept the value (12 best …)" over a table
    // of 5 best and 1 decided a player. 3×3 without walls: a1 steps aside
    // and keeps the longest defence (best by the table, though the search's
    // review, with both positions proven, calls a step aside "decided");
    // b2 steps at player 1 and keeps the win; a2 hastens the loss (good: it
    // heads home); a3 throws the win away.
    let table = table(0);
    let mut s = state(
        0,
        "a1 b2 a2 a3",
        [Seat::Human, Seat::Human],
        EngineSettings::default(),
    );
    let game = s.board.game.clone();
    let evals: Vec<PositionEval> = (0..=game.moves().len())
        .map(|ply| {
            let pos = game.position_at(ply).expect("a position");
            match pos.winner() {
                Some(winner) => PositionEval::finished(winner),
                None => {
                    let exact = Exact::of(&table, pos).expect("covered");
                    let p1 = match exact.value {
                        Value::Win(_) => 1.0,
                        Value::Draw => 0.5,
                        Value::Loss(_) => 0.0,
                    };
                    PositionEval {
                        p1_win: if pos.turn() == Player::One {
                            p1
                        } else {
                            1.0 - p1
                        },
                        proven: true,
                        best: exact.perfect_choice(None),
                        line: Vec::new(),
                    }
                }
            }
        })
        .collect();
    s.apply(Action::Coach(CoachIntent::Restore(evals)), SEED);
    answer_all(&mut s, &table);
    let verdicts = s.exact.verdicts(&GameData::from(&game));
    assert_eq!(verdicts.len(), 4, "{verdicts:?}");
    let searched = s.coach.review_of(&game).expect("judged");
    assert_eq!(searched.moves()[0].judgement, Judgement::Decided);
    let review = s.review().expect("judged");
    let judged: Vec<Judgement> = review.moves().iter().map(|m| m.judgement).collect();
    let expected: Vec<Judgement> = verdicts
        .iter()
        .map(|(_, _, v)| {
            if v.is_blunder() {
                Judgement::Blunder
            } else if v.is_best() {
                Judgement::Best
            } else {
                Judgement::Good
            }
        })
        .collect();
    assert_eq!(judged, expected, "{verdicts:?}");
    assert_eq!(judged[0], Judgement::Best);
    let summary = review.summary(0);
    let kept = verdicts.iter().filter(|(_, _, v)| !v.is_blunder()).count();
    let best = verdicts.iter().filter(|(_, _, v)| v.is_best()).count();
    let counted = |j: Judgement| summary.counts[0][j as usize] + summary.counts[1][j as usize];
    assert_eq!(counted(Judgement::Best), best);
    assert_eq!(4 - counted(Judgement::Blunder), kept);
    let good = counted(Judgement::Good);
    let good = if good > 0 {
        format!(", {good} good")
    } else {
        String::new()
    };
    assert_eq!(
        exact::solved_summary(&summary),
        format!(
            "Solved board: {kept} of 4 moves kept the value ({best} best by perfect play{good})."
        )
    );
}
