//! The principal variation of a finished iteration. The root search collects
//! its line as the values come back, but a node the table already holds to
//! the depth needed returns the stored value without a line: asked the same
//! depth twice, the second search's line would stop after one move. So a
//! line shorter than the iteration is carried on through the best moves the
//! table holds (as Stockfish once did), without searching anything.

use super::table::Table;
use quoridor_rules::{Move, Position};

/// `pv`, played from `root`, carried on through the best moves `table`
/// holds until it is `plies` long, the game ends, or the table has no legal
/// move for the position reached. An empty `pv` stays empty: the root's own
/// move comes from the search.
pub fn lengthened(root: &Position, mut pv: Vec<Move>, table: &Table, plies: usize) -> Vec<Move> {
    if pv.is_empty() || pv.len() >= plies {
        return pv;
    }
    let mut pos = *root;
    for &mv in &pv {
        if pos.play(mv).is_err() {
            debug_assert!(false, "the search's line is legal: {pv:?}");
            return pv;
        }
    }
    while pv.len() < plies && !pos.is_over() {
        let Some(mv) = table.probe(pos.zobrist_hash()).and_then(|entry| entry.best) else {
            break;
        };
        // A stored move is the best of its position, but check it anyway.
        if pos.check(mv).is_err() {
            break;
        }
        pos.play_unchecked(mv);
        pv.push(mv);
    }
    pv
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::table::Bound;
    use quoridor_rules::{Game, Variant};

    fn moves(text: &str) -> Vec<Move> {
        let game: Game = text.parse().expect("record");
        game.moves().to_vec()
    }

    /// A table holding `line`'s moves as the best of each position along it
    /// from `root`.
    fn table_along(root: &Position, line: &[Move]) -> Table {
        let table = Table::new(1);
        let mut pos = *root;
        for &mv in line {
            table.store(pos.zobrist_hash(), 0, 1, Bound::Exact, Some(mv));
            pos.play_unchecked(mv);
        }
        table
    }

    #[test]
    fn a_short_line_is_carried_on_through_the_table() {
        let root = Position::new(Variant::default());
        let line = moves("e2 e8 e3 e7 d6h");
        let table = table_along(&root, &line);
        assert_eq!(lengthened(&root, line[..1].to_vec(), &table, 4), line[..4]);
        // No further than the table knows, nor than asked.
        assert_eq!(lengthened(&root, line[..2].to_vec(), &table, 9), line);
        assert_eq!(lengthened(&root, line.clone(), &table, 2), line);
    }

    #[test]
    fn an_empty_line_or_an_empty_table_adds_nothing() {
        let root = Position::new(Variant::default());
        let line = moves("e2 e8 e3");
        let table = table_along(&root, &line);
        assert_eq!(lengthened(&root, Vec::new(), &table, 3), []);
        assert_eq!(
            lengthened(&root, line[..1].to_vec(), &Table::new(1), 3),
            line[..1]
        );
    }

    #[test]
    fn an_illegal_stored_move_ends_the_line() {
        let root = Position::new(Variant::default());
        let table = table_along(&root, &moves("e2"));
        let mut after = root;
        after.play_unchecked(moves("e2")[0]);
        // e5 is no step for player 2 on e9.
        table.store(
            after.zobrist_hash(),
            0,
            1,
            Bound::Exact,
            Some(moves("e2 e8 e3 e7 e4 e6")[5]),
        );
        assert_eq!(lengthened(&root, moves("e2"), &table, 4), moves("e2"));
    }
}
