//! The game's own buttons under the board: Resign while a game a person
//! plays goes on; once it is over, Rematch (the same opponent, colours
//! swapped) and a line saying what to do next.

use yew::prelude::*;

use super::model::Action;

#[derive(Properties, PartialEq)]
pub struct GameActionsProps {
    /// Whether someone at the screen may resign now.
    pub can_resign: bool,
    /// Whether the game is over (a rematch is offered).
    pub over: bool,
    /// Whether an engine plays in the game (the rematch says "colours swapped").
    pub against_engine: bool,
    /// Actions for the reducer.
    pub on_action: Callback<Action>,
}

/// Resign / Rematch (`data-testid="resign"`, `"rematch"`).
#[function_component(GameActions)]
pub fn game_actions(props: &GameActionsProps) -> Html {
    if !props.can_resign && !props.over {
        return html! {};
    }
    let resign = props.on_action.reform(|_: MouseEvent| Action::Resign);
    let rematch = props.on_action.reform(|_: MouseEvent| Action::Rematch);
    let rematch_tip = if props.against_engine {
        "The same opponent again, with the colours swapped"
    } else {
        "A new game with the same settings, the seats swapped"
    };
    html! {
        <div class="game-actions" data-testid="game-actions">
            if props.can_resign {
                <button class="resign" data-testid="resign" title="Give up this game" onclick={resign}>
                    { "⚑ Resign" }
                </button>
            }
            if props.over {
                <button class="rematch" data-testid="rematch" title={rematch_tip} onclick={rematch}>
                    { "↻ Rematch" }
                </button>
            }
        </div>
    }
}
