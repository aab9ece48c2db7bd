//! Transitions of the page's state machine, driven through [`AppState::apply`]
//! as the page drives it.

use super::*;
use crate::model::analysis::Intent;
use crate::worker::messages::{SearchId, WorkerRequest};
use quoridor_engines::EngineConfig;
use quoridor_engines::UctParams;
use quoridor_engines::{SearchInfo, SearchParams, Uct};
use quoridor_rules::{Position, Variant};

const SEED: u64 = 7;

fn mv(text: &str) -> Move {
    text.parse().expect("notation")
}

fn moves(text: &str) -> Vec<Move> {
    Move::parse_list(text).expect("notation")
}

/// A 9×9 game after `record` with these seats and default engine settings.
fn state(seats: [Seat; 2], record: &str) -> AppState {
    let game = Game::parse_with_variant(record, Variant::default()).expect("legal record");
    AppState::from_shared(
        Shared {
            game,
            seats,
            ..Shared::default()
        },
        SEED,
    )
}

/// The first visit: the human as player 1 against the engine.
fn against_engine() -> AppState {
    state([Seat::Human, Seat::Engine], "")
}

/// A snapshot as the worker sends it.
fn info() -> SearchInfo {
    Uct::new(
        Position::new(Variant::default()),
        SearchParams::default(),
        UctParams::default(),
        quoridor_engines::learned::test_evaluator(),
    )
    .info(4)
}

fn search_id(state: &AppState) -> SearchId {
    state.engine.search.as_ref().expect("a search under way").id
}

fn done(state: &mut AppState, id: SearchId, best: &str) {
    let best = Some(mv(best));
    let reply = WorkerResponse::Done {
        id,
        best,
        info: info(),
    };
    state.apply(Action::WorkerReplied(reply), SEED);
}

fn progress(state: &mut AppState, id: SearchId) {
    let reply = WorkerResponse::Progress { id, info: info() };
    state.apply(Action::WorkerReplied(reply), SEED);
}

/// Search `id`'s worker answers that tree node `node` has no children.
fn no_children(state: &mut AppState, id: SearchId, node: quoridor_engines::NodeId) {
    let children = WorkerResponse::Children {
        id,
        node,
        path: Vec::new(),
        children: Vec::new(),
    };
    state.apply(Action::WorkerReplied(children), SEED);
}

#[test]
fn a_human_move_is_played_and_the_engine_starts_its_reply_with_the_given_seed() {
    let mut s = against_engine();
    assert_eq!(s.engine.activity(), EngineActivity::Idle);
    assert!(s.board.human_to_move());
    s.apply(Action::Play(mv("e2")), 42);
    assert_eq!(s.board.game.to_string(), "e2");
    assert_eq!(s.engine.activity(), EngineActivity::Thinking);
    assert_eq!(s.board.seat_to_move(), Some(Seat::Engine));
    let search = s.engine.search.clone().expect("the engine replies");
    assert_eq!(search.mode, SearchMode::Move);
    assert_eq!(search.game.moves, moves("e2"));
    assert_eq!(search.game.variant, Variant::default());
    let mut expected = s.engine.settings.effective();
    expected.seed = 42;
    assert_eq!(search.config.params, expected);
}

#[test]
fn an_illegal_move_is_refused_with_its_reason() {
    let mut s = against_engine();
    let reason = s
        .board
        .shown_position()
        .check(mv("e3"))
        .expect_err("two squares ahead");
    s.apply(Action::Play(mv("e3")), SEED);
    assert_eq!(s.page.notice, Some(format!("e3: {reason}")));
    assert!(s.board.game.moves().is_empty());
    assert_eq!(s.engine.search, None);
}

#[test]
fn a_human_move_on_the_engines_turn_is_refused() {
    let mut s = against_engine();
    s.apply(Action::Play(mv("e2")), SEED);
    // While the engine thinks, a move is a premove of the person's own pawn:
    // e8 is not one.
    s.apply(Action::Play(mv("e8")), SEED);
    let notice = s.page.notice.clone().expect("a notice");
    assert!(notice.starts_with("e8: "), "{notice}");
    assert_eq!(
        (s.board.game.to_string(), s.board.premove),
        ("e2".into(), None)
    );
    // Paused, no move is queued.
    s.apply(Action::Pause, SEED);
    s.apply(Action::Play(mv("e3")), SEED);
    assert_eq!(s.page.notice.as_deref(), Some("It is the engine's turn."));
    assert_eq!(s.board.game.to_string(), "e2");
}

