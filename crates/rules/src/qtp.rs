//! Move names of the Quoridor Text Protocol (QTP), the GTP-style protocol of
//! a university course's referee and its family of engines: the one place
//! where their names meet ours.
//!
//! Squares are named alike (`E2`, case-insensitive). Walls are not: we name a
//! wall by the square south-west of its centre, QTP by the square north-west
//! of it, so QTP's name is one rank *higher* than ours. QTP `c6 vertical` is our
//! `c5v` (between files c and d across ranks 5 and 6) and QTP `e3 h` is our
//! `e2h` (between ranks 2 and 3 across files e and f). Checked against the
//! course's referee (`quoridor_referee.py` in pavlosdais/Quoridor), whose
//! wall at rank r blocks the steps between ranks r and r−1.

use super::moves::Move;
use super::notation::ParseMoveError;
use super::square::Square;
use super::wall::{Orientation, Wall};
use std::fmt;

/// A move in QTP's words: a pawn's target square, or a wall's QTP square and
/// orientation. Holds our move, so it is always a move we can name.
///
/// ```
/// use quoridor_rules::{Move, QtpMove};
/// let wall = QtpMove::parse("c6", Some("vertical")).unwrap();
/// assert_eq!(wall.mv().to_string(), "c5v");
/// assert_eq!(wall.to_string(), "C6 v");
/// assert_eq!(wall.long_name(), "C6 vertical");
/// let ours = QtpMove::new("e2h".parse::<Move>().unwrap());
/// assert_eq!(ours.to_string(), "E3 h");
/// assert_eq!(QtpMove::parse("e2", None).unwrap().to_string(), "E2");
/// assert!(QtpMove::parse("e1", Some("h")).is_err()); // no groove below rank 1
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct QtpMove(Move);

impl QtpMove {
    /// Our move `mv`, to be named the QTP way.
    pub const fn new(mv: Move) -> QtpMove {
        QtpMove(mv)
    }

    /// The move in our notation.
    pub const fn mv(self) -> Move {
        self.0
    }

    /// Reads QTP's square and, for a wall, its orientation (`horizontal`,
    /// `h`, `vertical` or `v`, case-insensitive).
    pub fn parse(square: &str, orientation: Option<&str>) -> Result<QtpMove, ParseMoveError> {
        let Some(word) = orientation else {
            return square.parse().map(|s| QtpMove(Move::Pawn(s)));
        };
        let orientation = match word.to_ascii_lowercase().as_str() {
            "h" | "horizontal" => Orientation::Horizontal,
            "v" | "vertical" => Orientation::Vertical,
            _ => {
                return Err(ParseMoveError::new(
                    word,
                    "wall orientation",
                    "expected horizontal, h, vertical or v",
                ))
            }
        };
        let named: Square = square.trim().parse().map_err(|e: ParseMoveError| {
            ParseMoveError::new(square.trim(), "QTP wall square", e.reason)
        })?;
        named
            .rank()
            .checked_sub(1)
            .and_then(|rank| Square::new(named.file(), rank))
            .and_then(|corner| Wall::new(corner, orientation))
            .map(|wall| QtpMove(Move::Wall(wall)))
            .ok_or_else(|| {
                ParseMoveError::new(
                    square.trim(),
                    "QTP wall square",
                    "QTP walls are named by files a-j and ranks 2-11",
                )
            })
    }

    /// The square QTP names: the pawn's target, or for a wall the square one
    /// rank above our name's.
    pub fn square(self) -> Square {
        match self.0 {
            Move::Pawn(square) => square,
            Move::Wall(wall) => {
                let corner = wall.corner();
                // A wall's corner lies below the top rank, so this exists.
                Square::new(corner.file(), corner.rank() + 1).unwrap_or(corner)
            }
        }
    }

    /// The wall's orientation; `None` for a pawn move.
    pub fn orientation(self) -> Option<Orientation> {
        match self.0 {
            Move::Pawn(_) => None,
            Move::Wall(wall) => Some(wall.orientation()),
        }
    }

    /// The name with the orientation spelled out, as referees send walls:
    /// `E3 horizontal`.
    pub fn long_name(self) -> String {
        let square = self.square().to_string().to_ascii_uppercase();
        match self.orientation() {
            None => square,
            Some(Orientation::Horizontal) => format!("{square} horizontal"),
            Some(Orientation::Vertical) => format!("{square} vertical"),
        }
    }
}

impl fmt::Display for QtpMove {
    /// `E2` for a pawn move, `E3 h` for a wall (the answer to `genmove`).
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let square = self.square().to_string().to_ascii_uppercase();
        match self.orientation() {
            None => f.write_str(&square),
            Some(o) => write!(f, "{square} {}", o.letter()),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn ours(text: &str) -> Move {
        text.parse().expect("our notation")
    }

    #[test]
    fn qtp_names_walls_one_rank_higher_both_ways() {
        for (qtp, orientation, our) in [
            ("c6", "vertical", "c5v"),
            ("e3", "h", "e2h"),
            ("A2", "H", "a1h"),
            ("h9", "V", "h8v"),
        ] {
            let read = QtpMove::parse(qtp, Some(orientation)).expect("a QTP wall");
            assert_eq!(read.mv(), ours(our));
            assert_eq!(
                QtpMove::new(ours(our)).square().to_string(),
                qtp.to_ascii_lowercase()
            );
        }
    }

    #[test]
    fn pawn_squares_are_named_alike() {
        let step = QtpMove::parse("E2", None).expect("a square");
        assert_eq!(step.mv(), ours("e2"));
        assert_eq!(step.to_string(), "E2");
        assert_eq!(step.long_name(), "E2");
    }

    #[test]
    fn bad_wall_names_are_refused_with_a_reason() {
        let low = QtpMove::parse("e1", Some("h")).unwrap_err();
        assert!(low.reason.contains("ranks 2-11"), "{low}");
        let word = QtpMove::parse("e3", Some("diagonal")).unwrap_err();
        assert!(word.to_string().contains("horizontal, h, vertical or v"));
        assert!(QtpMove::parse("z3", Some("h")).is_err());
    }
}
