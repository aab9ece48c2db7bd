//! The how-to-play card: the goal, the two kinds of move, jumps and the
//! path rule, in the words of the game on the board (its size and walls).
//! Shown on a first visit until dismissed; the top bar's "How to play"
//! brings it back.

use yew::prelude::*;

use quoridor_rules::Variant;

#[derive(Properties, PartialEq)]
pub struct HowToPlayProps {
    /// The game on the board: its size names the goal rows, its walls the stock.
    pub variant: Variant,
    /// Dismisses the card.
    pub on_close: Callback<()>,
}

/// The rules in six lines (`data-testid="how-to-play"`).
#[function_component(HowToPlay)]
pub fn how_to_play(props: &HowToPlayProps) -> Html {
    let size = props.variant.size();
    let walls = props.variant.walls();
    // The start file: the middle, left of it on an even board (as the rules' start squares).
    let middle = char::from(b'a' + (size - 1) / 2);
    let close = props.on_close.reform(|_: MouseEvent| ());
    html! {
        <section class="how-to-play" data-testid="how-to-play" aria-labelledby="how-to-play-title">
            <h2 id="how-to-play-title">{ "How to play" }</h2>
            <p class="how-to-goal">
                <strong>{ "Race your pawn to the far side." }</strong>
                { format!(" Player 1 (the light pawn) starts on {middle}1, moves first and wins \
                    on the top row ({size}); player 2 (the dark pawn) starts on {middle}{size} \
                    and wins on the bottom row (1). The goal rows are marked in each pawn's \
                    colour.") }
            </p>
            <ul>
                <li>{ "Each turn, either " }<strong>{ "move your pawn" }</strong>
                    { " one square up, down, left or right (click or tap a highlighted square), or " }
                    <strong>{ "place a wall" }</strong>{ "." }</li>
                <li>{ format!("A wall covers two squares; each player has {walls}. Point at the \
                    groove between squares to see it, click to place it; on a touch screen tap \
                    once to preview and again to place. \"Turn walls\" (key R) turns it.") }</li>
                <li>{ "Walls may not overlap or cross, and may never cut a pawn off from its \
                    goal: both pawns must always keep a way through." }</li>
                <li>{ "Face to face, a pawn jumps over the other one; with a wall or the edge \
                    behind it, it steps diagonally beside it instead." }</li>
                <li>{ "From the keyboard: Tab to a highlighted square and press Enter, or type \
                    a move in the move box (e2 moves to e2, e3h places a wall)." }</li>
            </ul>
            <button class="how-to-play-close" data-testid="how-to-play-close" onclick={close}>
                { "Got it" }
            </button>
        </section>
    }
}
