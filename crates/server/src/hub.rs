//! The live rooms: each room the server has touched since it started, its
//! state behind a lock, a broadcast channel to its connections, who holds
//! each seat and how many watch. Every change follows one path: lock the
//! room, let the clock fall if it has, apply the action to a copy, store
//! what changed, and only then keep the copy and tell everyone. A refused
//! action or a failed write leaves the room as it was.
//!
//! Several servers may share one PostgreSQL database, each with its own
//! copies of the rooms its players are in. The database stays the one
//! truth: a write names the room's version its copy was read at, and one
//! refused as stale reads the committed room and tries the action once
//! more on it; each commit's notification ([`Hub::listen`]) makes every
//! other server holding the room read it again and send its connections
//! the whole room.

use crate::clock::TimeControl;
use crate::protocol::{ErrorCode, Refusal, ServerFrame, Snapshot};
use crate::room::{Action, Event, Room, RoomSettings, Status};
use crate::seat::{Seat, SeatIndex};
use crate::secret::{coin, NoRandomness, RoomId, Secret, SecretHash};
use crate::store::{Store, StoreError, PRESENCE_CHANNEL};
use quoridor_rules::Variant;
use sqlx::postgres::PgListener;
use std::collections::HashMap;
use std::fmt;
use std::future::Future;
use std::pin::Pin;
use std::sync::atomic::{AtomicI64, AtomicU64, AtomicUsize, Ordering};
use std::sync::{Arc, Mutex as StdMutex, Weak};
use std::time::{Duration, SystemTime, UNIX_EPOCH};
use tokio::sync::{broadcast, Mutex};

/// Frames waiting for a slow connection before it gets a fresh snapshot
/// instead.
const CHANNEL_CAPACITY: usize = 64;

/// Milliseconds since the Unix epoch, the server's clock.
pub fn now_ms() -> u64 {
    SystemTime::now()
        .duration_since(UNIX_EPOCH)
        .map_or(0, |d| u64::try_from(d.as_millis()).unwrap_or(u64::MAX))
}

/// What a room tells its connections.
#[derive(Clone, Debug)]
pub enum Notice {
    /// A frame for everyone, as JSON.
    Frame(Arc<str>),
    /// Connection `conn` now holds `seat`: any other connection of that
    /// seat is told and closes.
    TakeOver {
        /// The seat.
        seat: SeatIndex,
        /// The connection that holds it now (0: a connection to another
        /// server on the database).
        conn: u64,
    },
    /// The room was read again from the database (another server changed
    /// it): each connection sends its player the whole room.
    Refresh,
}

/// A room in memory.
#[derive(Debug)]
pub struct LiveRoom {
    state: Mutex<Room>,
    notices: broadcast::Sender<Notice>,
    /// Spectators connected to this server.
    spectators: AtomicUsize,
    /// Spectators connected to each other server on the database, by its
    /// instance name, as it last announced them (PostgreSQL only).
    elsewhere: StdMutex<HashMap<String, usize>>,
    /// The connection of this server holding each seat, if one does.
    holders: StdMutex<Vec<Option<Holder>>>,
    /// The other server whose player holds each seat, as it last said
    /// (PostgreSQL only): its seats go away if it falls silent.
    remote: StdMutex<Vec<Option<String>>>,
    /// The stored version `state` was read or written at (changed only
    /// under `state`'s lock).
    version: AtomicI64,
    /// When the room was last asked for, or a connection came or went
    /// (the hub's clock, ms): how long it has been idle.
    last_seen: AtomicU64,
}

/// The connection of this server that holds a seat.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
struct Holder {
    /// The connection's id.
    conn: u64,
    /// When it took the seat (the hub's clock, ms): of two connections of
    /// one seat on two servers, the later one keeps it.
    since: u64,
}

/// When a room nobody holds (no connection, request or timer) leaves
/// memory.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Unload {
    /// A room whose game is over, idle this long.
    pub finished_after: Duration,
    /// Any room, idle this long.
    pub idle_after: Duration,
}

impl Default for Unload {
    /// Finished rooms after 10 minutes, any room after an hour.
    fn default() -> Unload {
        Unload {
            finished_after: Duration::from_secs(600),
            idle_after: Duration::from_secs(3_600),
        }
    }
}

