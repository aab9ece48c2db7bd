//! The server over real sockets on 127.0.0.1 with a temporary SQLite file:
//! rooms made and joined over HTTP, two players and a spectator over
//! WebSocket, the referee's refusals, a take-over, the Origin check, the
//! static files, a restart on the same database, and the lag a slow
//! player's late pongs show given back to their clock. The tests assert
//! what is said and stored, never how long anything takes (the timeouts
//! only keep a broken server from hanging the suite; the slow player's
//! delays are lower bounds the server's measures must respect).

mod common;

use common::{api, connect, http, next, send, Ws, PATIENCE};
use futures_util::{SinkExt, StreamExt};
use quoridor_server::clock::{LAG_QUOTA_GAIN_MS, LAG_QUOTA_START_MS};
use quoridor_server::{start, Running, ServerConfig};
use serde_json::{json, Value};
use std::net::SocketAddr;
use std::path::{Path, PathBuf};
use std::time::Duration;
use tokio_tungstenite::connect_async;
use tokio_tungstenite::tungstenite::client::IntoClientRequest;
use tokio_tungstenite::tungstenite::Message;

async fn server(db: &Path, dist: Option<PathBuf>) -> Running {
    let mut config = ServerConfig::new(0, db.to_path_buf());
    config.dist = dist;
    start(config).await.expect("the server starts")
}

/// A room made by player 1 and joined by player 2: its id and both secrets.
async fn room(addr: SocketAddr, control: &str) -> (String, String, String) {
    let (status, made) = api(
        addr,
        "POST",
        "/api/rooms",
        Some(json!({ "control": control, "colour": "first" })),
    )
    .await;
    assert_eq!(status, 201, "{made}");
    assert_eq!(made["seat"], 1);
    let id = made["room"].as_str().unwrap().to_string();
    let code = made["invite"]["code"].as_str().unwrap().to_string();
    assert!(made["invite"]["url"]
        .as_str()
        .unwrap()
        .ends_with(&format!("#join/{id}/{code}")));
    let path = format!("/api/rooms/{id}/join");
    let (status, joined) = api(addr, "POST", &path, Some(json!({ "invite": code }))).await;
    assert_eq!(status, 200, "{joined}");
    assert_eq!(joined["seat"], 2);
    // The invite is used up.
    let (status, again) = api(addr, "POST", &path, Some(json!({ "invite": code }))).await;
    assert_eq!(status, 409, "{again}");
    let secret = |v: &Value| v["secret"].as_str().unwrap().to_string();
    (id, secret(&made), secret(&joined))
}

/// The next frame of type `kind`, skipping presence and spectator counts.
async fn expect(ws: &mut Ws, kind: &str) -> Value {
    loop {
        let frame = next(ws).await;
        if frame["type"] == kind {
            return frame;
        }
        let skip = ["presence", "spectators", "seat_taken"];
        assert!(
            skip.contains(&frame["type"].as_str().unwrap()),
            "wanted {kind}, got {frame}"
        );
    }
}

/// The next frame of type `kind`, whatever comes before it.
async fn find(ws: &mut Ws, kind: &str) -> Value {
    loop {
        let frame = next(ws).await;
        if frame["type"] == kind {
            return frame;
        }
    }
}

/// Connects with `hello`; the state snapshot.
async fn hello(ws: &mut Ws, secret: Option<&str>) -> Value {
    let mut frame = json!({ "type": "hello", "protocol": 1 });
    if let Some(secret) = secret {
        frame["secret"] = json!(secret);
    }
    send(ws, frame).await;
    expect(ws, "state").await
}

async fn play(ws: &mut Ws, ply: usize, mv: &str) {
    send(ws, json!({ "type": "move", "ply": ply, "move": mv })).await;
}

async fn refused(ws: &mut Ws, code: &str) {
    let frame = expect(ws, "error").await;
    assert_eq!(frame["code"], code, "{frame}");
    assert!(!frame["message"].as_str().unwrap().is_empty());
}

