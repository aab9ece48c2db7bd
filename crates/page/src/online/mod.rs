//! Play a friend: the page's side of the server's live games
//! (docs/server.md). The wire format ([`wire`]), the page addresses of
//! online games ([`route`]), time controls and clock faces ([`clock`]), and
//! an online game's state beside its board ([`game`]). Target-neutral, so
//! `cargo test` covers it; the WebSocket and the forms are in the web crate.

pub mod clock;
pub mod game;
pub mod route;
pub mod wire;

pub use game::{Connection, OnlineGame};
