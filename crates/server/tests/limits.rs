//! The limits per client address and the unloading of rooms, over real
//! sockets on 127.0.0.1 with a temporary SQLite file: room creations and
//! joins past an address's share answer 429 with `Retry-After`, a trusted
//! proxy's `X-Forwarded-For` gives each client its own share (an untrusted
//! one changes nothing), WebSockets past an address's share are refused
//! before the upgrade, and a finished room leaves memory and comes back
//! the same. Counts and outcomes only: the refill is an hour long, so no
//! token comes back during a test, and the sweep is called by the test.

mod common;

use common::{api, connect, http, next, send, Ws, PATIENCE};
use futures_util::{SinkExt, StreamExt};
use quoridor_server::{start, IpLimits, RoomId, Running, ServerConfig, Unload};
use serde_json::{json, Value};
use std::net::SocketAddr;
use std::path::Path;
use std::time::Duration;
use tokio_tungstenite::connect_async;
use tokio_tungstenite::tungstenite::{Error as WsError, Message};

/// An hour: no token comes back, no sweep runs by itself, during a test.
const AN_HOUR: Duration = Duration::from_secs(3_600);

/// A server with `requests` creations and joins per address (never
/// refilled during the test) and `websockets` open per address.
async fn server(db: &Path, requests: u32, websockets: u32, trust_proxy: bool) -> Running {
    let mut config = ServerConfig::new(0, db.to_path_buf());
    config.limits = IpLimits {
        requests_burst: requests,
        request_refill_ms: 3_600_000,
        websockets,
    };
    config.trust_proxy = trust_proxy;
    config.sweep_every = AN_HOUR;
    start(config).await.expect("the server starts")
}

/// `POST /api/rooms` with extra header lines; the status, the lowercase
/// head and the JSON answer.
async fn create(addr: SocketAddr, extra: &str) -> (u16, String, Value) {
    let (status, head, body) = http(addr, "POST", "/api/rooms", Some(json!({})), extra).await;
    (status, head, serde_json::from_slice(&body).expect("JSON"))
}

/// The seconds of a `retry-after` header in a lowercase head.
fn retry_after(head: &str) -> Option<u64> {
    head.lines()
        .find_map(|line| line.strip_prefix("retry-after: "))
        .and_then(|value| value.trim().parse().ok())
}

#[tokio::test]
async fn room_creations_and_joins_past_an_addresss_share_get_429_with_retry_after() {
    let dir = tempfile::tempdir().unwrap();
    let running = server(&dir.path().join("rooms.db"), 3, 0, false).await;
    let addr = running.addr;
    let (status, _, made) = create(addr, "").await;
    assert_eq!(status, 201, "{made}");
    let (status, _, other) = create(addr, "").await;
    assert_eq!(status, 201, "{other}");
    let id = made["room"].as_str().unwrap();
    let join = format!("/api/rooms/{id}/join");
    let code = json!({ "invite": made["invite"]["code"] });
    let (status, joined) = api(addr, "POST", &join, Some(code.clone())).await;
    assert_eq!(status, 200, "{joined}");
    // The share (3) is spent: a creation, a join and a bad join are
    // refused, each with a JSON failure and Retry-After.
    let (status, head, refused) = create(addr, "").await;
    assert_eq!(status, 429, "{refused}");
    assert_eq!(refused["ok"], false);
    assert!(refused["error"].as_str().unwrap().contains("too many"));
    let seconds = retry_after(&head).expect("a Retry-After header");
    assert!((1..=3_600).contains(&seconds), "{seconds}");
    let other_join = format!("/api/rooms/{}/join", other["room"].as_str().unwrap());
    let other_code = json!({ "invite": other["invite"]["code"] });
    let (status, refused) = api(addr, "POST", &other_join, Some(other_code)).await;
    assert_eq!((status, &refused["ok"]), (429, &json!(false)), "{refused}");
    // Not trusted, X-Forwarded-For changes nothing.
    let (status, _, _) = create(addr, "X-Forwarded-For: 198.51.100.1\r\n").await;
    assert_eq!(status, 429);
    // Reading has a bucket of its own, ten times as large.
    let (status, _) = api(addr, "GET", &format!("/api/rooms/{id}"), None).await;
    assert_eq!(status, 200);
    let (status, _) = api(addr, "GET", "/api/health", None).await;
    assert_eq!(status, 200);
    running.stop().await.unwrap();
}