/// Why the hub refused a request of the HTTP API.
#[derive(Debug)]
pub enum HubError {
    /// No room with that id.
    NoRoom,
    /// The invite code opens no free seat of the room.
    BadInvite,
    /// The request's settings are not a game.
    BadSettings(String),
    /// The database failed: nothing changed.
    Store(StoreError),
    /// No randomness for secrets.
    Random(NoRandomness),
}

impl fmt::Display for HubError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            HubError::NoRoom => f.write_str("no such room"),
            HubError::BadInvite => f.write_str("this invite is used up or not for this room"),
            HubError::BadSettings(why) => f.write_str(why),
            HubError::Store(e) => e.fmt(f),
            HubError::Random(e) => e.fmt(f),
        }
    }
}

impl std::error::Error for HubError {}

impl From<StoreError> for HubError {
    fn from(e: StoreError) -> Self {
        match e {
            StoreError::SeatGone => HubError::BadInvite,
            e => HubError::Store(e),
        }
    }
}

impl From<NoRandomness> for HubError {
    fn from(e: NoRandomness) -> Self {
        HubError::Random(e)
    }
}

/// A new room as its creator learns it.
#[derive(Debug)]
pub struct Created {
    /// The room.
    pub room: RoomId,
    /// The creator's seat.
    pub seat: SeatIndex,
    /// The creator's seat secret (kept by their browser).
    pub secret: Secret,
    /// The other seat and its one-use invite code (for the link).
    pub invite: (SeatIndex, Secret),
}

/// Which seat the creator takes.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Colour {
    /// Player 1 (moves first).
    First,
    /// Player 2.
    Second,
    /// Drawn at random.
    Random,
}

/// The hub's clock: milliseconds since the Unix epoch ([`now_ms`] in the
/// server, a number the test sets in tests).
pub type Now = Arc<dyn Fn() -> u64 + Send + Sync>;

/// The live rooms and the store behind them.
pub struct Hub {
    store: Store,
    rooms: Mutex<HashMap<RoomId, Arc<LiveRoom>>>,
    next_conn: AtomicU64,
    now: Now,
    /// This server's name in presence notices (the process, its start and
    /// a count: unique among the servers on one database).
    instance: String,
    /// The other servers heard on the presence channel, and when (the
    /// hub's clock, ms); and those given up as silent.
    peers: StdMutex<Peers>,
}

/// What a server knows of the others on its database.
#[derive(Debug, Default)]
struct Peers {
    /// When each was last heard.
    heard: HashMap<String, u64>,
    /// Those that fell silent: heard again, they are asked who they hold.
    silent: std::collections::HashSet<String>,
}

impl fmt::Debug for Hub {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("Hub")
            .field("store", &self.store)
            .finish_non_exhaustive()
    }
}

impl Hub {
    /// A hub over `store` on the system's clock.
    pub fn new(store: Store) -> Arc<Hub> {
        Hub::with_clock(store, Arc::new(now_ms))
    }

    /// A hub over `store` whose time is `now`.
    pub fn with_clock(store: Store, now: Now) -> Arc<Hub> {
        static HUBS: AtomicU64 = AtomicU64::new(0);
        let instance = format!(
            "{:x}-{:x}-{:x}",
            std::process::id(),
            now_ms(),
            HUBS.fetch_add(1, Ordering::Relaxed)
        );
        Arc::new(Hub {
            store,
            rooms: Mutex::new(HashMap::new()),
            next_conn: AtomicU64::new(1),
            now,
            instance,
            peers: StdMutex::new(Peers::default()),
        })
    }

    fn now(&self) -> u64 {
        (self.now)()
    }

    /// Creates a room of `variant` under `control`, the creator seated as
    /// `colour`, stored before it is returned.
    pub async fn create(
        self: &Arc<Hub>,
        variant: Variant,
        control: TimeControl,
        colour: Colour,
    ) -> Result<Created, HubError> {
        let now = self.now();
        let creator = match colour {
            Colour::First => 0,
            Colour::Second => 1,
            Colour::Random => usize::from(coin()?),
        };
        let (secret, code) = (Secret::generate()?, Secret::generate()?);
        let seats = (0..2)
            .map(|i| {
                if i == creator {
                    Seat::held(secret.hash(), now)
                } else {
                    Seat::invited(code.hash(), now)
                }
            })
            .collect();
        let settings = RoomSettings { variant, control };
        let room = Room::new(RoomId::generate()?, settings, seats, now);
        self.store.create_room(&room).await?;
        let id = room.id().clone();
        self.rooms
            .lock()
            .await
            .insert(id.clone(), live_room(room, 0, now));
        let seat = |i| SeatIndex::new(i).ok_or_else(|| HubError::BadSettings("seat".into()));
        Ok(Created {
            room: id,
            seat: seat(creator)?,
            secret,
            invite: (seat(1 - creator)?, code),
        })
    }

