//! The engines through the registry: the search API, legality under every
//! setting, tactics with known best moves, strength against a random mover,
//! alpha-beta against a reference minimax, threads, levels, the pawn-race
//! table, the tie-break and the snapshot's network value.

mod alphabeta;
mod api;
mod book;
mod legality;
mod levels;
mod parallel;
mod pawn_race;
mod shortest_win;
mod snapshot;
mod strength;
mod tactics;
mod tie_break;
