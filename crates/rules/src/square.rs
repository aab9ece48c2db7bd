//! Squares in algebraic notation: files `a`.. left to right, ranks `1`..
//! bottom to top.

use super::bitboard::MAX_SIZE;
use super::notation::{serde_as_text, ParseMoveError};
use std::fmt;
use std::str::FromStr;

/// A square of a board of up to 11×11. Whether it lies on a smaller board is
/// checked when a move is played.
///
/// ```
/// use quoridor_rules::Square;
/// let e2: Square = "e2".parse().unwrap();
/// assert_eq!((e2.file(), e2.rank()), (4, 1));
/// assert_eq!(e2.to_string(), "e2");
/// assert!(Square::new(11, 0).is_none());
/// ```
#[derive(Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord, Debug)]
pub struct Square {
    file: u8,
    rank: u8,
}

impl Square {
    /// The square at 0-based `file` and `rank`, if both are below 11.
    pub const fn new(file: u8, rank: u8) -> Option<Square> {
        if file < MAX_SIZE && rank < MAX_SIZE {
            Some(Square { file, rank })
        } else {
            None
        }
    }

    /// 0-based file (`a` = 0).
    pub const fn file(self) -> u8 {
        self.file
    }

    /// 0-based rank (`1` = 0).
    pub const fn rank(self) -> u8 {
        self.rank
    }

    /// Whether the square lies on a board of `size`×`size`.
    pub const fn on_board(self, size: u8) -> bool {
        self.file < size && self.rank < size
    }

    /// Bit index on a board of `size` (row-major from a1).
    #[inline]
    pub const fn index(self, size: u8) -> usize {
        self.rank as usize * size as usize + self.file as usize
    }

    /// The square with bit index `index` on a board of `size`.
    #[inline]
    pub const fn from_index(index: usize, size: u8) -> Square {
        Square {
            file: (index % size as usize) as u8,
            rank: (index / size as usize) as u8,
        }
    }

    /// Parses `<file letter><rank number>` from the start of `text`; returns the
    /// square and the rest of the text. `what` names the notation for errors.
    pub(crate) fn parse_prefix<'a>(
        full: &str,
        text: &'a str,
        what: &'static str,
    ) -> Result<(Square, &'a str), ParseMoveError> {
        let mut chars = text.chars();
        let file_char = chars
            .next()
            .ok_or_else(|| ParseMoveError::new(full, what, "empty"))?
            .to_ascii_lowercase();
        if !('a'..='k').contains(&file_char) {
            return Err(ParseMoveError::new(
                full,
                what,
                "column must be a letter a-k",
            ));
        }
        let rest = chars.as_str();
        let digits = rest.bytes().take_while(u8::is_ascii_digit).count();
        if digits == 0 {
            return Err(ParseMoveError::new(
                full,
                what,
                "rank must be a number 1-11 after the column letter",
            ));
        }
        let rank: u32 = rest[..digits]
            .parse()
            .map_err(|_| ParseMoveError::new(full, what, "rank must be a number 1-11"))?;
        if !(1..=MAX_SIZE as u32).contains(&rank) || rest.starts_with('0') {
            return Err(ParseMoveError::new(
                full,
                what,
                "rank must be a number 1-11",
            ));
        }
        let square = Square {
            file: file_char as u8 - b'a',
            rank: (rank - 1) as u8,
        };
        Ok((square, &rest[digits..]))
    }
}

impl fmt::Display for Square {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}{}", (b'a' + self.file) as char, self.rank + 1)
    }
}

impl FromStr for Square {
    type Err = ParseMoveError;

    /// Reads `e2`, ` E2 ` (case-insensitive, trimmed).
    fn from_str(s: &str) -> Result<Square, ParseMoveError> {
        let text = s.trim();
        let (square, rest) = Square::parse_prefix(text, text, "square")?;
        if !rest.is_empty() {
            return Err(ParseMoveError::new(
                text,
                "square",
                "unexpected text after the rank",
            ));
        }
        Ok(square)
    }
}

serde_as_text!(Square);
