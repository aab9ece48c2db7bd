//! Exact results of wall-less endgames. Once neither player has a wall left
//! the walls on the board are fixed for the rest of the game, and a position
//! is just where the two pawns stand and who is to move: about 13,000 states
//! on a 9×9 board. [`PawnRace::solve`] classifies every one of them by
//! retrograde analysis — won or lost for the side to move and in how many
//! plies, or drawn when both sides can keep the game going for ever (pawns
//! face to face, each avoiding the step that lets the other jump). The
//! search uses the table to prove such positions instead of evaluating them,
//! so a face-off that one side wins by force is won, fastest, instead of
//! shuffled to the move cap.

use quoridor_rules::{Player, Position};
use std::collections::VecDeque;

/// What a wall-less position is worth to the side to move, with perfect play
/// from both sides (the winner as fast as it can, the loser as slowly).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum RaceResult {
    /// The side to move wins in this many plies (its own winning step
    /// included: 1 means it steps onto its goal row now).
    Win(u16),
    /// The side to move loses in this many plies (0: it has already lost).
    Loss(u16),
    /// Neither side can force a win: with best play the game never ends.
    Draw,
}

impl RaceResult {
    /// How good the move into a position with this result is for the player
    /// who made it (the side to move's opponent): lower is better — a win,
    /// the fewer plies the better, then a draw, then a loss, the more plies
    /// the better.
    ///
    /// ```
    /// use quoridor_search::RaceResult::{Draw, Loss, Win};
    /// assert!(Loss(3).mover_rank() < Loss(5).mover_rank(), "the faster win");
    /// assert!(Loss(9).mover_rank() < Draw.mover_rank());
    /// assert!(Draw.mover_rank() < Win(9).mover_rank());
    /// assert!(Win(9).mover_rank() < Win(2).mover_rank(), "the longer loss");
    /// ```
    pub fn mover_rank(self) -> (u8, u16) {
        match self {
            RaceResult::Loss(plies) => (0, plies),
            RaceResult::Draw => (1, 0),
            RaceResult::Win(plies) => (2, u16::MAX - plies),
        }
    }
}

/// Every placement of the pawns on one wall layout, with neither player
/// holding a wall, solved (see the module documentation).
///
/// ```
/// use quoridor_rules::{Game, Variant};
/// use quoridor_search::{PawnRace, RaceResult};
/// // 3x3 without walls: if player 1 (b1) steps to b2, player 2 (b3) jumps
/// // to b1 and wins; stepping aside only delays it to ply 4.
/// let game = Game::parse_with_variant("", Variant::new(3, 0).unwrap()).unwrap();
/// let table = PawnRace::solve(game.position()).expect("no walls in stock");
/// assert_eq!(table.result(game.position()), Some(RaceResult::Loss(4)));
/// let after = Game::parse_with_variant("b2", Variant::new(3, 0).unwrap()).unwrap();
/// assert_eq!(table.result(after.position()), Some(RaceResult::Win(1)));
/// ```
#[derive(Clone, Debug)]
pub struct PawnRace {
    /// The position solved (pawns as given; only its walls matter).
    layout: Position,
    cells: usize,
    results: Vec<RaceResult>,
}

/// The state index of pawns `p1`, `p2` with `turn` to move.
fn state(cells: usize, p1: usize, p2: usize, turn: Player) -> usize {
    (p1 * cells + p2) * 2 + turn.index()
}

