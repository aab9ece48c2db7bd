//! The principal variation in notation.

use yew::prelude::*;

use super::format::numbered_line;
use quoridor_rules::Move;

/// Props of [`PvLine`].
#[derive(Properties, PartialEq)]
pub struct PvLineProps {
    /// The line.
    pub pv: Vec<Move>,
    /// Moves played before its first move (for move numbers).
    pub first_ply: usize,
    /// Whether the board draws the line.
    pub on_board: bool,
    /// Turns drawing on the board on or off.
    pub on_toggle: Callback<bool>,
}

/// "Best line: 5. e4 e6 6. d4h …" with a checkbox that draws it on the board.
#[function_component(PvLine)]
pub fn pv_line(props: &PvLineProps) -> Html {
    let on_board = props.on_board;
    let onchange = props.on_toggle.reform(move |_: Event| !on_board);
    let text = if props.pv.is_empty() {
        "—".to_string()
    } else {
        numbered_line(props.first_ply, &props.pv)
    };
    html! {
        <section class="pv-line" data-testid="pv-line">
            <span class="pv-label">{ "Best line: " }</span>
            <span class="pv-moves">{ text }</span>
            <label class="pv-toggle">
                <input type="checkbox" name="show_pv" checked={props.on_board} {onchange} />
                { " show on board" }
            </label>
        </section>
    }
}
