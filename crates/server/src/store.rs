//! The database: every room, seat, move (with its server stamp and the
//! clocks after it) and result, committed before anyone is told. SQLite by
//! default, or PostgreSQL when `--db` is a `postgres://` URL; both through
//! sqlx's `any` driver with the same plain SQL, `$1`-style bound parameters
//! (which SQLite reads too) and nothing else.
//!
//! Durability on SQLite: WAL mode with `synchronous=FULL`. In WAL mode
//! `NORMAL` already survives a crash or `kill -9` of the server (the WAL is
//! in the operating system's hands once written) but may lose the last
//! commits on a power failure; `FULL` syncs the WAL at each commit, about
//! one fsync per move, which a game's rate of moves affords. So a move a
//! player was told about survives a power failure too. PostgreSQL's own
//! defaults (`fsync`, `synchronous_commit` on) give the same.
//!
//! A room is read back by replaying its stored moves at their stamps, each
//! with its stored lag credit, through the same [`Room`] state machine
//! ([`Room::restore`]), so the state after a restart is the state before
//! it, clocks and lag quotas included.
//!
//! Several servers on one PostgreSQL: each room row has a version, raised
//! by every write, and a write names the version it was computed from
//! ([`Store::record_at`]); a server whose copy is stale is refused
//! ([`StoreError::Stale`]) and reads the room again. Each write also sends
//! `NOTIFY quoridor_rooms` with the room's id and new version, delivered
//! when it commits,
//! which the other servers hear through [`Store::listener`] and answer by
//! reading the committed room.

use crate::clock::TimeControl;
use crate::room::{EndReason, Event, GameResult, Room, RoomSettings, StoredMove};
use crate::seat::{Presence, Seat, SeatIndex, MAX_SEATS};
use crate::secret::{RoomId, SecretHash};
use quoridor_rules::Variant;
use sqlx::any::{AnyConnectOptions, AnyPoolOptions};
use sqlx::postgres::{PgConnectOptions, PgListener};
use sqlx::sqlite::SqliteConnectOptions;
use sqlx::{Any, AnyConnection, AnyPool, ConnectOptions, Connection, Executor, Row, Transaction};
use std::fmt;
use std::path::{Path, PathBuf};
use std::str::FromStr;

/// The schema on SQLite, one migration per entry, applied in order at
/// start.
const SQLITE_MIGRATIONS: [(i64, &str); 3] = [
    (1, include_str!("../migrations/0001_rooms.sql")),
    (2, include_str!("../migrations/0002_room_version.sql")),
    (3, include_str!("../migrations/0003_move_lag.sql")),
];

/// The same schema on PostgreSQL (which has `BYTEA` for `BLOB`, and whose
/// `INTEGER` is 32 bits where the store reads 64).
const POSTGRES_MIGRATIONS: [(i64, &str); 3] = [
    (1, include_str!("../migrations/postgres/0001_rooms.sql")),
    (2, include_str!("../migrations/0002_room_version.sql")),
    (3, include_str!("../migrations/0003_move_lag.sql")),
];

/// The PostgreSQL channel a committed change of a room is announced on;
/// the payload is the room's id and its new version (`ID VERSION`).
pub const ROOMS_CHANNEL: &str = "quoridor_rooms";

/// The PostgreSQL channel servers tell each other who is connected on:
/// `SERVER ROOM here N`, `SERVER ROOM away N` or `SERVER ROOM ask`
/// ([`crate::hub::Hub`]). Presence is not stored: it is each server's own.
pub const PRESENCE_CHANNEL: &str = "quoridor_presence";

/// Where the database is, as `--db` names it.
#[derive(Clone, PartialEq, Eq)]
pub enum DbLocation {
    /// An SQLite file (created if missing): a plain path, or `sqlite:PATH`
    /// / `sqlite://PATH`.
    Sqlite(PathBuf),
    /// A PostgreSQL database: a `postgres://` or `postgresql://` URL.
    Postgres(String),
}

impl fmt::Debug for DbLocation {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        // The URL may hold a password: it is not printed.
        match self {
            DbLocation::Sqlite(path) => f.debug_tuple("Sqlite").field(path).finish(),
            DbLocation::Postgres(_) => f.write_str("Postgres(..)"),
        }
    }
}

impl From<PathBuf> for DbLocation {
    fn from(path: PathBuf) -> Self {
        DbLocation::Sqlite(path)
    }
}