#[tokio::test]
async fn two_players_play_the_server_referees_and_a_restart_restores_the_room() {
    let dir = tempfile::tempdir().unwrap();
    let db = dir.path().join("rooms.db");
    let first = server(&db, None).await;
    let addr = first.addr;
    let (status, health) = api(addr, "GET", "/api/health", None).await;
    assert_eq!((status, &health["ok"]), (200, &json!(true)));

    let (id, one, two) = room(addr, "3+2").await;
    let mut p1 = connect(addr, &id).await;
    let mut p2 = connect(addr, &id).await;
    let mut watcher = connect(addr, &id).await;
    assert_eq!(hello(&mut p1, Some(&one)).await["you"], 1);
    let state = hello(&mut p2, Some(&two)).await;
    assert_eq!(
        (&state["you"], &state["status"]),
        (&json!(2), &json!("playing"))
    );
    let state = hello(&mut watcher, None).await;
    assert_eq!(state["you"], Value::Null);
    assert_eq!(expect(&mut p1, "spectators").await["count"], 1);

    play(&mut p1, 0, "e2").await;
    for ws in [&mut p1, &mut p2, &mut watcher] {
        let moved = expect(ws, "moved").await;
        assert_eq!(
            (&moved["move"], &moved["seat"], &moved["ply"]),
            (&json!("e2"), &json!(1), &json!(0))
        );
    }
    // Out of turn, illegal, not notation, a spectator's, stale, malformed:
    // each refused with a clear error frame, and the game unchanged.
    play(&mut p1, 1, "e3").await;
    refused(&mut p1, "not_your_turn").await;
    play(&mut p2, 1, "e5").await;
    refused(&mut p2, "illegal").await;
    play(&mut p2, 1, "zz").await;
    refused(&mut p2, "bad_move").await;
    play(&mut watcher, 1, "e8").await;
    refused(&mut watcher, "spectator").await;
    play(&mut p2, 0, "e8").await;
    refused(&mut p2, "stale_ply").await;
    p2.send(Message::Text("{".into())).await.unwrap();
    refused(&mut p2, "bad_frame").await;
    p2.send(Message::Binary(vec![1, 2, 3].into()))
        .await
        .unwrap();
    refused(&mut p2, "bad_frame").await;
    send(&mut p2, json!({ "type": "ping", "id": 7 })).await;
    assert_eq!(expect(&mut p2, "pong").await["id"], 7);
    let (_, public) = api(addr, "GET", &format!("/api/rooms/{id}"), None).await;
    assert_eq!(public["moves"], json!(["e2"]));

    play(&mut p2, 1, "e8").await;
    play(&mut p1, 2, "e3").await;
    for ws in [&mut p1, &mut p2, &mut watcher] {
        expect(ws, "moved").await;
        let moved = expect(ws, "moved").await;
        assert_eq!(moved["move"], "e3");
        assert_eq!(moved["clock"]["running"], 1, "{moved}");
    }
    let (_, before) = api(addr, "GET", &format!("/api/rooms/{id}"), None).await;
    assert_eq!(before["moves"], json!(["e2", "e8", "e3"]));

    // As a crash: no goodbye, the next server opens the same file.
    drop((p1, p2, watcher));
    first.kill();
    let second = server(&db, None).await;
    let addr = second.addr;
    let (status, after) = api(addr, "GET", &format!("/api/rooms/{id}"), None).await;
    assert_eq!(status, 200);
    for field in [
        "moves",
        "stamps_ms",
        "status",
        "turn",
        "control",
        "size",
        "walls",
        "result",
    ] {
        assert_eq!(after[field], before[field], "{field}");
    }
    // Player 1's clock is stopped: it reads the same.
    assert_eq!(
        after["clock"]["remaining_ms"][0],
        before["clock"]["remaining_ms"][0]
    );
    assert_eq!(after["clock"]["running"], 1);

    // Player 2 comes back to their seat with their secret and plays on.
    let mut p2 = connect(addr, &id).await;
    let state = hello(&mut p2, Some(&two)).await;
    assert_eq!(
        (&state["you"], &state["moves"]),
        (&json!(2), &before["moves"])
    );
    play(&mut p2, 3, "e7").await;
    assert_eq!(expect(&mut p2, "moved").await["move"], "e7");
    send(&mut p2, json!({ "type": "resign" })).await;
    let ended = expect(&mut p2, "ended").await;
    assert_eq!(ended["result"]["winner"], 1);
    assert_eq!(ended["result"]["reason"], "resignation");
    second.stop().await.unwrap();
}

