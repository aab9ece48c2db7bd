//! How each side of a match played, counted from its games' records (issue
//! 62): does it wall early, keep walls, walk forward, pace back and forth,
//! and do its games finish? `quoridor arena --style` prints it after a
//! match, `quoridor arena style FILES…` for matches already played; the
//! levels' tests hold the weakest levels to a beginner's habits with it.
//!
//! Only the engines' own moves count: an opening from the book is not
//! theirs.
//!
//! ```
//! use quoridor_arena::{run_match, style::Style, Contender, MatchConfig, Side};
//! use quoridor_engines::learned::Evaluator;
//! use quoridor_rules::Variant;
//! let spec = quoridor_arena::parse_spec("level=1").unwrap();
//! let mut config = MatchConfig::new(
//!     Contender::internal("level=1", spec, Evaluator::classic()),
//!     Contender::Random,
//!     Variant::default(),
//! );
//! config.threads = 1;
//! let results = run_match(&config, &|_, _| {}).unwrap();
//! let style = Style::of(&results);
//! assert_eq!(style.games, 2);
//! assert!(style.side(Side::A).pawn_moves > 0);
//! ```

use super::play::{Ending, GameResult, Side};
use quoridor_engines::shortens_own_path;
use quoridor_rules::{Move, Player, Square};
use serde::Serialize;
use std::fmt;

/// Own moves counted as the opening of a side's game: walls among them are
/// [`SideStyle::early_walls`].
pub const EARLY_MOVES: usize = 5;

/// One side's counters over a match's games.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize)]
pub struct SideStyle {
    /// Walls placed among its first [`EARLY_MOVES`] own moves, all games.
    pub early_walls: u32,
    /// Walls it placed, all games.
    pub walls_placed: u32,
    /// Walls it had left when its games ended, all games.
    pub walls_left: u32,
    /// Its pawn moves.
    pub pawn_moves: u32,
    /// Of them, those that shortened its own shortest path to goal (or won).
    pub forward: u32,
    /// Of them, those back to the square its pawn left on its previous move
    /// (two plies before): pacing.
    pub pacing: u32,
    /// Of the pacing moves, those that did not take the pawn nearer its
    /// goal while another step would have: pacing it could have avoided.
    pub pacing_avoidable: u32,
}

/// Both sides' counters and how the games ended.
#[derive(Clone, Copy, Debug, Default, PartialEq, Serialize)]
pub struct Style {
    /// Games counted.
    pub games: u32,
    /// Games a pawn reached its goal in (not adjudicated at the ply cap,
    /// nor forfeited).
    pub finished: u32,
    /// Plies the engines played, all games.
    pub plies: u32,
    /// Engine A's counters.
    pub a: SideStyle,
    /// Engine B's counters.
    pub b: SideStyle,
}

impl Style {
    /// Counts `results` (a match's games, any order).
    pub fn of(results: &[GameResult]) -> Style {
        let mut style = Style::default();
        for result in results {
            style.add(result);
        }
        style
    }

    /// The counters of `side`.
    pub fn side(&self, side: Side) -> &SideStyle {
        match side {
            Side::A => &self.a,
            Side::B => &self.b,
        }
    }

    fn side_mut(&mut self, side: Side) -> &mut SideStyle {
        match side {
            Side::A => &mut self.a,
            Side::B => &mut self.b,
        }
    }

    /// Adds one game.
    pub fn add(&mut self, result: &GameResult) {
        self.games += 1;
        self.finished += u32::from(result.ending == Ending::Goal);
        self.plies += result.engine_plies();
        let side_of = |player: Player| match (player, result.a_first) {
            (Player::One, true) | (Player::Two, false) => Side::A,
            _ => Side::B,
        };
        let game = &result.record;
        let moves = game.moves();
        let opening = moves.len().saturating_sub(result.engine_plies() as usize);
        let mut own_moves = [0usize; 2];
        for (ply, &mv) in moves.iter().enumerate().skip(opening) {
            let Some(pos) = game.position_at(ply) else {
                break;
            };
            let mover = pos.turn();
            let counters = self.side_mut(side_of(mover));
            let nth = &mut own_moves[mover.index()];
            match mv {
                Move::Wall(_) => {
                    counters.walls_placed += 1;
                    counters.early_walls += u32::from(*nth < EARLY_MOVES);
                }
                Move::Pawn(to) => {
                    counters.pawn_moves += 1;
                    counters.forward += u32::from(shortens_own_path(pos, mv));
                    let before = ply
                        .checked_sub(2)
                        .and_then(|p| game.position_at(p))
                        .map(|p| p.pawn(mover));
                    if before == Some(to) {
                        counters.pacing += 1;
                        let forward_there = pos.pawn_targets().iter().any(|i| {
                            shortens_own_path(pos, Move::Pawn(Square::from_index(i, pos.size())))
                        });
                        counters.pacing_avoidable +=
                            u32::from(forward_there && !shortens_own_path(pos, mv));
                    }
                }
            }
            *nth += 1;
        }
        let end = game.position();
        for player in [Player::One, Player::Two] {
            self.side_mut(side_of(player)).walls_left += u32::from(end.walls_left(player));
        }
    }
}

/// Share `part / whole` in per cent, or `–` for none.
fn percent(part: u32, whole: u32) -> String {
    if whole == 0 {
        "–".to_string()
    } else {
        format!("{:.1}%", 100.0 * f64::from(part) / f64::from(whole))
    }
}

/// `total / games` with one decimal.
fn per_game(total: u32, games: u32) -> String {
    format!("{:.2}", f64::from(total) / f64::from(games.max(1)))
}

impl fmt::Display for Style {
    /// A table: one row per side, then how the games ended.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        writeln!(
            f,
            "style  walls in first {EARLY_MOVES} moves/game  walls placed/game  walls left/game  forward steps  pacing (avoidable: not forward, a step forward there)"
        )?;
        for side in [Side::A, Side::B] {
            let s = self.side(side);
            writeln!(
                f,
                "{side}      {:>26}  {:>17}  {:>15}  {:>13}  {} ({}) of {} pawn moves",
                per_game(s.early_walls, self.games),
                per_game(s.walls_placed, self.games),
                per_game(s.walls_left, self.games),
                percent(s.forward, s.pawn_moves),
                s.pacing,
                s.pacing_avoidable,
                s.pawn_moves
            )?;
        }
        write!(
            f,
            "games  {} of {} finished at a goal ({}), {:.1} plies per game",
            self.finished,
            self.games,
            percent(self.finished, self.games),
            f64::from(self.plies) / f64::from(self.games.max(1))
        )
    }
}
