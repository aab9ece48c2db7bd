//! A line of moves drawn on the board as numbered ghosts.

use yew::prelude::*;

use crate::game::{Move, Player, Position};
use crate::ui::geometry::{square_center, wall_center, wall_rect};
use crate::ui::model::analysis::ghosts;

/// Props of [`PvGhosts`].
#[derive(Properties, PartialEq)]
pub struct PvGhostsProps {
    /// Where the line starts.
    pub position: Position,
    /// The moves, drawn up to the first illegal one.
    pub line: Vec<Move>,
}

/// An SVG group for the board's overlay: each move of the line as a ghost
/// pawn or ghost wall in its player's colour, numbered from 1.
#[function_component(PvGhosts)]
pub fn pv_ghosts(props: &PvGhostsProps) -> Html {
    let size = props.position.size();
    let marks = ghosts(&props.position, &props.line).into_iter().map(|g| {
        let player = match g.player {
            Player::One => "pv-ghost-one",
            Player::Two => "pv-ghost-two",
        };
        let (shape, (cx, cy)) = match g.mv {
            Move::Pawn(sq) => {
                let (x, y) = square_center(sq, size);
                (
                    html! { <circle class="pv-ghost-pawn" cx={x.to_string()} cy={y.to_string()} r="3.2" /> },
                    (x, y),
                )
            }
            Move::Wall(wall) => {
                let (x, y, w, h) = wall_rect(wall, size);
                (
                    html! { <rect class="pv-ghost-wall" x={x.to_string()} y={y.to_string()}
                        width={w.to_string()} height={h.to_string()} rx="0.4" /> },
                    wall_center(wall, size),
                )
            }
        };
        html! {
            <g class={classes!("pv-ghost", player)} data-pv-step={g.number.to_string()}
                data-move={g.mv.to_string()}>
                { shape }
                <text class="pv-ghost-number" x={cx.to_string()} y={(cy + 1.2).to_string()}>
                    { g.number.to_string() }
                </text>
            </g>
        }
    });
    html! { <g class="pv-ghosts">{ for marks }</g> }
}