#[test]
fn the_engines_reply_is_played_and_its_summary_kept() {
    let mut s = against_engine();
    s.apply(Action::Play(mv("e2")), SEED);
    let id = search_id(&s);
    progress(&mut s, id);
    assert!(s.engine.thinking_snapshot().is_some());
    assert_eq!(s.engine.finished_snapshot(), None);
    done(&mut s, id, "e8");
    assert_eq!(s.board.game.to_string(), "e2 e8");
    assert_eq!(s.engine.activity(), EngineActivity::Idle);
    assert!(s.board.human_to_move());
    assert_eq!(s.engine.thinking_snapshot(), None);
    assert!(s.engine.finished_snapshot().is_some());
    assert_eq!(s.board.shown_last_move(), Some(mv("e8")));
}

#[test]
fn undo_against_the_engine_takes_back_its_reply_too() {
    let mut s = against_engine();
    s.apply(Action::Play(mv("e2")), SEED);
    let id = search_id(&s);
    done(&mut s, id, "e8");
    s.apply(Action::Undo, SEED);
    assert!(s.board.game.moves().is_empty());
    assert_eq!(s.board.game.undone().len(), 2);
    assert_eq!(s.engine.search, None, "the human is to move again");
}

#[test]
fn redo_against_the_engine_replays_its_reply_too() {
    let mut s = against_engine();
    s.apply(Action::Play(mv("e2")), SEED);
    let id = search_id(&s);
    done(&mut s, id, "e8");
    s.apply(Action::Undo, SEED);
    s.apply(Action::Redo, SEED);
    assert_eq!(s.board.game.to_string(), "e2 e8");
    assert_eq!(s.engine.search, None);
    assert_eq!(s.page.notice, None);
}

#[test]
fn undo_while_the_engine_thinks_drops_its_search_and_its_late_answer() {
    let mut s = against_engine();
    s.apply(Action::Play(mv("e2")), SEED);
    let id = search_id(&s);
    s.apply(Action::Undo, SEED);
    assert!(s.board.game.moves().is_empty());
    assert_eq!(s.engine.search, None);
    done(&mut s, id, "e8");
    assert!(s.board.game.moves().is_empty(), "the answer came too late");
}

#[test]
fn nothing_to_undo_or_redo_is_said() {
    let mut s = against_engine();
    s.apply(Action::Undo, SEED);
    assert_eq!(s.page.notice.as_deref(), Some("Nothing to undo."));
    s.apply(Action::Redo, SEED);
    assert_eq!(s.page.notice.as_deref(), Some("Nothing to redo."));
}

#[test]
fn viewing_the_history_shows_earlier_positions_and_clamps_its_steps() {
    let mut s = state([Seat::Human; 2], "e2 e8 e3");
    s.apply(Action::View(Some(1)), SEED);
    assert_eq!(s.board.shown_ply(), 1);
    assert_eq!(s.board.shown_moves(), moves("e2").as_slice());
    assert_eq!(s.board.shown_last_move(), Some(mv("e2")));
    assert_eq!(Some(&s.board.shown_position()), s.board.game.position_at(1));
    s.apply(Action::ViewStep(-5), SEED);
    assert_eq!(s.board.view, Some(0));
    assert_eq!(s.board.shown_last_move(), None);
    s.apply(Action::ViewStep(10), SEED);
    assert_eq!(s.board.view, None, "stepping past the end shows the latest");
    s.apply(Action::View(Some(3)), SEED);
    assert_eq!(s.board.view, None, "the latest ply is the latest position");
}

