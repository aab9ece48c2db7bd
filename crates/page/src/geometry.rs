//! Board coordinates in SVG user units, shared by every layer drawn on the
//! board (squares, grooves, walls, pawns, candidates, PV ghosts) so they line
//! up. Rank 1 is at the bottom, file a on the left, as in notation.
//!
//! Each square is [`SQUARE`] units wide with a [`GROOVE`]-unit groove between
//! neighbours; a [`MARGIN`] around the board holds the file and rank labels.
//!
//! A flipped board (player 2 at the bottom) is the same drawing turned half
//! round ([`half_turn`]); what must stay readable is placed with [`seen_from`].

use quoridor_rules::{Orientation, Square, Wall};

/// Side of one square.
pub const SQUARE: f64 = 10.0;
/// Width of the groove between two squares (where walls lie).
pub const GROOVE: f64 = 2.5;
/// Space around the board for labels.
pub const MARGIN: f64 = 6.0;
/// Distance from one square's corner to the next one's.
pub const PITCH: f64 = SQUARE + GROOVE;

/// Width (and height) of the whole drawing for a board of `size`.
pub fn extent(size: u8) -> f64 {
    2.0 * MARGIN + size as f64 * PITCH - GROOVE
}

/// The `viewBox` attribute for a board of `size`.
pub fn view_box(size: u8) -> String {
    let e = extent(size);
    format!("0 0 {e} {e}")
}

/// Top-left corner of `square`.
pub fn square_origin(square: Square, size: u8) -> (f64, f64) {
    let x = MARGIN + square.file() as f64 * PITCH;
    let y = MARGIN + (size - 1 - square.rank()) as f64 * PITCH;
    (x, y)
}

/// Centre of `square`.
pub fn square_center(square: Square, size: u8) -> (f64, f64) {
    let (x, y) = square_origin(square, size);
    (x + SQUARE / 2.0, y + SQUARE / 2.0)
}

/// The rectangle `(x, y, width, height)` a placed `wall` covers: two squares
/// long plus the groove crossing between them.
pub fn wall_rect(wall: Wall, size: u8) -> (f64, f64, f64, f64) {
    let corner = wall.corner();
    // The corner square is south-west of the wall's centre.
    let (x, y) = square_origin(corner, size);
    let long = 2.0 * SQUARE + GROOVE;
    match wall.orientation() {
        // Lies in the groove above the corner's rank, over its file and the next.
        Orientation::Horizontal => (x, y - GROOVE, long, GROOVE),
        // Lies in the groove right of the corner's file, over its rank and the next.
        Orientation::Vertical => (x + SQUARE, y - PITCH, GROOVE, long),
    }
}

/// Centre of `wall` (the groove crossing it is named after).
pub fn wall_center(wall: Wall, size: u8) -> (f64, f64) {
    let (x, y) = square_origin(wall.corner(), size);
    (x + SQUARE + GROOVE / 2.0, y - GROOVE / 2.0)
}

/// The SVG `transform` that turns the drawing of a board of `size` half round
/// about its centre (player 2's side at the bottom).
pub fn half_turn(size: u8) -> String {
    let c = extent(size) / 2.0;
    format!("rotate(180 {c} {c})")
}

/// The square drawn at `square`'s place when the board is `flipped`: on a
/// flipped board a1 is drawn where the top-right corner square usually is.
pub fn seen_from(square: Square, size: u8, flipped: bool) -> Square {
    if !flipped {
        return square;
    }
    let last = size.saturating_sub(1);
    Square::new(
        last.saturating_sub(square.file()),
        last.saturating_sub(square.rank()),
    )
    .unwrap_or(square)
}

