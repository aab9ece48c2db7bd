//! Two servers on one PostgreSQL database (scripts/postgres-test.sh starts
//! a throwaway cluster and sets `QUORIDOR_TEST_POSTGRES` to its URL): a
//! room made on one and joined on the other, each player connected to a
//! different server, a game played through to its goal with every move
//! reaching the other server by the database's NOTIFY, each player's
//! presence heard by the other server, and both servers reading the same
//! committed room at the end; and two servers that hear no notification
//! at all still judge every action on the committed room. Without the variable the
//! test says it was skipped and passes (plain `cargo test` needs no
//! PostgreSQL).

mod common;

use common::{api, connect, next, send, Ws};
use futures_util::StreamExt;
use quoridor_rules::Variant;
use quoridor_server::hub::{Colour, Hub};
use quoridor_server::protocol::ErrorCode;
use quoridor_server::{start, Action, DbLocation, Running, SeatIndex, ServerConfig, Store};
use serde_json::json;
use std::io::Write;
use tokio_tungstenite::tungstenite::Message;

/// The test database's URL, or `None` after saying (past the test
/// harness's capture) that the test is skipped.
fn database(test: &str) -> Option<DbLocation> {
    let Ok(url) = std::env::var("QUORIDOR_TEST_POSTGRES") else {
        let line = format!(
            "postgres::{test}: SKIPPED, QUORIDOR_TEST_POSTGRES is not set \
             (scripts/postgres-test.sh starts a PostgreSQL and sets it)\n"
        );
        // One write, straight to stderr: the harness captures `eprintln!`.
        let _ = std::io::stderr().write_all(line.as_bytes());
        return None;
    };
    Some(
        url.parse()
            .expect("QUORIDOR_TEST_POSTGRES is a postgres:// URL"),
    )
}

async fn server(db: &DbLocation) -> Running {
    start(ServerConfig::new(0, db.clone()))
        .await
        .expect("the server starts on PostgreSQL")
}

/// Reads frames until the player knows `moves` (the whole game so far):
/// by a `moved` frame of its last one (the mover's server) or a `state`
/// frame holding all of them (the other server, after the NOTIFY). Which
/// one said it.
async fn knows(ws: &mut Ws, moves: &[&str]) -> &'static str {
    loop {
        let frame = next(ws).await;
        assert_ne!(frame["type"], "error", "{frame}");
        if frame["type"] == "moved" && frame["ply"] == json!(moves.len() - 1) {
            assert_eq!(frame["move"], json!(moves.last()), "{frame}");
            return "moved";
        }
        if frame["type"] == "state" && frame["moves"] == json!(moves) {
            return "state";
        }
    }
}

/// Reads frames until the player sees seat `seat` (a player number)
/// connected (`here`) or not: by a `presence` frame, or a `state` frame
/// that says so.
async fn sees(ws: &mut Ws, seat: usize, here: bool) {
    loop {
        let frame = next(ws).await;
        assert_ne!(frame["type"], "error", "{frame}");
        let said = match frame["type"].as_str() {
            Some("presence") if frame["seat"] == json!(seat) => frame["here"] == json!(here),
            Some("state") => frame["seats"][seat - 1]["here"] == json!(here),
            _ => false,
        };
        if said {
            return;
        }
    }
}

/// Reads frames until the player is told `count` spectators watch.
async fn counts_watching(ws: &mut Ws, count: usize) {
    loop {
        let frame = next(ws).await;
        assert_ne!(frame["type"], "error", "{frame}");
        if frame["type"] == "spectators" && frame["count"] == json!(count) {
            return;
        }
    }
}

