//! What the coach draws on the board: the hint (a ghost carrying
//! `data-hint`, its line while the hint text is hovered) and, at a position
//! where a reviewed error was made, the better move and its line.

use yew::prelude::*;

use crate::game::{Move, Position};
use crate::ui::analysis::PvGhosts;
use crate::ui::model::Hint;

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
}

/// The coach's ghosts; goes inside the board's `<svg>`.
#[function_component(CoachOverlay)]
pub fn coach_overlay(props: &CoachOverlayProps) -> Html {
    let hint = props.hint.as_ref().map(|hint| {
        let line = if props.hint_line && !hint.line.is_empty() {
            hint.line.clone()
        } else {
            vec![hint.mv]
        };
        html! {
            <g class="hint-mark" data-testid="hint-mark" data-hint={hint.mv.to_string()}>
                <PvGhosts position={props.position} {line} />
            </g>
        }
    });
    let better = props.better.as_ref().and_then(|line| {
        let first = line.first()?;
        Some(html! {
            <g class="better-ghost" data-testid="better-ghost" data-better={first.to_string()}>
                <PvGhosts position={props.position} line={line.clone()} />
            </g>
        })
    });
    html! { <g class="coach-overlay">{ for hint }{ for better }</g> }
}
