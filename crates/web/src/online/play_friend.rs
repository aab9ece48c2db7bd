//! New game's "Play a friend" form: time control and colour (the board and
//! walls are the dialog's), then "Create invite link", which makes a room on
//! our server and opens it; the page then shows the invite to send. A page
//! served without our server says so and offers play by link instead.

use quoridor_page::online::clock::{DEFAULT_CONTROL, TIME_CONTROLS};
use quoridor_page::online::route::HeldSeat;
use quoridor_rules::Variant;
use web_sys::HtmlSelectElement;
use yew::prelude::*;

use super::api::{create_room, server_here};
use super::connection::keep_seat;
use crate::model::{Action, OnlineEvent};

/// The form's state, kept by the dialog (a hook, not a component of its
/// own: each component adds to the page's download).
pub struct FriendForm {
    control: UseStateHandle<String>,
    colour: UseStateHandle<String>,
    /// Whether our server answers beside the page (asked when the form opens).
    server: UseStateHandle<Option<bool>>,
    busy: UseStateHandle<bool>,
    error: UseStateHandle<Option<String>>,
}

/// The form's state; the server is asked for once `open`.
#[hook]
pub fn use_friend_form(open: bool) -> FriendForm {
    let form = FriendForm {
        control: use_state(|| DEFAULT_CONTROL.to_string()),
        colour: use_state(|| "random".to_string()),
        server: use_state(|| None::<bool>),
        busy: use_state(|| false),
        error: use_state(|| None::<String>),
    };
    let server = form.server.clone();
    use_effect_with(open, move |&open| {
        if open && server.is_none() {
            wasm_bindgen_futures::spawn_local(async move { server.set(Some(server_here().await)) });
        }
    });
    form
}

/// The `<option>`s of the time controls, `chosen` selected; only those
/// with a clock of minutes for a game on this device (`local`).
pub fn control_options(chosen: &str, local: bool) -> Html {
    html! {
        { for TIME_CONTROLS.iter().filter(|(value, _)| !local || value.contains('+')).map(|(value, label)| html! {
            <option value={*value} selected={*value == chosen}>{ *label }</option>
        }) }
    }
}

/// The form for `variant` (the dialog's board and walls).
pub fn play_friend(form: &FriendForm, variant: Variant, on_action: &Callback<Action>) -> Html {
    let FriendForm {
        control,
        colour,
        server,
        busy,
        error,
    } = form;
    let select = |state: &UseStateHandle<String>| {
        let state = state.clone();
        Callback::from(move |e: Event| {
            if let Some(s) = e.target_dyn_into::<HtmlSelectElement>() {
                state.set(s.value());
            }
        })
    };
    let create = {
        let (control, colour, busy, error) =
            (control.clone(), colour.clone(), busy.clone(), error.clone());
        let on_action = on_action.clone();
        Callback::from(move |_: MouseEvent| {
            busy.set(true);
            error.set(None);
            let (control, colour, busy, error, on_action) = (
                (*control).clone(),
                (*colour).clone(),
                busy.clone(),
                error.clone(),
                on_action.clone(),
            );
            wasm_bindgen_futures::spawn_local(async move {
                match create_room(variant.size(), variant.walls(), &control, &colour).await {
                    Ok(grant) => {
                        let held = HeldSeat {
                            seat: grant.seat,
                            secret: grant.secret,
                            invite: grant.invite,
                        };
                        keep_seat(&grant.room, &held);
                        on_action.emit(Action::Online(OnlineEvent::Open {
                            room: grant.room,
                            held: Some(held),
                        }));
                    }
                    Err(why) => error.set(Some(format!("The game could not be made: {why}"))),
                }
                busy.set(false);
            });
        })
    };
    let by_link = on_action.reform(move |_: MouseEvent| Action::PlayByLink(variant));
    html! {
        <div class="play-friend-form" data-testid="play-friend-form">
            if **server == Some(false) {
                <p class="no-server" data-testid="no-server">
                    { "Live games need the Quoridor server beside the page (" }<code>{ "quoridor serve" }</code>
                    { "), and this copy of the page is served without it. Play by link instead: each move makes a link to send to your friend, which opens the game for them to answer." }
                </p>
                <div class="new-game-buttons">
                    <button class="start" data-testid="play-by-link" onclick={by_link}>{ "Play by link" }</button>
                </div>
            } else {
                <label title="Minutes each + seconds added after every move, as on lichess">{ "Time control " }
                    <select name="time_control" onchange={select(control)}>
                        { control_options(control, false) }
                    </select>
                </label>
                <label title="Player 1 starts at the bottom and moves first">{ "You play " }
                    <select name="colour" onchange={select(colour)}>
                        <option value="random" selected={**colour == "random"}>{ "Random" }</option>
                        <option value="first" selected={**colour == "first"}>{ "Player 1 (moving first)" }</option>
                        <option value="second" selected={**colour == "second"}>{ "Player 2" }</option>
                    </select>
                </label>
                if let Some(why) = &**error {
                    <p class="friend-error" data-testid="friend-error" role="alert">{ why }</p>
                }
                <div class="new-game-buttons">
                    <button class="start" data-testid="create-invite" disabled={**busy || server.is_none()} onclick={create}>
                        { if server.is_none() { "Checking the server…" } else if **busy { "Creating…" } else { "Create invite link" } }
                    </button>
                </div>
            }
        </div>
    }
}
