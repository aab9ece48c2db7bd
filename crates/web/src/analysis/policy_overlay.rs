//! The network's policy drawn on the board: each legal move's square (a
//! pawn's destination) or wall groove shaded by its prior, darker for the
//! likelier, and the likeliest numbered above the candidates where
//! [`super::policy_labels`] finds them room; the line under the board that says
//! what the shading means, and the button that switches it. Plain functions
//! rather than components: the page's download is counted.

use yew::prelude::*;

use super::candidate_labels::mark_rect;
use super::format::{policy_opacity, prior_percent};
use super::policy_labels::PolicyLabel;
use crate::worker::messages::MovePrior;
use quoridor_rules::Move;

/// Priors from this fraction of the largest one up are shaded.
const SHADED_FROM: f64 = 0.01;

/// An SVG group for the board (squares per side `size`): one shaded mark
/// per move of `priors` worth seeing, walls under squares. Taps and clicks
/// go through to the board.
pub fn policy_overlay(size: u8, priors: &[MovePrior]) -> Html {
    let most = priors.iter().map(|p| p.prior).fold(0.0, f64::max);
    let shown = |walls: bool| {
        priors.iter().filter(move |p| {
            matches!(p.mv, Move::Wall(_)) == walls && most > 0.0 && p.prior >= SHADED_FROM * most
        })
    };
    let mark = |p: &MovePrior| {
        let (x, y, w, h, rx) = mark_rect(p.mv, size);
        html! {
            <rect class="policy-mark" data-policy={p.mv.to_string()}
                data-prior={format!("{:.4}", p.prior)}
                x={x.to_string()} y={y.to_string()} width={w.to_string()} height={h.to_string()}
                rx={rx.to_string()} style={format!("opacity: {:.3}", policy_opacity(p.prior, most))} />
        }
    };
    html! {
        <g class="policy-overlay" data-testid="policy-overlay" aria-label="the network's policy">
            { for shown(true).map(mark) }
            { for shown(false).map(mark) }
        </g>
    }
}

/// The policy's numbers (placed by [`super::policy_labels::policy_labels`]),
/// drawn over the candidates' marks so that no mark hides one; taps and
/// clicks go through.
pub fn policy_numbers(labels: &[PolicyLabel]) -> Html {
    let labels = labels.iter().map(|l| {
        let (x, y) = l.placed.centre();
        html! {
            <text class={classes!("policy-label", l.on_wall().then_some("policy-label-wall"))}
                x={format!("{x:.2}")} y={format!("{y:.2}")}>
                { l.text.clone() }
            </text>
        }
    });
    html! { <g class="policy-overlay" data-testid="policy-labels">{ for labels }</g> }
}

/// The line under the board while the policy overlay is on: what the
/// shading means and the likeliest move of `priors` (the board's
/// position's, once known), or why there is none (`unsupported`: the
/// network has no policy head, or the board is not 9×9).
pub fn policy_legend(priors: Option<&[MovePrior]>, unsupported: bool) -> Html {
    let top = priors.and_then(|p| p.iter().max_by(|a, b| a.prior.total_cmp(&b.prior)));
    let text = match (priors, top) {
        _ if unsupported => "Policy: the network has no policy head for this board.".to_string(),
        (None, _) => "Policy: asking the network…".to_string(),
        (Some(_), None) => "Policy: no move to weigh here.".to_string(),
        (Some(_), Some(top)) => format!(
            "Policy: the network's prior for each move before any search, darker for \
             likelier; likeliest {} {}.",
            top.mv,
            prior_percent(top.prior)
        ),
    };
    html! {
        <p class="policy-legend" data-testid="policy-legend" data-top={top.map(|p| p.mv.to_string())}>
            <span class="policy-swatch" aria-hidden="true"></span>{ text }
        </p>
    }
}

/// The button under the board that switches the policy overlay (`on`
/// now); `on_toggle` gets the new state.
pub fn policy_toggle(on: bool, on_toggle: &Callback<bool>) -> Html {
    html! {
        <button class={classes!("policy-toggle", on.then_some("on"))} data-testid="policy-toggle"
            aria-pressed={on.to_string()} onclick={on_toggle.reform(move |_: MouseEvent| !on)}
            title="Shade each move by the network's prior (its policy, before any search)">
            { "◩ Policy" }
        </button>
    }
}
