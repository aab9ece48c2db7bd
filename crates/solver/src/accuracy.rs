//! How close a player comes to perfect play: every move it makes in a
//! position whose exact value a solved [`Table`] knows is judged by whether
//! it keeps that value — a win stays a win (and, stricter, the fastest win),
//! a draw stays a draw; in a lost position every move keeps the loss (and
//! the longest defence is the best one).
//!
//! [`play_judged`] plays one game from a few random opening plies (not
//! judged, so that games differ) with any move chooser and judges every move
//! the chooser makes; [`Tally`] adds the judgements up. The engines are
//! plugged in by the caller (`quoridor solve accuracy`); the two choosers
//! that need no search are here: [`perfect_move`] (from the table, so it
//! keeps every value by construction) and [`random_move`].
//!
//! ```
//! use quoridor_rules::{Game, Variant};
//! use quoridor_solver::accuracy::{perfect_move, play_judged, Tally};
//! use quoridor_solver::solve;
//! use rand::SeedableRng;
//! let variant = Variant::new(3, 1).unwrap();
//! let (table, _) = solve(variant, 1 << 30, |_, _| {}).unwrap();
//! let mut rng = rand_xoshiro::Xoshiro256PlusPlus::seed_from_u64(1);
//! let game = play_judged(&table, Game::new(variant), 2, 300, &mut rng, |g| {
//!     perfect_move(&table, g.position())
//! })
//! .unwrap();
//! let tally = Tally::of(game.judgements.iter().map(|j| j.judgement));
//! assert_eq!(tally.kept, tally.moves);
//! ```

use super::table::Table;
use super::value::Value;
use quoridor_rules::{Game, Move, Player, Position};
use rand::Rng;
use std::fmt;

/// What one move did to the value of the position it was played in, both
/// values for the player who moved.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Judgement {
    /// The position's value before the move.
    pub before: Value,
    /// The move's value: the position after it, seen one ply earlier.
    pub after: Value,
}

impl Judgement {
    /// The judgement of `mv` in `pos`; `None` when the table does not know
    /// `pos` (another variant, or a finished game) or `mv` is not legal.
    ///
    /// ```
    /// use quoridor_rules::{Position, Variant};
    /// use quoridor_solver::{accuracy::Judgement, solve, Value};
    /// let variant = Variant::new(3, 0).unwrap();
    /// let (table, _) = solve(variant, 1 << 30, |_, _| {}).unwrap();
    /// let start = Position::new(variant);
    /// // b2 steps in front of player 2, who jumps home: lost at once.
    /// let b2 = Judgement::of(&table, &start, "b2".parse().unwrap()).unwrap();
    /// assert_eq!((b2.before, b2.after), (Value::Loss(4), Value::Loss(2)));
    /// assert!(b2.keeps_value() && !b2.is_best());
    /// ```
    pub fn of(table: &Table, pos: &Position, mv: Move) -> Option<Judgement> {
        let before = table.value(pos)?;
        pos.check(mv).ok()?;
        let mut child = *pos;
        child.play_unchecked(mv);
        let after = table.value(&child)?.for_mover();
        Some(Judgement { before, after })
    }

    /// Whether the move keeps the position's value: a win stays a win, a
    /// draw a draw; in a loss every move does.
    pub fn keeps_value(&self) -> bool {
        match self.before {
            Value::Win(_) => matches!(self.after, Value::Win(_)),
            Value::Draw => self.after == Value::Draw,
            Value::Loss(_) => true,
        }
    }

    /// Whether the move is a best one: the fastest win, a draw kept, the
    /// longest defence.
    pub fn is_best(&self) -> bool {
        self.after == self.before
    }
}

/// The judgements of many moves added up, by the value of the position
/// they were played in.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Tally {
    /// Moves judged.
    pub moves: u64,
    /// Moves that kept the position's value.
    pub kept: u64,
    /// Moves made in won positions.
    pub won: u64,
    /// Of those, moves that kept the win.
    pub won_kept: u64,
    /// Of those, moves that kept the fastest win.
    pub won_fastest: u64,
    /// Moves made in drawn positions.
    pub drawn: u64,
    /// Of those, moves that kept the draw.
    pub drawn_kept: u64,
    /// Moves made in lost positions (every one keeps the loss).
    pub lost: u64,
    /// Of those, moves that kept the longest defence.
    pub lost_longest: u64,
}

impl Tally {
    /// The tally of `judgements`.
    pub fn of(judgements: impl IntoIterator<Item = Judgement>) -> Tally {
        let mut tally = Tally::default();
        for j in judgements {
            tally.add(j);
        }
        tally
    }

