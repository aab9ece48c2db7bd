//! The page layout: a board column and a side panel. State lives in one
//! reducer ([`AppState`]); the engine worker is driven by an effect that
//! sends a search whenever the reducer starts one and stops it when it ends.

use wasm_bindgen::closure::Closure;
use wasm_bindgen::JsCast;
use yew::prelude::*;

use super::analysis::candidate_labels::DrawnCandidates;
use super::analysis::policy_labels::policy_labels;
use super::analysis::{
    candidate_legend, policy_legend, policy_numbers, policy_overlay, policy_toggle,
    AnalysisOverlay, AnalysisPanel, ExactValues, PvGhosts,
};
use super::board::Board;
use super::by_link::by_link;
use super::clocks::{clocks_of, Clocks};
use super::coach::{coach_overlay, coach_panel, use_coach_worker, use_saved_coach};
use super::controls::EngineControls;
use super::disclosure::Disclosure;
use super::game_actions::GameActions;
use super::history::History;
use super::how_to_play::HowToPlay;
use super::labels::viewport_label_scale;
use super::level_status::{level_label, level_result, level_suggestion};
use super::link::encode;
use super::model::analysis::Intent;
use super::model::prefs::{
    ANALYSIS_PANEL_KEY, ENGINE_PANEL_KEY, HOW_TO_PLAY_DISMISSED_KEY, POLICY_OVERLAY_KEY, SOUND_KEY,
};
use super::model::settings::default_threads;
use super::model::{Action, AppState, LadderIntent, NewGame, Opponent, Seat};
use super::move_input::MoveInput;
use super::new_game::{NewGameChoice, NewGameDialog};
use super::notice::{ConfirmBar, Notice};
use super::online::connection::use_online;
use super::online::panel::OnlinePanel;
use super::players::{Status, WallStocks};
use super::pool::{use_engine_pool, EnginePool};
use super::reducible::PageState;
use super::share::ShareLink;
use super::sound::play_move_sound;
use super::status::WorkerStatus;
use super::storage::{
    hardware_concurrency, initial_state, remember_flag, remember_text, remembered_flag, save,
    save_record,
};
use super::theme::stored_theme;
use super::thinking::{Thinking, ThinkingSummary};
use super::top_bar::TopBar;
use super::watch::WatchControls;
use super::your_games::YourGames;
use crate::model::local_clock::CLOCK_KEY;
use crate::model::past_games::PAST_GAMES_KEY;
use crate::worker::messages::{GameData, WorkerRequest};

