//! A text box that accepts moves in notation.

use web_sys::HtmlInputElement;
use yew::prelude::*;

use quoridor_rules::Move;

#[derive(Properties, PartialEq)]
pub struct MoveInputProps {
    /// A parsed move (the reducer checks legality).
    pub on_move: Callback<Move>,
    /// What was wrong with the text.
    pub on_error: Callback<String>,
    /// The game's moves: the box empties once the typed move is among them.
    pub game: Vec<Move>,
    /// Moves before the shown position, where a typed move is played.
    pub shown: usize,
}

/// A move sent from the box, waiting to be played.
struct Sent {
    mv: Move,
    /// Where it goes: the shown ply when it was sent.
    ply: usize,
    /// The game's moves then.
    before: Vec<Move>,
}

impl Sent {
    /// Whether `game` is the game after this move was played.
    fn played_in(&self, game: &[Move]) -> bool {
        game != self.before.as_slice() && game.get(self.ply) == Some(&self.mv)
    }
}

/// Type `e2`, `e3h` or `e3v` and press Enter. The text stays in the box
/// until the move is played, so a move that was refused (unreadable,
/// illegal, not your turn, a question pending) can be corrected.
#[function_component(MoveInput)]
pub fn move_input(props: &MoveInputProps) -> Html {
    let input = use_node_ref();
    let sent = use_mut_ref(|| None::<Sent>);
    {
        let (input, sent) = (input.clone(), sent.clone());
        use_effect_with(props.game.clone(), move |game| {
            let played = sent.borrow().as_ref().is_some_and(|s| s.played_in(game));
            if played {
                *sent.borrow_mut() = None;
                if let Some(field) = input.cast::<HtmlInputElement>() {
                    field.set_value("");
                }
            }
        });
    }
    let onsubmit = {
        let (input, on_move, on_error) =
            (input.clone(), props.on_move.clone(), props.on_error.clone());
        let (game, shown) = (props.game.clone(), props.shown);
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
                    *sent.borrow_mut() = Some(Sent {
                        mv,
                        ply: shown,
                        before: game.clone(),
                    });
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
