//! The page's model: its state machine (the game on view, the engine run,
//! the page chrome, the analysis views and the coach, changed only through
//! [`Action`]s by [`AppState::apply`]) and the data it holds: seats and
//! engine settings ([`settings`]), what links and saved games hold
//! ([`shared`]), the analysis views' state ([`analysis`], [`icicle`]), the
//! player's record against the levels ([`record`], kept by [`Ladder`]).
//!
//! Plain Rust with no Yew import, so `cargo test` covers every transition.
//! It imports no component and no codec: the components, the link codec
//! (`ui/link.rs`) and the saved game (`ui/storage.rs`) import it. The Yew
//! reducer is a thin wasm-only wrapper (`ui/reducible.rs`) that also
//! supplies each action's engine seed, the one thing that comes from the
//! browser.

pub mod analysis;
mod analysis_mode;
mod asks;
mod chrome;
mod coach;
mod engine_run;
pub mod exact;
#[cfg(test)]
mod exact_tests;
#[cfg(test)]
mod game_flow_tests;
mod game_view;
pub mod icicle;
mod ladder;
pub mod local_clock;
mod online_play;
#[cfg(test)]
mod online_tests;
pub mod past_games;
pub mod prefs;
mod premove;
pub mod priors;
pub mod record;
pub mod settings;
pub mod shared;
#[cfg(test)]
mod tests;
mod tree_map;

pub use chrome::{Confirm, NewGame, PageChrome};
pub use coach::{
    count_text, sure_line, Coach, CoachIntent, CoachSearch, Disagreement, Hint, HintSource,
    HintView, Purpose, ReviewRun, BUDGET_RANGE_MS, DEFAULT_HINT_MS, DEFAULT_REVIEW_MS,
};
pub use engine_run::{
    EngineActivity, EngineRun, HeldMove, RequestedSearch, Snapshot, TOP_CHILDREN, WATCH_PACE_MS,
};
pub use game_view::{GameView, PLY_LIMIT};
pub use ladder::{Ladder, LadderIntent};
pub use online_play::OnlineEvent;

pub use settings::{
    rating_text, rating_title, EngineSettings, LevelInPlay, Opponent, Seat, FIRST_VISIT_LEVEL,
};
pub use shared::Shared;

use crate::worker::messages::{GameData, SearchId, SearchMode, WorkerResponse};
use analysis::{AnalysisState, Intent};
use quoridor_engines::{EngineKind, SearchParams};
use quoridor_rules::{Game, Move, Outcome, Player, Variant};

/// Everything the page shows, changed only through [`Action`]s.
#[derive(Clone, Debug, PartialEq)]
pub struct AppState {
    /// The game, the ply on view, a preview and who plays.
    pub board: GameView,
    /// Engine settings, pause/step, the search under way and its snapshot.
    pub engine: EngineRun,
    /// Notice, pending question, wall flip, dialog, worker name.
    pub page: PageChrome,
    /// The analysis views: snapshots per searched position, the tree explorer.
    pub analysis: AnalysisState,
    /// Hints and the game review.
    pub coach: Coach,
    /// The record against the levels and the level suggested next.
    pub ladder: Ladder,
    /// Exact values of small boards' positions, solved in the worker.
    pub exact: exact::ExactStore,
    /// The network's priors of the positions shown, and the policy overlay.
    pub priors: priors::PriorStore,
    /// The online game this board shows, if it is one (play a friend).
    pub online: Option<crate::online::OnlineGame>,
    /// The clocks of a game on this device on a clock.
    pub clock: Option<local_clock::LocalClock>,
    /// Your games: the finished games played here (the page keeps them
    /// in `localStorage`).
    pub past: past_games::PastGames,
}

