//! The analysis panel's solved-board section: the shown position's exact
//! value ("Solved: player 2 wins in 12 plies with best play") and each
//! candidate's exact value for the player making it beside the search's
//! numbers; "Solving this board exactly…" while the worker solves; what
//! the engine does with the table, and the switch for table play.

use web_sys::HtmlInputElement;
use yew::prelude::*;

use super::format::percent;
use quoridor_engines::ChildInfo;
use quoridor_rules::Move;
use quoridor_solver::exact::Exact;
use quoridor_solver::Value;

/// Props of [`ExactValues`].
#[derive(Properties, PartialEq)]
pub struct ExactValuesProps {
    /// The shown position's exact values, once known.
    pub exact: Option<Exact>,
    /// The worker is solving the board (or looking the position up).
    pub pending: bool,
    /// Milliseconds the board's solve took in the worker.
    pub solved_in: Option<f64>,
    /// The search's candidates in the shown position (empty without one).
    pub candidates: Vec<ChildInfo>,
    /// Rows shown at most.
    pub top: usize,
    /// What the engine does here with the table (`None`: no engine plays).
    pub engine_note: Option<String>,
    /// The full-strength engine plays the table's moves.
    pub table_play: bool,
    /// Table play switched.
    pub on_table_play: Callback<bool>,
}

/// A value as the table shows it, shorter than its Display: "wins in 7",
/// "draw", "loses in 12", "lost".
pub fn short_value(value: Value) -> String {
    match value {
        Value::Win(d) => format!("wins in {d}"),
        Value::Loss(0) => "lost".into(),
        Value::Loss(d) => format!("loses in {d}"),
        Value::Draw => "draw".into(),
    }
}

/// CSS class of a value for the player making the move.
fn value_class(value: Value) -> &'static str {
    match value {
        Value::Win(_) => "exact-win",
        Value::Draw => "exact-draw",
        Value::Loss(_) => "exact-loss",
    }
}

/// See the module doc.
#[function_component(ExactValues)]
pub fn exact_values(props: &ExactValuesProps) -> Html {
    let Some(exact) = &props.exact else {
        return if props.pending {
            html! {
                <section class="exact-values" data-testid="exact-values" data-state="solving">
                    <p class="exact-solving">{ "Solving this board exactly…" }</p>
                </section>
            }
        } else {
            Html::default()
        };
    };
    // The search's candidates with their exact values; without a search,
    // the table's best moves.
    let rows: Vec<(Move, Option<Value>, Option<&ChildInfo>)> = if props.candidates.is_empty() {
        exact
            .moves
            .iter()
            .take(props.top)
            .map(|&(mv, v)| (mv, Some(v), None))
            .collect()
    } else {
        props
            .candidates
            .iter()
            .take(props.top)
            .map(|c| (c.mv, exact.value_of(c.mv), Some(c)))
            .collect()
    };
    let searched = !props.candidates.is_empty();
    // A finished game has no move left: no table of none.
    let any_rows = !rows.is_empty();
    let rows = rows.into_iter().map(|(mv, value, child)| {
        let text = value.map(short_value).unwrap_or_else(|| "?".into());
        let full = value.map(|v| v.to_string()).unwrap_or_default();
        let best = exact.is_best(mv);
        let search = child.map(|c| {
            let visits = c.visits();
            if visits > 0 {
                format!("{visits} visits, wins {}", percent(c.win_probability))
            } else {
                format!("wins {}", percent(c.win_probability))
            }
        });
        html! {
            <tr class={classes!("exact-row", best.then_some("exact-best"))}
                data-exact-move={mv.to_string()} data-exact={full.clone()}>
                <td class="exact-move">{ mv.to_string() }{ if best { " ★" } else { "" } }</td>
                <td class={classes!("exact-value", value.map(value_class))} title={full}>{ text }</td>
                if searched {
                    <td class="exact-search">{ search.unwrap_or_default() }</td>
                }
            </tr>
        }
    });
    let on_toggle = props.on_table_play.reform(|e: Event| {
        e.target_dyn_into::<HtmlInputElement>()
            .is_some_and(|i| i.checked())
    });
    let solved_in = props
        .solved_in
        .map(|ms| format!(" (solved in the worker in {ms:.0} ms)"))
        .unwrap_or_default();
    html! {
        <section class="exact-values" data-testid="exact-values" data-state="solved"
            data-value={exact.value.to_string()} data-turn={exact.turn.number().to_string()}>
            <p class="exact-outcome" data-testid="exact-outcome">
                <strong>{ format!("Solved: {}", exact.outcome_text()) }</strong>
                <span class="exact-time">{ solved_in }</span>
            </p>
            if any_rows {
                <table class="exact-table">
                    <thead><tr>
                        <th>{ "Move" }</th><th>{ "Exact, for the mover" }</th>
                        if searched { <th>{ "Search" }</th> }
                    </tr></thead>
                    <tbody>{ for rows }</tbody>
                </table>
            }
            if let Some(note) = &props.engine_note {
                <p class="exact-engine" data-testid="exact-engine">{ note.clone() }</p>
            }
            <label class="exact-table-play" title="Level 10 and custom settings play the solved table's moves; untick to watch the search play">
                <input type="checkbox" data-testid="table-play" checked={props.table_play}
                    onchange={on_toggle} />
                { " Full-strength engine plays perfectly on solved boards" }
            </label>
        </section>
    }
}
