//! The Yew front end (wasm32 only). It renders state and sends intents; rules
//! come from [`crate::game`], engine answers from the worker.

mod app;
mod board;
mod engine;
pub mod geometry;
mod offline;
mod state;
mod status;

pub use app::App;

/// Mount the app on `<body>` and register the offline service worker.
pub fn start() {
    offline::register_service_worker();
    yew::Renderer::<App>::new().render();
}