/// Whose turn it is in the shown position, for the status line.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Turn {
    /// The game is over there: who won, and how (a goal, or the ply limit).
    Over(Outcome),
    /// This player is to move and the engine is thinking for it.
    Thinking(Player),
    /// This player is to move.
    ToMove(Player),
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
    /// A new game from the new-game dialog: asks first when it would
    /// abandon an unfinished game with a human in it.
    StartNewGame(NewGame),
    /// The same opponent again with the colours swapped (a finished game).
    Rematch,
    /// The human resigns (asks first); in a game of two humans, the side
    /// to move.
    Resign,
    /// New engine settings (apply from the next engine move).
    SetEngine(EngineSettings),
    /// Pause engine moves.
    Pause,
    /// Resume engine moves.
    Resume,
    /// Play one engine move while paused.
    Step,
    /// The held engine-vs-engine move is due: show it
    /// ([`EngineRun::held`]).
    ShowHeldMove,
    /// Show a message (or clear it with `None`).
    Notice(Option<String>),
    /// Flip the ghost wall orientation.
    FlipWalls,
    /// Turn the board round (player 2 at the bottom, or back).
    FlipBoard,
    /// Open or close the new-game dialog.
    ShowNewGame(bool),
    /// The worker answered.
    WorkerReplied(WorkerResponse),
    /// An intent from the analysis views.
    Analysis(Intent),
    /// A hint, the review, or the coach worker's answer.
    Coach(CoachIntent),
    /// The record against the levels, the suggested level.
    Ladder(LadderIntent),
    /// The full-strength engine plays the table's moves on solved boards
    /// (`true`), or its search's.
    TablePlay(bool),
    /// Show the network's policy on the board (`true`), or not.
    PolicyOverlay(bool),
    /// Play a friend: the server's frames, the connection, answers to send.
    Online(OnlineEvent),
    /// Play a friend by link: a game of two people on `variant`, each move
    /// sent as a link (the page without our server).
    PlayByLink(Variant),
    /// A clock may have run out: the game ends if it has.
    ClockTick,
    /// Open a game for replay and review (one of Your games).
    OpenGame(Box<Shared>),
    /// Open a game record (pasted or from a file) as a game of two people.
    OpenRecord(String),
}

impl AppState {
    /// The state for a link or saved game; the engine starts (with `seed`)
    /// if it is to move. A game against a level without a seed of its own
    /// gets `seed` ([`EngineSettings::for_opened_game`]).
    pub fn from_shared(shared: Shared, seed: u64) -> Self {
        AppState::from_shared_after(shared, SearchId::default(), seed)
    }

    /// Like [`AppState::from_shared`], with search ids going on after
    /// `last_search_id` so late answers to an old game's search are ignored.
    fn from_shared_after(shared: Shared, last_search_id: SearchId, seed: u64) -> Self {
        let hints_used = shared.hints;
        let mut state = AppState {
            board: GameView {
                game: shared.game,
                view: shared.view,
                preview: None,
                seats: shared.seats,
                resigned: shared.resigned,
                timed_out: None,
                premove: None,
            },
            engine: EngineRun::new(shared.engine.for_opened_game(seed), last_search_id),
            page: PageChrome::for_seats(shared.seats),
            analysis: AnalysisState::default(),
            coach: Coach {
                hints_used,
                ..Coach::default()
            },
            ladder: Ladder::default(),
            exact: exact::ExactStore::default(),
            priors: priors::PriorStore::default(),
            online: None,
            clock: None,
            past: past_games::PastGames::default(),
        };
        state.schedule(seed);
        state.exact_follow();
        state
    }

    /// What links and the saved game hold.
    pub fn shared(&self) -> Shared {
        Shared {
            game: self.board.game.clone(),
            view: self.board.view,
            seats: self.board.seats,
            engine: self.engine.settings.clone(),
            hints: self.coach.hints_used,
            resigned: self.board.resigned,
        }
    }

    /// Whose turn it is in the shown position; the engine's thinking shows
    /// only at the latest position, where it will move.
    pub fn turn(&self) -> Turn {
        let position = self.board.shown_position();
        match self.board.shown_outcome() {
            Some(outcome) => Turn::Over(outcome),
            None if self.engine.thinking() && self.board.view.is_none() => {
                Turn::Thinking(position.turn())
            }
            None => Turn::ToMove(position.turn()),
        }
    }

