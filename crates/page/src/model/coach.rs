//! The coach's share of the reducer: hints and the game review, run on a
//! second engine worker of their own (the same messages as the main one),
//! one search at a time so they never compete with the engine's moves.
//!
//! A hint searches the shown position with the hint budget; a review
//! searches every position of the game, in order, with the review budget,
//! and is judged by [`quoridor_review`]. A hint asked for during a review
//! runs after the review's current position. Both search with the Default
//! preset whatever the opponent's settings, so the page and `quoridor
//! review` judge alike.
//!
//! One coach: while an analysis of the shown position runs (or after one
//! that searched more than a hint would), a hint is the analysis' own best
//! move, not a second, weaker search; a hint's line is cut where its search
//! stops being sure ([`sure_line`]); a hint from the coach's own search
//! that the analysis disagrees with says which of the two searched more
//! ([`HintView::disagreement`]). Hints are kept per position: asking again
//! where a hint was given shows the same hint instead of drawing a new line
//! from a new random search.

#[path = "coach_hint.rs"]
mod hint;

pub use hint::{count_text, sure_line, sure_line_of};

use super::analysis::Searched;
use super::engine_run::TOP_CHILDREN;
use super::AppState;
use super::Seat;
use crate::worker::messages::{GameData, SearchId, SearchMode, WorkerRequest, WorkerResponse};
use quoridor_engines::SearchInfo;
use quoridor_engines::{EngineConfig, Limits, SearchParams};
use quoridor_review::{GameReview, PositionEval};
use quoridor_rules::{Game, Move};

/// Milliseconds a hint searches by default.
pub const DEFAULT_HINT_MS: u64 = 1000;
/// Milliseconds a review searches each position by default: a 60-move game
/// takes about 61 × 0.25 s ≈ 15 s.
pub const DEFAULT_REVIEW_MS: u64 = 250;
/// The budgets the settings accept, in milliseconds.
pub const BUDGET_RANGE_MS: std::ops::RangeInclusive<u64> = 20..=60_000;

/// What a coach search is for.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Purpose {
    /// A hint for the position searched.
    Hint,
    /// The review's evaluation of the position after `ply` moves.
    Review {
        /// Moves before the searched position.
        ply: usize,
    },
}

/// A search the coach has asked its worker for; the app sends it when it
/// appears and stops it when it goes away.
#[derive(Clone, Debug, PartialEq)]
pub struct CoachSearch {
    /// Echoed in the worker's answers.
    pub id: SearchId,
    /// Hint or review.
    pub purpose: Purpose,
    /// The position searched, as the game that leads to it.
    pub game: GameData,
    /// Settings, with the hint's or review's budget.
    pub params: SearchParams,
}

impl CoachSearch {
    /// The message that starts this search in the coach's worker.
    pub fn request(&self) -> WorkerRequest {
        WorkerRequest::Search {
            id: self.id,
            game: self.game.clone(),
            // The coach judges with UCT's Default preset, as the CLI's review does by default.
            config: EngineConfig::uct(self.params.clone()),
            mode: SearchMode::Move,
            top: TOP_CHILDREN,
        }
    }
}

/// Hints kept, the latest last: enough for a game viewed back and forth.
pub const HINTS_KEPT: usize = 64;

/// Whose search a hint is.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum HintSource {
    /// The coach's own search, with the hint budget.
    Search,
    /// The analysis of the same position (the panel's, usually running).
    Analysis,
    /// The solved table of a small board: a best move by perfect play.
    Table,
}

/// The engine's suggestion for one position.
#[derive(Clone, Debug, PartialEq)]
pub struct Hint {
    /// The position it is for, as the game leading to it.
    pub game: GameData,
    /// The suggested move.
    pub mv: Move,
    /// The part of the engine's line it is sure of ([`sure_line`]), the move first.
    pub line: Vec<Move>,
    /// Whose search it is.
    pub source: HintSource,
    /// Work behind it: playouts (UCT) or nodes (alpha-beta), as `unit` says.
    pub searched: u64,
    /// What `searched` counts.
    pub unit: &'static str,
}

