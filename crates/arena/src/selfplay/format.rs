//! The lines of a self-play file: the header, then one line per game.

use crate::shard::Shard;
use quoridor_engines::{EngineConfig, Limits};
use quoridor_rules::{Move, Player, Variant, VariantError};
use serde::{Deserialize, Serialize};

/// The header's `format`: what kind of file this is.
pub const FORMAT: &str = "quoridor-selfplay";

/// The header's `version` this build writes: 2, whose plies list every
/// visited root child with its visits (`children`).
pub const VERSION: u32 = 2;

/// The oldest version this build reads: 1, whose plies have only the best
/// candidates' shares (`visits`), so its policy target is partial
/// ([`crate::selfplay::PolicyTarget::complete`] false).
pub const OLDEST_VERSION: u32 = 1;

/// Most candidates a ply keeps in its `visits`.
pub const TOP_CANDIDATES: usize = 8;

/// The board a run plays on, as the header writes it.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct BoardDefinition {
    /// Squares per side.
    pub size: u8,
    /// Walls per player at the start.
    pub walls: u8,
}

impl BoardDefinition {
    /// The variant with this size and these walls, standard start squares.
    pub fn variant(self) -> Result<Variant, VariantError> {
        Variant::new(self.size, self.walls)
    }
}

/// The file's first line: what run the games come from.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct Header {
    /// Always [`FORMAT`].
    pub format: String,
    /// The format's version ([`VERSION`]).
    pub version: u32,
    /// The board.
    pub variant: BoardDefinition,
    /// The engine and its settings, as the arena's shard files store them.
    pub engine: EngineConfig,
    /// The per-move limit.
    pub limit: Limits,
    /// The base seed every game's seed derives from.
    pub seed: u64,
    /// The shard this file holds (`null`: the whole run, or a merge).
    pub shard: Option<Shard>,
    /// Games in the whole run (all shards together).
    pub games: usize,
    /// Plies after which a game stops as a draw.
    pub max_plies: usize,
    /// Plies after the opening chosen at random among the search's candidates.
    pub random_plies: usize,
    /// The opening book's records (game `i` starts from opening `i mod len`).
    pub openings: Vec<String>,
    /// The build that played the games (package version and build id).
    pub build: String,
    /// The command line that wrote the file.
    pub command: String,
}

impl Header {
    /// What defines the run's games (everything but the shard, the build and
    /// the command), as JSON: files of one run have the same.
    pub fn run_definition(&self) -> serde_json::Value {
        let mut value = serde_json::to_value(self).unwrap_or_default();
        if let Some(map) = value.as_object_mut() {
            for key in ["shard", "build", "command"] {
                map.remove(key);
            }
        }
        value
    }
}

/// How a game ended.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum FinalResult {
    /// Player 1 reached the goal row.
    #[serde(rename = "1")]
    One,
    /// Player 2 reached the goal row.
    #[serde(rename = "2")]
    Two,
    /// The ply cap was reached (or, in theory, the side to move had no move).
    #[serde(rename = "draw")]
    Draw,
}

impl FinalResult {
    /// The outcome where `player` won.
    pub fn won_by(player: Player) -> FinalResult {
        match player {
            Player::One => FinalResult::One,
            Player::Two => FinalResult::Two,
        }
    }

    /// The winner, if any.
    pub fn winner(self) -> Option<Player> {
        match self {
            FinalResult::One => Some(Player::One),
            FinalResult::Two => Some(Player::Two),
            FinalResult::Draw => None,
        }
    }

    /// The result for `player`: 1 a win, 0 a loss, ½ a draw.
    pub fn score_for(self, player: Player) -> f64 {
        match self.winner() {
            Some(winner) if winner == player => 1.0,
            Some(_) => 0.0,
            None => 0.5,
        }
    }
}

/// What the search said at one position of a game.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct PlyLine {
    /// The search's win probability for the side to move.
    pub value: f64,
    /// The best candidates (at most [`TOP_CANDIDATES`]) and their share of
    /// the search: UCT's visit share, alpha-beta's best move with 1.
    pub visits: Vec<(Move, f64)>,
    /// Version 2: every root child the search visited with its visit count,
    /// most visited first (the full distribution a policy learns); alpha-beta,
    /// which counts no visits per move: its best move with 1. Empty (and not
    /// written) in version 1.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub children: Vec<(Move, u32)>,
}

/// One game: its record, result and the search's view of every position.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct GameLine {
    /// Its index in the run's numbered list (0-based).
    pub game: usize,
    /// Its seed (from the run's seed and the index, as the arena's games).
    pub seed: u64,
    /// How many of its first plies came from the opening book.
    pub book_plies: usize,
    /// Its moves from the start, separated by spaces (no header tags).
    pub record: String,
    /// How it ended.
    pub result: FinalResult,
    /// One entry per move of the record: the search at the position before it.
    pub plies: Vec<PlyLine>,
}

/// `x` rounded to `decimals` decimal places (shorter lines; more digits
/// than that are noise in a search's estimate).
pub(crate) fn rounded(x: f64, decimals: i32) -> f64 {
    let scale = 10f64.powi(decimals);
    (x * scale).round() / scale
}
