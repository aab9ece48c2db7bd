//! The search's counters as a small table.

use yew::prelude::*;

use super::alphabeta_view::score_text;
use super::format::{bytes_per_node, percent, win_chance, MIN_RATE_MS};
use quoridor_engines::{EngineReport, SearchInfo};
use quoridor_rules::Player;

/// Props of [`SearchStats`].
#[derive(Properties, PartialEq)]
pub struct SearchStatsProps {
    /// The snapshot shown, if the engine searched yet.
    pub info: Option<SearchInfo>,
    /// Whether the search is still running.
    #[prop_or_default]
    pub running: bool,
    /// Engine workers whose trees the snapshot merges.
    #[prop_or_default]
    pub workers: usize,
    /// The shown position ends the game: with no snapshot, there is nothing
    /// left to search rather than nothing searched yet.
    #[prop_or_default]
    pub over: bool,
}

/// Playouts, speed (summed over the workers), tree size, depth, time, the
/// workers, memory in all and per node (for a tree big enough that its
/// nodes, not its first allocation, fill it) and whether the tree is full, the root's win
/// probability for the side to move and the proven result; for alpha-beta:
/// depth, score with its win chance, nodes, nodes/s, hash fill, effective
/// branching factor, time and the proven result. When the engine scores with
/// the learned network (`eval=learned`, or UCT with the Default `eval=auto`) both
/// add the network's own value of the root (no search) under the search's. Each value has a
/// `data-stat` name and a numeric `data-value` for tests and tools.
#[function_component(SearchStats)]
pub fn search_stats(props: &SearchStatsProps) -> Html {
    let Some(info) = &props.info else {
        let empty = if props.over {
            "The game is over: no position left to search."
        } else {
            "The engine has not searched yet."
        };
        return html! {
            <section class="search-stats" data-testid="search-stats" data-running="false">
                <p class="search-stats-empty">{ empty }</p>
            </section>
        };
    };
    let side = match info.side_to_move {
        Player::One => "player 1",
        Player::Two => "player 2",
    };
    let win = win_chance(info.win_probability, info.proven_winner, info.side_to_move);
    let proven = match info.proven_winner {
        Some(p) => format!("{p} wins"),
        None => "not proven".into(),
    };
    let row = |name: &'static str, label: String, value: f64, text: String| {
        html! {
            <tr data-stat={name} data-value={value.to_string()}>
                <th scope="row">{ label }</th><td>{ text }</td>
            </tr>
        }
    };
    // The learned network's own opinion of the root, next to the search's.
    let network = info.network_value.map(|value| {
        html! {
            <tr data-stat="network-value" data-value={value.to_string()}
                title="What the learned evaluation thinks of this position by \
                    itself, before any search: the side to move's chance to win">
                <th scope="row">{ format!("Network's value ({side} to move, no search)") }</th>
                <td>{ percent(value) }</td>
            </tr>
        }
    });
    let tree = match &info.engine {
        EngineReport::Uct(tree) => tree,
        EngineReport::AlphaBeta(ab) => {
            let score = score_text(ab.score, info.win_probability);
            return html! {
                <section class="search-stats" data-testid="search-stats" data-engine="alphabeta"
                    data-running={props.running.to_string()}>
                    <table>
                        { row("depth", "Depth".into(), f64::from(ab.depth), format!("{} (sel {})", ab.depth, ab.seldepth)) }
                        { row("score", format!("Score ({side} to move)"), info.win_probability, score) }
                        { network }
                        { row("nodes", "Nodes".into(), ab.nodes as f64, group(ab.nodes)) }
                        { row("nps", "Nodes/s".into(), ab.nps.round(), group(ab.nps.round() as u64)) }
                        { row("hashfull", "Hash fill".into(), f64::from(ab.hashfull),
                            format!("{:.1}%", f64::from(ab.hashfull) / 10.0)) }
                        { row("branching-factor", "Branching factor".into(), ab.branching_factor,
                            if ab.branching_factor > 0.0 { format!("{:.2}", ab.branching_factor) } else { "–".into() }) }
                        { row("elapsed", "Elapsed".into(), info.elapsed_ms, format!("{:.1} s", info.elapsed_ms / 1000.0)) }
                        <tr data-stat="proven"><th scope="row">{ "Proven" }</th><td>{ proven }</td></tr>
                    </table>
                </section>
            };
        }
    };
    let workers = props.workers.max(1);
    let workers_text = match workers {
        1 => "1 (one tree)".to_string(),
        n => format!("{n} (one tree each, merged at the root)"),
    };
    let memory_label = if workers > 1 {
        "Memory (all trees)"
    } else {
        "Memory"
    };
    html! {
        <section class="search-stats" data-testid="search-stats"
            data-running={props.running.to_string()}>
            <table>
                { row("playouts", "Playouts".into(), info.searched as f64, group(info.searched)) }
                { row("playouts-per-sec", "Playouts/s".into(), info.searched_per_sec.round(),
                    if info.elapsed_ms >= MIN_RATE_MS {
                        group(info.searched_per_sec.round() as u64)
                    } else {
                        "– (under 0.1 s)".into()
                    }) }
                { row("nodes", "Tree nodes".into(), f64::from(tree.nodes), group(u64::from(tree.nodes))) }
                { row("max-depth", "Max depth".into(), f64::from(tree.max_depth), tree.max_depth.to_string()) }
                { row("mean-depth", "Mean depth".into(), tree.mean_depth, format!("{:.1}", tree.mean_depth)) }
                { row("elapsed", "Elapsed".into(), info.elapsed_ms, format!("{:.1} s", info.elapsed_ms / 1000.0)) }
                { row("workers", "Workers".into(), workers as f64, workers_text) }
                { row("memory", memory_label.into(), tree.memory_bytes as f64,
                    format!("{:.1} MB", tree.memory_bytes as f64 / 1e6)) }
                if let Some(bytes) = bytes_per_node(tree) {
                    { row("bytes-per-node", "Bytes per node".into(), f64::from(bytes), format!("{bytes} B")) }
                }
                if tree.tree_full {
                    <tr data-stat="tree-full" data-value="1" title="The tree reached its memory budget \
                        (tree_mb) or its node budget (node_budget) and cannot grow; with leaves scored \
                        by the evaluation the search stops there">
                        <th scope="row">{ "Tree" }</th><td>{ "full (budget reached)" }</td>
                    </tr>
                }
                { row("win", format!("Win ({side} to move)"), win, percent(win)) }
                { network }
                <tr data-stat="proven"><th scope="row">{ "Proven" }</th><td>{ proven }</td></tr>
            </table>
        </section>
    }
}

/// `1234567` → `"1 234 567"` (thin spaces), readable at a glance.
fn group(n: u64) -> String {
    quoridor_text::group_digits(n, '\u{202f}')
}