    /// The live room `id`, read from the store if the server does not
    /// hold it (it has not touched it since it started, or unloaded it).
    ///
    /// The map is not locked while the database is read: two requests for
    /// a room not held may both read it, and the first to put its copy in
    /// the map wins; the other gets that copy, so there is never more than
    /// one.
    pub async fn room(self: &Arc<Hub>, id: &RoomId) -> Result<Arc<LiveRoom>, HubError> {
        if let Some(room) = self.rooms.lock().await.get(id) {
            room.last_seen.store(self.now(), Ordering::Relaxed);
            return Ok(room.clone());
        }
        let stored = self
            .store
            .load_versioned(id, self.now())
            .await?
            .ok_or(HubError::NoRoom)?;
        let now = self.now();
        let room = {
            let mut rooms = self.rooms.lock().await;
            if let Some(held) = rooms.get(id) {
                held.last_seen.store(now, Ordering::Relaxed);
                return Ok(held.clone());
            }
            let room = live_room(stored.room, stored.version, now);
            rooms.insert(id.clone(), room.clone());
            room
        };
        // Players connected to other servers say so.
        self.announce(id, "ask").await;
        // A clock that fell while the server was down (or the room was
        // unloaded) falls now, stamped when it did; a running one gets its
        // timer.
        self.tick(&room).await;
        Ok(room)
    }

    /// Whether room `id` is in memory.
    pub async fn holds(&self, id: &RoomId) -> bool {
        self.rooms.lock().await.contains_key(id)
    }

    /// How many rooms are in memory.
    pub async fn rooms_held(&self) -> usize {
        self.rooms.lock().await.len()
    }

    /// Drops from memory the rooms nobody holds (no connection, request or
    /// timer under way) that have been idle longer than `unload` says: a
    /// room whose game is over after `finished_after`, any other after
    /// `idle_after`. Everything they hold is in the database already; the
    /// next request reads them back. Returns how many were dropped.
    ///
    /// Nothing else holds a room when only the map does, and no one can
    /// take it from the map while the sweep holds the map's lock, so a
    /// connection never ends up on a copy the map has forgotten.
    pub async fn sweep(&self, unload: Unload) -> usize {
        let now = self.now();
        let millis = |d: Duration| u64::try_from(d.as_millis()).unwrap_or(u64::MAX);
        let (finished_after, idle_after) =
            (millis(unload.finished_after), millis(unload.idle_after));
        let mut rooms = self.rooms.lock().await;
        let before = rooms.len();
        rooms.retain(|_, live| {
            if Arc::strong_count(live) > 1 {
                return true;
            }
            let Ok(room) = live.state.try_lock() else {
                return true;
            };
            let after = if room.status() == Status::Over {
                finished_after
            } else {
                idle_after
            };
            now.saturating_sub(live.last_seen.load(Ordering::Relaxed)) < after
        });
        before - rooms.len()
    }

    /// The invited player takes the seat `code` opens in room `id`; their
    /// new secret.
    pub async fn join(
        self: &Arc<Hub>,
        id: &RoomId,
        code: &Secret,
    ) -> Result<(SeatIndex, Secret), HubError> {
        let live = self.room(id).await?;
        let mut room = live.state.lock().await;
        let mut fresh = false;
        loop {
            let seat = room
                .seat_of_invite(&code.hash())
                .ok_or(HubError::BadInvite)?;
            let secret = Secret::generate()?;
            let mut next = room.clone();
            let events = next.take_seat(seat, secret.hash(), self.now());
            match self.commit(&live, &next, &events).await {
                Ok(()) => {
                    *room = next;
                    live.send_events(&events);
                    return Ok((seat, secret));
                }
                // Another server changed the room: once more on the
                // committed room.
                Err(StoreError::Stale) if !fresh => {
                    fresh = true;
                    self.reload(&live, &mut room).await?;
                }
                Err(e) => return Err(e.into()),
            }
        }
    }

