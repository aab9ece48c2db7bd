//! The tree map panel: the search tree drawn live as an icicle chart, with
//! a row control, a breadcrumb back up from a zoom, the hovered node's
//! statistics and "Save picture".

use wasm_bindgen::JsCast;
use yew::prelude::*;

use super::alphabeta_view::{root_move_bars, score_text};
use super::format::{numbered_line, percent, proven_text, uct_text, win_colour};
use super::icicle::{icicle_layout, line_key, parse_line_key, IcicleRect, ROW_HEIGHT};
use crate::model::icicle::{
    IcicleState, MapIntent, CHART_WIDTH, DEFAULT_ROWS, MAX_ROWS, MIN_ROWS, MIN_WIDTH,
};
use quoridor_engines::AlphaBetaInfo;
use quoridor_rules::Move;

/// Fill of the merged "other" rectangles.
const OTHER_FILL: &str = "#b8b8b8";
/// Narrowest rectangle (SVG units) that gets its move written in it.
const LABEL_WIDTH: f64 = 26.0;
/// File name of the saved picture.
const PICTURE_NAME: &str = "quoridor-search-tree.svg";

/// Props of [`TreeMapPanel`].
#[derive(Properties, PartialEq)]
pub struct TreeMapPanelProps {
    /// Rows, zoom, hover and the latest slice.
    pub state: IcicleState,
    /// What the user asks for.
    pub on_intent: Callback<MapIntent>,
    /// The shown snapshot's alpha-beta part: the chart is then its root
    /// moves, widths by the nodes below each.
    #[prop_or_default]
    pub alphabeta: Option<AlphaBetaInfo>,
    /// Moves played before the searched position (for move numbers).
    #[prop_or_default]
    pub first_ply: usize,
    /// Engine workers searching: above 1 the chart is one worker's tree.
    #[prop_or_default]
    pub workers: usize,
    /// Whose tree (0 = worker 1), as chosen in the tree explorer.
    #[prop_or_default]
    pub tree_worker: usize,
}

/// The icicle chart (`data-testid="tree-map"`) and its controls.
#[function_component(TreeMapPanel)]
pub fn tree_map_panel(props: &TreeMapPanelProps) -> Html {
    let svg = use_node_ref();
    let link = use_node_ref();
    let state = &props.state;
    let intent = &props.on_intent;
    let show = {
        let open = state.open;
        intent.reform(move |_: Event| MapIntent::Show(!open))
    };
    let header = html! {
        <h3>
            <label class="tree-map-toggle">
                <input type="checkbox" data-testid="tree-map-open" checked={state.open}
                    onchange={show} />
                { " Tree map" }
            </label>
        </h3>
    };
    if !state.open {
        return html! { <section class="tree-map-panel">{ header }</section> };
    }
    if let Some(ab) = &props.alphabeta {
        return html! {
            <section class="tree-map-panel" data-engine="alphabeta">
                { header }
                { alphabeta_chart(ab, props.first_ply) }
            </section>
        };
    }
    let received = state.received.as_ref();
    let rects = received
        .map(|r| icicle_layout(&r.map, &state.zoom, state.rows, CHART_WIDTH, MIN_WIDTH))
        .unwrap_or_default();
    let first_ply = received.map_or(0, |r| r.moves.len());
    // A fixed height per row setting, so new rows never move the page.
    let height = state.rows as f64 * ROW_HEIGHT;
    let top_line = rects.first().map(|r| r.line.clone()).unwrap_or_default();
    let hovered = state
        .hover
        .as_ref()
        .and_then(|line| rects.iter().find(|r| !r.is_other() && &r.line == line));
    let on_rows = intent.reform(|e: Event| {
        let value = e
            .target()
            .and_then(|t| t.dyn_into::<web_sys::HtmlSelectElement>().ok())
            .and_then(|s| s.value().parse().ok())
            .unwrap_or(DEFAULT_ROWS);
        MapIntent::Rows(value)
    });
    let save = {
        let (svg, link) = (svg.clone(), link.clone());
        Callback::from(move |e: MouseEvent| save_picture(&svg, &link, &e))
    };
    // One pair of listeners for the whole chart (not one per rectangle):
    // the node is read from the rectangle's `data-node`.
    let leave = intent.reform(|_: MouseEvent| MapIntent::Hover(None));
    let over = intent.reform(|e: MouseEvent| MapIntent::Hover(node_under(&e)));
    let click = {
        let intent = intent.clone();
        Callback::from(move |e: MouseEvent| {
            if let Some(line) = node_under(&e) {
                intent.emit(MapIntent::Zoom(line));
            }
        })
    };
    let drawn = rects.iter().map(rect);
    let labels = rects.iter().filter_map(label);
    html! {
        <section class="tree-map-panel">
            { header }
            <p class="tree-map-legend">
                { "UCT: width = playouts through the node within its parent, colour = mean score \
                   for the player who made the move (red loses, green wins), grey = merged \
                   small or unsent children. Click to zoom." }
            </p>
            if props.workers > 1 {
                <p class="tree-source" data-testid="tree-map-source">
                    { format!("Worker {}'s tree (of {}; pick another in the search tree): each \
                        worker grows its own tree; the candidates and stats merge them all.",
                        crate::pool_core::shown_worker(props.tree_worker, props.workers) + 1,
                        props.workers) }
                </p>
            }
            <div class="tree-map-controls">
                <label>{ "Rows " }
                    <select data-testid="tree-map-rows" onchange={on_rows}>
                        { for (MIN_ROWS..=MAX_ROWS).map(|n| html! {
                            <option value={n.to_string()} selected={n == state.rows}>{ n }</option>
                        }) }
                    </select>
                </label>
                <a class="tree-map-save" data-testid="tree-map-save" href="#" download={PICTURE_NAME}
                    ref={link} onclick={save}>{ "Save picture" }</a>
                if let Some(r) = received {
                    <span class="tree-map-cost" data-testid="tree-map-cost"
                        data-nodes={r.map.nodes.len().to_string()} data-build-us={format!("{:.0}", r.build_us)}>
                        { format!("{} nodes sent, built in {:.0} µs", r.map.nodes.len(), r.build_us) }
                    </span>
                }
            </div>
            { breadcrumb(&top_line, first_ply, intent) }
            <svg class="tree-map" data-testid="tree-map" ref={svg}
                xmlns="http://www.w3.org/2000/svg" viewBox={format!("0 0 {CHART_WIDTH} {height}")}
                width={CHART_WIDTH.to_string()} height={height.to_string()}
                role="img" aria-label="icicle chart of the search tree" onmouseleave={leave}
                onmouseover={over} onclick={click}>
                <rect x="0" y="0" width={CHART_WIDTH.to_string()} height={height.to_string()} fill="#ffffff" />
                { for drawn }
                { for labels }
            </svg>
            <p class="tree-map-hover" data-testid="tree-map-hover">
                { hovered.map(|r| hover_text(r, first_ply)).unwrap_or_else(|| "Hover a node to see its line.".into()) }
            </p>
        </section>
    }
}

