//! The board as SVG: squares, labels, walls, pawns, legal pawn targets, the
//! groove targets that preview and place walls, and optional overlays drawn
//! on top (candidates, PV) by other components with [`super::geometry`].

use std::cell::Cell;

use yew::prelude::*;

use super::geometry::{extent, square_origin, view_box, wall_rect, GROOVE, MARGIN, SQUARE};
use crate::game::{Move, Orientation, Player, Position, Square, Wall};

/// How far a groove target reaches into the squares beside it, so a finger
/// or a mouse finds it easily.
const TARGET_SLACK: f64 = 1.0;

#[derive(Properties, PartialEq)]
pub struct BoardProps {
    /// The position to draw.
    pub position: Position,
    /// The move that led to it, highlighted.
    #[prop_or_default]
    pub last_move: Option<Move>,
    /// The moves that led to `position` (from the start), so each placed wall
    /// is drawn in the colour of the player who placed it.
    #[prop_or_default]
    pub moves: Vec<Move>,
    /// Whether a human may move here (shows targets and wall grooves).
    #[prop_or_default]
    pub interactive: bool,
    /// Whether the game is over in `position` even with no pawn on its goal
    /// row (at the ply limit): then no pawn is marked to move.
    #[prop_or_default]
    pub game_over: bool,
    /// Ghost walls take the other orientation than the groove under the pointer.
    #[prop_or_default]
    pub wall_flip: bool,
    /// A move the human asks for; the reducer checks it.
    #[prop_or_default]
    pub on_move: Callback<Move>,
    /// Overlays drawn above walls and pawns, in board coordinates.
    #[prop_or_default]
    pub children: Html,
}

/// The board: click a highlighted square to move, hover a groove for a ghost
/// wall and click to place it. Illegal ghosts are drawn red with the reason.
#[function_component(Board)]
pub fn board(props: &BoardProps) -> Html {
    let hovered = use_state(|| None::<Wall>);
    // A first tap on a groove only previews (touch has no hover).
    let skip_click = use_memo((), |_| Cell::new(false));
    let position = props.position;
    let size = position.size();
    let ghost = (*hovered)
        .filter(|_| props.interactive)
        .map(|w| oriented(w, props.wall_flip));
    let ghost_error = ghost.and_then(|w| position.check(Move::Wall(w)).err());
    let targets = if props.interactive {
        position.pawn_targets()
    } else {
        Default::default()
    };
    let last_square = match props.last_move {
        Some(Move::Pawn(sq)) => Some(sq),
        _ => None,
    };

    let squares = (0..size).flat_map(|rank| (0..size).map(move |file| (file, rank)));
    let squares = squares.filter_map(|(file, rank)| {
        let sq = Square::new(file, rank)?;
        let (x, y) = square_origin(sq, size);
        let target = targets.has(sq.index(size));
        let class = classes!(
            "square",
            target.then_some("target"),
            (last_square == Some(sq)).then_some("last-move"),
        );
        let onclick = props.on_move.reform(move |_: MouseEvent| Move::Pawn(sq));
        Some(html! {
            <rect {class} data-square={sq.to_string()} x={x.to_string()} y={y.to_string()}
                width={SQUARE.to_string()} height={SQUARE.to_string()} {onclick} />
        })
    });

    let walls = position.walls().map(|w| {
        let last = props.last_move == Some(Move::Wall(w));
        let owner = wall_owner(&props.moves, w).map(|p| format!("by-{}", p.number()));
        let class = classes!("wall", owner, last.then_some("last-move"));
        html! { <WallRect wall={w} {size} {class} /> }
    });

    let grooves = props.interactive.then(|| {
        groove_targets(size).into_iter().map(|(wall, rect, hook)| {
            let enter = {
                let hovered = hovered.clone();
                Callback::from(move |_: PointerEvent| hovered.set(Some(wall)))
            };
            let down = {
                let (hovered, skip_click) = (hovered.clone(), skip_click.clone());
                Callback::from(move |e: PointerEvent| {
                    let first_tap = e.pointer_type() == "touch" && *hovered != Some(wall);
                    skip_click.set(first_tap);
                    hovered.set(Some(wall));
                })
            };
            let click = {
                let (skip_click, on_move, flip) =
                    (skip_click.clone(), props.on_move.clone(), props.wall_flip);
                Callback::from(move |_: MouseEvent| {
                    if !skip_click.replace(false) {
                        on_move.emit(Move::Wall(oriented(wall, flip)));
                    }
                })
            };
            let (x, y, w, h) = rect;
            let class = classes!("groove-target", orientation_class(wall.orientation()));
            let slot = hook.then(|| wall.to_string());
            let key = format!("{wall}{}", if hook { "" } else { "+" });
            html! {
                <rect {key} {class} data-wall-slot={slot} x={x.to_string()} y={y.to_string()}
                    width={w.to_string()} height={h.to_string()}
                    onpointerenter={enter.clone()} onpointermove={enter}
                    onpointerdown={down} onclick={click} />
            }
        })
    });

    let ghost_view = ghost.map(|w| {
        let class = classes!(
            "wall-ghost",
            if ghost_error.is_some() {
                "illegal"
            } else {
                "legal"
            }
        );
        html! { <WallRect wall={w} {size} {class} /> }
    });

    let onpointerleave = {
        let hovered = hovered.clone();
        Callback::from(move |_: PointerEvent| hovered.set(None))
    };
    let reason = match (ghost, &ghost_error) {
        (Some(w), Some(e)) => format!("{w}: {e}"),
        (Some(w), None) => format!("Click to place wall {w}"),
        _ => String::new(),
    };

    html! {
        <figure class="board-figure">
            <svg class="board" viewBox={view_box(size)} role="img" aria-label="Quoridor board"
                {onpointerleave}>
                <Labels {size} />
                <GoalRows {size} />
                { for squares }
                { for walls }
                <Pawns {position} game_over={props.game_over} />
                { for grooves.into_iter().flatten() }
                { for ghost_view }
                { props.children.clone() }
            </svg>
            <figcaption class="wall-ghost-reason" aria-live="polite">{ reason }</figcaption>
        </figure>
    }
}

