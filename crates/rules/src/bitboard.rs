//! Sets of squares (or wall slots) as bits of a `u128`, and the per-board-size
//! masks that make flood fills and move generation a handful of word operations.
//!
//! A board of size `n` numbers its squares `rank * n + file`, so the 121 squares
//! of the largest (11×11) board fit in one `u128`. Wall slots are numbered by the
//! square to the south-west of the wall's centre, with the same stride.

use super::wide;
use std::ops::{BitAnd, BitAndAssign, BitOr, BitOrAssign, Not, Shl, Shr};

/// Smallest supported board size.
pub const MIN_SIZE: u8 = 3;
/// Largest supported board size (11×11 = 121 squares fit in a `u128`).
pub const MAX_SIZE: u8 = 11;

/// A set of square (or wall-slot) indices of one board size.
///
/// ```
/// use quoridor_rules::Bitboard;
/// let b = Bitboard::EMPTY.with(3).with(70);
/// assert_eq!(b.count(), 2);
/// assert_eq!(b.iter().collect::<Vec<_>>(), vec![3, 70]);
/// ```
#[derive(Clone, Copy, PartialEq, Eq, Hash, Default, Debug)]
pub struct Bitboard(pub u128);

impl Bitboard {
    /// The empty set.
    pub const EMPTY: Bitboard = Bitboard(0);

    /// The set holding only `index`.
    #[inline]
    pub const fn single(index: usize) -> Bitboard {
        Bitboard(wide::bit(index))
    }

    /// Whether `index` is in the set.
    #[inline]
    pub const fn has(self, index: usize) -> bool {
        wide::has(self.0, index)
    }

    /// This set plus `index`.
    #[inline]
    pub const fn with(self, index: usize) -> Bitboard {
        Bitboard(self.0 | wide::bit(index))
    }

    /// This set minus `index`.
    #[inline]
    pub const fn without(self, index: usize) -> Bitboard {
        Bitboard(self.0 & !wide::bit(index))
    }

    /// Whether the set is empty.
    #[inline]
    pub const fn is_empty(self) -> bool {
        self.0 == 0
    }

    /// Whether the two sets share an element.
    #[inline]
    pub const fn intersects(self, other: Bitboard) -> bool {
        self.0 & other.0 != 0
    }

    /// Number of elements.
    #[inline]
    pub const fn count(self) -> u32 {
        self.0.count_ones()
    }

    /// The lowest element, if any.
    #[inline]
    pub const fn first(self) -> Option<usize> {
        if self.0 == 0 {
            None
        } else {
            Some(self.0.trailing_zeros() as usize)
        }
    }

    /// The `k`-th lowest element (0-based), if the set has that many.
    pub fn nth(self, k: u32) -> Option<usize> {
        let mut bits = self.0;
        for _ in 0..k {
            if bits == 0 {
                return None;
            }
            bits &= bits - 1;
        }
        Bitboard(bits).first()
    }

    /// The elements in increasing order.
    #[inline]
    pub fn iter(self) -> BitIter {
        BitIter(self.0)
    }
}

/// Iterator over the elements of a [`Bitboard`], lowest first.
#[derive(Clone, Debug)]
pub struct BitIter(u128);

impl Iterator for BitIter {
    type Item = usize;
    #[inline]
    fn next(&mut self) -> Option<usize> {
        if self.0 == 0 {
            None
        } else {
            let i = self.0.trailing_zeros() as usize;
            self.0 &= self.0 - 1;
            Some(i)
        }
    }

    fn size_hint(&self) -> (usize, Option<usize>) {
        let n = self.0.count_ones() as usize;
        (n, Some(n))
    }
}

impl ExactSizeIterator for BitIter {}

macro_rules! bit_op {
    ($tr:ident, $f:ident, $tra:ident, $fa:ident, $op:tt) => {
        impl $tr for Bitboard {
            type Output = Bitboard;
            #[inline]
            fn $f(self, rhs: Bitboard) -> Bitboard {
                Bitboard(self.0 $op rhs.0)
            }
        }
        impl $tra for Bitboard {
            #[inline]
            fn $fa(&mut self, rhs: Bitboard) {
                self.0 = self.0 $op rhs.0;
            }
        }
    };
}
bit_op!(BitAnd, bitand, BitAndAssign, bitand_assign, &);
bit_op!(BitOr, bitor, BitOrAssign, bitor_assign, |);

impl Not for Bitboard {
    type Output = Bitboard;
    #[inline]
    fn not(self) -> Bitboard {
        Bitboard(!self.0)
    }
}

impl Shl<usize> for Bitboard {
    type Output = Bitboard;
    #[inline]
    fn shl(self, rhs: usize) -> Bitboard {
        Bitboard(wide::shl(self.0, rhs))
    }
}

impl Shr<usize> for Bitboard {
    type Output = Bitboard;
    #[inline]
    fn shr(self, rhs: usize) -> Bitboard {
        Bitboard(wide::shr(self.0, rhs))
    }
}
