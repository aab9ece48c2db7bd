//! The command line, run as a user runs it (the built `quoridor` binary):
//! each subcommand's behaviour, the engine protocols, clap's conventions,
//! and its files' layers.

mod common;

mod alphabeta_protocol;
mod arena;
mod conventions;
mod experiments;
mod generation;
mod layers;
mod learned;
mod match_script;
mod qtp;
mod rate;
mod review;
mod rules;
mod selfplay;
mod serve;
mod shard;
mod solve;
mod tables;
mod train;
mod uci;