/// The whole page.
#[function_component(App)]
pub fn app() -> Html {
    let state = use_reducer(|| PageState(initial_state()));
    let (engine, workers) = {
        let (replies, notices) = (state.dispatcher(), state.dispatcher());
        use_engine_pool(
            Callback::from(move |reply| replies.dispatch(Action::WorkerReplied(reply))),
            Callback::from(move |notice| notices.dispatch(Action::Notice(Some(notice)))),
            state.engine.settings.params.threads as usize,
        )
    };
    let dispatch = {
        let dispatcher = state.dispatcher();
        Callback::from(move |a: Action| dispatcher.dispatch(a))
    };

    use_coach_worker(&state);
    use_saved_coach(&state);
    use_online(&state);

    // A ping at start shows whether the worker came up.
    {
        let engine = engine.clone();
        use_effect_with((), move |()| {
            engine.send(WorkerRequest::Ping {
                id: 1,
                text: "ping".into(),
            })
        });
    }
    // Ask the first worker for the exact values the page wants (each batch
    // once), before any search: its answer then comes before the search's.
    {
        let engine = engine.clone();
        use_effect_with(state.exact.outbox.clone(), move |(_, games)| {
            for game in games {
                engine.send(WorkerRequest::Exact { game: game.clone() });
            }
        });
    }
    // Ask the first worker for the network's priors the page shows (each
    // batch once); the policy overlay as the person last left it.
    {
        let engine = engine.clone();
        use_effect_with(state.priors.outbox.clone(), move |(_, games)| {
            for game in games {
                engine.send(WorkerRequest::Priors { game: game.clone() });
            }
        });
        let dispatcher = state.dispatcher();
        use_effect_with((), move |()| {
            if remembered_flag(POLICY_OVERLAY_KEY) {
                dispatcher.dispatch(Action::PolicyOverlay(true));
            }
        });
    }
    // Send each search the reducer starts; stop it when it goes away.
    {
        let engine = engine.clone();
        use_effect_with(state.engine.search.clone(), move |search| {
            let id = search.as_ref().map(|s| {
                engine.send(s.request());
                s.id
            });
            move || {
                if let Some(id) = id {
                    engine.send(WorkerRequest::Stop { id });
                }
            }
        });
    }
    // An engine-vs-engine move held for the game's pace is shown when due.
    {
        let dispatcher = state.dispatcher();
        use_effect_with(state.engine.held.clone(), move |held| {
            let timer = held.as_ref().map(|held| {
                let wait = (held.due_ms - js_sys::Date::now()).max(0.0);
                gloo_timers::callback::Timeout::new(
                    wait.min(f64::from(u32::MAX)) as u32,
                    move || dispatcher.dispatch(Action::ShowHeldMove),
                )
            });
            move || drop(timer)
        });
    }
    // The tree explorer and the tree map read the chosen worker's tree
    // (before the effects below ask it anything).
    {
        let engine = engine.clone();
        use_effect_with(state.analysis.tree.worker, move |&worker| {
            engine.set_tree_worker(worker);
        });
    }
    // The tree map asks for a slice per snapshot while it is open.
    {
        let engine = engine.clone();
        use_effect_with(state.tree_map_request(), move |request| {
            if let Some((request, ..)) = request {
                engine.send(request.clone());
            }
        });
    }
    // Ask for the children of every open tree node not loaded yet.
    {
        let engine = engine.clone();
        let tree = &state.analysis.tree;
        let unloaded: Vec<_> = tree
            .expanded
            .iter()
            .filter(|node| !tree.children.contains_key(node))
            .copied()
            .collect();
        use_effect_with((tree.search_id, unloaded), move |(id, unloaded)| {
            if let Some(id) = *id {
                for &node in unloaded {
                    engine.send(WorkerRequest::Children { id, node });
                }
            }
        });
    }
    // Save on every change.
    let query = encode(&state.shared());
    use_effect_with(query, |query| save(query));
    // The record against the levels, once it changes (an unreadable one
    // stays stored until then).
    {
        let saved = use_mut_ref(|| state.ladder.record.clone());
        use_effect_with(state.ladder.record.clone(), move |record| {
            if *saved.borrow() != *record {
                save_record(record);
                *saved.borrow_mut() = record.clone();
            }
        });
    }
    // Your games, once a game is added (a list that did not read stays
    // stored until then). The list is shared (`Rc`): cloning and comparing
    // it every render costs a pointer, not 100 games.
    {
        let saved = use_mut_ref(|| state.past.clone());
        use_effect_with(state.past.clone(), move |past| {
            if *saved.borrow() != *past {
                remember_text(PAST_GAMES_KEY, &past.to_text());
                *saved.borrow_mut() = past.clone();
            }
        });
    }
    // The clocks of a game on this device, with the game they belong to.
    let clock_text = state
        .clock
        .as_ref()
        .map(|c| c.to_text(&state.board.game.to_string()))
        .unwrap_or_default();
    use_effect_with(clock_text, |text| remember_text(CLOCK_KEY, text));
    let your_games = use_state(|| false);
    use_board_keys(dispatch.clone());

    // Page preferences: the theme (index.html applied it before the app
    // loaded; the switch applies a new choice), move sounds, the
    // how-to-play card.
    let theme = use_state(stored_theme);
    let sound = use_state(|| remembered_flag(SOUND_KEY));
    use_move_sound(state.board.game.moves(), *sound);
    let how_to_play = use_state(|| !remembered_flag(HOW_TO_PLAY_DISMISSED_KEY));
    let close_how_to_play = {
        let how_to_play = how_to_play.clone();
        Callback::from(move |()| {
            remember_flag(HOW_TO_PLAY_DISMISSED_KEY, true);
            how_to_play.set(false);
        })
    };
    let open_how_to_play = {
        let how_to_play = how_to_play.clone();
        Callback::from(move |()| how_to_play.set(true))
    };

    let move_now = {
        let (engine, id) = (engine.clone(), state.engine.search.as_ref().map(|s| s.id));
        Callback::from(move |()| {
            if let Some(id) = id {
                engine.send(WorkerRequest::Stop { id });
            }
        })
    };
    let (board, run, page) = (&state.board, &state.engine, &state.page);
    let position = board.board_position();
    // Over in the shown position, unless a preview draws another one.
    let game_over = board.preview.is_none() && board.shown_outcome().is_some();
    let analysis = analysis_props(&state, &engine);
    // The candidates drawn on the board, their labels placed once for the
    // analysis overlay and the coach's marks.
    let drawn = analysis.on_board.as_ref().map(|searched| {
        DrawnCandidates::of(
            &searched.info,
            state.analysis.top,
            position.size(),
            viewport_label_scale(),
        )
    });
    // The network's priors: of the board's position (the overlay), of the
    // analysis panel's.
    let board_game = state.board_game();
    let policy = state.priors.get(&board_game);
    // The overlay's numbers keep clear of the candidates' labels, and the
    // numbers of the lines drawn over both keep clear of all of them.
    // No engine help during a live game between people.
    let help = state.engine_help_allowed();
    let policy_shown = policy.filter(|_| state.priors.overlay && help);
    let policy_labels = policy_shown.map_or_else(Vec::new, |p| {
        policy_labels(position.size(), p, drawn.as_ref())
    });
    let mut reserved = drawn
        .as_ref()
        .map(DrawnCandidates::label_boxes)
        .unwrap_or_default();
    reserved.extend(policy_labels.iter().map(|l| l.placed));
    let panel_priors = analysis.panel.as_ref().and_then(|s| {
        let game = GameData::new(board.game.variant(), s.moves.clone());
        state.priors.get(&game).map(<[_]>::to_vec)
    });
    let on_policy = dispatch.reform(|on: bool| {
        remember_flag(POLICY_OVERLAY_KEY, on);
        Action::PolicyOverlay(on)
    });
    let on_move = dispatch.reform(Action::Play);
    let on_error = dispatch.reform(|e: String| Action::Notice(Some(e)));
    let thinking = run.search.as_ref().filter(|_| run.thinking());
    let review = state.review();
    let opponent = run
        .settings
        .exact_level()
        .map_or(Opponent::Custom, |l| Opponent::Level(l.number));
    let on_ladder = dispatch.reform(Action::Ladder);
    let start_game = {
        let (dispatch, settings) = (dispatch.clone(), run.settings.clone());
        Callback::from(move |choice: NewGameChoice| {
            let threads = default_threads(hardware_concurrency());
            let next = settings.for_opponent(choice.opponent, choice.engines, threads);
            dispatch.emit(Action::StartNewGame(NewGame {
                variant: choice.variant,
                seats: choice.seats,
                engine: next,
                clock: choice.clock,
            }));
        })
    };

    html! {
        <main class="app">
            <TopBar theme={*theme} on_theme={{ let theme = theme.clone(); Callback::from(move |t| theme.set(t)) }}
                sound={*sound} on_sound={{ let sound = sound.clone(); Callback::from(move |on| sound.set(on)) }}
                on_how_to_play={open_how_to_play}
                on_new_game={dispatch.reform(|()| Action::ShowNewGame(true))}
                on_your_games={{ let your_games = your_games.clone(); Callback::from(move |()| your_games.set(true)) }} />
            if *your_games {
                <YourGames past={state.past.clone()} current={state.shared()}
                    on_action={{
                        let (dispatch, your_games) = (dispatch.clone(), your_games.clone());
                        Callback::from(move |action: Action| {
                            // A game opened (or a record that reads) closes the list.
                            let opens = match &action {
                                Action::OpenGame(_) => true,
                                Action::OpenRecord(text) => text.parse::<quoridor_rules::Game>().is_ok(),
                                _ => false,
                            };
                            dispatch.emit(action);
                            if opens {
                                your_games.set(false);
                            }
                        })
                    }}
                    on_close={{ let your_games = your_games.clone(); Callback::from(move |()| your_games.set(false)) }} />
            }
            if page.new_game_open {
                <NewGameDialog engines={run.settings.engines} {opponent} on_start={start_game}
                    record={state.ladder.record.clone()}
                    on_clear_record={on_ladder.reform(|()| LadderIntent::ClearRecord)}
                    on_close={dispatch.reform(|()| Action::ShowNewGame(false))}
                    on_action={dispatch.clone()} />
            }
            <div class="play-area">
                <section class="board-column">
                    <Status turn={state.turn()} seats={board.seats}
                        viewing_past={board.view.is_some()} near_limit={board.near_ply_limit()}
                        line={online_line(&state)} />
                    { level_label(&run.settings, board.seats, state.plays_perfectly()
                        && state.exact.get(&crate::worker::messages::GameData::from(&board.game)).is_some(),
                        state.off_the_ladder(), state.lost_against_perfect_play()) }
                    if let Some(clocks) = clocks_of(&state, js_sys::Date::now(), &dispatch) {
                        <Clocks ..clocks />
                    }
                    <WallStocks position={position} seats={board.seats} {game_over} />
                    <Board {position} last_move={board.shown_last_move()} moves={board.board_moves()}
                        interactive={state.board_accepts_moves() || state.premove_possible()}
                        input={state.premove_position()} queued={board.premove} {game_over}
                        wall_flip={page.wall_flip} flipped={page.board_flipped} on_move={on_move.clone()}>
                        if let Some(priors) = policy_shown {
                            { policy_overlay(position.size(), priors) }
                        }
                        <AnalysisOverlay {position} searched={analysis.on_board.clone()}
                            drawn={drawn.clone()} reserved={reserved.clone()} hover={state.analysis.hover}
                            show_pv={state.analysis.show_pv}
                            on_hover={analysis.on_intent.reform(Intent::Hover)}
                            on_play={analysis.on_play.clone()} />
                        { policy_numbers(&policy_labels) }
                        if let Some(line) = state.tree_map_ghosts() {
                            <g class="tree-map-ghosts"><PvGhosts {position} {line} reserved={reserved.clone()} /></g>
                        }
                        { coach_overlay(&state, drawn.as_ref(), reserved) }
                    </Board>
                    <div class="board-tools">
                        <button class={classes!("wall-flip", page.wall_flip.then_some("flipped"))}
                            data-testid="wall-flip" onclick={dispatch.reform(|_: MouseEvent| Action::FlipWalls)}
                            title="Turn the ghost wall the other way (key R)">{ "⟲ Turn walls" }</button>
                        <button class={classes!("board-flip", page.board_flipped.then_some("flipped"))}
                            data-testid="board-flip" aria-pressed={page.board_flipped.to_string()}
                            onclick={dispatch.reform(|_: MouseEvent| Action::FlipBoard)}
                            title="Show the board from the other side (key F)">{ "⇅ Flip board" }</button>
                        if help {
                            { policy_toggle(state.priors.overlay, &on_policy) }
                        }
                        <MoveInput {on_move} on_error={on_error.clone()}
                            game={board.game.moves().to_vec()} shown={board.shown_ply()} />
                    </div>
                    if state.priors.overlay && help {
                        { policy_legend(policy, state.priors.is_unsupported(board.game.variant())) }
                    }
                    if let Some(drawn) = drawn.as_ref().filter(|d| !d.children.is_empty()) {
                        { candidate_legend(drawn) }
                    }
                    // Under the board, by the move box (a question first): a
                    // notice or a question never moves the board (issue 45).
                    <ConfirmBar confirm={page.confirm.clone()} moves={board.game.moves().to_vec()}
                        on_answer={dispatch.reform(Action::Confirmed)} />
                    <Notice text={page.notice.clone()} on_close={dispatch.reform(|()| Action::Notice(None))} />
                    <GameActions can_resign={state.resigning_player().is_some()}
                        over={!board.unfinished() && state.online.is_none()} against_engine={board.against_engine()}
                        on_action={dispatch.clone()} />
                    if let Some(online) = &state.online {
                        <OnlinePanel online={online.clone()} moves={board.game.moves().len()}
                            turn={board.game.position().turn()} on_action={dispatch.clone()} />
                    }
                    if page.by_link && board.seats == [Seat::Human; 2] && state.online.is_none() {
                        { by_link(&state.shared(), &dispatch) }
                    }
                    // Under the board too, so they never move it (issue 62:
                    // the suggestion above it pushed it down ~100 px).
                    if let Some((level, record)) = state.level_result() {
                        { level_result(level, record) }
                    }
                    if let Some(level) = state.ladder.suggestion {
                        { level_suggestion(level, &on_ladder) }
                    }
                    if (board.engine_vs_engine() || run.paused) && !board.game.position().is_over() {
                        <WatchControls paused={run.paused} on_action={dispatch.clone()} />
                    }
                    if let Some(search) = thinking {
                        <Thinking engine={search.config.kind} params={search.config.params.clone()} info={run.thinking_snapshot().cloned()}
                            on_move_now={move_now} />
                    } else if let Some(mv) = run.finished_by_table() {
                        <p class="engine-summary" data-testid="engine-summary" data-source="table">
                            { format!("Engine: {mv} by perfect play (the solved board's table), no search") }
                        </p>
                    } else if let Some(info) = run.finished_snapshot().cloned() {
                        <ThinkingSummary {info} />
                    }
                </section>
                <aside class="side-panel">
                    if *how_to_play {
                        <HowToPlay variant={board.game.variant()} on_close={close_how_to_play} />
                    }
                    <History moves={board.game.moves().to_vec()} shown={board.shown_ply()}
                        can_redo={!board.game.undone().is_empty()}
                        takebacks={state.online.is_none()}
                        on_view={dispatch.reform(Action::View)}
                        on_undo={dispatch.reform(|()| Action::Undo)}
                        on_redo={dispatch.reform(|()| Action::Redo)}
                        judged={review.as_ref().map(|r| r.moves().to_vec()).unwrap_or_default()}
                        outcome={board.outcome()} />
                    // No engine help during a live game between people.
                    if help {
                    { coach_panel(&state, review, &dispatch) }
                    <ShareLink shared={state.shared()} />
                    <Disclosure title="Engine" summary={engine_summary(&run.settings, board.seats)}
                        storage_key={ENGINE_PANEL_KEY} testid="engine-panel">
                        <EngineControls settings={run.settings.clone()} seats={board.seats}
                            on_change={dispatch.reform(Action::SetEngine)} {on_error} {workers} />
                    </Disclosure>
                    <Disclosure title="Analysis" summary={analysis_summary(run.analysing())}
                        storage_key={ANALYSIS_PANEL_KEY} testid="analysis-panel">
                        { exact_values(&state, analysis.panel.as_ref(), &dispatch) }
                        <AnalysisPanel state={state.analysis.clone()} searched={analysis.panel.clone()}
                            game={board.game.moves().to_vec()} shown={board.shown_ply()}
                            running={run.analysing()} can_start={analysis.can_start} {workers}
                            on_intent={analysis.on_intent.clone()} priors={panel_priors}
                            tree_priors={state.tree_priors()} over={position.is_over()} />
                    </Disclosure>
                    }
                </aside>
            </div>
            <WorkerStatus worker={page.worker.clone()} />
        </main>
    }
}

