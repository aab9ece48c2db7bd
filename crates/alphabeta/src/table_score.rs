//! Scores in the transposition table: a win in N plies is stored relative
//! to the node, so one entry serves the node at any ply; and the window
//! every search starts with.

use quoridor_search::{WIN, WIN_BOUND};

/// Larger than any score: the initial window.
pub const INFINITY: i32 = WIN + 1;

/// `score` at ply `ply` from the root, as stored in the table (relative to
/// the node: a win in 3 plies from the node is the same entry at any ply).
#[inline]
pub fn to_table(score: i32, ply: u32) -> i32 {
    if score > WIN_BOUND {
        score + ply as i32
    } else if score < -WIN_BOUND {
        score - ply as i32
    } else {
        score
    }
}

/// The inverse of [`to_table`].
#[inline]
pub fn from_table(score: i32, ply: u32) -> i32 {
    if score > WIN_BOUND {
        score - ply as i32
    } else if score < -WIN_BOUND {
        score + ply as i32
    } else {
        score
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn table_scores_are_relative_to_the_node() {
        for v in [WIN - 5, -(WIN - 7), 42, -300] {
            assert_eq!(from_table(to_table(v, 4), 4), v);
        }
        // A win in 3 plies from a node at ply 2 is a win in 5 from the root.
        assert_eq!(to_table(WIN - 5, 2), WIN - 3);
    }
}
