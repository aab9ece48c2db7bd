//! A whole game judged: one [`MoveReview`] per move whose positions before
//! and after have been evaluated, and the [`ReviewSummary`] of them.

use super::accuracy::player_accuracy;
use super::judgement::Judgement;
use super::move_review::{judge_loss, MoveReview};
use super::position_eval::PositionEval;
use quoridor_engines::{shortens_own_path, PawnRace, RaceResult};
use quoridor_rules::{Game, Move, Player, Position};

/// The judged moves of a game, from the first on.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct GameReview {
    moves: Vec<MoveReview>,
    plies: usize,
}

/// Each player's accuracy and count of each judgement, and the hints used.
#[derive(Clone, Debug, PartialEq)]
pub struct ReviewSummary {
    /// Accuracy 0–100 by player index (`None` for a player who made no move).
    pub accuracy: [Option<f64>; 2],
    /// Moves of each [`Judgement`] (in [`Judgement::ALL`] order) by player index.
    pub counts: [[usize; 6]; 2],
    /// Hints the player asked for during the game.
    pub hints: u32,
}

impl GameReview {
    /// Judges every move of `game` whose positions before and after are in
    /// `evals` (`evals[ply]` is the position after `ply` moves): all of them
    /// once `evals` has one more entry than the game has moves.
    ///
    /// A move in a decided game that keeps the result without taking its
    /// mover closer to its goal is [`Judgement::Decided`] instead of best
    /// (and left out of the accuracy): the game is decided where both
    /// evaluations around the move are proven, or where neither player has
    /// a wall left, whose race the pawn-race table solves exactly (a draw
    /// included). A level stepping back and forth in a race it has lost
    /// loses nothing by it, and earned no credit for it either.
    ///
    /// A move in an open game that brings its mover back to where it stood
    /// before one of its earlier moves (the same pawn square and walls in
    /// hand: no wall of its own placed since) undid that excursion: the
    /// mover's moves since, taken together, were a pass. Each step of a
    /// shuffle (e5 f5 e5 f5 … while the opponent walls the pawn in) loses a
    /// few points, under the noise of one search and so never flagged, yet
    /// their sum is no noise: the mover's win chance before the excursion's
    /// first move and after the return are two evaluations like those of
    /// one move, with one move's error. So the returning move is judged by
    /// that excursion's loss where it is larger than its own (issue 62),
    /// and its accuracy counts it. The excursion is the shortest one, since
    /// the mover last stood there: its evaluations are a few plies apart,
    /// not spread over a stretch of the game in which the engine's view
    /// drifts; a shuffle of several round trips is charged at each return
    /// for the round trip it closes (about twice a step's loss).
    pub fn judge(game: &Game, evals: &[PositionEval]) -> GameReview {
        // Once no wall is left, the walls on the board are fixed: one table
        // serves the rest of the game.
        let mut race: Option<PawnRace> = None;
        let moves = game
            .moves()
            .iter()
            .zip(evals.windows(2))
            .enumerate()
            .map(|(ply, (&mv, pair))| {
                let before = game.position_at(ply);
                let mover = before.map_or(Player::One, |p| p.turn());
                let mut review = MoveReview::new(mv, mover, &pair[0], &pair[1]);
                if let Some(pos) = before {
                    if keeps_a_decided_result(pos, mv, &pair[0], &pair[1], &mut race) {
                        if !review.judgement.is_error() && !shortens_own_path(pos, mv) {
                            review.judgement = Judgement::Decided;
                            review.better = None;
                        }
                    } else if let Some(start) = excursion_start(game, ply) {
                        let at_start = evals[start].win_for(mover);
                        let loss = at_start - review.after;
                        if loss > review.loss {
                            review.loss = loss;
                            (review.judgement, review.better) = judge_loss(mv, loss, pair[0].best);
                            review.returns_to = Some((start, at_start));
                        }
                    }
                }
                review
            })
            .collect();
        GameReview {
            moves,
            plies: game.moves().len(),
        }
    }

    /// The judged moves, first move first.
    pub fn moves(&self) -> &[MoveReview] {
        &self.moves
    }

    /// The judged moves, to judge again where something knows better than
    /// the search (a solved board's table).
    pub fn moves_mut(&mut self) -> &mut [MoveReview] {
        &mut self.moves
    }

    /// Whether every move of the game is judged.
    pub fn is_complete(&self) -> bool {
        self.moves.len() == self.plies
    }

    /// Accuracy and judgement counts per player, with `hints` used.
    pub fn summary(&self, hints: u32) -> ReviewSummary {
        let mut counts = [[0; 6]; 2];
        for m in &self.moves {
            counts[m.mover.index()][m.judgement as usize] += 1;
        }
        ReviewSummary {
            accuracy: Player::BOTH.map(|p| player_accuracy(&self.moves, p)),
            counts,
            hints,
        }
    }
}

