//! The candidates' labels on the board: each candidate's win probability
//! over its share of the visits (alpha-beta: its score over its win
//! probability), as one block
//! placed by [`crate::labels::Placer`] in the candidates' rank order,
//! so neighbouring walls' labels and a square's label never print over
//! each other. Where the two lines find no room the label shrinks to its
//! main number (the mark's colour still says the win probability), and
//! where that finds none either it is dropped; the mark keeps both numbers
//! in its tooltip.

use crate::analysis::format::{percent, share};
use crate::geometry::{
    extent, square_center, square_origin, wall_center, wall_rect, MARGIN, SQUARE,
};
use crate::labels::{baseline, line_height, text_width, LabelBox, Placer, Reach};
use quoridor_engines::{ChildInfo, SearchInfo};
use quoridor_engines::{RootMoveScore, Score};
use quoridor_rules::Move;
use quoridor_rules::Orientation;

/// Font size of a candidate's main number (share of visits or score), in
/// board units: 3.4 of a square's 10 (times [`crate::labels::PHONE_SCALE`]
/// on a phone: 14 CSS px on a 390 px screen).
pub const SHARE_FONT: f64 = 3.4;
/// Font size of a candidate's win probability, in board units.
pub const WIN_FONT: f64 = 2.6;
/// Room left around a label's text, in board units, each side.
const PAD: f64 = 0.3;

/// One candidate's label and where it goes.
#[derive(Clone, Debug, PartialEq)]
pub struct CandidateLabel {
    /// The candidate.
    pub mv: Move,
    /// The main number: the win probability for the mover (`63%`), or
    /// alpha-beta's score (`+1.2` / `M3`).
    pub main: String,
    /// The second line: the share of the visits (`12%`, `<1%`), or under
    /// alpha-beta's score the win probability.
    pub win: String,
    /// The label's box, `None` when it found no room.
    pub placed: Option<LabelBox>,
    /// Whether the box holds the win probability's line too.
    pub with_win: bool,
    /// Font sizes are [`SHARE_FONT`] and [`WIN_FONT`] times this.
    pub scale: f64,
}

impl CandidateLabel {
    /// Where the main number's text goes (its centre and baseline).
    pub fn main_at(&self) -> Option<(f64, f64)> {
        let b = self.placed?;
        Some((b.x + b.width / 2.0, baseline(b.y + PAD, self.main_font())))
    }

    /// The main number's font size, in board units.
    pub fn main_font(&self) -> f64 {
        SHARE_FONT * self.scale
    }

    /// The win probability's font size, in board units.
    pub fn win_font(&self) -> f64 {
        WIN_FONT * self.scale
    }

    /// Where the win probability's text goes (its centre and baseline),
    /// if the label has room for it.
    pub fn win_at(&self) -> Option<(f64, f64)> {
        let b = self.placed.filter(|_| self.with_win)?;
        let top = b.y + PAD + line_height(self.main_font());
        Some((b.x + b.width / 2.0, baseline(top, self.win_font())))
    }
}

/// The board area labels stay in: the squares and grooves, not the margin
/// with the file and rank letters.
pub fn label_bounds(size: u8) -> LabelBox {
    let side = extent(size) - 2.0 * MARGIN;
    LabelBox {
        x: MARGIN,
        y: MARGIN,
        width: side,
        height: side,
    }
}

/// Where a move's mark is centred: its square, or its wall's groove crossing.
pub fn mark_centre(mv: Move, size: u8) -> (f64, f64) {
    match mv {
        Move::Pawn(sq) => square_center(sq, size),
        Move::Wall(wall) => wall_center(wall, size),
    }
}

/// The rectangle `(x, y, width, height, corner radius)` of a move's mark:
/// its square, inset a little, or its wall.
pub fn mark_rect(mv: Move, size: u8) -> (f64, f64, f64, f64, f64) {
    match mv {
        Move::Pawn(sq) => {
            let (x, y) = square_origin(sq, size);
            let inset = 0.6;
            let side = SQUARE - 2.0 * inset;
            (x + inset, y + inset, side, side, 1.5)
        }
        Move::Wall(wall) => {
            let (x, y, w, h) = wall_rect(wall, size);
            (x, y, w, h, 0.4)
        }
    }
}

