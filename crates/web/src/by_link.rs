//! Play by link (play a friend without our server): once a move is made,
//! the link of the game to send to the friend, who answers with theirs.

use yew::prelude::*;

use super::copy_field::copy_field;
use super::link::encode;
use super::model::{Action, Shared};
use super::storage::page_address;

/// The line and the link (`data-testid="by-link"`, the field
/// `"by-link-url"`) for the game as it stands.
pub fn by_link(shared: &Shared, on_action: &Callback<Action>) -> Html {
    let url = format!("{}?{}", page_address(), encode(shared));
    let text = if shared.game.moves().is_empty() {
        "Play by link: make your move, then send the link below to your friend; they answer by sending theirs back."
    } else {
        "Your move is made? Send this link to your friend: it opens the game for them to answer, and their link comes back to you."
    };
    html! {
        <section class="by-link" data-testid="by-link">
            <p>{ text }</p>
            { copy_field(url, "by-link-url", "game's link", on_action) }
        </section>
    }
}