#[tokio::test]
async fn a_second_connection_of_a_seat_takes_it_over() {
    let dir = tempfile::tempdir().unwrap();
    let running = server(&dir.path().join("rooms.db"), None).await;
    let (id, one, _) = room(running.addr, "unlimited").await;
    let mut old = connect(running.addr, &id).await;
    hello(&mut old, Some(&one)).await;
    let mut new = connect(running.addr, &id).await;
    hello(&mut new, Some(&one)).await;
    refused(&mut old, "replaced").await;
    // The old connection is closed; the new one plays.
    let closed = tokio::time::timeout(PATIENCE, async {
        while let Some(Ok(message)) = old.next().await {
            if let Message::Close(_) = message {
                break;
            }
        }
    })
    .await;
    assert!(closed.is_ok());
    play(&mut new, 0, "e2").await;
    assert_eq!(expect(&mut new, "moved").await["move"], "e2");
}

#[tokio::test]
async fn a_wrong_secret_or_protocol_gets_an_error_and_the_door() {
    let dir = tempfile::tempdir().unwrap();
    let running = server(&dir.path().join("rooms.db"), None).await;
    let (id, _, _) = room(running.addr, "5+3").await;
    let mut ws = connect(running.addr, &id).await;
    send(
        &mut ws,
        json!({ "type": "hello", "protocol": 1, "secret": "0".repeat(32) }),
    )
    .await;
    refused(&mut ws, "bad_secret").await;
    let mut ws = connect(running.addr, &id).await;
    send(&mut ws, json!({ "type": "hello", "protocol": 99 })).await;
    refused(&mut ws, "protocol").await;
    let mut ws = connect(running.addr, &id).await;
    send(&mut ws, json!({ "type": "resign" })).await;
    refused(&mut ws, "hello").await;
    // Unknown and malformed rooms.
    let (status, _) = api(running.addr, "GET", "/api/rooms/AAAAAAAAAAAA", None).await;
    assert_eq!(status, 404);
    let (status, _) = api(running.addr, "GET", "/api/rooms/..%2F..", None).await;
    assert_eq!(status, 404);
    let (status, answer) = api(
        running.addr,
        "POST",
        "/api/rooms",
        Some(json!({ "control": "3+999" })),
    )
    .await;
    assert_eq!(status, 400, "{answer}");
    let (status, answer) = api(
        running.addr,
        "POST",
        "/api/rooms",
        Some(json!({ "size": 99 })),
    )
    .await;
    assert_eq!(status, 400, "{answer}");
}

#[tokio::test]
async fn a_websocket_from_another_origin_is_refused() {
    let dir = tempfile::tempdir().unwrap();
    let running = server(&dir.path().join("rooms.db"), None).await;
    let (id, _, _) = room(running.addr, "5+3").await;
    let addr = running.addr;
    let mut request = format!("ws://{addr}/ws/{id}")
        .into_client_request()
        .unwrap();
    request
        .headers_mut()
        .insert("Origin", "https://evil.example".parse().unwrap());
    assert!(connect_async(request).await.is_err());
    let mut request = format!("ws://{addr}/ws/{id}")
        .into_client_request()
        .unwrap();
    request
        .headers_mut()
        .insert("Origin", format!("http://{addr}").parse().unwrap());
    assert!(connect_async(request).await.is_ok());
}

#[tokio::test]
async fn the_page_is_served_compressed_with_cache_headers() {
    let dir = tempfile::tempdir().unwrap();
    let dist = dir.path().join("dist");
    std::fs::create_dir(&dist).unwrap();
    let script = "console.log('quoridor');\n".repeat(100);
    std::fs::write(
        dist.join("index.html"),
        "<!doctype html><title>Quoridor</title>",
    )
    .unwrap();
    std::fs::write(dist.join("sw.js"), &script).unwrap();
    std::fs::write(dist.join("app-0123456789abcdef.js"), &script).unwrap();
    let running = server(&dir.path().join("rooms.db"), Some(dist)).await;
    let addr = running.addr;

    let (status, head, body) = http(addr, "GET", "/", None, "").await;
    assert_eq!(status, 200);
    assert!(String::from_utf8_lossy(&body).contains("Quoridor"));
    assert!(head.contains("cache-control: no-cache"), "{head}");
    let (_, head, _) = http(addr, "GET", "/sw.js", None, "").await;
    assert!(head.contains("cache-control: no-cache"), "{head}");
    let gzip = "Accept-Encoding: gzip\r\n";
    let (status, head, body) = http(addr, "GET", "/app-0123456789abcdef.js", None, gzip).await;
    assert_eq!(status, 200);
    assert!(
        head.contains("cache-control: public, max-age=31536000, immutable"),
        "{head}"
    );
    assert!(head.contains("content-encoding: gzip"), "{head}");
    assert!(body.len() < script.len());
    let (_, head, _) = http(addr, "GET", "/api/health", None, "").await;
    assert!(head.contains("cache-control: no-store"), "{head}");
    let (status, _, _) = http(addr, "GET", "/missing.js", None, "").await;
    assert_eq!(status, 404);
}