/// The ply of the latest earlier move of the player who moves at `ply`
/// before which it stood where the move at `ply` takes it: the same pawn
/// square and walls in hand (`None` if there is none, or the move is
/// illegal). Walls in hand only fall, so the search stops at the first
/// earlier position with more.
fn excursion_start(game: &Game, ply: usize) -> Option<usize> {
    let mover = game.position_at(ply)?.turn();
    let after = game.position_at(ply + 1)?;
    let state = (after.pawn(mover), after.walls_left(mover));
    (0..ply)
        .rev()
        .filter_map(|s| Some((s, game.position_at(s)?)))
        .filter(|(_, p)| p.turn() == mover)
        .take_while(|(_, p)| p.walls_left(mover) == state.1)
        .find(|(_, p)| p.pawn(mover) == state.0)
        .map(|(s, _)| s)
}

/// Whether the game is decided before `mv` (made in `pos`) and the move
/// keeps its result: with no wall left the pawn-race table says so (solved
/// into `race` on first need), else both evaluations are proven and the
/// mover's result is the same.
fn keeps_a_decided_result(
    pos: &Position,
    mv: Move,
    before: &PositionEval,
    after: &PositionEval,
    race: &mut Option<PawnRace>,
) -> bool {
    if race.as_ref().is_none_or(|t| !t.covers(pos)) {
        *race = PawnRace::solve(pos);
    }
    if let Some(table) = race.as_ref() {
        let mut next = *pos;
        if next.play(mv).is_err() {
            return false;
        }
        let after_result = if next.is_over() {
            Some(RaceResult::Loss(0))
        } else {
            table.result(&next)
        };
        return matches!(
            (table.result(pos), after_result),
            (Some(RaceResult::Win(_)), Some(RaceResult::Loss(_)))
                | (Some(RaceResult::Loss(_)), Some(RaceResult::Win(_)))
                | (Some(RaceResult::Draw), Some(RaceResult::Draw))
        );
    }
    let mover = pos.turn();
    before.proven && after.proven && before.win_for(mover) == after.win_for(mover)
}

