//! The play-a-friend server (`quoridor serve`): rooms joined by an invite
//! link, the server as referee and clock, live play over WebSocket,
//! reconnection to a seat by its secret, spectators, and every room, seat,
//! move and result committed to the database before anyone is told: an
//! embedded SQLite file, or a PostgreSQL database several servers share
//! (each change passed on by LISTEN/NOTIFY). It also serves the built page (Trunk's `dist/`).
//!
//! Read in this order: [`clock`] (time controls), [`seat`] and [`secret`]
//! (who holds what), [`room`] (the game's state machine, pure: time is
//! passed in), [`protocol`] (the frames), [`rate`] (the per-connection
//! limit), [`limit`] (the limits per client address), [`store`] (the
//! database), [`hub`] (the live rooms, unloaded when idle), [`lag`] (a
//! connection's lag, from its pongs), `connection` (one WebSocket), [`app`] (the router), [`server`] (start
//! and stop). docs/server.md has the protocol and the threat list.

#![warn(missing_docs)]

pub mod app;
pub mod base_path;
pub mod clock;
mod connection;
pub mod hub;
pub mod lag;
pub mod limit;
pub mod protocol;
pub mod rate;
pub mod room;
pub mod seat;
pub mod secret;
pub mod server;
pub mod store;

pub use base_path::{BasePath, BasePathError};
pub use clock::{Clock, ClockReading, ParseTimeControlError, TimeControl};
pub use hub::Unload;
pub use limit::IpLimits;
pub use room::{
    Action, ActionError, EndReason, Event, GameResult, Room, RoomSettings, Status, StoredMove,
};
pub use seat::{SeatIndex, MAX_SEATS};
pub use secret::{RoomId, Secret, SecretHash};
pub use server::{
    run, start, Running, ServeError, ServerConfig, DEFAULT_HEARTBEAT_EVERY, DEFAULT_SWEEP_EVERY,
};
pub use store::{DbLocation, DbLocationError, Store, StoreError};