    /// The room as everyone may see it.
    pub async fn snapshot(&self, live: &LiveRoom, you: Option<SeatIndex>) -> Snapshot {
        let room = live.state.lock().await;
        Snapshot::of(&room, self.now(), live.watching(), you)
    }

    /// The seat held by the secret hashed as `secret`.
    pub async fn seat_of(&self, live: &LiveRoom, secret: &SecretHash) -> Option<SeatIndex> {
        live.state.lock().await.seat_of(secret)
    }

    /// Seat `who` (`None`: a spectator) asks for `action`: applied, stored
    /// and broadcast, or refused with nothing changed.
    pub async fn act(
        self: &Arc<Hub>,
        live: &Arc<LiveRoom>,
        who: Option<SeatIndex>,
        action: Action,
    ) -> Result<(), Refusal> {
        let mut room = live.state.lock().await;
        let now = self.now();
        self.apply_tick(live, &mut room, now).await;
        let mut fresh = false;
        let events = loop {
            let mut next = room.clone();
            let events = match next.act(who, action, now) {
                Ok(events) => events,
                // Refused on this copy: if another server changed the room
                // meanwhile, judged once more on the committed room.
                Err(_) if !fresh && self.is_stale(live, &room).await => {
                    fresh = true;
                    self.reload(live, &mut room).await.map_err(storage)?;
                    continue;
                }
                Err(e) => {
                    return Err(Refusal {
                        code: ErrorCode::of(&e),
                        message: e.to_string(),
                    })
                }
            };
            match self.commit(live, &next, &events).await {
                Ok(()) => {
                    *room = next;
                    break events;
                }
                // Another server changed the room: judged once more on the
                // committed room (which may refuse it).
                Err(StoreError::Stale) if !fresh => {
                    fresh = true;
                    self.reload(live, &mut room).await.map_err(storage)?;
                }
                Err(e) => return Err(storage(e)),
            }
        };
        live.send_events(&events);
        if events.contains(&Event::RematchAgreed) {
            let rematch = RoomId::generate().map_err(|e| Refusal {
                code: ErrorCode::Storage,
                message: e.to_string(),
            })?;
            let next_room = room.rematch_room(rematch.clone(), now);
            let mut agreed = room.clone();
            agreed.set_rematch(rematch.clone());
            let version = self
                .store
                .start_rematch_at(&agreed, &next_room, live.version.load(Ordering::SeqCst))
                .await
                .map_err(storage)?;
            live.version.store(version, Ordering::SeqCst);
            *room = agreed;
            self.rooms
                .lock()
                .await
                .entry(rematch.clone())
                .or_insert_with(|| live_room(next_room, 0, now));
            live.send(&ServerFrame::RematchStarted { room: rematch });
        }
        drop(room);
        self.schedule(live).await;
        Ok(())
    }

    /// Stores `events` of `next` (the room after them) over the version
    /// `live` holds, and keeps the new version.
    async fn commit(
        &self,
        live: &LiveRoom,
        next: &Room,
        events: &[Event],
    ) -> Result<(), StoreError> {
        let version = self
            .store
            .record_at(next, events, live.version.load(Ordering::SeqCst))
            .await?;
        live.version.store(version, Ordering::SeqCst);
        Ok(())
    }

    /// Whether the database holds a newer version of `room` (the locked
    /// state of `live`) than this server (a failed read says no).
    async fn is_stale(&self, live: &LiveRoom, room: &Room) -> bool {
        let stored = self.store.version(room.id()).await.ok().flatten();
        stored.is_some_and(|v| v > live.version.load(Ordering::SeqCst))
    }

