//! Quoridor: rules ([`game`]) and two engines ([`search`]: UCT, a Monte Carlo
//! tree search after a 2011 thesis, and negamax alpha-beta with the chess
//! enhancements, behind one interface), shared by the browser app (Yew + a
//! Web Worker, wasm32) and the native command-line tool.
//!
//! Rules never depend on search; search never depends on the UI. [`bench`] is
//! the engine benchmark shared by the CLI and its WebAssembly build; [`review`]
//! the coach's judgement of a game's moves, shared by the page and the CLI.

#[cfg(not(target_arch = "wasm32"))]
pub mod arena;
pub mod bench;
#[cfg(not(target_arch = "wasm32"))]
pub mod cli;
pub mod review;
#[cfg(not(target_arch = "wasm32"))]
pub mod selfplay;
pub mod solve;
#[cfg(not(target_arch = "wasm32"))]
pub mod train;
pub mod ui;
pub mod worker;

/// The engines, their settings and the core they share (`quoridor-engines`).
pub use quoridor_engines as search;
/// The rules (`quoridor-rules`).
pub use quoridor_rules as game;
/// Small text helpers (`quoridor-text`).
pub use quoridor_text as text;
