//! The board as SVG: squares, labels, goal rows, walls, pawns, legal pawn
//! targets, the groove targets that preview and place walls, and optional
//! overlays drawn on top (candidates, PV) by other components with
//! [`super::geometry`].
//!
//! A flipped board draws the same picture turned half round; every text in
//! the turning drawing (the overlays' too) is turned back upright by CSS
//! (`.board.flipped .board-turn text`), and the labels outside it are placed
//! for the orientation.

mod grooves;
mod marks;
mod taps;

use std::rc::Rc;

use yew::prelude::*;

use super::geometry::{half_turn, square_origin, view_box, wall_rect, SQUARE};
use grooves::{groove_targets, oriented};
use marks::{GoalRows, GoalTags, Labels};
use quoridor_rules::{Move, Player, Position, Square, Wall};
use taps::{Click, Spot, Taps};

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
    /// The position moves are checked against when it is not the drawn one:
    /// for a premove, the drawn one with the turn passed to the person.
    #[prop_or_default]
    pub input: Option<Position>,
    /// The person's queued premove, drawn until it is played.
    #[prop_or_default]
    pub queued: Option<Move>,
    /// Whether the game is over in `position` even with no pawn on its goal
    /// row (at the ply limit): then no pawn is marked to move.
    #[prop_or_default]
    pub game_over: bool,
    /// Ghost walls take the other orientation than the groove under the pointer.
    #[prop_or_default]
    pub wall_flip: bool,
    /// The board is drawn from player 2's side (player 2 at the bottom).
    #[prop_or_default]
    pub flipped: bool,
    /// A move the human asks for; the reducer checks it.
    #[prop_or_default]
    pub on_move: Callback<Move>,
    /// Overlays drawn above walls and pawns, in board coordinates.
    #[prop_or_default]
    pub children: Html,
}

