//! The icicle chart of the search tree, as plain data: where each rectangle
//! of the tree map panel goes (the layout); the panel's state is the model's
//! ([`crate::model::icicle`]). Builds natively so its tests run with
//! `cargo test`.
//!
//! The top node spans the full width; each row below is one ply deeper; a
//! child's width is its share of its parent's visits times the parent's
//! width, children most visited first from the left. Children narrower
//! than a threshold, and those the worker left out of its slice, become one
//! grey "other" rectangle at the right end of their parent.

use quoridor_engines::{NodeId, Proven, TreeMap};
use quoridor_rules::Move;

/// Height of one row in SVG units.
pub const ROW_HEIGHT: f64 = 20.0;

/// One rectangle of the chart.
#[derive(Clone, Debug, PartialEq)]
pub struct IcicleRect {
    /// The node's line from the searched position; for "other", its parent's.
    pub line: Vec<Move>,
    /// The search node (`None` for "other").
    pub id: Option<NodeId>,
    /// Row from the top (0 = the top node).
    pub row: usize,
    /// Left edge in SVG units.
    pub x: f64,
    /// Width in SVG units.
    pub width: f64,
    /// Playouts through the node (for "other": through the merged children).
    pub visits: u32,
    /// Mean score for the player who made the move (0.5 for "other").
    pub win: f64,
    /// UCT value, when finite.
    pub uct: Option<f64>,
    /// Proven outcome for the player who made the move.
    pub proven: Option<Proven>,
    /// Children merged into this "other" rectangle (0 for a node).
    pub merged: u32,
}

impl IcicleRect {
    /// Whether this is a merged "other" rectangle.
    pub fn is_other(&self) -> bool {
        self.id.is_none()
    }

    /// `data-node`: the line's moves joined by `.`.
    pub fn key(&self) -> String {
        line_key(&self.line)
    }
}

/// A line as the chart's `data-node`: moves joined by `.` (`""` for the root).
pub fn line_key(line: &[Move]) -> String {
    line.iter()
        .map(Move::to_string)
        .collect::<Vec<_>>()
        .join(".")
}

/// The line a chart's `data-node` names; `None` if a move does not parse.
pub fn parse_line_key(key: &str) -> Option<Vec<Move>> {
    if key.is_empty() {
        return Some(Vec::new());
    }
    key.split('.').map(|m| m.parse().ok()).collect()
}

/// The rectangles of `map` from the node at `zoom` (the deepest node on
/// that line the map holds; the map's top if the line does not pass
/// through it), `rows` rows deep, `width` wide, children narrower than
/// `min_width` merged.
pub fn icicle_layout(
    map: &TreeMap,
    zoom: &[Move],
    rows: usize,
    width: f64,
    min_width: f64,
) -> Vec<IcicleRect> {
    let mut children = vec![Vec::new(); map.nodes.len()];
    for (i, node) in map.nodes.iter().enumerate() {
        // Parents come first; anything else cannot be drawn as a tree.
        let parent = node.parent.map(|p| p as usize).filter(|&p| p < i);
        if let Some(parent) = parent.and_then(|p| children.get_mut(p)) {
            parent.push(i);
        }
    }
    for list in &mut children {
        list.sort_by(|&a, &b| map.nodes[b].visits.cmp(&map.nodes[a].visits));
    }
    if map.nodes.is_empty() || rows == 0 {
        return Vec::new();
    }
    let mut top = 0;
    let mut line = map.path.clone();
    if let Some(below) = zoom.strip_prefix(map.path.as_slice()) {
        for mv in below {
            let next = children[top]
                .iter()
                .copied()
                .find(|&c| map.nodes[c].mv == Some(*mv));
            let Some(next) = next else { break };
            top = next;
            line.push(*mv);
        }
    }
    let mut layout = Layout {
        map,
        children: &children,
        rows,
        min_width,
        line,
        out: Vec::new(),
    };
    layout.place(top, 0, 0.0, width);
    layout.out
}

/// The recursion's shared parts.
struct Layout<'a> {
    map: &'a TreeMap,
    children: &'a [Vec<usize>],
    rows: usize,
    min_width: f64,
    /// The line of the node being placed.
    line: Vec<Move>,
    out: Vec<IcicleRect>,
}

