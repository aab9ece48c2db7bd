//! The hub on a real SQLite file with its clock injected: a number the test
//! sets, so a clock falls without anyone waiting for it.

use super::*;
use crate::room::{EndReason, Status};
use std::sync::atomic::AtomicU64;

struct Fixture {
    _dir: tempfile::TempDir,
    path: std::path::PathBuf,
    time: Arc<AtomicU64>,
}

impl Fixture {
    fn new() -> Fixture {
        let dir = tempfile::tempdir().unwrap();
        Fixture {
            path: dir.path().join("rooms.db"),
            _dir: dir,
            time: Arc::new(AtomicU64::new(1_000)),
        }
    }

    /// A hub on the file, as a (re)started server has it.
    async fn hub(&self) -> Arc<Hub> {
        let time = self.time.clone();
        let store = Store::open(&self.path).await.unwrap();
        Hub::with_clock(store, Arc::new(move || time.load(Ordering::SeqCst)))
    }

    fn set(&self, ms: u64) {
        self.time.store(ms, Ordering::SeqCst);
    }
}

/// A 1+0 room between two seated players, both moved: player 1's clock
/// runs from t = 3 s with 60 s.
async fn started(f: &Fixture, hub: &Arc<Hub>) -> (RoomId, Arc<LiveRoom>) {
    let created = hub
        .create(Variant::default(), "1+0".parse().unwrap(), Colour::First)
        .await
        .unwrap();
    let (seat, _) = hub.join(&created.room, &created.invite.1).await.unwrap();
    assert_eq!(seat.number(), 2);
    let live = hub.room(&created.room).await.unwrap();
    for (ply, (who, mv)) in [(0, "e2"), (1, "e8")].into_iter().enumerate() {
        f.set(2_000 + 1_000 * ply as u64);
        let action = Action::Move {
            ply,
            mv: mv.parse().unwrap(),
            lag_ms: 0,
        };
        hub.act(&live, SeatIndex::new(who), action).await.unwrap();
    }
    (created.room, live)
}

#[tokio::test]
async fn a_clock_that_fell_while_the_server_was_down_falls_when_the_room_is_opened() {
    let f = Fixture::new();
    let hub = f.hub().await;
    let (id, _) = started(&f, &hub).await;
    drop(hub);
    // Two hours later a new server opens the file.
    f.set(7_200_000);
    let hub = f.hub().await;
    let live = hub.room(&id).await.unwrap();
    let snapshot = hub.snapshot(&live, None).await;
    assert_eq!(snapshot.status, Status::Over);
    let result = snapshot.result.unwrap();
    assert_eq!(result.reason, EndReason::Timeout);
    assert_eq!(result.winner, SeatIndex::new(1));
    assert_eq!(result.at_ms, 3_000 + 60_000, "stamped when it fell");
    // And it was stored: a third server reads the same result.
    let hub = f.hub().await;
    let live = hub.room(&id).await.unwrap();
    assert_eq!(hub.snapshot(&live, None).await.result, Some(result));
}