#[tokio::test]
async fn under_a_base_path_everything_is_served_there_and_nothing_elsewhere() {
    let dir = tempfile::tempdir().unwrap();
    let dist = dir.path().join("dist");
    std::fs::create_dir(&dist).unwrap();
    std::fs::write(
        dist.join("index.html"),
        "<!doctype html><title>Quoridor</title>",
    )
    .unwrap();
    std::fs::write(dist.join("app-0123456789abcdef.js"), "console.log(1);").unwrap();
    let mut config = ServerConfig::new(0, dir.path().join("rooms.db"));
    config.dist = Some(dist);
    config.base_path = "/games/quoridor".parse().unwrap();
    let running = start(config).await.expect("the server starts");
    let addr = running.addr;

    // The page, its files and the API under the path, with their headers.
    let (status, head, body) = http(addr, "GET", "/games/quoridor/", None, "").await;
    assert_eq!(status, 200, "{head}");
    assert!(String::from_utf8_lossy(&body).contains("Quoridor"));
    assert!(head.contains("cache-control: no-cache"), "{head}");
    let (status, head, _) = http(
        addr,
        "GET",
        "/games/quoridor/app-0123456789abcdef.js",
        None,
        "",
    )
    .await;
    assert_eq!(status, 200);
    assert!(head.contains("immutable"), "{head}");
    let (status, health) = api(addr, "GET", "/games/quoridor/api/health", None).await;
    assert_eq!((status, health["ok"].clone()), (200, json!(true)));
    // A query goes along with the path.
    let (status, _) = api(addr, "GET", "/games/quoridor/api/health?from=probe", None).await;
    assert_eq!(status, 200);
    let (_, head, _) = http(addr, "GET", "/games/quoridor/api/health", None, "").await;
    assert!(head.contains("cache-control: no-store"), "{head}");

    // The bare path and the root lead to the page.
    for from in ["/games/quoridor", "/"] {
        let (status, head, _) = http(addr, "GET", from, None, "").await;
        assert_eq!(status, 308, "{from}: {head}");
        assert!(
            head.contains("location: /games/quoridor/"),
            "{from}: {head}"
        );
    }
    // Nothing else is served outside the path.
    for outside in [
        "/api/health",
        "/index.html",
        "/app-0123456789abcdef.js",
        "/games/",
    ] {
        let (status, _, _) = http(addr, "GET", outside, None, "").await;
        assert_eq!(status, 404, "{outside}");
    }

    // A room made under the path: its invite points there, its WebSocket
    // answers there.
    let (status, made) = api(
        addr,
        "POST",
        "/games/quoridor/api/rooms",
        Some(json!({ "colour": "first" })),
    )
    .await;
    assert_eq!(status, 201, "{made}");
    let id = made["room"].as_str().unwrap();
    let url = made["invite"]["url"].as_str().unwrap();
    assert!(
        url.starts_with(&format!("http://{addr}/games/quoridor/#join/{id}/")),
        "{url}"
    );
    let (mut ws, _) = connect_async(format!("ws://{addr}/games/quoridor/ws/{id}"))
        .await
        .expect("the WebSocket under the path");
    let secret = made["secret"].as_str().unwrap();
    let state = hello(&mut ws, Some(secret)).await;
    assert_eq!(state["type"], "state", "{state}");
    assert_eq!(state["you"], 1, "{state}");
    assert!(connect_async(format!("ws://{addr}/ws/{id}")).await.is_err());
    running.stop().await.unwrap();
}

