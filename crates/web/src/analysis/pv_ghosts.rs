//! A line of moves drawn on the board as numbered ghosts, the numbers
//! placed clear of each other and of the labels already on the board.

use yew::prelude::*;

use super::candidate_labels::{label_bounds, mark_centre};
use crate::geometry::{square_center, wall_rect};
use crate::labels::{baseline, line_height, place, text_width, viewport_label_scale, LabelBox};
use crate::model::analysis::ghosts;
use quoridor_rules::{Move, Player, Position};

/// Font size of a ghost's number, in board units (bold).
pub const GHOST_NUMBER_FONT: f64 = 3.4;
/// How much wider bold digits are than [`text_width`]'s regular ones
/// (DejaVu Sans Bold: 0.696 em against 0.636).
const BOLD: f64 = 1.1;

/// Props of [`PvGhosts`].
#[derive(Properties, PartialEq)]
pub struct PvGhostsProps {
    /// Where the line starts.
    pub position: Position,
    /// The moves, drawn up to the first illegal one.
    pub line: Vec<Move>,
    /// Boxes of labels already on the board, which the numbers keep clear of.
    #[prop_or_default]
    pub reserved: Vec<LabelBox>,
}

/// The boxes of a line's numbers (`1`, `2`, …) centred on their ghosts, at
/// `font` board units.
pub fn ghost_number_boxes(position: &Position, line: &[Move], font: f64) -> Vec<LabelBox> {
    let size = position.size();
    ghosts(position, line)
        .iter()
        .map(|g| {
            let (cx, cy) = mark_centre(g.mv, size);
            let width = BOLD * text_width(&g.number.to_string(), font) + 0.4;
            LabelBox::centred(cx, cy, width, line_height(font))
        })
        .collect()
}

/// An SVG group for the board's overlay: each move of the line as a ghost
/// pawn or ghost wall in its player's colour, numbered from 1.
#[function_component(PvGhosts)]
pub fn pv_ghosts(props: &PvGhostsProps) -> Html {
    let size = props.position.size();
    let font = GHOST_NUMBER_FONT * viewport_label_scale();
    let wanted = ghost_number_boxes(&props.position, &props.line, font);
    let placed = place(&wanted, &props.reserved, label_bounds(size));
    let marks = ghosts(&props.position, &props.line).into_iter().zip(placed).map(|(g, number_box)| {
        let player = match g.player {
            Player::One => "pv-ghost-one",
            Player::Two => "pv-ghost-two",
        };
        let shape = match g.mv {
            Move::Pawn(sq) => {
                let (x, y) = square_center(sq, size);
                html! { <circle class="pv-ghost-pawn" cx={x.to_string()} cy={y.to_string()} r="3.2" /> }
            }
            Move::Wall(wall) => {
                let (x, y, w, h) = wall_rect(wall, size);
                html! { <rect class="pv-ghost-wall" x={x.to_string()} y={y.to_string()}
                    width={w.to_string()} height={h.to_string()} rx="0.4" /> }
            }
        };
        let number = number_box.map(|b| {
            let (cx, _) = b.centre();
            html! {
                <text class="pv-ghost-number" x={cx.to_string()} y={baseline(b.y, font).to_string()}
                    style={format!("font-size: {font}px")}>
                    { g.number.to_string() }
                </text>
            }
        });
        html! {
            <g class={classes!("pv-ghost", player)} data-pv-step={g.number.to_string()}
                data-move={g.mv.to_string()}>
                { shape }
                { for number }
            </g>
        }
    });
    html! { <g class="pv-ghosts">{ for marks }</g> }
}
