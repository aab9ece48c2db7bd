//! The verdict on one move: how much of the mover's win chance it lost, and
//! the engine's choice where it was worse.

use super::judgement::Judgement;
use super::position_eval::PositionEval;
use quoridor_rules::{Move, Player};

/// The verdict on one move.
#[derive(Clone, Debug, PartialEq)]
pub struct MoveReview {
    /// The move.
    pub mv: Move,
    /// Who made it.
    pub mover: Player,
    /// The mover's win chance before it, at the engine's best play.
    pub before: f64,
    /// The mover's win chance after it.
    pub after: f64,
    /// `before - after`, at least 0.
    pub loss: f64,
    /// The verdict.
    pub judgement: Judgement,
    /// The engine's choice, for an inaccuracy or worse that was not it.
    pub better: Option<Move>,
    /// The engine's line from the position before the move, `better` first.
    pub line: Vec<Move>,
    /// Where the move brought its mover back to a state it had before
    /// (pawn square and walls in hand) and was judged on the whole
    /// excursion ([`crate::GameReview::judge`]): the ply of the excursion's
    /// first move and the mover's win chance before it.
    pub returns_to: Option<(usize, f64)>,
}

impl MoveReview {
    /// Judges `mv`, made by `mover`, from the evaluations before and after it.
    pub fn new(mv: Move, mover: Player, before: &PositionEval, after: &PositionEval) -> MoveReview {
        let (win_before, win_after) = (before.win_for(mover), after.win_for(mover));
        let loss = (win_before - win_after).max(0.0);
        let (judgement, better) = judge_loss(mv, loss, before.best);
        MoveReview {
            mv,
            mover,
            before: win_before,
            after: win_after,
            loss,
            judgement,
            better,
            line: before.line.clone(),
            returns_to: None,
        }
    }
}

/// The judgement of `mv` when it lost `loss` where the search's best move
/// was `best`, and the better move to show: `best`, for an error that was
/// not the engine's own choice.
pub(crate) fn judge_loss(mv: Move, loss: f64, best: Option<Move>) -> (Judgement, Option<Move>) {
    let engine_choice = best == Some(mv);
    let judgement = Judgement::from_loss(loss, engine_choice);
    (
        judgement,
        best.filter(|_| judgement.is_error() && !engine_choice),
    )
}