    /// Counts one more judgement.
    pub fn add(&mut self, j: Judgement) {
        let kept = u64::from(j.keeps_value());
        let best = u64::from(j.is_best());
        self.moves += 1;
        self.kept += kept;
        match j.before {
            Value::Win(_) => {
                self.won += 1;
                self.won_kept += kept;
                self.won_fastest += best;
            }
            Value::Draw => {
                self.drawn += 1;
                self.drawn_kept += kept;
            }
            Value::Loss(_) => {
                self.lost += 1;
                self.lost_longest += best;
            }
        }
    }

    /// Adds another tally.
    pub fn merge(&mut self, other: &Tally) {
        self.moves += other.moves;
        self.kept += other.kept;
        self.won += other.won;
        self.won_kept += other.won_kept;
        self.won_fastest += other.won_fastest;
        self.drawn += other.drawn;
        self.drawn_kept += other.drawn_kept;
        self.lost += other.lost;
        self.lost_longest += other.lost_longest;
    }
}

/// One judged move of a game.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct JudgedMove {
    /// The ply it was played at (0 = the first move of the game).
    pub ply: usize,
    /// Who played it.
    pub player: Player,
    /// The move.
    pub mv: Move,
    /// What it did to the value.
    pub judgement: Judgement,
}

/// A game played by [`play_judged`].
#[derive(Clone, Debug)]
pub struct JudgedGame {
    /// The whole game, opening included.
    pub game: Game,
    /// Every move the chooser made in a position the table knows.
    pub judgements: Vec<JudgedMove>,
    /// Whether the game stopped at the ply cap without a winner.
    pub capped: bool,
}

/// Why [`play_judged`] could not finish a game.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum PlayError {
    /// The chooser gave no move in a position that has moves.
    NoMove {
        /// The ply.
        ply: usize,
    },
    /// The chooser gave an illegal move.
    Illegal {
        /// The ply.
        ply: usize,
        /// The move.
        mv: Move,
        /// Why the rules refuse it.
        reason: String,
    },
}

impl fmt::Display for PlayError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            PlayError::NoMove { ply } => write!(f, "no move at ply {ply}"),
            PlayError::Illegal { ply, mv, reason } => {
                write!(f, "illegal move {mv} at ply {ply}: {reason}")
            }
        }
    }
}

impl std::error::Error for PlayError {}

/// Plays a game from `start`: first `opening_plies` uniformly random legal
/// moves drawn with `rng` (not judged: they only make games differ), then
/// `choose` makes every move until a pawn reaches its goal or the game holds
/// `move_cap` plies (drawn games may repeat for ever); every move `choose`
/// makes in a position the table knows is judged.
pub fn play_judged(
    table: &Table,
    start: Game,
    opening_plies: usize,
    move_cap: usize,
    rng: &mut impl Rng,
    mut choose: impl FnMut(&Game) -> Option<Move>,
) -> Result<JudgedGame, PlayError> {
    let mut game = start;
    let mut judgements = Vec::new();
    for _ in 0..opening_plies {
        if game.winner().is_some() {
            break;
        }
        let mv = random_move(game.position(), rng).ok_or(PlayError::NoMove {
            ply: game.moves().len(),
        })?;
        game.play(mv).map_err(|e| PlayError::Illegal {
            ply: game.moves().len(),
            mv,
            reason: e.to_string(),
        })?;
    }
    while game.winner().is_none() && game.moves().len() < move_cap {
        let ply = game.moves().len();
        let pos = *game.position();
        let mv = choose(&game).ok_or(PlayError::NoMove { ply })?;
        game.play(mv).map_err(|e| PlayError::Illegal {
            ply,
            mv,
            reason: e.to_string(),
        })?;
        if let Some(judgement) = Judgement::of(table, &pos, mv) {
            judgements.push(JudgedMove {
                ply,
                player: pos.turn(),
                mv,
                judgement,
            });
        }
    }
    let capped = game.winner().is_none();
    Ok(JudgedGame {
        game,
        judgements,
        capped,
    })
}

/// A best move of `pos` by the table (the fastest win, a draw, the longest
/// defence); the first in the rules' move order among equals. `None` when
/// the table does not know `pos` or it has no move.
pub fn perfect_move(table: &Table, pos: &Position) -> Option<Move> {
    table.move_values(pos).first().map(|&(mv, _)| mv)
}

