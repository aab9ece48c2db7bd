//! Where the policy overlay writes its priors on the board: the lowest of
//! the board's labels. A move the analysis draws with a candidate label
//! keeps only its shade (its prior is in the visit chart and the tree
//! explorer, beside its visits); the other likely moves' numbers are placed
//! by [`crate::labels::Placer`], likeliest first, clear of the
//! candidates' labels and of each other: on their mark, nudged along it, or
//! dropped (the shade stays). The numbered ghosts of a line drawn over them
//! keep clear of these in turn, so no two labels on the board intersect.

use super::candidate_labels::{label_bounds, mark_centre, mark_reach, DrawnCandidates};
use super::format::prior_percent;
use crate::labels::{line_height, text_width, LabelBox, Placer};
use crate::worker::messages::MovePrior;
use quoridor_rules::Move;

/// Priors from this up are written on their mark.
pub const LABELLED_FROM: f64 = 0.05;
/// Font size of a prior on a square, in board units (`.policy-label` in
/// the page's CSS).
pub const SQUARE_FONT: f64 = 3.0;
/// Font size of a prior on a groove, in board units (`.policy-label-wall`).
pub const WALL_FONT: f64 = 2.2;
/// How much wider the labels' semi-bold glyphs are than [`text_width`]'s
/// regular ones (DejaVu Sans Bold digits: 0.696 em against 0.636).
const BOLD: f64 = 1.1;
/// Room for the labels' outline (`stroke-width` in the CSS), in board units.
const OUTLINE: f64 = 0.6;

/// One prior written on the board.
#[derive(Clone, Debug, PartialEq)]
pub struct PolicyLabel {
    /// The move.
    pub mv: Move,
    /// Its prior as written: `12%`.
    pub text: String,
    /// Where it goes; the text is centred in it.
    pub placed: LabelBox,
}

impl PolicyLabel {
    /// Whether it is a wall's prior (written smaller, on a groove).
    pub fn on_wall(&self) -> bool {
        matches!(self.mv, Move::Wall(_))
    }
}

/// The priors of `priors` worth writing on a board of `size` (from
/// [`LABELLED_FROM`] up), likeliest first, clear of the labels of the
/// candidates `drawn` there; moves with a candidate label get none.
pub fn policy_labels(
    size: u8,
    priors: &[MovePrior],
    drawn: Option<&DrawnCandidates>,
) -> Vec<PolicyLabel> {
    let candidates = drawn.map(|d| &d.labels[..]).unwrap_or_default();
    let taken: Vec<LabelBox> = candidates.iter().filter_map(|c| c.placed).collect();
    let mut placer = Placer::new(&taken, label_bounds(size));
    let mut wanted: Vec<&MovePrior> = priors
        .iter()
        .filter(|p| {
            p.prior >= LABELLED_FROM
                && !candidates
                    .iter()
                    .any(|c| c.mv == p.mv && c.placed.is_some())
        })
        .collect();
    // Likeliest first, picked one at a time (a sort would weigh more in the
    // page's download; there are at most 20 such priors).
    let mut labels = Vec::new();
    while let Some(i) =
        (0..wanted.len()).max_by(|&a, &b| wanted[a].prior.total_cmp(&wanted[b].prior))
    {
        let p = wanted.swap_remove(i);
        let text = prior_percent(p.prior);
        let font = match p.mv {
            Move::Wall(_) => WALL_FONT,
            Move::Pawn(_) => SQUARE_FONT,
        };
        let (cx, cy) = mark_centre(p.mv, size);
        let label = LabelBox::centred(
            cx,
            cy,
            BOLD * text_width(&text, font) + OUTLINE,
            line_height(font) + OUTLINE,
        );
        if let Some(placed) = placer.put(label, mark_reach(p.mv)) {
            labels.push(PolicyLabel {
                mv: p.mv,
                text,
                placed,
            });
        }
    }
    labels
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::analysis::candidate_labels::{candidate_labels, tests::child};
    use quoridor_engines::ChildInfo;

    fn prior(mv: &str, prior: f64) -> MovePrior {
        MovePrior {
            mv: mv.parse().expect("notation"),
            prior,
        }
    }

    /// The candidates `children` drawn with their labels placed.
    fn drawn(children: &[ChildInfo], scale: f64) -> DrawnCandidates {
        let root_visits = children.iter().map(|c| c.visits()).sum();
        DrawnCandidates {
            children: children.to_vec(),
            root_visits,
            scores: Vec::new(),
            labels: candidate_labels(9, children, root_visits, &[], &[], scale),
        }
    }

    fn no_two_intersect(boxes: &[LabelBox]) -> bool {
        boxes
            .iter()
            .enumerate()
            .all(|(i, a)| boxes[i + 1..].iter().all(|b| !a.intersects(b)))
    }

    #[test]
    fn without_candidates_the_likely_moves_are_written_on_their_marks() {
        let priors = [prior("e2", 0.6), prior("d5h", 0.2), prior("a1h", 0.01)];
        let labels = policy_labels(9, &priors, None);
        let moves: Vec<String> = labels.iter().map(|l| l.mv.to_string()).collect();
        assert_eq!(moves, ["e2", "d5h"], "likeliest first, under 5% unwritten");
        assert_eq!(labels[0].text, "60%");
        for l in &labels {
            assert_eq!(l.placed.centre(), mark_centre(l.mv, 9));
        }
        assert!(labels[1].on_wall() && !labels[0].on_wall());
    }

    #[test]
    fn two_walls_through_one_crossing_are_written_apart() {
        // e3h and e3v share their centre.
        let labels = policy_labels(9, &[prior("e3h", 0.3), prior("e3v", 0.2)], None);
        assert_eq!(labels.len(), 2);
        assert_eq!(labels[0].placed.centre(), mark_centre(labels[0].mv, 9));
        assert!(!labels[0].placed.intersects(&labels[1].placed));
    }

    #[test]
    fn candidates_keep_their_labels_and_the_priors_keep_clear_of_them() {
        for scale in [1.0, crate::labels::PHONE_SCALE] {
            // f3h is a candidate; e3h's and f3v's numbers would sit on its label.
            let drawn = drawn(
                &[child("e5v", 900), child("f3h", 30), child("e3", 20)],
                scale,
            );
            let priors = [
                prior("e3", 0.3),
                prior("f3h", 0.12),
                prior("e3h", 0.1),
                prior("f3v", 0.08),
                prior("g3h", 0.06),
            ];
            let labels = policy_labels(9, &priors, Some(&drawn));
            assert!(
                labels
                    .iter()
                    .all(|l| !drawn.children.iter().any(|c| c.mv == l.mv)),
                "no prior written on a candidate: {labels:?}"
            );
            assert!(!labels.is_empty(), "the other moves' priors are written");
            let mut boxes = drawn.label_boxes();
            boxes.extend(labels.iter().map(|l| l.placed));
            assert!(no_two_intersect(&boxes), "{boxes:?}");
        }
    }

    #[test]
    fn a_candidate_without_room_for_its_label_keeps_its_prior() {
        let mut drawn = drawn(&[child("e3", 10)], 1.0);
        drawn.labels[0].placed = None;
        let labels = policy_labels(9, &[prior("e3", 0.5)], Some(&drawn));
        assert_eq!(labels.len(), 1);
        assert_eq!(labels[0].text, "50%");
    }
}