/// The status line of an online game at its latest position: how it ended,
/// or whose move it is from this browser's side.
fn online_line(state: &AppState) -> Option<String> {
    let online = state.online.as_ref()?;
    if state.board.view.is_some() {
        return None;
    }
    if let Some(text) = online.result_text() {
        return Some(text);
    }
    let super::model::Turn::ToMove(player) = state.turn() else {
        return None;
    };
    let line = match online.you {
        Some(you) if you == player => "Your move",
        Some(_) => "Your opponent's move",
        None if player == quoridor_rules::Player::One => "Player 1 to move",
        None => "Player 2 to move",
    };
    Some(line.to_string())
}

/// The solved-board section of the analysis panel from the state: the
/// shown position's exact values beside `searched`'s candidates when that
/// snapshot is of the shown position.
fn exact_values(
    state: &AppState,
    searched: Option<&crate::model::analysis::Searched>,
    dispatch: &Callback<Action>,
) -> Html {
    let shown = state.shown_game();
    if state.exact.is_too_big(shown.variant) {
        return Html::default();
    }
    let candidates = searched
        .filter(|s| s.moves == shown.moves)
        .map(|s| s.info.children.clone())
        .unwrap_or_default();
    let board = &state.board;
    let engine_note = board.seats.contains(&Seat::Engine).then(|| {
        if state.plays_perfectly() {
            "The engine plays perfectly here (solved board): the table's best move.".to_string()
        } else if !state.exact.table_play {
            "Table play is off: the engine plays its search's move.".to_string()
        } else {
            let level = state.engine.settings.level().map_or(0, |l| l.level.number);
            format!(
                "Level {level} keeps its own play here: its errors are on purpose \
                 (level 10 plays perfectly)."
            )
        }
    });
    let solved_in = state
        .exact
        .solved_in
        .filter(|(key, _)| *key == (shown.variant.size(), shown.variant.walls()))
        .map(|(_, ms)| ms);
    html! {
        <ExactValues exact={state.exact_of_shown().cloned()} pending={state.exact.is_pending(&shown)}
            {solved_in} {candidates} top={state.analysis.top} {engine_note}
            table_play={state.exact.table_play} on_table_play={dispatch.reform(Action::TablePlay)} />
    }
}

