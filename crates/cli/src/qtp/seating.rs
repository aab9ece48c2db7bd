//! QTP's colours on our players. QTP names the sides `white` (starting on
//! e1, heading for the top rank) and `black` (starting on e9, heading for
//! rank 1), and either may move first; our player 1 always moves first. So
//! the colour that makes a game's first move becomes our player 1: when white
//! starts nothing changes, when black starts (as the course's referee has it)
//! the board is turned upside down between QTP's squares and ours.

use quoridor_rules::{Move, Player, Square, Wall};
use std::fmt;
use std::str::FromStr;

/// A side as QTP names it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) enum Colour {
    /// Starts on the bottom rank (e1).
    White,
    /// Starts on the top rank (e9).
    Black,
}

impl Colour {
    /// The other side.
    pub(super) fn other(self) -> Colour {
        match self {
            Colour::White => Colour::Black,
            Colour::Black => Colour::White,
        }
    }
}

impl fmt::Display for Colour {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            Colour::White => "white",
            Colour::Black => "black",
        })
    }
}

impl FromStr for Colour {
    type Err = ();

    /// `white`/`w`/`black`/`b`, case-insensitive.
    fn from_str(s: &str) -> Result<Colour, ()> {
        match s.to_ascii_lowercase().as_str() {
            "white" | "w" => Ok(Colour::White),
            "black" | "b" => Ok(Colour::Black),
            _ => Err(()),
        }
    }
}

/// Which colour moved first in the game, and so how QTP's board lies on ours.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) enum Seating {
    /// White is our player 1; squares are the same.
    WhiteFirst,
    /// Black is our player 1; ranks are mirrored.
    BlackFirst,
}

impl Seating {
    /// The seating of a game whose first move is `colour`'s.
    pub(super) fn first_mover(colour: Colour) -> Seating {
        match colour {
            Colour::White => Seating::WhiteFirst,
            Colour::Black => Seating::BlackFirst,
        }
    }

    /// Our player for `colour`.
    pub(super) fn player(self, colour: Colour) -> Player {
        match (self, colour) {
            (Seating::WhiteFirst, Colour::White) | (Seating::BlackFirst, Colour::Black) => {
                Player::One
            }
            _ => Player::Two,
        }
    }

    /// QTP's colour for our `player`.
    pub(super) fn colour(self, player: Player) -> Colour {
        match (self, player) {
            (Seating::WhiteFirst, Player::One) | (Seating::BlackFirst, Player::Two) => {
                Colour::White
            }
            _ => Colour::Black,
        }
    }

    /// `mv` on QTP's board as a move on ours, or back (turning the board
    /// twice changes nothing). `None` if it does not fit a board of `size`.
    pub(super) fn turn_board(self, mv: Move, size: u8) -> Option<Move> {
        match self {
            Seating::WhiteFirst => Some(mv),
            Seating::BlackFirst => mirror(mv, size),
        }
    }
}

/// `mv` with the ranks of a `size` board mirrored: a square on rank r goes to
/// rank size+1−r, a wall between ranks k and k+1 to the one between ranks
/// size−k and size+1−k.
fn mirror(mv: Move, size: u8) -> Option<Move> {
    match mv {
        Move::Pawn(square) => {
            let rank = (size - 1).checked_sub(square.rank())?;
            Square::new(square.file(), rank)
                .filter(|s| s.on_board(size))
                .map(Move::Pawn)
        }
        Move::Wall(wall) => {
            let corner = wall.corner();
            let rank = size.checked_sub(2)?.checked_sub(corner.rank())?;
            Square::new(corner.file(), rank)
                .and_then(|c| Wall::new(c, wall.orientation()))
                .filter(|w| w.on_board(size))
                .map(Move::Wall)
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn mv(text: &str) -> Move {
        text.parse().expect("notation")
    }

    #[test]
    fn black_first_mirrors_squares_and_walls() {
        let turned = |text| Seating::BlackFirst.turn_board(mv(text), 9);
        assert_eq!(turned("e9"), Some(mv("e1")));
        assert_eq!(turned("a1"), Some(mv("a9")));
        // Our e2h lies between ranks 2 and 3; mirrored, between 7 and 8.
        assert_eq!(turned("e2h"), Some(mv("e7h")));
        assert_eq!(turned("c5v"), Some(mv("c4v")));
        assert_eq!(turned("a8h"), Some(mv("a1h")));
        assert_eq!(turned("e10"), None);
        assert_eq!(turned("e9h"), None);
        for text in ["e2", "c5v", "h1h"] {
            let back = turned(text).and_then(|m| Seating::BlackFirst.turn_board(m, 9));
            assert_eq!(back, Some(mv(text)));
        }
    }

    #[test]
    fn the_first_mover_is_player_one() {
        for colour in [Colour::White, Colour::Black] {
            let seating = Seating::first_mover(colour);
            assert_eq!(seating.player(colour), Player::One);
            assert_eq!(seating.colour(Player::One), colour);
            assert_eq!(
                seating.colour(Player::Two),
                seating.colour(Player::One).other()
            );
        }
        assert_eq!(
            Seating::WhiteFirst.turn_board(mv("e2h"), 9),
            Some(mv("e2h"))
        );
    }

    #[test]
    fn colours_read_in_any_case_and_short() {
        assert_eq!("WHITE".parse(), Ok(Colour::White));
        assert_eq!("b".parse(), Ok(Colour::Black));
        assert!("red".parse::<Colour>().is_err());
    }
}
