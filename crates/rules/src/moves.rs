//! A move is a pawn step (named by its target square) or a wall placement.

use super::notation::{serde_as_text, ParseMoveError};
use super::square::Square;
use super::wall::Wall;
use std::fmt;
use std::str::FromStr;

/// One of the two players. Player 1 starts at the bottom and moves first.
#[derive(Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord, Debug)]
pub enum Player {
    /// Starts on the bottom row (e1), aims for the top row.
    One,
    /// Starts on the top row (e9), aims for the bottom row.
    Two,
}

impl Player {
    /// Both players, in turn order.
    pub const BOTH: [Player; 2] = [Player::One, Player::Two];

    /// 0 for player 1, 1 for player 2.
    #[inline]
    pub const fn index(self) -> usize {
        self as usize
    }

    /// The opponent.
    #[inline]
    pub const fn other(self) -> Player {
        match self {
            Player::One => Player::Two,
            Player::Two => Player::One,
        }
    }

    /// The player numbered 1 or 2.
    pub const fn from_number(n: u8) -> Option<Player> {
        match n {
            1 => Some(Player::One),
            2 => Some(Player::Two),
            _ => None,
        }
    }

    /// 1 or 2.
    pub const fn number(self) -> u8 {
        self as u8 + 1
    }
}

impl fmt::Display for Player {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "player {}", self.number())
    }
}

impl serde::Serialize for Player {
    fn serialize<S: serde::Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        s.serialize_u8(self.number())
    }
}

impl<'de> serde::Deserialize<'de> for Player {
    fn deserialize<D: serde::Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
        let n = <u8 as serde::Deserialize>::deserialize(d)?;
        Player::from_number(n).ok_or_else(|| serde::de::Error::custom("player must be 1 or 2"))
    }
}

/// A move in notation: `e2` moves the pawn to e2, `e3h` / `e3v` place a wall.
///
/// ```
/// use quoridor_rules::Move;
/// let m: Move = " E3H ".parse().unwrap();
/// assert_eq!(m.to_string(), "e3h");
/// assert!(matches!("e2".parse::<Move>(), Ok(Move::Pawn(_))));
/// assert!("e3x".parse::<Move>().is_err());
/// ```
#[derive(Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord, Debug)]
pub enum Move {
    /// Move the pawn of the side to move to this square (a step or a jump).
    Pawn(Square),
    /// Place a wall here.
    Wall(Wall),
}

impl fmt::Display for Move {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Move::Pawn(square) => square.fmt(f),
            Move::Wall(wall) => wall.fmt(f),
        }
    }
}

impl Move {
    /// Moves in notation separated by white space (`"e2 e8 e3h"`), with no
    /// check that they can be played one after another.
    ///
    /// ```
    /// use quoridor_rules::Move;
    /// let line = Move::parse_list("e2 e8  e3h").unwrap();
    /// assert_eq!(line.len(), 3);
    /// assert!(Move::parse_list("e2 zz9").is_err());
    /// ```
    pub fn parse_list(text: &str) -> Result<Vec<Move>, ParseMoveError> {
        text.split_whitespace().map(str::parse).collect()
    }
}

impl FromStr for Move {
    type Err = ParseMoveError;

    fn from_str(s: &str) -> Result<Move, ParseMoveError> {
        let text = s.trim();
        let (square, rest) = Square::parse_prefix(text, text, "move")?;
        if rest.is_empty() {
            return Ok(Move::Pawn(square));
        }
        match rest.to_ascii_lowercase().as_str() {
            "h" | "v" => text
                .parse()
                .map(Move::Wall)
                .map_err(|e: ParseMoveError| ParseMoveError::new(text, "move", e.reason)),
            _ => Err(ParseMoveError::new(
                text,
                "move",
                "expected a square (e2) or a wall (e3h, e3v)",
            )),
        }
    }
}

serde_as_text!(Move);