impl From<&Path> for DbLocation {
    fn from(path: &Path) -> Self {
        DbLocation::Sqlite(path.to_path_buf())
    }
}

/// Why `--db` names no database.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct DbLocationError(String);

impl fmt::Display for DbLocationError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.0)
    }
}

impl std::error::Error for DbLocationError {}

impl FromStr for DbLocation {
    type Err = DbLocationError;

    /// A file path or `sqlite:PATH` is SQLite; `postgres://…` or
    /// `postgresql://…` is PostgreSQL; any other `scheme://` is refused.
    fn from_str(text: &str) -> Result<DbLocation, DbLocationError> {
        let bad = |why: String| Err(DbLocationError(why));
        if text.is_empty() {
            return bad("an empty database name (a file path, sqlite:PATH or postgres://…)".into());
        }
        if text.starts_with("postgres://") || text.starts_with("postgresql://") {
            return match PgConnectOptions::from_str(text) {
                Ok(_) => Ok(DbLocation::Postgres(text.to_string())),
                Err(e) => bad(format!("not a PostgreSQL URL ({e})")),
            };
        }
        if let Some(rest) = text.strip_prefix("sqlite:") {
            let path = rest.strip_prefix("//").unwrap_or(rest);
            if path.is_empty() {
                return bad("sqlite: names no file".into());
            }
            return Ok(DbLocation::Sqlite(PathBuf::from(path)));
        }
        if let Some((scheme, _)) = text.split_once("://") {
            if !scheme.is_empty()
                && scheme
                    .chars()
                    .all(|c| c.is_ascii_alphanumeric() || "+-.".contains(c))
            {
                return bad(format!(
                    "{scheme}:// is not a database this server speaks (a file path, sqlite:PATH or postgres://…)"
                ));
            }
        }
        Ok(DbLocation::Sqlite(PathBuf::from(text)))
    }
}

/// What went wrong with the database.
#[derive(Debug)]
pub enum StoreError {
    /// The database refused or failed.
    Database(sqlx::Error),
    /// A stored row does not make sense (a move that does not replay, a
    /// hash of the wrong length): the database was changed by hand.
    Corrupt(String),
    /// The seat was taken meanwhile (its invite is used up).
    SeatGone,
    /// The room changed meanwhile (another server on the same database
    /// wrote it): nothing was written; read it again.
    Stale,
}

impl fmt::Display for StoreError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            StoreError::Database(e) => write!(f, "database: {e}"),
            StoreError::Corrupt(why) => write!(f, "database is inconsistent: {why}"),
            StoreError::SeatGone => f.write_str("the seat was taken meanwhile"),
            StoreError::Stale => f.write_str("the room changed meanwhile"),
        }
    }
}

impl std::error::Error for StoreError {}

impl From<sqlx::Error> for StoreError {
    fn from(e: sqlx::Error) -> Self {
        StoreError::Database(e)
    }
}

fn corrupt(what: impl Into<String>) -> StoreError {
    StoreError::Corrupt(what.into())
}

/// A number as SQL stores it (a signed 64-bit integer).
fn int(n: impl TryInto<i64>) -> Result<i64, StoreError> {
    n.try_into().map_err(|_| corrupt("a number out of range"))
}

/// A stored integer as an unsigned number.
fn uint<T: TryFrom<i64>>(n: i64) -> Result<T, StoreError> {
    T::try_from(n).map_err(|_| corrupt(format!("number {n} out of range")))
}

/// The rooms' database.
#[derive(Clone, Debug)]
pub struct Store {
    pool: AnyPool,
    /// The PostgreSQL URL (for [`Store::listener`]); `None` on SQLite.
    postgres: Option<String>,
}

/// A room as stored and the version it was read at.
#[derive(Debug)]
pub struct Versioned {
    /// The room, its players away since the time given to the read.
    pub room: Room,
    /// The room's version: raised by each write.
    pub version: i64,
}
impl Store {
    /// Opens (creating if missing) the SQLite database at `path` and
    /// brings its schema up to date.
    pub async fn open(path: &Path) -> Result<Store, StoreError> {
        Store::connect(&DbLocation::Sqlite(path.to_path_buf())).await
    }

    /// Opens the database at `location` (an SQLite file is created if
    /// missing) and brings its schema up to date.
    pub async fn connect(location: &DbLocation) -> Result<Store, StoreError> {
        let store = Store::unmigrated(location).await?;
        store.migrate(i64::MAX).await?;
        Ok(store)
    }