#[test]
fn a_move_in_the_past_asks_before_discarding_the_later_moves() {
    let mut s = state([Seat::Human; 2], "e2 e8 e3");
    s.apply(Action::View(Some(1)), SEED);
    s.apply(Action::Play(mv("d9")), SEED);
    assert_eq!(
        s.page.confirm,
        Some(Confirm::Discard {
            ply: 1,
            mv: mv("d9")
        })
    );
    assert_eq!(s.board.game.to_string(), "e2 e8 e3", "nothing changed yet");
    s.apply(Action::Confirmed(true), SEED);
    assert_eq!(s.board.game.to_string(), "e2 d9");
    assert_eq!(s.board.view, None);
    assert_eq!(s.page.confirm, None);
}

#[test]
fn cancelling_the_discard_keeps_the_game_and_the_view() {
    let mut s = state([Seat::Human; 2], "e2 e8 e3");
    s.apply(Action::View(Some(1)), SEED);
    s.apply(Action::Play(mv("d9")), SEED);
    s.apply(Action::Confirmed(false), SEED);
    assert_eq!(s.board.game.to_string(), "e2 e8 e3");
    assert_eq!(s.board.view, Some(1));
    assert_eq!(s.page.confirm, None);
}

#[test]
fn answers_for_a_stale_search_id_are_ignored() {
    let mut s = against_engine();
    s.apply(Action::Play(mv("e2")), SEED);
    let id = search_id(&s);
    progress(&mut s, id.next());
    assert_eq!(s.engine.snapshot, None);
    done(&mut s, id.next(), "e8");
    assert_eq!(s.board.game.to_string(), "e2");
    assert_eq!(search_id(&s), id, "still waiting for its own search");
}

#[test]
fn an_engine_reply_while_an_earlier_position_is_shown_keeps_that_view() {
    let mut s = against_engine();
    s.apply(Action::Play(mv("e2")), SEED);
    let id = search_id(&s);
    s.apply(Action::View(Some(0)), SEED);
    done(&mut s, id, "e8");
    assert_eq!(s.board.game.to_string(), "e2 e8");
    assert_eq!(s.board.view, Some(0));
    assert!(s.board.shown_moves().is_empty());
}

#[test]
fn a_new_game_keeps_the_worker_and_never_reuses_a_search_id() {
    let mut s = against_engine();
    let pong = WorkerResponse::Pong {
        id: 1,
        reversed: "gnip".into(),
        worker: "quoridor test".into(),
    };
    s.apply(Action::WorkerReplied(pong), SEED);
    s.apply(Action::Play(mv("e2")), SEED);
    let old = search_id(&s);
    s.apply(Action::Analysis(Intent::Top(3)), SEED);
    let variant = Variant::new(5, 3).expect("5x5");
    let seats = [Seat::Engine, Seat::Human];
    s.apply(Action::NewGame { variant, seats }, 11);
    assert_eq!(s.page.worker.as_deref(), Some("quoridor test"));
    assert_eq!(s.board.game.variant(), variant);
    assert!(s.board.game.moves().is_empty());
    let search = s.engine.search.clone().expect("the engine opens");
    assert!(search.id > old);
    assert_eq!(search.game.variant, variant);
    assert_eq!(search.config.params.seed, 11);
    assert_eq!(s.analysis.top, crate::model::analysis::DEFAULT_TOP);
    done(&mut s, old, "e8");
    assert!(
        s.board.game.moves().is_empty(),
        "the old game's answer is dropped"
    );
}

#[test]
fn settings_changed_mid_think_apply_from_the_next_engine_move() {
    let mut s = against_engine();
    s.apply(Action::Play(mv("e2")), SEED);
    let before = s.engine.search.clone().expect("thinking");
    let settings = EngineSettings::from_preset(EngineConfig::thesis_fixed_point());
    assert_ne!(settings, s.engine.settings);
    s.apply(Action::SetEngine(settings.clone()), SEED);
    assert_eq!(s.engine.search, Some(before.clone()), "the think goes on");
    done(&mut s, before.id, "e8");
    s.apply(Action::Play(mv("e3")), 5);
    let mut expected = settings.effective();
    expected.seed = 5;
    assert_eq!(s.engine.search.expect("next move").config.params, expected);
}

