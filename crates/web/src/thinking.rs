//! The engine's progress while it thinks, and a summary of its last move.

use yew::prelude::*;

use super::analysis::format::{time_and_rate, verdict};
use quoridor_engines::{EngineKind, EngineReport, SearchInfo, SearchParams};

#[derive(Properties, PartialEq)]
pub struct ThinkingProps {
    /// The engine of the search under way.
    pub engine: EngineKind,
    /// The limits of the search under way.
    pub params: SearchParams,
    /// Its latest snapshot, if one arrived.
    pub info: Option<SearchInfo>,
    /// Stop now and play the best move so far.
    pub on_move_now: Callback<()>,
}

/// Shown exactly while the engine thinks (`data-testid="thinking"`): a
/// progress bar against the limit, playouts, playouts per second, "Move now".
#[function_component(Thinking)]
pub fn thinking(props: &ThinkingProps) -> Html {
    let p = &props.params;
    let (playouts, elapsed, rate) = props.info.as_ref().map_or((0, 0.0, 0.0), |i| {
        (i.searched, i.elapsed_ms, i.searched_per_sec)
    });
    // Alpha-beta counts nodes where UCT counts playouts.
    let unit = props.engine.work_unit();
    let depth = props
        .info
        .as_ref()
        .and_then(|i| i.alphabeta())
        .map_or(String::new(), |ab| format!(" · depth {}", ab.depth));
    // A level's playout budget comes with a time cap: the budget shows.
    let (done, budget, limit_text) = match (p.limits.playouts, p.limits.time_ms_f64()) {
        (None, Some(time_ms)) => (
            elapsed,
            time_ms,
            format!("{:.1} s / {:.1} s", elapsed / 1000.0, time_ms / 1000.0),
        ),
        _ => {
            let limit = p.limits.playouts_or_zero();
            (
                playouts as f64,
                limit.max(1) as f64,
                format!("{} / {} {unit}", group(playouts), group(limit)),
            )
        }
    };
    let onclick = props.on_move_now.reform(|_: MouseEvent| ());
    html! {
        <section class="thinking" data-testid="thinking">
            <progress class="thinking-progress" max={budget.to_string()}
                value={done.min(budget).to_string()}></progress>
            <span class="thinking-text">
                { format!("{limit_text} · {} {unit} · {} {unit}/s{depth}", group(playouts), group(rate as u64)) }
            </span>
            <button class="move-now" data-testid="move-now" {onclick}
                title="Stop thinking and play the best move found so far">{ "Move now" }</button>
        </section>
    }
}

#[derive(Properties, PartialEq)]
pub struct SummaryProps {
    /// The final snapshot of the last search.
    pub info: SearchInfo,
}

/// One line about the engine's last search, once it is over; a search too
/// short to time (a level's instant reply) says "in under 0.1 s" and no rate.
#[function_component(ThinkingSummary)]
pub fn thinking_summary(props: &SummaryProps) -> Html {
    let i = &props.info;
    let best = i
        .best_move
        .map(|m| m.to_string())
        .unwrap_or_else(|| "–".into());
    let tree = match &i.engine {
        EngineReport::Uct(tree) => tree,
        EngineReport::AlphaBeta(ab) => {
            return html! {
                <p class="engine-summary" data-testid="engine-summary" data-engine="alphabeta"
                    data-playouts-per-sec={format!("{:.0}", i.searched_per_sec)}>
                    { format!(
                        "Engine (alpha-beta): {best} at depth {} after {} nodes {}, score {}",
                        ab.depth, group(ab.nodes), time_and_rate(i.elapsed_ms, ab.nps, "nodes", group),
                        super::analysis::alphabeta_view::score_text(ab.score, i.win_probability)
                    ) }
                </p>
            };
        }
    };
    html! {
        <p class="engine-summary" data-testid="engine-summary"
            data-playouts-per-sec={format!("{:.0}", i.searched_per_sec)}>
            { format!(
                "Engine: {best} after {} playouts {}, {} nodes, {}",
                group(i.searched), time_and_rate(i.elapsed_ms, i.searched_per_sec, "playouts", group),
                group(u64::from(tree.nodes)),
                verdict(i.win_probability, i.proven_winner, i.side_to_move)
            ) }
        </p>
    }
}

/// `12345` → `12,345`.
pub fn group(n: u64) -> String {
    quoridor_text::group_digits(n, ',')
}
