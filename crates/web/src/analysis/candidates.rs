//! The engine's candidate moves drawn on the board: target squares and
//! ghost walls labelled with their share of visits and win probability,
//! the labels placed apart ([`super::candidate_labels`]).

use yew::prelude::*;

use super::candidate_labels::{mark_rect, DrawnCandidates};
use super::format::{percent, share, win_colour};
use quoridor_rules::Move;

/// Props of [`Candidates`].
#[derive(Properties, PartialEq)]
pub struct CandidatesProps {
    /// Squares per side.
    pub size: u8,
    /// The candidates to draw with their labels (alpha-beta's carry root
    /// scores: then each mark shows its score instead of a visit share).
    pub drawn: DrawnCandidates,
    /// The pointer entered (`Some`) or left (`None`) a candidate.
    #[prop_or_default]
    pub on_hover: Callback<Option<Move>>,
    /// A candidate was clicked (play it, where a human may move).
    #[prop_or_default]
    pub on_play: Callback<Move>,
}

/// An SVG group for the board's overlay: one mark per candidate, coloured
/// by win probability for the mover, the most visited one outlined.
#[function_component(Candidates)]
pub fn candidates(props: &CandidatesProps) -> Html {
    let drawn = &props.drawn;
    let total = drawn
        .root_visits
        .max(drawn.children.iter().map(|c| c.visits()).sum());
    let most = drawn.children.iter().map(|c| c.visits()).max().unwrap_or(0);
    let alphabeta = !drawn.scores.is_empty();
    let marks = drawn.children.iter().enumerate().map(|(i, c)| {
        let score = drawn.scores.iter().find(|r| r.mv == c.mv).map(|r| r.score);
        // Alpha-beta lists the best move first; UCT's best is the most visited.
        let best = if alphabeta { i == 0 } else { c.visits() == most && most > 0 };
        let colour = win_colour(c.win_probability);
        let visits_share = share(c.visits(), total);
        let (x, y, w, h, rx) = mark_rect(c.mv, props.size);
        let shape = html! {
            <rect class="candidate-mark" x={x.to_string()} y={y.to_string()}
                width={w.to_string()} height={h.to_string()} rx={rx.to_string()}
                style={format!("fill: {colour}; stroke: {colour}")} />
        };
        let mv = c.mv;
        let enter = props.on_hover.reform(move |_: MouseEvent| Some(mv));
        let leave = props.on_hover.reform(|_: MouseEvent| None);
        let click = props.on_play.reform(move |_: MouseEvent| mv);
        html! {
            <g class={classes!("candidate", best.then_some("best"), matches!(c.mv, Move::Wall(_)).then_some("candidate-wall"))}
                key={c.mv.to_string()}
                data-candidate={c.mv.to_string()} data-visits={c.visits().to_string()}
                data-win={format!("{:.4}", c.win_probability)}
                data-score={score.map(|s| s.to_string())}
                onmouseenter={enter} onmouseleave={leave} onclick={click}>
                <title>{ match score {
                    Some(score) => format!("{}: {score}, wins {}", c.mv, percent(c.win_probability)),
                    None => format!("{}: {} visits ({}), wins {}", c.mv, c.visits(), percent(visits_share), percent(c.win_probability)),
                } }</title>
                { shape }
            </g>
        }
    });
    // The labels above every mark, so a wall's mark never crosses another's numbers.
    let texts = drawn.labels.iter().map(|label| {
        let mv = label.mv.to_string();
        let main = label.main_at().map(|(x, y)| {
            html! {
                <text class="candidate-share" data-label-for={mv.clone()} x={x.to_string()} y={y.to_string()}
                    style={format!("font-size: {}px", label.main_font())}>{ label.main.clone() }</text>
            }
        });
        let win = label.win_at().map(|(x, y)| {
            html! {
                <text class="candidate-win" data-label-for={mv.clone()} x={x.to_string()} y={y.to_string()}
                    style={format!("font-size: {}px", label.win_font())}>{ label.win.clone() }</text>
            }
        });
        html! { <>{ for main }{ for win }</> }
    });
    html! {
        <g class="candidates" aria-label="engine candidates">
            { for marks }
            <g class="candidate-labels">{ for texts }</g>
        </g>
    }
}