    /// Applies one action. `seed` seeds the engine move this action starts,
    /// if it starts one (a new seed per move, so games against the engine vary).
    pub fn apply(&mut self, action: Action, seed: u64) {
        match action {
            Action::Play(mv) => self.human_move(mv),
            Action::Confirmed(yes) => self.confirmed(yes, seed),
            Action::Undo => self.undo(),
            Action::Redo => self.redo(),
            Action::View(ply) => self.board.show(ply),
            Action::ViewStep(by) => self.board.step(by),
            Action::NewGame { variant, seats } => self.new_game(variant, seats, seed),
            Action::StartNewGame(next) => self.start_new_game(next, seed),
            Action::Rematch => self.rematch(seed),
            Action::Resign => self.ask_to_resign(),
            Action::SetEngine(settings) => self.engine.settings = settings,
            Action::Pause => {
                // At once: a long think is stopped, not waited for, and a
                // move held for the pace is not shown; Step or Resume
                // searches the position afresh.
                self.engine.paused = true;
                self.engine.cancel_move();
                self.engine.held = None;
            }
            Action::ShowHeldMove => self.show_held_move(),
            Action::Resume => {
                self.engine.paused = false;
                self.engine.step = false;
            }
            Action::Step => self.engine.step = true,
            Action::Notice(text) => self.page.notice = text,
            Action::FlipWalls => self.page.wall_flip = !self.page.wall_flip,
            Action::FlipBoard => self.page.board_flipped = !self.page.board_flipped,
            Action::ShowNewGame(open) => self.page.new_game_open = open,
            Action::WorkerReplied(reply) => self.worker_replied(reply),
            Action::Analysis(intent) => self.analysis_intent(intent),
            Action::Coach(intent) => self.coach_intent(intent),
            Action::Ladder(intent) => self.ladder_intent(intent, seed),
            Action::TablePlay(on) => self.exact.table_play = on,
            Action::PolicyOverlay(on) => self.priors.overlay = on,
            Action::Online(event) => self.online_event(event, seed),
            Action::ClockTick => self.clock_tick(),
            Action::OpenGame(shared) => self.open_game(*shared, seed),
            Action::OpenRecord(text) => self.open_record(&text, seed),
            Action::PlayByLink(variant) => {
                self.new_game(variant, [Seat::Human; 2], seed);
                self.page.by_link = true;
            }
        }
        self.follow_board();
        self.follow_premove();
        self.schedule(seed);
        // A position already solved: the full-strength engine answers at once.
        if self.exact_move_now() {
            self.schedule(seed);
        }
        self.exact_follow();
        self.priors_follow();
    }

    /// Starts a new game of `variant` with `seats` and the engine settings
    /// as they are (a level draws the game's seed from `seed`).
    fn new_game(&mut self, variant: Variant, seats: [Seat; 2], seed: u64) {
        let shared = Shared {
            game: Game::new(variant),
            view: None,
            seats,
            engine: self.engine.settings.for_new_game(seed),
            hints: 0,
            resigned: None,
        };
        self.replace_game(shared, seed);
    }

    /// The new-game dialog's game: at once, unless it would abandon an
    /// unfinished game a human plays in; then the page asks first.
    fn start_new_game(&mut self, next: NewGame, seed: u64) {
        let moves = self.board.game.moves().len();
        let human_in_it = self.board.seats.contains(&Seat::Human);
        if self.board.unfinished() && moves > 0 && human_in_it {
            self.page.new_game_open = false;
            self.page.confirm = Some(Confirm::AbandonForNewGame {
                next: Box::new(next),
                moves,
            });
            return;
        }
        self.begin(next, seed);
    }

    /// Starts `next` in place of this game.
    fn begin(&mut self, next: NewGame, seed: u64) {
        self.engine.settings = next.engine;
        self.new_game(next.variant, next.seats, seed);
        self.clock = next.clock.map(local_clock::LocalClock::new);
    }

