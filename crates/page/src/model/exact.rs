//! The page's exact values on small boards: what the first engine worker
//! answered about the positions the page asked for (the shown position,
//! the game's latest, and every position of a reviewed game), the variants
//! too big to solve in the page, and whether the engine plays the table's
//! moves. The analysis panel, the engine's moves, the hint and the review
//! all read this one store, so they agree.

use super::asks::ask_for;
use crate::worker::messages::{ExactAnswer, GameData};
use quoridor_engines::shortens_own_path;
use quoridor_review::{GameReview, Judgement, ReviewSummary};
use quoridor_rules::{Game, Move, Variant};
use quoridor_solver::exact::{Exact, ExactVerdict};
use quoridor_solver::Value;

/// Answers kept: enough for every position of a long game and a few more.
pub const ANSWERS_KEPT: usize = 700;

/// Exact values known to the page (see the module doc).
#[derive(Clone, Debug, PartialEq)]
pub struct ExactStore {
    /// Answers per position (as the game leading to it), the latest last.
    answers: Vec<(GameData, Exact)>,
    /// Variants (size, walls) the worker refused as too big to solve.
    too_big: Vec<(u8, u8)>,
    /// Positions asked for and not answered yet.
    pending: Vec<GameData>,
    /// Requests for the worker, numbered: the app sends each batch once.
    pub outbox: (u64, Vec<GameData>),
    /// The last solve: its variant (size, walls) and milliseconds.
    pub solved_in: Option<((u8, u8), f64)>,
    /// The full-strength engine plays the table's moves where it knows
    /// them (the panel's checkbox turns it off to watch the search).
    pub table_play: bool,
}

impl Default for ExactStore {
    fn default() -> Self {
        ExactStore {
            answers: Vec::new(),
            too_big: Vec::new(),
            pending: Vec::new(),
            outbox: (0, Vec::new()),
            solved_in: None,
            table_play: true,
        }
    }
}

/// Board size and walls each.
fn key(variant: Variant) -> (u8, u8) {
    (variant.size(), variant.walls())
}

impl ExactStore {
    /// The exact values of the position after `game`'s moves, if known.
    pub fn get(&self, game: &GameData) -> Option<&Exact> {
        self.answers
            .iter()
            .rev()
            .find(|(g, _)| g == game)
            .map(|(_, e)| e)
    }

    /// Whether `variant` is known to be too big to solve in the page.
    pub fn is_too_big(&self, variant: Variant) -> bool {
        self.too_big.contains(&key(variant))
    }

    /// Whether the worker is solving (or looking up) `game`'s position.
    pub fn is_pending(&self, game: &GameData) -> bool {
        self.pending.contains(game)
    }

    /// Asks for every position of `wanted` not known, not asked for and not
    /// of a variant too big: the asks go out as the next outbox batch.
    pub fn want(&mut self, wanted: impl IntoIterator<Item = GameData>) {
        let mut pending = std::mem::take(&mut self.pending);
        let mut outbox = std::mem::take(&mut self.outbox);
        ask_for(&mut pending, &mut outbox, wanted, |game| {
            self.is_too_big(game.variant) || self.get(game).is_some()
        });
        self.pending = pending;
        self.outbox = outbox;
    }

    /// The worker's answer about `game`.
    pub fn received(&mut self, game: GameData, answer: ExactAnswer) {
        self.pending.retain(|g| *g != game);
        match answer {
            ExactAnswer::Solved { exact, solve_ms } => {
                if let Some(ms) = solve_ms {
                    self.solved_in = Some((key(game.variant), ms));
                }
                self.answers.retain(|(g, _)| *g != game);
                self.answers.push((game, exact));
                if self.answers.len() > ANSWERS_KEPT {
                    self.answers.remove(0);
                }
            }
            ExactAnswer::TooBig => {
                if !self.is_too_big(game.variant) {
                    self.too_big.push(key(game.variant));
                }
                // Nothing else of that variant is coming.
                self.pending.retain(|g| key(g.variant) != key(game.variant));
            }
            ExactAnswer::Error(_) => {}
        }
    }

    /// The exact verdict on each move of `game` whose position before it
    /// is known: `(ply before the move, the move, the verdict)`.
    pub fn verdicts(&self, game: &GameData) -> Vec<(usize, Move, ExactVerdict)> {
        game.moves
            .iter()
            .enumerate()
            .filter_map(|(ply, &mv)| {
                let before = GameData::new(game.variant, game.moves[..ply].to_vec());
                let verdict = ExactVerdict::of(self.get(&before)?, mv)?;
                Some((ply, mv, verdict))
            })
            .collect()
    }
}