/// `wall`, or the wall of the other orientation at the same groove crossing.
fn oriented(wall: Wall, flip: bool) -> Wall {
    if !flip {
        return wall;
    }
    Wall::new(wall.corner(), wall.orientation().flip()).unwrap_or(wall)
}

fn orientation_class(o: Orientation) -> &'static str {
    match o {
        Orientation::Horizontal => "horizontal",
        Orientation::Vertical => "vertical",
    }
}

/// `(x, y, width, height)` in board units.
type Rect = (f64, f64, f64, f64);

/// The pointer areas of the grooves: `(wall, rect, hook)`. Each wall slot has
/// one area carrying its `data-wall-slot` hook (`hook` = true): for `e3h` the
/// groove above e3, for `e3v` the groove right of e3. The grooves beside the
/// last file (or rank) get extra areas for the last wall that reaches them.
fn groove_targets(size: u8) -> Vec<(Wall, Rect, bool)> {
    let mut out = Vec::new();
    let wall_at = |file: u8, rank: u8, o: Orientation| {
        Square::new(file, rank).and_then(|corner| Wall::new(corner, o))
    };
    for rank in 0..size.saturating_sub(1) {
        for file in 0..size {
            let Some(sq) = Square::new(file, rank) else {
                continue;
            };
            let (x, y) = square_origin(sq, size);
            // Groove above `sq`: the horizontal wall starting here, or ending here on the last file.
            let h = wall_at(file.min(size - 2), rank, Orientation::Horizontal);
            let h_rect = (
                x,
                y - GROOVE - TARGET_SLACK,
                SQUARE,
                GROOVE + 2.0 * TARGET_SLACK,
            );
            // Groove right of the square in row `rank` and column `file` (transposed).
            let Some(vsq) = Square::new(rank, file) else {
                continue;
            };
            let (vx, vy) = square_origin(vsq, size);
            let v = wall_at(rank, file.min(size - 2), Orientation::Vertical);
            let v_rect = (
                vx + SQUARE - TARGET_SLACK,
                vy,
                GROOVE + 2.0 * TARGET_SLACK,
                SQUARE,
            );
            let hook = file < size - 1;
            out.extend(h.map(|w| (w, h_rect, hook)));
            out.extend(v.map(|w| (w, v_rect, hook)));
        }
    }
    out
}

