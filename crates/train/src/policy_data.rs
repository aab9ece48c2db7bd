//! The policy's training targets: for each position, its legal moves by
//! move index ([`quoridor_engines::learned::move_index`]) with the search's
//! share of each (0 for a move it did not visit). They are kept in one
//! table for all the positions ([`PolicyTable`]), each position holding
//! only where its rows are ([`PolicyRef`]), so that a position stays a small
//! `Copy` value.

use quoridor_arena::selfplay::PolicyTarget;
use quoridor_engines::learned::{mirror_move_index, move_index, SIZE};
use quoridor_rules::Position;

/// Where a position's policy target is in the [`PolicyTable`]; `len` 0: the
/// position has none.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct PolicyRef {
    start: usize,
    len: u16,
    /// Whether the target is the full visit distribution (version 2), not
    /// the best 8 candidates' shares scaled to 1 (version 1).
    pub complete: bool,
}

impl PolicyRef {
    /// Whether the position has a policy target.
    pub fn is_some(&self) -> bool {
        self.len > 0
    }
}

/// Every position's legal moves (by index) and the search's share of each.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct PolicyTable {
    indices: Vec<u16>,
    shares: Vec<f32>,
}

impl PolicyTable {
    /// Adds the target of `position` whose search's distribution is
    /// `target`: one row per legal move, its share from `target` (0 if not
    /// there). `None` (no target) when `target` is `None`, or names a move
    /// that is not legal there or has no index (the reader checks legality;
    /// only the 9×9 board is encoded).
    pub fn add(&mut self, position: &Position, target: Option<&PolicyTarget>) -> PolicyRef {
        let Some(target) = target else {
            return PolicyRef::default();
        };
        let turn = position.turn();
        let legal = position.legal_moves();
        let start = self.indices.len();
        for &mv in &legal {
            let Some(index) = move_index(mv, SIZE, turn) else {
                return self.undo(start);
            };
            self.indices.push(index as u16);
            self.shares.push(0.0);
        }
        for &(mv, share) in &target.moves {
            match legal.iter().position(|&m| m == mv) {
                Some(i) => self.shares[start + i] = share as f32,
                None => return self.undo(start),
            }
        }
        match u16::try_from(legal.len()) {
            Ok(len) if len > 0 => PolicyRef {
                start,
                len,
                complete: target.complete,
            },
            _ => self.undo(start),
        }
    }

    /// Drops the rows from `start` on: the position gets no target.
    fn undo(&mut self, start: usize) -> PolicyRef {
        self.indices.truncate(start);
        self.shares.truncate(start);
        PolicyRef::default()
    }

    /// The legal moves' indices and the search's shares of `at`, mirrored
    /// left-right (files a ↔ i) when `mirrored`.
    pub fn rows(&self, at: PolicyRef, mirrored: bool) -> impl Iterator<Item = (usize, f32)> + '_ {
        let range = at.start..at.start + usize::from(at.len);
        self.indices[range.clone()]
            .iter()
            .zip(&self.shares[range])
            .map(move |(&i, &share)| {
                let i = usize::from(i);
                let i = if mirrored {
                    mirror_move_index(i, SIZE).unwrap_or(i)
                } else {
                    i
                };
                (i, share)
            })
    }

    /// Rows held (legal moves over all positions).
    pub fn len(&self) -> usize {
        self.indices.len()
    }

    /// Whether no position has a target.
    pub fn is_empty(&self) -> bool {
        self.indices.is_empty()
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use quoridor_rules::{Game, Move};

    fn target(moves: &[(&str, f64)], complete: bool) -> PolicyTarget {
        PolicyTarget {
            moves: moves
                .iter()
                .map(|&(m, s)| (m.parse::<Move>().expect("move"), s))
                .collect(),
            complete,
        }
    }

    #[test]
    fn a_target_covers_every_legal_move_and_mirrors() {
        let game: Game = "e2 e8".parse().expect("record");
        let pos = game.position();
        let mut table = PolicyTable::default();
        let at = table.add(pos, Some(&target(&[("e3", 0.75), ("c3h", 0.25)], true)));
        assert!(at.is_some() && at.complete);
        let rows: Vec<(usize, f32)> = table.rows(at, false).collect();
        assert_eq!(rows.len(), pos.legal_moves().len());
        let e3 = move_index("e3".parse().expect("move"), 9, pos.turn()).expect("index");
        let c3h = move_index("c3h".parse().expect("move"), 9, pos.turn()).expect("index");
        assert!(rows.contains(&(e3, 0.75)) && rows.contains(&(c3h, 0.25)));
        let sum: f32 = rows.iter().map(|r| r.1).sum();
        assert_eq!(sum, 1.0);
        // Mirrored: e3 stays on file e, c3h (files c, d) becomes f3h (files f, g).
        let mirrored: Vec<(usize, f32)> = table.rows(at, true).collect();
        let f3h = move_index("f3h".parse().expect("move"), 9, pos.turn()).expect("index");
        assert!(mirrored.contains(&(e3, 0.75)) && mirrored.contains(&(f3h, 0.25)));
    }

    #[test]
    fn an_illegal_or_missing_target_gives_none_and_leaves_no_rows() {
        let game: Game = "e2 e8".parse().expect("record");
        let mut table = PolicyTable::default();
        assert!(!table.add(game.position(), None).is_some());
        let bad = target(&[("e3", 0.5), ("a9", 0.5)], true);
        assert!(!table.add(game.position(), Some(&bad)).is_some());
        assert!(table.is_empty());
        let partial = table.add(game.position(), Some(&target(&[("e3", 1.0)], false)));
        assert!(partial.is_some() && !partial.complete);
        assert_eq!(table.len(), game.position().legal_moves().len());
    }
}