    /// Opens the database at `location` as [`Store::connect`] does, its
    /// schema as it is.
    async fn unmigrated(location: &DbLocation) -> Result<Store, StoreError> {
        sqlx::any::install_default_drivers();
        Ok(match location {
            DbLocation::Sqlite(path) => {
                let url = SqliteConnectOptions::new()
                    .filename(path)
                    .create_if_missing(true)
                    .to_url_lossy();
                let options = AnyConnectOptions::from_url(&url)?;
                let pool = AnyPoolOptions::new()
                    .max_connections(4)
                    .after_connect(|conn, _| {
                        Box::pin(async move {
                            conn.execute(
                                "PRAGMA journal_mode = WAL; PRAGMA synchronous = FULL; \
                                 PRAGMA foreign_keys = ON; PRAGMA busy_timeout = 5000",
                            )
                            .await?;
                            Ok(())
                        })
                    })
                    .connect_with(options)
                    .await?;
                Store {
                    pool,
                    postgres: None,
                }
            }
            DbLocation::Postgres(url) => {
                // One connection first, for its own error (refused,
                // password, no such database) rather than the pool's
                // timeout after retrying it.
                AnyConnection::connect(url).await?.close().await?;
                let pool = AnyPoolOptions::new()
                    .max_connections(8)
                    .connect(url)
                    .await?;
                Store {
                    pool,
                    postgres: Some(url.clone()),
                }
            }
        })
    }

    /// Whether the database is PostgreSQL (and can tell other servers).
    pub fn is_postgres(&self) -> bool {
        self.postgres.is_some()
    }

    /// On PostgreSQL, a listener on [`ROOMS_CHANNEL`] (each notification
    /// names a room whose change was committed, by any server, this one
    /// too, and its version then) and [`PRESENCE_CHANNEL`]. `None` on SQLite, where one server holds the
    /// file.
    pub async fn listener(&self) -> Result<Option<PgListener>, StoreError> {
        let Some(url) = &self.postgres else {
            return Ok(None);
        };
        let mut listener = PgListener::connect(url).await?;
        listener
            .listen_all([ROOMS_CHANNEL, PRESENCE_CHANNEL])
            .await?;
        Ok(Some(listener))
    }

    /// On PostgreSQL, sends `payload` on [`PRESENCE_CHANNEL`] (at once: not
    /// in a transaction); nothing on SQLite.
    pub async fn announce(&self, payload: &str) -> Result<(), StoreError> {
        if self.is_postgres() {
            sqlx::query("SELECT COUNT(*) FROM (SELECT pg_notify($1, $2)) AS sent")
                .bind(PRESENCE_CHANNEL)
                .bind(payload)
                .fetch_one(&self.pool)
                .await?;
        }
        Ok(())
    }

    /// Closes the database's connections (SQLite then folds the WAL into
    /// the file); later queries fail.
    pub async fn close(&self) {
        self.pool.close().await;
    }

    /// Applies the migrations numbered up to `through` not applied yet.
    async fn migrate(&self, through: i64) -> Result<(), StoreError> {
        let migrations = if self.is_postgres() {
            POSTGRES_MIGRATIONS
        } else {
            SQLITE_MIGRATIONS
        };
        let mut tx = self.migration().await?;
        sqlx::query("CREATE TABLE IF NOT EXISTS schema_migrations (version BIGINT PRIMARY KEY)")
            .execute(&mut *tx)
            .await?;
        tx.commit().await?;
        for (version, sql) in migrations.into_iter().filter(|&(v, _)| v <= through) {
            let mut tx = self.migration().await?;
            let done = sqlx::query("SELECT version FROM schema_migrations WHERE version = $1")
                .bind(version)
                .fetch_optional(&mut *tx)
                .await?;
            if done.is_some() {
                continue;
            }
            for statement in statements(sql) {
                sqlx::query(&statement).execute(&mut *tx).await?;
            }
            sqlx::query("INSERT INTO schema_migrations (version) VALUES ($1)")
                .bind(version)
                .execute(&mut *tx)
                .await?;
            tx.commit().await?;
        }
        Ok(())
    }