#[derive(Properties, PartialEq)]
struct WallRectProps {
    wall: Wall,
    size: u8,
    class: Classes,
}

/// Who placed `wall` in `moves` (player 1 makes the even-numbered moves).
fn wall_owner(moves: &[Move], wall: Wall) -> Option<Player> {
    let index = moves.iter().position(|&m| m == Move::Wall(wall))?;
    Some(if index % 2 == 0 {
        Player::One
    } else {
        Player::Two
    })
}

/// One wall (placed or ghost).
#[function_component(WallRect)]
fn wall_rect_view(props: &WallRectProps) -> Html {
    let (x, y, w, h) = wall_rect(props.wall, props.size);
    let placed = props.class.contains("wall").then(|| props.wall.to_string());
    let owner = ["by-1", "by-2"]
        .into_iter()
        .position(|c| props.class.contains(c))
        .map(|i| (i + 1).to_string());
    html! {
        <rect class={props.class.clone()} data-wall={placed} data-owner={owner} x={x.to_string()} y={y.to_string()}
            width={w.to_string()} height={h.to_string()} rx="0.6" />
    }
}

#[derive(Properties, PartialEq)]
struct SizeProps {
    size: u8,
}

/// File letters below the board and rank numbers on its left.
#[function_component(Labels)]
fn labels(props: &SizeProps) -> Html {
    let size = props.size;
    let bottom = extent(size) - MARGIN / 2.0;
    let labels = (0..size).filter_map(|i| {
        let file_sq = Square::new(i, 0)?;
        let rank_sq = Square::new(0, i)?;
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

/// A stripe beside each goal row in the colour of the pawn racing to it.
#[function_component(GoalRows)]
fn goal_rows(props: &SizeProps) -> Html {
    let size = props.size;
    let width = extent(size) - 2.0 * MARGIN;
    let (top, bottom) = (MARGIN - 1.2, extent(size) - MARGIN + 0.4);
    html! {
        <g class="goal-rows">
            <rect class="goal-row goal-row-1" x={MARGIN.to_string()} y={top.to_string()}
                width={width.to_string()} height="0.8" fill="#f7f3ea" />
            <rect class="goal-row goal-row-2" x={MARGIN.to_string()} y={bottom.to_string()}
                width={width.to_string()} height="0.8" fill="#222" />
        </g>
    }
}

#[derive(Properties, PartialEq)]
struct PawnsProps {
    position: Position,
    /// The game is over here (a goal, or the ply limit).
    game_over: bool,
}

/// Both pawns; the one to move is marked.
#[function_component(Pawns)]
fn pawns(props: &PawnsProps) -> Html {
    let position = props.position;
    let size = position.size();
    let pawns = Player::BOTH.into_iter().map(|player| {
        let at = position.pawn(player);
        let (x, y) = square_origin(at, size);
        let to_move = position.turn() == player && !position.is_over() && !props.game_over;
        let class = classes!(
            "pawn",
            format!("pawn-{}", player.number()),
            to_move.then_some("to-move")
        );
        html! {
            <circle {class} data-pawn={player.number().to_string()} data-at={at.to_string()}
                cx={(x + SQUARE / 2.0).to_string()} cy={(y + SQUARE / 2.0).to_string()}
                r={(SQUARE * 0.34).to_string()} />
        }
    });
    html! { <>{ for pawns }</> }
}
