//! The coach's panel: hint and review buttons, the review's progress with
//! cancel, its summary, the errors with their better moves, the
//! win-probability graph over every ply, the annotated record, and the
//! budgets.

use yew::prelude::*;

use super::summary::ReviewSummaryTable;
use crate::analysis::format::percent;
use crate::analysis::{GraphMark, WinGraph};
use crate::model::analysis::GraphPoint;
use crate::model::exact::solved_summary;
use crate::model::{
    count_text, CoachIntent, HintSource, HintView, ReviewRun, BUDGET_RANGE_MS, PLY_LIMIT,
};
use quoridor_review::{annotated_record, GameReview};
use quoridor_rules::{Game, Move};
use quoridor_solver::exact::ExactVerdict;

/// Props of [`CoachPanel`].
#[derive(Properties, PartialEq)]
pub struct CoachPanelProps {
    /// The game on the page.
    pub game: Game,
    /// The ply the board shows.
    pub shown: usize,
    /// Whether a hint may be asked for now.
    pub can_hint: bool,
    /// A hint is being searched.
    pub hint_pending: bool,
    /// The hint for the shown position, as the page shows it.
    pub hint: Option<HintView>,
    /// Hints given in this game.
    pub hints_used: u32,
    /// The review run, if any.
    pub run: Option<ReviewRun>,
    /// The run's judgement of the game on the page, if it is of this game.
    pub review: Option<GameReview>,
    /// Hint budget, ms.
    pub hint_ms: u64,
    /// Review budget per position, ms.
    pub review_ms: u64,
    /// The solved table's verdict on each move whose position it knows
    /// (ply before the move, the move, the verdict): on a solved board the
    /// review's errors are these.
    #[prop_or_default]
    pub exact: Vec<(usize, Move, ExactVerdict)>,
    /// Coach intents.
    pub on_intent: Callback<CoachIntent>,
    /// Show the position after this many moves.
    pub on_view: Callback<Option<usize>>,
}

/// The whole coach section of the side panel.
#[function_component(CoachPanel)]
pub fn coach_panel(props: &CoachPanelProps) -> Html {
    let intent = &props.on_intent;
    let running = props.run.as_ref().is_some_and(|r| r.running);
    html! {
        <section class="coach" data-testid="coach">
            <h2>{ "Coach" }</h2>
            <div class="coach-buttons">
                <button class="hint-button" data-testid="hint"
                    disabled={!props.can_hint || props.hint_pending}
                    title="The engine's choice here, shown on the board without playing it"
                    onclick={intent.reform(|_: MouseEvent| CoachIntent::Hint)}>
                    { if props.hint_pending { "Thinking…" } else { "Hint" } }
                </button>
                <button class="review-button" data-testid="review" disabled={running}
                    title="Judge every move of the game in the background"
                    onclick={intent.reform(|_: MouseEvent| CoachIntent::Review)}>{ "Review game" }</button>
            </div>
            { hint_text(props) }
            { progress(props) }
            { review_view(props) }
            { budgets(props) }
        </section>
    }
}

/// "Hint: e3 (e3 e7 e4)" with where it comes from, and where the analysis
/// disagrees, which of the two searched more. The line is only the part its
/// search is sure of; a hint sure of its move alone shows no line.
fn hint_text(props: &CoachPanelProps) -> Html {
    let Some(view) = &props.hint else {
        return Html::default();
    };
    let hint = &view.hint;
    let line = words(&hint.line);
    let intent = &props.on_intent;
    let source = match hint.source {
        HintSource::Analysis => format!(
            "from the analysis, {} {}",
            count_text(hint.searched),
            hint.unit
        ),
        HintSource::Search => format!("searched {} {}", count_text(hint.searched), hint.unit),
        HintSource::Table => "perfect play (solved board)".to_string(),
    };
    let source_name = match hint.source {
        HintSource::Analysis => "analysis",
        HintSource::Search => "search",
        HintSource::Table => "table",
    };
    let exact = view.exact.map(|v| v.to_string());
    html! {
        <div class="hint">
            <p class="hint-text" data-testid="hint-text" data-source={source_name}
                data-line={line.clone()} title={format!("line: {line}")}
                onmouseenter={intent.reform(|_: MouseEvent| CoachIntent::ShowHintLine(true))}
                onmouseleave={intent.reform(|_: MouseEvent| CoachIntent::ShowHintLine(false))}>
                { "Hint: " }<strong>{ hint.mv.to_string() }</strong>
                if hint.line.len() > 1 {
                    <span class="hint-line">{ format!(" ({line})") }</span>
                }
                <span class="hint-source" data-testid="hint-source">{ format!(" — {source}") }</span>
                if let Some(exact) = &exact {
                    <span class="hint-exact" data-testid="hint-exact" data-exact={exact.clone()}>
                        { format!(" — exact: {exact}") }</span>
                }
            </p>
            if let Some(d) = &view.disagreement {
                <p class="hint-disagreement" data-testid="hint-disagreement"
                    data-analysis-move={d.analysis_move.to_string()}>{ d.text() }</p>
            }
        </div>
    }
}