    /// After a finished game: the same variant and opponent, the seats
    /// swapped (a level draws a new game seed).
    fn rematch(&mut self, seed: u64) {
        // Online: accept the other's offer, else offer one (the server
        // starts the rematch once both want it).
        if let Some(online) = &self.online {
            let frame = match online.you {
                Some(you) if online.rematch_offers[you.other().index()] => {
                    crate::online::wire::ClientFrame::AcceptRematch
                }
                _ => crate::online::wire::ClientFrame::OfferRematch,
            };
            self.send_online(frame);
            return;
        }
        if self.board.unfinished() {
            self.page.tell("A rematch starts once this game is over.");
            return;
        }
        let [one, two] = self.board.seats;
        let next = NewGame {
            variant: self.board.game.variant(),
            seats: [two, one],
            engine: self.engine.settings.swapped_sides(),
            clock: self.clock.as_ref().map(|c| c.control),
        };
        self.begin(next, seed);
    }

    /// Whether the page may help with the engine now (its analysis, the
    /// network's policy overlay, the coach): not during a live online game
    /// between people, as on lichess; again once it is over.
    pub fn engine_help_allowed(&self) -> bool {
        self.online.as_ref().is_none_or(|o| o.result.is_some())
    }

    /// Who may resign now: the human against the engine, the side to move
    /// between two humans; nobody once the game is over or when the engine
    /// plays both sides.
    pub fn resigning_player(&self) -> Option<Player> {
        if let Some(online) = &self.online {
            return self.online_resigner(online);
        }
        if !self.board.unfinished() {
            return None;
        }
        match self.board.seats {
            [Seat::Human, Seat::Human] => Some(self.board.game.position().turn()),
            _ => self.human_against_engine(),
        }
    }

    /// Asks whether to resign.
    fn ask_to_resign(&mut self) {
        match self.resigning_player() {
            Some(player) => self.page.confirm = Some(Confirm::Resign { player }),
            None => self.page.tell("Nobody can resign now."),
        }
    }

    /// `player` resigns: the game ends after its last move, the latest
    /// position is shown, and a game against a level counts as lost.
    fn resign(&mut self, player: Player) {
        if self.resigning_player() != Some(player) {
            return;
        }
        if self.online.is_some() {
            // The server decides: its `ended` frame shows the result.
            self.send_online(crate::online::wire::ClientFrame::Resign);
            return;
        }
        self.engine.cancel_move();
        if self.engine.analysing() {
            self.engine.search = None;
        }
        self.board.resigned = Some(player);
        self.board.view = None;
        self.board.preview = None;
        self.settle_if_over();
    }

    /// Opens another game in place of this one; only the worker's name, the
    /// search ids and the record against the levels carry over.
    fn replace_game(&mut self, shared: Shared, seed: u64) {
        let worker = self.page.worker.take();
        let coach_search_id = self.coach.last_search_id;
        let ladder = Ladder {
            suggestion: None,
            ..std::mem::take(&mut self.ladder)
        };
        let past = std::mem::take(&mut self.past);
        *self = AppState::from_shared_after(shared, self.engine.last_search_id, seed);
        self.page.worker = worker;
        self.coach.last_search_id = coach_search_id;
        self.ladder = ladder;
        self.past = past;
    }

    /// Starts an engine move when the engine is to move and nothing runs.
    fn schedule(&mut self, seed: u64) {
        if !self.board.engine_to_move() || !self.engine.may_move() {
            return;
        }
        let to_move = self.board.game.position().turn();
        let settings = &self.engine.settings;
        let mut config = settings.config_for(settings.engine_of(to_move));
        // A seed a link set (any but the presets') or a level's game seed
        // is kept, so the link replays the same search; otherwise each move
        // gets a fresh one.
        if config.params.seed == SearchParams::default().seed {
            config.params.seed = seed;
        }
        // On a clock the engine thinks a share of its own time.
        if let Some(clock) = &self.clock {
            let think = clock.think_ms(to_move, self.engine.now_ms.unwrap_or(0.0));
            let limit = config.params.limits.time_ms_or_zero();
            let think = if limit == 0 { think } else { think.min(limit) };
            config.params.limits = config.params.limits.and_time_ms(think);
        }
        let game = GameData::from(&self.board.game);
        self.engine.start(SearchMode::Move, game, config);
    }

