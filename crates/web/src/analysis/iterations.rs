//! Alpha-beta's iterative deepening as a table: one row per finished
//! iteration with its depth, score, best move, nodes and time.

use yew::prelude::*;

use super::format::numbered_line;
use quoridor_engines::IterationRow;

/// Props of [`IterationTable`].
#[derive(Properties, PartialEq)]
pub struct IterationTableProps {
    /// The finished iterations, shallowest first.
    pub rows: Vec<IterationRow>,
    /// Moves played before the searched position (for move numbers).
    pub first_ply: usize,
}

/// The iterations (`data-testid="iterations"`), deepest first; each row has
/// `data-depth`, `data-nodes` and `data-score`.
#[function_component(IterationTable)]
pub fn iteration_table(props: &IterationTableProps) -> Html {
    let rows = props.rows.iter().rev().map(|r| {
        let best = r
            .best_move
            .map_or("–".to_string(), |m| numbered_line(props.first_ply, &[m]));
        html! {
            <tr key={r.depth} data-depth={r.depth.to_string()} data-nodes={r.nodes.to_string()}
                data-score={r.score.to_string()}>
                <td>{ r.depth }</td>
                <td>{ r.score.to_string() }</td>
                <td>{ best }</td>
                <td>{ quoridor_text::group_digits(r.nodes, '\u{202f}') }</td>
                <td>{ format!("{:.2} s", r.elapsed_ms / 1000.0) }</td>
            </tr>
        }
    });
    html! {
        <section class="iterations-panel">
            <h3>{ "Iterations" }</h3>
            <table class="iterations" data-testid="iterations">
                <thead>
                    <tr>
                        <th scope="col" title="Plies searched">{ "Depth" }</th>
                        <th scope="col" title="cp: 100 = one step of path length for the side to move; mate N: a win in N of its moves">{ "Score" }</th>
                        <th scope="col">{ "Best move" }</th>
                        <th scope="col" title="Nodes this iteration took">{ "Nodes" }</th>
                        <th scope="col" title="Time since the think started">{ "Time" }</th>
                    </tr>
                </thead>
                <tbody>{ for rows }</tbody>
            </table>
        </section>
    }
}