/// The board: click a highlighted square to move (or focus it and press
/// Enter); hover a groove for a ghost wall and click to place it. A finger
/// has no hover: a first tap on a groove previews its wall, a second tap on
/// it places the wall, a tap on another groove moves the preview. Illegal
/// ghosts are drawn red with the reason.
#[function_component(Board)]
pub fn board(props: &BoardProps) -> Html {
    // The groove under the mouse.
    let hovered = use_state_eq(|| None::<Wall>);
    // The groove a finger tapped once: its wall is previewed until tapped again.
    let armed = use_state_eq(|| None::<Wall>);
    // The finger on the board, to tell its taps from mouse clicks.
    let taps = use_memo((), |_| Rc::new(Taps::default()));
    let position = props.position;
    {
        let armed = armed.clone();
        use_effect_with(position, move |_| armed.set(None));
    }
    let size = position.size();
    // No ghost over a wall already on the board: the mouse left where a
    // wall was just placed would otherwise draw it red, "overlaps itself".
    let ghost = (*armed)
        .or(*hovered)
        .filter(|_| props.interactive)
        .map(|w| oriented(w, props.wall_flip))
        .filter(|w| !position.walls().any(|placed| placed == *w));
    let input = props.input.unwrap_or(position);
    let ghost_error = ghost.and_then(|w| input.check(Move::Wall(w)).err());
    let targets = if props.interactive {
        input.pawn_targets()
    } else {
        Default::default()
    };
    let last_square = match props.last_move {
        Some(Move::Pawn(sq)) => Some(sq),
        _ => None,
    };

    let all_squares = (0..size).flat_map(|rank| (0..size).map(move |file| (file, rank)));
    let all_squares = all_squares.filter_map(|(file, rank)| Square::new(file, rank));
    let square_view = |sq: Square| {
        let (x, y) = square_origin(sq, size);
        let target = targets.has(sq.index(size));
        let class = classes!(
            "square",
            target.then_some("target"),
            (last_square == Some(sq)).then_some("last-move"),
        );
        let pawn_to = {
            let (on_move, armed) = (props.on_move.clone(), armed.clone());
            Callback::from(move |()| {
                armed.set(None);
                on_move.emit(Move::Pawn(sq));
            })
        };
        let onpointerdown = {
            let taps = taps.clone();
            Callback::from(move |e: PointerEvent| taps.down(Spot::Square(sq), &e))
        };
        let onpointerup = {
            let (taps, pawn_to) = (taps.clone(), pawn_to.clone());
            Callback::from(move |e: PointerEvent| {
                if taps.up(Spot::Square(sq), &e) {
                    pawn_to.emit(());
                }
            })
        };
        let onclick = {
            let (taps, pawn_to) = (taps.clone(), pawn_to.clone());
            Callback::from(move |e: MouseEvent| {
                if taps.click(&e) != Click::Done {
                    pawn_to.emit(());
                }
            })
        };
        // Target squares are buttons for the keyboard and screen readers.
        let onkeydown = target.then(|| {
            let pawn_to = pawn_to.clone();
            Callback::from(move |e: KeyboardEvent| {
                if matches!(e.key().as_str(), "Enter" | " ") {
                    e.prevent_default();
                    pawn_to.emit(());
                }
            })
        });
        let label = target.then(|| format!("Move to {sq}"));
        html! {
            <rect {class} data-square={sq.to_string()} x={x.to_string()} y={y.to_string()}
                width={SQUARE.to_string()} height={SQUARE.to_string()}
                {onpointerdown} {onpointerup} {onclick} {onkeydown}
                tabindex={target.then_some("0")} role={target.then_some("button")}
                aria-label={label} />
        }
    };
    // Target squares are drawn above the groove areas, which reach into squares.
    let plain_squares = all_squares
        .clone()
        .filter(|sq| !targets.has(sq.index(size)))
        .map(square_view);
    let target_squares = all_squares
        .filter(|sq| targets.has(sq.index(size)))
        .map(square_view);

    let walls = position.walls().map(|w| {
        let last = props.last_move == Some(Move::Wall(w));
        let owner = wall_owner(&props.moves, w).map(|p| format!("by-{}", p.number()));
        let class = classes!("wall", owner, last.then_some("last-move"));
        html! { <WallRect key={w.to_string()} wall={w} {size} {class} /> }
    });

    let grooves = props.interactive.then(|| {
        groove_targets(size).into_iter().map(|target| {
            let wall = target.wall;
            let enter = {
                let hovered = hovered.clone();
                Callback::from(move |e: PointerEvent| {
                    if e.pointer_type() != "touch" {
                        hovered.set(Some(wall));
                    }
                })
            };
            let place = {
                let (armed, hovered, on_move, flip) = (
                    armed.clone(),
                    hovered.clone(),
                    props.on_move.clone(),
                    props.wall_flip,
                );
                Callback::from(move |()| {
                    armed.set(None);
                    hovered.set(None);
                    on_move.emit(Move::Wall(oriented(wall, flip)));
                })
            };
            // A first tap previews the wall, a second on the same groove places it.
            let tap = {
                let (armed, place) = (armed.clone(), place.clone());
                Callback::from(move |()| {
                    if *armed == Some(wall) {
                        place.emit(());
                    } else {
                        armed.set(Some(wall));
                    }
                })
            };
            let down = {
                let taps = taps.clone();
                Callback::from(move |e: PointerEvent| taps.down(Spot::Groove(wall), &e))
            };
            let up = {
                let (taps, tap) = (taps.clone(), tap.clone());
                Callback::from(move |e: PointerEvent| {
                    if taps.up(Spot::Groove(wall), &e) {
                        tap.emit(());
                    }
                })
            };
            let click = {
                let taps = taps.clone();
                Callback::from(move |e: MouseEvent| match taps.click(&e) {
                    Click::Mouse => place.emit(()),
                    Click::Tap => tap.emit(()),
                    Click::Done => {}
                })
            };
            let class = classes!("groove-target", target.side.word());
            let slot = target.hook.then(|| wall.to_string());
            let key = format!("{wall}{}", if target.hook { "" } else { "+" });
            html! {
                <polygon {key} {class} data-wall-slot={slot} points={target.points}
                    onpointerenter={enter.clone()} onpointermove={enter}
                    onpointerdown={down} onpointerup={up} onclick={click} />
            }
        })
    });

    let queued = props.queued.map(|mv| match mv {
        Move::Wall(w) => html! { <WallRect wall={w} {size} class="premove" /> },
        Move::Pawn(sq) => {
            let (x, y) = square_origin(sq, size);
            html! {
                <rect class="premove" data-premove={sq.to_string()} x={x.to_string()} y={y.to_string()}
                    width={SQUARE.to_string()} height={SQUARE.to_string()} />
            }
        }
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
    let onpointerdown = {
        let taps = taps.clone();
        Callback::from(move |e: PointerEvent| taps.any_down(&e))
    };
    let onpointermove = {
        let taps = taps.clone();
        Callback::from(move |e: PointerEvent| taps.mouse_moved(&e))
    };
    let onpointercancel = {
        let taps = taps.clone();
        Callback::from(move |_: PointerEvent| taps.cancel())
    };
    let ontouchstart = {
        let taps = taps.clone();
        Callback::from(move |_: TouchEvent| taps.touch_started())
    };
    let reason = match (ghost, &ghost_error) {
        (Some(w), Some(e)) => format!("{w}: {e}"),
        (Some(w), None) if armed.is_some() => format!("Tap again to place wall {w}"),
        (Some(w), None) => format!("Click to place wall {w}"),
        _ => String::new(),
    };
    let flipped = props.flipped;
    let label = board_label(&position, props.game_over);

    html! {
        <figure class="board-figure">
            <svg class={classes!("board", flipped.then_some("flipped"))} viewBox={view_box(size)}
                role="group" aria-label={label} aria-describedby="board-keys-hint"
                data-flipped={flipped.to_string()}
                {onpointerleave} {onpointerdown} {onpointermove} {onpointercancel} {ontouchstart}>
                <Labels {size} {flipped} />
                <GoalTags variant={position.variant()} {flipped} />
                <g class="board-turn" transform={flipped.then(|| half_turn(size))}>
                    { for plain_squares }
                    <GoalRows variant={position.variant()} />
                    { for walls }
                    <Pawns {position} game_over={props.game_over} />
                    { for grooves.into_iter().flatten() }
                    { for target_squares }
                    { for queued }
                    { for ghost_view }
                    { props.children.clone() }
                </g>
            </svg>
            <p id="board-keys-hint" class="visually-hidden">
                { "Press Tab to reach the squares the pawn can move to and Enter to move there. \
                   Place walls by typing them in the move box below the board, e.g. e3h." }
            </p>
            <figcaption class="wall-ghost-reason" aria-live="polite">{ reason }</figcaption>
        </figure>
    }
}

/// What a screen reader hears for the board: whose turn it is and where the
/// pawns stand.
fn board_label(position: &Position, game_over: bool) -> String {
    let turn = if position.is_over() || game_over {
        "game over".to_string()
    } else {
        format!("player {} to move", position.turn().number())
    };
    let pawns =
        Player::BOTH.map(|p| format!("player {}'s pawn on {}", p.number(), position.pawn(p)));
    format!("Quoridor board, {turn}; {}, {}", pawns[0], pawns[1])
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
            <circle key={player.number()} {class} data-pawn={player.number().to_string()}
                data-at={at.to_string()}
                cx={(x + SQUARE / 2.0).to_string()} cy={(y + SQUARE / 2.0).to_string()}
                r={(SQUARE * 0.34).to_string()} />
        }
    });
    html! { <>{ for pawns }</> }
}