impl Hint {
    /// This hint made a best move by the table of a solved board: kept if
    /// its move is one (the search's line stays), else the table's move
    /// alone.
    pub fn made_perfect(mut self, exact: &quoridor_solver::exact::Exact) -> Hint {
        if !exact.is_best(self.mv) {
            if let Some(mv) = exact.perfect_choice(None) {
                self.mv = mv;
                self.line = vec![mv];
                self.source = HintSource::Table;
            }
        }
        self
    }

    /// The table's hint for `game`'s position: its first best move.
    pub fn from_table(game: GameData, exact: &quoridor_solver::exact::Exact) -> Option<Hint> {
        let mv = exact.perfect_choice(None)?;
        Some(Hint {
            game,
            mv,
            line: vec![mv],
            source: HintSource::Table,
            searched: 0,
            unit: "positions",
        })
    }

    /// The hint a snapshot of `game`'s position gives: its best move and
    /// the sure part of its line (`None` without a move).
    pub fn from_info(game: GameData, info: &SearchInfo, source: HintSource) -> Option<Hint> {
        let mv = info.best_move.or_else(|| info.pv.first().copied())?;
        Some(Hint {
            game,
            mv,
            line: sure_line_of(info, mv),
            source,
            searched: info.searched,
            unit: info.engine_kind().work_unit(),
        })
    }
}

/// Where the coach's own hint and the analysis of the same position
/// disagree, and how much each searched.
#[derive(Clone, Debug, PartialEq)]
pub struct Disagreement {
    /// The analysis' move.
    pub analysis_move: Move,
    /// The analysis' work.
    pub analysis_searched: u64,
    /// What the analysis' work counts.
    pub analysis_unit: &'static str,
    /// The hint's work.
    pub hint_searched: u64,
    /// What the hint's work counts.
    pub hint_unit: &'static str,
}

impl Disagreement {
    /// Whether the analysis searched more than the hint (in the same unit;
    /// alpha-beta's nodes are not playouts, so then neither is "more").
    pub fn analysis_searched_more(&self) -> bool {
        self.analysis_unit == self.hint_unit && self.analysis_searched > self.hint_searched
    }

    /// The sentence the page shows: "The analysis (1.2 M playouts) prefers
    /// e3; the hint searched 20 k: trust the analysis, it searched more."
    pub fn text(&self) -> String {
        let analysis = format!(
            "The analysis ({} {}) prefers {}",
            count_text(self.analysis_searched),
            self.analysis_unit,
            self.analysis_move
        );
        let hint = count_text(self.hint_searched);
        if self.analysis_unit != self.hint_unit {
            format!("{analysis}; the hint searched {hint} {}.", self.hint_unit)
        } else if self.analysis_searched_more() {
            format!("{analysis}; the hint searched {hint}: trust the analysis, it searched more.")
        } else {
            format!("{analysis}; the hint searched {hint}, more than the analysis so far.")
        }
    }
}

/// The hint as the page shows it for the shown position.
#[derive(Clone, Debug, PartialEq)]
pub struct HintView {
    /// The hint (for an analysis hint, from the analysis' latest snapshot).
    pub hint: Hint,
    /// The analysis of the same position prefers another move.
    pub disagreement: Option<Disagreement>,
    /// The hint move's exact value for the player to move, on a solved board.
    pub exact: Option<quoridor_solver::Value>,
}

/// A review of one game: the evaluations of its positions so far.
#[derive(Clone, Debug, PartialEq)]
pub struct ReviewRun {
    /// The game reviewed.
    pub game: GameData,
    /// `evals[ply]`: the position after `ply` moves.
    pub evals: Vec<PositionEval>,
    /// Whether positions are still being searched.
    pub running: bool,
}

impl ReviewRun {
    /// Positions searched and positions in all.
    pub fn progress(&self) -> (usize, usize) {
        (self.evals.len(), self.game.moves.len() + 1)
    }

    /// Whether every position has its evaluation.
    pub fn is_complete(&self) -> bool {
        self.evals.len() > self.game.moves.len()
    }
}

