//! Quoridor: rules ([`game`]) and the UCT engine ([`search`]), shared by the
//! browser app (Yew + a Web Worker, wasm32) and the native command-line tool.
//!
//! Rules never depend on search; search never depends on the UI.

pub mod game;
