//! Walls: two squares long, lying in the groove between squares, named by the
//! square to the south-west of their centre plus `h` or `v`.

use super::bitboard::MAX_SIZE;
use super::notation::{serde_as_text, ParseMoveError};
use super::square::Square;
use std::fmt;
use std::str::FromStr;

/// Which way a wall runs.
#[derive(Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord, Debug)]
pub enum Orientation {
    /// Runs east-west, between two ranks (`h`).
    Horizontal,
    /// Runs north-south, between two files (`v`).
    Vertical,
}

impl Orientation {
    /// The notation letter, `h` or `v`.
    pub const fn letter(self) -> char {
        match self {
            Orientation::Horizontal => 'h',
            Orientation::Vertical => 'v',
        }
    }

    /// The other orientation.
    pub const fn flip(self) -> Orientation {
        match self {
            Orientation::Horizontal => Orientation::Vertical,
            Orientation::Vertical => Orientation::Horizontal,
        }
    }
}

/// A wall position: `e3h` lies between ranks 3 and 4 across files e and f;
/// `e3v` lies between files e and f across ranks 3 and 4.
///
/// ```
/// use quoridor::game::{Orientation, Wall};
/// let w: Wall = "e3h".parse().unwrap();
/// assert_eq!(w.orientation(), Orientation::Horizontal);
/// assert_eq!(w.corner().to_string(), "e3");
/// assert_eq!(w.to_string(), "e3h");
/// assert!("k3h".parse::<Wall>().is_err()); // no groove east of file k
/// ```
#[derive(Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord, Debug)]
pub struct Wall {
    corner: Square,
    orientation: Orientation,
}

impl Wall {
    /// The wall whose centre is north-east of `corner`, if it can exist on a
    /// board of up to 11×11 (file and rank below 10).
    pub const fn new(corner: Square, orientation: Orientation) -> Option<Wall> {
        if corner.file() + 1 < MAX_SIZE && corner.rank() + 1 < MAX_SIZE {
            Some(Wall {
                corner,
                orientation,
            })
        } else {
            None
        }
    }

    /// The square south-west of the wall's centre.
    pub const fn corner(self) -> Square {
        self.corner
    }

    /// Horizontal or vertical.
    pub const fn orientation(self) -> Orientation {
        self.orientation
    }

    /// Whether the wall fits on a board of `size`.
    pub const fn on_board(self, size: u8) -> bool {
        self.corner.file() + 1 < size && self.corner.rank() + 1 < size
    }

    /// Slot index (the corner square's bit index) on a board of `size`.
    #[inline]
    pub const fn slot(self, size: u8) -> usize {
        self.corner.index(size)
    }

    /// The wall of `orientation` at slot index `slot` on a board of `size`.
    #[inline]
    pub const fn from_slot(slot: usize, orientation: Orientation, size: u8) -> Wall {
        Wall {
            corner: Square::from_index(slot, size),
            orientation,
        }
    }
}

impl fmt::Display for Wall {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}{}", self.corner, self.orientation.letter())
    }
}

impl FromStr for Wall {
    type Err = ParseMoveError;

    /// Reads `e3h` / `E3V` (case-insensitive, trimmed).
    fn from_str(s: &str) -> Result<Wall, ParseMoveError> {
        let text = s.trim();
        let (corner, rest) = Square::parse_prefix(text, text, "wall")?;
        let orientation = match rest.to_ascii_lowercase().as_str() {
            "h" => Orientation::Horizontal,
            "v" => Orientation::Vertical,
            "" => return Err(ParseMoveError::new(text, "wall", "missing h or v")),
            _ => {
                return Err(ParseMoveError::new(
                    text,
                    "wall",
                    "expected h or v after the square",
                ))
            }
        };
        Wall::new(corner, orientation).ok_or_else(|| {
            ParseMoveError::new(text, "wall", "walls are named by files a-j and ranks 1-10")
        })
    }
}

serde_as_text!(Wall);