    /// Reads `room` (the locked state of `live`) again from the database
    /// if it is newer there, keeping who is connected here; its
    /// connections are sent the whole room (and the rematch, if one was
    /// agreed meanwhile).
    async fn reload(&self, live: &LiveRoom, room: &mut Room) -> Result<(), StoreError> {
        let stored = self
            .store
            .load_versioned(room.id(), self.now())
            .await?
            .ok_or_else(|| StoreError::Corrupt(format!("room {} is gone", room.id())))?;
        if stored.version <= live.version.load(Ordering::SeqCst) {
            return Ok(());
        }
        let mut fresh = stored.room;
        fresh.keep_presence(room);
        let rematch = fresh
            .rematch()
            .filter(|r| room.rematch() != Some(*r))
            .cloned();
        *room = fresh;
        live.version.store(stored.version, Ordering::SeqCst);
        let _ = live.notices.send(Notice::Refresh);
        if let Some(rematch) = rematch {
            live.send(&ServerFrame::RematchStarted { room: rematch });
        }
        Ok(())
    }

    /// Room `id` changed in the database (a notification, which names
    /// the room's `version` then; `None`: unknown): if this server holds an
    /// older copy, it reads the room again and sets its timer. Its own
    /// writes' notifications cost nothing.
    pub async fn refresh(self: &Arc<Hub>, id: &RoomId, version: Option<i64>) {
        let live = self.rooms.lock().await.get(id).cloned();
        if let Some(live) = live {
            let mut room = live.state.lock().await;
            let newer = match version {
                Some(v) => v > live.version.load(Ordering::SeqCst),
                None => self.is_stale(&live, &room).await,
            };
            if !newer {
                return;
            }
            // A failed read leaves the copy; the next write is refused as
            // stale and reads again.
            let _ = self.reload(&live, &mut room).await;
            drop(room);
            self.schedule(&live).await;
        }
    }

    /// Reads every room this server holds again where the database's is
    /// newer (see [`Hub::refresh`]).
    async fn refresh_all(self: &Arc<Hub>) {
        let ids: Vec<RoomId> = self.rooms.lock().await.keys().cloned().collect();
        for id in ids {
            self.refresh(&id, None).await;
        }
    }

    /// Follows the database's notifications (PostgreSQL's LISTEN on
    /// [`crate::store::ROOMS_CHANNEL`] and
    /// [`crate::store::PRESENCE_CHANNEL`]) until the task is aborted: each
    /// of the first names a room whose change was committed and its
    /// version, which this server reads again if it holds an older copy. After a lost connection (notifications may
    /// have been missed meanwhile) every room held is read again.
    pub fn listen(self: &Arc<Hub>, mut listener: PgListener) -> tokio::task::JoinHandle<()> {
        let hub = self.clone();
        tokio::spawn(async move {
            loop {
                match listener.try_recv().await {
                    Ok(Some(notification)) if notification.channel() == PRESENCE_CHANNEL => {
                        hub.heard_presence(notification.payload()).await;
                    }
                    Ok(Some(notification)) => {
                        let mut words = notification.payload().split(' ');
                        let id = words.next().and_then(RoomId::parse);
                        let version = words.next().and_then(|v| v.parse().ok());
                        if let (Some(id), Some(version)) = (id, version) {
                            hub.refresh(&id, Some(version)).await;
                        }
                    }
                    // The connection was lost and made again (and LISTENs
                    // again): what was missed meanwhile is read again.
                    Ok(None) => hub.refresh_all().await,
                    // Not made again yet: try again in a second, with a
                    // query that reconnects, then read everything again.
                    Err(_) => {
                        tokio::time::sleep(Duration::from_secs(1)).await;
                        if sqlx::query("SELECT 1").execute(&mut listener).await.is_ok() {
                            hub.refresh_all().await;
                        }
                    }
                }
            }
        })
    }

    /// A connection of `seat` arrived: it holds the seat from now on (any
    /// older one, on this server or another on the database, is told and
    /// closes); returns its id.
    pub async fn connect(&self, live: &Arc<LiveRoom>, seat: SeatIndex) -> u64 {
        let conn = self.next_conn.fetch_add(1, Ordering::Relaxed);
        let since = self.now();
        live.last_seen.store(since, Ordering::Relaxed);
        if let Ok(mut holders) = live.holders.lock() {
            if let Some(holder) = holders.get_mut(seat.index()) {
                *holder = Some(Holder { conn, since });
            }
        }
        let _ = live.notices.send(Notice::TakeOver { seat, conn });
        let mut room = live.state.lock().await;
        let events = room.set_presence(seat, true, self.now());
        let id = room.id().clone();
        drop(room);
        live.send_events(&events);
        self.announce(&id, &format!("took {} {since}", seat.index()))
            .await;
        conn
    }

