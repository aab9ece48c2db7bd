//! One WebSocket connection to a room: its first frame says who it is
//! (`hello`, with a seat secret for a player), then frames turn into room
//! actions and the room's notices go out to it. Every bad frame gets an
//! error frame; only a wrong `hello` or a take-over closes the connection.
//! A player's connection is pinged right after the snapshot and then every
//! [`PING_EVERY_MS`]; the pongs measure its lag ([`LagMeter`]), which each
//! of its moves carries to the room.

use crate::hub::{now_ms, Hub, LiveRoom, Notice};
use crate::lag::{LagMeter, PING_EVERY_MS};
use crate::protocol::{
    parse_client_frame, ClientFrame, ErrorCode, Refusal, ServerFrame, PROTOCOL_VERSION,
};
use crate::rate::RateLimit;
use crate::room::Action;
use crate::seat::SeatIndex;
use crate::secret::Secret;
use axum::extract::ws::{Message, WebSocket};
use futures_util::{SinkExt, StreamExt};
use std::sync::Arc;
use std::time::{Duration, Instant};
use tokio::sync::broadcast::error::RecvError;
use tokio::time::MissedTickBehavior;

/// How long a new connection has to send its `hello`.
const HELLO_WITHIN: Duration = Duration::from_secs(10);

/// What ends a connection's loop.
enum End {
    /// The client went or the socket failed.
    Gone,
    /// Another connection took the seat over.
    Replaced,
}

fn refusal(code: ErrorCode, message: impl Into<String>) -> ServerFrame {
    ServerFrame::from(Refusal {
        code,
        message: message.into(),
    })
}

async fn send(socket: &mut WebSocket, frame: &ServerFrame) -> bool {
    socket
        .send(Message::Text(frame.to_json().into()))
        .await
        .is_ok()
}

/// Serves `socket`, a connection to `live`, until it closes.
pub async fn serve(hub: Arc<Hub>, live: Arc<LiveRoom>, mut socket: WebSocket) {
    let Some(seat) = hello(&hub, &live, &mut socket).await else {
        let _ = socket.close().await;
        return;
    };
    // Subscribe before the snapshot so that nothing falls between them.
    let mut notices = live.subscribe();
    let conn = match seat {
        Some(seat) => Some(hub.connect(&live, seat).await),
        None => {
            hub.spectate(&live, true).await;
            None
        }
    };
    let snapshot = ServerFrame::State(hub.snapshot(&live, seat).await);
    let end = if send(&mut socket, &snapshot).await {
        session(&hub, &live, &mut socket, &mut notices, seat, conn).await
    } else {
        End::Gone
    };
    if let End::Replaced = end {
        let _ = send(
            &mut socket,
            &refusal(
                ErrorCode::Replaced,
                "this seat was opened in another window or tab; this one is closed",
            ),
        )
        .await;
        let _ = socket.close().await;
    }
    match (seat, conn) {
        (Some(seat), Some(conn)) => hub.disconnect(&live, seat, conn).await,
        _ => hub.spectate(&live, false).await,
    }
}

/// Reads the `hello`: `Some(Some(seat))` for a player, `Some(None)` for a
/// spectator, `None` (after an error frame) to close.
async fn hello(hub: &Hub, live: &LiveRoom, socket: &mut WebSocket) -> Option<Option<SeatIndex>> {
    let first = tokio::time::timeout(HELLO_WITHIN, socket.next()).await;
    let text = match first {
        Ok(Some(Ok(Message::Text(text)))) => text,
        Ok(Some(Ok(_))) => {
            send(
                socket,
                &refusal(
                    ErrorCode::Hello,
                    "the first frame must be a hello text frame",
                ),
            )
            .await;
            return None;
        }
        Err(_) => {
            send(socket, &refusal(ErrorCode::Hello, "no hello in time")).await;
            return None;
        }
        Ok(_) => return None,
    };
    let (protocol, secret) = match parse_client_frame(text.as_str()) {
        Ok(ClientFrame::Hello { protocol, secret }) => (protocol, secret),
        Ok(_) => {
            send(
                socket,
                &refusal(ErrorCode::Hello, "the first frame must be hello"),
            )
            .await;
            return None;
        }
        Err(refused) => {
            send(socket, &refused.into()).await;
            return None;
        }
    };
    if protocol != PROTOCOL_VERSION {
        let message = format!("this server speaks protocol {PROTOCOL_VERSION}, not {protocol}");
        send(socket, &refusal(ErrorCode::Protocol, message)).await;
        return None;
    }
    let Some(secret) = secret else {
        return Some(None);
    };
    let seat = match Secret::parse(&secret) {
        Some(secret) => hub.seat_of(live, &secret.hash()).await,
        None => None,
    };
    if seat.is_none() {
        send(
            socket,
            &refusal(
                ErrorCode::BadSecret,
                "this secret holds no seat of this room",
            ),
        )
        .await;
        return None;
    }
    Some(seat)
}

