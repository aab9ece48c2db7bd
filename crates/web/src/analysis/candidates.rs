//! The engine's candidate moves drawn on the board: target squares and
//! ghost walls labelled with their win probability and share of visits
//! (alpha-beta: score and win probability), the labels placed apart
//! ([`super::candidate_labels`]), and the legend under the board that says
//! so ([`candidate_legend`]).

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
    // The labels above every mark, so a wall's mark never crosses another's
    // numbers. Each label is one text of two lines, so a flipped board
    // (which turns every text upright about its own centre) keeps the win
    // chance on top.
    let texts = drawn.labels.iter().map(|label| {
        let mv = label.mv.to_string();
        let line = |at: Option<(f64, f64)>, class: &'static str, font: f64, text: &String| {
            at.map(|(x, y)| {
                html! {
                    <tspan class={class} data-label-for={mv.clone()} x={x.to_string()} y={y.to_string()}
                        style={format!("font-size: {font}px")}>{ text.clone() }</tspan>
                }
            })
        };
        let main = line(label.main_at(), "candidate-main", label.main_font(), &label.main);
        let second = line(label.win_at(), "candidate-second", label.win_font(), &label.win);
        html! { <text class="candidate-label">{ for main }{ for second }</text> }
    });
    html! {
        <g class="candidates" aria-label="engine candidates">
            { for marks }
            <g class="candidate-labels">{ for texts }</g>
        </g>
    }
}

/// The line under the board that says what the candidates' two numbers
/// are (`data-testid="candidate-legend"`), while candidates are drawn.
pub fn candidate_legend(drawn: &DrawnCandidates) -> Html {
    let text = if drawn.scores.is_empty() {
        "On the board: each candidate's win chance for the side to move, and \
         under it its share of the search (<1%: barely looked at). Green wins, \
         red loses; the outlined one is the engine's choice."
    } else {
        "On the board: each candidate's score in steps of path (M3: a win in \
         3 plies), and under it the win chance for the side to move. Green \
         wins, red loses; the outlined one is the engine's choice."
    };
    html! { <p class="candidate-legend" data-testid="candidate-legend">{ text }</p> }
}
