//! Play by link (play a friend without our server): once a move is made,
//! the link of the game to send to the friend, who answers with theirs.

use yew::prelude::*;

use super::copy_field::CopyField;
use super::link::encode;
use super::model::Shared;
use super::storage::page_address;

#[derive(Properties, PartialEq)]
pub struct ByLinkProps {
    /// The game as it stands.
    pub shared: Shared,
}

/// The line and the link (`data-testid="by-link"`, the field `"by-link-url"`).
#[function_component(ByLink)]
pub fn by_link(props: &ByLinkProps) -> Html {
    let url = format!("{}?{}", page_address(), encode(&props.shared));
    let moves = props.shared.game.moves().len();
    let text = if moves == 0 {
        "Play by link: make your move, then send the link below to your friend; they answer by sending theirs back."
    } else {
        "Your move is made? Send this link to your friend: it opens the game for them to answer, and their link comes back to you."
    };
    html! {
        <section class="by-link" data-testid="by-link">
            <p>{ text }</p>
            <CopyField text={url} testid="by-link-url" label="The game's link to send" />
        </section>
    }
}
