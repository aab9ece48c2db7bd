//! The store on a real SQLite file in a temporary directory: what is
//! recorded reads back as the same room, after closing and reopening.

use super::*;
use crate::protocol::Snapshot;
use crate::room::Action;
use crate::secret::Secret;

struct Fixture {
    _dir: tempfile::TempDir,
    path: std::path::PathBuf,
    store: Store,
    secrets: [Secret; 2],
    invite: Secret,
}

async fn fixture(control: &str) -> (Fixture, Room) {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("rooms.db");
    let store = Store::open(&path).await.unwrap();
    let secrets = [Secret::generate().unwrap(), Secret::generate().unwrap()];
    let invite = Secret::generate().unwrap();
    let settings = RoomSettings {
        variant: Variant::new(7, 6).unwrap(),
        control: control.parse().unwrap(),
    };
    let seats = vec![
        Seat::held(secrets[0].hash(), 0),
        Seat::invited(invite.hash(), 0),
    ];
    let room = Room::new(RoomId::generate().unwrap(), settings, seats, 0);
    store.create_room(&room).await.unwrap();
    let fixture = Fixture {
        _dir: dir,
        path,
        store,
        secrets,
        invite,
    };
    (fixture, room)
}

/// Applies and records as the server does: the state changes only once
/// stored.
async fn apply(store: &Store, room: &mut Room, who: usize, action: Action, now: u64) {
    let mut next = room.clone();
    let events = next.act(SeatIndex::new(who), action, now).unwrap();
    store.record(&next, &events).await.unwrap();
    *room = next;
}

fn mv(ply: usize, text: &str) -> Action {
    Action::Move {
        ply,
        mv: text.parse().unwrap(),
        lag_ms: 0,
    }
}

async fn seat_invited(f: &Fixture, room: &mut Room) {
    let seat = room.seat_of_invite(&f.invite.hash()).unwrap();
    let events = room.take_seat(seat, f.secrets[1].hash(), 0);
    f.store.record(room, &events).await.unwrap();
}

/// The two rooms agree on everything stored (presence is not: a restarted
/// server sees everyone away since it started).
fn same(a: &Room, b: &Room, now: u64) {
    let stored = |room: &Room| {
        let mut snapshot = Snapshot::of(room, now, 0, None);
        for seat in &mut snapshot.seats {
            seat.away_since_ms = None;
        }
        snapshot
    };
    assert_eq!(stored(a), stored(b));
    assert_eq!(a.stamps(), b.stamps());
    assert_eq!(a.deadline(), b.deadline());
}

#[tokio::test]
async fn a_room_reads_back_the_same_after_reopening_the_file() {
    let (f, mut room) = fixture("3+2").await;
    seat_invited(&f, &mut room).await;
    for (ply, text) in ["d2", "d6", "d3", "c4h"].iter().enumerate() {
        apply(
            &f.store,
            &mut room,
            ply % 2,
            mv(ply, text),
            1_000 + 700 * ply as u64,
        )
        .await;
    }
    f.store.pool.close().await;
    let reopened = Store::open(&f.path).await.unwrap();
    let loaded = reopened.load(room.id(), 9_000).await.unwrap().unwrap();
    same(&loaded, &room, 9_000);
    assert_eq!(loaded.seat_of(&f.secrets[0].hash()), SeatIndex::new(0));
    assert_eq!(loaded.seat_of(&f.secrets[1].hash()), SeatIndex::new(1));
    assert_eq!(loaded.seat_of_invite(&f.invite.hash()), None);
}

#[tokio::test]
async fn results_timeouts_and_rematch_offers_read_back() {
    let (f, mut room) = fixture("1+0").await;
    seat_invited(&f, &mut room).await;
    apply(&f.store, &mut room, 0, mv(0, "d2"), 10).await;
    apply(&f.store, &mut room, 1, mv(1, "d6"), 20).await;
    let events = room.tick(1_000_000);
    assert_eq!(events.len(), 1);
    f.store.record(&room, &events).await.unwrap();
    apply(&f.store, &mut room, 1, Action::OfferRematch, 1_000_001).await;
    let loaded = f.store.load(room.id(), 2_000_000).await.unwrap().unwrap();
    same(&loaded, &room, 2_000_000);
    assert_eq!(loaded.result().map(|r| r.at_ms), Some(20 + 60_000));
    assert_eq!(loaded.offers(), vec![false, true]);
}

