//! The page's one reducer: the game, who plays, engine settings, the search
//! under way and what the page shows. Every change goes through an [`Action`].

use std::rc::Rc;

use yew::Reducible;

use super::analysis::model::{preview_for, AnalysisState, Intent, MAX_TOP};
use super::link::{EngineSettings, Seat, Shared};
use crate::game::{Game, Move, Position, Variant};
use crate::search::{SearchInfo, SearchParams};
use crate::worker::messages::{SearchMode, WorkerResponse};

/// Root children listed in progress snapshots.
pub const TOP_CHILDREN: u32 = 16;

/// A search the page has asked the worker for. The app sends it when it
/// appears and sends `Stop` for it when it goes away.
#[derive(Clone, Debug, PartialEq)]
pub struct ActiveSearch {
    /// Echoed in the worker's answers.
    pub id: u32,
    /// Play a move, or analyse.
    pub mode: SearchMode,
    /// The game record searched.
    pub record: String,
    /// Settings fixed when the search started.
    pub params: SearchParams,
}

/// A question the page asks without blocking the board.
#[derive(Clone, Debug, PartialEq)]
pub enum Confirm {
    /// Play `mv` after the first `ply` moves, discarding the later ones.
    Discard {
        /// Moves kept.
        ply: usize,
        /// The move to play there.
        mv: Move,
    },
    /// The page opened a link while another game was saved.
    LinkReplacedSaved {
        /// The saved game, to go back to.
        saved: Box<Shared>,
    },
}

/// Everything the page shows, changed only through [`Action`]s.
#[derive(Clone, Debug, PartialEq)]
pub struct AppState {
    /// The game record.
    pub game: Game,
    /// The ply shown; `None` = the latest position.
    pub view: Option<usize>,
    /// Who plays player 1 and player 2.
    pub seats: [Seat; 2],
    /// Engine settings for the next engine move.
    pub engine: EngineSettings,
    /// Engine moves wait while paused (engine vs engine).
    pub paused: bool,
    /// Play one engine move, then pause again.
    pub step: bool,
    /// The search under way, if any.
    pub search: Option<ActiveSearch>,
    /// Id of the last search started.
    pub last_search_id: u32,
    /// The latest snapshot from the worker (progress or final).
    pub engine_info: Option<SearchInfo>,
    /// The search and mode `engine_info` belongs to.
    pub engine_info_of: Option<(u32, SearchMode)>,
    /// Moves from the shown position to draw instead of it (e.g. a PV
    /// preview); the board shows the position after them.
    pub preview: Option<Vec<Move>>,
    /// A message for the notice area.
    pub notice: Option<String>,
    /// A pending question.
    pub confirm: Option<Confirm>,
    /// Ghost walls take the other orientation than the pointer suggests.
    pub wall_flip: bool,
    /// Whether the new-game dialog is open.
    pub new_game_open: bool,
    /// The worker's name once it answered a ping.
    pub worker: Option<String>,
    /// The analysis views: snapshots per searched position, the tree explorer.
    pub analysis: AnalysisState,
}

impl Default for AppState {
    fn default() -> Self {
        AppState::from_shared(Shared::default())
    }
}

/// Intents and events that change [`AppState`].
#[derive(Clone, Debug, PartialEq)]
pub enum Action {
    /// A human move from the board or the text box.
    Play(Move),
    /// Answer to a [`Confirm`]: `true` = go ahead.
    Confirmed(bool),
    /// Take back a move (against the engine: the engine's reply too).
    Undo,
    /// Replay an undone move (against the engine: its reply too).
    Redo,
    /// Show the position after this many moves (`None` = latest).
    View(Option<usize>),
    /// Step the viewed position back (negative) or forward through the
    /// history, stopping at the start and at the latest position.
    ViewStep(isize),
    /// Start a new game.
    NewGame {
        /// Board size and walls.
        variant: Variant,
        /// Who plays which side.
        seats: [Seat; 2],
    },
    /// New engine settings (apply from the next engine move).
    SetEngine(EngineSettings),
    /// Pause engine moves.
    Pause,
    /// Resume engine moves.
    Resume,
    /// Play one engine move while paused.
    Step,
    /// Show a message (or clear it with `None`).
    Notice(Option<String>),
    /// Flip the ghost wall orientation.
    FlipWalls,
    /// Open or close the new-game dialog.
    ShowNewGame(bool),
    /// Draw another position than the shown one (`None` = stop previewing);
    /// for the analysis panels (PV and tree previews).
    #[allow(dead_code)]
    Preview(Option<Vec<Move>>),
    /// The worker answered.
    WorkerReplied(WorkerResponse),
    /// An intent from the analysis views.
    Analysis(Intent),
}

