//! The page: the Yew components that draw the game as SVG and send the
//! player's intents, and the Web Worker the engines run in ([`worker`]).
//! Everything here runs in the browser alone (wasm32; natively the crate is
//! empty): what the page decides (its model, the link format, the geometry,
//! what to open at start) is `quoridor-page`, plain Rust tested natively and
//! imported here under the names the components use.
#![cfg(target_arch = "wasm32")]

pub mod analysis;
mod labels;
mod storage;
pub mod worker;

use quoridor_page::{engine_choice, geometry, link, model, pool_core};

mod app;
mod board;
mod by_link;
mod clocks;
mod coach;
mod controls;
mod copy_field;
mod disclosure;
mod engine;
mod game_actions;
mod history;
mod how_to_play;
mod level_list;
mod level_status;
mod move_input;
mod new_game;
mod notice;
mod offline;
mod online;
mod players;
mod pool;
mod reducible;
mod seed;
mod share;
mod sound;
mod status;
mod theme;
mod thinking;
mod top_bar;
mod watch;
mod your_games;

pub use app::App;

/// Mount the app on `<body>` and register the offline service worker.
pub fn start() {
    offline::register_service_worker();
    yew::Renderer::<App>::new().render();
}
