//! The search tree, opened node by node.

use yew::prelude::*;

use super::format::{percent, prior_percent, proven_text, uct_text};
use crate::model::analysis::TreeView;
use crate::worker::messages::MovePrior;
use quoridor_engines::{ChildInfo, NodeId, ROOT};

/// Children listed per node; the rest (least visited) are counted.
const MAX_ROWS: usize = 24;

/// Props of [`TreeExplorer`].
#[derive(Properties, PartialEq)]
pub struct TreeExplorerProps {
    /// The loaded part of the tree.
    pub tree: TreeView,
    /// Visits of the root.
    pub root_visits: u32,
    /// The root's win probability for the side to move.
    pub root_win: f64,
    /// Open or close a node (the app asks the worker for its children).
    pub on_toggle: Callback<NodeId>,
    /// Preview a node's position on the board (`None` = stop previewing).
    pub on_select: Callback<Option<NodeId>>,
    /// Reload the open nodes (the search went on).
    pub on_refresh: Callback<()>,
    /// Engine workers searching: above 1 the root merges their trees and
    /// the nodes below it are one worker's ([`TreeView::worker`]).
    #[prop_or_default]
    pub workers: usize,
    /// Explore another worker's tree (0 = worker 1).
    #[prop_or_default]
    pub on_worker: Callback<usize>,
    /// The network's priors of the open nodes' positions, by node: each
    /// child row shows its move's prior there (with a policy head).
    #[prop_or_default]
    pub priors: Vec<(NodeId, Vec<MovePrior>)>,
}

/// An expandable tree from the root: move, visits, mean score (win
/// probability for the player making the move), UCT value, proven state and
/// the network's prior of the move; children most visited first. Rows
/// carry `data-node`, `data-move` and, once known, `data-prior`.
#[function_component(TreeExplorer)]
pub fn tree_explorer(props: &TreeExplorerProps) -> Html {
    let root = ChildRow {
        id: ROOT,
        label: "root".into(),
        visits: props.root_visits,
        mean: props.root_win,
        uct: String::new(),
        proven: "",
        children: u32::from(props.root_visits > 0),
        prior: None,
    };
    html! {
        <section class="tree-explorer" data-testid="tree">
            <h3>
                { "Search tree " }
                <button class="tree-refresh" title="Reload the open nodes"
                    onclick={props.on_refresh.reform(|_: MouseEvent| ())}>{ "↻" }</button>
            </h3>
            if props.workers > 1 {
                { worker_choice(props) }
            }
            <div class="tree-header tree-row">
                <span class="tree-move">{ "move" }</span><span>{ "visits" }</span>
                <span>{ "mean" }</span><span>{ "UCT" }</span><span>{ "proven" }</span>
                <span title="The network's prior of the move, before any search">{ "prior" }</span>
            </div>
            <ul class="tree-nodes" role="tree">{ node(props, &root, 0) }</ul>
        </section>
    }
}

/// With several workers: what the rows mean, and a select of whose tree
/// the nodes below the root are.
fn worker_choice(props: &TreeExplorerProps) -> Html {
    let shown = crate::pool_core::shown_worker(props.tree.worker, props.workers);
    let onchange = props.on_worker.reform(move |e: Event| {
        e.target_dyn_into::<web_sys::HtmlSelectElement>()
            .and_then(|s| s.value().parse().ok())
            .unwrap_or(shown)
    });
    html! {
        <p class="tree-source" data-testid="tree-source" data-workers={props.workers.to_string()}>
            { format!("The root's moves merge all {} workers' trees; below them, ", props.workers) }
            <select data-testid="tree-worker" title="Whose tree to open below the root" {onchange}>
                { for (0..props.workers).map(|i| html! {
                    <option value={i.to_string()} selected={i == shown}>{ format!("worker {}", i + 1) }</option>
                }) }
            </select>
            { "'s tree (its visits only)." }
        </p>
    }
}

/// What one row shows.
struct ChildRow {
    id: NodeId,
    label: String,
    visits: u32,
    mean: f64,
    uct: String,
    proven: &'static str,
    children: u32,
    /// The network's prior of the move, when known.
    prior: Option<f64>,
}

impl ChildRow {
    /// The row of a child in the tree (children of a UCT tree all have a
    /// node), with its prior from `priors` (its parent's), when known.
    fn of(c: &ChildInfo, priors: Option<&Vec<MovePrior>>) -> Option<Self> {
        let node = c.uct?;
        Some(ChildRow {
            id: node.id,
            label: c.mv.to_string(),
            visits: node.visits,
            mean: c.win_probability,
            uct: uct_text(node.uct_value),
            proven: proven_text(c.proven),
            children: node.children,
            prior: priors.map(|p| p.iter().find(|p| p.mv == c.mv).map_or(0.0, |p| p.prior)),
        })
    }
}

/// A row and, when open, its children below it.
fn node(props: &TreeExplorerProps, row: &ChildRow, depth: usize) -> Html {
    let id = row.id;
    let open = props.tree.expanded.contains(&id);
    let selected = props.tree.selected == Some(id);
    let toggle = if row.children > 0 {
        html! {
            <button class="tree-toggle" aria-expanded={open.to_string()}
                onclick={props.on_toggle.reform(move |_: MouseEvent| id)}>
                { if open { "▾" } else { "▸" } }
            </button>
        }
    } else {
        html! { <span class="tree-leaf">{ "·" }</span> }
    };
    let select = props
        .on_select
        .reform(move |_: MouseEvent| if selected { None } else { Some(id) });
    let below = if open {
        match props.tree.children.get(&id) {
            Some(children) if children.is_empty() => {
                html! { <li class="tree-empty">{ "no children yet" }</li> }
            }
            Some(children) => {
                let rows = children
                    .iter()
                    .take(MAX_ROWS)
                    .filter_map(|c| {
                        let priors = props.priors.iter().find(|(n, _)| *n == id);
                        ChildRow::of(c, priors.map(|(_, p)| p))
                    })
                    .map(|row| node(props, &row, depth + 1));
                let hidden = children.len().saturating_sub(MAX_ROWS);
                html! {
                    <>
                        { for rows }
                        if hidden > 0 {
                            <li class="tree-more">{ format!("… {hidden} more, fewer visits") }</li>
                        }
                    </>
                }
            }
            None => html! { <li class="tree-loading">{ "loading…" }</li> },
        }
    } else {
        Html::default()
    };
    html! {
        <li class="tree-node" key={id.to_string()} role="treeitem" data-node={id.to_string()}
            data-move={row.label.clone()} data-visits={row.visits.to_string()}
            data-expanded={open.to_string()} aria-selected={selected.to_string()}
            data-prior={row.prior.map(|p| format!("{p:.4}"))}>
            <div class={classes!("tree-row", selected.then_some("selected"))}
                style={format!("padding-left: {}em", depth as f64 * 0.9)}>
                { toggle }
                <button class="tree-move" title="Show this position on the board" onclick={select}>
                    { row.label.clone() }
                </button>
                <span class="tree-visits">{ row.visits }</span>
                <span class="tree-mean">{ percent(row.mean) }</span>
                <span class="tree-uct">{ row.uct.clone() }</span>
                <span class={classes!("tree-proven", row.proven)}>{ row.proven }</span>
                <span class="tree-prior">{ row.prior.map(prior_percent).unwrap_or_default() }</span>
            </div>
            if open {
                <ul role="group">{ below }</ul>
            }
        </li>
    }
}