    /// A transaction for one step of the migrations. On PostgreSQL it first
    /// takes a lock of its own, so that servers starting together migrate
    /// one after the other (even `CREATE TABLE IF NOT EXISTS` races there).
    async fn migration(&self) -> Result<Transaction<'static, Any>, StoreError> {
        let mut tx = self.pool.begin().await?;
        if self.is_postgres() {
            sqlx::query("SELECT COUNT(*) FROM (SELECT pg_advisory_xact_lock($1)) AS locked")
                .bind(0x5155_4f52_i64)
                .fetch_one(&mut *tx)
                .await?;
        }
        Ok(tx)
    }

    /// Stores a new room and its seats (at version 0).
    pub async fn create_room(&self, room: &Room) -> Result<(), StoreError> {
        let mut tx = self.pool.begin().await?;
        insert_room(&mut tx, room).await?;
        tx.commit().await?;
        Ok(())
    }

    /// Stores what `events` changed in `room` (the room after them), in one
    /// transaction: taken seats, moves, the result, rematch offers.
    pub async fn record(&self, room: &Room, events: &[Event]) -> Result<(), StoreError> {
        self.write(room, events, None, None).await.map(|_| ())
    }

    /// [`Store::record`] if the stored room is still at `version` (the one
    /// `room` was computed from), else [`StoreError::Stale`] and nothing
    /// written; the room's new version.
    pub async fn record_at(
        &self,
        room: &Room,
        events: &[Event],
        version: i64,
    ) -> Result<i64, StoreError> {
        self.write(room, events, Some(version), None).await
    }

    /// Stores the rematch `next` of `room` (which names it) in one
    /// transaction.
    pub async fn start_rematch(&self, room: &Room, next: &Room) -> Result<(), StoreError> {
        self.write(room, &[], None, Some(next)).await.map(|_| ())
    }

    /// [`Store::start_rematch`] if the stored `room` is still at
    /// `version`; its new version.
    pub async fn start_rematch_at(
        &self,
        room: &Room,
        next: &Room,
        version: i64,
    ) -> Result<i64, StoreError> {
        self.write(room, &[], Some(version), Some(next)).await
    }

    /// One write of room `room`: its version raised (if still `expected`),
    /// the `events`, the `rematch` room, and on PostgreSQL the
    /// notification, all in one transaction.
    async fn write(
        &self,
        room: &Room,
        events: &[Event],
        expected: Option<i64>,
        rematch: Option<&Room>,
    ) -> Result<i64, StoreError> {
        let id = room.id().as_str();
        let mut tx = self.pool.begin().await?;
        // The first statement writes the room's row: on PostgreSQL it holds
        // the row's lock until the commit, so writers of one room queue.
        let version: Option<i64> = match expected {
            Some(expected) => {
                sqlx::query_scalar(
                    "UPDATE rooms SET version = version + 1 \
                     WHERE id = $1 AND version = $2 RETURNING version",
                )
                .bind(id)
                .bind(expected)
                .fetch_optional(&mut *tx)
                .await?
            }
            None => {
                sqlx::query_scalar(
                    "UPDATE rooms SET version = version + 1 WHERE id = $1 RETURNING version",
                )
                .bind(id)
                .fetch_optional(&mut *tx)
                .await?
            }
        };
        let Some(version) = version else {
            return Err(if expected.is_some() {
                StoreError::Stale
            } else {
                corrupt(format!("room {id} is not stored"))
            });
        };
        record_events(&mut tx, room, events).await?;
        if let Some(next) = rematch {
            insert_room(&mut tx, next).await?;
            sqlx::query("UPDATE rooms SET rematch = $1 WHERE id = $2")
                .bind(next.id().as_str())
                .bind(id)
                .execute(&mut *tx)
                .await?;
        }
        if self.is_postgres() {
            // Delivered to every listener when (and only if) this commits.
            sqlx::query("SELECT COUNT(*) FROM (SELECT pg_notify($1, $2)) AS sent")
                .bind(ROOMS_CHANNEL)
                .bind(format!("{id} {version}"))
                .fetch_one(&mut *tx)
                .await?;
        }
        tx.commit().await?;
        Ok(version)
    }

    /// The stored version of room `id` (`None`: no such room).
    pub async fn version(&self, id: &RoomId) -> Result<Option<i64>, StoreError> {
        Ok(
            sqlx::query_scalar("SELECT version FROM rooms WHERE id = $1")
                .bind(id.as_str())
                .fetch_optional(&self.pool)
                .await?,
        )
    }

    /// The room `id` as stored, its players away since `now`; `None` if
    /// there is no such room.
    pub async fn load(&self, id: &RoomId, now: u64) -> Result<Option<Room>, StoreError> {
        Ok(self.load_versioned(id, now).await?.map(|v| v.room))
    }

    /// [`Store::load`] with the version read. The version is read first,
    /// so the room is at least as new as it (a newer room only means one
    /// more read when its notification comes).
    pub async fn load_versioned(
        &self,
        id: &RoomId,
        now: u64,
    ) -> Result<Option<Versioned>, StoreError> {
        let key = id.as_str();
        let Some(row) = sqlx::query(
            "SELECT version, size, walls, control, seat_count, created_ms, rematch \
             FROM rooms WHERE id = $1",
        )
        .bind(key)
        .fetch_optional(&self.pool)
        .await?
        else {
            return Ok(None);
        };
        let version: i64 = row.try_get("version")?;
        let variant = Variant::new(
            uint(row.try_get::<i64, _>("size")?)?,
            uint(row.try_get::<i64, _>("walls")?)?,
        )
        .map_err(|e| corrupt(e.to_string()))?;
        let control: TimeControl = row
            .try_get::<String, _>("control")?
            .parse()
            .map_err(|e: crate::clock::ParseTimeControlError| corrupt(e.to_string()))?;
        let seat_count: usize = uint(row.try_get::<i64, _>("seat_count")?)?;
        let created_ms: u64 = uint(row.try_get::<i64, _>("created_ms")?)?;
        let rematch = row
            .try_get::<Option<String>, _>("rematch")?
            .map(|r| RoomId::parse(&r).ok_or_else(|| corrupt("a bad rematch id")))
            .transpose()?;

        let hash = |bytes: Option<Vec<u8>>| -> Result<Option<SecretHash>, StoreError> {
            bytes
                .map(|b| SecretHash::from_slice(&b).ok_or_else(|| corrupt("a bad hash")))
                .transpose()
        };
        let mut seats = Vec::new();
        for row in sqlx::query(
            // The offer read as 0 or 1: the `any` driver reads no SQLite
            // BOOLEAN column.
            "SELECT seat, secret_hash, invite_hash, \
             CASE WHEN rematch_offer THEN 1 ELSE 0 END AS rematch_offer FROM seats \
             WHERE room = $1 ORDER BY seat",
        )
        .bind(key)
        .fetch_all(&self.pool)
        .await?
        {
            let index: usize = uint(row.try_get::<i64, _>("seat")?)?;
            if index != seats.len() {
                return Err(corrupt("seats out of order"));
            }
            seats.push(Seat {
                secret: hash(row.try_get("secret_hash")?)?,
                invite: hash(row.try_get("invite_hash")?)?,
                presence: Presence::Away { since: now },
                rematch_offer: row.try_get::<i64, _>("rematch_offer")? != 0,
            });
        }
        if seats.len() != seat_count || !(2..=MAX_SEATS).contains(&seat_count) {
            return Err(corrupt("a room without its seats"));
        }

        let seat_index = |n: i64| -> Result<SeatIndex, StoreError> {
            SeatIndex::new(uint(n)?).ok_or_else(|| corrupt("a bad seat"))
        };
        let mut moves = Vec::new();
        for row in sqlx::query(
            "SELECT seat, notation, at_ms, lag_ms FROM moves WHERE room = $1 ORDER BY ply",
        )
        .bind(key)
        .fetch_all(&self.pool)
        .await?
        {
            moves.push(StoredMove {
                seat: seat_index(row.try_get("seat")?)?,
                mv: row
                    .try_get::<String, _>("notation")?
                    .parse()
                    .map_err(|_| corrupt("a stored move is not notation"))?,
                at_ms: uint(row.try_get::<i64, _>("at_ms")?)?,
                lag_ms: uint(row.try_get::<i64, _>("lag_ms")?)?,
            });
        }

        let result = match sqlx::query("SELECT winner, reason, at_ms FROM results WHERE room = $1")
            .bind(key)
            .fetch_optional(&self.pool)
            .await?
        {
            None => None,
            Some(row) => Some(GameResult {
                winner: row
                    .try_get::<Option<i64>, _>("winner")?
                    .map(seat_index)
                    .transpose()?,
                reason: EndReason::from_name(&row.try_get::<String, _>("reason")?)
                    .ok_or_else(|| corrupt("an unknown end reason"))?,
                at_ms: uint(row.try_get::<i64, _>("at_ms")?)?,
            }),
        };

        let settings = RoomSettings { variant, control };
        let room = Room::new(id.clone(), settings, seats, created_ms);
        let room = Room::restore(room, &moves, result, rematch)
            .ok_or_else(|| corrupt(format!("room {id}'s moves do not replay")))?;
        Ok(Some(Versioned { room, version }))
    }
}

