//! The notice area (messages, errors) and non-blocking questions.

use yew::prelude::*;

use super::analysis::format::discard_question;
use super::model::Confirm;
use quoridor_rules::Move;

#[derive(Properties, PartialEq)]
pub struct NoticeProps {
    /// The message, if any.
    pub text: Option<String>,
    /// Clears the message.
    pub on_close: Callback<()>,
}

/// A visible message (`data-testid="notice"`), e.g. why a move was refused
/// or what was wrong with a link. The page shows it under the board, by the
/// move box: the board does not move when it comes or goes.
#[function_component(Notice)]
pub fn notice(props: &NoticeProps) -> Html {
    let Some(text) = &props.text else {
        return html! {};
    };
    let onclick = props.on_close.reform(|_: MouseEvent| ());
    html! {
        <div class="notice" data-testid="notice" role="alert">
            <span class="notice-text">{ text }</span>
            <button class="notice-close" title="Dismiss" aria-label="Dismiss" {onclick}>{ "×" }</button>
        </div>
    }
}

#[derive(Properties, PartialEq)]
pub struct ConfirmProps {
    /// The pending question.
    pub confirm: Option<Confirm>,
    /// The answer: `true` = go ahead.
    pub on_answer: Callback<bool>,
    /// The game's moves (to name the move the game goes on from, numbered
    /// as the move list numbers it, and count those discarded).
    pub moves: Vec<Move>,
}

/// A question shown under the board like the notice; the board stays usable.
#[function_component(ConfirmBar)]
pub fn confirm_bar(props: &ConfirmProps) -> Html {
    let Some(confirm) = &props.confirm else {
        return html! {};
    };
    let (text, yes, no) = match confirm {
        Confirm::Discard { ply, mv } => (
            discard_question(&props.moves, *ply, *mv),
            "Discard and play",
            "Cancel",
        ),
        Confirm::LinkReplacedSaved { .. } => (
            "Opened the game from the link. Your saved game differs.".to_string(),
            "Back to my saved game",
            "Keep the link's game",
        ),
        Confirm::Resign { player } => (
            format!("Resign the game as {player}?"),
            "Resign",
            "Keep playing",
        ),
        Confirm::AbandonForGame { moves, .. } => (
            format!(
                "This game is not over ({moves} move{} played). Abandon it to open the other?",
                if *moves == 1 { "" } else { "s" }
            ),
            "Abandon and open",
            "Keep playing",
        ),
        Confirm::AbandonForNewGame { moves, .. } => (
            format!(
                "This game is not over ({moves} move{} played). Abandon it for the new one?",
                if *moves == 1 { "" } else { "s" }
            ),
            "Abandon and start",
            "Keep playing",
        ),
    };
    let on_yes = props.on_answer.reform(|_: MouseEvent| true);
    let on_no = props.on_answer.reform(|_: MouseEvent| false);
    html! {
        <div class="confirm" data-testid="confirm" role="alertdialog">
            <span class="confirm-text">{ text }</span>
            <button class="confirm-yes" onclick={on_yes}>{ yes }</button>
            <button class="confirm-no" onclick={on_no}>{ no }</button>
        </div>
    }
}