#[tokio::test]
async fn an_aborted_room_and_its_rematch_read_back() {
    let (f, mut room) = fixture("unlimited").await;
    seat_invited(&f, &mut room).await;
    apply(&f.store, &mut room, 1, Action::Abort, 5).await;
    apply(&f.store, &mut room, 0, Action::OfferRematch, 6).await;
    apply(&f.store, &mut room, 1, Action::OfferRematch, 7).await;
    let next = room.rematch_room(RoomId::generate().unwrap(), 7);
    room.set_rematch(next.id().clone());
    f.store.start_rematch(&room, &next).await.unwrap();
    let loaded = f.store.load(room.id(), 8).await.unwrap().unwrap();
    same(&loaded, &room, 8);
    assert_eq!(loaded.rematch(), Some(next.id()));
    let loaded_next = f.store.load(next.id(), 8).await.unwrap().unwrap();
    same(&loaded_next, &next, 8);
    assert_eq!(loaded_next.seat_of(&f.secrets[1].hash()), SeatIndex::new(0));
}

#[tokio::test]
async fn an_invite_takes_its_seat_once() {
    let (f, mut room) = fixture("3+2").await;
    let stale = room.clone();
    seat_invited(&f, &mut room).await;
    // A second taker working from the room before the first took it.
    let mut second = stale;
    let events = second.take_seat(
        SeatIndex::new(1).unwrap(),
        Secret::generate().unwrap().hash(),
        1,
    );
    assert!(matches!(
        f.store.record(&second, &events).await,
        Err(StoreError::SeatGone)
    ));
}

#[tokio::test]
async fn no_such_room_is_none() {
    let (f, _) = fixture("3+2").await;
    assert!(f
        .store
        .load(&RoomId::generate().unwrap(), 0)
        .await
        .unwrap()
        .is_none());
}

#[tokio::test]
async fn the_file_is_in_wal_mode_with_full_sync() {
    let (f, _) = fixture("3+2").await;
    let mode: String = sqlx::query_scalar("PRAGMA journal_mode")
        .fetch_one(&f.store.pool)
        .await
        .unwrap();
    assert_eq!(mode, "wal");
    let sync: i64 = sqlx::query_scalar("PRAGMA synchronous")
        .fetch_one(&f.store.pool)
        .await
        .unwrap();
    assert_eq!(sync, 2, "FULL");
    // Migrations run once: opening again finds the schema done.
    Store::open(&f.path).await.unwrap();
}

#[test]
fn db_names_pick_the_database_by_their_form() {
    let sqlite = |p: &str| Ok(DbLocation::Sqlite(PathBuf::from(p)));
    assert_eq!("rooms.db".parse(), sqlite("rooms.db"));
    assert_eq!("/var/lib/q/rooms.db".parse(), sqlite("/var/lib/q/rooms.db"));
    assert_eq!("sqlite:rooms.db".parse(), sqlite("rooms.db"));
    assert_eq!("sqlite:///tmp/rooms.db".parse(), sqlite("/tmp/rooms.db"));
    // A colon in a file name is still a file.
    assert_eq!("c:rooms.db".parse(), sqlite("c:rooms.db"));
    for url in [
        "postgres://quoridor@127.0.0.1:5432/rooms",
        "postgresql://quoridor:pw@db.internal/rooms",
    ] {
        assert_eq!(url.parse(), Ok(DbLocation::Postgres(url.to_string())));
    }
    for bad in ["", "sqlite:", "mysql://host/db", "postgres://host:port/db"] {
        let refused = bad.parse::<DbLocation>();
        assert!(refused.is_err(), "{bad:?}: {refused:?}");
    }
    // Debug never prints a PostgreSQL URL (it may hold a password).
    let secret: DbLocation = "postgres://q:hunter2@h/db".parse().unwrap();
    assert!(!format!("{secret:?}").contains("hunter2"));
}

/// Each move's lag credit as stored, in order.
async fn stored_lags(store: &Store, room: &Room) -> Vec<i64> {
    sqlx::query_scalar("SELECT lag_ms FROM moves WHERE room = $1 ORDER BY ply")
        .bind(room.id().as_str())
        .fetch_all(&store.pool)
        .await
        .unwrap()
}

fn lagged(ply: usize, text: &str, lag_ms: u64) -> Action {
    Action::Move {
        ply,
        mv: text.parse().unwrap(),
        lag_ms,
    }
}

