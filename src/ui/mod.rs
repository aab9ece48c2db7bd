//! The Yew front end. It renders state and sends intents; rules come from
//! [`crate::game`], engine answers from the worker. The components are
//! wasm32 only; the page's model ([`model`]: the state machine and the data
//! it holds), the board geometry, the link format and the choice of the
//! opening game ([`storage`]) build natively too so their tests run with
//! `cargo test`.

pub mod analysis;
pub mod engine_choice;
pub mod geometry;
pub mod labels;
pub mod link;
pub mod model;
pub mod pool_core;
pub mod storage;

#[cfg(target_arch = "wasm32")]
mod app;
#[cfg(target_arch = "wasm32")]
mod board;
#[cfg(target_arch = "wasm32")]
mod coach;
#[cfg(target_arch = "wasm32")]
mod controls;
#[cfg(target_arch = "wasm32")]
mod disclosure;
#[cfg(target_arch = "wasm32")]
mod engine;
#[cfg(target_arch = "wasm32")]
mod game_actions;
#[cfg(target_arch = "wasm32")]
mod history;
#[cfg(target_arch = "wasm32")]
mod how_to_play;
#[cfg(target_arch = "wasm32")]
mod level_list;
#[cfg(target_arch = "wasm32")]
mod level_status;
#[cfg(target_arch = "wasm32")]
mod move_input;
#[cfg(target_arch = "wasm32")]
mod new_game;
#[cfg(target_arch = "wasm32")]
mod notice;
#[cfg(target_arch = "wasm32")]
mod offline;
#[cfg(target_arch = "wasm32")]
mod players;
#[cfg(target_arch = "wasm32")]
mod pool;
#[cfg(target_arch = "wasm32")]
mod reducible;
#[cfg(target_arch = "wasm32")]
mod seed;
#[cfg(target_arch = "wasm32")]
mod share;
#[cfg(target_arch = "wasm32")]
mod sound;
#[cfg(target_arch = "wasm32")]
mod status;
#[cfg(target_arch = "wasm32")]
mod theme;
#[cfg(target_arch = "wasm32")]
mod thinking;
#[cfg(target_arch = "wasm32")]
mod top_bar;
#[cfg(target_arch = "wasm32")]
mod watch;

#[cfg(target_arch = "wasm32")]
pub use app::App;

/// Mount the app on `<body>` and register the offline service worker.
#[cfg(target_arch = "wasm32")]
pub fn start() {
    offline::register_service_worker();
    yew::Renderer::<App>::new().render();
}
