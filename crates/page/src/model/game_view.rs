//! The game as the page shows it: the record, the ply on view, a preview
//! drawn over it, who plays which side and whether someone resigned.

use super::Seat;
use quoridor_rules::{Game, Move, Outcome, Player, PlyLimit, Position};

/// The page's ply limit: the rules' default, as in the arena and the
/// protocols. A game that reaches it is over, adjudicated by path lengths.
pub const PLY_LIMIT: PlyLimit = PlyLimit::DEFAULT;

/// How many plies before the limit the status line starts counting them.
pub const NEAR_LIMIT_PLIES: usize = 20;

/// The game part of the page's state and the views derived from it.
#[derive(Clone, Debug, PartialEq)]
pub struct GameView {
    /// The game record.
    pub game: Game,
    /// The ply shown; `None` = the latest position.
    pub view: Option<usize>,
    /// Moves from the shown position to draw instead of it (a PV or tree
    /// preview); the board shows the position after them.
    pub preview: Option<Vec<Move>>,
    /// Who plays player 1 and player 2.
    pub seats: [Seat; 2],
    /// The player who resigned after the last move: the game ends there.
    pub resigned: Option<Player>,
    /// The player whose clock ran out after the last move (a game on a
    /// clock): the game ends there.
    pub timed_out: Option<Player>,
    /// The person's next move, queued while the engine thinks (a premove,
    /// [`super::AppState::premove_possible`]).
    pub premove: Option<Move>,
}

impl GameView {
    /// The ply shown.
    pub fn shown_ply(&self) -> usize {
        self.view.unwrap_or(self.game.moves().len())
    }

    /// The moves that lead to the shown position.
    pub fn shown_moves(&self) -> &[Move] {
        let moves = self.game.moves();
        &moves[..self.shown_ply().min(moves.len())]
    }

    /// The position shown (before any preview).
    pub fn shown_position(&self) -> Position {
        self.game
            .position_at(self.shown_ply())
            .copied()
            .unwrap_or(*self.game.position())
    }

    /// The legal part of the preview, from the shown position.
    fn legal_preview(&self) -> impl Iterator<Item = Move> + '_ {
        let mut position = self.shown_position();
        self.preview
            .iter()
            .flatten()
            .copied()
            .take_while(move |&mv| position.play(mv).is_ok())
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

    /// Moves from the start to the position the board draws (the shown
    /// position and the legal part of any preview).
    pub fn board_moves(&self) -> Vec<Move> {
        self.shown_moves()
            .iter()
            .copied()
            .chain(self.legal_preview())
            .collect()
    }

    /// The move that led to the shown position.
    pub fn shown_last_move(&self) -> Option<Move> {
        self.shown_moves().last().copied()
    }

    /// How the game had ended at the shown position, if it had (a goal, the
    /// ply limit, or a resignation after the last move).
    pub fn shown_outcome(&self) -> Option<Outcome> {
        let rules = self.game.outcome_at(self.shown_ply(), PLY_LIMIT);
        let latest = self.shown_ply() >= self.game.moves().len();
        rules.or_else(|| self.ended_off_board().filter(|_| latest))
    }

    /// How the game ended, if it has.
    pub fn outcome(&self) -> Option<Outcome> {
        let rules = self.game.outcome(PLY_LIMIT);
        rules.or_else(|| self.ended_off_board())
    }

    /// A resignation or a clock run out, after the last move.
    fn ended_off_board(&self) -> Option<Outcome> {
        (self.resigned.map(Outcome::resigned)).or_else(|| self.timed_out.map(Outcome::timed_out))
    }

    /// Whether the game goes on: no goal reached, no limit, no resignation.
    pub fn unfinished(&self) -> bool {
        self.outcome().is_none()
    }

    /// Whether the shown position ends the game by the rules (a pawn on its
    /// goal row or the ply limit), so no move can be searched there; a
    /// resigned game's last position can still be analysed.
    pub fn shown_is_terminal(&self) -> bool {
        self.game.outcome_at(self.shown_ply(), PLY_LIMIT).is_some()
    }

    /// The shown ply and the limit, when the shown position is at most
    /// [`NEAR_LIMIT_PLIES`] short of the limit and the game goes on there.
    pub fn near_ply_limit(&self) -> Option<(usize, usize)> {
        let ply = self.shown_ply();
        let limit = PLY_LIMIT.plies()?;
        (ply + NEAR_LIMIT_PLIES >= limit && self.shown_outcome().is_none()).then_some((ply, limit))
    }

    /// Who must move in the shown position; `None` once the game is over there.
    pub fn seat_to_move(&self) -> Option<Seat> {
        let position = self.shown_position();
        self.shown_outcome()
            .is_none()
            .then(|| self.seats[position.turn().index()])
    }

    /// Whether a human may move on the board now.
    pub fn human_to_move(&self) -> bool {
        self.seat_to_move() == Some(Seat::Human)
    }

    /// Whether the board takes a human move: a human is to move and no
    /// preview covers the shown position.
    pub fn accepts_moves(&self) -> bool {
        self.human_to_move() && self.preview.is_none()
    }

    /// Whether the engine is to move in the latest position of the game.
    pub fn engine_to_move(&self) -> bool {
        let position = self.game.position();
        self.outcome().is_none() && self.seats[position.turn().index()] == Seat::Engine
    }

    /// Whether exactly one side is the engine.
    pub fn against_engine(&self) -> bool {
        self.seats[0] != self.seats[1]
    }

    /// Whether the engine plays both sides.
    pub fn engine_vs_engine(&self) -> bool {
        self.seats == [Seat::Engine; 2]
    }

    /// Shows the position after `ply` moves (`None`, or the latest ply, =
    /// the latest position) and drops any preview.
    pub fn show(&mut self, ply: Option<usize>) {
        self.view = ply.filter(|&p| p < self.game.moves().len());
        self.preview = None;
    }

    /// Steps the shown position back (negative) or forward, stopping at the
    /// start and at the latest position.
    pub fn step(&mut self, by: isize) {
        let len = self.game.moves().len();
        let at = self.shown_ply().saturating_add_signed(by).min(len);
        self.show(Some(at));
    }
}