/// The Engine disclosure's line: who plays ("Level 5 · Tactician",
/// "custom settings"), or that no engine plays.
fn engine_summary(
    settings: &super::model::EngineSettings,
    seats: [super::model::Seat; 2],
) -> AttrValue {
    if !seats.contains(&super::model::Seat::Engine) {
        return AttrValue::from("settings for analysis and hints");
    }
    match settings.level() {
        Some(level) => AttrValue::from(level.to_string()),
        None => AttrValue::from("custom settings"),
    }
}

/// The Analysis disclosure's line: whether an analysis runs.
fn analysis_summary(running: bool) -> AttrValue {
    AttrValue::from(if running {
        "running"
    } else {
        "candidates, best line, search tree"
    })
}

/// Plays the sound of each move as it is played, when sounds are on (not
/// for a game opened, undone or replaced: only one move more than before).
#[hook]
fn use_move_sound(moves: &[quoridor_rules::Move], on: bool) {
    let seen = use_mut_ref(|| moves.len());
    let (count, last) = (moves.len(), moves.last().copied());
    use_effect_with(count, move |&count| {
        let before = std::mem::replace(&mut *seen.borrow_mut(), count);
        if on && count == before + 1 {
            if let Some(mv) = last {
                play_move_sound(mv);
            }
        }
    });
}

