//! The live connection of an online game: the page's address (`#play/ROOM`)
//! read at start and kept in step, one WebSocket per room and attempt,
//! hello with this browser's secret, frames in and out, reconnection by
//! itself after a drop (at growing intervals, at once when the network or
//! the tab comes back), a ping to keep quiet games' connections alive, and
//! the move to the rematch's room.

use std::cell::RefCell;
use std::rc::Rc;

use gloo_timers::callback::{Interval, Timeout};
use quoridor_page::online::route::{seat_key, HeldSeat, Route};
use quoridor_page::online::wire::{read_frame, ClientFrame};
use quoridor_page::online::Connection;
use wasm_bindgen::closure::Closure;
use wasm_bindgen::JsCast;
use yew::prelude::*;

use super::api::{join_room, socket_url};
use crate::model::{Action, OnlineEvent};
use crate::reducible::PageState;
use crate::storage::{remember_text, remembered_text};

/// An open socket and the handlers it calls.
struct Socket {
    ws: web_sys::WebSocket,
    _handlers: [Closure<dyn FnMut(web_sys::MessageEvent)>; 2],
    _open: Closure<dyn FnMut()>,
}

impl Drop for Socket {
    fn drop(&mut self) {
        // Closed on purpose: no handler reports it.
        self.ws.set_onopen(None);
        self.ws.set_onmessage(None);
        self.ws.set_onclose(None);
        let _ignored = self.ws.close();
    }
}

/// The seat this browser holds in `room`, if any.
pub fn held_seat(room: &str) -> Option<HeldSeat> {
    remembered_text(&seat_key(room)).and_then(|t| HeldSeat::parse(&t))
}

/// Keeps `held` for `room`.
pub fn keep_seat(room: &str, held: &HeldSeat) {
    remember_text(&seat_key(room), &held.stored());
}

/// The location's hash.
fn location_hash() -> String {
    web_sys::window()
        .and_then(|w| w.location().hash().ok())
        .unwrap_or_default()
}

/// Sets the hash without a history entry (or clears it).
fn set_hash(hash: &str) {
    let Some(window) = web_sys::window() else {
        return;
    };
    let location = window.location();
    let (Ok(path), Ok(search)) = (location.pathname(), location.search()) else {
        return;
    };
    if let Ok(history) = window.history() {
        let url = format!("{path}{search}{hash}");
        let _ignored = history.replace_state_with_url(&wasm_bindgen::JsValue::NULL, "", Some(&url));
    }
}

/// Opens what the address names: takes an invited seat (once), opens a
/// seat this browser holds, or watches.
fn follow_route(route: Route, dispatch: Callback<Action>) {
    let open = move |room: String, held| {
        dispatch.emit(Action::Online(OnlineEvent::Open { room, held }));
        dispatch.clone()
    };
    match route {
        Route::Join { room, code } => {
            if let Some(held) = held_seat(&room) {
                open(room, Some(held));
                return;
            }
            wasm_bindgen_futures::spawn_local(async move {
                match join_room(&room, &code).await {
                    Ok(grant) => {
                        let held = HeldSeat {
                            seat: grant.seat,
                            secret: grant.secret,
                            invite: None,
                        };
                        keep_seat(&room, &held);
                        open(room, Some(held));
                    }
                    Err(why) => {
                        // A used invite still shows the game, to watch.
                        let dispatch = open(room, None);
                        dispatch.emit(Action::Online(OnlineEvent::Failed(
                            why + ": you are watching the game.",
                        )));
                    }
                }
            });
        }
        Route::Play { room } => {
            let held = held_seat(&room);
            open(room, held);
        }
        Route::Watch { room } => {
            open(room, None);
        }
    }
}

/// Opens a WebSocket to `room`, reporting to `dispatch`.
fn open_socket(room: &str, dispatch: &Callback<Action>) -> Option<Socket> {
    let ws = web_sys::WebSocket::new(&socket_url(room)?).ok()?;
    let on_message = {
        let dispatch = dispatch.clone();
        Closure::<dyn FnMut(web_sys::MessageEvent)>::new(move |e: web_sys::MessageEvent| {
            let Some(text) = e.data().as_string() else {
                return;
            };
            dispatch.emit(Action::Online(
                match super::json::Js::parse(&text).and_then(|o| read_frame(&o)) {
                    Ok(frame) => OnlineEvent::Frame(frame),
                    Err(why) => OnlineEvent::Failed(format!(
                        "The server sent a frame the page cannot read: {why}"
                    )),
                },
            ));
        })
    };
    let on_close = {
        let dispatch = dispatch.clone();
        Closure::<dyn FnMut(web_sys::MessageEvent)>::new(move |_| {
            dispatch.emit(Action::Online(OnlineEvent::Lost));
        })
    };
    let on_open = {
        let dispatch = dispatch.clone();
        Closure::<dyn FnMut()>::new(move || dispatch.emit(Action::Online(OnlineEvent::Connected)))
    };
    ws.set_onmessage(Some(on_message.as_ref().unchecked_ref()));
    ws.set_onclose(Some(on_close.as_ref().unchecked_ref()));
    ws.set_onopen(Some(on_open.as_ref().unchecked_ref()));
    Some(Socket {
        ws,
        _handlers: [on_message, on_close],
        _open: on_open,
    })
}

/// Sends `frame` on `socket` if it is open.
fn send(socket: &RefCell<Option<Socket>>, frame: &ClientFrame) -> bool {
    let socket = socket.borrow();
    match socket.as_ref() {
        Some(s) if s.ws.ready_state() == web_sys::WebSocket::OPEN => {
            s.ws.send_with_str(&frame.to_json()).is_ok()
        }
        _ => false,
    }
}

