//! How a game ends: a pawn on its goal row, the ply limit, or a resignation.
//!
//! Two engines of equal strength can shuffle their pawns for ever, so a game
//! that reaches the ply limit (300 plies by default, [`PlyLimit`]) without a
//! winner is adjudicated by path lengths ([`Adjudication`]): the player with
//! the shorter path to their goal row wins, and on equal paths the side to
//! move wins. There are no draws. The arena, the page and the protocols all
//! apply this one rule; the arena's `--move-cap` is its limit.
//!
//! ```
//! use quoridor_rules::{EndedBy, Game, Player, PlyLimit};
//! let mut game = Game::new(Default::default());
//! for _ in 0..75 {
//!     for mv in ["d1", "d9", "e1", "e9"] {
//!         game.play_text(mv).unwrap();
//!     }
//! }
//! assert_eq!(game.moves().len(), 300);
//! let outcome = game.outcome(PlyLimit::DEFAULT).unwrap();
//! // Both paths are 8 steps: player 1, to move, wins the tie.
//! assert_eq!(outcome.winner, Player::One);
//! assert_eq!(outcome.by, EndedBy::PlyLimit { limit: 300, paths: [8, 8] });
//! assert_eq!(
//!     outcome.to_string(),
//!     "player 1 has won, adjudicated at the 300-ply limit (paths 8 to 8, the side to move wins a tie)"
//! );
//! assert_eq!(game.outcome(PlyLimit::NONE), None);
//! ```

use super::moves::Player;
use super::position::Position;
use std::fmt;
use std::num::NonZeroUsize;

/// The most plies a game lasts before it is adjudicated ([`PlyLimit::DEFAULT`]
/// = 300), or no limit ([`PlyLimit::NONE`]).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct PlyLimit(Option<NonZeroUsize>);

impl PlyLimit {
    /// The plies of [`PlyLimit::DEFAULT`].
    pub const DEFAULT_PLIES: usize = 300;

    /// The arena's, the page's and the protocols' limit: 300 plies, 150
    /// moves each.
    pub const DEFAULT: PlyLimit = PlyLimit::new(PlyLimit::DEFAULT_PLIES);

    /// No limit: only a pawn on its goal row ends the game.
    pub const NONE: PlyLimit = PlyLimit(None);

    /// A limit of `plies` plies; 0 means no limit.
    pub const fn new(plies: usize) -> PlyLimit {
        PlyLimit(NonZeroUsize::new(plies))
    }

    /// The limit in plies, if there is one.
    pub fn plies(self) -> Option<usize> {
        self.0.map(NonZeroUsize::get)
    }

    /// Whether a game of `plies` plies has reached the limit.
    pub fn reached(self, plies: usize) -> bool {
        self.plies().is_some_and(|limit| plies >= limit)
    }
}

impl Default for PlyLimit {
    /// [`PlyLimit::DEFAULT`].
    fn default() -> Self {
        PlyLimit::DEFAULT
    }
}

/// Who wins a position if the game stops there without a winner: the
/// shorter path to goal, the side to move on equal paths.
///
/// ```
/// use quoridor_rules::{Adjudication, Game, Player};
/// let game: Game = "e2 e8 e3".parse().unwrap();
/// let verdict = Adjudication::of(game.position());
/// assert_eq!(verdict.winner, Player::One);
/// assert_eq!(verdict.paths, [6, 7]);
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Adjudication {
    /// The player the rule gives the game to.
    pub winner: Player,
    /// Each player's shortest path to goal in steps, indexed by
    /// [`Player::index`] (`u32::MAX` for a pawn with no path, which no legal
    /// position has).
    pub paths: [u32; 2],
}

impl Adjudication {
    /// The adjudication of `position`.
    pub fn of(position: &Position) -> Adjudication {
        let path = |p| position.distance_to_goal(p).unwrap_or(u32::MAX);
        let paths = [path(Player::One), path(Player::Two)];
        let [one, two] = paths;
        let winner = if one < two || (one == two && position.turn() == Player::One) {
            Player::One
        } else {
            Player::Two
        };
        Adjudication { winner, paths }
    }

    /// "paths 4 to 6", the winner's path first, saying why a tie went to
    /// the winner (", the side to move wins a tie").
    pub fn paths_text(&self) -> String {
        paths_text(self.winner, self.paths)
    }
}

/// "paths 4 to 6", the winner's path first, saying why a tie went to the
/// winner.
fn paths_text(winner: Player, paths: [u32; 2]) -> String {
    let (won, lost) = (paths[winner.index()], paths[winner.other().index()]);
    let tie = if won == lost {
        ", the side to move wins a tie"
    } else {
        ""
    };
    format!("paths {won} to {lost}{tie}")
}