/// Hints, the review and the coach worker's search.
#[derive(Clone, Debug, PartialEq)]
pub struct Coach {
    /// Milliseconds a hint searches.
    pub hint_ms: u64,
    /// Milliseconds a review searches each position.
    pub review_ms: u64,
    /// A hint asked for and not yet searched: the position it is for.
    pub hint_wanted: Option<GameData>,
    /// Hints given, at most [`HINTS_KEPT`], the latest last; one per position.
    pub hints: Vec<Hint>,
    /// Hints given in this game.
    pub hints_used: u32,
    /// Draw the hint's whole line (its text is hovered).
    pub hint_line: bool,
    /// The review, running or done.
    pub review: Option<ReviewRun>,
    /// The coach worker's search under way.
    pub search: Option<CoachSearch>,
    /// Id of the last coach search; ids only grow, so late answers are told apart.
    pub last_search_id: SearchId,
}

impl Default for Coach {
    fn default() -> Self {
        Coach {
            hint_ms: DEFAULT_HINT_MS,
            review_ms: DEFAULT_REVIEW_MS,
            hint_wanted: None,
            hints: Vec::new(),
            hints_used: 0,
            hint_line: false,
            review: None,
            search: None,
            last_search_id: SearchId::default(),
        }
    }
}

/// Intents and events of the coach.
#[derive(Clone, Debug, PartialEq)]
pub enum CoachIntent {
    /// Ask for a hint in the shown position.
    Hint,
    /// Review the game (again, if it changed since the last review).
    Review,
    /// Stop the review; what it judged stays.
    CancelReview,
    /// A review found in storage for this game: use it instead of searching.
    Restore(Vec<PositionEval>),
    /// Draw the hint's line (`true`) or only its move.
    ShowHintLine(bool),
    /// Hints used in this game, as saved with it.
    RestoreHints(u32),
    /// New hint budget in milliseconds.
    SetHintMs(u64),
    /// New review budget per position in milliseconds.
    SetReviewMs(u64),
    /// The coach's worker answered.
    Replied(WorkerResponse),
}

impl Coach {
    /// The review of `game` if it is of this game or of its beginning (the
    /// positions it judged are the same).
    pub fn review_of(&self, game: &Game) -> Option<GameReview> {
        let run = self.review.as_ref()?;
        let same = run.game.variant == game.variant() && game.moves().starts_with(&run.game.moves);
        same.then(|| GameReview::judge(game, &run.evals))
    }

    /// The hint for the position after `moves`, if one was given there.
    pub fn hint_for(&self, game: &GameData) -> Option<&Hint> {
        self.hints.iter().rev().find(|h| &h.game == game)
    }

    /// Keeps `hint`, replacing an older one of the same position, and
    /// counts it if that position had none.
    fn keep_hint(&mut self, hint: Hint) {
        let before = self.hints.len();
        self.hints.retain(|h| h.game != hint.game);
        if self.hints.len() == before {
            self.hints_used += 1;
        }
        self.hints.push(hint);
        if self.hints.len() > HINTS_KEPT {
            self.hints.remove(0);
        }
    }

    /// Whether a hint is being searched.
    pub fn hint_pending(&self) -> bool {
        self.hint_wanted.is_some()
    }
}

impl AppState {
    /// The game leading to the shown position.
    pub fn shown_game(&self) -> GameData {
        GameData::new(self.board.game.variant(), self.board.shown_moves().to_vec())
    }

    /// Whether a hint may be asked for: the shown position goes on (no
    /// pawn on its goal row) and, while the game is played, a human is to
    /// move there; once the game has ended (won, at the ply limit, or
    /// resigned) any of its positions that goes on, either side to move.
    pub fn can_hint(&self) -> bool {
        let board = &self.board;
        board.preview.is_none()
            && !board.shown_is_terminal()
            && (board.seat_to_move() == Some(Seat::Human) || board.outcome().is_some())
    }

    /// The analysis' snapshot of the shown position, if analysis mode
    /// searched it (the engine's own move searches play at its level and
    /// are no advice).
    fn analysis_of_shown(&self) -> Option<&Searched> {
        self.analysis
            .of_position(self.board.shown_moves())
            .filter(|s| s.mode == SearchMode::Analysis)
    }

    /// Whether the analysis' snapshot may stand in for a hint: it runs, or
    /// it searched at least what the hint would (the hint budget at the
    /// analysis' own speed, an overestimate when it ran on more threads).
    fn analysis_may_hint(&self, searched: &Searched) -> bool {
        let info = &searched.info;
        let hint_work = info.searched_per_sec * self.coach.hint_ms as f64 / 1000.0;
        info.best_move.is_some() && (searched.running || info.searched as f64 >= hint_work)
    }

