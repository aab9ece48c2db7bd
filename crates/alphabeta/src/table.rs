//! The transposition table: one entry per slot, found by the position's
//! Zobrist hash ([`quoridor_rules::Position::zobrist_hash`], kept by the rules).
//!
//! Replacement rule: an index holds one entry. A new result replaces the
//! one there when that is empty, of the same position, from an earlier think
//! (older generation), or searched no deeper than the new one; otherwise the
//! deeper result of this think stays. Win scores are stored relative to the
//! node (see [`super::score::to_table`]).
//!
//! Several threads share one table (lazy SMP) without locks: an entry is
//! two atomic words, its data packed in one and the key XOR the data in the
//! other (Hyatt and Mann's lockless hashing), so an entry torn by two
//! threads writing at once fails the key check and reads as absent.

use quoridor_rules::{Move, Orientation, Square, Wall};
use std::sync::atomic::{AtomicU64, AtomicU8, Ordering};

/// What a stored score says about the true value.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Bound {
    /// The exact value.
    Exact,
    /// At least this (the search failed high).
    Lower,
    /// At most this (the search failed low).
    Upper,
}

/// One stored search result.
#[derive(Clone, Copy, Debug)]
pub struct TableEntry {
    /// The position's full key.
    pub key: u64,
    /// The score, relative to the node.
    pub score: i32,
    /// Plies searched below the node.
    pub depth: i16,
    /// What `score` means.
    pub bound: Bound,
    /// The best (or cutoff) move found.
    pub best: Option<Move>,
    generation: u8,
}

/// Where each field of an entry lies in its data word.
const DEPTH_SHIFT: u32 = 32;
const BOUND_SHIFT: u32 = 40;
const GENERATION_SHIFT: u32 = 42;
const MOVE_SHIFT: u32 = 50;
/// Set in every stored entry: an all-zero data word is an empty slot.
const OCCUPIED: u64 = 1 << 60;

/// A move as 10 bits: 0 none, 1 + file·11 + rank a pawn's target, 256 +
/// 128 for vertical + file·11 + rank a wall's corner.
fn move_code(mv: Option<Move>) -> u64 {
    let place = |s: Square| u64::from(s.file()) * 11 + u64::from(s.rank());
    match mv {
        None => 0,
        Some(Move::Pawn(s)) => 1 + place(s),
        Some(Move::Wall(w)) => {
            let vertical = u64::from(w.orientation() == Orientation::Vertical);
            256 + 128 * vertical + place(w.corner())
        }
    }
}

/// The move of [`move_code`]'s `code`.
fn code_move(code: u64) -> Option<Move> {
    let square = |c: u64| Square::new((c / 11) as u8, (c % 11) as u8);
    match code {
        0 => None,
        1..=255 => square(code - 1).map(Move::Pawn),
        _ => {
            let orientation = if code & 128 != 0 {
                Orientation::Vertical
            } else {
                Orientation::Horizontal
            };
            square(code & 127)
                .and_then(|corner| Wall::new(corner, orientation))
                .map(Move::Wall)
        }
    }
}

impl TableEntry {
    /// The entry as its data word.
    fn pack(&self) -> u64 {
        let bound = match self.bound {
            Bound::Exact => 0,
            Bound::Lower => 1,
            Bound::Upper => 2,
        };
        let depth = self.depth.clamp(i16::from(i8::MIN), i16::from(i8::MAX)) as i8;
        u64::from(self.score as u32)
            | u64::from(depth as u8) << DEPTH_SHIFT
            | bound << BOUND_SHIFT
            | u64::from(self.generation) << GENERATION_SHIFT
            | move_code(self.best) << MOVE_SHIFT
            | OCCUPIED
    }

