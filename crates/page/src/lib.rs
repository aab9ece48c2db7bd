//! What the page decides, as plain Rust tested natively: its model (the
//! state machine and the data it holds, [`model`]), the board's geometry and
//! the labels' placement, the share-link format ([`link`]), what to open at
//! start ([`storage`]), the engine choice, the worker pool's bookkeeping, the
//! analysis views' layout and formatting, and the engine worker's side of
//! the page ([`worker`]: its messages and how it answers them). The Yew
//! components and the browser glue are `quoridor-web`'s; nothing here names
//! them.

pub mod analysis;
pub mod engine_choice;
pub mod geometry;
pub mod labels;
pub mod link;
pub mod model;
pub mod online;
pub mod pool_core;
pub mod storage;
pub mod worker;