/// A solved board's review judged by its table, not by the search: every
/// move in `verdicts` (`(ply before it, move, verdict)`, as
/// [`ExactStore::verdicts`] gives them) gets the table's win chances (a win
/// 1, a draw ½, a loss 0, for its mover) and judgement: a win or draw
/// thrown away is a blunder; a best move by perfect play (the fastest win,
/// a draw kept, the longest defence) is best, heading home or not; a move
/// that keeps the value less well is good where it heads home (a slower
/// win, a quicker loss), else decided (as the search's review judges a
/// decided game's steps aside). So the summary table and the panel's
/// "Solved board: …" sentence ([`solved_summary`]) count the same moves.
pub fn judge_by_table(
    review: &mut GameReview,
    game: &Game,
    verdicts: &[(usize, Move, ExactVerdict)],
) {
    let chance = |v: Value| match v {
        Value::Win(_) => 1.0,
        Value::Draw => 0.5,
        Value::Loss(_) => 0.0,
    };
    for &(ply, mv, verdict) in verdicts {
        let (Some(judged), Some(pos)) = (review.moves_mut().get_mut(ply), game.position_at(ply))
        else {
            continue;
        };
        if judged.mv != mv {
            continue;
        }
        judged.before = chance(verdict.before);
        judged.after = chance(verdict.after);
        judged.loss = (judged.before - judged.after).max(0.0);
        judged.returns_to = None;
        judged.judgement = if verdict.is_blunder() {
            Judgement::Blunder
        } else if verdict.is_best() {
            Judgement::Best
        } else if shortens_own_path(pos, mv) {
            Judgement::Good
        } else {
            Judgement::Decided
        };
        if !judged.judgement.is_error() {
            judged.better = None;
        }
    }
}

/// The sentence over a review judged by the table ([`judge_by_table`]),
/// from its summary's counts, the table's: "Solved board: 11 of 12 moves
/// kept the value (9 best by perfect play, 1 good, 1 decided)."
pub fn solved_summary(summary: &ReviewSummary) -> String {
    let count = |j: Judgement| summary.counts[0][j as usize] + summary.counts[1][j as usize];
    let moves: usize = Judgement::ALL.iter().map(|&j| count(j)).sum();
    let errors: usize = Judgement::ALL
        .iter()
        .filter(|j| j.is_error())
        .map(|&j| count(j))
        .sum();
    let mut parts = vec![format!("{} best by perfect play", count(Judgement::Best))];
    for j in [Judgement::Good, Judgement::Decided] {
        if count(j) > 0 {
            parts.push(format!("{} {}", count(j), j.name()));
        }
    }
    format!(
        "Solved board: {} of {moves} moves kept the value ({}).",
        moves - errors,
        parts.join(", ")
    )
}

impl super::AppState {
    /// The review of the game on the page ([`super::Coach::review_of`]),
    /// each move whose position the solved table knows judged by the table
    /// ([`judge_by_table`]): what the move list, the summary and the
    /// panel show.
    pub fn review(&self) -> Option<GameReview> {
        let game = &self.board.game;
        let mut review = self.coach.review_of(game)?;
        judge_by_table(
            &mut review,
            game,
            &self.exact.verdicts(&GameData::from(game)),
        );
        Some(review)
    }

    /// Whether the engine plays the table's moves where it knows them:
    /// table play is on and the engine is at full strength (custom
    /// settings, level 10, or a level customised). Levels 1–9 keep their
    /// character on solved boards: their rated errors are on purpose.
    pub fn plays_perfectly(&self) -> bool {
        self.exact.table_play
            && self
                .engine
                .settings
                .level()
                .is_none_or(|l| l.level.number == 10 || l.customised)
    }

    /// On a solved board where the engine plays perfectly, what the person
    /// playing it is told when the game's position is lost for them with
    /// best play ("player 2 wins in 4 plies with best play"): there, no
    /// move of theirs can win, and the page says so rather than let the
    /// game end in two plies without a word.
    pub fn lost_against_perfect_play(&self) -> Option<String> {
        let human = self.human_against_engine()?;
        if !self.plays_perfectly() || self.board.game.position().is_over() {
            return None;
        }
        let exact = self.exact.get(&GameData::from(&self.board.game))?;
        let winner = match exact.value {
            Value::Win(_) => exact.turn,
            Value::Loss(_) => exact.turn.other(),
            Value::Draw => return None,
        };
        (winner != human).then(|| exact.outcome_text())
    }

    /// The exact values of the shown position, if known.
    pub fn exact_of_shown(&self) -> Option<&Exact> {
        self.exact.get(&self.shown_game())
    }