/// The line of the node rectangle under the pointer (`None` off the nodes).
fn node_under(e: &MouseEvent) -> Option<Vec<Move>> {
    let target = e.target()?.dyn_into::<web_sys::Element>().ok()?;
    let key = target.get_attribute("data-node")?;
    parse_line_key(&key)
}

/// One node or "other" rectangle with its label.
fn rect(r: &IcicleRect) -> Html {
    let y = r.row as f64 * ROW_HEIGHT;
    let key = r.key();
    if r.is_other() {
        return html! {
            <rect key={format!("o:{key}")} class="tree-map-other" data-node-other={key}
                data-visits={r.visits.to_string()} data-merged={r.merged.to_string()}
                x={format!("{:.3}", r.x)} y={y.to_string()}
                width={format!("{:.3}", r.width)} height={ROW_HEIGHT.to_string()}
                fill={OTHER_FILL} stroke="#ffffff" stroke-width="0.5" />
        };
    }
    html! {
        <rect key={format!("n:{key}")} class="tree-map-node" data-node={key}
            data-visits={r.visits.to_string()} data-score={format!("{:.4}", r.win)}
            x={format!("{:.3}", r.x)} y={y.to_string()}
            width={format!("{:.3}", r.width)} height={ROW_HEIGHT.to_string()}
            fill={win_colour(r.win)} stroke="#ffffff" stroke-width="0.5" />
    }
}

/// The move written in a node rectangle wide enough for it.
fn label(r: &IcicleRect) -> Option<Html> {
    if r.is_other() || r.width < LABEL_WIDTH {
        return None;
    }
    let y = r.row as f64 * ROW_HEIGHT;
    let text = r.line.last().map_or("root".to_string(), Move::to_string);
    Some(html! {
        <text key={r.key()} x={format!("{:.2}", r.x + r.width / 2.0)}
            y={(y + ROW_HEIGHT * 0.68).to_string()} font-size="10" font-family="sans-serif"
            text-anchor="middle" fill="#111111" pointer-events="none">{ text }</text>
    })
}

/// Root and each move of the top node's line, as buttons back up.
fn breadcrumb(top: &[Move], first_ply: usize, intent: &Callback<MapIntent>) -> Html {
    let crumbs = (0..=top.len()).map(|len| {
        let line = top[..len].to_vec();
        let text = match line.last() {
            None => "root".to_string(),
            Some(_) => numbered_line(first_ply + len - 1, &line[len - 1..]),
        };
        let current = len == top.len();
        let go = intent.reform(move |_: MouseEvent| MapIntent::Zoom(line.clone()));
        html! {
            <button class={classes!("tree-map-crumb", current.then_some("current"))}
                data-testid="tree-map-crumb" data-node={line_key(&top[..len])}
                disabled={current} onclick={go}>{ text }</button>
        }
    });
    html! { <nav class="tree-map-breadcrumb" aria-label="zoom path">{ for crumbs }</nav> }
}