#[tokio::test]
async fn behind_a_trusted_proxy_each_forwarded_address_has_its_own_share() {
    let dir = tempfile::tempdir().unwrap();
    let running = server(&dir.path().join("rooms.db"), 1, 0, true).await;
    let addr = running.addr;
    let from = |ips: &str| format!("X-Forwarded-For: {ips}\r\n");
    assert_eq!(create(addr, &from("198.51.100.1")).await.0, 201);
    assert_eq!(create(addr, &from("198.51.100.1")).await.0, 429);
    assert_eq!(create(addr, &from("198.51.100.2")).await.0, 201);
    // The proxy's address is the last one: what a client writes before it
    // does not move it to another share.
    assert_eq!(
        create(addr, &from("198.51.100.9, 198.51.100.1")).await.0,
        429
    );
    assert_eq!(
        create(addr, &from("198.51.100.1, 198.51.100.3")).await.0,
        201
    );
    // No header: the peer's own share (127.0.0.1).
    assert_eq!(create(addr, "").await.0, 201);
    assert_eq!(create(addr, "").await.0, 429);
    running.stop().await.unwrap();
}

/// Opens a spectator's WebSocket to `id` (the hello answered).
async fn watch(addr: SocketAddr, id: &str) -> Ws {
    let mut ws = connect(addr, id).await;
    send(&mut ws, json!({ "type": "hello", "protocol": 1 })).await;
    assert_eq!(next(&mut ws).await["type"], "state");
    ws
}

/// The HTTP status that refused a WebSocket to `id`, if it was refused.
async fn refused_status(addr: SocketAddr, id: &str) -> Option<u16> {
    match connect_async(format!("ws://{addr}/ws/{id}")).await {
        Ok(_) => None,
        Err(WsError::Http(response)) => Some(response.status().as_u16()),
        Err(e) => panic!("{e}"),
    }
}

#[tokio::test]
async fn websockets_past_an_addresss_share_are_refused_before_the_upgrade() {
    let dir = tempfile::tempdir().unwrap();
    let running = server(&dir.path().join("rooms.db"), 0, 2, false).await;
    let addr = running.addr;
    let (_, _, made) = create(addr, "").await;
    let id = made["room"].as_str().unwrap().to_string();
    let mut first = watch(addr, &id).await;
    let _second = watch(addr, &id).await;
    assert_eq!(refused_status(addr, &id).await, Some(429));
    // Refused before the room is looked for: no such room is 429 too.
    assert_eq!(refused_status(addr, "aaaaaaaaaaaa").await, Some(429));
    // One closes: its place is free once the server has seen it go.
    first.send(Message::Close(None)).await.unwrap();
    while let Ok(Some(Ok(_))) = tokio::time::timeout(PATIENCE, first.next()).await {}
    let mut tries = 0;
    let third = loop {
        match connect_async(format!("ws://{addr}/ws/{id}")).await {
            Ok((ws, _)) => break ws,
            Err(WsError::Http(response)) if tries < 100 => {
                assert_eq!(response.status().as_u16(), 429);
                tries += 1;
                tokio::time::sleep(Duration::from_millis(50)).await;
            }
            Err(e) => panic!("the freed place: {e}"),
        }
    };
    drop(third);
    running.kill();
}