impl AppState {
    /// The state for a link or saved game; the engine starts if it is to move.
    pub fn from_shared(shared: Shared) -> Self {
        let mut state = AppState {
            game: shared.game,
            view: shared.view,
            seats: shared.seats,
            engine: shared.engine,
            paused: false,
            step: false,
            search: None,
            last_search_id: 0,
            engine_info: None,
            engine_info_of: None,
            preview: None,
            notice: None,
            confirm: None,
            wall_flip: false,
            new_game_open: false,
            worker: None,
            analysis: AnalysisState::default(),
        };
        state.schedule();
        state
    }

    /// What links and the saved game hold.
    pub fn shared(&self) -> Shared {
        Shared {
            game: self.game.clone(),
            view: self.view,
            seats: self.seats,
            engine: self.engine.clone(),
        }
    }

    /// The ply shown.
    pub fn shown_ply(&self) -> usize {
        self.view.unwrap_or(self.game.moves().len())
    }

    /// The position shown (before any preview).
    pub fn shown_position(&self) -> Position {
        self.game
            .position_at(self.shown_ply())
            .copied()
            .unwrap_or(*self.game.position())
    }

    /// The position the board draws: the shown one, or the preview from it
    /// (as far as its moves are legal).
    pub fn board_position(&self) -> Position {
        let mut position = self.shown_position();
        for mv in self.preview.iter().flatten() {
            if position.play(*mv).is_err() {
                break;
            }
        }
        position
    }

    /// The move that led to the shown position.
    pub fn shown_last_move(&self) -> Option<Move> {
        let ply = self.shown_ply();
        ply.checked_sub(1)
            .and_then(|i| self.game.moves().get(i).copied())
    }

    /// Whether the engine is thinking about a move to play.
    pub fn thinking(&self) -> bool {
        self.search
            .as_ref()
            .is_some_and(|s| s.mode == SearchMode::Move)
    }

    /// Whether a human may move on the board now.
    pub fn human_to_move(&self) -> bool {
        let position = self.shown_position();
        !position.is_over() && self.seats[position.turn().index()] == Seat::Human
    }

    /// Whether exactly one side is the engine.
    fn against_engine(&self) -> bool {
        self.seats[0] != self.seats[1]
    }

    /// Starts an engine move when the engine is to move and nothing runs.
    fn schedule(&mut self) {
        let position = self.game.position();
        let engine_to_move = self.seats[position.turn().index()] == Seat::Engine;
        if self.search.is_some() || position.is_over() || !engine_to_move {
            return;
        }
        if self.paused && !self.step {
            return;
        }
        let mut params = self.engine.effective();
        params.seed = fresh_seed();
        self.last_search_id += 1;
        self.search = Some(ActiveSearch {
            id: self.last_search_id,
            mode: SearchMode::Move,
            record: self.game.to_string(),
            params,
        });
    }

    /// Drops the search under way (the app stops it in the worker).
    fn cancel_search(&mut self) {
        if self.thinking() {
            self.search = None;
        }
    }

    fn play_now(&mut self, mv: Move) {
        match self.game.play(mv) {
            Ok(()) => {
                self.view = None;
                self.notice = None;
                self.preview = None;
            }
            Err(e) => self.notice = Some(format!("{mv}: {e}")),
        }
    }

    fn human_move(&mut self, mv: Move) {
        let ply = self.shown_ply();
        let position = self.shown_position();
        if !position.is_over() && self.seats[position.turn().index()] == Seat::Engine {
            self.notice = Some("It is the engine's turn.".into());
            return;
        }
        if let Err(e) = position.check(mv) {
            self.notice = Some(format!("{mv}: {e}"));
            return;
        }
        if ply < self.game.moves().len() {
            self.confirm = Some(Confirm::Discard { ply, mv });
            return;
        }
        self.play_now(mv);
    }

    fn undo(&mut self) {
        self.cancel_search();
        self.confirm = None;
        if self.seats == [Seat::Engine; 2] {
            self.paused = true;
        }
        if !self.game.undo() {
            self.notice = Some("Nothing to undo.".into());
            return;
        }
        if self.against_engine() {
            while self.seats[self.game.position().turn().index()] == Seat::Engine
                && self.game.undo()
            {}
        }
        self.view = None;
        self.notice = None;
    }

