//! Messages between the page and the engine worker, defined once for both
//! sides. They travel as bincode byte arrays (gloo-worker's default
//! encoding), which read fields by position: none of them may skip a field
//! when serializing (`skip_serializing_if`).
//!
//! One think: the page sends [`WorkerRequest::Search`] with a search id; the
//! worker answers with [`WorkerResponse::Progress`] snapshots a few times a
//! second and one [`WorkerResponse::Done`]. [`WorkerRequest::Stop`] ends the
//! think at once ("Move now"), and [`WorkerRequest::Children`] reads one node
//! of the tree for the tree explorer. Answers carry the request's
//! [`SearchId`] so the page can drop answers to searches it no longer waits
//! for. The worker's side of the conversation is [`super::host`].

use std::fmt;

use quoridor_engines::{ChildInfo, EngineConfig, MapLimits, NodeId, SearchInfo, TreeMap};
use quoridor_rules::{Game, Move, Variant};
use quoridor_solver::exact::Exact;
use serde::{Deserialize, Serialize};

/// The id the page gives a search. Every answer about that search carries
/// it, and each sender's ids only grow, so a late answer to an older search
/// is told apart. On the wire it is the bare number.
///
/// ```
/// use quoridor_page::worker::messages::SearchId;
/// assert_eq!(SearchId(6).next(), SearchId(7));
/// assert_eq!(SearchId(7).to_string(), "7");
/// ```
#[derive(
    Clone, Copy, Debug, Default, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize,
)]
#[serde(transparent)]
pub struct SearchId(pub u32);

impl SearchId {
    /// The id of the search after this one.
    pub fn next(self) -> SearchId {
        SearchId(self.0 + 1)
    }
}

impl fmt::Display for SearchId {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        self.0.fmt(f)
    }
}

/// What a search is for.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum SearchMode {
    /// Find a move to play, within the settings' limits.
    Move,
    /// Search with no limit until stopped, only to show what the engine thinks.
    Analysis,
}

/// The game as data, as it crosses the worker boundary: the variant and the
/// moves from its start position. The worker replays the moves through the
/// rules before searching, so a move list that breaks a rule is an
/// [`WorkerResponse::Error`], never a panic.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct GameData {
    /// Board size, walls and start squares.
    pub variant: Variant,
    /// The moves played from the start position.
    pub moves: Vec<Move>,
}

impl GameData {
    /// The game after `moves` from the start of `variant`.
    pub fn new(variant: Variant, moves: Vec<Move>) -> Self {
        GameData { variant, moves }
    }

    /// Replays the moves; the first one that breaks a rule is an error that
    /// names it by its 1-based index, as a game record's would.
    pub fn replay(&self) -> Result<Game, quoridor_rules::RecordError> {
        let mut game = Game::new(self.variant);
        for (i, &mv) in self.moves.iter().enumerate() {
            game.play(mv)
                .map_err(|error| quoridor_rules::RecordError::Illegal {
                    index: i + 1,
                    mv,
                    error,
                })?;
        }
        Ok(game)
    }
}

impl From<&Game> for GameData {
    fn from(game: &Game) -> Self {
        GameData::new(game.variant(), game.moves().to_vec())
    }
}

/// What the page asks of the worker.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
// A search request is sent once per search and dropped: its settings
// inline cost nothing worth a box.
#[allow(clippy::large_enum_variant)]
pub enum WorkerRequest {
    /// A liveness check; the worker answers [`WorkerResponse::Pong`] with the
    /// same `id` and the text reversed.
    Ping {
        /// Echoed back.
        id: u32,
        /// Reversed in the answer.
        text: String,
    },
    /// Search the position after `game`'s moves.
    Search {
        /// Chosen by the page; echoed in every answer about this search.
        id: SearchId,
        /// The game so far.
        game: GameData,
        /// The engine that searches and its settings (limits included).
        config: EngineConfig,
        /// Play a move, or analyse without limit.
        mode: SearchMode,
        /// How many root children the snapshots list.
        top: u32,
    },
    /// End search `id` now; the worker answers with `Done`.
    Stop {
        /// The search to stop.
        id: SearchId,
    },
    /// The children of `node` in the tree of the latest search.
    Children {
        /// The search whose tree is meant.
        id: SearchId,
        /// The node; `0` is the root.
        node: NodeId,
    },
    /// A bounded slice of the latest search's tree for the tree map, under
    /// the node `path` leads to (the deepest node on it the tree has).
    TreeMap {
        /// The search whose tree is meant.
        id: SearchId,
        /// Moves from the searched position to the map's top node.
        path: Vec<Move>,
        /// How many nodes and how deep.
        limits: MapLimits,
    },
    /// The exact values of the position after `game`'s moves, where its
    /// variant is small enough to solve in the page (solved once per
    /// variant, then looked up); answered with [`WorkerResponse::Exact`].
    Exact {
        /// The game leading to the position.
        game: GameData,
    },
    /// The learned network's prior for each legal move of the position
    /// after `game`'s moves (its policy head, no search: what the network
    /// believes whatever the search does); answered with
    /// [`WorkerResponse::Priors`].
    Priors {
        /// The game leading to the position.
        game: GameData,
    },
}