/// How a game ended.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum EndedBy {
    /// The winner's pawn reached its goal row.
    Goal,
    /// The game reached the ply limit and was adjudicated by path lengths.
    PlyLimit {
        /// The limit, in plies.
        limit: usize,
        /// Each player's path to goal, indexed by [`Player::index`].
        paths: [u32; 2],
    },
    /// The loser resigned (the rules never end a game so: a player does,
    /// and the page or a record says so).
    Resignation,
    /// The loser's clock ran out (a clock, not the rules, ends it).
    Timeout,
}

/// The end of a game: who won and how.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Outcome {
    /// The winner.
    pub winner: Player,
    /// How the game ended.
    pub by: EndedBy,
}

impl Outcome {
    /// The end of a game whose position after `plies` plies is `position`,
    /// under `limit`; `None` while it goes on. A pawn on its goal row wins
    /// even on the limit's last ply; a game at or beyond the limit is
    /// adjudicated on `position`.
    pub fn of(position: &Position, plies: usize, limit: PlyLimit) -> Option<Outcome> {
        if let Some(winner) = position.winner() {
            return Some(Outcome {
                winner,
                by: EndedBy::Goal,
            });
        }
        let limit = limit.plies().filter(|&limit| plies >= limit)?;
        let Adjudication { winner, paths } = Adjudication::of(position);
        Some(Outcome {
            winner,
            by: EndedBy::PlyLimit { limit, paths },
        })
    }

    /// The end of a game that `loser` resigned.
    ///
    /// ```
    /// use quoridor_rules::{EndedBy, Outcome, Player};
    /// let outcome = Outcome::resigned(Player::One);
    /// assert_eq!(outcome.winner, Player::Two);
    /// assert_eq!(outcome.by, EndedBy::Resignation);
    /// assert_eq!(outcome.result(), "0-1");
    /// assert_eq!(outcome.to_string(), "player 2 has won, player 1 resigned");
    /// ```
    pub fn resigned(loser: Player) -> Outcome {
        Outcome {
            winner: loser.other(),
            by: EndedBy::Resignation,
        }
    }

    /// `loser` ran out of time.
    ///
    /// ```
    /// use quoridor_rules::{Outcome, Player};
    /// let outcome = Outcome::timed_out(Player::One);
    /// assert_eq!(outcome.to_string(), "player 2 has won, player 1 ran out of time");
    /// ```
    pub fn timed_out(loser: Player) -> Outcome {
        Outcome {
            winner: loser.other(),
            by: EndedBy::Timeout,
        }
    }

    /// The result as a record writes it: `1-0` (player 1 won) or `0-1`.
    pub fn result(&self) -> &'static str {
        result_text(self.winner)
    }

    /// How an adjudicated game ended, "adjudicated at the 300-ply limit
    /// (paths 4 to 6)"; `None` for a goal reached.
    pub fn adjudication_note(&self) -> Option<String> {
        let EndedBy::PlyLimit { limit, paths } = self.by else {
            return None;
        };
        Some(format!(
            "adjudicated at the {limit}-ply limit ({})",
            paths_text(self.winner, paths)
        ))
    }
}

impl Outcome {
    /// How the game ended when it was not a goal: the adjudication's note,
    /// or "player 2 resigned"; `None` for a goal reached.
    ///
    /// ```
    /// use quoridor_rules::{Outcome, Player};
    /// let note = Outcome::resigned(Player::Two).how_note();
    /// assert_eq!(note.as_deref(), Some("player 2 resigned"));
    /// ```
    pub fn how_note(&self) -> Option<String> {
        match self.by {
            EndedBy::Resignation => Some(format!("{} resigned", self.winner.other())),
            EndedBy::Timeout => Some(format!("{} ran out of time", self.winner.other())),
            _ => self.adjudication_note(),
        }
    }
}

impl fmt::Display for Outcome {
    /// "player 1 has won", and for an adjudication ", adjudicated at the
    /// 300-ply limit (paths 4 to 6)", for a resignation ", player 2
    /// resigned".
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{} has won", self.winner)?;
        match self.how_note() {
            Some(note) => write!(f, ", {note}"),
            None => Ok(()),
        }
    }
}

/// The result `winner` won by, as a record writes it: `1-0` or `0-1`.
pub fn result_text(winner: Player) -> &'static str {
    match winner {
        Player::One => "1-0",
        Player::Two => "0-1",
    }
}

/// The winner a result names (`1-0`, `0-1`), if `text` is one.
///
/// ```
/// use quoridor_rules::{parse_result, Player};
/// assert_eq!(parse_result("0-1"), Some(Player::Two));
/// assert_eq!(parse_result("1/2-1/2"), None);
/// ```
pub fn parse_result(text: &str) -> Option<Player> {
    Player::BOTH.into_iter().find(|&p| result_text(p) == text)
}

/// Why a stated result does not fit the moves of its game.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct WrongResult {
    /// The winner the result names.
    pub stated: Player,
    /// The winner of the game's last position.
    pub winner: Player,
    /// The adjudication that gave it, if no pawn reached its goal.
    pub adjudication: Option<Adjudication>,
}

