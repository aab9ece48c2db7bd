//! The win-probability curve over the game.

use yew::prelude::*;

use super::format::percent;
use crate::model::analysis::GraphPoint;

/// Drawing width in SVG units.
const WIDTH: f64 = 300.0;
/// Drawing height in SVG units.
const HEIGHT: f64 = 90.0;
/// Space around the plot.
const PAD: f64 = 6.0;

/// Props of [`WinGraph`].
#[derive(Properties, PartialEq)]
pub struct WinGraphProps {
    /// One point per searched position, by ply.
    pub points: Vec<GraphPoint>,
    /// Moves in the game (the x axis runs to here).
    pub plies: usize,
    /// The ply the board shows, marked.
    pub shown: usize,
    /// A point was clicked: show the position after this many moves.
    pub on_select: Callback<usize>,
    /// Moves to mark on the curve (a review's errors).
    #[prop_or_default]
    pub marks: Vec<GraphMark>,
}

/// A marked move on the curve: the position after it, and a class naming
/// what it was (`blunder`).
#[derive(Clone, Debug, PartialEq)]
pub struct GraphMark {
    /// Moves played up to and including the marked one.
    pub ply: usize,
    /// The mark's class and `data-judgement`.
    pub kind: &'static str,
}

/// Player 1's win probability at every position the engine searched (both
/// sides' searches, one fixed view): 100% at the top. Each point is
/// clickable and carries `data-ply` and `data-win`.
#[function_component(WinGraph)]
pub fn win_graph(props: &WinGraphProps) -> Html {
    let last = props
        .points
        .iter()
        .map(|p| p.ply)
        .chain([props.plies, 1])
        .max()
        .unwrap_or(1) as f64;
    let x = |ply: usize| PAD + (WIDTH - 2.0 * PAD) * ply as f64 / last;
    let y = |p: f64| {
        let p = if p.is_nan() { 0.5 } else { p.clamp(0.0, 1.0) };
        PAD + (HEIGHT - 2.0 * PAD) * (1.0 - p)
    };
    let line: String = props
        .points
        .iter()
        .map(|p| format!("{:.2},{:.2}", x(p.ply), y(p.player_one)))
        .collect::<Vec<_>>()
        .join(" ");
    let dots = props.points.iter().map(|p| {
        let ply = p.ply;
        let onclick = props.on_select.reform(move |_: MouseEvent| ply);
        html! {
            <circle class={classes!("win-point", (ply == props.shown).then_some("shown"))}
                key={ply} data-ply={ply.to_string()} data-win={format!("{:.4}", p.player_one)}
                cx={format!("{:.2}", x(ply))} cy={format!("{:.2}", y(p.player_one))} r="3" {onclick}>
                <title>{ format!("after {ply} moves: player 1 wins {}", percent(p.player_one)) }</title>
            </circle>
        }
    });
    let marks = props.marks.iter().filter_map(|m| {
        let point = props.points.iter().find(|p| p.ply == m.ply)?;
        Some(html! {
            <circle class={classes!("win-mark", m.kind)} data-ply={m.ply.to_string()}
                data-judgement={m.kind} cx={format!("{:.2}", x(m.ply))}
                cy={format!("{:.2}", y(point.player_one))} r="4.5" />
        })
    });
    let shown_x = format!("{:.2}", x(props.shown));
    html! {
        <section class="win-graph-panel">
            <h3>{ "Win probability (player 1)" }</h3>
            <svg class="win-graph" data-testid="win-graph" viewBox={format!("0 0 {WIDTH} {HEIGHT}")}
                role="img" aria-label="player 1 win probability per move">
                <rect class="win-graph-area" x="0" y="0" width={WIDTH.to_string()} height={HEIGHT.to_string()} />
                <line class="win-graph-even" x1={PAD.to_string()} x2={(WIDTH - PAD).to_string()}
                    y1={y(0.5).to_string()} y2={y(0.5).to_string()} />
                <line class="win-graph-shown" x1={shown_x.clone()} x2={shown_x}
                    y1={PAD.to_string()} y2={(HEIGHT - PAD).to_string()} />
                <polyline class="win-graph-line" points={line} />
                { for marks }
                { for dots }
            </svg>
        </section>
    }
}
