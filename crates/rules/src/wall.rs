//! Walls: two squares long, lying in the groove between squares, named by the
//! square to the south-west of their centre plus `h` or `v`.

use super::bitboard::{Bitboard, MAX_SIZE};
use super::notation::{serde_as_text, ParseMoveError};
use super::square::Square;
use std::fmt;
use std::ops::{BitAnd, BitAndAssign, BitOr, BitOrAssign, Index, IndexMut};
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
    /// Both orientations, horizontal first (the order of [`ByOrientation`]).
    pub const BOTH: [Orientation; 2] = [Orientation::Horizontal, Orientation::Vertical];

    /// The notation letter, `h` or `v`.
    pub const fn letter(self) -> char {
        match self {
            Orientation::Horizontal => 'h',
            Orientation::Vertical => 'v',
        }
    }

    /// The word for it, `horizontal` or `vertical`.
    ///
    /// ```
    /// use quoridor_rules::Orientation;
    /// assert_eq!(Orientation::Vertical.word(), "vertical");
    /// ```
    pub const fn word(self) -> &'static str {
        match self {
            Orientation::Horizontal => "horizontal",
            Orientation::Vertical => "vertical",
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
/// use quoridor_rules::{Orientation, Wall};
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

/// One value per wall orientation, indexed by [`Orientation`]: wall slot sets,
/// counts, anything kept for horizontal and vertical walls alike.
///
/// ```
/// use quoridor_rules::{ByOrientation, Orientation};
/// let mut count = ByOrientation::new(3, 5);
/// count[Orientation::Vertical] += 1;
/// assert_eq!(count[Orientation::Horizontal], 3);
/// assert_eq!(count.map(|c| c * 2), ByOrientation::new(6, 12));
/// ```
#[derive(Clone, Copy, PartialEq, Eq, Hash, Default, Debug)]
pub struct ByOrientation<T>([T; 2]);

impl<T> ByOrientation<T> {
    /// The pair of `horizontal` and `vertical`.
    #[inline]
    pub const fn new(horizontal: T, vertical: T) -> ByOrientation<T> {
        ByOrientation([horizontal, vertical])
    }

    /// The value `f` gives for each orientation.
    #[inline]
    pub fn from_fn(mut f: impl FnMut(Orientation) -> T) -> ByOrientation<T> {
        ByOrientation(Orientation::BOTH.map(&mut f))
    }

    /// Each value transformed by `f`.
    #[inline]
    pub fn map<U>(self, f: impl FnMut(T) -> U) -> ByOrientation<U> {
        ByOrientation(self.0.map(f))
    }

    /// `[horizontal, vertical]`.
    #[inline]
    pub fn into_array(self) -> [T; 2] {
        self.0
    }

    /// The orientations with their values, horizontal first.
    pub fn iter(&self) -> impl Iterator<Item = (Orientation, &T)> {
        Orientation::BOTH.into_iter().zip(&self.0)
    }
}

impl<T> Index<Orientation> for ByOrientation<T> {
    type Output = T;
    #[inline]
    fn index(&self, o: Orientation) -> &T {
        &self.0[o as usize]
    }
}

impl<T> IndexMut<Orientation> for ByOrientation<T> {
    #[inline]
    fn index_mut(&mut self, o: Orientation) -> &mut T {
        &mut self.0[o as usize]
    }
}

impl<T> From<[T; 2]> for ByOrientation<T> {
    /// From `[horizontal, vertical]`.
    fn from(pair: [T; 2]) -> ByOrientation<T> {
        ByOrientation(pair)
    }
}

impl<T: PartialEq> PartialEq<[T; 2]> for ByOrientation<T> {
    /// Compares with `[horizontal, vertical]`.
    fn eq(&self, other: &[T; 2]) -> bool {
        self.0 == *other
    }
}

impl<T: BitAnd<Output = T>> BitAnd for ByOrientation<T> {
    type Output = ByOrientation<T>;
    /// Each orientation's values combined.
    #[inline]
    fn bitand(self, rhs: ByOrientation<T>) -> ByOrientation<T> {
        let ByOrientation([h, v]) = self;
        let ByOrientation([rh, rv]) = rhs;
        ByOrientation([h & rh, v & rv])
    }
}

impl<T: BitOr<Output = T>> BitOr for ByOrientation<T> {
    type Output = ByOrientation<T>;
    /// Each orientation's values combined.
    #[inline]
    fn bitor(self, rhs: ByOrientation<T>) -> ByOrientation<T> {
        let ByOrientation([h, v]) = self;
        let ByOrientation([rh, rv]) = rhs;
        ByOrientation([h | rh, v | rv])
    }
}

impl<T: BitAndAssign> BitAndAssign for ByOrientation<T> {
    #[inline]
    fn bitand_assign(&mut self, rhs: ByOrientation<T>) {
        let ByOrientation([rh, rv]) = rhs;
        self.0[0] &= rh;
        self.0[1] &= rv;
    }
}

impl<T: BitOrAssign> BitOrAssign for ByOrientation<T> {
    #[inline]
    fn bitor_assign(&mut self, rhs: ByOrientation<T>) {
        let ByOrientation([rh, rv]) = rhs;
        self.0[0] |= rh;
        self.0[1] |= rv;
    }
}

/// Wall slots (corner bit indices) per orientation.
pub type WallSlots = ByOrientation<Bitboard>;

impl ByOrientation<Bitboard> {
    /// No slot at all.
    pub const EMPTY: WallSlots = ByOrientation([Bitboard::EMPTY; 2]);

    /// The walls at these slots on a board of `size`, horizontal ones first.
    ///
    /// ```
    /// use quoridor_rules::{Bitboard, ByOrientation, Wall};
    /// let slots = ByOrientation::new(Bitboard::single(0), Bitboard::single(10));
    /// let walls: Vec<String> = slots.walls(9).map(|w| w.to_string()).collect();
    /// assert_eq!(walls, ["a1h", "b2v"]);
    /// ```
    pub fn walls(self, size: u8) -> impl Iterator<Item = Wall> {
        Orientation::BOTH.into_iter().flat_map(move |o| {
            self[o]
                .iter()
                .map(move |slot| Wall::from_slot(slot, o, size))
        })
    }

    /// Whether `wall` (on a board of `size`) has its slot here.
    ///
    /// ```
    /// use quoridor_rules::{Bitboard, ByOrientation, Wall};
    /// let slots = ByOrientation::new(Bitboard::single(0), Bitboard::EMPTY);
    /// assert!(slots.has_wall("a1h".parse::<Wall>().unwrap(), 9));
    /// assert!(!slots.has_wall("a1v".parse::<Wall>().unwrap(), 9));
    /// ```
    #[inline]
    pub fn has_wall(self, wall: Wall, size: u8) -> bool {
        self[wall.orientation()].has(wall.slot(size))
    }

    /// How many slots there are in all.
    #[inline]
    pub fn count(self) -> u32 {
        self.0[0].count() + self.0[1].count()
    }

    /// The walls mirrored left to right on a board of `size` (file `a` ↔
    /// the last file): a wall with its corner on file `f` moves to file
    /// `size − 2 − f`, on the same rank and in the same orientation.
    ///
    /// ```
    /// use quoridor_rules::{Bitboard, ByOrientation, Wall};
    /// let slots = ByOrientation::new(Bitboard::single(0), Bitboard::single(10));
    /// let mirrored = slots.mirrored(9);
    /// let walls: Vec<String> = mirrored.walls(9).map(|w| w.to_string()).collect();
    /// assert_eq!(walls, ["h1h", "g2v"]);
    /// assert_eq!(mirrored.mirrored(9), slots);
    /// ```
    pub fn mirrored(self, size: u8) -> WallSlots {
        let n = usize::from(size);
        ByOrientation::from_fn(|o| {
            self[o].iter().fold(Bitboard::EMPTY, |set, slot| {
                let (rank, file) = (slot / n, slot % n);
                set.with(rank * n + (n - 2 - file))
            })
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn orientation_pair_is_indexed_by_orientation() {
        let mut pair = ByOrientation::new('h', 'v');
        assert_eq!(pair[Orientation::Horizontal], 'h');
        assert_eq!(pair[Orientation::Vertical], 'v');
        pair[Orientation::Vertical] = 'x';
        assert_eq!(pair.into_array(), ['h', 'x']);
        let letters = ByOrientation::from_fn(Orientation::letter);
        assert_eq!(letters, ByOrientation::new('h', 'v'));
        let seen: Vec<_> = letters.iter().map(|(o, c)| (o, *c)).collect();
        assert_eq!(
            seen,
            [(Orientation::Horizontal, 'h'), (Orientation::Vertical, 'v')]
        );
    }

    #[test]
    fn orientation_pairs_combine_per_orientation() {
        let a = ByOrientation::new(Bitboard::single(1), Bitboard::single(2));
        let b = ByOrientation::new(Bitboard::single(1), Bitboard::single(3));
        assert_eq!(a & b, [Bitboard::single(1), Bitboard::EMPTY]);
        assert_eq!((a | b).count(), 3);
        let mut c = a;
        c &= b;
        assert_eq!(c, a & b);
        c |= b;
        assert_eq!(c, b);
    }

    #[test]
    fn wall_slots_become_walls_horizontal_first() {
        let slots = ByOrientation::new(Bitboard::single(0).with(12), Bitboard::single(3));
        let walls: Vec<String> = slots.walls(5).map(|w| w.to_string()).collect();
        assert_eq!(walls, ["a1h", "c3h", "d1v"]);
        assert_eq!(WallSlots::EMPTY.walls(9).count(), 0);
    }
}