    /// Connection `conn` of `seat` went; the seat is away unless a newer
    /// connection holds it (here, or on another server that took it over).
    pub async fn disconnect(&self, live: &Arc<LiveRoom>, seat: SeatIndex, conn: u64) {
        live.last_seen.store(self.now(), Ordering::Relaxed);
        let held = live.holders.lock().ok().and_then(|mut holders| {
            let holder = holders.get_mut(seat.index())?;
            (holder.map(|h| h.conn) == Some(conn)).then(|| *holder = None)
        });
        if held.is_some() {
            let mut room = live.state.lock().await;
            let events = room.set_presence(seat, false, self.now());
            let id = room.id().clone();
            drop(room);
            live.send_events(&events);
            self.announce(&id, &format!("away {}", seat.index())).await;
        }
    }

    /// Tells the other servers on the database (PostgreSQL's NOTIFY on
    /// [`crate::store::PRESENCE_CHANNEL`]) about room `id`: `took N T`
    /// (seat N's player connected to this server at T, ms: it holds the
    /// seat now), `here N` (seat N's player is connected here, in answer
    /// to `ask`), `away N` (seat N's player left this server),
    /// `watching N` (N spectators connected here), `ask` (who is connected
    /// elsewhere?). Nothing on SQLite; a failure
    /// only leaves the others' view of presence behind.
    async fn announce(&self, id: &RoomId, what: &str) {
        if self.store.is_postgres() {
            let payload = format!("{} {id} {what}", self.instance);
            let _ = self.store.announce(&payload).await;
        }
    }

    /// Another server's presence notice (see [`Hub::announce`]): who is
    /// connected there, for claims and for the players here. Ours and
    /// malformed ones are ignored. A seat held by a connection here stays
    /// here whatever the others say, except that a later `took` of the
    /// seat on another server takes it over: the connection here is told
    /// and closes, as a second tab on this server would make it.
    async fn heard_presence(&self, payload: &str) {
        let mut words = payload.split(' ');
        let (Some(instance), Some(id), Some(what)) = (words.next(), words.next(), words.next())
        else {
            return;
        };
        if instance == self.instance {
            return;
        }
        if self.heard_from(instance) {
            // Back from silence: what it holds is asked again.
            self.ask_all().await;
        }
        let Some(id) = RoomId::parse(id) else {
            return;
        };
        let Some(live) = self.rooms.lock().await.get(&id).cloned() else {
            return;
        };
        if what == "ask" {
            let held: Vec<usize> = live
                .holders
                .lock()
                .map(|holders| {
                    let held = holders.iter().enumerate().filter(|(_, h)| h.is_some());
                    held.map(|(seat, _)| seat).collect()
                })
                .unwrap_or_default();
            for seat in held {
                self.announce(&id, &format!("here {seat}")).await;
            }
            let here = live.spectators.load(Ordering::Relaxed);
            if here > 0 {
                self.announce(&id, &format!("watching {here}")).await;
            }
            return;
        }
        if what == "watching" {
            let Some(count) = words.next().and_then(|n| n.parse::<usize>().ok()) else {
                return;
            };
            if let Ok(mut elsewhere) = live.elsewhere.lock() {
                elsewhere.insert(instance.to_string(), count);
            }
            live.send(&ServerFrame::Spectators {
                count: live.watching(),
            });
            return;
        }
        let Some(seat) = words
            .next()
            .and_then(|n| n.parse::<usize>().ok())
            .and_then(SeatIndex::new)
        else {
            return;
        };
        let here = match what {
            "here" => true,
            "away" => false,
            "took" => {
                let Some(since) = words.next().and_then(|t| t.parse::<u64>().ok()) else {
                    return;
                };
                self.taken_elsewhere(&live, seat, (since, instance));
                true
            }
            _ => return,
        };
        if let Ok(mut remote) = live.remote.lock() {
            if let Some(slot) = remote.get_mut(seat.index()) {
                *slot = here.then(|| instance.to_string());
            }
        }
        self.present_elsewhere(&live, seat, here).await;
    }

    /// Another server says seat `seat`'s player is connected there
    /// (`here`) or not: the room's players learn it, unless a connection
    /// to this server holds the seat (then it is here whatever the others
    /// say).
    async fn present_elsewhere(&self, live: &LiveRoom, seat: SeatIndex, here: bool) {
        if live.held_here(seat) {
            return;
        }
        let events = live.state.lock().await.set_presence(seat, here, self.now());
        live.send_events(&events);
    }