impl ReviewSummary {
    /// One line per player (`player 1: accuracy 87 (12 best, 3 good, …)`,
    /// ending `; 14 decided, not counted` when some moves were
    /// [`Judgement::Decided`]), and one for the hints if any were used.
    pub fn lines(&self) -> Vec<String> {
        let mut lines: Vec<String> = Player::BOTH
            .iter()
            .map(|&p| {
                let accuracy =
                    self.accuracy[p.index()].map_or_else(|| "-".to_string(), |a| format!("{a:.0}"));
                let counts: Vec<String> = Judgement::ALL
                    .iter()
                    .filter(|j| j.counts_in_accuracy())
                    .map(|&j| format!("{} {}", self.counts[p.index()][j as usize], j.name()))
                    .collect();
                let decided = self.counts[p.index()][Judgement::Decided as usize];
                let aside = if decided > 0 {
                    format!("; {decided} decided, not counted")
                } else {
                    String::new()
                };
                format!("{p}: accuracy {accuracy} ({}{aside})", counts.join(", "))
            })
            .collect();
        if self.hints > 0 {
            lines.push(format!("hints used: {}", self.hints));
        }
        lines
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn eval(p1_win: f64, best: &str) -> PositionEval {
        PositionEval {
            p1_win,
            proven: p1_win == 0.0 || p1_win == 1.0,
            best: Some(best.parse().unwrap()),
            line: vec![best.parse().unwrap()],
        }
    }

    /// Player 1 on d8 with d9 winning plays a wall instead; player 2 wins.
    const THROWN: &str = "d1 f9 d2 f8 d3 f7 d4 f6 d5 f5 d6 f4 d7 f3 d8 f2 a1h f1";

    fn thrown_game_evals(game: &Game) -> Vec<PositionEval> {
        let mut evals: Vec<PositionEval> = (0..15).map(|_| eval(0.55, "e2")).collect();
        evals.push(eval(1.0, "d8h")); // before f2: player 1 on d8 wins whatever player 2 does
        evals.push(eval(1.0, "d9")); // before a1h: d9 wins at once, proven
        evals.push(eval(0.0, "f1")); // after a1h: f1 wins for player 2, proven
        evals.push(PositionEval::finished(game.winner().unwrap()));
        evals
    }

    #[test]
    fn throwing_a_proven_win_away_is_a_blunder_with_the_winning_move_as_better() {
        let game: Game = THROWN.parse().unwrap();
        let review = GameReview::judge(&game, &thrown_game_evals(&game));
        assert!(review.is_complete());
        let a1h = &review.moves()[16];
        assert_eq!(a1h.mv.to_string(), "a1h");
        assert_eq!(a1h.mover, Player::One);
        assert_eq!((a1h.before, a1h.after, a1h.loss), (1.0, 0.0, 1.0));
        assert_eq!(a1h.judgement, Judgement::Blunder);
        assert_eq!(a1h.better.map(|m| m.to_string()).as_deref(), Some("d9"));
    }

    #[test]
    fn the_winning_last_move_is_best() {
        let game: Game = THROWN.parse().unwrap();
        let review = GameReview::judge(&game, &thrown_game_evals(&game));
        let last = review.moves().last().unwrap();
        assert_eq!(
            (last.mv.to_string().as_str(), last.mover),
            ("f1", Player::Two)
        );
        assert_eq!(last.after, 1.0);
        assert_eq!(last.judgement, Judgement::Best);
        assert_eq!(last.better, None);
    }

    #[test]
    fn moves_in_a_proven_loss_lose_nothing() {
        let game: Game = "e2 e8".parse().unwrap();
        let evals = [eval(0.0, "e3"), eval(0.0, "e7"), eval(0.0, "e3")];
        let review = GameReview::judge(&game, &evals);
        // Player 1 cannot lose more than a lost game: e2 is as good as e3.
        assert_eq!(review.moves()[0].loss, 0.0);
        assert_eq!(review.moves()[0].judgement, Judgement::Best);
        // Player 2 keeps a proven win with a move the engine would not play.
        assert_eq!(review.moves()[1].judgement, Judgement::Best);
    }

    #[test]
    fn a_step_aside_in_a_proven_result_is_decided_and_not_counted() {
        // Player 2 keeps its proven win with d9, a step aside: decided.
        let game: Game = "e2 d9 e3".parse().unwrap();
        let evals = [
            eval(0.0, "e2"),
            eval(0.0, "e7"),
            eval(0.0, "e3"),
            eval(0.0, "d7"),
        ];
        let review = GameReview::judge(&game, &evals);
        let judged: Vec<Judgement> = review.moves().iter().map(|m| m.judgement).collect();
        assert_eq!(
            judged,
            [Judgement::Best, Judgement::Decided, Judgement::Best]
        );
        let summary = review.summary(0);
        assert_eq!(
            summary.accuracy[1], None,
            "player 2's one move is not counted"
        );
        assert_eq!(
            summary.lines()[1],
            "player 2: accuracy - (0 best, 0 good, 0 inaccuracy, 0 mistake, 0 blunder; \
             1 decided, not counted)"
        );
        // Unproven, the same step is judged by its loss as before.
        let open = [
            eval(0.4, "e2"),
            eval(0.4, "e7"),
            eval(0.4, "e3"),
            eval(0.4, "d7"),
        ];
        let review = GameReview::judge(&game, &open);
        assert_eq!(review.moves()[1].judgement, Judgement::Best);
    }

    #[test]
    fn in_a_wall_less_race_the_table_decides_even_unproven() {
        // Pawns on the a- and e-files, no walls: player 1, first to move,
        // wins the race by a tempo whatever the evaluations say.
        let game: Game = "[size 5] [walls 0] [start a1 e5] a2 d5 a3 d4 a4 e4 a5"
            .parse()
            .unwrap();
        let mut evals: Vec<PositionEval> = (0..7).map(|_| eval(0.5, "a2")).collect();
        for e in &mut evals {
            e.proven = false;
        }
        evals.push(PositionEval::finished(Player::One));
        let review = GameReview::judge(&game, &evals);
        let judged: Vec<(String, Judgement)> = review
            .moves()
            .iter()
            .map(|m| (m.mv.to_string(), m.judgement))
            .collect();
        let expected = [
            ("a2", Judgement::Best),
            ("d5", Judgement::Decided), // aside
            ("a3", Judgement::Best),
            ("d4", Judgement::Best), // home, though lost
            ("a4", Judgement::Best),
            ("e4", Judgement::Decided), // aside
            ("a5", Judgement::Best),
        ];
        let expected: Vec<(String, Judgement)> =
            expected.iter().map(|(m, j)| (m.to_string(), *j)).collect();
        assert_eq!(judged, expected);
        assert_eq!(review.summary(0).counts[1][Judgement::Decided as usize], 2);
    }

    fn open(p1_win: f64, best: &str) -> PositionEval {
        PositionEval {
            proven: false,
            ..eval(p1_win, best)
        }
    }

    #[test]
    fn a_return_is_judged_by_the_excursion_it_closes() {
        // Player 1 steps e2 → d2 → e2 while player 2 comes on: each step
        // loses 6–7 points (good), the round trip 11 (issue 62's shuffle).
        let game: Game = "e2 e8 d2 e7 e2 e6".parse().unwrap();
        let p1 = [0.56, 0.55, 0.55, 0.49, 0.51, 0.44, 0.45];
        let evals: Vec<PositionEval> = p1.iter().map(|&w| open(w, "c1h")).collect();
        let review = GameReview::judge(&game, &evals);
        let d2 = &review.moves()[2];
        assert_eq!((d2.judgement, d2.returns_to), (Judgement::Good, None));
        let back = &review.moves()[4];
        assert_eq!(back.mv.to_string(), "e2");
        assert_eq!(back.returns_to, Some((2, 0.55)));
        assert!((back.loss - 0.11).abs() < 1e-9, "{}", back.loss);
        assert_eq!(back.judgement, Judgement::Inaccuracy);
        assert_eq!(back.better.map(|m| m.to_string()).as_deref(), Some("c1h"));
        // Its own numbers stay the move's: the comment shows both.
        assert_eq!((back.before, back.after), (0.51, 0.44));
        let accuracy = review.summary(0).accuracy[0].unwrap();
        assert!(accuracy < 80.0, "{accuracy}");
        let text = crate::annotated_record(&game, &review, quoridor_rules::PlyLimit::DEFAULT);
        assert!(
            text.ends_with(
                "e2?! {better: c1h, win 51% → 44%; back as before 2. d2, win 55% → 44%} e6"
            ),
            "{text}"
        );
        assert_eq!(text.parse::<Game>().unwrap(), game);
    }

    #[test]
    fn no_excursion_across_a_wall_or_while_the_chance_holds() {
        // A wall of its own between: not the same state, no excursion.
        let game: Game = "e2 e8 d2 e7 c5h e6 e2 d6".parse().unwrap();
        let falling = [0.56, 0.55, 0.55, 0.49, 0.51, 0.45, 0.47, 0.40, 0.41];
        let evals: Vec<PositionEval> = falling.iter().map(|&w| open(w, "a1h")).collect();
        let review = GameReview::judge(&game, &evals);
        assert!(review.moves().iter().all(|m| m.returns_to.is_none()));
        // Stepping back and forth where nothing is lost: judged as before.
        let game: Game = "e2 e8 d2 d8 e2 e8".parse().unwrap();
        let evals: Vec<PositionEval> = (0..7).map(|_| open(0.5, "a1h")).collect();
        let review = GameReview::judge(&game, &evals);
        assert!(review
            .moves()
            .iter()
            .all(|m| m.judgement == Judgement::Best));
    }

    #[test]
    fn a_partial_review_judges_the_moves_it_has_both_positions_of() {
        let game: Game = "e2 e8 e3".parse().unwrap();
        let review = GameReview::judge(&game, &[eval(0.6, "e2"), eval(0.3, "e8")]);
        assert_eq!(review.moves().len(), 1);
        assert!(!review.is_complete());
        assert_eq!(review.moves()[0].judgement, Judgement::Blunder);
        assert_eq!(review.moves()[0].better, None, "e2 was the engine's choice");
        assert!(GameReview::judge(&game, &[]).moves().is_empty());
    }

    #[test]
    fn summary_counts_judgements_per_player() {
        let game: Game = THROWN.parse().unwrap();
        let summary = GameReview::judge(&game, &thrown_game_evals(&game)).summary(2);
        let blunder = Judgement::Blunder as usize;
        assert_eq!(summary.counts[0][blunder], 1);
        assert_eq!(summary.counts[1][blunder], 0);
        assert_eq!(summary.counts[0].iter().sum::<usize>(), 9);
        assert_eq!(summary.counts[0][Judgement::Decided as usize], 0);
        assert_eq!(summary.counts[1].iter().sum::<usize>(), 9);
        assert_eq!(summary.accuracy[1], Some(100.0));
        let p1 = summary.accuracy[0].unwrap();
        assert!(
            (88.0..89.0).contains(&p1),
            "{p1}: eight moves at 100, one at 0"
        );
        let lines = summary.lines();
        assert_eq!(
            lines[0],
            "player 1: accuracy 89 (8 best, 0 good, 0 inaccuracy, 0 mistake, 1 blunder)"
        );
        assert_eq!(lines[2], "hints used: 2");
        assert_eq!(lines.len(), 3);
        assert_eq!(GameReview::judge(&game, &[]).summary(0).lines().len(), 2);
    }
}
