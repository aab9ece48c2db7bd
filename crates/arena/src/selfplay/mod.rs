//! Self-play training data (native only): the engine plays itself and every
//! position it searched is written with the search's value, its candidates'
//! share of the search and the game's result, for a learned evaluation to be
//! trained on. `quoridor selfplay` writes the files; [`SelfplayReader`]
//! reads them back as [`Sample`]s; [`merge_files`] joins a run's shards.
//!
//! # The file format (version 2)
//!
//! [JSON Lines](https://jsonlines.org): UTF-8, one JSON object per line,
//! every line (the last too) ending with a newline. The first line is the
//! header, the run's definition:
//!
//! ```text
//! {"format":"quoridor-selfplay","version":2,"variant":{"size":9,"walls":10},
//!  "engine":{"kind":"uct","params":{…}},"limit":{"playouts":1000,"time":null},
//!  "seed":0,"shard":null,"games":100,"max_plies":300,"random_plies":4,
//!  "openings":[],"build":"0.1.0","command":"quoridor selfplay …"}
//! ```
//!
//! (on one line in the file). `engine` is the engine and its settings as the
//! arena's shard files store them; `shard` is `{"index":I,"count":N}` for a
//! `--shard I/N` file, `null` for a whole run or a merge; `openings` the
//! book's records (game `i` starts from opening `i mod len`).
//!
//! Then one line per game, in the order of the run's numbered list:
//!
//! ```text
//! {"game":0,"seed":17,"book_plies":0,"record":"e2 e8 e3h …","result":"1",
//!  "plies":[{"value":0.5312,"visits":[["e3",0.61],["d2h",0.22]],
//!             "children":[["e3",610],["d2h",220],["c3h",90],…]},…]}
//! ```
//!
//! - `game`: the index in the run (0-based); `seed`: the game's seed, from
//!   the run's seed and the index exactly as the arena derives it.
//! - `record`: the moves from the start, in notation, separated by spaces;
//!   the positions are recovered by replaying it (so a corrupt record shows
//!   as an illegal move). `book_plies`: how many came from the opening book.
//! - `result`: `"1"` or `"2"`, the player whose pawn reached its goal row,
//!   or `"draw"` when the game reached `max_plies`.
//! - `plies`: one entry per move of the record, for the position before it:
//!   `value`, the search's win probability for the side to move there (4
//!   decimals), and `visits`, the best candidates (at most 8) with their
//!   share of the search (3 decimals): UCT's share of the root's visits;
//!   alpha-beta, which counts no visits per move, gives its best move 1.
//!   `children` (version 2): every root child the search visited with its
//!   visit count, most visited first — the full distribution a policy head
//!   learns from; alpha-beta: its best move with 1.
//!   The move played is the record's: the book's, a candidate drawn in
//!   proportion to its share for `random_plies` plies after the book
//!   (alpha-beta: in proportion to its win probability), then the best.
//!
//! Version 1 (files written before the policy head) is read too: its plies
//! have no `children`, and [`Sample::policy_target`] scales its `visits`
//! (the best 8) to sum to 1, flagged partial.

mod format;
mod merge;
mod play;
mod reader;

pub use format::{
    BoardDefinition, FinalResult, GameLine, Header, PlyLine, FORMAT, OLDEST_VERSION,
    TOP_CANDIDATES, VERSION,
};
pub use merge::{merge_files, SelfplayMergeError};
pub use play::{play_selfplay_game, SelfplayConfig};
pub use reader::{PolicyTarget, ReadError, ReadProblem, Sample, SelfplayGame, SelfplayReader};

/// `header` as its line of the file, newline included.
pub fn header_line(header: &Header) -> Result<String, serde_json::Error> {
    serde_json::to_string(header).map(|mut line| {
        line.push('\n');
        line
    })
}

/// `game` as its line of the file, newline included.
pub fn game_line(game: &GameLine) -> Result<String, serde_json::Error> {
    serde_json::to_string(game).map(|mut line| {
        line.push('\n');
        line
    })
}
