//! Board coordinates in SVG user units, shared by every layer drawn on the
//! board (squares, grooves, walls, pawns, candidates, PV ghosts) so they line
//! up. Rank 1 is at the bottom, file a on the left, as in notation.
//!
//! Each square is [`SQUARE`] units wide with a [`GROOVE`]-unit groove between
//! neighbours; a [`MARGIN`] around the board holds the file and rank labels.

use crate::game::{Orientation, Square, Wall};

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
}