    /// The engine that analyses a position with `to_move` to move: the engine
    /// seat's choice (the side to move's if both are engines), else that
    /// side's own choice (human vs human).
    pub fn analysis_engine(&self, to_move: Player) -> EngineKind {
        let seats = self.board.seats;
        let side = [to_move, to_move.other()]
            .into_iter()
            .find(|p| seats[p.index()] == Seat::Engine)
            .unwrap_or(to_move);
        self.engine.settings.engine_of(side)
    }

    /// Plays `mv` at the end of the game and shows the latest position.
    fn play_now(&mut self, mv: Move) {
        let mover = self.board.game.position().turn();
        match self.board.game.play(mv) {
            Ok(()) => {
                if let Some(clock) = &mut self.clock {
                    let now = self.engine.now_ms.unwrap_or(0.0);
                    clock.moved(mover, self.board.game.moves().len(), now);
                }
                self.board.view = None;
                self.board.preview = None;
                self.page.notice = None;
                self.settle_if_over();
            }
            Err(e) => self.page.tell(format!("{mv}: {e}")),
        }
    }

    fn human_move(&mut self, mv: Move) {
        let ply = self.board.shown_ply();
        let position = self.board.shown_position();
        if self.board.seat_to_move() == Some(Seat::Engine) {
            self.queue_premove(mv);
            return;
        }
        if let Some(outcome) = self.board.shown_outcome() {
            self.page.tell(format!("The game is over: {outcome}."));
            return;
        }
        if let Err(e) = position.check(mv) {
            self.page.tell(format!("{mv}: {e}"));
            return;
        }
        if let Some(why) = self.online_refuses_move() {
            self.page.tell(why);
            return;
        }
        if ply < self.board.game.moves().len() {
            self.page.confirm = Some(Confirm::Discard { ply, mv });
            return;
        }
        let before = self.board.game.moves().len();
        self.play_now(mv);
        if self.board.game.moves().len() > before {
            self.online_played(mv);
        }
    }

    fn confirmed(&mut self, yes: bool, seed: u64) {
        match self.page.confirm.take() {
            Some(Confirm::Discard { ply, mv }) if yes => {
                self.engine.cancel_move();
                self.board.game.truncate(ply);
                self.board.resigned = None;
                self.play_now(mv);
            }
            Some(Confirm::LinkReplacedSaved { saved }) if yes => self.replace_game(*saved, seed),
            Some(Confirm::Resign { player }) if yes => self.resign(player),
            Some(Confirm::AbandonForNewGame { next, .. }) if yes => self.begin(*next, seed),
            Some(Confirm::AbandonForGame { game, .. }) if yes => self.replace_game(*game, seed),
            _ => {}
        }
    }

    fn undo(&mut self) {
        if self.online.is_some() {
            self.page
                .tell("Moves cannot be taken back in an online game.");
            return;
        }
        if self.clock.is_some() {
            self.page.tell("No take-backs in a game on a clock.");
            return;
        }
        if let Some(player) = self.board.resigned {
            self.page.tell(format!(
                "{player} resigned: the game is over (Rematch or New game to play on)."
            ));
            return;
        }
        self.engine.cancel_move();
        self.page.confirm = None;
        if self.board.engine_vs_engine() {
            self.engine.paused = true;
        }
        let board = &mut self.board;
        if !board.game.undo() {
            self.page.tell("Nothing to undo.");
            return;
        }
        if board.against_engine() {
            while board.seats[board.game.position().turn().index()] == Seat::Engine
                && board.game.undo()
            {}
        }
        board.view = None;
        self.page.notice = None;
    }

    fn redo(&mut self) {
        if self.online.is_some() {
            self.page
                .tell("Moves cannot be taken back in an online game.");
            return;
        }
        if self.board.resigned.is_some() {
            self.page.tell("The game is over: nothing to redo.");
            return;
        }
        self.engine.cancel_move();
        let board = &mut self.board;
        if !board.game.redo() {
            self.page.tell("Nothing to redo.");
            return;
        }
        if board.against_engine() {
            while board.seats[board.game.position().turn().index()] == Seat::Engine
                && !board.game.undone().is_empty()
                && board.game.redo()
            {}
        }
        board.view = None;
        self.page.notice = None;
    }