async fn session(
    hub: &Arc<Hub>,
    live: &Arc<LiveRoom>,
    socket: &mut WebSocket,
    notices: &mut tokio::sync::broadcast::Receiver<Notice>,
    seat: Option<SeatIndex>,
    conn: Option<u64>,
) -> End {
    let mut rate = RateLimit::new(now_ms());
    // Lag is timed on a monotonic clock of the connection's own.
    let start = Instant::now();
    let since_start = || u64::try_from(start.elapsed().as_millis()).unwrap_or(u64::MAX);
    let mut lag = LagMeter::new();
    // The first tick is at once: right after the snapshot.
    let mut pings = tokio::time::interval(Duration::from_millis(PING_EVERY_MS));
    pings.set_missed_tick_behavior(MissedTickBehavior::Delay);
    loop {
        tokio::select! {
            _ = pings.tick(), if seat.is_some() => {
                let payload = lag.ping(since_start());
                if socket.send(Message::Ping(payload.into())).await.is_err() {
                    return End::Gone;
                }
            }
            incoming = socket.next() => {
                let text = match incoming {
                    Some(Ok(Message::Text(text))) => text,
                    Some(Ok(Message::Binary(_))) => {
                        if !send(socket, &refusal(ErrorCode::BadFrame, "frames are JSON text")).await {
                            return End::Gone;
                        }
                        continue;
                    }
                    Some(Ok(Message::Pong(payload))) => {
                        lag.pong(&payload, since_start());
                        continue;
                    }
                    // Answered by the WebSocket itself.
                    Some(Ok(Message::Ping(_))) => continue,
                    Some(Ok(Message::Close(_)) | Err(_)) | None => return End::Gone,
                };
                let answer = if rate.allow(now_ms()) {
                    handle(hub, live, seat, text.as_str(), lag.lag_ms()).await
                } else {
                    Some(refusal(ErrorCode::RateLimited, "too many frames: slow down"))
                };
                if let Some(answer) = answer {
                    if !send(socket, &answer).await {
                        return End::Gone;
                    }
                }
            }
            notice = notices.recv() => {
                let frame = match notice {
                    Ok(Notice::Frame(json)) => json,
                    Ok(Notice::TakeOver { seat: taken, conn: holder }) => {
                        if Some(taken) == seat && Some(holder) != conn {
                            return End::Replaced;
                        }
                        continue;
                    }
                    // Too slow to follow, or the room was read again
                    // after another server changed it: start again from
                    // the whole room.
                    Ok(Notice::Refresh) | Err(RecvError::Lagged(_)) => {
                        ServerFrame::State(hub.snapshot(live, seat).await).to_json().into()
                    }
                    Err(RecvError::Closed) => return End::Gone,
                };
                if socket.send(Message::Text(frame.as_ref().into())).await.is_err() {
                    return End::Gone;
                }
            }
        }
    }
}

/// Handles one frame after the hello, from a connection whose lag is
/// estimated at `lag_ms`: the answer for this connection alone, if any
/// (what changed goes to everyone through the room).
async fn handle(
    hub: &Arc<Hub>,
    live: &Arc<LiveRoom>,
    seat: Option<SeatIndex>,
    text: &str,
    lag_ms: u64,
) -> Option<ServerFrame> {
    let frame = match parse_client_frame(text) {
        Ok(frame) => frame,
        Err(refused) => return Some(refused.into()),
    };
    let action = match frame {
        ClientFrame::Hello { .. } => {
            return Some(refusal(ErrorCode::Hello, "hello comes once, first"));
        }
        ClientFrame::Ping { id } => return Some(ServerFrame::Pong { id }),
        ClientFrame::Move { ply, mv } => match mv.parse() {
            Ok(mv) => Action::Move { ply, mv, lag_ms },
            Err(e) => return Some(refusal(ErrorCode::BadMove, format!("{e}"))),
        },
        ClientFrame::Resign => Action::Resign,
        ClientFrame::Abort => Action::Abort,
        ClientFrame::OfferRematch => Action::OfferRematch,
        ClientFrame::AcceptRematch => Action::AcceptRematch,
        ClientFrame::DeclineRematch => Action::DeclineRematch,
        ClientFrame::ClaimVictory => Action::ClaimVictory,
    };
    hub.act(live, seat, action)
        .await
        .err()
        .map(ServerFrame::from)
}