/// How far a move's label may slide from the mark's centre and still lie
/// on its mark: along a wall most of its half-length (11.25 units), across
/// it and on a square the default.
pub fn mark_reach(mv: Move) -> Reach {
    let (along, across) = (9.0, 4.0);
    match mv {
        Move::Pawn(_) => Reach::default(),
        Move::Wall(wall) => match wall.orientation() {
            Orientation::Horizontal => Reach {
                x: along,
                y: across,
            },
            Orientation::Vertical => Reach {
                x: across,
                y: along,
            },
        },
    }
}

/// The labels of `children` (the candidates drawn, best first), at `scale`
/// times the fonts' sizes, placed so that none overlaps another or a
/// `reserved` box.
pub fn candidate_labels(
    size: u8,
    children: &[ChildInfo],
    root_visits: u32,
    scores: &[RootMoveScore],
    reserved: &[LabelBox],
    scale: f64,
) -> Vec<CandidateLabel> {
    let (main_font, win_font) = (SHARE_FONT * scale, WIN_FONT * scale);
    let total = root_visits.max(children.iter().map(|c| c.visits()).sum());
    // UCT: the win chance first (what a player weighs; a share of visits
    // read "0%" on every candidate but the best once PUCT had settled), the
    // share of the search under it. Alpha-beta: its score, then the chance.
    let texts: Vec<(Move, String, String)> = children
        .iter()
        .map(|c| {
            let win = percent(c.win_probability);
            match scores.iter().find(|r| r.mv == c.mv) {
                Some(r) => (c.mv, short_score(r.score), win),
                None => (c.mv, win, visit_share_text(c.visits(), total)),
            }
        })
        .collect();
    let mut placer = Placer::new(reserved, label_bounds(size));
    texts
        .into_iter()
        .map(|(mv, main, win)| {
            let (cx, cy) = mark_centre(mv, size);
            let full = LabelBox::centred(
                cx,
                cy,
                text_width(&main, main_font).max(text_width(&win, win_font)) + 2.0 * PAD,
                line_height(main_font) + line_height(win_font) + 2.0 * PAD,
            );
            let short = LabelBox::centred(
                cx,
                cy,
                text_width(&main, main_font) + 2.0 * PAD,
                line_height(main_font) + 2.0 * PAD,
            );
            let reach = mark_reach(mv);
            let (placed, with_win) = match placer.put(full, reach) {
                Some(b) => (Some(b), true),
                None => (placer.put(short, reach), false),
            };
            CandidateLabel {
                mv,
                main,
                win,
                placed,
                with_win,
                scale,
            }
        })
        .collect()
}

/// The candidates a snapshot draws on the board: its first `top` root
/// children with the root's visits, alpha-beta's root scores and their
/// labels placed. Made once per render and read by the candidates' marks,
/// the numbers of a drawn line and the coach's hint, so each keeps clear
/// of the same labels.
#[derive(Clone, Debug, PartialEq)]
pub struct DrawnCandidates {
    /// Root children, most visited first (alpha-beta: best first).
    pub children: Vec<ChildInfo>,
    /// Visits of the root, for the shares.
    pub root_visits: u32,
    /// Alpha-beta: the root moves' scores from the last completed iteration.
    pub scores: Vec<RootMoveScore>,
    /// The children's labels, in the same order.
    pub labels: Vec<CandidateLabel>,
}

impl DrawnCandidates {
    /// What `info` draws with `top` candidates on a board of `size`, the
    /// labels at `scale` times their fonts.
    pub fn of(info: &SearchInfo, top: usize, size: u8, scale: f64) -> DrawnCandidates {
        let children: Vec<ChildInfo> = info.children.iter().take(top).cloned().collect();
        let root_visits = info.uct().map_or(0, |t| t.root_visits);
        let scores = info
            .alphabeta()
            .map(|ab| ab.root_moves.clone())
            .unwrap_or_default();
        let labels = candidate_labels(size, &children, root_visits, &scores, &[], scale);
        DrawnCandidates {
            children,
            root_visits,
            scores,
            labels,
        }
    }