/// A uniformly random legal move of `pos`.
pub fn random_move(pos: &Position, rng: &mut impl Rng) -> Option<Move> {
    let legal = pos.legal_moves();
    (!legal.is_empty()).then(|| legal[rng.random_range(0..legal.len())])
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::solve;
    use quoridor_rules::Variant;
    use rand::SeedableRng;
    use rand_xoshiro::Xoshiro256PlusPlus;

    fn table(size: u8, walls: u8) -> Table {
        let variant = Variant::new(size, walls).expect("variant");
        solve(variant, 1 << 30, |_, _| {}).expect("solved").0
    }

    fn tally_of_games(
        table: &Table,
        games: u64,
        mut choose: impl FnMut(&Game, &mut Xoshiro256PlusPlus) -> Option<Move>,
    ) -> Tally {
        let mut tally = Tally::default();
        for seed in 0..games {
            let mut rng = Xoshiro256PlusPlus::seed_from_u64(seed);
            let mut chooser_rng = Xoshiro256PlusPlus::seed_from_u64(seed + 1000);
            let start = Game::new(table.variant());
            let game = play_judged(table, start, 2, 300, &mut rng, |g| {
                choose(g, &mut chooser_rng)
            })
            .expect("legal moves");
            assert!(!game.capped, "perfect or random play on 3x3 ends");
            tally.merge(&Tally::of(game.judgements.iter().map(|j| j.judgement)));
        }
        tally
    }

    #[test]
    fn a_perfect_player_keeps_every_value_and_every_best_distance() {
        for (size, walls) in [(3, 0), (3, 2), (4, 1)] {
            let table = table(size, walls);
            let tally = tally_of_games(&table, 20, |g, _| perfect_move(&table, g.position()));
            assert!(tally.moves > 40, "{size}x{size}/{walls}: {tally:?}");
            assert_eq!(tally.kept, tally.moves, "{tally:?}");
            assert_eq!(tally.won_fastest, tally.won, "{tally:?}");
            assert_eq!(tally.lost_longest, tally.lost, "{tally:?}");
            assert_eq!(tally.won + tally.drawn + tally.lost, tally.moves);
        }
    }

    #[test]
    fn a_random_player_throws_wins_away() {
        let table = table(3, 2);
        let tally = tally_of_games(&table, 40, |g, rng| random_move(g.position(), rng));
        assert!(tally.won > 0, "{tally:?}");
        assert!(tally.won_kept < tally.won, "{tally:?}");
        assert!(tally.kept < tally.moves, "{tally:?}");
        assert!(tally.won_fastest <= tally.won_kept, "{tally:?}");
    }

    #[test]
    fn each_move_of_a_won_position_is_judged_by_its_childs_value() {
        let table = table(3, 2);
        // The positions after each first move: player 2 to move, some won.
        let start = Position::new(table.variant());
        let mut checked = 0;
        for (mv, _) in table.move_values(&start) {
            let mut pos = start;
            pos.play_unchecked(mv);
            let Some(Value::Win(d)) = table.value(&pos) else {
                continue;
            };
            for (reply, value) in table.move_values(&pos) {
                let j = Judgement::of(&table, &pos, reply).expect("known");
                assert_eq!(j.before, Value::Win(d));
                assert_eq!(j.after, value);
                assert_eq!(j.keeps_value(), matches!(value, Value::Win(_)));
                assert_eq!(j.is_best(), value == Value::Win(d));
                checked += 1;
            }
        }
        assert!(checked > 0);
        // A draw kept or lost.
        let drawn = Judgement {
            before: Value::Draw,
            after: Value::Loss(3),
        };
        assert!(!drawn.keeps_value() && !drawn.is_best());
        let loss = Judgement {
            before: Value::Loss(5),
            after: Value::Loss(1),
        };
        assert!(loss.keeps_value() && !loss.is_best());
    }

    #[test]
    fn moves_the_table_does_not_know_are_not_judged() {
        let table = table(3, 1);
        let other = Position::new(Variant::new(3, 2).expect("3x3"));
        let mv = other.legal_moves()[0];
        assert_eq!(Judgement::of(&table, &other, mv), None);
        let start = Position::new(table.variant());
        let illegal: Move = "c3".parse().expect("a move");
        assert_eq!(Judgement::of(&table, &start, illegal), None);
    }

    #[test]
    fn an_illegal_choice_is_an_error_not_a_panic() {
        let table = table(3, 0);
        let mut rng = Xoshiro256PlusPlus::seed_from_u64(0);
        let result = play_judged(&table, Game::new(table.variant()), 0, 300, &mut rng, |_| {
            "c3".parse().ok()
        });
        assert!(matches!(result, Err(PlayError::Illegal { ply: 0, .. })));
        let none = play_judged(&table, Game::new(table.variant()), 0, 300, &mut rng, |_| {
            None
        });
        assert_eq!(none.err(), Some(PlayError::NoMove { ply: 0 }));
    }
}