impl WrongResult {
    /// Checks the result `stated` for a game whose last position is
    /// `position`: the player on the goal row must be the stated winner,
    /// and without one the game stopped there, so the adjudication of
    /// `position` must give the game to the stated winner.
    pub fn check(position: &Position, stated: Player) -> Result<(), WrongResult> {
        let (winner, adjudication) = match position.winner() {
            Some(winner) => (winner, None),
            None => {
                let a = Adjudication::of(position);
                (a.winner, Some(a))
            }
        };
        if winner == stated {
            Ok(())
        } else {
            Err(WrongResult {
                stated,
                winner,
                adjudication,
            })
        }
    }
}

impl fmt::Display for WrongResult {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "the result {} does not fit the moves: ",
            result_text(self.stated)
        )?;
        match self.adjudication {
            None => write!(f, "{} reached the goal", self.winner),
            Some(a) => write!(
                f,
                "{} wins on path lengths after the last move ({})",
                self.winner,
                paths_text(a.winner, a.paths)
            ),
        }
    }
}

impl std::error::Error for WrongResult {}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::{Game, Variant};

    fn position(record: &str) -> Position {
        *record.parse::<Game>().expect("legal").position()
    }

    #[test]
    fn the_shorter_path_wins_whoever_is_to_move() {
        // Player 1 on e3 (6 to go), player 2 on e8 (7 to go), player 2 to move.
        let a = Adjudication::of(&position("e2 e8 e3"));
        assert_eq!((a.winner, a.paths), (Player::One, [6, 7]));
        // Player 2's wall under e9 and f9 lengthens player 1's path past
        // player 2's; player 1 is to move and loses.
        let a = Adjudication::of(&position("e2 e8 e3 e7 a3h e8h"));
        assert_eq!((a.winner, a.paths), (Player::Two, [7, 6]));
    }

    #[test]
    fn equal_paths_go_to_the_side_to_move() {
        let one_to_move = Adjudication::of(&position("e2 e8"));
        assert_eq!(
            (one_to_move.winner, one_to_move.paths),
            (Player::One, [7, 7])
        );
        let two_to_move = Adjudication::of(&position("e2 e8 d2"));
        assert_eq!(
            (two_to_move.winner, two_to_move.paths),
            (Player::Two, [7, 7])
        );
    }

    #[test]
    fn the_limit_ends_a_game_and_a_goal_on_its_last_ply_still_wins() {
        let limit = PlyLimit::new(3);
        let start = Position::new(Variant::default());
        assert_eq!(Outcome::of(&start, 2, limit), None);
        let ended = Outcome::of(&position("e2 e8 e3"), 3, limit).expect("at the limit");
        assert_eq!(ended.winner, Player::One);
        assert_eq!(
            ended.by,
            EndedBy::PlyLimit {
                limit: 3,
                paths: [6, 7]
            }
        );
        assert_eq!(
            ended.adjudication_note().as_deref(),
            Some("adjudicated at the 3-ply limit (paths 6 to 7)")
        );
        assert_eq!(ended.result(), "1-0");
        // On a 3×3 board player 1 reaches b3 on the third ply: a goal, not
        // an adjudication.
        let small = Variant::new(3, 0).expect("3x3");
        let won = Game::parse_with_variant("b2 a3 b3", small).expect("legal");
        let goal = Outcome::of(won.position(), 3, limit).expect("over");
        assert_eq!((goal.winner, goal.by), (Player::One, EndedBy::Goal));
        assert_eq!(goal.to_string(), "player 1 has won");
        assert_eq!(Outcome::of(&start, 10_000, PlyLimit::NONE), None);
    }

    #[test]
    fn the_limit_counts_plies_and_zero_means_none() {
        assert_eq!(PlyLimit::default().plies(), Some(300));
        assert!(PlyLimit::DEFAULT.reached(300) && !PlyLimit::DEFAULT.reached(299));
        assert_eq!(PlyLimit::new(0), PlyLimit::NONE);
        assert!(!PlyLimit::NONE.reached(usize::MAX));
    }

    #[test]
    fn a_wrong_result_says_who_won_and_why() {
        let p = position("e2 e8 e3");
        assert_eq!(WrongResult::check(&p, Player::One), Ok(()));
        let wrong = WrongResult::check(&p, Player::Two).expect_err("player 1 is closer");
        assert_eq!(
            wrong.to_string(),
            "the result 0-1 does not fit the moves: player 1 wins on path lengths after the last move (paths 6 to 7)"
        );
        let small = Variant::new(3, 0).expect("3x3");
        let won = Game::parse_with_variant("b2 a3 b3", small).expect("legal");
        let wrong = WrongResult::check(won.position(), Player::Two).expect_err("player 1 won");
        assert_eq!(
            wrong.to_string(),
            "the result 0-1 does not fit the moves: player 1 reached the goal"
        );
    }
}