#[tokio::test]
async fn a_move_after_the_flag_loses_on_time_and_is_refused() {
    let f = Fixture::new();
    let hub = f.hub().await;
    let (_, live) = started(&f, &hub).await;
    let mut notices = live.subscribe();
    f.set(70_000);
    let action = Action::Move {
        ply: 2,
        mv: "e3".parse().unwrap(),
        lag_ms: 0,
    };
    let refused = hub.act(&live, SeatIndex::new(0), action).await.unwrap_err();
    assert_eq!(refused.code, ErrorCode::GameOver);
    let Ok(Notice::Frame(json)) = notices.recv().await else {
        panic!("a frame")
    };
    assert!(json.contains(r#""reason":"timeout""#), "{json}");
    let snapshot = hub.snapshot(&live, None).await;
    assert_eq!(snapshot.moves, ["e2", "e8"]);
}

#[tokio::test]
async fn a_newer_connection_holds_the_seat_and_the_older_one_leaving_changes_nothing() {
    let f = Fixture::new();
    let hub = f.hub().await;
    let (_, live) = started(&f, &hub).await;
    let seat = SeatIndex::new(0).unwrap();
    let old = hub.connect(&live, seat).await;
    let new = hub.connect(&live, seat).await;
    hub.disconnect(&live, seat, old).await;
    assert!(hub.snapshot(&live, None).await.seats[0].here);
    hub.disconnect(&live, seat, new).await;
    assert!(!hub.snapshot(&live, None).await.seats[0].here);
}

#[tokio::test]
async fn spectators_are_counted_in_and_out() {
    let f = Fixture::new();
    let hub = f.hub().await;
    let (_, live) = started(&f, &hub).await;
    hub.spectate(&live, true).await;
    hub.spectate(&live, true).await;
    hub.spectate(&live, false).await;
    assert_eq!(hub.snapshot(&live, None).await.spectators, 1);
}

/// Two servers on one database (as on PostgreSQL; here two hubs on one
/// SQLite file, with no notifications between them): the second's copy of
/// the room is stale after the first stores a move, so its write is
/// refused as stale, it reads the committed room and judges the action on
/// that. Nothing is lost and nothing is trusted from the stale copy.
#[tokio::test]
async fn a_server_with_a_stale_copy_judges_on_the_committed_room() {
    let f = Fixture::new();
    let (one, two) = (f.hub().await, f.hub().await);
    let (id, on_one) = started(&f, &one).await;
    let on_two = two.room(&id).await.unwrap();
    let mut notices = on_two.subscribe();
    f.set(5_000);
    let e3 = Action::Move {
        ply: 2,
        mv: "e3".parse().unwrap(),
        lag_ms: 0,
    };
    one.act(&on_one, SeatIndex::new(0), e3).await.unwrap();
    // Hub two still holds two moves; player 2's reply at ply 3 is judged on
    // the three committed ones, and stored after them.
    assert_eq!(two.snapshot(&on_two, None).await.moves.len(), 2);
    let e7 = Action::Move {
        ply: 3,
        mv: "e7".parse().unwrap(),
        lag_ms: 0,
    };
    two.act(&on_two, SeatIndex::new(1), e7).await.unwrap();
    assert!(matches!(notices.recv().await, Ok(Notice::Refresh)));
    let three = f.hub().await;
    let stored = three.room(&id).await.unwrap();
    assert_eq!(
        three.snapshot(&stored, None).await.moves,
        ["e2", "e8", "e3", "e7"]
    );
    // A move the committed room refuses stays refused: player 1's copy is
    // stale now, and ply 3 is taken.
    let late = Action::Move {
        ply: 3,
        mv: "d2".parse().unwrap(),
        lag_ms: 0,
    };
    let refusal = one.act(&on_one, SeatIndex::new(0), late).await.unwrap_err();
    assert_eq!(refusal.code, ErrorCode::StalePly, "{}", refusal.message);
}

/// Two servers on one database both see player 1's clock fall: the first
/// stores the timeout; the second's write of it is refused as stale, it
/// reads the committed room (the same result, stored once) and refuses the
/// late move as after the game, not as a storage failure.
#[tokio::test]
async fn two_servers_seeing_one_clock_fall_store_the_result_once() {
    let f = Fixture::new();
    let (one, two) = (f.hub().await, f.hub().await);
    let (id, on_one) = started(&f, &one).await;
    let on_two = two.room(&id).await.unwrap();
    f.set(70_000);
    for (hub, live) in [(&one, &on_one), (&two, &on_two)] {
        let refused = hub
            .act(
                live,
                SeatIndex::new(0),
                Action::Move {
                    ply: 2,
                    mv: "e3".parse().unwrap(),
                    lag_ms: 0,
                },
            )
            .await
            .unwrap_err();
        assert_eq!(refused.code, ErrorCode::GameOver, "{}", refused.message);
    }
    let results = [
        one.snapshot(&on_one, None).await.result,
        two.snapshot(&on_two, None).await.result,
    ];
    assert_eq!(results[0], results[1]);
    assert_eq!(results[0].map(|r| r.reason), Some(EndReason::Timeout));
}

/// Ten minutes and an hour, in ms: [`Unload::default`].
const TEN_MINUTES: u64 = 600_000;
const AN_HOUR: u64 = 3_600_000;

/// A game played to its end and left: the room stays while anything holds
/// it (here the test's handle, as a connection's would) and until it has
/// been idle ten minutes, then leaves memory; the next request reads it
/// back from the database exactly as it was.
#[tokio::test]
async fn a_finished_room_nobody_holds_is_unloaded_and_read_back_the_same() {
    let f = Fixture::new();
    let hub = f.hub().await;
    let (id, live) = started(&f, &hub).await;
    let (one, two) = (SeatIndex::new(0).unwrap(), SeatIndex::new(1).unwrap());
    let conns = (hub.connect(&live, one).await, hub.connect(&live, two).await);
    f.set(4_000);
    hub.act(&live, Some(two), Action::Resign).await.unwrap();
    // Held by a connection: never unloaded, however long it stays.
    f.set(4_000 + 10 * AN_HOUR);
    assert_eq!(hub.sweep(Unload::default()).await, 0);
    assert!(hub.holds(&id).await);
    // Both leave at t = 5 s.
    f.set(5_000);
    hub.disconnect(&live, one, conns.0).await;
    hub.disconnect(&live, two, conns.1).await;
    let before = hub.snapshot(&live, None).await;
    assert_eq!(before.status, Status::Over);
    drop(live);
    f.set(5_000 + TEN_MINUTES - 1);
    assert_eq!(
        hub.sweep(Unload::default()).await,
        0,
        "not idle long enough"
    );
    assert!(hub.holds(&id).await);
    f.set(5_000 + TEN_MINUTES);
    assert_eq!(hub.sweep(Unload::default()).await, 1);
    assert!(!hub.holds(&id).await);
    assert_eq!(hub.rooms_held().await, 0);
    // Asked for again: read back, the same room.
    let live = hub.room(&id).await.unwrap();
    assert!(hub.holds(&id).await);
    let mut after = hub.snapshot(&live, None).await;
    after.server_ms = before.server_ms;
    // Presence is not stored: as after a restart, the players are away
    // since the room was read back.
    for (seat, was) in after.seats.iter_mut().zip(&before.seats) {
        assert_eq!(seat.away_since_ms, Some(5_000 + TEN_MINUTES));
        seat.away_since_ms = was.away_since_ms;
    }
    assert_eq!(after, before);
    // And a player's secret still finds its seat, and a refused action
    // still refuses.
    let refused = hub.act(&live, Some(one), Action::Resign).await.unwrap_err();
    assert_eq!(refused.code, ErrorCode::GameOver);
}

/// A game left in the middle: kept for an hour, not ten minutes, and its
/// pending timer does not keep it in memory; read back, its clock falls
/// where it ran out.
#[tokio::test]
async fn an_idle_room_is_unloaded_after_longer_and_its_clock_falls_when_read_back() {
    let f = Fixture::new();
    let hub = f.hub().await;
    let (id, live) = started(&f, &hub).await;
    drop(live);
    f.set(3_000 + TEN_MINUTES);
    assert_eq!(hub.sweep(Unload::default()).await, 0, "not over: an hour");
    f.set(3_000 + AN_HOUR);
    assert_eq!(hub.sweep(Unload::default()).await, 1);
    assert!(!hub.holds(&id).await);
    let live = hub.room(&id).await.unwrap();
    let result = hub.snapshot(&live, None).await.result.unwrap();
    assert_eq!(result.reason, EndReason::Timeout);
    assert_eq!(result.at_ms, 3_000 + 60_000, "stamped when it fell");
}

/// Requests for a room the hub does not hold read it with the map
/// unlocked; however many arrive together, they all get one copy.
#[tokio::test]
async fn requests_together_for_a_room_not_held_share_one_copy() {
    let f = Fixture::new();
    let hub = f.hub().await;
    let (id, live) = started(&f, &hub).await;
    drop(live);
    let hub = f.hub().await;
    assert_eq!(hub.rooms_held().await, 0);
    let copies = futures_util::future::join_all((0..8).map(|_| {
        let hub = hub.clone();
        let id = id.clone();
        tokio::spawn(async move { hub.room(&id).await.unwrap() })
    }))
    .await;
    let copies: Vec<_> = copies.into_iter().map(Result::unwrap).collect();
    assert!(copies.iter().all(|c| Arc::ptr_eq(c, &copies[0])));
    assert_eq!(hub.rooms_held().await, 1);
    // Unloaded and asked for together again: one copy again.
    drop(copies);
    f.set(3_000 + AN_HOUR);
    assert_eq!(hub.sweep(Unload::default()).await, 1);
    let (a, b) = tokio::join!(hub.room(&id), hub.room(&id));
    assert!(Arc::ptr_eq(&a.unwrap(), &b.unwrap()));
}