#[test]
fn engine_vs_engine_pauses_between_moves_and_steps_one_move() {
    let mut s = state([Seat::Engine; 2], "");
    let first = search_id(&s);
    s.apply(Action::Pause, SEED);
    // At once: the think under way is stopped, its answer ignored (issue
    // 62: a pause during a level-10 think waited for the move).
    assert_eq!(s.engine.search, None, "paused at once");
    done(&mut s, first, "e2");
    assert_eq!(
        s.board.game.to_string(),
        "",
        "the stopped search plays nothing"
    );
    s.apply(Action::Step, SEED);
    let step = search_id(&s);
    assert!(step > first, "the position searched afresh");
    done(&mut s, step, "e2");
    assert_eq!(s.board.game.to_string(), "e2");
    assert_eq!(s.engine.search, None, "paused");
    s.apply(Action::Step, SEED);
    let second = search_id(&s);
    done(&mut s, second, "e8");
    assert_eq!(s.board.game.to_string(), "e2 e8");
    assert!(s.engine.paused && !s.engine.step, "one step, then paused");
    assert_eq!(s.engine.search, None);
    s.apply(Action::Resume, SEED);
    assert!(search_id(&s) > second);
}

#[test]
fn undo_in_engine_vs_engine_pauses() {
    let mut s = state([Seat::Engine; 2], "e2 e8");
    s.apply(Action::Undo, SEED);
    assert!(s.engine.paused);
    assert_eq!(s.board.game.to_string(), "e2", "one move back, not two");
    assert_eq!(s.engine.search, None);
}

#[test]
fn a_worker_error_for_the_search_pauses_and_tells_why() {
    let mut s = against_engine();
    s.apply(Action::Play(mv("e2")), SEED);
    let id = search_id(&s);
    let other = WorkerResponse::Error {
        id: SearchId(id.0 + 5),
        message: "node 9 is not in the tree".into(),
    };
    s.apply(Action::WorkerReplied(other), SEED);
    assert!(
        s.engine.thinking() && !s.engine.paused,
        "not about this search"
    );
    let error = WorkerResponse::Error {
        id,
        message: "boom".into(),
    };
    s.apply(Action::WorkerReplied(error), SEED);
    assert_eq!(s.page.notice.as_deref(), Some("Engine: boom"));
    assert!(s.engine.paused);
    assert_eq!(s.engine.search, None, "no retry while paused");
}

#[test]
fn analysis_starts_on_the_board_position_and_stops() {
    let mut s = state([Seat::Human; 2], "e2 e8");
    s.apply(Action::Analysis(Intent::Analyse(true)), SEED);
    assert_eq!(s.engine.activity(), EngineActivity::Analysing);
    let search = s.engine.search.clone().expect("analysing");
    assert_eq!(search.mode, SearchMode::Analysis);
    assert_eq!(search.game.moves, moves("e2 e8"));
    assert_eq!(search.config.params, s.engine.settings.effective());
    assert_eq!(s.analysis.analysed, Some(moves("e2 e8")));
    s.apply(Action::Analysis(Intent::Analyse(false)), SEED);
    assert_eq!(s.engine.activity(), EngineActivity::Idle);
    assert_eq!(s.analysis.analysed, None);
}

#[test]
fn analysis_follows_the_shown_position_and_keeps_snapshots_by_position() {
    let mut s = state([Seat::Human; 2], "e2 e8");
    s.apply(Action::Analysis(Intent::Analyse(true)), SEED);
    let first = search_id(&s);
    s.apply(Action::View(Some(1)), SEED);
    let second = s.engine.search.clone().expect("restarted");
    assert!(second.id > first);
    assert_eq!(second.game.moves, moves("e2"));
    progress(&mut s, first);
    assert_eq!(s.analysis.of_position(&moves("e2 e8")), None, "stale");
    progress(&mut s, second.id);
    let searched = s.analysis.of_position(&moves("e2")).expect("kept");
    assert_eq!((searched.id, searched.running), (second.id, true));
}

#[test]
fn analysis_asked_while_the_engine_thinks_starts_once_it_has_moved() {
    let mut s = against_engine();
    s.apply(Action::Play(mv("e2")), SEED);
    assert!(s.can_analyse(), "the Analyse button takes the click");
    s.apply(Action::Analysis(Intent::Analyse(true)), SEED);
    assert_eq!(
        s.page.notice.as_deref(),
        Some("Analysis starts once the engine has played its move.")
    );
    assert_eq!(s.engine.activity(), EngineActivity::Thinking);
    let id = search_id(&s);
    done(&mut s, id, "e8");
    assert_eq!(s.board.game.moves(), moves("e2 e8").as_slice());
    assert_eq!(s.engine.activity(), EngineActivity::Analysing);
    assert_eq!(s.analysis.analysed, Some(moves("e2 e8")));
    assert!(!s.analysis.queued);
}

