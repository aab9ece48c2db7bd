//! The move list with undo/redo and viewing earlier positions.

use wasm_bindgen::closure::Closure;
use wasm_bindgen::JsCast;
use yew::prelude::*;

use super::analysis::format::move_label;
use quoridor_review::MoveReview;
use quoridor_rules::{Move, Outcome};

#[derive(Properties, PartialEq)]
pub struct HistoryProps {
    /// The moves played.
    pub moves: Vec<Move>,
    /// The ply shown.
    pub shown: usize,
    /// Whether redo has a move to replay.
    pub can_redo: bool,
    /// Whether moves may be taken back at all (Undo and Redo shown): not
    /// in an online game.
    #[prop_or(true)]
    pub takebacks: bool,
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

/// Scrolls the move list in the next animation frame so that the row of
/// the shown move (`data-ply="{shown}"`; the last row at the latest
/// position, the first at the start) is in full view, with a row's top at
/// the list's top: no row is cut there. Reading the rows' places right
/// after a move changed the page forced the browser to lay the page out
/// inside the move's own task (the largest part of a move's script time,
/// and enough to make that task a long one on a busy machine); at the start
/// of a frame the layout is the one the frame makes anyway.
fn reveal_shown_next_frame(list: web_sys::Element, shown: usize, latest: bool) {
    let reveal = {
        let list = list.clone();
        Closure::once_into_js(move || reveal_shown(&list, shown, latest))
    };
    let scheduled = web_sys::window()
        .is_some_and(|w| w.request_animation_frame(reveal.unchecked_ref()).is_ok());
    if !scheduled {
        reveal_shown(&list, shown, latest);
    }
}

/// See [`reveal_shown_next_frame`]. Row places are `offsetTop`s: the list
/// is positioned (`static/style.css`), so they are measured from its top.
fn reveal_shown(list: &web_sys::Element, shown: usize, latest: bool) {
    let rows: Vec<web_sys::HtmlElement> = {
        let children = list.children();
        (0..children.length())
            .filter_map(|i| children.item(i))
            .filter_map(|row| row.dyn_into::<web_sys::HtmlElement>().ok())
            .collect()
    };
    let tops: Vec<(f64, f64)> = rows
        .iter()
        .map(|row| (f64::from(row.offset_top()), f64::from(row.offset_height())))
        .collect();
    let target = if latest {
        tops.len().checked_sub(1)
    } else if shown == 0 {
        Some(0)
    } else {
        let selector = format!("[data-ply=\"{shown}\"]");
        rows.iter()
            .position(|row| row.query_selector(&selector).ok().flatten().is_some())
    };
    let Some(&(top, height)) = target.and_then(|i| tops.get(i)) else {
        return;
    };
    let view = f64::from(list.client_height());
    let scrolled = f64::from(list.scroll_top());
    let bottom = top + height;
    let next = if top < scrolled {
        top
    } else if bottom > scrolled + view {
        // The first row top from which the target row fits.
        let least = bottom - view;
        tops.iter()
            .map(|&(t, _)| t)
            .find(|&t| t >= least - 0.5)
            .unwrap_or(top)
    } else {
        return;
    };
    list.set_scroll_top(next.round() as i32);
}

/// One move of the list: its button, with what a review said of it.
fn move_item(props: &HistoryProps, i: usize, mv: Move) -> Html {
    let total = props.moves.len();
    let ply = i + 1;
    let shown = ply == props.shown;
    let onclick = props
        .on_view
        .reform(move |_: MouseEvent| (ply < total).then_some(ply));
    let judged = props.judged.get(i);
    let judgement = judged.map(|j| j.judgement.name());
    let symbol = judged.and_then(|j| j.judgement.symbol()).unwrap_or("");
    let class = classes!(
        "move",
        shown.then_some("shown"),
        (i % 2 == 0).then_some("move-1"),
        judgement.map(|j| format!("judged-{j}"))
    );
    let mut label = move_label(ply, mv);
    if let Some(j) = judgement {
        label.push_str(&format!(", {j}"));
    }
    html! {
        <span {class} data-move={mv.to_string()} data-ply={ply.to_string()}
            data-judgement={judgement} data-better={judged.and_then(|j| j.better).map(|b| b.to_string())}>
            <button class="move-button" aria-label={label} aria-current={shown.then_some("step")}
                {onclick}>{ format!("{mv}{symbol}") }</button>
        </span>
    }
}

/// Moves in notation, a row per move number (`1. e2 e8`); click one to see
/// the position after it. An ordered list a screen reader reads move by
/// move (each button named as [`move_label`] names it, the shown one
/// `aria-current`).
#[function_component(History)]
pub fn history(props: &HistoryProps) -> Html {
    let total = props.moves.len();
    let list = use_node_ref();
    {
        // Keep the shown move in sight as the game grows or the view moves.
        let list = list.clone();
        let shown = props.shown;
        use_effect_with((total, shown), move |&(total, shown)| {
            if let Some(el) = list.cast::<web_sys::Element>() {
                reveal_shown_next_frame(el, shown, shown == total);
            }
        });
    }
    let rows = props.moves.chunks(2).enumerate().map(|(row, pair)| {
        let number = row + 1;
        let items = pair
            .iter()
            .enumerate()
            .map(|(j, &mv)| move_item(props, 2 * row + j, mv));
        html! {
            <li class="move-row" key={number}>
                <span class="move-number" aria-hidden="true">{ format!("{number}.") }</span>
                { for items }
            </li>
        }
    });
    // The result as a record ends in it: `1-0`, and how an adjudication went.
    let result = props.outcome.map(|outcome| {
        let note = outcome.how_note();
        html! {
            <li class="result" data-testid="result" data-result={outcome.result()} key="result">
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
            <ol class="move-list" data-testid="move-list" role="list" aria-label="Moves played"
                ref={list}>{ for rows }{ for result }</ol>
            <div class="history-buttons">
                if props.takebacks {
                    <button class="undo" data-testid="undo" onclick={undo} disabled={total == 0}
                        title="Take back the last move (against the engine, its reply too)">{ "Undo" }</button>
                    <button class="redo" data-testid="redo" onclick={redo} disabled={!props.can_redo}
                        title="Replay the move taken back">{ "Redo" }</button>
                }
                <button class="view-back" onclick={back} disabled={shown == 0} aria-label="Previous move"
                    title="Show the position one move earlier">{ "◀" }</button>
                <button class="view-forward" onclick={forward} disabled={shown >= total} aria-label="Next move"
                    title="Show the position one move later">{ "▶" }</button>
                <button class="view-latest" onclick={latest} disabled={shown >= total}
                    title="Back to the current position">{ "Latest" }</button>
            </div>
        </section>
    }
}