    /// The boxes of the labels that found room.
    pub fn label_boxes(&self) -> Vec<LabelBox> {
        self.labels.iter().filter_map(|l| l.placed).collect()
    }
}

/// A candidate's share of the root's visits, as its label's second line:
/// `12%`, or `<1%` for a move the search looked at but barely.
///
/// ```
/// use quoridor_page::analysis::candidate_labels::visit_share_text;
/// assert_eq!(visit_share_text(120, 1000), "12%");
/// assert_eq!(visit_share_text(3, 1000), "<1%");
/// assert_eq!(visit_share_text(0, 1000), "0%");
/// ```
pub fn visit_share_text(visits: u32, total: u32) -> String {
    let s = share(visits, total);
    if visits > 0 && s < 0.005 {
        "<1%".into()
    } else {
        percent(s)
    }
}

/// A score short enough for a board square: `+1.2` steps of path or `M3`.
pub fn short_score(score: Score) -> String {
    match score {
        Score::Cp(cp) => format!("{:+.1}", f64::from(cp) / 100.0),
        Score::Mate(n) => format!("M{n}"),
    }
}

#[cfg(test)]
pub(super) mod tests {
    use super::*;
    use quoridor_engines::{NodeId, UctChild};

    /// A UCT candidate `mv` with `visits` visits, even odds and no line.
    pub(in crate::analysis) fn child(mv: &str, visits: u32) -> ChildInfo {
        ChildInfo {
            mv: mv.parse().expect("notation"),
            win_probability: 0.5,
            proven: None,
            pv: Vec::new(),
            uct: Some(UctChild {
                id: NodeId::new(2).expect("a node id"),
                visits,
                uct_value: 0.5,
                children: 0,
            }),
        }
    }

    #[test]
    fn walls_through_one_groove_crossing_get_labels_apart() {
        // e7h and e7v share their centre; d7h is one file to the left.
        let children = [
            child("e3", 900),
            child("e7h", 50),
            child("e7v", 40),
            child("d7h", 10),
        ];
        let labels = candidate_labels(9, &children, 1000, &[], &[], 1.0);
        let boxes: Vec<LabelBox> = labels.iter().filter_map(|l| l.placed).collect();
        assert_eq!(boxes.len(), 4, "room for all four");
        for (i, a) in boxes.iter().enumerate() {
            for b in &boxes[i + 1..] {
                assert!(!a.intersects(b), "{a:?} and {b:?}");
            }
        }
        // The win chance first, the share of the search under it.
        assert_eq!(
            (labels[0].main.as_str(), labels[0].win.as_str()),
            ("50%", "90%")
        );
        assert_eq!(labels[3].win, "1%");
        assert_eq!(
            labels[0].placed.map(|b| b.centre()),
            Some(mark_centre(labels[0].mv, 9))
        );
    }

    #[test]
    fn a_reserved_box_pushes_a_label_off_it() {
        let children = [child("e3", 900)];
        let centre = mark_centre(children[0].mv, 9);
        let reserved = LabelBox::centred(centre.0, centre.1, 4.0, 4.0);
        let labels = candidate_labels(9, &children, 1000, &[], &[reserved], 1.0);
        let placed = labels[0].placed.expect("nudged nearby");
        assert!(!placed.intersects(&reserved));
    }

    #[test]
    fn the_texts_lie_inside_the_placed_box() {
        for scale in [1.0, crate::labels::PHONE_SCALE] {
            let labels = candidate_labels(9, &[child("e3", 9)], 10, &[], &[], scale);
            let b = labels[0].placed.expect("placed");
            let (_, main) = labels[0].main_at().expect("placed");
            let (_, win) = labels[0].win_at().expect("placed");
            let (main_font, win_font) = (labels[0].main_font(), labels[0].win_font());
            assert!(main - 0.93 * main_font >= b.y && win + 0.24 * win_font <= b.y + b.height);
        }
    }
}