#[test]
fn a_queued_analysis_can_be_called_off_before_the_engine_moves() {
    let mut s = against_engine();
    s.apply(Action::Play(mv("e2")), SEED);
    s.apply(Action::Analysis(Intent::Analyse(true)), SEED);
    s.apply(Action::Analysis(Intent::Analyse(false)), SEED);
    let id = search_id(&s);
    done(&mut s, id, "e8");
    assert_eq!(s.engine.activity(), EngineActivity::Idle);
}

#[test]
fn the_requested_search_posts_the_game_as_data() {
    let mut s = against_engine();
    s.apply(Action::Play(mv("e2")), SEED);
    let search = s.engine.search.clone().expect("thinking");
    let WorkerRequest::Search { id, game, top, .. } = search.request() else {
        panic!("a search request");
    };
    assert_eq!((id, top), (search.id, TOP_CHILDREN));
    assert_eq!(game, GameData::from(&s.board.game));
}

#[test]
fn page_chrome_answers_its_own_actions() {
    let mut s = against_engine();
    s.apply(Action::FlipWalls, SEED);
    s.apply(Action::ShowNewGame(true), SEED);
    s.apply(Action::Notice(Some("hello".into())), SEED);
    assert!(s.page.wall_flip && s.page.new_game_open);
    assert_eq!(s.page.notice.as_deref(), Some("hello"));
    s.apply(Action::FlipWalls, SEED);
    s.apply(Action::ShowNewGame(false), SEED);
    s.apply(Action::Notice(None), SEED);
    assert_eq!(s.page, PageChrome::default());
}

#[test]
fn whose_turn_shows_the_engine_thinking_only_at_the_latest_position() {
    let mut s = against_engine();
    assert_eq!(s.turn(), Turn::ToMove(Player::One));
    s.apply(Action::Play(mv("e2")), SEED);
    assert_eq!(s.turn(), Turn::Thinking(Player::Two));
    s.apply(Action::View(Some(0)), SEED);
    assert_eq!(s.turn(), Turn::ToMove(Player::One), "an earlier position");
}

#[test]
fn whose_turn_names_the_winner_once_the_game_is_over() {
    let won = "e2 e8 e3 e7 e4 e6 e5 d6 e6 d5 e7 d4 e8 d3 e9";
    let s = state([Seat::Human; 2], won);
    assert_eq!(
        s.turn(),
        Turn::Over(Outcome {
            winner: Player::One,
            by: quoridor_rules::EndedBy::Goal
        })
    );
    assert_eq!(s.board.seat_to_move(), None);
    assert!(!s.board.human_to_move());
}

/// `plies` plies of pawn shuffling from the start (a multiple of 4: both
/// pawns back home, player 1 to move).
fn shuffled(plies: usize) -> String {
    "d1 d9 e1 e9 ".repeat(plies / 4)
}

#[test]
fn an_engine_game_ends_at_the_ply_limit_with_the_adjudicated_winner() {
    let mut s = state([Seat::Engine; 2], &format!("{}e2 a8h e3", shuffled(296)));
    assert_eq!(s.board.near_ply_limit(), Some((299, 300)));
    // Player 2 (the engine) is asked for the 300th ply.
    let id = search_id(&s);
    done(&mut s, id, "a6h");
    assert_eq!(s.board.game.moves().len(), 300);
    assert_eq!(s.engine.search, None, "no engine move after the limit");
    let outcome = s.board.outcome().expect("over");
    assert_eq!(outcome.winner, Player::One);
    assert_eq!(s.turn(), Turn::Over(outcome));
    assert_eq!(
        outcome.adjudication_note().as_deref(),
        Some("adjudicated at the 300-ply limit (paths 6 to 8)")
    );
    assert_eq!(s.board.near_ply_limit(), None);
    assert_eq!(s.board.seat_to_move(), None);
    // Resuming, stepping or a new engine setting starts nothing either.
    s.apply(Action::Step, SEED);
    s.apply(Action::Resume, SEED);
    assert_eq!(s.engine.search, None);
    // Undo takes the game back under the limit, where the engines pause.
    s.apply(Action::Undo, SEED);
    assert_eq!(s.board.outcome(), None);
    assert!(s.engine.paused);
    assert_eq!(s.engine.search, None);
}