    /// The entry of `key` whose data word is `data`, if one is stored.
    fn unpack(key: u64, data: u64) -> Option<TableEntry> {
        if data & OCCUPIED == 0 {
            return None;
        }
        let bound = match (data >> BOUND_SHIFT) & 3 {
            0 => Bound::Exact,
            1 => Bound::Lower,
            _ => Bound::Upper,
        };
        Some(TableEntry {
            key,
            score: data as u32 as i32,
            depth: i16::from((data >> DEPTH_SHIFT) as u8 as i8),
            bound,
            best: code_move((data >> MOVE_SHIFT) & 1023),
            generation: (data >> GENERATION_SHIFT) as u8,
        })
    }
}

/// One slot: the key XOR the data, and the data.
#[derive(Default)]
struct Slot {
    check: AtomicU64,
    data: AtomicU64,
}

impl Slot {
    /// The entry held, whatever its key (`None` for an empty or torn slot
    /// is not told apart from another key's: both fail the caller's check).
    fn load(&self) -> Option<TableEntry> {
        let data = self.data.load(Ordering::Relaxed);
        let key = self.check.load(Ordering::Relaxed) ^ data;
        TableEntry::unpack(key, data)
    }
}

/// A fixed-size table of search results, shared by the threads of one
/// search through `&Table`.
pub struct Table {
    entries: Vec<Slot>,
    generation: AtomicU8,
}

impl Table {
    /// A table of about `mb` MiB (at least one entry); when that much
    /// memory cannot be had, half as much, and so on.
    pub fn new(mb: u32) -> Table {
        let bytes = (mb as usize).saturating_mul(1 << 20);
        let mut len = (bytes / std::mem::size_of::<Slot>()).max(1);
        let mut entries = Vec::new();
        while entries.try_reserve_exact(len).is_err() && len > 1 {
            len /= 2;
        }
        entries.resize_with(len, Slot::default);
        Table {
            entries,
            generation: AtomicU8::new(0),
        }
    }

    /// Entries the table holds.
    pub fn len(&self) -> usize {
        self.entries.len()
    }

    /// Whether the table holds no entry at all (never: at least one).
    pub fn is_empty(&self) -> bool {
        self.entries.is_empty()
    }

    /// Starts a new think: older entries may now be replaced by any.
    pub fn new_generation(&self) {
        self.generation.fetch_add(1, Ordering::Relaxed);
    }

    /// Forgets everything.
    pub fn clear(&self) {
        for e in &self.entries {
            e.data.store(0, Ordering::Relaxed);
            e.check.store(0, Ordering::Relaxed);
        }
    }

    #[inline]
    fn index(&self, key: u64) -> usize {
        mul_high(key, self.entries.len() as u64) as usize
    }

    /// The entry of the position with `key`, if stored.
    #[inline]
    pub fn probe(&self, key: u64) -> Option<TableEntry> {
        self.entries[self.index(key)]
            .load()
            .filter(|e| e.key == key)
    }

    /// Stores a result under the replacement rule (see the module doc).
    pub fn store(&self, key: u64, score: i32, depth: i16, bound: Bound, best: Option<Move>) {
        let slot = &self.entries[self.index(key)];
        let generation = self.generation.load(Ordering::Relaxed);
        let old = slot.load();
        let replace = match &old {
            None => true,
            Some(old) => old.key == key || old.generation != generation || depth >= old.depth,
        };
        if replace {
            let best = best.or_else(|| old.filter(|old| old.key == key).and_then(|old| old.best));
            let data = TableEntry {
                key,
                score,
                depth,
                bound,
                best,
                generation,
            }
            .pack();
            slot.check.store(key ^ data, Ordering::Relaxed);
            slot.data.store(data, Ordering::Relaxed);
        }
    }

    /// Permille of the first thousand entries used by this think (UCI `hashfull`).
    pub fn hashfull(&self) -> u32 {
        let sample = &self.entries[..self.entries.len().min(1000)];
        let generation = self.generation.load(Ordering::Relaxed);
        let used = sample
            .iter()
            .filter(|e| e.load().is_some_and(|e| e.generation == generation))
            .count();
        (used * 1000 / sample.len().max(1)) as u32
    }
}