fn progress(props: &CoachPanelProps) -> Html {
    let Some(run) = props.run.as_ref().filter(|r| r.running) else {
        return Html::default();
    };
    let (done, total) = run.progress();
    html! {
        <div class="review-progress-row">
            <progress class="review-progress" data-testid="review-progress"
                max={total.to_string()} value={done.to_string()} />
            <span>{ format!("{done}/{total} positions") }</span>
            <button data-testid="review-cancel"
                onclick={props.on_intent.reform(|_: MouseEvent| CoachIntent::CancelReview)}>{ "Cancel" }</button>
        </div>
    }
}

/// The solved table's judgement of the game: each move that threw a win
/// or a draw away, with the exact values ("was winning in 7, now loses in
/// 12"), and how many moves kept the value, counted from `review` (judged
/// by the table, as the summary table above it).
fn exact_review(props: &CoachPanelProps, review: &GameReview) -> Html {
    let verdicts = &props.exact;
    if verdicts.is_empty() {
        return Html::default();
    }
    let errors = verdicts
        .iter()
        .filter(|(_, _, v)| v.is_blunder() || !v.is_best() && matches!(v.before, quoridor_solver::Value::Win(_)))
        .map(|&(ply, mv, verdict)| {
            let number = format!("{}{}", ply / 2 + 1, if ply % 2 == 0 { "." } else { "…" });
            let kind = if verdict.is_blunder() { "blunder" } else { "slower" };
            let symbol = if verdict.is_blunder() { "??" } else { "" };
            html! {
                <li class={classes!("review-error", "exact-verdict", kind)} data-ply={ply.to_string()}
                    data-move={mv.to_string()} data-kind={kind}>
                    <button onclick={props.on_view.reform(move |_: MouseEvent| Some(ply))}
                        title="Show the position before this move">
                        { format!("{number} {mv}{symbol} — {verdict}") }
                    </button>
                </li>
            }
        });
    html! {
        <div class="exact-review" data-testid="exact-review">
            <p>{ solved_summary(&review.summary(props.hints_used)) }</p>
            <ul class="review-errors">{ for errors }</ul>
        </div>
    }
}