/// Keys outside text fields: R turns ghost walls (for keyboards without
/// hover precision), F flips the board; the left and right arrows step through the history,
/// Home and End jump to the start and the latest position.
#[hook]
fn use_board_keys(dispatch: Callback<Action>) {
    use_effect_with((), move |()| {
        let listener =
            Closure::<dyn Fn(web_sys::KeyboardEvent)>::new(move |e: web_sys::KeyboardEvent| {
                let typing = e
                    .target()
                    .and_then(|t| t.dyn_into::<web_sys::Element>().ok())
                    .is_some_and(|el| {
                        matches!(el.tag_name().as_str(), "INPUT" | "SELECT" | "TEXTAREA")
                    });
                if typing {
                    return;
                }
                let action = match e.key().as_str() {
                    "r" | "R" => Action::FlipWalls,
                    "f" | "F" => Action::FlipBoard,
                    "ArrowLeft" => Action::ViewStep(-1),
                    "ArrowRight" => Action::ViewStep(1),
                    "Home" => Action::View(Some(0)),
                    "End" => Action::View(None),
                    _ => return,
                };
                e.prevent_default();
                dispatch.emit(action);
            });
        let window = web_sys::window();
        if let Some(w) = &window {
            let _ignored =
                w.add_event_listener_with_callback("keydown", listener.as_ref().unchecked_ref());
        }
        move || {
            if let Some(w) = window {
                let _ignored = w.remove_event_listener_with_callback(
                    "keydown",
                    listener.as_ref().unchecked_ref(),
                );
            }
        }
    });
}