#[tokio::test]
async fn a_rematch_opens_a_new_room_with_the_colours_swapped() {
    let dir = tempfile::tempdir().unwrap();
    let running = server(&dir.path().join("rooms.db"), None).await;
    let addr = running.addr;
    let (id, one, two) = room(addr, "5+3").await;
    let mut p1 = connect(addr, &id).await;
    let mut p2 = connect(addr, &id).await;
    hello(&mut p1, Some(&one)).await;
    hello(&mut p2, Some(&two)).await;
    send(&mut p1, json!({ "type": "offer_rematch" })).await;
    refused(&mut p1, "no_rematch").await;
    send(&mut p1, json!({ "type": "abort" })).await;
    let ended = expect(&mut p2, "ended").await;
    assert_eq!(
        (&ended["result"]["reason"], &ended["result"]["winner"]),
        (&json!("aborted"), &Value::Null)
    );
    send(&mut p2, json!({ "type": "accept_rematch" })).await;
    refused(&mut p2, "no_rematch").await;
    send(&mut p1, json!({ "type": "offer_rematch" })).await;
    assert_eq!(
        expect(&mut p2, "rematch").await["offers"],
        json!([true, false])
    );
    send(&mut p2, json!({ "type": "accept_rematch" })).await;
    let started = find(&mut p1, "rematch_started").await;
    let next = started["room"].as_str().unwrap().to_string();
    assert_ne!(next, id);
    // The same secrets hold the new room's seats, one seat on.
    let mut q2 = connect(addr, &next).await;
    let state = hello(&mut q2, Some(&two)).await;
    assert_eq!(
        (&state["you"], &state["status"]),
        (&json!(1), &json!("playing"))
    );
    let mut q1 = connect(addr, &next).await;
    assert_eq!(hello(&mut q1, Some(&one)).await["you"], 2);
    play(&mut q2, 0, "e2").await;
    assert_eq!(expect(&mut q1, "moved").await["seat"], 1);
    // The old room names its rematch.
    let (_, old) = api(addr, "GET", &format!("/api/rooms/{id}"), None).await;
    assert_eq!(old["rematch"], json!(next));
}

#[tokio::test]
async fn every_frame_of_a_flood_is_answered_and_the_excess_refused() {
    let dir = tempfile::tempdir().unwrap();
    let running = server(&dir.path().join("rooms.db"), None).await;
    let (id, _, _) = room(running.addr, "unlimited").await;
    let mut ws = connect(running.addr, &id).await;
    hello(&mut ws, None).await;
    const FLOOD: u64 = 100;
    for id in 0..FLOOD {
        send(&mut ws, json!({ "type": "ping", "id": id })).await;
    }
    let (mut pongs, mut limited) = (0, 0);
    while pongs + limited < FLOOD {
        let message = tokio::time::timeout(PATIENCE, ws.next())
            .await
            .unwrap()
            .unwrap()
            .unwrap();
        let Message::Text(text) = message else {
            continue;
        };
        let frame: Value = serde_json::from_str(text.as_str()).unwrap();
        match frame["type"].as_str().unwrap() {
            "pong" => pongs += 1,
            "error" => {
                assert_eq!(frame["code"], "rate_limited");
                limited += 1;
            }
            _ => {}
        }
    }
    // A burst of 20 passes; 100 frames at once cannot all.
    assert!(pongs >= 20, "{pongs}");
    assert!(limited > 0, "{limited}");
    // The connection lives on.
    send(&mut ws, json!({ "type": "move", "ply": 0, "move": "e2" })).await;
    let frame = loop {
        let message = tokio::time::timeout(PATIENCE, ws.next())
            .await
            .unwrap()
            .unwrap()
            .unwrap();
        if let Message::Text(text) = message {
            break serde_json::from_str::<Value>(text.as_str()).unwrap();
        }
    };
    assert!(
        ["spectator", "rate_limited"].contains(&frame["code"].as_str().unwrap()),
        "{frame}"
    );
}

#[tokio::test]
async fn the_snapshot_says_who_is_away_since_when_and_how_long_a_claim_needs() {
    let dir = tempfile::tempdir().unwrap();
    let running = server(&dir.path().join("rooms.db"), None).await;
    let (id, one, _) = room(running.addr, "3+2").await;
    let mut p1 = connect(running.addr, &id).await;
    let state = hello(&mut p1, Some(&one)).await;
    assert_eq!(state["claim_after_ms"], 30_000);
    assert_eq!(state["seats"][0]["here"], true);
    assert_eq!(state["seats"][0]["away_since_ms"], Value::Null);
    assert_eq!(state["seats"][1]["here"], false);
    assert!(state["seats"][1]["away_since_ms"].as_u64().is_some());
    send(&mut p1, json!({ "type": "claim_victory" })).await;
    refused(&mut p1, "no_claim").await;
}

