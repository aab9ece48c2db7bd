//! Labels on the board that never overlap: each label is a box in board
//! units ([`super::geometry`]) that wants to sit centred on its mark; the
//! placer takes them in rank order, keeps each at its mark or nudges it to
//! the nearest free spot close by, and drops the ones that find none (their
//! mark stays, with its tooltip). Candidates, their lines and the coach's
//! ghosts are all placed by it, so a hint's number never sits on a
//! candidate's percentage and two walls through one groove crossing do not
//! print over each other.

/// An axis-aligned box in board units: `(x, y)` is its top-left corner.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct LabelBox {
    /// Left edge.
    pub x: f64,
    /// Top edge.
    pub y: f64,
    /// Width.
    pub width: f64,
    /// Height.
    pub height: f64,
}

impl LabelBox {
    /// A box of `width` × `height` centred on `(cx, cy)`.
    pub fn centred(cx: f64, cy: f64, width: f64, height: f64) -> LabelBox {
        LabelBox {
            x: cx - width / 2.0,
            y: cy - height / 2.0,
            width,
            height,
        }
    }

    /// The centre.
    pub fn centre(&self) -> (f64, f64) {
        (self.x + self.width / 2.0, self.y + self.height / 2.0)
    }

    /// Whether the two boxes share any area (touching edges do not).
    pub fn intersects(&self, other: &LabelBox) -> bool {
        self.x < other.x + other.width
            && other.x < self.x + self.width
            && self.y < other.y + other.height
            && other.y < self.y + self.height
    }

    /// Whether the box lies wholly inside `outer`.
    pub fn inside(&self, outer: &LabelBox) -> bool {
        self.x >= outer.x
            && self.y >= outer.y
            && self.x + self.width <= outer.x + outer.width
            && self.y + self.height <= outer.y + outer.height
    }

    fn moved(&self, dx: f64, dy: f64) -> LabelBox {
        LabelBox {
            x: self.x + dx,
            y: self.y + dy,
            ..*self
        }
    }
}

/// How much larger labels are drawn on a phone: the board is some 380 CSS
/// px wide there, 3.1 px a board unit, and a 3.4-unit number would be 10 px.
pub const PHONE_SCALE: f64 = 1.3;
/// Viewports at most this wide (CSS px) are phones here.
pub const PHONE_WIDTH: f64 = 600.0;

/// The labels' scale for a viewport `width` CSS px wide.
pub fn label_scale(width: f64) -> f64 {
    if width <= PHONE_WIDTH {
        PHONE_SCALE
    } else {
        1.0
    }
}

/// How far one nudge moves a label, in board units.
pub const NUDGE: f64 = 0.75;

/// How far a label may move from its spot along each axis, in board units.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Reach {
    /// Left and right.
    pub x: f64,
    /// Up and down.
    pub y: f64,
}

impl Default for Reach {
    /// 6 units each way, a little over half a square: the label still
    /// reads as its mark's.
    fn default() -> Self {
        Reach { x: 6.0, y: 6.0 }
    }
}

/// Places `wanted` labels (each centred on its mark, the most important
/// first) so that no two intersect and none meets a `reserved` box, all
/// inside `bounds`. Each label keeps its spot if it is free, else takes the
/// nearest free spot within [`Reach::default`] (on a grid of [`NUDGE`]s,
/// or touching a box in its way), else is dropped (`None`). A label is
/// never moved for a lower-ranked one.
///
/// ```
/// use quoridor_page::labels::{place, LabelBox};
/// let board = LabelBox { x: 0.0, y: 0.0, width: 100.0, height: 100.0 };
/// let a = LabelBox::centred(50.0, 50.0, 6.0, 4.0);
/// let placed = place(&[a, a], &[], board);
/// assert_eq!(placed[0], Some(a));
/// let b = placed[1].expect("nudged, not dropped");
/// assert!(!a.intersects(&b));
/// ```
pub fn place(
    wanted: &[LabelBox],
    reserved: &[LabelBox],
    bounds: LabelBox,
) -> Vec<Option<LabelBox>> {
    let mut placer = Placer::new(reserved, bounds);
    wanted
        .iter()
        .map(|label| placer.put(*label, Reach::default()))
        .collect()
}

