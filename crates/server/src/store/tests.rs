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
