//! What the coach draws on the board: the hint and, at a position where a
//! reviewed error was made, the better move (its line is the review list's
//! text).
//!
//! The hint is one element carrying `data-hint`: a ring around the
//! candidate's own label when the analysis draws the hinted move as a
//! candidate (around its mark if the label found no room), not a second
//! label on top of its percentages; else a ghost numbered 1; its whole line
//! while the hint text is hovered. Every number keeps clear of the
//! candidates' labels ([`crate::labels`]).

use yew::prelude::*;

use crate::analysis::candidate_labels::mark_rect;
use crate::analysis::PvGhosts;
use crate::labels::LabelBox;
use crate::model::Hint;
use quoridor_rules::{Move, Position};

/// How far the hint's ring stands out from the candidate's mark, in board units.
const RING_GAP: f64 = 0.8;
/// Corner radius of the ring around a label, in board units.
const LABEL_RING_RADIUS: f64 = 1.2;

/// Props of [`CoachOverlay`].
#[derive(Properties, PartialEq)]
pub struct CoachOverlayProps {
    /// The position the board draws.
    pub position: Position,
    /// The hint for that position, if one was given.
    pub hint: Option<Hint>,
    /// Draw the hint's whole line instead of its move.
    pub hint_line: bool,
    /// The engine's better move and line where the next move was an error.
    pub better: Option<Vec<Move>>,
    /// The candidates the analysis draws on the board, each with its
    /// label's box (`None` when the label found no room).
    #[prop_or_default]
    pub candidates: Vec<(Move, Option<LabelBox>)>,
    /// The boxes of the candidates' labels, which the coach's numbers keep clear of.
    #[prop_or_default]
    pub reserved: Vec<LabelBox>,
}

/// The coach's marks; goes inside the board's `<svg>`.
#[function_component(CoachOverlay)]
pub fn coach_overlay(props: &CoachOverlayProps) -> Html {
    let size = props.position.size();
    let reserved = props.reserved.clone();
    let hint = props.hint.as_ref().map(|hint| {
        let mv = hint.mv;
        let candidate = props
            .candidates
            .iter()
            .find(|(m, _)| *m == mv)
            .filter(|_| !props.hint_line);
        let ringed = candidate.is_some();
        let body = if let Some((_, label)) = candidate {
            // The label's box is clear of every other label: a ring on its
            // edge crosses no other number.
            let (x, y, w, h, rx) = match label {
                Some(b) => (b.x, b.y, b.width, b.height, LABEL_RING_RADIUS),
                None => {
                    let (x, y, w, h, rx) = mark_rect(mv, size);
                    let g = RING_GAP;
                    (x - g, y - g, w + 2.0 * g, h + 2.0 * g, rx + g)
                }
            };
            html! {
                <rect class="hint-ring" x={x.to_string()} y={y.to_string()}
                    width={w.to_string()} height={h.to_string()} rx={rx.to_string()} />
            }
        } else {
            let line = if props.hint_line && !hint.line.is_empty() {
                hint.line.clone()
            } else {
                vec![mv]
            };
            html! { <PvGhosts position={props.position} {line} reserved={reserved.clone()} /> }
        };
        html! {
            <g class={classes!("hint-mark", ringed.then_some("hint-ringed"))} data-testid="hint-mark"
                data-hint={mv.to_string()}>
                <title>{ format!("Hint: {mv}") }</title>
                { body }
            </g>
        }
    });
    // The better move alone, as lichess draws one arrow: its line is text
    // in the review's list (a 19-ply line of numbered ghosts covered the
    // walls).
    let better = props.better.as_ref().and_then(|line| {
        let first = *line.first()?;
        Some(html! {
            <g class="better-ghost" data-testid="better-ghost" data-better={first.to_string()}>
                <PvGhosts position={props.position} line={vec![first]} reserved={reserved.clone()} />
            </g>
        })
    });
    html! { <g class="coach-overlay">{ for hint }{ for better }</g> }
}