/// Runs the online game's connection for the page.
#[hook]
pub fn use_online(state: &UseReducerHandle<PageState>) {
    let dispatch = {
        let dispatcher = state.dispatcher();
        Callback::from(move |a: Action| dispatcher.dispatch(a))
    };
    let online = state.online.as_ref();
    let room = online.map(|o| o.room.clone());

    // The address at start (an invite opens in a tab of its own).
    {
        let dispatch = dispatch.clone();
        use_effect_with((), move |()| {
            if let Some(route) = Route::parse(&location_hash()) {
                follow_route(route, dispatch);
            }
        });
    }
    // The address follows the game: `#play/ROOM` (or `#watch/ROOM`) while
    // online, nothing once the page leaves it.
    {
        let watching = online.is_some_and(|o| o.held.is_none());
        use_effect_with((room.clone(), watching), |(room, watching)| {
            let hash = match room {
                Some(room) if *watching => Route::Watch { room: room.clone() }.hash(),
                Some(room) => Route::Play { room: room.clone() }.hash(),
                None if Route::parse(&location_hash()).is_some() => String::new(),
                None => return,
            };
            set_hash(&hash);
        });
    }

    let socket: Rc<RefCell<Option<Socket>>> = use_mut_ref(|| None);
    let sent = use_mut_ref(|| 0u64);
    // One socket per room and attempt; none once this seat moved elsewhere.
    {
        let key = (
            room.clone(),
            online.map_or(0, |o| o.epoch),
            online.is_some_and(|o| o.connection == Connection::Replaced),
        );
        let (socket, sent, dispatch) = (socket.clone(), sent.clone(), dispatch.clone());
        let last = online.map_or(0, |o| o.outbox.last);
        use_effect_with(key, move |(room, _, replaced)| {
            // Frames queued before this attempt are not sent again.
            *sent.borrow_mut() = last;
            *socket.borrow_mut() = match room {
                Some(room) if !replaced => open_socket(room, &dispatch),
                _ => None,
            };
            // A ping every 25 s keeps a quiet game's connection alive
            // through proxies.
            let pinged = socket.clone();
            let mut id = 0;
            let interval = Interval::new(25_000, move || {
                id += 1;
                send(&pinged, &ClientFrame::Ping { id });
            });
            move || {
                drop(interval);
                *socket.borrow_mut() = None;
            }
        });
    }
    // Send what is queued, once each.
    {
        let (socket, sent) = (socket.clone(), sent.clone());
        let outbox = online.map(|o| o.outbox.clone());
        use_effect_with(outbox, move |outbox| {
            if let Some(outbox) = outbox {
                let already = *sent.borrow();
                for (n, frame) in outbox.after(already) {
                    if !send(&socket, frame) {
                        break;
                    }
                    *sent.borrow_mut() = *n;
                }
            }
        });
    }
    // After a drop: again at 0.5, 1, 2, 4, then every 8 s, and at once
    // when the network or the tab comes back.
    {
        let attempts = use_mut_ref(|| 0u32);
        let lost = online.is_some_and(|o| o.connection == Connection::Lost);
        let open = online.is_some_and(|o| o.connection == Connection::Open);
        if open {
            *attempts.borrow_mut() = 0;
        }
        let dispatch = dispatch.clone();
        use_effect_with((lost, online.map_or(0, |o| o.epoch)), move |&(lost, _)| {
            let mut timer = None;
            let mut listener = None;
            let window = web_sys::window();
            if lost {
                let n = std::mem::replace(&mut *attempts.borrow_mut(), 0) + 1;
                *attempts.borrow_mut() = n;
                let wait = 500u32.saturating_mul(1 << (n - 1).min(4)).min(8000);
                let again = dispatch.clone();
                timer = Some(Timeout::new(wait, move || {
                    again.emit(Action::Online(OnlineEvent::Reconnect));
                }));
                let now = Closure::<dyn Fn()>::new(move || {
                    dispatch.emit(Action::Online(OnlineEvent::Reconnect));
                });
                if let Some(w) = &window {
                    let _ignored =
                        w.add_event_listener_with_callback("online", now.as_ref().unchecked_ref());
                    if let Some(d) = w.document() {
                        let _ignored = d.add_event_listener_with_callback(
                            "visibilitychange",
                            now.as_ref().unchecked_ref(),
                        );
                    }
                }
                listener = Some(now);
            }
            move || {
                drop(timer);
                if let (Some(w), Some(now)) = (window, listener) {
                    let _ignored = w.remove_event_listener_with_callback(
                        "online",
                        now.as_ref().unchecked_ref(),
                    );
                    if let Some(d) = w.document() {
                        let _ignored = d.remove_event_listener_with_callback(
                            "visibilitychange",
                            now.as_ref().unchecked_ref(),
                        );
                    }
                }
            }
        });
    }
    // An agreed rematch: both players move to its room, colours swapped.
    {
        let next = online.and_then(|o| o.rematch_room.clone().filter(|r| *r != o.room));
        let held = online.and_then(|o| o.held.clone());
        use_effect_with(next, move |next| {
            if let Some(room) = next {
                let held = held.map(|h| HeldSeat {
                    seat: 3 - h.seat,
                    secret: h.secret,
                    invite: None,
                });
                if let Some(held) = &held {
                    keep_seat(room, held);
                }
                dispatch.emit(Action::Online(OnlineEvent::Open {
                    room: room.clone(),
                    held,
                }));
            }
        });
    }
}