#[tokio::test]
async fn players_on_two_servers_play_one_game_through_the_database() {
    let Some(db) = database("players_on_two_servers_play_one_game_through_the_database") else {
        return;
    };
    let (a, b) = (server(&db).await, server(&db).await);

    // Made on A, joined on B (which reads it from the database).
    let (status, made) = api(
        a.addr,
        "POST",
        "/api/rooms",
        Some(json!({ "control": "10+5", "colour": "first" })),
    )
    .await;
    assert_eq!(status, 201, "{made}");
    let id = made["room"].as_str().unwrap().to_string();
    let code = made["invite"]["code"].as_str().unwrap();
    let join = format!("/api/rooms/{id}/join");
    let (status, joined) = api(b.addr, "POST", &join, Some(json!({ "invite": code }))).await;
    assert_eq!(status, 200, "{joined}");
    // The invite is used up on A too: the seat is taken in the database.
    let (status, _) = api(a.addr, "POST", &join, Some(json!({ "invite": code }))).await;
    assert_eq!(status, 409);

    let mut p1 = connect(a.addr, &id).await;
    let mut p2 = connect(b.addr, &id).await;
    for (ws, secret) in [(&mut p1, &made), (&mut p2, &joined)] {
        send(
            ws,
            json!({ "type": "hello", "protocol": 1, "secret": secret["secret"] }),
        )
        .await;
    }
    // Each server learns, by the presence channel, that the other's
    // player is connected (a claim of victory is judged on that).
    sees(&mut p1, 2, true).await;
    sees(&mut p2, 1, true).await;
    // A spectator on B is counted on A too (the presence channel's
    // `watching`), and leaves both counts when it goes.
    let mut watcher = connect(b.addr, &id).await;
    send(&mut watcher, json!({ "type": "hello", "protocol": 1 })).await;
    counts_watching(&mut p1, 1).await;
    counts_watching(&mut p2, 1).await;
    drop(watcher);
    counts_watching(&mut p1, 0).await;

    // Player 1 walks up the e-file; player 2 steps aside to the d-file and
    // walks down, with a wall on the way. Each move is sent to its
    // player's server and reaches the other player's server through the
    // database.
    let game = [
        "e2", "d9", "e3", "d8", "e4", "d7", "e5", "d6", "e6", "d5", "e7", "a3h", "e8", "d4", "e9",
    ];
    for (ply, mv) in game.iter().enumerate() {
        let (mover, other) = if ply % 2 == 0 {
            (&mut p1, &mut p2)
        } else {
            (&mut p2, &mut p1)
        };
        send(mover, json!({ "type": "move", "ply": ply, "move": mv })).await;
        let so_far = &game[..=ply];
        assert_eq!(knows(mover, so_far).await, "moved", "ply {ply}");
        assert_eq!(
            knows(other, so_far).await,
            "state",
            "ply {ply} reached the other server by NOTIFY"
        );
    }

    // Player 1 reached the goal: both servers read the same finished room.
    let (_, on_a) = api(a.addr, "GET", &format!("/api/rooms/{id}"), None).await;
    let (_, on_b) = api(b.addr, "GET", &format!("/api/rooms/{id}"), None).await;
    assert_eq!(on_a["moves"], json!(game));
    assert_eq!(on_a["result"]["winner"], 1, "{on_a}");
    assert_eq!(on_a["result"]["reason"], "goal", "{on_a}");
    for field in ["moves", "stamps_ms", "status", "result"] {
        assert_eq!(on_a[field], on_b[field], "{field}");
    }
    // Player 2 leaves server B: player 1 on server A hears it.
    drop(p2);
    sees(&mut p1, 2, false).await;
    drop(p1);
    a.stop().await.unwrap();
    b.stop().await.unwrap();
}

/// Reads frames until an error frame with `code`, then until the socket
/// closes.
async fn replaced_and_closed(ws: &mut Ws) {
    loop {
        let frame = next(ws).await;
        if frame["type"] == "error" {
            assert_eq!(frame["code"], "replaced", "{frame}");
            break;
        }
    }
    let closed = tokio::time::timeout(common::PATIENCE, async {
        while let Some(Ok(message)) = ws.next().await {
            if let Message::Close(_) = message {
                break;
            }
        }
    })
    .await;
    assert!(closed.is_ok(), "the replaced connection closes");
}

/// Connects to room `id` on `addr` as the holder of `secret`; the state.
async fn seated(addr: std::net::SocketAddr, id: &str, secret: &serde_json::Value) -> Ws {
    let mut ws = connect(addr, id).await;
    send(
        &mut ws,
        json!({ "type": "hello", "protocol": 1, "secret": secret }),
    )
    .await;
    loop {
        let frame = next(&mut ws).await;
        assert_ne!(frame["type"], "error", "{frame}");
        if frame["type"] == "state" {
            return ws;
        }
    }
}

/// A room made and joined on `addr`, player 1 the maker: its id and the
/// two seats' secrets.
async fn room_of_two(addr: std::net::SocketAddr) -> (String, serde_json::Value, serde_json::Value) {
    let (status, made) = api(
        addr,
        "POST",
        "/api/rooms",
        Some(json!({ "colour": "first" })),
    )
    .await;
    assert_eq!(status, 201, "{made}");
    let id = made["room"].as_str().unwrap().to_string();
    let code = made["invite"]["code"].as_str().unwrap();
    let join = format!("/api/rooms/{id}/join");
    let (status, joined) = api(addr, "POST", &join, Some(json!({ "invite": code }))).await;
    assert_eq!(status, 200, "{joined}");
    (id, made["secret"].clone(), joined["secret"].clone())
}