/// The finger-sized area of one groove segment: the groove above `square`
/// (`Horizontal`) or right of it (`Vertical`), one square long, widened on
/// each side by the triangle of the neighbouring square between that groove
/// and the square's centre. Four such triangles tile a square, so the areas
/// share each square between its four sides; across the groove the area is
/// [`PITCH`] units (centre to centre).
pub fn groove_reach(square: Square, side: Orientation, size: u8) -> [(f64, f64); 6] {
    let (x, y) = square_origin(square, size);
    let half = SQUARE / 2.0;
    match side {
        Orientation::Horizontal => [
            (x, y),
            (x + half, y + half),
            (x + SQUARE, y),
            (x + SQUARE, y - GROOVE),
            (x + half, y - GROOVE - half),
            (x, y - GROOVE),
        ],
        Orientation::Vertical => [
            (x + SQUARE, y),
            (x + half, y + half),
            (x + SQUARE, y + SQUARE),
            (x + PITCH, y + SQUARE),
            (x + PITCH + half, y + half),
            (x + PITCH, y),
        ],
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn rank_one_is_at_the_bottom() {
        let a1 = Square::new(0, 0).expect("a1");
        let a9 = Square::new(0, 8).expect("a9");
        assert!(square_center(a1, 9).1 > square_center(a9, 9).1);
    }

    #[test]
    fn horizontal_wall_lies_between_its_two_ranks() {
        let e3h: Wall = "e3h".parse().expect("wall");
        let (_, y, w, h) = wall_rect(e3h, 9);
        let e3 = square_origin("e3".parse().expect("e3"), 9);
        let e4 = square_origin("e4".parse().expect("e4"), 9);
        assert_eq!(y + h, e3.1);
        assert_eq!(y, e4.1 + SQUARE);
        assert!(w > h);
        assert_eq!(wall_center(e3h, 9).1, y + h / 2.0);
    }

    #[test]
    fn flipped_board_swaps_corners_and_keeps_the_centre() {
        let sq = |s: &str| s.parse::<Square>().expect("square");
        assert_eq!(seen_from(sq("a1"), 9, true), sq("i9"));
        assert_eq!(seen_from(sq("c2"), 9, true), sq("g8"));
        assert_eq!(seen_from(sq("e5"), 9, true), sq("e5"));
        assert_eq!(seen_from(sq("c2"), 9, false), sq("c2"));
        assert_eq!(seen_from(sq("a1"), 5, true), sq("e5"));
        assert_eq!(
            half_turn(9),
            format!("rotate(180 {0} {0})", extent(9) / 2.0)
        );
    }

    fn bounds(points: &[(f64, f64)]) -> (f64, f64, f64, f64) {
        let xs = points.iter().map(|p| p.0);
        let ys = points.iter().map(|p| p.1);
        let (x0, x1) = (
            xs.clone().fold(f64::MAX, f64::min),
            xs.fold(f64::MIN, f64::max),
        );
        let (y0, y1) = (
            ys.clone().fold(f64::MAX, f64::min),
            ys.fold(f64::MIN, f64::max),
        );
        (x0, y0, x1 - x0, y1 - y0)
    }

    #[test]
    fn groove_reach_spans_centre_to_centre_across_its_groove() {
        let e3: Square = "e3".parse().expect("e3");
        let e4 = square_center("e4".parse().expect("e4"), 9);
        let f3 = square_center("f3".parse().expect("f3"), 9);
        let (x, y, w, h) = bounds(&groove_reach(e3, Orientation::Horizontal, 9));
        assert_eq!((w, h), (SQUARE, PITCH));
        assert_eq!((y, y + h), (e4.1, square_center(e3, 9).1));
        assert_eq!(x, square_origin(e3, 9).0);
        let (x, y, w, h) = bounds(&groove_reach(e3, Orientation::Vertical, 9));
        assert_eq!((w, h), (PITCH, SQUARE));
        assert_eq!((x, x + w), (square_center(e3, 9).0, f3.0));
        assert_eq!(y, square_origin(e3, 9).1);
    }

    #[test]
    fn groove_reach_lies_on_the_wall_it_places() {
        let e3: Square = "e3".parse().expect("e3");
        for side in Orientation::BOTH {
            let (wx, wy, ww, wh) = wall_rect(Wall::new(e3, side).expect("wall"), 9);
            let (x, y, w, h) = bounds(&groove_reach(e3, side, 9));
            // Across the groove the reach holds the whole drawn wall; along it,
            // the reach is the first square's length of the wall.
            match side {
                Orientation::Horizontal => {
                    assert!(y < wy && wy + wh < y + h);
                    assert!(wx <= x && x + w < wx + ww);
                }
                Orientation::Vertical => {
                    assert!(x < wx && wx + ww < x + w);
                    assert!(wy < y && y + h <= wy + wh);
                }
            }
        }
    }
}
