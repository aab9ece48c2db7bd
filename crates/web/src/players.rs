//! The turn/winner line and each player's wall stock.

use yew::prelude::*;

use super::model::Seat;
use super::model::Turn;
use quoridor_rules::{EndedBy, Outcome, Player, Position};

#[derive(Properties, PartialEq)]
pub struct StatusProps {
    /// Whose turn it is in the shown position, or who won there.
    pub turn: Turn,
    /// Who plays each side.
    pub seats: [Seat; 2],
    /// Whether an earlier position is shown.
    pub viewing_past: bool,
    /// The shown ply and the ply limit, when the limit is near.
    pub near_limit: Option<(usize, usize)>,
    /// A line in place of the usual one (an online game's: "Your move",
    /// how it ended).
    #[prop_or_default]
    pub line: Option<String>,
}

/// Who is to move, or who won and how (`data-testid="status"`; `data-ended`
/// is `goal`, `ply-limit` or `resignation` once the game is over in the shown position).
#[function_component(Status)]
pub fn status(props: &StatusProps) -> Html {
    let name = |p: Player| capitalise(&player_name(p, props.seats));
    let mut text = props.line.clone().unwrap_or_else(|| match props.turn {
        Turn::Over(Outcome {
            winner,
            by: EndedBy::Resignation,
        }) => format!(
            "{} wins: {} resigned",
            name(winner),
            player_name(winner.other(), props.seats)
        ),
        Turn::Over(outcome) => match outcome.how_note() {
            Some(how) => format!("{} wins: {how}", name(outcome.winner)),
            None => format!("{} wins!", name(outcome.winner)),
        },
        Turn::Thinking(player) => format!("{} is thinking…", name(player)),
        Turn::ToMove(player) => format!("{} to move", name(player)),
    });
    if let Some((ply, limit)) = props.near_limit {
        text.push_str(&format!(" · ply {ply} of {limit}"));
    }
    let ended = match props.turn {
        Turn::Over(Outcome {
            by: EndedBy::Goal, ..
        }) => Some("goal"),
        Turn::Over(Outcome {
            by: EndedBy::Resignation,
            ..
        }) => Some("resignation"),
        Turn::Over(Outcome {
            by: EndedBy::Timeout,
            ..
        }) => Some("timeout"),
        Turn::Over(_) => Some("ply-limit"),
        _ => None,
    };
    let class = classes!(
        "status",
        ended.is_some().then_some("game-over"),
        props.viewing_past.then_some("viewing-past")
    );
    html! { <p {class} data-testid="status" data-ended={ended} aria-live="polite">{ text }</p> }
}

/// "player 1 (you)", "player 2 (engine)".
pub fn player_name(p: Player, seats: [Seat; 2]) -> String {
    let who = match (seats[p.index()], seats) {
        (Seat::Engine, _) => "engine",
        (Seat::Human, [Seat::Human, Seat::Human]) => "human",
        (Seat::Human, _) => "you",
    };
    format!("{p} ({who})")
}

/// `text` with its first letter in capitals: the names are ASCII, and
/// `char::to_uppercase` would link Unicode's case tables into the page.
fn capitalise(text: &str) -> String {
    let mut chars = text.chars();
    chars
        .next()
        .map(|c| c.to_ascii_uppercase().to_string() + chars.as_str())
        .unwrap_or_default()
}

#[derive(Properties, PartialEq)]
pub struct StocksProps {
    /// The position shown.
    pub position: Position,
    /// Who plays each side.
    pub seats: [Seat; 2],
    /// Whether the game is over there (then no side is marked to move).
    #[prop_or_default]
    pub game_over: bool,
}

/// Each player's walls in stock, as a row of small bars and a number.
#[function_component(WallStocks)]
pub fn wall_stocks(props: &StocksProps) -> Html {
    let rows = Player::BOTH.into_iter().map(|p| {
        let left = props.position.walls_left(p);
        let bars = (0..left).map(|_| html! { <span class="stock-wall"></span> });
        let class = classes!(
            "wall-stock",
            format!("wall-stock-{}", p.number()),
            (props.position.turn() == p && !props.game_over).then_some("to-move")
        );
        html! {
            <div {class} data-stock={p.number().to_string()} data-walls={left.to_string()}>
                <span class={classes!("stock-pawn", format!("pawn-{}", p.number()))}></span>
                <span class="stock-name">{ player_name(p, props.seats) }</span>
                <span class="stock-walls">{ for bars }</span>
                <span class="stock-count">{ format!("{left} wall{}", if left == 1 { "" } else { "s" }) }</span>
            </div>
        }
    });
    html! { <div class="wall-stocks">{ for rows }</div> }
}
