//! What a hint shows: the move, and its line only as deep as the search
//! that made it is sure of it; whose search it is and how much it searched.
//!
//! A UCT principal variation follows the most visited child down to nodes
//! visited twice, so its tail rests on a handful of playouts: there the
//! "best" child is whichever one exploration happened to try, and a 1 s
//! hint after `e2 e8` drew both pawns walking backwards. [`sure_line`] cuts
//! the line where that begins.

use quoridor_engines::SearchInfo;
use quoridor_rules::Move;

/// Fewest playouts a node of a hint's line needs to be shown. A node's
/// value is a mean of its playouts' results, each 0 or 1; with `n`
/// playouts its standard error is at most `0.5 / √n`: ±2.5 percentage
/// points at 400, the size of the differences between a node's good
/// children. Below that the choice among them is noise.
pub const SURE_VISITS: u32 = 400;

/// Share of its parent's playouts a step of the line needs to be shown: a
/// child with more than half of them is the most visited child by a clear
/// margin whatever its siblings did (together they had less than it), so
/// UCT's descent settled on it rather than still comparing.
pub const SURE_SHARE: f64 = 0.5;

/// The part of `line` the search is sure of, given each step's playouts
/// (`visits[k]`: the node after `line[k]`).
///
/// The rule: the first move is always kept (it is the advice); each later
/// step is kept while its node has at least [`SURE_VISITS`] playouts and
/// more than [`SURE_SHARE`] of its parent's. The line stops at the first
/// step that fails, and where the visits are unknown (an engine without
/// visits, a snapshot without them) the hint is the move alone.
///
/// ```
/// use quoridor_page::model::sure_line;
/// let line: Vec<quoridor_rules::Move> =
///     ["e3", "e7", "e4", "d9"].iter().map(|m| m.parse().unwrap()).collect();
/// // e7 got 9 000 of e3's 10 000 playouts; e4 7 000 of those; d9 only 30.
/// let sure = sure_line(&line, &[10_000, 9_000, 7_000, 30]);
/// assert_eq!(sure, line[..3]);
/// ```
pub fn sure_line(line: &[Move], visits: &[u32]) -> Vec<Move> {
    let Some(&first) = line.first() else {
        return Vec::new();
    };
    let mut sure = vec![first];
    let mut parent = visits.first().copied();
    for (k, &mv) in line.iter().enumerate().skip(1) {
        let (Some(before), Some(&here)) = (parent, visits.get(k)) else {
            break;
        };
        let share = f64::from(here) / f64::from(before.max(1));
        if here < SURE_VISITS || share <= SURE_SHARE {
            break;
        }
        sure.push(mv);
        parent = Some(here);
    }
    sure
}

/// [`sure_line`] of a snapshot's principal variation, when it starts with
/// `mv` (else the move alone).
pub fn sure_line_of(info: &SearchInfo, mv: Move) -> Vec<Move> {
    if info.pv.first() != Some(&mv) {
        return vec![mv];
    }
    match info.uct() {
        Some(tree) => sure_line(&info.pv, &tree.pv_visits),
        None => vec![mv],
    }
}

/// A count as people read it on a page: `950`, `20 k`, `1.2 M`.
pub fn count_text(n: u64) -> String {
    match n {
        0..=9_999 => n.to_string(),
        10_000..=999_999 => format!("{} k", (n + 500) / 1000),
        _ => format!("{:.1} M", n as f64 / 1e6),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn moves(text: &str) -> Vec<Move> {
        Move::parse_list(text).expect("notation")
    }

    #[test]
    fn the_move_is_kept_even_when_nothing_below_it_is_sure() {
        let line = moves("e7v e2v d2");
        assert_eq!(sure_line(&line, &[300, 20, 5]), moves("e7v"));
        assert_eq!(sure_line(&line, &[]), moves("e7v"), "no visits");
        assert_eq!(sure_line(&[], &[]), Vec::<Move>::new());
    }

    #[test]
    fn the_line_stops_at_a_step_with_too_few_playouts() {
        let line = moves("e3 e7 e4 e6");
        let visits = [50_000, 40_000, 30_000, SURE_VISITS - 1];
        assert_eq!(sure_line(&line, &visits), moves("e3 e7 e4"));
    }

    #[test]
    fn the_line_stops_where_a_child_has_no_clear_majority_of_its_parent() {
        let line = moves("e3 e7 e4 e6");
        // e4 got exactly half of e7's playouts: another reply may have the rest.
        let visits = [50_000, 40_000, 20_000, 19_000];
        assert_eq!(sure_line(&line, &visits), moves("e3 e7"));
    }

    #[test]
    fn counts_read_as_people_write_them() {
        assert_eq!(count_text(950), "950");
        assert_eq!(count_text(20_400), "20 k");
        assert_eq!(count_text(1_234_567), "1.2 M");
    }
}