    fn worker_replied(&mut self, reply: WorkerResponse) {
        self.analysis_saw(&reply);
        self.tree_map_saw(&reply);
        let current = self.engine.search.as_ref().map(|s| (s.id, s.mode));
        match reply {
            WorkerResponse::Pong { worker, .. } => self.page.worker = Some(worker),
            WorkerResponse::Progress { id, info } => {
                if let Some((id, mode)) = current.filter(|(sid, _)| *sid == id) {
                    self.engine.snapshot = Some(Snapshot { id, mode, info });
                }
            }
            WorkerResponse::Done { id, best, info } => {
                let Some((id, mode)) = current.filter(|(sid, _)| *sid == id) else {
                    return;
                };
                self.engine.snapshot = Some(Snapshot { id, mode, info });
                let searched = self.engine.search.take().map(|s| s.game);
                if mode == SearchMode::Move {
                    let best = match &searched {
                        Some(game) => self.perfect_or(game, best),
                        None => best,
                    };
                    match searched {
                        Some(game) => self.engine_found(game, best),
                        None => self.engine_moved(best),
                    }
                }
            }
            WorkerResponse::Error { id, message } => {
                if current.is_some_and(|(sid, _)| sid == id) {
                    self.engine.search = None;
                    self.engine.paused = true;
                }
                self.page.tell(format!("Engine: {message}"));
            }
            WorkerResponse::Exact { game, answer } => self.exact_received(game, answer),
            WorkerResponse::Priors { game, priors } => self.priors.received(game, priors),
            WorkerResponse::Children { .. } | WorkerResponse::TreeMap { .. } => {}
        }
    }

    /// The engine found `best` for `game`: played now, or, engine vs
    /// engine sooner than the watch pace allows, held until it is due.
    fn engine_found(&mut self, game: GameData, best: Option<Move>) {
        match self.engine.due().filter(|_| self.board.engine_vs_engine()) {
            Some(due_ms) => self.engine.held = Some(HeldMove { game, best, due_ms }),
            None => self.engine_moved(best),
        }
    }

    /// Shows the held engine-vs-engine move, if it is still of this game.
    fn show_held_move(&mut self) {
        if let Some(held) = self.engine.held.take() {
            if held.game == GameData::from(&self.board.game) {
                self.engine_moved(held.best);
            }
        }
    }

    /// The engine's move arrived: play it; one step played pauses again.
    fn engine_moved(&mut self, best: Option<Move>) {
        if self.board.engine_vs_engine() {
            self.engine.last_move_ms = self.engine.now_ms;
        }
        match best {
            Some(mv) => {
                // Someone looking at an earlier position keeps looking at it.
                let view = self.board.view;
                self.play_now(mv);
                self.board.view = view;
                self.play_premove();
            }
            None => self.page.tell("The engine found no move."),
        }
        if self.engine.step {
            self.engine.step = false;
            self.engine.paused = true;
        }
    }
}

impl AppState {
    /// Ends the game if a clock ran out (the page asks as the clocks tick).
    fn clock_tick(&mut self) {
        let now = self.engine.now_ms.unwrap_or(0.0);
        let Some(loser) = self.clock.as_ref().and_then(|c| c.fallen(now)) else {
            return;
        };
        if !self.board.unfinished() {
            return;
        }
        self.engine.cancel_move();
        self.engine.held = None;
        self.board.timed_out = Some(loser);
        self.board.view = None;
        self.board.preview = None;
        self.settle_if_over();
    }

    /// After a move, a resignation, a fallen flag or an online result: if
    /// that ended the game, the clocks stop where they stand, the record
    /// against the levels counts it and Your games lists it (each once).
    fn settle_if_over(&mut self) {
        if self.board.unfinished() {
            return;
        }
        let now = self.engine.now_ms.unwrap_or(0.0);
        if let Some(clock) = &mut self.clock {
            clock.stop(now);
        }
        self.count_if_over();
        self.list_if_over();
    }
}
