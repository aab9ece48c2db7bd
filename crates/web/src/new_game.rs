//! The new-game dialog: board size, walls per player, who plays which side,
//! and the opponent: a level of the ladder (with the player's record against
//! each) or custom settings, where each engine seat picks its engine.

use web_sys::HtmlSelectElement;
use yew::prelude::*;

use super::engine_choice::engine_label;
use super::level_list::LevelList;
use super::model::local_clock::Control;
use super::model::record::Record;
use super::model::settings::wall_choices;
use super::model::{Action, Opponent, Seat};
use super::online::play_friend::{control_options, play_friend, use_friend_form};
use quoridor_engines::EngineKind;
use quoridor_rules::{Player, Variant};
use quoridor_text::Choice;

/// What the dialog starts: the variant, the seats, the opponent and each
/// side's engine.
#[derive(Clone, Debug, PartialEq)]
pub struct NewGameChoice {
    /// Board size and walls.
    pub variant: Variant,
    /// Who plays which side.
    pub seats: [Seat; 2],
    /// A level, or the panel's settings.
    pub opponent: Opponent,
    /// Each side's engine with custom settings (kept as it was for human seats).
    pub engines: [EngineKind; 2],
    /// The clocks' time control; `None` plays without a clock.
    pub clock: Option<Control>,
}

#[derive(Properties, PartialEq)]
pub struct NewGameProps {
    /// Each side's engine now (the selects start there).
    pub engines: [EngineKind; 2],
    /// The opponent now (the dialog starts there): the level the settings
    /// are exactly, else custom.
    pub opponent: Opponent,
    /// The player's record against the levels.
    pub record: Record,
    /// Clears the record (the dialog has asked first).
    pub on_clear_record: Callback<()>,
    /// Starts the game.
    pub on_start: Callback<NewGameChoice>,
    /// Closes the dialog.
    pub on_close: Callback<()>,
    /// Actions for the reducer (play a friend opens its game with them).
    pub on_action: Callback<Action>,
}

/// The seats of a "Players" choice.
fn seats_of(mode: &str) -> [Seat; 2] {
    match mode {
        "engine-first" => [Seat::Engine, Seat::Human],
        "humans" => [Seat::Human, Seat::Human],
        "engines" => [Seat::Engine, Seat::Engine],
        _ => [Seat::Human, Seat::Engine],
    }
}

/// The clock of a game on this device: none, or a control of the list.
fn clock_select(chosen: Option<Control>, onchange: Callback<Event>) -> Html {
    let chosen = chosen.map(|c| c.text()).unwrap_or_default();
    html! {
        <label title="Minutes each + seconds added after every move">{ "Clock " }
            <select name="clock" {onchange}>
                <option value="none" selected={chosen.is_empty()}>{ "No clock" }</option>
                { control_options(&chosen, true) }
            </select>
        </label>
    }
}