/// The hovered node's line and statistics.
fn hover_text(r: &IcicleRect, first_ply: usize) -> String {
    let line = if r.line.is_empty() {
        "root".to_string()
    } else {
        numbered_line(first_ply, &r.line)
    };
    let proven = match proven_text(r.proven) {
        "" => String::new(),
        p => format!(", proven {p}"),
    };
    format!(
        "{line}: {} playouts, mean {}, UCT {}{proven}",
        r.visits,
        percent(r.win),
        r.uct.map_or("–".to_string(), uct_text),
    )
}

/// Points the clicked "Save picture" link at the chart as an SVG file, so
/// the browser downloads it (the click's default action follows the link).
fn save_picture(svg: &NodeRef, link: &NodeRef, e: &MouseEvent) {
    let (Some(svg), Some(link)) = (
        svg.cast::<web_sys::Element>(),
        link.cast::<web_sys::Element>(),
    ) else {
        e.prevent_default();
        return;
    };
    let picture = format!(
        "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n{}",
        svg.outer_html()
    );
    let url = format!(
        "data:image/svg+xml;charset=utf-8,{}",
        js_sys::encode_uri_component(&picture)
    );
    if link.set_attribute("href", &url).is_err() {
        e.prevent_default();
    }
}

/// Alpha-beta's tree map: the root over its moves of the last completed
/// iteration, each as wide as its share of the nodes searched below the
/// root moves, coloured by its score for the player making it.
fn alphabeta_chart(ab: &AlphaBetaInfo, first_ply: usize) -> Html {
    let bars = root_move_bars(ab, CHART_WIDTH);
    let total: u64 = bars.iter().map(|b| b.nodes).sum();
    let height = 2.0 * ROW_HEIGHT;
    let drawn =
        bars.iter().map(|b| {
            let line = numbered_line(first_ply, &[b.mv]);
            let title = format!("{line}: {} nodes, {}", b.nodes, score_text(b.score, b.win));
            let text = (b.width >= LABEL_WIDTH).then(|| html! {
            <text x={format!("{:.2}", b.x + b.width / 2.0)} y={(ROW_HEIGHT * 1.68).to_string()}
                font-size="10" font-family="sans-serif" text-anchor="middle" fill="#111111"
                pointer-events="none">{ b.mv.to_string() }</text>
        });
            html! {
                <g key={b.mv.to_string()}>
                    <rect class="tree-map-node" data-node={b.mv.to_string()}
                        data-nodes={b.nodes.to_string()} data-score={format!("{:.4}", b.win)}
                        data-score-text={b.score.to_string()}
                        x={format!("{:.3}", b.x)} y={ROW_HEIGHT.to_string()}
                        width={format!("{:.3}", b.width)} height={ROW_HEIGHT.to_string()}
                        fill={win_colour(b.win)} stroke="#ffffff" stroke-width="0.5">
                        <title>{ title }</title>
                    </rect>
                    { for text }
                </g>
            }
        });
    html! {
        <>
            <p class="tree-map-legend">
                { "Alpha-beta: the root's moves in the last completed iteration; width = nodes \
                   searched below the move, colour = its score for the player making it (red \
                   loses, green wins). Alpha-beta keeps no tree, so the chart is one row deep." }
            </p>
            <svg class="tree-map" data-testid="tree-map" data-depth={ab.depth.to_string()}
                xmlns="http://www.w3.org/2000/svg" viewBox={format!("0 0 {CHART_WIDTH} {height}")}
                width={CHART_WIDTH.to_string()} height={height.to_string()}
                role="img" aria-label="root moves of the alpha-beta search by nodes">
                <rect x="0" y="0" width={CHART_WIDTH.to_string()} height={height.to_string()} fill="#ffffff" />
                <rect class="tree-map-node" data-node="" data-nodes={total.to_string()}
                    x="0" y="0" width={CHART_WIDTH.to_string()} height={ROW_HEIGHT.to_string()}
                    fill="#d8d8d8" stroke="#ffffff" stroke-width="0.5">
                    <title>{ format!("root: depth {}, {} nodes below its moves", ab.depth, total) }</title>
                </rect>
                <text x={(CHART_WIDTH / 2.0).to_string()} y={(ROW_HEIGHT * 0.68).to_string()}
                    font-size="10" font-family="sans-serif" text-anchor="middle" fill="#111111"
                    pointer-events="none">{ format!("root · depth {}", ab.depth) }</text>
                { for drawn }
            </svg>
        </>
    }
}
