//! The root children's visits as bars.

use yew::prelude::*;

use super::format::{percent, share, win_colour};
use crate::search::ChildInfo;

/// Height of one bar row in SVG units.
const ROW: f64 = 12.0;
/// Width of the move label column.
const LABEL: f64 = 34.0;
/// Width of the whole drawing.
const WIDTH: f64 = 300.0;

/// Props of [`VisitChart`].
#[derive(Properties, PartialEq)]
pub struct VisitChartProps {
    /// Root children, most visited first.
    pub children: Vec<ChildInfo>,
    /// Visits of the root, for the shares.
    pub root_visits: u32,
}

/// One horizontal bar per root child, as long as its share of visits and
/// coloured by its win probability.
#[function_component(VisitChart)]
pub fn visit_chart(props: &VisitChartProps) -> Html {
    let total = props
        .root_visits
        .max(props.children.iter().map(|c| c.visits()).sum());
    let most = props
        .children
        .iter()
        .map(|c| c.visits())
        .max()
        .unwrap_or(0)
        .max(1);
    let span = WIDTH - LABEL - 40.0;
    let bars = props.children.iter().enumerate().map(|(i, c)| {
        let y = i as f64 * ROW;
        let w = span * f64::from(c.visits()) / f64::from(most);
        html! {
            <g class="visit-bar" key={c.mv.to_string()} data-move={c.mv.to_string()}
                data-visits={c.visits().to_string()}>
                <text class="visit-move" x="0" y={(y + 9.0).to_string()}>{ c.mv.to_string() }</text>
                <rect x={LABEL.to_string()} y={(y + 1.5).to_string()} width={format!("{w:.2}")}
                    height={(ROW - 3.0).to_string()} style={format!("fill: {}", win_colour(c.win_probability))} />
                <text class="visit-share" x={format!("{:.2}", LABEL + w + 2.0)} y={(y + 9.0).to_string()}>
                    { percent(share(c.visits(), total)) }
                </text>
            </g>
        }
    });
    let height = (props.children.len().max(1) as f64) * ROW;
    html! {
        <section class="visit-chart-panel">
            <h3>{ "Visits per move" }</h3>
            <svg class="visit-chart" data-testid="visit-chart" viewBox={format!("0 0 {WIDTH} {height}")}
                role="img" aria-label="visits of the root's children">
                { for bars }
            </svg>
        </section>
    }
}
