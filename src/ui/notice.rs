//! The notice area (messages, errors) and non-blocking questions.

use yew::prelude::*;

use super::model::Confirm;

#[derive(Properties, PartialEq)]
pub struct NoticeProps {
    /// The message, if any.
    pub text: Option<String>,
    /// Clears the message.
    pub on_close: Callback<()>,
}

/// A visible message (`data-testid="notice"`), e.g. why a move was refused
/// or what was wrong with a link.
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
    /// Moves in the game (for the discard count).
    pub moves: usize,
}

/// A question shown above the board; the board stays usable.
#[function_component(ConfirmBar)]
pub fn confirm_bar(props: &ConfirmProps) -> Html {
    let Some(confirm) = &props.confirm else {
        return html! {};
    };
    let (text, yes, no) = match confirm {
        Confirm::Discard { ply, mv } => {
            let later = props.moves.saturating_sub(*ply);
            (
                format!("Play {mv} after move {ply} and discard the {later} later move(s)?"),
                "Discard and play",
                "Cancel",
            )
        }
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