#[test]
fn a_human_cannot_move_past_the_ply_limit() {
    let mut s = state([Seat::Human; 2], &format!("{}e2 a8h e3 a6h", shuffled(296)));
    assert!(!s.board.accepts_moves());
    s.apply(Action::Play(mv("e4")), SEED);
    assert_eq!(s.board.game.moves().len(), 300);
    assert_eq!(
        s.page.notice.as_deref(),
        Some(
            "The game is over: player 1 has won, adjudicated at the 300-ply limit \
             (paths 6 to 8)."
        )
    );
    // An earlier position is not over: playing there asks to discard the rest.
    s.apply(Action::View(Some(298)), SEED);
    assert_eq!(s.turn(), Turn::ToMove(Player::One));
    assert_eq!(s.board.near_ply_limit(), Some((298, 300)));
    s.apply(Action::Play(mv("e3")), SEED);
    assert!(matches!(
        s.page.confirm,
        Some(Confirm::Discard { ply: 298, .. })
    ));
}

#[test]
fn the_ply_count_shows_in_the_last_twenty_plies_only() {
    let s = state([Seat::Human; 2], &shuffled(276));
    assert_eq!(s.board.near_ply_limit(), None);
    let s = state([Seat::Human; 2], &shuffled(280));
    assert_eq!(s.board.near_ply_limit(), Some((280, 300)));
}

#[test]
fn the_panel_shows_the_board_positions_snapshot_else_the_latest() {
    let mut s = state([Seat::Human; 2], "e2 e8");
    assert!(s.can_analyse());
    s.apply(Action::Analysis(Intent::Analyse(true)), SEED);
    let id = search_id(&s);
    progress(&mut s, id);
    assert_eq!(s.searched_on_board().map(|x| x.id), Some(id));
    s.apply(Action::Analysis(Intent::Analyse(false)), SEED);
    s.apply(Action::View(Some(1)), SEED);
    assert_eq!(s.searched_on_board(), None, "e2 alone was never searched");
    assert_eq!(s.searched_for_panel().map(|x| x.id), Some(id), "the latest");
}

#[test]
fn a_tree_node_previews_its_position_without_touching_the_game() {
    let mut s = state([Seat::Human; 2], "e2 e8");
    s.apply(Action::Analysis(Intent::Analyse(true)), SEED);
    let id = search_id(&s);
    progress(&mut s, id);
    let node = quoridor_engines::ROOT;
    no_children(&mut s, id, node);
    s.apply(Action::Analysis(Intent::Select(Some(node))), SEED);
    assert_eq!(s.analysis.tree.selected, Some(node));
    assert_eq!(s.board.game.to_string(), "e2 e8");
    assert!(!s.board.accepts_moves(), "a preview covers the board");
    assert_eq!(search_id(&s), id, "previews do not restart analysis");
    s.apply(Action::Analysis(Intent::Select(None)), SEED);
    assert_eq!(s.board.preview, None);
    assert_eq!(s.analysis.tree.selected, None);
    assert!(s.board.accepts_moves());
}

#[test]
fn discarding_while_the_engine_thinks_drops_its_move_and_thinks_again() {
    let mut s = against_engine();
    s.apply(Action::Play(mv("e2")), SEED);
    let thinking = search_id(&s);
    s.apply(Action::View(Some(0)), SEED);
    s.apply(Action::Play(mv("d1")), SEED);
    assert_eq!(search_id(&s), thinking, "nothing changes before the answer");
    s.apply(Action::Confirmed(true), 9);
    assert_eq!(s.board.game.to_string(), "d1");
    let again = s.engine.search.clone().expect("the engine replies to d1");
    assert!(again.id > thinking);
    assert_eq!(again.game.moves, moves("d1"));
    done(&mut s, thinking, "e8");
    assert_eq!(
        s.board.game.to_string(),
        "d1",
        "the dropped search's answer"
    );
}