    /// Another server's connection took `seat` at `taken` (its time and
    /// the server's name): if a connection here holds the seat since
    /// earlier, it lets go and is told to close. The seat stays here (the
    /// other server's player holds it). Both servers compare the same
    /// pair, so of two connections taking one seat at once on two servers
    /// exactly the later one keeps it.
    fn taken_elsewhere(&self, live: &LiveRoom, seat: SeatIndex, taken: (u64, &str)) {
        let replaced = live.holders.lock().ok().and_then(|mut holders| {
            let holder = holders.get_mut(seat.index())?;
            let mine = (*holder)?;
            (taken > (mine.since, self.instance.as_str())).then(|| {
                *holder = None;
                mine
            })
        });
        if replaced.is_some() {
            let _ = live.notices.send(Notice::TakeOver { seat, conn: 0 });
        }
    }

    /// Notes that server `instance` was heard now; whether it had been
    /// given up as silent.
    fn heard_from(&self, instance: &str) -> bool {
        let now = self.now();
        self.peers.lock().is_ok_and(|mut peers| {
            peers.heard.insert(instance.to_string(), now);
            peers.silent.remove(instance)
        })
    }

    /// Asks the other servers who they hold in every room held here.
    async fn ask_all(&self) {
        let ids: Vec<RoomId> = self.rooms.lock().await.keys().cloned().collect();
        for id in ids {
            self.announce(&id, "ask").await;
        }
    }

    /// The heartbeat of the presence channel (PostgreSQL; nothing on
    /// SQLite): says this server is alive (`alive`), then gives up the
    /// servers not heard for `silence` — a server that died without
    /// saying so — as if each had said its players left and its
    /// spectators went: their seats are away (a claim may follow) and
    /// their counts dropped.
    pub async fn heartbeat(&self, silence: Duration) {
        if !self.store.is_postgres() {
            return;
        }
        let payload = format!("{} - alive", self.instance);
        let _ = self.store.announce(&payload).await;
        let now = self.now();
        let silence = u64::try_from(silence.as_millis()).unwrap_or(u64::MAX);
        let gone: Vec<String> = self
            .peers
            .lock()
            .map(|mut peers| {
                let gone: Vec<String> = peers
                    .heard
                    .iter()
                    .filter(|(_, &at)| now.saturating_sub(at) > silence)
                    .map(|(name, _)| name.clone())
                    .collect();
                for name in &gone {
                    peers.heard.remove(name);
                    peers.silent.insert(name.clone());
                }
                gone
            })
            .unwrap_or_default();
        if gone.is_empty() {
            return;
        }
        let rooms: Vec<Arc<LiveRoom>> = self.rooms.lock().await.values().cloned().collect();
        for live in rooms {
            let dropped = live.elsewhere.lock().is_ok_and(|mut elsewhere| {
                let before = elsewhere.len();
                elsewhere.retain(|name, _| !gone.contains(name));
                elsewhere.len() != before
            });
            if dropped {
                live.send(&ServerFrame::Spectators {
                    count: live.watching(),
                });
            }
            let away: Vec<SeatIndex> = live
                .remote
                .lock()
                .map(|mut remote| {
                    let mut away = Vec::new();
                    for (seat, slot) in remote.iter_mut().enumerate() {
                        if slot.as_ref().is_some_and(|name| gone.contains(name)) {
                            *slot = None;
                            away.extend(SeatIndex::new(seat));
                        }
                    }
                    away
                })
                .unwrap_or_default();
            for seat in away {
                self.present_elsewhere(&live, seat, false).await;
            }
        }
    }

    /// A spectator arrived (`+1`) or left (`-1`); everyone learns the
    /// count, on every server (the others by [`Hub::announce`]).
    pub async fn spectate(&self, live: &LiveRoom, arrived: bool) {
        live.last_seen.store(self.now(), Ordering::Relaxed);
        let here = if arrived {
            live.spectators.fetch_add(1, Ordering::Relaxed) + 1
        } else {
            live.spectators
                .fetch_sub(1, Ordering::Relaxed)
                .saturating_sub(1)
        };
        live.send(&ServerFrame::Spectators {
            count: live.watching(),
        });
        let id = live.state.lock().await.id().clone();
        self.announce(&id, &format!("watching {here}")).await;
    }