impl PawnRace {
    /// Solves the wall-less endgame on `pos`'s walls; `None` if a player
    /// still has a wall to place.
    pub fn solve(pos: &Position) -> Option<PawnRace> {
        if [Player::One, Player::Two]
            .iter()
            .any(|&p| pos.walls_left(p) > 0)
        {
            return None;
        }
        let size = usize::from(pos.size());
        let cells = size * size;
        let states = cells * cells * 2;
        // Forward moves of every state, as a compressed list.
        let mut first_move = Vec::with_capacity(states + 1);
        let mut targets: Vec<u32> = Vec::with_capacity(states * 4);
        let mut results = vec![RaceResult::Draw; states];
        let mut queue = VecDeque::new();
        for p1 in 0..cells {
            for p2 in 0..cells {
                for turn in [Player::One, Player::Two] {
                    first_move.push(targets.len() as u32);
                    let Some(here) = pos.with_pawns([p1, p2], turn) else {
                        continue;
                    };
                    if here.is_over() {
                        let s = state(cells, p1, p2, turn);
                        results[s] = RaceResult::Loss(0);
                        queue.push_back(s);
                        continue;
                    }
                    for to in here.pawn_targets_of(turn).iter() {
                        let next = match turn {
                            Player::One => state(cells, to, p2, Player::Two),
                            Player::Two => state(cells, p1, to, Player::One),
                        };
                        targets.push(next as u32);
                    }
                }
            }
        }
        first_move.push(targets.len() as u32);
        // Predecessors: the forward lists turned around.
        let mut first_pred = vec![0u32; states + 1];
        for &t in &targets {
            first_pred[t as usize + 1] += 1;
        }
        for s in 0..states {
            first_pred[s + 1] += first_pred[s];
        }
        let mut fill = first_pred.clone();
        let mut preds = vec![0u32; targets.len()];
        for s in 0..states {
            for &t in &targets[first_move[s] as usize..first_move[s + 1] as usize] {
                preds[fill[t as usize] as usize] = s as u32;
                fill[t as usize] += 1;
            }
        }
        // Moves not yet known to lose, per state.
        let mut open: Vec<u32> = (0..states)
            .map(|s| first_move[s + 1] - first_move[s])
            .collect();
        let mut decided = vec![false; states];
        for &s in &queue {
            decided[s] = true;
        }
        // Breadth first from the finished games: plies grow along the queue,
        // so a win is found at its shortest and a loss at its longest.
        while let Some(s) = queue.pop_front() {
            let result = results[s];
            for &p in &preds[first_pred[s] as usize..first_pred[s + 1] as usize] {
                let p = p as usize;
                if decided[p] {
                    continue;
                }
                match result {
                    RaceResult::Loss(plies) => {
                        results[p] = RaceResult::Win(plies + 1);
                        decided[p] = true;
                        queue.push_back(p);
                    }
                    RaceResult::Win(plies) => {
                        open[p] -= 1;
                        if open[p] == 0 {
                            results[p] = RaceResult::Loss(plies + 1);
                            decided[p] = true;
                            queue.push_back(p);
                        }
                    }
                    RaceResult::Draw => {}
                }
            }
        }
        Some(PawnRace {
            layout: *pos,
            cells,
            results,
        })
    }

    /// Whether `pos` is a position of this table: the same walls on the
    /// board, and neither player holding one.
    pub fn covers(&self, pos: &Position) -> bool {
        pos.variant() == self.layout.variant()
            && pos.wall_slots() == self.layout.wall_slots()
            && pos.walls_left(Player::One) == 0
            && pos.walls_left(Player::Two) == 0
    }