/// What the analysis overlay and panel get from the app.
struct AnalysisProps {
    /// The snapshot of the position on the board, if the engine searched it.
    on_board: Option<super::model::analysis::Searched>,
    /// The snapshot the panel shows: the board's, else the latest.
    panel: Option<super::model::analysis::Searched>,
    /// Whether analysis may start.
    can_start: bool,
    /// Intents: tree intents also ask the worker for node children.
    on_intent: Callback<Intent>,
    /// A clicked candidate is played where a human may move.
    on_play: Callback<quoridor_rules::Move>,
}

/// The analysis views' props from the state; tree intents also ask the
/// worker for children.
fn analysis_props(
    state: &UseReducerHandle<PageState>,
    engine: &std::rc::Rc<EnginePool>,
) -> AnalysisProps {
    let tree = &state.analysis.tree;
    let (tree_id, expanded) = (tree.search_id, tree.expanded.clone());
    let on_intent = {
        let (engine, dispatcher) = (engine.clone(), state.dispatcher());
        Callback::from(move |intent: Intent| {
            if let Some(id) = tree_id {
                let ask = |node| engine.send(WorkerRequest::Children { id, node });
                // Opened nodes are asked for by the effect in `App`.
                if intent == Intent::Refresh {
                    expanded.iter().for_each(|n| ask(*n));
                }
            }
            dispatcher.dispatch(Action::Analysis(intent));
        })
    };
    let may_play = state.board.accepts_moves();
    let on_play = {
        let dispatcher = state.dispatcher();
        Callback::from(move |mv| {
            if may_play {
                dispatcher.dispatch(Action::Play(mv));
            }
        })
    };
    AnalysisProps {
        on_board: state.searched_on_board().cloned(),
        panel: state.searched_for_panel().cloned(),
        can_start: state.can_analyse(),
        on_intent,
        on_play,
    }
}
