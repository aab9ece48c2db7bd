//! What the board shows around and under its squares: the file and rank
//! labels and the goal rows. Labels and goal tags are placed for the board's
//! orientation so they stay upright and where players look for them (files
//! below, ranks on the left); the goal bands and stripes lie in the turning
//! drawing and turn with it.

use yew::prelude::*;

use crate::geometry::{extent, seen_from, square_origin, MARGIN, SQUARE};
use quoridor_rules::{Player, Square, Variant};

#[derive(Properties, PartialEq)]
pub struct OrientedProps {
    /// Squares per side.
    pub size: u8,
    /// The board is drawn from player 2's side.
    pub flipped: bool,
}

/// File letters below the board and rank numbers on its left, in the order
/// the squares are drawn (h..a and 1..9 downwards on a flipped board).
#[function_component(Labels)]
pub fn labels(props: &OrientedProps) -> Html {
    let (size, flipped) = (props.size, props.flipped);
    let bottom = extent(size) - MARGIN / 2.0;
    let labels = (0..size).filter_map(|i| {
        let file_sq = seen_from(Square::new(i, 0)?, size, flipped);
        let rank_sq = seen_from(Square::new(0, i)?, size, flipped);
        let (fx, _) = square_origin(file_sq, size);
        let (_, ry) = square_origin(rank_sq, size);
        let file = char::from(b'a' + i);
        Some(html! {
            <>
                <text class="label file-label" x={(fx + SQUARE / 2.0).to_string()}
                    y={bottom.to_string()}>{ file }</text>
                <text class="label rank-label" x={(MARGIN / 2.0).to_string()}
                    y={(ry + SQUARE / 2.0).to_string()}>{ i + 1 }</text>
            </>
        })
    });
    html! { <g class="labels">{ for labels }</g> }
}

#[derive(Properties, PartialEq)]
pub struct GoalProps {
    /// The game's board size and goal rows.
    pub variant: Variant,
    /// The board is drawn from player 2's side.
    #[prop_or_default]
    pub flipped: bool,
}

/// A "goal" tag in the right-hand margin beside each goal row, in the colour
/// of the pawn racing to it.
#[function_component(GoalTags)]
pub fn goal_tags(props: &GoalProps) -> Html {
    let (variant, flipped) = (props.variant, props.flipped);
    let size = variant.size();
    let x = extent(size) - MARGIN + 0.8;
    let width = MARGIN - 1.6;
    let tags = Player::BOTH.into_iter().filter_map(|player| {
        let rank = variant.goal_rank(player);
        let (_, y) = square_origin(seen_from(Square::new(0, rank)?, size, flipped), size);
        let n = player.number();
        let (cx, cy) = (x + width / 2.0, y + SQUARE / 2.0);
        let title = format!("Player {n}'s goal: rank {}", rank + 1);
        Some(html! {
            <g class={format!("goal-tag goal-tag-{n}")} data-goal-of={n.to_string()}
                data-goal-rank={(rank + 1).to_string()}>
                <title>{ title }</title>
                <rect class="goal-tag-back" x={x.to_string()} y={(y + 0.4).to_string()}
                    width={width.to_string()} height={(SQUARE - 0.8).to_string()} rx="1" />
                <text class="goal-tag-text" x={cx.to_string()} y={cy.to_string()}
                    transform={format!("rotate(90 {cx} {cy})")}>{ "goal" }</text>
            </g>
        })
    });
    html! { <g class="goal-tags">{ for tags }</g> }
}

/// A stripe in the margin beyond each goal row and a tinted band over the
/// goal row itself, in the colour of the pawn racing to it.
#[function_component(GoalRows)]
pub fn goal_rows(props: &GoalProps) -> Html {
    let variant = props.variant;
    let size = variant.size();
    let width = extent(size) - 2.0 * MARGIN;
    let rows = Player::BOTH.into_iter().filter_map(|player| {
        let rank = variant.goal_rank(player);
        let (_, y) = square_origin(Square::new(0, rank)?, size);
        let n = player.number();
        // The stripe lies on the far side of the goal row, where the pawn is headed.
        let stripe_y = if rank == 0 { y + SQUARE + 0.3 } else { y - 1.7 };
        Some(html! {
            <>
                <rect class={format!("goal-row goal-row-{n}")} x={MARGIN.to_string()}
                    y={stripe_y.to_string()} width={width.to_string()} height="1.4" />
                <rect class={format!("goal-band goal-band-{n}")} data-goal-of={n.to_string()}
                    data-goal-rank={(rank + 1).to_string()} x={MARGIN.to_string()}
                    y={y.to_string()} width={width.to_string()} height={SQUARE.to_string()} />
            </>
        })
    });
    html! { <g class="goal-rows">{ for rows }</g> }
}