    /// Lets the room's clock fall if it has, then sets its timer.
    async fn tick(self: &Arc<Hub>, live: &Arc<LiveRoom>) {
        let mut room = live.state.lock().await;
        self.apply_tick(live, &mut room, self.now()).await;
        drop(room);
        self.schedule(live).await;
    }

    async fn apply_tick(&self, live: &LiveRoom, room: &mut Room, now: u64) {
        let mut next = room.clone();
        let events = next.tick(now);
        // If the result cannot be stored, the room stays as it was and the
        // next tick or action tries again.
        if events.is_empty() {
            return;
        }
        match self.commit(live, &next, &events).await {
            Ok(()) => {
                *room = next;
                live.send_events(&events);
            }
            // Another server changed the room (it may have stored this
            // very result): read what it committed.
            Err(StoreError::Stale) => {
                let _ = self.reload(live, room).await;
            }
            Err(_) => {}
        }
    }

    /// Wakes the room when its running clock falls.
    async fn schedule(self: &Arc<Hub>, live: &Arc<LiveRoom>) {
        let deadline = live.state.lock().await.deadline();
        if let Some(deadline) = deadline {
            self.wake_at(live, deadline);
        }
    }

    /// Ticks `live` at `deadline` (a tick is harmless when the clock has
    /// moved on meanwhile). The timer does not keep the room in memory: a
    /// room unloaded meanwhile lets its clock fall when it is read back,
    /// stamped when it fell.
    fn wake_at(self: &Arc<Hub>, live: &Arc<LiveRoom>, deadline: u64) {
        let (hub, live): (Weak<Hub>, Weak<LiveRoom>) = (Arc::downgrade(self), Arc::downgrade(live));
        let wait = deadline.saturating_sub(self.now());
        let wake: Pin<Box<dyn Future<Output = ()> + Send>> = Box::pin(async move {
            tokio::time::sleep(Duration::from_millis(wait)).await;
            if let (Some(hub), Some(live)) = (hub.upgrade(), live.upgrade()) {
                hub.tick(&live).await;
            }
        });
        tokio::spawn(wake);
    }
}

fn storage(e: StoreError) -> Refusal {
    Refusal {
        code: ErrorCode::Storage,
        message: format!("the server could not store it, nothing changed ({e})"),
    }
}

fn live_room(room: Room, version: i64, now: u64) -> Arc<LiveRoom> {
    let seats = room.seats().len();
    Arc::new(LiveRoom {
        state: Mutex::new(room),
        notices: broadcast::channel(CHANNEL_CAPACITY).0,
        spectators: AtomicUsize::new(0),
        elsewhere: StdMutex::new(HashMap::new()),
        holders: StdMutex::new(vec![None; seats]),
        remote: StdMutex::new(vec![None; seats]),
        version: AtomicI64::new(version),
        last_seen: AtomicU64::new(now),
    })
}

impl LiveRoom {
    /// Spectators of the room on every server: this one's and what the
    /// others last announced.
    pub fn watching(&self) -> usize {
        let elsewhere: usize = self
            .elsewhere
            .lock()
            .map(|counts| counts.values().sum())
            .unwrap_or(0);
        self.spectators.load(Ordering::Relaxed) + elsewhere
    }

    /// Whether a connection to this server holds `seat` (a seat the room
    /// does not have counts as held: nobody else may speak for it).
    fn held_here(&self, seat: SeatIndex) -> bool {
        self.holders
            .lock()
            .map(|holders| holders.get(seat.index()).is_none_or(Option::is_some))
            .unwrap_or(true)
    }

    /// A receiver of the room's notices from now on.
    pub fn subscribe(&self) -> broadcast::Receiver<Notice> {
        self.notices.subscribe()
    }

    fn send(&self, frame: &ServerFrame) {
        // No receiver is fine: nobody is connected.
        let _ = self.notices.send(Notice::Frame(frame.to_json().into()));
    }

    fn send_events(&self, events: &[Event]) {
        for frame in events.iter().filter_map(ServerFrame::of_event) {
            self.send(&frame);
        }
    }
}

#[cfg(test)]
mod tests;