impl Layout<'_> {
    fn place(&mut self, index: usize, row: usize, x: f64, width: f64) {
        let node = &self.map.nodes[index];
        self.out.push(IcicleRect {
            line: self.line.clone(),
            id: Some(node.id),
            row,
            x,
            width,
            visits: node.visits,
            win: f64::from(node.win),
            uct: node.uct.map(f64::from),
            proven: node.proven,
            merged: 0,
        });
        if row + 1 >= self.rows {
            return;
        }
        let kids = &self.children[index];
        let kept: u64 = kids
            .iter()
            .map(|&c| u64::from(self.map.nodes[c].visits))
            .sum();
        // Never wider than the parent, even if its counts lag its children's.
        let total = u64::from(node.visits).max(kept + u64::from(node.hidden));
        if total == 0 {
            return;
        }
        let per_visit = width / total as f64;
        let mut cx = x;
        let mut other_visits = node.hidden;
        let mut merged = u32::from(node.hidden > 0);
        for &child in kids {
            let c = &self.map.nodes[child];
            let w = f64::from(c.visits) * per_visit;
            if w < self.min_width {
                other_visits += c.visits;
                merged += 1;
                continue;
            }
            if let Some(mv) = c.mv {
                self.line.push(mv);
                self.place(child, row + 1, cx, w);
                self.line.pop();
            }
            cx += w;
        }
        let w = f64::from(other_visits) * per_visit;
        if other_visits > 0 && w > 0.0 {
            self.out.push(IcicleRect {
                line: self.line.clone(),
                id: None,
                row: row + 1,
                x: cx,
                width: w,
                visits: other_visits,
                win: 0.5,
                uct: None,
                proven: None,
                merged,
            });
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::model::icicle::tests::map;

    fn mv(text: &str) -> Move {
        text.parse().expect("notation")
    }

    fn find<'a>(rects: &'a [IcicleRect], key: &str) -> &'a IcicleRect {
        rects
            .iter()
            .find(|r| !r.is_other() && r.key() == key)
            .unwrap_or_else(|| panic!("no rectangle {key:?} in {rects:?}"))
    }

    #[test]
    fn children_widths_sum_to_at_most_the_parents() {
        let rects = icicle_layout(&map(), &[], 12, 600.0, 3.0);
        for parent in rects.iter().filter(|r| !r.is_other()) {
            let sum: f64 = rects
                .iter()
                .filter(|r| r.row == parent.row + 1)
                .filter(|r| {
                    if r.is_other() {
                        r.line == parent.line
                    } else {
                        r.line[..r.line.len() - 1] == parent.line[..]
                    }
                })
                .map(|r| r.width)
                .sum();
            assert!(
                sum <= parent.width + 1e-9,
                "{}: {sum} > {}",
                parent.key(),
                parent.width
            );
        }
        assert_eq!(find(&rects, "").width, 600.0);
        assert_eq!(find(&rects, "").x, 0.0);
    }

    #[test]
    fn each_width_is_proportional_to_visits_within_a_pixel() {
        let rects = icicle_layout(&map(), &[], 12, 600.0, 3.0);
        let e2 = find(&rects, "e2");
        assert!((e2.width - 360.0).abs() < 1.0);
        assert!((find(&rects, "d1h").width - 180.0).abs() < 1.0);
        assert!((find(&rects, "e2.e8").width - 240.0).abs() < 1.0);
        assert!((find(&rects, "e2.d8").width - 90.0).abs() < 1.0);
        assert_eq!(
            find(&rects, "e2.e8").x,
            e2.x,
            "most visited child on the left"
        );
        assert!(find(&rects, "d1h").x >= e2.x + e2.width - 1e-9);
        assert_eq!(find(&rects, "e2.e8").row, 2);
    }

    #[test]
    fn narrow_and_left_out_children_merge_into_one_grey_other() {
        // a1h is 2 visits of 100 at 100 units: 2 units, below the threshold.
        let rects = icicle_layout(&map(), &[], 12, 100.0, 3.0);
        assert!(rects.iter().all(|r| r.key() != "a1h" || r.is_other()));
        let others: Vec<_> = rects
            .iter()
            .filter(|r| r.is_other() && r.line.is_empty())
            .collect();
        assert_eq!(others.len(), 1, "one other per parent");
        assert_eq!(others[0].visits, 2);
        assert_eq!(others[0].merged, 1);
        let f1 = find(&rects, "f1");
        assert!(
            (others[0].x - (f1.x + f1.width)).abs() < 1e-9,
            "at the right end"
        );
        // d1h's children are all left out of the slice: 25 visits as other.
        let d1h_other = rects
            .iter()
            .find(|r| r.is_other() && r.key() == "d1h")
            .expect("d1h's hidden children");
        assert_eq!(d1h_other.visits, 25);
        assert!((d1h_other.width - 25.0).abs() < 1e-9);
    }

    #[test]
    fn zoom_makes_the_node_the_full_width_top_row() {
        let rects = icicle_layout(&map(), &[mv("e2")], 12, 600.0, 3.0);
        let top = &rects[0];
        assert_eq!(
            (top.key(), top.row, top.x, top.width),
            ("e2".into(), 0, 0.0, 600.0)
        );
        assert!((find(&rects, "e2.e8").width - 400.0).abs() < 1.0);
        assert!(rects.iter().all(|r| r.line.first() == Some(&mv("e2"))));
        // A line off the map stops at the deepest node it reaches.
        let off = icicle_layout(&map(), &[mv("e2"), mv("a9h")], 12, 600.0, 3.0);
        assert_eq!(off[0].key(), "e2");
    }

    #[test]
    fn a_line_key_reads_back_and_bad_text_is_none() {
        let line = vec![mv("e2"), mv("e8"), mv("d1h")];
        assert_eq!(line_key(&line), "e2.e8.d1h");
        assert_eq!(parse_line_key("e2.e8.d1h"), Some(line));
        assert_eq!(parse_line_key(""), Some(Vec::new()));
        assert_eq!(parse_line_key("e2.zz"), None);
        assert_eq!(parse_line_key("e2..e8"), None);
    }

    #[test]
    fn rows_cap_the_depth() {
        let rects = icicle_layout(&map(), &[], 2, 600.0, 3.0);
        assert!(rects.iter().all(|r| r.row < 2));
        assert!(icicle_layout(&map(), &[], 0, 600.0, 3.0).is_empty());
        assert!(icicle_layout(&TreeMap::default(), &[], 12, 600.0, 3.0).is_empty());
        // A parent link forward (never sent by the search) is not followed.
        let mut looped = map();
        looped.nodes[0].parent = Some(1);
        looped.nodes[1].parent = Some(5);
        let rects = icicle_layout(&looped, &[], 12, 600.0, 3.0);
        assert!(rects.iter().all(|r| r.line.first() != Some(&mv("e2"))));
    }
}