    /// The hint for the shown position as the page shows it: a hint taken
    /// from the analysis follows the analysis' latest snapshot; a hint from
    /// the coach's own search carries the analysis' other choice, if it has one.
    pub fn hint_view(&self) -> Option<HintView> {
        let mut view = self.hint_view_searched()?;
        if let Some(exact) = self.exact_of_shown() {
            view.hint = view.hint.made_perfect(exact);
            view.exact = exact.value_of(view.hint.mv);
            view.disagreement = view
                .disagreement
                .filter(|d| !exact.is_best(d.analysis_move));
        }
        Some(view)
    }

    /// [`AppState::hint_view`] before the table's correction.
    fn hint_view_searched(&self) -> Option<HintView> {
        let shown = self.shown_game();
        let hint = self.coach.hint_for(&shown)?;
        let analysis = self.analysis_of_shown();
        match (hint.source, analysis) {
            (HintSource::Analysis, Some(searched)) => Some(HintView {
                hint: Hint::from_info(shown, &searched.info, HintSource::Analysis)
                    .unwrap_or_else(|| hint.clone()),
                disagreement: None,
                exact: None,
            }),
            (HintSource::Search, Some(searched)) => {
                let info = &searched.info;
                let disagreement =
                    info.best_move
                        .filter(|&mv| mv != hint.mv)
                        .map(|analysis_move| Disagreement {
                            analysis_move,
                            analysis_searched: info.searched,
                            analysis_unit: info.engine_kind().work_unit(),
                            hint_searched: hint.searched,
                            hint_unit: hint.unit,
                        });
                Some(HintView {
                    hint: hint.clone(),
                    disagreement,
                    exact: None,
                })
            }
            (_, None) | (HintSource::Table, _) => Some(HintView {
                hint: hint.clone(),
                disagreement: None,
                exact: None,
            }),
        }
    }

    /// Answers a hint asked for in the shown position: the analysis' move
    /// when it may stand in, else the hint already given there (the same
    /// advice when asked again), else a search.
    fn ask_hint(&mut self) {
        if !self.can_hint() {
            self.page.tell(if self.board.shown_is_terminal() {
                "The game is over in this position."
            } else {
                "A hint is for a human's turn."
            });
            return;
        }
        let shown = self.shown_game();
        // A solved board: the table answers at once, no search needed.
        if let Some(hint) = self
            .exact_of_shown()
            .and_then(|exact| Hint::from_table(shown.clone(), exact))
        {
            self.coach.keep_hint(hint);
            return;
        }
        let from_analysis = self
            .analysis_of_shown()
            .filter(|s| self.analysis_may_hint(s))
            .and_then(|s| Hint::from_info(shown.clone(), &s.info, HintSource::Analysis));
        if let Some(hint) = from_analysis {
            self.coach.keep_hint(hint);
        } else if self.coach.hint_for(&shown).is_none() {
            self.coach.hint_wanted = Some(shown);
        }
    }