#[tokio::test]
async fn lag_credits_are_stored_with_their_moves_and_replayed() {
    let (f, mut room) = fixture("1+0").await;
    seat_invited(&f, &mut room).await;
    let mut credits = Vec::new();
    for (ply, (text, lag)) in ["d2", "d6", "d3", "d5", "c4h", "a3h"]
        .iter()
        .zip([300, 200, 250, 5_000, 90, 700])
        .enumerate()
    {
        let mut next = room.clone();
        let now = 1_000 + 1_500 * ply as u64;
        let events = next.act(SeatIndex::new(ply % 2), lagged(ply, text, lag), now);
        let events = events.unwrap();
        let Some(Event::Moved { lag_ms, .. }) = events.first() else {
            panic!("{events:?}")
        };
        credits.push(int(*lag_ms).unwrap());
        f.store.record(&next, &events).await.unwrap();
        room = next;
    }
    // The first move of each seat ran no clock; then each is credited its
    // lag within its seat's quota: 300 + 100 at seat 1's first credited
    // move, emptied by its 5 s lag, then one gain of 100.
    assert_eq!(credits, [0, 0, 250, 400, 90, 100]);
    assert_eq!(stored_lags(&f.store, &room).await, credits);
    f.store.close().await;
    let reopened = Store::open(&f.path).await.unwrap();
    let loaded = reopened.load(room.id(), 20_000).await.unwrap().unwrap();
    same(&loaded, &room, 20_000);
    assert_eq!(loaded.clock(), room.clock());
}

#[tokio::test]
async fn a_database_from_before_lag_credits_migrates_and_reads_back_the_same() {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("old.db");
    let location = DbLocation::Sqlite(path.clone());
    // The file as the server before lag compensation left it: the first
    // two migrations, moves without a lag column.
    let old = Store::unmigrated(&location).await.unwrap();
    old.migrate(2).await.unwrap();
    let secrets = [Secret::generate().unwrap(), Secret::generate().unwrap()];
    let settings = RoomSettings {
        variant: Variant::new(7, 6).unwrap(),
        control: "1+0".parse().unwrap(),
    };
    let seats = vec![
        Seat::held(secrets[0].hash(), 0),
        Seat::held(secrets[1].hash(), 0),
    ];
    let mut room = Room::new(RoomId::generate().unwrap(), settings, seats, 0);
    old.create_room(&room).await.unwrap();
    for (ply, text) in ["d2", "d6", "d3", "d5"].iter().enumerate() {
        let now = 1_000 + 2_000 * ply as u64;
        let events = room
            .act(SeatIndex::new(ply % 2), lagged(ply, text, 0), now)
            .unwrap();
        let Some(Event::Moved { clock, .. }) = events.first() else {
            panic!("{events:?}")
        };
        let clock_ms: Vec<String> = clock.remaining_ms.iter().map(u64::to_string).collect();
        sqlx::query(
            "INSERT INTO moves (room, ply, seat, notation, at_ms, clock_ms) \
             VALUES ($1, $2, $3, $4, $5, $6)",
        )
        .bind(room.id().as_str())
        .bind(int(ply).unwrap())
        .bind(int(ply % 2).unwrap())
        .bind(text.to_string())
        .bind(int(now).unwrap())
        .bind(clock_ms.join(","))
        .execute(&old.pool)
        .await
        .unwrap();
    }
    assert!(stored_lags_fail(&old).await, "no lag column before 0003");
    old.close().await;

    let new = Store::open(&path).await.unwrap();
    let applied: Vec<i64> = sqlx::query_scalar("SELECT version FROM schema_migrations ORDER BY 1")
        .fetch_all(&new.pool)
        .await
        .unwrap();
    assert_eq!(applied, [1, 2, 3]);
    assert_eq!(stored_lags(&new, &room).await, [0, 0, 0, 0]);
    let loaded = new.load(room.id(), 20_000).await.unwrap().unwrap();
    same(&loaded, &room, 20_000);
    assert_eq!(loaded.clock(), room.clock());
}

/// Whether reading the lag column fails (it does not exist).
async fn stored_lags_fail(store: &Store) -> bool {
    sqlx::query("SELECT lag_ms FROM moves")
        .fetch_all(&store.pool)
        .await
        .is_err()
}