/// The statements of a migration: its `--` comments left out, split at
/// each `;` (the migrations hold no string with either).
fn statements(sql: &str) -> Vec<String> {
    let code: Vec<&str> = sql
        .lines()
        .map(|line| line.split("--").next().unwrap_or(""))
        .collect();
    code.join("\n")
        .split(';')
        .map(str::trim)
        .filter(|s| !s.is_empty())
        .map(str::to_string)
        .collect()
}

/// Writes what `events` changed in `room` (the room after them): taken
/// seats, moves, the result, rematch offers.
async fn record_events(
    tx: &mut Transaction<'_, Any>,
    room: &Room,
    events: &[Event],
) -> Result<(), StoreError> {
    let id = room.id().as_str();
    for event in events {
        match event {
            Event::SeatTaken(seat) => {
                let secret = room
                    .seats()
                    .get(seat.index())
                    .and_then(|s| s.secret)
                    .ok_or_else(|| corrupt("a taken seat without a secret"))?;
                let done = sqlx::query(
                    "UPDATE seats SET secret_hash = $1, invite_hash = NULL \
                     WHERE room = $2 AND seat = $3 AND secret_hash IS NULL",
                )
                .bind(secret.as_bytes().to_vec())
                .bind(id)
                .bind(int(seat.index())?)
                .execute(&mut **tx)
                .await?;
                if done.rows_affected() != 1 {
                    return Err(StoreError::SeatGone);
                }
            }
            Event::Moved {
                ply,
                mv,
                seat,
                at_ms,
                lag_ms,
                clock,
            } => {
                let clock_ms: Vec<String> = clock.remaining_ms.iter().map(u64::to_string).collect();
                sqlx::query(
                    "INSERT INTO moves (room, ply, seat, notation, at_ms, clock_ms, lag_ms) \
                     VALUES ($1, $2, $3, $4, $5, $6, $7)",
                )
                .bind(id)
                .bind(int(*ply)?)
                .bind(int(seat.index())?)
                .bind(mv.to_string())
                .bind(int(*at_ms)?)
                .bind(clock_ms.join(","))
                .bind(int(*lag_ms)?)
                .execute(&mut **tx)
                .await?;
            }
            Event::Ended(result) => {
                let winner = result.winner.map(|w| int(w.index())).transpose()?;
                sqlx::query(
                    "INSERT INTO results (room, winner, reason, at_ms) VALUES ($1, $2, $3, $4)",
                )
                .bind(id)
                .bind(winner)
                .bind(result.reason.name())
                .bind(int(result.at_ms)?)
                .execute(&mut **tx)
                .await?;
            }
            Event::RematchOffers(offers) => {
                for (seat, offer) in offers.iter().enumerate() {
                    sqlx::query(
                        "UPDATE seats SET rematch_offer = $1 WHERE room = $2 AND seat = $3",
                    )
                    .bind(*offer)
                    .bind(id)
                    .bind(int(seat)?)
                    .execute(&mut **tx)
                    .await?;
                }
            }
            Event::Presence { .. } | Event::RematchAgreed => {}
        }
    }
    Ok(())
}

async fn insert_room(tx: &mut Transaction<'_, Any>, room: &Room) -> Result<(), StoreError> {
    let settings = room.settings();
    sqlx::query(
        "INSERT INTO rooms (id, size, walls, control, seat_count, created_ms) \
         VALUES ($1, $2, $3, $4, $5, $6)",
    )
    .bind(room.id().as_str())
    .bind(i64::from(settings.variant.size()))
    .bind(i64::from(settings.variant.walls()))
    .bind(settings.control.to_string())
    .bind(int(room.seats().len())?)
    .bind(int(room.created_ms())?)
    .execute(&mut **tx)
    .await?;
    for (i, seat) in room.seats().iter().enumerate() {
        sqlx::query(
            "INSERT INTO seats (room, seat, secret_hash, invite_hash, rematch_offer) \
             VALUES ($1, $2, $3, $4, $5)",
        )
        .bind(room.id().as_str())
        .bind(int(i)?)
        .bind(seat.secret.map(|h| h.as_bytes().to_vec()))
        .bind(seat.invite.map(|h| h.as_bytes().to_vec()))
        .bind(seat.rematch_offer)
        .execute(&mut **tx)
        .await?;
    }
    Ok(())
}

#[cfg(test)]
mod tests;
