//! The engine's share of the page's state: its settings, pause/step for
//! engine-vs-engine games, the search the page waits for and the latest
//! snapshot the worker sent.

use super::EngineSettings;
use crate::worker::messages::{GameData, SearchId, SearchMode, WorkerRequest};
use quoridor_engines::{EngineConfig, SearchInfo};
use quoridor_rules::Move;

/// Root children listed in progress snapshots.
pub const TOP_CHILDREN: u32 = 16;

/// A search the page has asked the worker for. The app sends it when it
/// appears and sends `Stop` for it when it goes away.
#[derive(Clone, Debug, PartialEq)]
pub struct RequestedSearch {
    /// Echoed in the worker's answers.
    pub id: SearchId,
    /// Play a move, or analyse.
    pub mode: SearchMode,
    /// The game searched: the position after its moves.
    pub game: GameData,
    /// The engine that searches and its settings, fixed when the search
    /// started.
    pub config: EngineConfig,
}

impl RequestedSearch {
    /// The message that starts this search in the worker.
    pub fn request(&self) -> WorkerRequest {
        WorkerRequest::Search {
            id: self.id,
            game: self.game.clone(),
            config: self.config.clone(),
            mode: self.mode,
            top: TOP_CHILDREN,
        }
    }
}

/// The latest snapshot from the worker and the search it belongs to.
#[derive(Clone, Debug, PartialEq)]
pub struct Snapshot {
    /// The search it came from.
    pub id: SearchId,
    /// That search's mode.
    pub mode: SearchMode,
    /// Counters, candidates and principal variation.
    pub info: SearchInfo,
}

/// What the engine is doing now.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum EngineActivity {
    /// Nothing runs.
    Idle,
    /// It thinks of a move to play.
    Thinking,
    /// Analysis mode: it searches the board's position until stopped.
    Analysing,
}

/// The engine part of the page's state.
#[derive(Clone, Debug, PartialEq, Default)]
pub struct EngineRun {
    /// Engine settings for the next engine move.
    pub settings: EngineSettings,
    /// Engine moves wait while paused (engine vs engine).
    pub paused: bool,
    /// Play one engine move, then pause again.
    pub step: bool,
    /// The search under way, if any.
    pub search: Option<RequestedSearch>,
    /// Id of the last search started; ids only grow, so late answers to an
    /// older search are told apart.
    pub last_search_id: SearchId,
    /// The latest snapshot (progress or final) of a search the page waited for.
    pub snapshot: Option<Snapshot>,
    /// The engine's last move, when the solved board's table gave it
    /// without a search (the snapshot is then not of that move).
    pub table_move: Option<Move>,
    /// The page's clock now, in ms (the page sets it before each action;
    /// `None`: no clock, as in tests, and engine moves are never held).
    pub now_ms: Option<f64>,
    /// When the last engine move of an engine-vs-engine game was shown.
    pub last_move_ms: Option<f64>,
    /// An engine-vs-engine move that came sooner than [`WATCH_PACE_MS`]
    /// after the one before, held until it is due so the game can be
    /// watched (the page wakes the model then: `Action::ShowHeldMove`).
    pub held: Option<HeldMove>,
}

/// Engine-vs-engine moves are shown at least this far apart, so a game
/// between fast levels can be followed move by move (a level-1 game was
/// over in half a second).
pub const WATCH_PACE_MS: f64 = 700.0;

/// An engine move found, waiting to be shown.
#[derive(Clone, Debug, PartialEq)]
pub struct HeldMove {
    /// The game the move was searched for.
    pub game: GameData,
    /// The move (`None`: the engine found none).
    pub best: Option<Move>,
    /// When to show it, on the page's clock.
    pub due_ms: f64,
}

impl EngineRun {
    /// Settings for a fresh game; search ids go on after `last_search_id`.
    pub fn new(settings: EngineSettings, last_search_id: SearchId) -> Self {
        EngineRun {
            settings,
            last_search_id,
            ..EngineRun::default()
        }
    }

    /// What the engine is doing now.
    pub fn activity(&self) -> EngineActivity {
        match self.search.as_ref().map(|s| s.mode) {
            None => EngineActivity::Idle,
            Some(SearchMode::Move) => EngineActivity::Thinking,
            Some(SearchMode::Analysis) => EngineActivity::Analysing,
        }
    }

    /// Whether the engine is thinking about a move to play.
    pub fn thinking(&self) -> bool {
        self.activity() == EngineActivity::Thinking
    }

    /// Whether analysis mode is running.
    pub fn analysing(&self) -> bool {
        self.activity() == EngineActivity::Analysing
    }

    /// The search under way if it is `id`.
    pub fn current(&self, id: SearchId) -> Option<&RequestedSearch> {
        self.search.as_ref().filter(|s| s.id == id)
    }

    /// The latest snapshot of the move search under way, for the progress bar.
    pub fn thinking_snapshot(&self) -> Option<&SearchInfo> {
        let search = self
            .search
            .as_ref()
            .filter(|s| s.mode == SearchMode::Move)?;
        self.snapshot
            .as_ref()
            .filter(|s| s.id == search.id)
            .map(|s| &s.info)
    }

    /// The last search's final snapshot, once nothing runs and the last
    /// move was not the table's.
    pub fn finished_snapshot(&self) -> Option<&SearchInfo> {
        self.snapshot
            .as_ref()
            .filter(|_| self.search.is_none() && self.table_move.is_none())
            .map(|s| &s.info)
    }

    /// The engine's last move, when the solved table gave it without a
    /// search and nothing runs since.
    pub fn finished_by_table(&self) -> Option<Move> {
        self.table_move.filter(|_| self.search.is_none())
    }

    /// Starts a search of `game` with `config` under a new id.
    pub fn start(&mut self, mode: SearchMode, game: GameData, config: EngineConfig) {
        if mode == SearchMode::Move {
            self.table_move = None;
        }
        self.last_search_id = self.last_search_id.next();
        self.search = Some(RequestedSearch {
            id: self.last_search_id,
            mode,
            game,
            config,
        });
    }

    /// Drops the move search under way (the app stops it in the worker).
    pub fn cancel_move(&mut self) {
        if self.thinking() {
            self.search = None;
        }
    }

    /// Whether an engine move may start now (not paused, or one step asked,
    /// and no move found waits to be shown).
    pub fn may_move(&self) -> bool {
        self.search.is_none() && self.held.is_none() && (!self.paused || self.step)
    }

    /// When the next engine-vs-engine move may be shown, if it must wait:
    /// [`WATCH_PACE_MS`] after the last one.
    pub fn due(&self) -> Option<f64> {
        let (now, last) = (self.now_ms?, self.last_move_ms?);
        let due = last + WATCH_PACE_MS;
        (due > now).then_some(due)
    }
}
