//! The analysis views' plain parts: the layout of the tree explorer
//! ([`icicle`]), the formatting of numbers ([`mod@format`]), alpha-beta's
//! report as rows ([`alphabeta_view`]) and the placement of the candidates'
//! and the policy's labels on the board. The components that draw them are
//! `quoridor-web`'s `analysis`.

pub mod alphabeta_view;
pub mod candidate_labels;
pub mod format;
pub mod icicle;
pub mod policy_labels;