/// [`place`] one label at a time, each with its own reach, for callers
/// that try a smaller label where a larger one finds no room.
#[derive(Clone, Debug)]
pub struct Placer {
    taken: Vec<LabelBox>,
    bounds: LabelBox,
}

impl Placer {
    /// A placer with the `reserved` boxes taken, placing inside `bounds`.
    pub fn new(reserved: &[LabelBox], bounds: LabelBox) -> Placer {
        Placer {
            taken: reserved.to_vec(),
            bounds,
        }
    }

    /// Places `label` at its spot or the nearest free one within `reach`
    /// (and takes that room), or returns `None` and takes nothing.
    pub fn put(&mut self, label: LabelBox, reach: Reach) -> Option<LabelBox> {
        let free =
            |b: &LabelBox| b.inside(&self.bounds) && !self.taken.iter().any(|t| t.intersects(b));
        if free(&label) {
            self.taken.push(label);
            return Some(label);
        }
        let mut shifts = grid_shifts(reach);
        shifts.extend(self.snap_shifts(&label, reach));
        shifts.sort_by(|a, b| (a.0.hypot(a.1)).total_cmp(&b.0.hypot(b.1)));
        let spot = shifts
            .into_iter()
            .map(|(dx, dy)| label.moved(dx, dy))
            .find(|b| free(b))?;
        self.taken.push(spot);
        Some(spot)
    }

    /// Shifts that put `label` just beside a taken box in its way (above,
    /// below, left or right of it), within `reach`.
    fn snap_shifts(&self, label: &LabelBox, reach: Reach) -> Vec<(f64, f64)> {
        // A hair past touching, so rounding never makes them intersect.
        const GAP: f64 = 0.01;
        let mut shifts = Vec::new();
        for t in &self.taken {
            let candidates = [
                (0.0, t.y - (label.y + label.height) - GAP),
                (0.0, t.y + t.height - label.y + GAP),
                (t.x - (label.x + label.width) - GAP, 0.0),
                (t.x + t.width - label.x + GAP, 0.0),
            ];
            shifts.extend(
                candidates
                    .into_iter()
                    .filter(|(dx, dy)| dx.abs() <= reach.x && dy.abs() <= reach.y),
            );
        }
        shifts
    }
}

/// Every shift of whole [`NUDGE`]s within `reach`, but none.
fn grid_shifts(reach: Reach) -> Vec<(f64, f64)> {
    let steps = |r: f64| (r / NUDGE).floor() as i32;
    let (nx, ny) = (steps(reach.x), steps(reach.y));
    let mut shifts = Vec::new();
    for i in -nx..=nx {
        for j in -ny..=ny {
            if (i, j) != (0, 0) {
                shifts.push((f64::from(i) * NUDGE, f64::from(j) * NUDGE));
            }
        }
    }
    shifts
}

/// Width of `text` at `font_size`, in the same units: per-character
/// advances of DejaVu Sans (Debian's default sans, and the widest common
/// one) rounded up, so the box holds the text in narrower fonts too.
pub fn text_width(text: &str, font_size: f64) -> f64 {
    let ems: f64 = text
        .chars()
        .map(|c| match c {
            '0'..='9' => 0.64,
            '%' => 0.96,
            '+' | '=' => 0.84,
            '-' | '.' | ',' | ' ' => 0.36,
            '–' | '−' => 0.64,
            'M' | 'W' | 'm' | 'w' => 0.9,
            _ => 0.72,
        })
        .sum();
    ems * font_size
}

/// Height of one line of text at `font_size`: DejaVu Sans' ascent plus
/// descent (1.17 em), rounded up.
pub fn line_height(font_size: f64) -> f64 {
    1.2 * font_size
}

/// Where the baseline of a line of `font_size` goes so that its glyphs fill
/// a line box whose top is `top`.
pub fn baseline(top: f64, font_size: f64) -> f64 {
    top + 0.95 * font_size
}

#[cfg(test)]
mod tests {
    use super::*;

    const BOARD: LabelBox = LabelBox {
        x: 0.0,
        y: 0.0,
        width: 100.0,
        height: 100.0,
    };

