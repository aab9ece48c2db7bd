//! The engine's candidate moves drawn on the board: target squares and
//! ghost walls labelled with their share of visits and win probability.

use yew::prelude::*;

use super::format::{percent, share, win_colour};
use crate::game::Move;
use crate::search::alphabeta::RootMoveScore;
use crate::search::ChildInfo;
use crate::ui::geometry::{square_center, square_origin, wall_center, wall_rect, SQUARE};

/// Props of [`Candidates`].
#[derive(Properties, PartialEq)]
pub struct CandidatesProps {
    /// Squares per side.
    pub size: u8,
    /// Root children, most visited first, as many as should be drawn.
    pub children: Vec<ChildInfo>,
    /// Visits of the root, for the shares.
    pub root_visits: u32,
    /// Alpha-beta: the root moves' scores from the last completed iteration
    /// (then each mark shows its score instead of a visit share).
    #[prop_or_default]
    pub scores: Vec<RootMoveScore>,
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
    let total = props
        .root_visits
        .max(props.children.iter().map(|c| c.visits()).sum());
    let most = props.children.iter().map(|c| c.visits()).max().unwrap_or(0);
    let alphabeta = !props.scores.is_empty();
    let marks = props.children.iter().enumerate().map(|(i, c)| {
        let score = props.scores.iter().find(|r| r.mv == c.mv).map(|r| r.score);
        // Alpha-beta lists the best move first; UCT's best is the most visited.
        let best = if alphabeta { i == 0 } else { c.visits() == most && most > 0 };
        let colour = win_colour(c.win_probability);
        let visits_share = share(c.visits(), total);
        let shape = match c.mv {
            Move::Pawn(sq) => {
                let (x, y) = square_origin(sq, props.size);
                let inset = 0.6;
                html! {
                    <rect class="candidate-mark" x={(x + inset).to_string()} y={(y + inset).to_string()}
                        width={(SQUARE - 2.0 * inset).to_string()} height={(SQUARE - 2.0 * inset).to_string()}
                        rx="1.5" style={format!("fill: {colour}; stroke: {colour}")} />
                }
            }
            Move::Wall(wall) => {
                let (x, y, w, h) = wall_rect(wall, props.size);
                html! {
                    <rect class="candidate-mark" x={x.to_string()} y={y.to_string()}
                        width={w.to_string()} height={h.to_string()} rx="0.4"
                        style={format!("fill: {colour}; stroke: {colour}")} />
                }
            }
        };
        let (cx, cy) = match c.mv {
            Move::Pawn(sq) => square_center(sq, props.size),
            Move::Wall(wall) => wall_center(wall, props.size),
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
                <text class="candidate-share" x={cx.to_string()} y={(cy - 0.6).to_string()}>
                    { score.map_or_else(|| percent(visits_share), short_score) }
                </text>
                <text class="candidate-win" x={cx.to_string()} y={(cy + 2.6).to_string()}>
                    { percent(c.win_probability) }
                </text>
            </g>
        }
    });
    html! {
        <g class="candidates" aria-label="engine candidates">{ for marks }</g>
    }
}

/// A score short enough for a board square: `+1.2` steps of path or `M3`.
fn short_score(score: crate::search::alphabeta::Score) -> String {
    match score {
        crate::search::alphabeta::Score::Cp(cp) => format!("{:+.1}", f64::from(cp) / 100.0),
        crate::search::alphabeta::Score::Mate(n) => format!("M{n}"),
    }
}