/// A player on a slow line: the next text frame as JSON, or, for a ping,
/// `{"type": "ping"}` once it is answered `delay` after it was read (the
/// pong sent by hand; tungstenite would answer at the next read, which
/// comes only after the sleep).
async fn slow_next(ws: &mut Ws, delay: Duration) -> Value {
    loop {
        let message = tokio::time::timeout(PATIENCE, ws.next())
            .await
            .expect("a frame")
            .expect("the socket is open")
            .unwrap();
        match message {
            Message::Text(text) => return serde_json::from_str(text.as_str()).unwrap(),
            Message::Ping(payload) => {
                tokio::time::sleep(delay).await;
                ws.send(Message::Pong(payload)).await.unwrap();
                return json!({ "type": "ping" });
            }
            _ => {}
        }
    }
}

/// The `moved` frame of ply `ply`, whatever comes before it.
async fn moved(ws: &mut Ws, ply: usize) -> Value {
    loop {
        let frame = find(ws, "moved").await;
        if frame["ply"] == ply {
            return frame;
        }
    }
}

#[tokio::test]
async fn the_lag_the_server_measures_is_given_back_to_the_mover_within_the_quota() {
    let dir = tempfile::tempdir().unwrap();
    let db = dir.path().join("rooms.db");
    let first = server(&db, None).await;
    let addr = first.addr;
    let (id, one, two) = room(addr, "3+0").await;
    // Player 1 answers every ping 600 ms late: each round trip the server
    // measures is at least that, so its lag estimate is at least 300 ms.
    let delay = Duration::from_millis(600);
    let mut p1 = connect(addr, &id).await;
    send(
        &mut p1,
        json!({ "type": "hello", "protocol": 1, "secret": one }),
    )
    .await;
    assert_eq!(slow_next(&mut p1, delay).await["type"], "state");
    // The server pings a player right after the snapshot: answered (late)
    // before player 1's first move, so measured before it.
    while slow_next(&mut p1, delay).await["type"] != "ping" {}
    let mut p2 = connect(addr, &id).await;
    hello(&mut p2, Some(&two)).await;
    play(&mut p1, 0, "e2").await;
    moved(&mut p2, 0).await;
    play(&mut p2, 1, "e8").await;
    let started = loop {
        let frame = slow_next(&mut p1, delay).await;
        if frame["type"] == "moved" && frame["ply"] == 1 {
            break frame;
        }
    };
    // Player 1's clock runs from player 2's move; they think 500 ms at
    // least (the server's stamps say how long exactly).
    tokio::time::sleep(Duration::from_millis(500)).await;
    play(&mut p1, 2, "e3").await;
    let frame = moved(&mut p2, 2).await;
    let at = |f: &Value| f["at_ms"].as_u64().unwrap();
    let elapsed = at(&frame) - at(&started);
    let credit = frame["lag_ms"].as_u64().unwrap();
    let left = frame["clock"]["remaining_ms"][0].as_u64().unwrap();
    assert!(elapsed >= 500, "{elapsed}");
    // Credited its lag (at least 300 ms), within the quota of its first
    // credited move and the time the move took.
    let quota = LAG_QUOTA_START_MS + LAG_QUOTA_GAIN_MS;
    assert!(credit >= 300, "credit {credit}");
    assert!(credit <= quota.min(elapsed), "credit {credit}");
    // Charged the move's time less the credit (no increment in 3+0).
    assert_eq!(left, 180_000 - elapsed + credit);
    // Player 2's clock has not run yet.
    assert_eq!(frame["clock"]["remaining_ms"][1], 180_000);

    // The credit is stored: a restarted server reads the same clock.
    drop((p1, p2));
    first.kill();
    let second = server(&db, None).await;
    let (status, after) = api(second.addr, "GET", &format!("/api/rooms/{id}"), None).await;
    assert_eq!(status, 200);
    assert_eq!(after["clock"]["remaining_ms"][0], left);
    // Player 2's clock runs (0-based, as clocks number seats).
    assert_eq!(after["clock"]["running"], 1);
    second.stop().await.unwrap();
}