    fn no_two_intersect(placed: &[Option<LabelBox>]) -> bool {
        let boxes: Vec<&LabelBox> = placed.iter().flatten().collect();
        boxes
            .iter()
            .enumerate()
            .all(|(i, a)| boxes[i + 1..].iter().all(|b| !a.intersects(b)))
    }

    #[test]
    fn a_free_label_stays_on_its_mark() {
        let a = LabelBox::centred(20.0, 20.0, 6.0, 4.0);
        let b = LabelBox::centred(40.0, 20.0, 6.0, 4.0);
        assert_eq!(place(&[a, b], &[], BOARD), vec![Some(a), Some(b)]);
    }

    #[test]
    fn the_lower_ranked_of_two_labels_on_one_mark_is_nudged_nearby() {
        let a = LabelBox::centred(50.0, 50.0, 6.0, 4.0);
        let placed = place(&[a, a], &[], BOARD);
        assert_eq!(placed[0], Some(a), "the first keeps its spot");
        let b = placed[1].expect("room nearby");
        assert!(!a.intersects(&b));
        let (bx, by) = b.centre();
        let reach = Reach::default();
        assert!((bx - 50.0).abs() <= reach.x && (by - 50.0).abs() <= reach.y);
    }

    #[test]
    fn a_label_with_no_room_nearby_is_dropped_not_stacked() {
        // A 20 × 20 label on a 20 × 20 board: a second copy cannot fit anywhere.
        let tight = LabelBox {
            x: 0.0,
            y: 0.0,
            width: 20.0,
            height: 20.0,
        };
        let a = LabelBox::centred(10.0, 10.0, 20.0, 20.0);
        assert_eq!(place(&[a, a], &[], tight), vec![Some(a), None]);
    }

    #[test]
    fn reserved_boxes_are_kept_clear_and_bounds_respected() {
        let reserved = LabelBox::centred(50.0, 50.0, 6.0, 4.0);
        let at_edge = LabelBox::centred(1.0, 1.0, 6.0, 4.0);
        let placed = place(&[reserved, at_edge], &[reserved], BOARD);
        assert!(!placed[0].expect("moved off").intersects(&reserved));
        assert!(placed[1].expect("moved in").inside(&BOARD));
    }

    #[test]
    fn a_crowd_of_labels_never_overlaps() {
        // Sixteen labels on four marks, as walls through one groove crossing.
        let wanted: Vec<LabelBox> = (0..16)
            .map(|i| {
                LabelBox::centred(
                    30.0 + f64::from(i % 2) * 3.0,
                    30.0 + f64::from(i / 8) * 2.0,
                    7.0,
                    6.0,
                )
            })
            .collect();
        let placed = place(&wanted, &[], BOARD);
        assert!(no_two_intersect(&placed));
        assert!(placed[0].is_some() && placed[1].is_some());
    }

    #[test]
    fn a_label_slides_along_its_reach_to_get_past_a_wide_neighbour() {
        let a = LabelBox::centred(50.0, 50.0, 8.0, 8.0);
        let mut placer = Placer::new(&[], BOARD);
        assert_eq!(placer.put(a, Reach::default()), Some(a));
        // Too far for the default reach across, within a wall's reach along it.
        let along = Reach { x: 0.0, y: 9.0 };
        let b = placer.put(a, along).expect("slid along");
        assert_eq!(b.x, a.x);
        assert!(!b.intersects(&a) && (b.y - a.y).abs() <= 9.0);
    }

    #[test]
    fn labels_grow_on_a_phone() {
        assert_eq!(label_scale(390.0), PHONE_SCALE);
        assert_eq!(label_scale(1366.0), 1.0);
    }

    #[test]
    fn touching_boxes_do_not_intersect() {
        let a = LabelBox::centred(10.0, 10.0, 4.0, 4.0);
        assert!(!a.intersects(&a.moved(4.0, 0.0)));
        assert!(a.intersects(&a.moved(3.9, 0.0)));
    }

    #[test]
    fn text_is_measured_wide_enough_for_dejavu_sans() {
        // DejaVu Sans advances: digits 0.636 em, '%' 0.950 em.
        assert!(text_width("95%", 1.0) >= 2.0 * 0.636 + 0.950);
        assert!(line_height(3.0) >= 3.0 * 1.17);
    }
}