#[test]
fn analysis_candidate_count_stays_within_what_the_worker_lists() {
    let mut s = against_engine();
    s.apply(Action::Analysis(Intent::Top(100)), SEED);
    assert_eq!(s.analysis.top, crate::model::analysis::MAX_TOP);
    s.apply(Action::Analysis(Intent::Top(0)), SEED);
    assert_eq!(s.analysis.top, 1);
}

#[test]
fn each_engine_seat_searches_with_its_own_engine() {
    let mut s = state([Seat::Engine; 2], "");
    let uct_search = s.engine.search.clone().expect("player 1's engine thinks");
    assert_eq!(uct_search.config.kind, EngineKind::Uct);
    let settings = s
        .engine
        .settings
        .with_engine(Player::Two, EngineKind::AlphaBeta);
    s.apply(Action::SetEngine(settings), SEED);
    done(&mut s, uct_search.id, "e2");
    let reply = s.engine.search.clone().expect("player 2's engine thinks");
    assert_eq!(reply.config.kind, EngineKind::AlphaBeta);
    assert_eq!(
        reply.config.params.limits,
        s.engine.settings.effective().limits
    );
    assert_eq!(
        s.shared().engine.engines,
        [EngineKind::Uct, EngineKind::AlphaBeta]
    );
}

#[test]
fn analysis_uses_the_engine_seats_choice_or_the_side_to_moves() {
    let mut s = against_engine();
    let settings = s
        .engine
        .settings
        .with_engine(Player::Two, EngineKind::AlphaBeta);
    s.apply(Action::SetEngine(settings), SEED);
    s.apply(Action::Analysis(Intent::Analyse(true)), SEED);
    let search = s.engine.search.clone().expect("analysing");
    assert_eq!(
        search.config.kind,
        EngineKind::AlphaBeta,
        "the engine seat's"
    );
    let mut humans = state([Seat::Human; 2], "e2");
    let settings = humans
        .engine
        .settings
        .with_engine(Player::Two, EngineKind::AlphaBeta);
    humans.apply(Action::SetEngine(settings), SEED);
    humans.apply(Action::Analysis(Intent::Analyse(true)), SEED);
    let search = humans.engine.search.clone().expect("analysing");
    assert_eq!(
        search.config.kind,
        EngineKind::AlphaBeta,
        "player 2 to move"
    );
    humans.apply(Action::View(Some(0)), SEED);
    let search = humans.engine.search.clone().expect("restarted");
    assert_eq!(search.config.kind, EngineKind::Uct, "player 1 to move");
}

#[test]
fn a_new_game_keeps_the_engine_choice() {
    let mut s = against_engine();
    let settings = s.engine.settings.with_both_engines(EngineKind::AlphaBeta);
    s.apply(Action::SetEngine(settings.clone()), SEED);
    s.apply(
        Action::NewGame {
            variant: Variant::new(5, 2).expect("5x5"),
            seats: [Seat::Engine, Seat::Human],
        },
        SEED,
    );
    assert_eq!(s.engine.settings, settings);
    let search = s.engine.search.clone().expect("the engine moves first");
    assert_eq!(search.config.kind, EngineKind::AlphaBeta);
}

#[test]
fn a_seed_a_link_sets_is_kept_so_the_search_replays() {
    let mut s = against_engine();
    s.engine.settings.params.seed = 1234;
    s.apply(Action::Play(mv("e2")), 99);
    let search = s.engine.search.clone().expect("thinking");
    assert_eq!(
        search.config.params.seed, 1234,
        "the link's seed, not a fresh one"
    );
}

