//! The database: every room, seat, move (with its server stamp and the
//! clocks after it) and result, committed before anyone is told. SQLite by
//! default, through sqlx with plain SQL and bound parameters only, so that
//! PostgreSQL can take the same queries later.
//!
//! Durability: WAL mode with `synchronous=FULL`. In WAL mode `NORMAL`
//! already survives a crash or `kill -9` of the server (the WAL is in the
//! operating system's hands once written) but may lose the last commits on
//! a power failure; `FULL` syncs the WAL at each commit, about one fsync
//! per move, which a game's rate of moves affords. So a move a player was
//! told about survives a power failure too.
//!
//! A room is read back by replaying its stored moves at their stamps
//! through the same [`Room`] state machine ([`Room::restore`]), so the
//! state after a restart is the state before it.

use crate::clock::TimeControl;
use crate::room::{EndReason, Event, GameResult, Room, RoomSettings};
use crate::seat::{Presence, Seat, SeatIndex, MAX_SEATS};
use crate::secret::{RoomId, SecretHash};
use quoridor_rules::{Move, Variant};
use sqlx::sqlite::{SqliteConnectOptions, SqliteJournalMode, SqlitePoolOptions, SqliteSynchronous};
use sqlx::{Row, SqlitePool};
use std::fmt;
use std::path::Path;
use std::time::Duration;

/// The schema, one migration per entry, applied in order at start.
const MIGRATIONS: [(i64, &str); 1] = [(1, include_str!("../migrations/0001_rooms.sql"))];

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
}

impl fmt::Display for StoreError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            StoreError::Database(e) => write!(f, "database: {e}"),
            StoreError::Corrupt(why) => write!(f, "database is inconsistent: {why}"),
            StoreError::SeatGone => f.write_str("the seat was taken meanwhile"),
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
    pool: SqlitePool,
}

impl Store {
    /// Opens (creating if missing) the SQLite database at `path` and
    /// brings its schema up to date.
    pub async fn open(path: &Path) -> Result<Store, StoreError> {
        let options = SqliteConnectOptions::new()
            .filename(path)
            .create_if_missing(true)
            .journal_mode(SqliteJournalMode::Wal)
            .synchronous(SqliteSynchronous::Full)
            .foreign_keys(true)
            .busy_timeout(Duration::from_secs(5));
        let pool = SqlitePoolOptions::new()
            .max_connections(4)
            .connect_with(options)
            .await?;
        let store = Store { pool };
        store.migrate().await?;
        Ok(store)
    }

    /// Closes the database's connections (SQLite then folds the WAL into
    /// the file); later queries fail.
    pub async fn close(&self) {
        self.pool.close().await;
    }

    async fn migrate(&self) -> Result<(), StoreError> {
        sqlx::query("CREATE TABLE IF NOT EXISTS schema_migrations (version BIGINT PRIMARY KEY)")
            .execute(&self.pool)
            .await?;
        for (version, sql) in MIGRATIONS {
            let mut tx = self.pool.begin().await?;
            let done = sqlx::query("SELECT 1 FROM schema_migrations WHERE version = ?")
                .bind(version)
                .fetch_optional(&mut *tx)
                .await?;
            if done.is_some() {
                continue;
            }
            for statement in statements(sql) {
                sqlx::query(&statement).execute(&mut *tx).await?;
            }
            sqlx::query("INSERT INTO schema_migrations (version) VALUES (?)")
                .bind(version)
                .execute(&mut *tx)
                .await?;
            tx.commit().await?;
        }
        Ok(())
    }

    /// Stores a new room and its seats.
    pub async fn create_room(&self, room: &Room) -> Result<(), StoreError> {
        let mut tx = self.pool.begin().await?;
        insert_room(&mut tx, room).await?;
        tx.commit().await?;
        Ok(())
    }