fn review_view(props: &CoachPanelProps) -> Html {
    let (Some(review), Some(run)) = (&props.review, &props.run) else {
        return Html::default();
    };
    // A solved board's moves are judged by the table, not the search.
    let solved = !props.exact.is_empty() && props.exact.len() == run.game.moves.len();
    let errors = review
        .moves()
        .iter()
        .enumerate()
        .filter(|(_, m)| m.judgement.is_error() && !solved)
        .map(|(i, m)| {
            let before = i;
            let number = format!("{}{}", i / 2 + 1, if i % 2 == 0 { "." } else { "…" });
            let symbol = m.judgement.symbol().unwrap_or("");
            let better = m
                .better
                .map(|b| {
                    format!(
                        " — better {b}, win {} → {}",
                        percent(m.before),
                        percent(m.after)
                    )
                })
                .unwrap_or_default();
            // The engine's line from the better move on, as text (the
            // board shows the better move alone).
            let line = (m.better.is_some() && m.line.len() > 1).then(|| {
                let moves: Vec<String> = m.line.iter().take(10).map(|mv| mv.to_string()).collect();
                let more = if m.line.len() > 10 { " …" } else { "" };
                format!("{}{more}", moves.join(" "))
            });
            html! {
                <li class={classes!("review-error", m.judgement.name())}>
                    <button onclick={props.on_view.reform(move |_: MouseEvent| Some(before))}
                        title="Show the position before this move, with the better move">
                        { format!("{number} {}{symbol}{better}", m.mv) }
                    </button>
                    if let Some(line) = line {
                        <span class="review-line" data-testid="review-line">{ line }</span>
                    }
                </li>
            }
        });
    let points: Vec<GraphPoint> = run
        .evals
        .iter()
        .enumerate()
        .map(|(ply, e)| GraphPoint {
            ply,
            player_one: e.p1_win,
        })
        .collect();
    let marks: Vec<GraphMark> = review
        .moves()
        .iter()
        .enumerate()
        .filter(|(_, m)| m.judgement.is_error())
        .map(|(i, m)| GraphMark {
            ply: i + 1,
            kind: m.judgement.name(),
        })
        .collect();
    html! {
        <div class="review">
            if review.is_complete() {
                <ReviewSummaryTable summary={review.summary(props.hints_used)} />
            }
            if solved {
                { exact_review(props, review) }
            }
            <ul class="review-errors">{ for errors }</ul>
            <WinGraph {points} {marks} plies={props.game.moves().len()} shown={props.shown}
                on_select={props.on_view.reform(Some)} />
            <AnnotatedRecord text={annotated_record(&props.game, review, PLY_LIMIT)} />
        </div>
    }
}

fn budgets(props: &CoachPanelProps) -> Html {
    let number = |label: &'static str,
                  testid: &'static str,
                  value: u64,
                  make: fn(u64) -> CoachIntent| {
        let onchange = props.on_intent.reform(move |e: Event| {
            let text = e
                .target_dyn_into::<web_sys::HtmlInputElement>()
                .map(|i| i.value())
                .unwrap_or_default();
            // A field left blank or not a number keeps the old budget in range.
            make(text.trim().parse().unwrap_or(0))
        });
        html! {
            <label class="coach-budget">{ label }
                <input type="number" data-testid={testid} value={value.to_string()}
                    min={BUDGET_RANGE_MS.start().to_string()} max={BUDGET_RANGE_MS.end().to_string()}
                    step="50" {onchange} />
            </label>
        }
    };
    html! {
        <details class="coach-settings">
            <summary>{ "Coach settings" }</summary>
            { number("Hint time (ms) ", "hint-ms", props.hint_ms, CoachIntent::SetHintMs) }
            { number("Review time per position (ms) ", "review-ms", props.review_ms, CoachIntent::SetReviewMs) }
        </details>
    }
}

fn words(moves: &[Move]) -> String {
    moves
        .iter()
        .map(Move::to_string)
        .collect::<Vec<_>>()
        .join(" ")
}

/// Props of [`AnnotatedRecord`].
#[derive(Properties, PartialEq)]
struct AnnotatedRecordProps {
    text: String,
}

/// "Copy annotated record", and the record shown for copying by hand.
#[function_component(AnnotatedRecord)]
fn annotated_record_view(props: &AnnotatedRecordProps) -> Html {
    let copied = use_state(|| None::<bool>);
    let onclick = {
        let (copied, text) = (copied.clone(), props.text.clone());
        Callback::from(move |_: MouseEvent| {
            let copied = copied.clone();
            crate::copy_field::copy_text(&text, Callback::from(move |took| copied.set(Some(took))));
        })
    };
    let feedback = match *copied {
        Some(true) => "Copied.",
        Some(false) => "The clipboard refused; copy it below.",
        None => "",
    };
    html! {
        <div class="annotated">
            <button data-testid="copy-annotated" {onclick}
                title="The record with ?! ? ?? and the better moves as {comments}; it reads back as the game">
                { "Copy annotated record" }
            </button>
            <span class="share-feedback">{ feedback }</span>
            <textarea class="annotated-record" data-testid="annotated-record" readonly=true
                rows="3" value={props.text.clone()} />
        </div>
    }
}