#[test]
fn choosing_another_workers_tree_drops_what_was_loaded_and_the_preview() {
    let mut s = state([Seat::Human; 2], "e2 e8");
    s.apply(Action::Analysis(Intent::Analyse(true)), SEED);
    let id = search_id(&s);
    progress(&mut s, id);
    let node = quoridor_engines::ROOT;
    s.apply(Action::Analysis(Intent::Toggle(node)), SEED);
    no_children(&mut s, id, node);
    s.apply(Action::Analysis(Intent::Select(Some(node))), SEED);
    assert!(s.board.preview.is_some());
    s.apply(Action::Analysis(Intent::TreeWorker(1)), SEED);
    let tree = &s.analysis.tree;
    assert_eq!((tree.worker, tree.search_id), (1, Some(id)));
    assert!(tree.children.is_empty() && tree.expanded.is_empty());
    assert_eq!(tree.selected, None);
    assert_eq!(s.board.preview, None, "worker 1's node is not previewed");
    // The choice stays for the next search.
    s.apply(Action::Analysis(Intent::Analyse(false)), SEED);
    s.apply(Action::Analysis(Intent::Analyse(true)), SEED);
    let next = search_id(&s);
    progress(&mut s, next);
    assert_eq!(s.analysis.tree.search_id, Some(next));
    assert_eq!(s.analysis.tree.worker, 1);
}

/// `state` with the page's clock at `ms`, as the page sets it before each
/// action.
fn at(state: &mut AppState, ms: f64) {
    state.engine.now_ms = Some(ms);
}

#[test]
fn engine_vs_engine_moves_are_shown_at_a_watchable_pace() {
    let mut s = state([Seat::Engine; 2], "");
    at(&mut s, 1_000.0);
    let first = search_id(&s);
    done(&mut s, first, "e2");
    assert_eq!(s.board.game.to_string(), "e2", "the first move at once");
    // The next answer comes 100 ms later: it waits for its turn, and no
    // search starts meanwhile.
    let second = search_id(&s);
    at(&mut s, 1_100.0);
    done(&mut s, second, "e8");
    assert_eq!(s.board.game.to_string(), "e2");
    let held = s.engine.held.clone().expect("held");
    assert_eq!(held.due_ms, 1_000.0 + WATCH_PACE_MS);
    assert_eq!(s.engine.search, None);
    at(&mut s, held.due_ms);
    s.apply(Action::ShowHeldMove, SEED);
    assert_eq!(s.board.game.to_string(), "e2 e8");
    assert_eq!(s.engine.held, None);
    // A slow answer is shown as soon as it comes.
    let third = search_id(&s);
    at(&mut s, held.due_ms + 5_000.0);
    done(&mut s, third, "e3");
    assert_eq!(s.board.game.to_string(), "e2 e8 e3");
}

#[test]
fn a_held_move_of_a_game_left_behind_is_dropped() {
    let mut s = state([Seat::Engine; 2], "");
    at(&mut s, 0.0);
    let first = search_id(&s);
    done(&mut s, first, "e2");
    let second = search_id(&s);
    done(&mut s, second, "e8");
    assert!(s.engine.held.is_some());
    s.apply(
        Action::NewGame {
            variant: Variant::default(),
            seats: [Seat::Engine; 2],
        },
        SEED,
    );
    s.apply(Action::ShowHeldMove, SEED);
    assert_eq!(s.board.game.to_string(), "", "the new game keeps its start");
}

#[test]
fn a_person_against_the_engine_gets_the_reply_at_once() {
    let mut s = against_engine();
    at(&mut s, 0.0);
    s.apply(Action::Play(mv("e2")), SEED);
    let id = search_id(&s);
    at(&mut s, 10.0);
    done(&mut s, id, "e8");
    assert_eq!(s.board.game.to_string(), "e2 e8");
    assert_eq!(s.engine.held, None);
}

#[test]
fn a_pause_drops_the_held_move_and_nothing_moves_until_asked() {
    let mut s = state([Seat::Engine; 2], "");
    at(&mut s, 0.0);
    let first = search_id(&s);
    done(&mut s, first, "e2");
    let second = search_id(&s);
    done(&mut s, second, "e8");
    assert!(s.engine.held.is_some());
    s.apply(Action::Pause, SEED);
    assert_eq!(s.engine.held, None);
    s.apply(Action::ShowHeldMove, SEED);
    assert_eq!(s.board.game.to_string(), "e2");
    assert_eq!(s.engine.search, None);
    s.apply(Action::Step, SEED);
    assert!(search_id(&s) > second, "the step searches afresh");
}