    /// Stores what `events` changed in `room` (the room after them), in one
    /// transaction: taken seats, moves, the result, rematch offers.
    pub async fn record(&self, room: &Room, events: &[Event]) -> Result<(), StoreError> {
        let id = room.id().as_str();
        let mut tx = self.pool.begin().await?;
        for event in events {
            match event {
                Event::SeatTaken(seat) => {
                    let secret = room
                        .seats()
                        .get(seat.index())
                        .and_then(|s| s.secret)
                        .ok_or_else(|| corrupt("a taken seat without a secret"))?;
                    let done = sqlx::query(
                        "UPDATE seats SET secret_hash = ?, invite_hash = NULL \
                         WHERE room = ? AND seat = ? AND secret_hash IS NULL",
                    )
                    .bind(secret.as_bytes().as_slice())
                    .bind(id)
                    .bind(int(seat.index())?)
                    .execute(&mut *tx)
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
                    clock,
                } => {
                    let clock_ms: Vec<String> =
                        clock.remaining_ms.iter().map(u64::to_string).collect();
                    sqlx::query(
                        "INSERT INTO moves (room, ply, seat, notation, at_ms, clock_ms) \
                         VALUES (?, ?, ?, ?, ?, ?)",
                    )
                    .bind(id)
                    .bind(int(*ply)?)
                    .bind(int(seat.index())?)
                    .bind(mv.to_string())
                    .bind(int(*at_ms)?)
                    .bind(clock_ms.join(","))
                    .execute(&mut *tx)
                    .await?;
                }
                Event::Ended(result) => {
                    let winner = result.winner.map(|w| int(w.index())).transpose()?;
                    sqlx::query(
                        "INSERT INTO results (room, winner, reason, at_ms) VALUES (?, ?, ?, ?)",
                    )
                    .bind(id)
                    .bind(winner)
                    .bind(result.reason.name())
                    .bind(int(result.at_ms)?)
                    .execute(&mut *tx)
                    .await?;
                }
                Event::RematchOffers(offers) => {
                    for (seat, offer) in offers.iter().enumerate() {
                        sqlx::query(
                            "UPDATE seats SET rematch_offer = ? WHERE room = ? AND seat = ?",
                        )
                        .bind(*offer)
                        .bind(id)
                        .bind(int(seat)?)
                        .execute(&mut *tx)
                        .await?;
                    }
                }
                Event::Presence { .. } | Event::RematchAgreed => {}
            }
        }
        tx.commit().await?;
        Ok(())
    }

    /// Stores the rematch `next` of `room` (which names it) in one
    /// transaction.
    pub async fn start_rematch(&self, room: &Room, next: &Room) -> Result<(), StoreError> {
        let mut tx = self.pool.begin().await?;
        insert_room(&mut tx, next).await?;
        sqlx::query("UPDATE rooms SET rematch = ? WHERE id = ?")
            .bind(next.id().as_str())
            .bind(room.id().as_str())
            .execute(&mut *tx)
            .await?;
        tx.commit().await?;
        Ok(())
    }

    /// The room `id` as stored, its players away since `now`; `None` if
    /// there is no such room.
    pub async fn load(&self, id: &RoomId, now: u64) -> Result<Option<Room>, StoreError> {
        let key = id.as_str();
        let Some(row) = sqlx::query(
            "SELECT size, walls, control, seat_count, created_ms, rematch FROM rooms WHERE id = ?",
        )
        .bind(key)
        .fetch_optional(&self.pool)
        .await?
        else {
            return Ok(None);
        };
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
            "SELECT seat, secret_hash, invite_hash, rematch_offer FROM seats \
             WHERE room = ? ORDER BY seat",
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
                rematch_offer: row.try_get("rematch_offer")?,
            });
        }
        if seats.len() != seat_count || !(2..=MAX_SEATS).contains(&seat_count) {
            return Err(corrupt("a room without its seats"));
        }

        let seat_index = |n: i64| -> Result<SeatIndex, StoreError> {
            SeatIndex::new(uint(n)?).ok_or_else(|| corrupt("a bad seat"))
        };
        let mut moves = Vec::new();
        for row in
            sqlx::query("SELECT seat, notation, at_ms FROM moves WHERE room = ? ORDER BY ply")
                .bind(key)
                .fetch_all(&self.pool)
                .await?
        {
            let mv: Move = row
                .try_get::<String, _>("notation")?
                .parse()
                .map_err(|_| corrupt("a stored move is not notation"))?;
            moves.push((
                seat_index(row.try_get("seat")?)?,
                mv,
                uint(row.try_get::<i64, _>("at_ms")?)?,
            ));
        }

        let result = match sqlx::query("SELECT winner, reason, at_ms FROM results WHERE room = ?")
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
        Room::restore(room, &moves, result, rematch)
            .map(Some)
            .ok_or_else(|| corrupt(format!("room {id}'s moves do not replay")))
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

async fn insert_room(
    tx: &mut sqlx::Transaction<'_, sqlx::Sqlite>,
    room: &Room,
) -> Result<(), StoreError> {
    let settings = room.settings();
    sqlx::query(
        "INSERT INTO rooms (id, size, walls, control, seat_count, created_ms) \
         VALUES (?, ?, ?, ?, ?, ?)",
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
             VALUES (?, ?, ?, ?, ?)",
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