/// The high 64 bits of `a * b` (`a * b / 2^64`: maps a key uniformly onto
/// `0..b`). Natively one 128-bit multiply; on wasm32, where a `u128` multiply
/// is a call of compiler-builtins' `__multi3`, [`mul_high_by_limbs`] when `b`
/// fits in 32 bits (always, for a table below 4 G entries).
#[inline]
fn mul_high(a: u64, b: u64) -> u64 {
    #[cfg(target_arch = "wasm32")]
    if b <= u64::from(u32::MAX) {
        return mul_high_by_limbs(a, b);
    }
    ((u128::from(a) * u128::from(b)) >> 64) as u64
}

/// `a * b / 2^64` for `b < 2^32` from two 64-bit multiplies of `a`'s 32-bit
/// halves: `(a_hi * b + (a_lo * b >> 32)) >> 32`, exact and overflow-free
/// (`a_hi * b <= (2^32 - 1)^2` and the carry term is below `2^32`).
#[cfg(any(target_arch = "wasm32", test))]
#[inline]
fn mul_high_by_limbs(a: u64, b: u64) -> u64 {
    debug_assert!(b <= u64::from(u32::MAX));
    ((a >> 32) * b + (((a & 0xffff_ffff) * b) >> 32)) >> 32
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn deeper_results_of_this_think_stay() {
        let t = Table::new(1);
        let k = 12345;
        t.store(k, 10, 5, Bound::Exact, None);
        let other = k.wrapping_add(1 << 63);
        // A shallower result for another position at the same index stays out.
        if t.index(other) == t.index(k) {
            t.store(other, 3, 2, Bound::Lower, None);
            assert_eq!(t.probe(k).map(|e| e.score), Some(10));
        }
        t.store(k, 20, 1, Bound::Upper, None);
        assert_eq!(t.probe(k).map(|e| (e.score, e.depth)), Some((20, 1)));
        t.new_generation();
        assert_eq!(t.hashfull(), 0);
    }

    #[test]
    fn entries_come_back_as_stored() {
        let t = Table::new(1);
        let moves = ["e2", "a1", "k11", "a1h", "j10v", "e3v", "d7h"];
        for (k, text) in moves.iter().enumerate() {
            let mv: Move = text.parse().expect("a move");
            let key = 0x9e37_79b9_7f4a_7c15u64.wrapping_mul(k as u64 + 1);
            let score = [-31_999, 0, 50, 31_990, -7, 123_456, -123_456][k];
            let bound = [Bound::Exact, Bound::Lower, Bound::Upper][k % 3];
            t.store(key, score, k as i16 * 9, bound, Some(mv));
            let e = t.probe(key).expect("stored");
            assert_eq!(
                (e.score, e.depth, e.bound, e.best),
                (score, k as i16 * 9, bound, Some(mv))
            );
            assert!(t.probe(key ^ 1).is_none());
        }
        t.store(5, 1, -3, Bound::Upper, None);
        let e = t.probe(5).expect("stored");
        assert_eq!((e.depth, e.best), (-3, None));
    }

    #[test]
    fn mul_high_by_limbs_is_the_exact_high_word() {
        let keys = [
            0,
            1,
            12345,
            u64::MAX,
            1 << 63,
            0xdead_beef_0123_4567,
            0xffff_ffff,
        ];
        let lens = [1, 2, 3, 1000, 1 << 20, (1 << 22) + 7, u64::from(u32::MAX)];
        for a in keys {
            for b in lens {
                let exact = ((u128::from(a) * u128::from(b)) >> 64) as u64;
                assert_eq!(mul_high_by_limbs(a, b), exact, "{a} * {b}");
                assert_eq!(mul_high(a, b), exact);
                assert!(exact < b);
            }
        }
    }
}
