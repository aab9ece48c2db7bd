//! The move list with undo/redo and viewing earlier positions.

use wasm_bindgen::closure::Closure;
use wasm_bindgen::JsCast;
use yew::prelude::*;

use crate::game::{Move, Outcome};
use crate::review::MoveReview;

#[derive(Properties, PartialEq)]
pub struct HistoryProps {
    /// The moves played.
    pub moves: Vec<Move>,
    /// The ply shown.
    pub shown: usize,
    /// Whether redo has a move to replay.
    pub can_redo: bool,
    /// Show the position after this many moves (`None` = latest).
    pub on_view: Callback<Option<usize>>,
    /// Undo.
    pub on_undo: Callback<()>,
    /// Redo.
    pub on_redo: Callback<()>,
    /// A review's verdicts on the first moves, shown with them.
    #[prop_or_default]
    pub judged: Vec<MoveReview>,
    /// How the game ended, if it has: its result closes the list.
    #[prop_or_default]
    pub outcome: Option<Outcome>,
}

/// Scrolls `el` to its end in the next animation frame. Reading its height
/// right after a move changed the page forced the browser to lay the page
/// out inside the move's own task (the largest part of a move's script time,
/// and enough to make that task a long one on a busy machine); at the start
/// of a frame the layout is the one the frame makes anyway.
fn scroll_to_end_next_frame(el: web_sys::Element) {
    let scroll = {
        let el = el.clone();
        Closure::once_into_js(move || el.set_scroll_top(el.scroll_height()))
    };
    let scheduled = web_sys::window()
        .is_some_and(|w| w.request_animation_frame(scroll.unchecked_ref()).is_ok());
    if !scheduled {
        el.set_scroll_top(el.scroll_height());
    }
}

/// Moves in notation, numbered in pairs; click one to see the position after it.
#[function_component(History)]
pub fn history(props: &HistoryProps) -> Html {
    let total = props.moves.len();
    let list = use_node_ref();
    {
        // Keep the latest move in sight as the game grows.
        let list = list.clone();
        let at_end = props.shown == total;
        use_effect_with((total, at_end), move |&(_, at_end)| {
            if let Some(el) = list.cast::<web_sys::Element>().filter(|_| at_end) {
                scroll_to_end_next_frame(el);
            }
        });
    }
    let items = props.moves.iter().enumerate().map(|(i, mv)| {
        let ply = i + 1;
        let onclick = props
            .on_view
            .reform(move |_: MouseEvent| (ply < total).then_some(ply));
        let class = classes!(
            "move",
            (ply == props.shown).then_some("shown"),
            (i % 2 == 0).then_some("move-1")
        );
        let number = (i % 2 == 0)
            .then(|| html! { <span class="move-number">{ format!("{}.", i / 2 + 1) }</span> });
        let judged = props.judged.get(i);
        let judgement = judged.map(|j| j.judgement.name());
        let symbol = judged.and_then(|j| j.judgement.symbol()).unwrap_or("");
        let class = classes!(class, judgement.map(|j| format!("judged-{j}")));
        html! {
            <li {class} data-move={mv.to_string()} data-ply={ply.to_string()}
                data-judgement={judgement} data-better={judged.and_then(|j| j.better).map(|b| b.to_string())}>
                { for number }
                <button class="move-button" {onclick}>{ format!("{mv}{symbol}") }</button>
            </li>
        }
    });
    // The result as a record ends in it: `1-0`, and how an adjudication went.
    let result = props.outcome.map(|outcome| {
        let note = outcome.how_note();
        html! {
            <li class="result" data-testid="result" data-result={outcome.result()}>
                <span class="result-score">{ outcome.result() }</span>
                if let Some(note) = note {
                    <span class="result-note">{ note }</span>
                }
            </li>
        }
    });
    let shown = props.shown;
    let back = props
        .on_view
        .reform(move |_: MouseEvent| Some(shown.saturating_sub(1)));
    let forward = props
        .on_view
        .reform(move |_: MouseEvent| (shown + 1 < total).then_some(shown + 1));
    let latest = props.on_view.reform(|_: MouseEvent| None);
    let undo = props.on_undo.reform(|_: MouseEvent| ());
    let redo = props.on_redo.reform(|_: MouseEvent| ());
    html! {
        <section class="history">
            <h2>{ "Moves" }</h2>
            <ol class="move-list" data-testid="move-list" ref={list}>{ for items }{ for result }</ol>
            <div class="history-buttons">
                <button class="undo" data-testid="undo" onclick={undo} disabled={total == 0}
                    title="Take back the last move (against the engine, its reply too)">{ "Undo" }</button>
                <button class="redo" data-testid="redo" onclick={redo} disabled={!props.can_redo}
                    title="Replay the move taken back">{ "Redo" }</button>
                <button class="view-back" onclick={back} disabled={shown == 0}
                    title="Show the position one move earlier">{ "◀" }</button>
                <button class="view-forward" onclick={forward} disabled={shown >= total}
                    title="Show the position one move later">{ "▶" }</button>
                <button class="view-latest" onclick={latest} disabled={shown >= total}
                    title="Back to the current position">{ "Latest" }</button>
            </div>
        </section>
    }
}
