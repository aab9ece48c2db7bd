//! The new-game dialog: board size, walls per player, who plays which side.

use web_sys::HtmlSelectElement;
use yew::prelude::*;

use super::link::Seat;
use crate::game::Variant;

#[derive(Properties, PartialEq)]
pub struct NewGameProps {
    /// Starts the game.
    pub on_start: Callback<(Variant, [Seat; 2])>,
    /// Closes the dialog.
    pub on_close: Callback<()>,
}

/// A panel (not modal) with the choices and a Start button.
#[function_component(NewGameDialog)]
pub fn new_game_dialog(props: &NewGameProps) -> Html {
    let size = use_node_ref();
    let walls = use_node_ref();
    let mode = use_node_ref();
    let onclick = {
        let (size, walls, mode, on_start) = (
            size.clone(),
            walls.clone(),
            mode.clone(),
            props.on_start.clone(),
        );
        Callback::from(move |_: MouseEvent| {
            let read = |r: &NodeRef| {
                r.cast::<HtmlSelectElement>()
                    .map(|s| s.value())
                    .unwrap_or_default()
            };
            let size = read(&size).parse().unwrap_or(9);
            let walls = read(&walls).parse().unwrap_or(10);
            let seats = match read(&mode).as_str() {
                "engine-first" => [Seat::Engine, Seat::Human],
                "humans" => [Seat::Human, Seat::Human],
                "engines" => [Seat::Engine, Seat::Engine],
                _ => [Seat::Human, Seat::Engine],
            };
            let variant = Variant::new(size, walls).unwrap_or_default();
            on_start.emit((variant, seats));
        })
    };
    let close = props.on_close.reform(|_: MouseEvent| ());
    html! {
        <section class="new-game" data-testid="new-game" aria-label="New game">
            <h2>{ "New game" }</h2>
            <label title="Squares per side">{ "Board " }
                <select name="board_size" ref={size}>
                    { for [5u8, 7, 9, 11].into_iter().map(|n| html! {
                        <option value={n.to_string()} selected={n == 9}>{ format!("{n}×{n}") }</option>
                    }) }
                </select>
            </label>
            <label title="Walls each player starts with">{ "Walls each " }
                <select name="walls" ref={walls}>
                    { for (0u8..=20).map(|n| html! {
                        <option value={n.to_string()} selected={n == 10}>{ n }</option>
                    }) }
                </select>
            </label>
            <label title="Player 1 starts at the bottom and moves first">{ "Players " }
                <select name="mode" ref={mode}>
                    <option value="human-first" selected=true>{ "You (moving first) vs engine" }</option>
                    <option value="engine-first">{ "Engine (moving first) vs you" }</option>
                    <option value="humans">{ "Human vs human" }</option>
                    <option value="engines">{ "Engine vs engine" }</option>
                </select>
            </label>
            <div class="new-game-buttons">
                <button class="start" data-testid="start" {onclick}>{ "Start" }</button>
                <button class="cancel" onclick={close}>{ "Cancel" }</button>
            </div>
        </section>
    }
}