/// A panel (not modal): the opponent first (a level, or custom settings with
/// an engine select per engine seat), then the board and the players, and a
/// Start button.
#[function_component(NewGameDialog)]
pub fn new_game_dialog(props: &NewGameProps) -> Html {
    let size = use_node_ref();
    let walls = use_node_ref();
    // The board chosen, so the walls list offers what fits on it, and the
    // walls chosen, kept within it.
    let board = use_state(|| 9u8);
    let stock = use_state(|| 10u8);
    let seats = use_state(|| seats_of("human-first"));
    let engines = use_state(|| props.engines);
    let opponent = use_state(|| props.opponent);
    let asking = use_state(|| false);
    // Play a friend (online) in place of the engine and local choices.
    let friend = use_state(|| false);
    let friend_form = use_friend_form(*friend);
    // The clocks of a game on this device (none by default).
    let clock = use_state(|| None::<Control>);
    let on_clock = {
        let clock = clock.clone();
        Callback::from(move |e: Event| {
            if let Some(select) = e.target_dyn_into::<HtmlSelectElement>() {
                clock.set(Control::parse(&select.value()));
            }
        })
    };
    let on_friend = {
        let friend = friend.clone();
        Callback::from(move |_: MouseEvent| friend.set(!*friend))
    };
    let on_mode = {
        let seats = seats.clone();
        Callback::from(move |e: Event| {
            if let Some(select) = e.target_dyn_into::<HtmlSelectElement>() {
                seats.set(seats_of(&select.value()));
            }
        })
    };
    let on_board = {
        let (board, stock) = (board.clone(), stock.clone());
        Callback::from(move |e: Event| {
            if let Some(n) = e
                .target_dyn_into::<HtmlSelectElement>()
                .and_then(|select| select.value().parse::<u8>().ok())
            {
                board.set(n);
                stock.set((*stock).min(*wall_choices(n).end()));
            }
        })
    };
    let on_stock = {
        let stock = stock.clone();
        Callback::from(move |e: Event| {
            if let Some(n) = e
                .target_dyn_into::<HtmlSelectElement>()
                .and_then(|select| select.value().parse::<u8>().ok())
            {
                stock.set(n);
            }
        })
    };
    let onclick = {
        let (size, walls, seats, engines, opponent, on_start, clock) = (
            size.clone(),
            walls.clone(),
            *seats,
            *engines,
            *opponent,
            props.on_start.clone(),
            *clock,
        );
        Callback::from(move |_: MouseEvent| {
            let read = |r: &NodeRef| {
                r.cast::<HtmlSelectElement>()
                    .map(|s| s.value())
                    .unwrap_or_default()
            };
            let size = read(&size).parse().unwrap_or(9);
            let walls = read(&walls).parse().unwrap_or(10);
            let variant = Variant::new(size, walls).unwrap_or_default();
            on_start.emit(NewGameChoice {
                variant,
                seats,
                opponent,
                engines,
                clock,
            });
        })
    };
    let engine_select = |player: Player| {
        let chosen = engines[player.index()];
        let engines = engines.clone();
        let onchange = Callback::from(move |e: Event| {
            let Some(select) = e.target_dyn_into::<HtmlSelectElement>() else {
                return;
            };
            if let Ok(kind) = select.value().parse::<EngineKind>() {
                let mut next = *engines;
                next[player.index()] = kind;
                engines.set(next);
            }
        });
        let name = format!("new_p{}_engine", player.number());
        html! {
            <label title="UCT: Monte Carlo tree search; Alpha-beta: negamax with the classic enhancements">
                { format!("Player {} engine ", player.number()) }
                <select {name} {onchange}>
                    { for [EngineKind::Uct, EngineKind::AlphaBeta].into_iter().map(|kind| html! {
                        <option value={kind.name()} selected={kind == chosen}>{ engine_label(kind) }</option>
                    }) }
                </select>
            </label>
        }
    };
    let close = props.on_close.reform(|_: MouseEvent| ());
    let on_choose = {
        let opponent = opponent.clone();
        Callback::from(move |chosen| opponent.set(chosen))
    };
    html! {
        <section class="new-game" data-testid="new-game" aria-label="New game">
            <h2>{ "New game" }</h2>
            <button class={classes!("play-friend", friend.then_some("chosen"))} data-testid="play-friend"
                aria-pressed={friend.to_string()} onclick={on_friend}
                title="A live game with a friend on another device, over an invite link">
                { if *friend { "← Against the engine or on this device" } else { "⚔ Play a friend online" } }
            </button>
            if !*friend {
            { LevelList {
                chosen: *opponent,
                record: &props.record,
                on_choose: &on_choose,
                asking: &asking,
                on_clear_record: &props.on_clear_record,
            }.view() }
            if *opponent == Opponent::Custom {
                { for Player::BOTH.into_iter()
                    .filter(|p| seats[p.index()] == Seat::Engine)
                    .map(engine_select) }
            }
            }
            <label title="Squares per side">{ "Board " }
                <select name="board_size" ref={size} onchange={on_board}>
                    { for [3u8, 4, 5, 7, 9, 11].into_iter().map(|n| html! {
                        <option value={n.to_string()} selected={n == *board}>{ format!("{n}×{n}") }</option>
                    }) }
                </select>
            </label>
            <label title="Walls each player starts with (no more than fit on the board)">{ "Walls each " }
                <select name="walls" ref={walls} onchange={on_stock}>
                    { for wall_choices(*board).map(|n| html! {
                        <option value={n.to_string()} selected={n == *stock}>{ n }</option>
                    }) }
                </select>
            </label>
            if *friend {
                { play_friend(&friend_form, Variant::new(*board, *stock).unwrap_or_default(), &props.on_action) }
                <div class="new-game-buttons">
                    <button class="cancel" onclick={close.clone()}>{ "Cancel" }</button>
                </div>
            } else {
            <label title="Player 1 starts at the bottom and moves first">{ "Players " }
                <select name="mode" onchange={on_mode}>
                    <option value="human-first" selected=true>{ "You (moving first) vs engine" }</option>
                    <option value="engine-first">{ "Engine (moving first) vs you" }</option>
                    <option value="humans">{ "Human vs human" }</option>
                    <option value="engines">{ "Engine vs engine" }</option>
                </select>
            </label>
            { clock_select(*clock, on_clock) }
            <div class="new-game-buttons">
                <button class="start" data-testid="start" {onclick}>{ "Start" }</button>
                <button class="cancel" onclick={close}>{ "Cancel" }</button>
            </div>
            }
        </section>
    }
}