    /// Asks the worker about the positions the page shows or judges: the
    /// shown one, the game's latest, and each of a reviewed game's.
    pub(super) fn exact_follow(&mut self) {
        // The standard board and the other big ones: nothing to ask, ever.
        if self.exact.is_too_big(self.board.game.variant()) {
            return;
        }
        let mut wanted = vec![self.shown_game(), GameData::from(&self.board.game)];
        if let Some(run) = &self.coach.review {
            wanted.extend(
                (0..=run.game.moves.len())
                    .map(|ply| GameData::new(run.game.variant, run.game.moves[..ply].to_vec())),
            );
        }
        self.exact.want(wanted);
    }

    /// The worker's exact values of `game`'s position arrived: kept; if the
    /// engine is thinking there and plays perfectly, it plays the table's
    /// move now instead of waiting for its search.
    pub(super) fn exact_received(&mut self, game: GameData, answer: ExactAnswer) {
        self.exact.received(game, answer);
        self.exact_move_now();
    }

    /// Plays the table's move now if the engine is thinking in a position
    /// whose exact values are known and it plays perfectly; returns whether
    /// it did.
    pub(super) fn exact_move_now(&mut self) -> bool {
        let Some(search) = self
            .engine
            .search
            .as_ref()
            .filter(|s| s.mode == crate::worker::messages::SearchMode::Move)
        else {
            return false;
        };
        let mv = self
            .exact
            .get(&search.game)
            .filter(|_| self.plays_perfectly())
            .and_then(|e| e.perfect_choice(None));
        if mv.is_some() {
            let game = search.game.clone();
            self.engine.search = None;
            self.engine.table_move = mv;
            // Engine vs engine, a table's move waits its turn as a searched one.
            self.engine_found(game, mv);
        }
        mv.is_some()
    }

    /// The move the engine plays after searching `game`: a best move by
    /// the table where the engine plays perfectly and the table is known
    /// (its own choice when that is one), else its own.
    pub(super) fn perfect_or(&self, game: &GameData, best: Option<Move>) -> Option<Move> {
        match self.exact.get(game) {
            Some(exact) if self.plays_perfectly() => exact.perfect_choice(best),
            _ => best,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use quoridor_rules::Player;
    use quoridor_solver::Value;

    fn game(moves: &str) -> GameData {
        let moves = moves
            .split_whitespace()
            .map(|m| m.parse().expect("notation"))
            .collect();
        GameData::new(Variant::new(3, 0).expect("3x3"), moves)
    }

    fn exact(value: Value, moves: &[(&str, Value)]) -> Exact {
        Exact {
            turn: Player::One,
            value,
            moves: moves
                .iter()
                .map(|(m, v)| (m.parse().expect("notation"), *v))
                .collect(),
        }
    }

    #[test]
    fn each_position_is_asked_for_once_until_answered() {
        let mut store = ExactStore::default();
        store.want([game(""), game("b2"), game("")]);
        assert_eq!(store.outbox, (1, vec![game(""), game("b2")]));
        assert!(store.is_pending(&game("")));
        store.want([game("")]);
        assert_eq!(store.outbox.0, 1, "no new batch for a pending position");
        let answer = exact(Value::Loss(4), &[("a1", Value::Loss(4))]);
        store.received(
            game(""),
            ExactAnswer::Solved {
                exact: answer.clone(),
                solve_ms: Some(3.0),
            },
        );
        assert_eq!(store.get(&game("")), Some(&answer));
        assert!(!store.is_pending(&game("")));
        assert_eq!(store.solved_in, Some(((3, 0), 3.0)));
        store.want([game("")]);
        assert_eq!(store.outbox.0, 1, "known: not asked again");
    }

    #[test]
    fn a_variant_too_big_is_never_asked_about_again() {
        let mut store = ExactStore::default();
        let standard = |moves: Vec<Move>| GameData::new(Variant::default(), moves);
        store.want([standard(vec![])]);
        store.received(standard(vec![]), ExactAnswer::TooBig);
        assert!(store.is_too_big(Variant::default()));
        store.want([standard(vec!["e2".parse().expect("notation")])]);
        assert_eq!(store.outbox.0, 1);
    }

    #[test]
    fn verdicts_judge_each_move_whose_position_is_known() {
        let mut store = ExactStore::default();
        let start = exact(
            Value::Loss(4),
            &[("a1", Value::Loss(4)), ("b2", Value::Loss(2))],
        );
        store.received(
            game(""),
            ExactAnswer::Solved {
                exact: start,
                solve_ms: None,
            },
        );
        let verdicts = store.verdicts(&game("b2 a3"));
        assert_eq!(verdicts.len(), 1, "the position after b2 is not known");
        let (ply, mv, verdict) = verdicts[0];
        assert_eq!((ply, mv.to_string()), (0, "b2".to_string()));
        assert_eq!(verdict.before, Value::Loss(4));
        assert_eq!(verdict.after, Value::Loss(2));
        assert!(!verdict.is_best() && !verdict.is_blunder());
    }
}