#[tokio::test]
async fn a_seat_opened_on_another_server_takes_it_over() {
    let Some(db) = database("a_seat_opened_on_another_server_takes_it_over") else {
        return;
    };
    let (a, b) = (server(&db).await, server(&db).await);
    let (id, one, two) = room_of_two(a.addr).await;
    let mut p2 = seated(a.addr, &id, &two).await;

    // Player 1 on A, then the same seat opened on B: A's connection is
    // told and closed, as a second tab on one server would be.
    let mut first = seated(a.addr, &id, &one).await;
    sees(&mut p2, 1, true).await;
    let mut second = seated(b.addr, &id, &one).await;
    replaced_and_closed(&mut first).await;
    // The seat is still held (on B): A does not call player 1 away, and
    // B's connection plays.
    send(
        &mut second,
        json!({ "type": "move", "ply": 0, "move": "e2" }),
    )
    .await;
    assert_eq!(knows(&mut second, &["e2"]).await, "moved");
    assert_eq!(knows(&mut p2, &["e2"]).await, "state");
    let (_, on_a) = api(a.addr, "GET", &format!("/api/rooms/{id}"), None).await;
    assert_eq!(on_a["seats"][0]["here"], true, "{on_a}");

    // And back: opened on A again, B's connection is the one closed.
    let mut third = seated(a.addr, &id, &one).await;
    replaced_and_closed(&mut second).await;
    send(&mut p2, json!({ "type": "move", "ply": 1, "move": "e8" })).await;
    assert_eq!(knows(&mut third, &["e2", "e8"]).await, "moved");
    let (_, on_b) = api(b.addr, "GET", &format!("/api/rooms/{id}"), None).await;
    assert_eq!(on_b["seats"][0]["here"], true, "{on_b}");
    drop((third, p2));
    a.stop().await.unwrap();
    b.stop().await.unwrap();
}

#[tokio::test]
async fn a_server_that_dies_leaves_its_players_away_on_the_others() {
    let Some(db) = database("a_server_that_dies_leaves_its_players_away_on_the_others") else {
        return;
    };
    let beating = |db: &DbLocation| {
        let mut config = ServerConfig::new(0, db.clone());
        config.heartbeat_every = std::time::Duration::from_millis(100);
        start(config)
    };
    let a = beating(&db).await.expect("A starts");
    let b = beating(&db).await.expect("B starts");
    let (id, one, two) = room_of_two(a.addr).await;
    let mut p1 = seated(a.addr, &id, &one).await;
    let p2 = seated(b.addr, &id, &two).await;
    sees(&mut p1, 2, true).await;
    let mut watcher = connect(b.addr, &id).await;
    send(&mut watcher, json!({ "type": "hello", "protocol": 1 })).await;
    counts_watching(&mut p1, 1).await;

    // B dies without a word (its connections stay open but it says
    // nothing more): after three missed heartbeats A gives it up.
    b.kill();
    let (mut away, mut unwatched) = (false, false);
    while !(away && unwatched) {
        let frame = next(&mut p1).await;
        assert_ne!(frame["type"], "error", "{frame}");
        away |= frame["type"] == "presence" && frame["seat"] == 2 && frame["here"] == false;
        unwatched |= frame["type"] == "spectators" && frame["count"] == 0;
    }
    drop((p2, watcher, p1));
    a.stop().await.unwrap();
}

fn move_at(ply: usize, mv: &str) -> Action {
    Action::Move {
        ply,
        mv: mv.parse().unwrap(),
        lag_ms: 0,
    }
}

#[tokio::test]
async fn servers_that_miss_every_notification_still_judge_on_the_committed_room() {
    let Some(db) =
        database("servers_that_miss_every_notification_still_judge_on_the_committed_room")
    else {
        return;
    };
    // Two hubs on the database with no listener: each copy goes stale as
    // soon as the other writes.
    let one = Hub::new(Store::connect(&db).await.unwrap());
    let two = Hub::new(Store::connect(&db).await.unwrap());
    let created = one
        .create(
            Variant::default(),
            "unlimited".parse().unwrap(),
            Colour::First,
        )
        .await
        .unwrap();
    let on_one = one.room(&created.room).await.unwrap();
    let (seat, _) = two.join(&created.room, &created.invite.1).await.unwrap();
    assert_eq!(seat.number(), 2);
    let on_two = two.room(&created.room).await.unwrap();
    let (p1, p2) = (SeatIndex::new(0), SeatIndex::new(1));

    // Server one's copy has nobody in seat 2 (the game has not started
    // there): the move is judged again on the committed room, and stored.
    one.act(&on_one, p1, move_at(0, "e2")).await.unwrap();
    // Server two's copy has no move: the reply is judged on the committed
    // room too.
    two.act(&on_two, p2, move_at(1, "e8")).await.unwrap();
    // A move the committed room refuses stays refused (ply 1 is played).
    let refusal = one.act(&on_one, p1, move_at(1, "e3")).await.unwrap_err();
    assert_eq!(refusal.code, ErrorCode::StalePly, "{}", refusal.message);
    // Two servers racing for one ply: one stores it, the other refuses.
    let (a, b) = tokio::join!(
        one.act(&on_one, p1, move_at(2, "e3")),
        two.act(&on_two, p1, move_at(2, "d2")),
    );
    assert!(a.is_ok() != b.is_ok(), "{a:?} {b:?}");

    let three = Hub::new(Store::connect(&db).await.unwrap());
    let stored = three.room(&created.room).await.unwrap();
    let moves = three.snapshot(&stored, None).await.moves;
    let third = if a.is_ok() { "e3" } else { "d2" };
    assert_eq!(moves, ["e2", "e8", third]);
}