    /// Applies a coach intent, then starts the coach's next search if its
    /// worker is free.
    pub(super) fn coach_intent(&mut self, intent: CoachIntent) {
        let coach = &mut self.coach;
        match intent {
            CoachIntent::Hint => self.ask_hint(),
            CoachIntent::Review => {
                let game = GameData::from(&self.board.game);
                let unchanged = coach.review.as_ref().is_some_and(|r| r.game == game);
                if !unchanged {
                    coach.review = Some(ReviewRun {
                        game,
                        evals: Vec::new(),
                        running: true,
                    });
                } else if let Some(run) = coach.review.as_mut() {
                    run.running = !run.is_complete();
                }
            }
            CoachIntent::CancelReview => {
                if let Some(run) = coach.review.as_mut() {
                    run.running = false;
                }
                if coach
                    .search
                    .as_ref()
                    .is_some_and(|s| matches!(s.purpose, Purpose::Review { .. }))
                {
                    coach.search = None;
                }
            }
            CoachIntent::Restore(evals) => {
                let game = GameData::from(&self.board.game);
                if evals.len() == game.moves.len() + 1 {
                    if coach
                        .search
                        .as_ref()
                        .is_some_and(|s| matches!(s.purpose, Purpose::Review { .. }))
                    {
                        coach.search = None;
                    }
                    coach.review = Some(ReviewRun {
                        game,
                        evals,
                        running: false,
                    });
                }
            }
            CoachIntent::ShowHintLine(on) => coach.hint_line = on,
            CoachIntent::RestoreHints(n) => coach.hints_used = coach.hints_used.max(n),
            CoachIntent::SetHintMs(ms) => {
                coach.hint_ms = ms.clamp(*BUDGET_RANGE_MS.start(), *BUDGET_RANGE_MS.end())
            }
            CoachIntent::SetReviewMs(ms) => {
                coach.review_ms = ms.clamp(*BUDGET_RANGE_MS.start(), *BUDGET_RANGE_MS.end())
            }
            CoachIntent::Replied(reply) => self.coach_replied(reply),
        }
        self.coach_schedule();
    }

    fn coach_replied(&mut self, reply: WorkerResponse) {
        let coach = &mut self.coach;
        let current = coach.search.as_ref().map(|s| s.id);
        match reply {
            WorkerResponse::Done { id, best, info } if current == Some(id) => {
                let Some(search) = coach.search.take() else {
                    return;
                };
                match search.purpose {
                    Purpose::Hint => {
                        // A hint asked meanwhile for another position is searched next.
                        if coach.hint_wanted.as_ref() == Some(&search.game) {
                            coach.hint_wanted = None;
                        }
                        let mut info = info;
                        info.best_move = best.or(info.best_move);
                        let exact = self.exact.get(&search.game);
                        match Hint::from_info(search.game.clone(), &info, HintSource::Search) {
                            Some(hint) => coach.keep_hint(match exact {
                                Some(exact) => hint.made_perfect(exact),
                                None => hint,
                            }),
                            None => self.page.tell("The engine found no move to suggest."),
                        }
                    }
                    Purpose::Review { ply } => {
                        if let Some(run) = coach.review.as_mut().filter(|r| {
                            r.running
                                && r.evals.len() == ply
                                && r.game.moves.starts_with(&search.game.moves)
                        }) {
                            run.evals.push(PositionEval::from_info(&info));
                        }
                    }
                }
            }
            WorkerResponse::Error { id, message } if current == Some(id) => {
                coach.search = None;
                coach.hint_wanted = None;
                if let Some(run) = coach.review.as_mut() {
                    run.running = false;
                }
                self.page.tell(format!("Coach: {message}"));
            }
            _ => {}
        }
    }

    /// Starts the coach's next search when its worker is free: a hint
    /// first, then the review's next position. Finished positions need no
    /// search.
    fn coach_schedule(&mut self) {
        // One engine for every judgement: the Default preset, as the CLI's review.
        let mut base = SearchParams::default();
        let coach = &mut self.coach;
        if coach.search.is_some() {
            return;
        }
        let (game, purpose, ms) = if let Some(game) = coach.hint_wanted.clone() {
            (game, Purpose::Hint, coach.hint_ms)
        } else {
            let Some(run) = coach.review.as_mut().filter(|r| r.running) else {
                return;
            };
            let Ok(played) = run.game.replay() else {
                run.running = false;
                return;
            };
            let next = loop {
                let ply = run.evals.len();
                match played.position_at(ply) {
                    None => {
                        run.running = false;
                        return;
                    }
                    Some(position) => match position.winner() {
                        Some(winner) => run.evals.push(PositionEval::finished(winner)),
                        None => break ply,
                    },
                }
            };
            let game = GameData::new(run.game.variant, run.game.moves[..next].to_vec());
            (game, Purpose::Review { ply: next }, coach.review_ms)
        };
        base.limits = Limits::time_ms(ms);
        coach.last_search_id = coach.last_search_id.next();
        base.seed = u64::from(coach.last_search_id.0);
        coach.search = Some(CoachSearch {
            id: coach.last_search_id,
            purpose,
            game,
            params: base,
        });
    }
}

#[cfg(test)]
#[path = "coach_tests.rs"]
mod tests;
