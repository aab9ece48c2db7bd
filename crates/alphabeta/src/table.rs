//! The transposition table: one entry per slot, found by the position's
//! Zobrist hash ([`quoridor_rules::Position::zobrist_hash`], kept by the rules).
//!
//! Replacement rule: an index holds one entry. A new result replaces the
//! one there when that is empty, of the same position, from an earlier think
//! (older generation), or searched no deeper than the new one; otherwise the
//! deeper result of this think stays. Win scores are stored relative to the
//! node (see [`super::score::to_table`]).

use quoridor_rules::Move;

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

/// A fixed-size table of search results.
pub struct Table {
    entries: Vec<Option<TableEntry>>,
    generation: u8,
}

impl Table {
    /// A table of about `mb` MiB (at least one entry); when that much
    /// memory cannot be had, half as much, and so on.
    pub fn new(mb: u32) -> Table {
        let bytes = (mb as usize).saturating_mul(1 << 20);
        let mut len = (bytes / std::mem::size_of::<Option<TableEntry>>()).max(1);
        let mut entries = Vec::new();
        while entries.try_reserve_exact(len).is_err() && len > 1 {
            len /= 2;
        }
        entries.resize(len, None);
        Table {
            entries,
            generation: 0,
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
    pub fn new_generation(&mut self) {
        self.generation = self.generation.wrapping_add(1);
    }

    /// Forgets everything.
    pub fn clear(&mut self) {
        self.entries.iter_mut().for_each(|e| *e = None);
    }

    #[inline]
    fn index(&self, key: u64) -> usize {
        mul_high(key, self.entries.len() as u64) as usize
    }

    /// The entry of the position with `key`, if stored.
    #[inline]
    pub fn probe(&self, key: u64) -> Option<TableEntry> {
        self.entries[self.index(key)].filter(|e| e.key == key)
    }

    /// Stores a result under the replacement rule (see the module doc).
    pub fn store(&mut self, key: u64, score: i32, depth: i16, bound: Bound, best: Option<Move>) {
        let i = self.index(key);
        let generation = self.generation;
        let replace = match &self.entries[i] {
            None => true,
            Some(old) => old.key == key || old.generation != generation || depth >= old.depth,
        };
        if replace {
            let best = best.or_else(|| {
                self.entries[i]
                    .filter(|old| old.key == key)
                    .and_then(|old| old.best)
            });
            self.entries[i] = Some(TableEntry {
                key,
                score,
                depth,
                bound,
                best,
                generation,
            });
        }
    }

    /// Permille of the first thousand entries used by this think (UCI `hashfull`).
    pub fn hashfull(&self) -> u32 {
        let sample = &self.entries[..self.entries.len().min(1000)];
        let used = sample
            .iter()
            .filter(|e| e.is_some_and(|e| e.generation == self.generation))
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
        let mut t = Table::new(1);
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
