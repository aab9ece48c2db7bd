//! A text box that accepts moves in notation.

use web_sys::HtmlInputElement;
use yew::prelude::*;

use crate::game::Move;

#[derive(Properties, PartialEq)]
pub struct MoveInputProps {
    /// A parsed move (the reducer checks legality).
    pub on_move: Callback<Move>,
    /// What was wrong with the text.
    pub on_error: Callback<String>,
}

/// Type `e2`, `e3h` or `e3v` and press Enter.
#[function_component(MoveInput)]
pub fn move_input(props: &MoveInputProps) -> Html {
    let input = use_node_ref();
    let onsubmit = {
        let (input, on_move, on_error) =
            (input.clone(), props.on_move.clone(), props.on_error.clone());
        Callback::from(move |e: SubmitEvent| {
            e.prevent_default();
            let Some(field) = input.cast::<HtmlInputElement>() else {
                return;
            };
            let text = field.value();
            if text.trim().is_empty() {
                return;
            }
            match text.parse::<Move>() {
                Ok(mv) => {
                    field.set_value("");
                    on_move.emit(mv);
                }
                Err(err) => on_error.emit(err.to_string()),
            }
        })
    };
    html! {
        <form class="move-input" {onsubmit}>
            <label for="move-text">{ "Move" }</label>
            <input id="move-text" ref={input} name="move" type="text" autocomplete="off"
                placeholder="e2, e3h, e3v" title="A pawn move (target square) or a wall (e3h, e3v)" />
            <button type="submit">{ "Play" }</button>
        </form>
    }
}
