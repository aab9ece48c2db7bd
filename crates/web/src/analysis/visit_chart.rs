//! The root children's visits as bars, and beside them the network's
//! prior of each move (as KataGo's and Lizzie's analysis show it).

use yew::prelude::*;

use super::format::{percent, prior_percent, share, win_colour};
use crate::worker::messages::MovePrior;
use quoridor_engines::ChildInfo;

/// Height of one bar row in SVG units.
const ROW: f64 = 12.0;
/// Width of the move label column.
const LABEL: f64 = 34.0;
/// Width of the whole drawing.
const WIDTH: f64 = 300.0;
/// Width of the prior column, at the right.
const PRIOR: f64 = 38.0;
/// Where the prior column's text ends (its last glyph clear of the edge).
const PRIOR_END: f64 = WIDTH - 2.0;

/// Props of [`VisitChart`].
#[derive(Properties, PartialEq)]
pub struct VisitChartProps {
    /// Root children, most visited first.
    pub children: Vec<ChildInfo>,
    /// Visits of the root, for the shares.
    pub root_visits: u32,
    /// The network's priors of the searched position (most likely first),
    /// when it has a policy head: a prior column then.
    #[prop_or_default]
    pub priors: Option<Vec<MovePrior>>,
}

/// One horizontal bar per root child, as long as its share of visits and
/// coloured by its win probability, with its prior at the right.
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
    let priors = props.priors.as_deref();
    let span = WIDTH - LABEL - 40.0 - if priors.is_some() { PRIOR } else { 0.0 };
    // With priors, a first row names the columns.
    let top = if priors.is_some() { ROW } else { 0.0 };
    let bars = props.children.iter().enumerate().map(|(i, c)| {
        let y = top + i as f64 * ROW;
        let w = span * f64::from(c.visits()) / f64::from(most);
        let prior = priors.map(|p| p.iter().find(|p| p.mv == c.mv).map_or(0.0, |p| p.prior));
        html! {
            <g class="visit-bar" key={c.mv.to_string()} data-move={c.mv.to_string()}
                data-visits={c.visits().to_string()} data-prior={prior.map(|p| format!("{p:.4}"))}>
                <text class="visit-move" x="0" y={(y + 9.0).to_string()}>{ c.mv.to_string() }</text>
                <rect x={LABEL.to_string()} y={(y + 1.5).to_string()} width={format!("{w:.2}")}
                    height={(ROW - 3.0).to_string()} style={format!("fill: {}", win_colour(c.win_probability))} />
                <text class="visit-share" x={format!("{:.2}", LABEL + w + 2.0)} y={(y + 9.0).to_string()}>
                    { percent(share(c.visits(), total)) }
                </text>
                if let Some(prior) = prior {
                    <text class="visit-prior" x={PRIOR_END.to_string()} y={(y + 9.0).to_string()}>
                        { prior_percent(prior) }
                    </text>
                }
            </g>
        }
    });
    let height = top + (props.children.len().max(1) as f64) * ROW;
    html! {
        <section class="visit-chart-panel">
            <h3>{ if priors.is_some() { "Visits and prior per move" } else { "Visits per move" } }</h3>
            <svg class="visit-chart" data-testid="visit-chart" viewBox={format!("0 0 {WIDTH} {height}")}
                role="img" aria-label="visits of the root's children">
                if priors.is_some() {
                    <g class="visit-header">
                        <text x="0" y="9">{ "move" }</text>
                        <text x={LABEL.to_string()} y="9">{ "visits (bar: wins)" }</text>
                        <text class="visit-prior" x={PRIOR_END.to_string()} y="9">
                            <title>{ "The network's prior: how likely its policy head finds the move, before any search" }</title>
                            { "prior" }
                        </text>
                    </g>
                }
                { for bars }
            </svg>
        </section>
    }
}