    /// What `pos` is worth to its side to move; `None` if the table does not
    /// cover it.
    pub fn result(&self, pos: &Position) -> Option<RaceResult> {
        self.covers(pos).then(|| {
            let [p1, p2] = [Player::One, Player::Two].map(|p| pos.pawn_index(p));
            self.results[state(self.cells, p1, p2, pos.turn())]
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use quoridor_rules::{Game, Move, Variant};

    fn position(record: &str, variant: Variant) -> Position {
        *Game::parse_with_variant(record, variant)
            .expect("test record is legal")
            .position()
    }

    /// The result of `pos` found by playing every line out (depth-limited
    /// negamax): the check on the table for small boards.
    fn brute(pos: &Position, depth: u16) -> Option<RaceResult> {
        if pos.is_over() {
            return Some(RaceResult::Loss(0));
        }
        if depth == 0 {
            return None;
        }
        let mut best: Option<RaceResult> = None;
        let mut unknown = false;
        for to in pos.pawn_targets_of(pos.turn()).iter() {
            let mut next = *pos;
            next.play_unchecked(Move::Pawn(quoridor_rules::Square::from_index(
                to,
                pos.size(),
            )));
            let value = match brute(&next, depth - 1) {
                Some(RaceResult::Loss(k)) => RaceResult::Win(k + 1),
                Some(RaceResult::Win(k)) => RaceResult::Loss(k + 1),
                _ => {
                    unknown = true;
                    continue;
                }
            };
            best = Some(match (best, value) {
                (None, v) => v,
                (Some(RaceResult::Win(a)), RaceResult::Win(b)) => RaceResult::Win(a.min(b)),
                (Some(RaceResult::Win(a)), _) => RaceResult::Win(a),
                (_, RaceResult::Win(b)) => RaceResult::Win(b),
                (Some(RaceResult::Loss(a)), RaceResult::Loss(b)) => RaceResult::Loss(a.max(b)),
                (Some(v), _) => v,
            });
        }
        match best {
            Some(RaceResult::Win(k)) => Some(RaceResult::Win(k)),
            // A loss is only sure when every move was searched to the end.
            Some(loss) if !unknown => Some(loss),
            _ => None,
        }
    }

    #[test]
    fn positions_with_walls_in_stock_are_not_solved() {
        assert!(PawnRace::solve(&Position::new(Variant::default())).is_none());
    }

    #[test]
    fn without_walls_the_second_player_wins_by_the_jump() {
        // On one file the pawns meet in the middle and the second to arrive
        // jumps: the first mover loses, on 5x5 and on 9x9 alike.
        for (size, plies) in [(5, 8), (9, 16)] {
            let variant = Variant::new(size, 0).expect("variant");
            let start = Position::new(variant);
            let table = PawnRace::solve(&start).expect("no walls");
            assert_eq!(table.result(&start), Some(RaceResult::Loss(plies)));
            let mut after = start;
            let step = Move::Pawn(quoridor_rules::Square::from_index(
                start.pawn_index(Player::One) + usize::from(size),
                size,
            ));
            after.play(step).expect("a step forward");
            assert_eq!(table.result(&after), Some(RaceResult::Win(plies - 1)));
        }
    }

    #[test]
    fn the_table_agrees_with_playing_every_line_out_on_small_boards() {
        for (size, record, depth) in [(3, "", 9), (4, "", 7), (4, "b2", 7), (5, "c2 c4 c3", 5)] {
            let variant = Variant::new(size, 0).expect("variant");
            let pos = position(record, variant);
            let table = PawnRace::solve(&pos).expect("no walls");
            let cells = usize::from(size) * usize::from(size);
            let mut checked = 0;
            for p1 in 0..cells {
                for p2 in 0..cells {
                    for turn in [Player::One, Player::Two] {
                        let Some(here) = pos.with_pawns([p1, p2], turn) else {
                            continue;
                        };
                        let exact = table.result(&here).expect("covered");
                        if let Some(played_out) = brute(&here, depth) {
                            assert_eq!(exact, played_out, "{}", here.diagram());
                            checked += 1;
                        }
                    }
                }
            }
            assert!(checked > cells, "{checked} states checked on {size}x{size}");
        }
    }

    #[test]
    fn a_face_off_with_walls_is_drawn_or_decided_and_the_table_covers_only_its_layout() {
        // Both stocks spent on 5x5 with one wall each.
        let variant = Variant::new(5, 1).expect("5x5, 1 wall");
        let pos = position("a2h c3h", variant);
        let table = PawnRace::solve(&pos).expect("both stocks spent");
        assert!(table.covers(&pos));
        assert!(table.result(&pos).is_some());
        let other = position("a3h c3h", variant);
        assert!(!table.covers(&other), "another layout");
        assert_eq!(table.result(&other), None);
    }
}