#[tokio::test]
async fn a_finished_room_leaves_memory_and_a_player_comes_back_to_the_same_game() {
    let dir = tempfile::tempdir().unwrap();
    let running = server(&dir.path().join("rooms.db"), 0, 0, false).await;
    let addr = running.addr;
    let body = json!({ "colour": "first" });
    let (_, made) = api(addr, "POST", "/api/rooms", Some(body)).await;
    let id = made["room"].as_str().unwrap().to_string();
    let room_id = RoomId::parse(&id).unwrap();
    let join = format!("/api/rooms/{id}/join");
    let (_, joined) = api(
        addr,
        "POST",
        &join,
        Some(json!({ "invite": made["invite"]["code"] })),
    )
    .await;
    let secrets = [made["secret"].clone(), joined["secret"].clone()];
    let mut players = Vec::new();
    for secret in &secrets {
        let mut ws = connect(addr, &id).await;
        send(
            &mut ws,
            json!({ "type": "hello", "protocol": 1, "secret": secret }),
        )
        .await;
        assert_eq!(next(&mut ws).await["type"], "state");
        players.push(ws);
    }
    for (ply, mv) in [(0, "e2"), (1, "e8")] {
        send(
            &mut players[ply],
            json!({ "type": "move", "ply": ply, "move": mv }),
        )
        .await;
        // The other player's own earlier move is a `moved` frame too: wait
        // for this one, so that the resignation comes after both moves.
        while wait_for(&mut players[1 - ply], "moved").await["ply"] != ply {}
    }
    send(&mut players[0], json!({ "type": "resign" })).await;
    let ended = wait_for(&mut players[1], "ended").await;
    assert_eq!(ended["result"]["reason"], "resignation");
    let finished = Unload {
        finished_after: Duration::ZERO,
        idle_after: AN_HOUR,
    };
    // Connected: not unloaded.
    assert_eq!(running.hub().sweep(finished).await, 0);
    assert!(running.hub().holds(&room_id).await);
    let (_, health) = api(addr, "GET", "/api/health", None).await;
    assert_eq!(health["rooms_in_memory"], 1, "{health}");
    for mut ws in players {
        ws.send(Message::Close(None)).await.unwrap();
        while let Ok(Some(Ok(_))) = tokio::time::timeout(PATIENCE, ws.next()).await {}
    }
    // Once the server has seen both go, the room leaves memory.
    let mut tries = 0;
    while running.hub().holds(&room_id).await {
        running.hub().sweep(finished).await;
        tries += 1;
        assert!(tries < 200, "the room was never unloaded");
        tokio::time::sleep(Duration::from_millis(25)).await;
    }
    assert_eq!(running.hub().rooms_held().await, 0);
    let (_, health) = api(addr, "GET", "/api/health", None).await;
    assert_eq!(health["rooms_in_memory"], 0, "{health}");
    // A player comes back: the same game, read from the database.
    let mut ws = connect(addr, &id).await;
    send(
        &mut ws,
        json!({ "type": "hello", "protocol": 1, "secret": secrets[1] }),
    )
    .await;
    let state = next(&mut ws).await;
    assert_eq!(state["type"], "state", "{state}");
    assert_eq!(state["status"], "over");
    assert_eq!(state["moves"], json!(["e2", "e8"]));
    assert_eq!(state["result"]["reason"], "resignation");
    assert_eq!(state["you"], joined["seat"]);
    assert!(running.hub().holds(&room_id).await);
    drop(ws);
    running.kill();
}

/// The next frame of type `kind`, whatever comes before it.
async fn wait_for(ws: &mut Ws, kind: &str) -> Value {
    loop {
        let frame = next(ws).await;
        if frame["type"] == kind {
            return frame;
        }
    }
}

#[tokio::test]
async fn room_reads_past_an_addresss_share_get_429_with_retry_after() {
    let dir = tempfile::tempdir().unwrap();
    // One write and so ten reads per address; a missing room counts too
    // (it may cost a database read).
    let running = server(&dir.path().join("rooms.db"), 1, 0, false).await;
    let addr = running.addr;
    let (status, _, made) = create(addr, "").await;
    assert_eq!(status, 201, "{made}");
    let read = format!("/api/rooms/{}", made["room"].as_str().unwrap());
    for _ in 0..9 {
        assert_eq!(api(addr, "GET", &read, None).await.0, 200);
    }
    assert_eq!(
        api(addr, "GET", "/api/rooms/AAAAAAAAAAAA", None).await.0,
        404
    );
    let (status, head, body) = http(addr, "GET", &read, None, "").await;
    assert_eq!(status, 429, "{}", String::from_utf8_lossy(&body));
    assert!(retry_after(&head).is_some_and(|s| (1..=3_600).contains(&s)));
    let refused: Value = serde_json::from_slice(&body).expect("JSON");
    assert!(refused["error"]
        .as_str()
        .unwrap()
        .contains("too many rooms read"));
    // The health check is never limited.
    assert_eq!(api(addr, "GET", "/api/health", None).await.0, 200);
    running.stop().await.unwrap();
}