    fn redo(&mut self) {
        self.cancel_search();
        if !self.game.redo() {
            self.notice = Some("Nothing to redo.".into());
            return;
        }
        if self.against_engine() {
            while self.seats[self.game.position().turn().index()] == Seat::Engine
                && !self.game.undone().is_empty()
                && self.game.redo()
            {}
        }
        self.view = None;
        self.notice = None;
    }

    fn worker_replied(&mut self, reply: WorkerResponse) {
        self.analysis_saw(&reply);
        let current = self.search.as_ref().map(|s| (s.id, s.mode));
        match reply {
            WorkerResponse::Pong { worker, .. } => self.worker = Some(worker),
            WorkerResponse::Progress { id, info } => {
                if let Some((sid, mode)) = current.filter(|(sid, _)| *sid == id) {
                    self.engine_info = Some(info);
                    self.engine_info_of = Some((sid, mode));
                }
            }
            WorkerResponse::Done { id, best, info } => {
                let Some((sid, mode)) = current.filter(|(sid, _)| *sid == id) else {
                    return;
                };
                self.engine_info = Some(info);
                self.engine_info_of = Some((sid, mode));
                self.search = None;
                if mode == SearchMode::Move {
                    // Someone looking at an earlier position keeps looking at it.
                    let view = self.view;
                    match best {
                        Some(mv) => {
                            self.play_now(mv);
                            self.view = view;
                        }
                        None => self.notice = Some("The engine found no move.".into()),
                    }
                    if self.step {
                        self.step = false;
                        self.paused = true;
                    }
                }
            }
            WorkerResponse::Error { id, message } => {
                if current.is_some_and(|(sid, _)| sid == id) {
                    self.search = None;
                    self.paused = true;
                }
                self.notice = Some(format!("Engine: {message}"));
            }
            WorkerResponse::Children { .. } => {}
        }
    }
}

/// A new engine seed per move, so games against the engine vary.
fn fresh_seed() -> u64 {
    (js_sys::Math::random() * f64::from(u32::MAX)) as u64
}

impl Reducible for AppState {
    type Action = Action;

    fn reduce(self: Rc<Self>, action: Action) -> Rc<Self> {
        let mut next = (*self).clone();
        match action {
            Action::Play(mv) => next.human_move(mv),
            Action::Confirmed(yes) => match next.confirm.take() {
                Some(Confirm::Discard { ply, mv }) if yes => {
                    next.cancel_search();
                    next.game.truncate(ply);
                    next.play_now(mv);
                }
                Some(Confirm::LinkReplacedSaved { saved }) if yes => {
                    let (worker, last_id) = (next.worker.take(), next.last_search_id);
                    next = AppState::from_shared_after(*saved, last_id);
                    next.worker = worker;
                }
                _ => {}
            },
            Action::Undo => next.undo(),
            Action::Redo => next.redo(),
            Action::View(ply) => {
                next.view = ply.filter(|&p| p < next.game.moves().len());
                next.preview = None;
            }
            Action::ViewStep(step) => {
                let len = next.game.moves().len();
                let at = next
                    .view
                    .unwrap_or(len)
                    .saturating_add_signed(step)
                    .min(len);
                next.view = (at < len).then_some(at);
                next.preview = None;
            }
            Action::NewGame { variant, seats } => {
                let shared = Shared {
                    game: Game::new(variant),
                    view: None,
                    seats,
                    engine: next.engine.clone(),
                };
                let worker = next.worker.take();
                let last_id = next.last_search_id;
                next = AppState::from_shared_after(shared, last_id);
                next.worker = worker;
            }
            Action::SetEngine(settings) => next.engine = settings,
            Action::Pause => next.paused = true,
            Action::Resume => {
                next.paused = false;
                next.step = false;
            }
            Action::Step => next.step = true,
            Action::Notice(text) => next.notice = text,
            Action::FlipWalls => next.wall_flip = !next.wall_flip,
            Action::ShowNewGame(open) => next.new_game_open = open,
            Action::Preview(moves) => next.preview = moves,
            Action::WorkerReplied(reply) => next.worker_replied(reply),
            Action::Analysis(intent) => next.analysis_intent(intent),
        }
        next.follow_board();
        next.schedule();
        Rc::new(next)
    }
}

impl AppState {
    /// Like [`AppState::from_shared`], keeping search ids unique across games
    /// so late answers to an old search are ignored.
    fn from_shared_after(shared: Shared, last_search_id: u32) -> Self {
        let mut state = AppState::from_shared(shared);
        if let Some(search) = state.search.as_mut() {
            search.id += last_search_id;
        }
        state.last_search_id += last_search_id;
        state
    }
}

