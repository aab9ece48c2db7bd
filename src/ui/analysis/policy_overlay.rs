//! The network's policy drawn on the board: each legal move's square (a
//! pawn's destination) or wall groove shaded by its prior, darker for the
//! likelier, the likeliest numbered. Switched on and off under the board.

use yew::prelude::*;

use super::candidate_labels::mark_rect;
use super::format::{policy_opacity, prior_percent};
use crate::game::Move;
use crate::worker::messages::MovePrior;

/// Priors from this fraction of the largest one up are shaded.
const SHADED_FROM: f32 = 0.01;
/// Priors from this up are written on their mark.
const LABELLED_FROM: f32 = 0.05;

/// Props of [`PolicyOverlay`].
#[derive(Properties, PartialEq)]
pub struct PolicyOverlayProps {
    /// Squares per side.
    pub size: u8,
    /// The position's priors, most likely first.
    pub priors: Vec<MovePrior>,
}

/// An SVG group for the board: one shaded mark per move with a prior worth
/// seeing, the likeliest labelled. Taps and clicks go through to the board.
#[function_component(PolicyOverlay)]
pub fn policy_overlay(props: &PolicyOverlayProps) -> Html {
    let most = props.priors.iter().map(|p| p.prior).fold(0.0f32, f32::max);
    let shown = props
        .priors
        .iter()
        .filter(|p| most > 0.0 && p.prior >= SHADED_FROM * most);
    // Walls first, squares over them; labels over every mark.
    let (walls, squares): (Vec<&MovePrior>, Vec<&MovePrior>) =
        shown.partition(|p| matches!(p.mv, Move::Wall(_)));
    let mark = |p: &MovePrior| {
        let (x, y, w, h, rx) = mark_rect(p.mv, props.size);
        html! {
            <rect class="policy-mark" key={p.mv.to_string()} data-policy={p.mv.to_string()}
                data-prior={format!("{:.4}", p.prior)}
                x={x.to_string()} y={y.to_string()} width={w.to_string()} height={h.to_string()}
                rx={rx.to_string()} style={format!("opacity: {:.3}", policy_opacity(p.prior, most))} />
        }
    };
    let labels = props
        .priors
        .iter()
        .filter(|p| p.prior >= LABELLED_FROM)
        .map(|p| {
            let (x, y, w, h, _) = mark_rect(p.mv, props.size);
            let wall = matches!(p.mv, Move::Wall(_));
            html! {
                <text class={classes!("policy-label", wall.then_some("policy-label-wall"))}
                    x={format!("{:.2}", x + w / 2.0)} y={format!("{:.2}", y + h / 2.0)}>
                    { prior_percent(p.prior) }
                </text>
            }
        });
    html! {
        <g class="policy-overlay" data-testid="policy-overlay" aria-label="the network's policy">
            { for walls.into_iter().map(mark) }
            { for squares.into_iter().map(mark) }
            { for labels }
        </g>
    }
}

/// Props of [`PolicyLegend`].
#[derive(Properties, PartialEq)]
pub struct PolicyLegendProps {
    /// The board's position's priors, most likely first, once known.
    pub priors: Option<Vec<MovePrior>>,
    /// Whether the network gives no priors on this board (no policy head,
    /// or not 9×9).
    pub unsupported: bool,
}

/// The line under the board while the policy overlay is on: what the
/// shading means and the likeliest moves, or why there is none.
#[function_component(PolicyLegend)]
pub fn policy_legend(props: &PolicyLegendProps) -> Html {
    let text = match &props.priors {
        _ if props.unsupported => "Policy: the network has no policy head for this board, \
            so there is nothing to shade."
            .to_string(),
        None => "Policy: asking the network…".to_string(),
        Some(priors) if priors.is_empty() => "Policy: no move to weigh here.".to_string(),
        Some(priors) => {
            let top: Vec<String> = priors
                .iter()
                .take(3)
                .map(|p| format!("{} {}", p.mv, prior_percent(p.prior)))
                .collect();
            format!(
                "Policy: the network's prior for each move before any search, darker \
                 for likelier. Likeliest: {}.",
                top.join(", ")
            )
        }
    };
    let top = props
        .priors
        .as_ref()
        .and_then(|p| p.first())
        .map(|p| p.mv.to_string());
    html! {
        <p class="policy-legend" data-testid="policy-legend" data-top={top}>
            <span class="policy-swatch" aria-hidden="true"></span>{ text }
        </p>
    }
}

/// Props of [`PolicyToggle`].
#[derive(Properties, PartialEq)]
pub struct PolicyToggleProps {
    /// Whether the overlay is on.
    pub on: bool,
    /// Switch it (the new state).
    pub on_toggle: Callback<bool>,
}

/// The button under the board that switches the policy overlay.
#[function_component(PolicyToggle)]
pub fn policy_toggle(props: &PolicyToggleProps) -> Html {
    let on = props.on;
    html! {
        <button class={classes!("policy-toggle", on.then_some("on"))} data-testid="policy-toggle"
            aria-pressed={on.to_string()} onclick={props.on_toggle.reform(move |_: MouseEvent| !on)}
            title="Shade each move by the network's prior (its policy, before any search)">
            { "◩ Policy" }
        </button>
    }
}
