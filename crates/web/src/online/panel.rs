//! An online game on the page under the board (the clocks above it are
//! [`crate::clocks`]): the game's line, the invite or watch link, presence, abort, the claim of
//! a game an opponent left, the rematch offers and the result
//! ([`OnlinePanel`]).

use gloo_timers::callback::Interval;
use quoridor_page::online::clock::control_words;
use quoridor_page::online::wire::{ClientFrame, RoomStatus};
use quoridor_page::online::{Connection, OnlineGame};
use quoridor_rules::Player;
use yew::prelude::*;

use crate::copy_field::copy_field;
use crate::model::{Action, OnlineEvent};
use crate::storage::page_address;

/// Re-renders every `ms` while `on`.
#[hook]
pub fn use_ticking(on: bool, ms: u32) {
    let update = use_force_update();
    use_effect_with(on, move |&on| {
        let interval = on.then(|| Interval::new(ms, move || update.force_update()));
        move || drop(interval)
    });
}

#[derive(Properties, PartialEq)]
pub struct PanelProps {
    /// The game.
    pub online: OnlineGame,
    /// Moves played.
    pub moves: usize,
    /// The side to move.
    pub turn: Player,
    /// Actions for the reducer.
    pub on_action: Callback<Action>,
}

/// The online game's line, links and answers.
#[function_component(OnlinePanel)]
pub fn online_panel(props: &PanelProps) -> Html {
    let online = &props.online;
    let send = |frame: ClientFrame| {
        props
            .on_action
            .reform(move |_: MouseEvent| Action::Online(OnlineEvent::Send(frame.clone())))
    };
    let opponent = online.you.map(Player::other);
    let opponent_away = opponent.is_some_and(|p| {
        online.taken[p.index()] && !online.here[p.index()] && online.result.is_none()
    });
    use_ticking(opponent_away, 1000);
    let now = js_sys::Date::now();
    let server_now = online.server_now(now);

    let line = match (online.connection, online.you) {
        (Connection::Replaced, _) => "This game is now open in another tab or device.".to_string(),
        (Connection::Lost, _) => "Connection lost: reconnecting…".to_string(),
        (Connection::Connecting, _) => "Connecting to the game…".to_string(),
        (Connection::Open, None) => format!("Watching · {}", control_words(&online.control)),
        (Connection::Open, Some(you)) => {
            format!(
                "Online game · {} · you play {you}",
                control_words(&online.control)
            )
        }
    };
    let watchers = match online.spectators {
        0 => String::new(),
        1 => " · 1 watching".to_string(),
        n => format!(" · {n} watching"),
    };
    let waiting = online.status == RoomStatus::Waiting && online.taken != [true; 2];
    let invite = online
        .held
        .as_ref()
        .and_then(|h| h.invite.as_ref())
        .filter(|_| waiting)
        .map(|code| format!("{}#join/{}/{code}", page_address(), online.room));
    let watch_link = format!("{}#watch/{}", page_address(), online.room);
    let may_abort = online.you.is_some()
        && online.result.is_none()
        && !online.both_moved(props.moves)
        && online.connection == Connection::Open;
    // The opponent to move has been away long enough: the game may be claimed.
    let claim = opponent
        .filter(|&p| opponent_away && props.turn == p && online.both_moved(props.moves))
        .and_then(|p| online.claim_from_ms(p));
    let offers = online.rematch_offers;
    // Offer, or accept the other's offer: the reducer picks which.
    let rematch = props.on_action.reform(|_: MouseEvent| Action::Rematch);
    let over = online.result.is_some();
    html! {
        <section class="online-panel" data-testid="online-panel" aria-label="Online game">
            <p class="online-line" data-testid="online-status">
                { line }{ watchers }
            </p>
            if online.connection == Connection::Replaced {
                <button data-testid="take-over" onclick={props.on_action.reform(|_: MouseEvent| Action::Online(OnlineEvent::Reconnect))}>
                    { "Play here" }
                </button>
            }
            if let Some(url) = invite {
                <p class="invite">
                    { "Send this link to your friend: it takes the other seat, once. The game starts when they join." }
                    <br />
                    { copy_field(url, "invite-link", "invite link", &props.on_action) }
                </p>
            }
            if let Some(text) = online.result_text() {
                <p class="online-result" data-testid="online-result">{ text }</p>
            }
            if opponent_away {
                <p class="opponent-away" data-testid="opponent-away">
                    { "Your opponent left the game." }
                    if let Some(from) = claim {
                        if server_now >= from {
                            { " " }
                            <button data-testid="claim-victory" onclick={send(ClientFrame::ClaimVictory)}>
                                { "Claim victory" }
                            </button>
                        } else {
                            { format!(" If they are not back in {} s, you may claim victory.", (from - server_now).div_ceil(1000)) }
                        }
                    }
                </p>
            }
            <div class="online-buttons">
                if may_abort {
                    <button data-testid="abort" title="End the game with no result (before both have moved)"
                        onclick={send(ClientFrame::Abort)}>{ "✕ Abort" }</button>
                }
                if over && online.you.is_some() && online.rematch_room.is_none() {
                    if let Some(you) = online.you {
                        if offers[you.other().index()] {
                            <span data-testid="rematch-offered">{ "Your opponent offers a rematch. " }</span>
                            <button data-testid="accept-rematch" onclick={rematch.clone()}>{ "Accept" }</button>
                            <button data-testid="decline-rematch" onclick={send(ClientFrame::DeclineRematch)}>{ "Decline" }</button>
                        } else if offers[you.index()] {
                            <span data-testid="rematch-waiting">{ "Rematch offered: waiting for your opponent. " }</span>
                            <button data-testid="decline-rematch" onclick={send(ClientFrame::DeclineRematch)}>{ "Cancel" }</button>
                        } else {
                            <button data-testid="offer-rematch" onclick={rematch}>{ "↻ Offer a rematch" }</button>
                        }
                    }
                }
            </div>
            <p class="watch-link">
                { "Anyone may watch: " }
                { copy_field(watch_link, "watch-link", "watch link", &props.on_action) }
            </p>
        </section>
    }
}