/// Analysis mode and the analysis views' share of the reducer.
impl AppState {
    /// Moves from the start to the position the board draws (the shown
    /// position and the legal part of any preview).
    pub fn board_moves(&self) -> Vec<Move> {
        let moves = self.game.moves();
        let mut out = moves[..self.shown_ply().min(moves.len())].to_vec();
        let mut position = self.shown_position();
        for mv in self.preview.iter().flatten() {
            if position.play(*mv).is_err() {
                break;
            }
            out.push(*mv);
        }
        out
    }

    /// Whether analysis mode is running.
    pub fn analysing(&self) -> bool {
        self.search
            .as_ref()
            .is_some_and(|s| s.mode == SearchMode::Analysis)
    }

    /// Keeps the engine's snapshots and the tree explorer's answers.
    fn analysis_saw(&mut self, reply: &WorkerResponse) {
        match reply {
            WorkerResponse::Progress { id, info } | WorkerResponse::Done { id, info, .. } => {
                let Some(search) = self.search.as_ref().filter(|s| s.id == *id) else {
                    return;
                };
                let moves = Game::parse_with_variant(&search.record, self.game.variant())
                    .map(|g| g.moves().to_vec())
                    .unwrap_or_default();
                let running = matches!(reply, WorkerResponse::Progress { .. });
                self.analysis
                    .record(*id, search.mode, moves, info.clone(), running);
            }
            WorkerResponse::Children {
                id,
                node,
                path,
                children,
            } => self
                .analysis
                .tree
                .loaded(*id, *node, path.clone(), children.clone()),
            _ => {}
        }
    }

    fn analysis_intent(&mut self, intent: Intent) {
        match intent {
            Intent::Analyse(true) => self.start_analysis(self.board_moves()),
            Intent::Analyse(false) => {
                if self.analysing() {
                    self.search = None;
                }
            }
            Intent::Top(n) => self.analysis.top = n.clamp(1, MAX_TOP),
            Intent::ShowPv(on) => self.analysis.show_pv = on,
            Intent::Hover(mv) => self.analysis.hover = mv,
            Intent::View(ply) => {
                self.view = (ply < self.game.moves().len()).then_some(ply);
                self.preview = None;
            }
            Intent::Toggle(node) => {
                self.analysis.tree.toggle(node);
            }
            Intent::Select(None) => self.preview = None,
            Intent::Select(Some(node)) => self.preview_node(node),
            Intent::Refresh => {}
        }
    }

    /// Shows the tree node's position on the board, the game untouched.
    fn preview_node(&mut self, node: crate::search::NodeId) {
        let tree = &self.analysis.tree;
        let searched = tree
            .search_id
            .and_then(|id| self.analysis.searched.iter().find(|s| s.id == id));
        let (Some(searched), Some(path)) = (searched, tree.path(node)) else {
            return;
        };
        let moves = self.game.moves();
        let shown = &moves[..self.shown_ply().min(moves.len())];
        if let Some((view, preview)) = preview_for(moves, shown, &searched.moves, path) {
            self.view = view;
            self.preview = Some(preview);
            self.analysis.tree.selected = Some(node);
        }
    }

    /// Starts analysing the position after `moves` (never while the engine
    /// thinks of a move to play).
    fn start_analysis(&mut self, moves: Vec<Move>) {
        if self.thinking() {
            self.notice = Some("The engine is thinking of its move.".into());
            return;
        }
        let mut game = Game::new(self.game.variant());
        for mv in &moves {
            if game.play(*mv).is_err() {
                return;
            }
        }
        if game.position().is_over() {
            self.notice = Some("The game is over in this position.".into());
            return;
        }
        self.last_search_id += 1;
        self.search = Some(ActiveSearch {
            id: self.last_search_id,
            mode: SearchMode::Analysis,
            record: game.to_string(),
            params: self.engine.effective(),
        });
        self.analysis.analysed = Some(moves);
    }

    /// Analysis follows the board: another shown position (a move played,
    /// another ply viewed) restarts it there; previews (tree, PV) do not.
    fn follow_board(&mut self) {
        if self.preview.is_none() {
            self.analysis.tree.selected = None;
        }
        if self.search.is_none() {
            self.analysis.stopped();
        }
        if !self.analysing() {
            self.analysis.analysed = None;
            return;
        }
        let moves = self.game.moves();
        let shown = &moves[..self.shown_ply().min(moves.len())];
        let on_board = self.analysis.analysed.as_ref().is_some_and(|analysed| {
            analysed.as_slice() == shown || (self.preview.is_some() && analysed.starts_with(shown))
        });
        if !on_board {
            let shown = shown.to_vec();
            self.start_analysis(shown);
        }
    }
}
