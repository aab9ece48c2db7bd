//! The pointer areas of the grooves, where walls are previewed and placed.
//! Each area is finger-sized ([`groove_reach`]): the drawn groove stays thin,
//! but the area reaches to the centres of the squares on both sides. With a
//! fine pointer (a mouse), CSS clips it back to a thin band around the groove.

use crate::geometry::groove_reach;
use quoridor_rules::{Orientation, Square, Wall};

/// One groove area.
pub struct GrooveTarget {
    /// The wall a click here places (before the ghost-wall flip).
    pub wall: Wall,
    /// Which way the groove runs.
    pub side: Orientation,
    /// The SVG `points` of its area.
    pub points: String,
    /// Whether this area carries the wall slot's `data-wall-slot` hook: for
    /// `e3h` the groove above e3, for `e3v` the groove right of e3. The
    /// grooves beside the last file (or rank) are extra areas for the last
    /// wall that reaches them.
    pub hook: bool,
}

/// `wall`, or the wall of the other orientation at the same groove crossing.
pub fn oriented(wall: Wall, flip: bool) -> Wall {
    if !flip {
        return wall;
    }
    Wall::new(wall.corner(), wall.orientation().flip()).unwrap_or(wall)
}

fn points(corners: [(f64, f64); 6]) -> String {
    let points: Vec<String> = corners.iter().map(|(x, y)| format!("{x},{y}")).collect();
    points.join(" ")
}

/// Every groove segment's area on a board of `size`.
pub fn groove_targets(size: u8) -> Vec<GrooveTarget> {
    let mut out = Vec::new();
    let wall_at = |file: u8, rank: u8, o: Orientation| {
        Square::new(file, rank).and_then(|corner| Wall::new(corner, o))
    };
    for rank in 0..size.saturating_sub(1) {
        for file in 0..size {
            let hook = file < size - 1;
            // Groove above `sq`: the horizontal wall starting here, or ending here on the last file.
            if let Some(sq) = Square::new(file, rank) {
                let h = wall_at(file.min(size - 2), rank, Orientation::Horizontal);
                out.extend(h.map(|wall| GrooveTarget {
                    wall,
                    side: Orientation::Horizontal,
                    points: points(groove_reach(sq, Orientation::Horizontal, size)),
                    hook,
                }));
            }
            // Groove right of the square in row `rank` and column `file` (transposed).
            if let Some(vsq) = Square::new(rank, file) {
                let v = wall_at(rank, file.min(size - 2), Orientation::Vertical);
                out.extend(v.map(|wall| GrooveTarget {
                    wall,
                    side: Orientation::Vertical,
                    points: points(groove_reach(vsq, Orientation::Vertical, size)),
                    hook,
                }));
            }
        }
    }
    out
}