/// What the worker tells the page.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub enum WorkerResponse {
    /// The answer to [`WorkerRequest::Ping`].
    Pong {
        /// The ping's id.
        id: u32,
        /// The ping's text reversed.
        reversed: String,
        /// Name and version of the crate the worker was built from.
        worker: String,
    },
    /// A snapshot while searching.
    Progress {
        /// The search id.
        id: SearchId,
        /// Counters, candidates and principal variation.
        info: SearchInfo,
    },
    /// The search ended (limit reached, stopped, or solved).
    Done {
        /// The search id.
        id: SearchId,
        /// The move to play, if the position has one.
        best: Option<Move>,
        /// The final snapshot.
        info: SearchInfo,
    },
    /// The children of a node, most visited first.
    Children {
        /// The search id.
        id: SearchId,
        /// The node asked for.
        node: NodeId,
        /// Moves from the searched position to that node.
        path: Vec<Move>,
        /// Its children.
        children: Vec<ChildInfo>,
    },
    /// The answer to [`WorkerRequest::TreeMap`].
    TreeMap {
        /// The search id.
        id: SearchId,
        /// The slice of the tree.
        map: TreeMap,
        /// Microseconds the worker took to build it.
        build_us: f64,
    },
    /// The answer to [`WorkerRequest::Exact`].
    Exact {
        /// The game asked about.
        game: GameData,
        /// Its position's exact values, or why there are none.
        answer: ExactAnswer,
    },
    /// The answer to [`WorkerRequest::Priors`].
    Priors {
        /// The game asked about.
        game: GameData,
        /// Each legal move with its prior, in the legal moves' order; `None`
        /// when the network cannot say (no network, no policy head, or a
        /// board other than 9×9), empty when the game is over or its moves
        /// do not replay.
        priors: Option<Vec<MovePrior>>,
    },
    /// A request could not be served.
    Error {
        /// The request's id.
        id: SearchId,
        /// What went wrong, for the notice area.
        message: String,
    },
}

/// A move and the network's prior for it, in `[0, 1]` (a position's sum to 1).
#[derive(Clone, Copy, Debug, PartialEq, Serialize, Deserialize)]
pub struct MovePrior {
    /// The move.
    pub mv: Move,
    /// Its prior (the network computes it in `f32`; `f64` here as the
    /// page's other numbers are, so the page formats one float type).
    pub prior: f64,
}

/// What the worker knows exactly of one position.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub enum ExactAnswer {
    /// Its variant is solved: the values.
    Solved {
        /// The position's and its moves' values.
        exact: Exact,
        /// Milliseconds the variant's solve took, when this request solved it.
        solve_ms: Option<f64>,
    },
    /// Its variant is too big to solve in the page.
    TooBig,
    /// The moves do not replay (the message says which).
    Error(String),
}

/// Milliseconds between two progress snapshots of a search: the worker
/// keeps to it, and the page's pool of workers times its merges by it.
pub const PROGRESS_EVERY_MS: f64 = 200.0;

#[cfg(test)]
pub(crate) mod tests {
    use super::*;
    use quoridor_engines::Limits;
    use quoridor_engines::SearchParams;

    /// Settings for a quick search: 400 playouts.
    pub(crate) fn quick() -> SearchParams {
        SearchParams {
            limits: Limits::playouts(400),
            ..SearchParams::default()
        }
    }

    /// A 9×9 game after `moves` (notation, space-separated), unchecked.
    pub(crate) fn standard(moves: &str) -> GameData {
        let moves = moves
            .split_whitespace()
            .map(|m| m.parse().expect("notation"))
            .collect();
        GameData::new(Variant::default(), moves)
    }

    #[test]
    fn messages_are_serde_types() {
        fn serde_both_ways<T: Serialize + serde::de::DeserializeOwned>() {}
        serde_both_ways::<WorkerRequest>();
        serde_both_ways::<WorkerResponse>();
    }

    #[test]
    fn a_search_request_carries_the_game_as_variant_and_moves() {
        let request = WorkerRequest::Search {
            id: SearchId(7),
            game: standard("e2 e8 e3h"),
            config: EngineConfig::of_kind(quoridor_engines::EngineKind::Uct, quick()),
            mode: SearchMode::Analysis,
            top: 3,
        };
        let json = serde_json::to_value(&request).expect("serializes");
        let game = &json["Search"]["game"];
        assert_eq!(game["moves"], serde_json::json!(["e2", "e8", "e3h"]));
        assert_eq!(game["variant"]["size"], 9);
        let back: WorkerRequest = serde_json::from_value(json).expect("deserializes");
        assert_eq!(back, request);
    }

    #[test]
    fn replay_names_the_first_illegal_move() {
        let error = standard("e2 e8 e2").replay().expect_err("e2 is occupied");
        assert_eq!(error.move_index(), Some(3));
        assert_eq!(standard("e2 e8").replay().expect("legal").moves().len(), 2);
    }

    #[test]
    fn a_search_id_travels_as_a_bare_number() {
        let stop = WorkerRequest::Stop { id: SearchId(5) };
        let json = serde_json::to_value(&stop).expect("serializes");
        assert_eq!(json, serde_json::json!({ "Stop": { "id": 5 } }));
        let back: WorkerRequest = serde_json::from_value(json).expect("deserializes");
        assert_eq!(back, stop);
    }
}
