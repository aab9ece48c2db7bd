//! The clocks above the board (`data-testid="clock-1"`, `"clock-2"`, each
//! with `data-ms` and `data-running`), the top player's first as on the
//! board: an online game's, projected from the server's last reading, or a
//! game on this device's. The running one ticks, with tenths under ten
//! seconds; on this device, a clock reaching zero asks the page to end the
//! game.

use quoridor_page::online::clock::clock_text;
use quoridor_rules::Player;
use yew::prelude::*;

use super::model::{Action, AppState};
use super::online::panel::use_ticking;

#[derive(Properties, PartialEq)]
pub struct ClocksProps {
    /// Each player's time left at `read_at` (this browser's ms); `None`
    /// without a clock.
    pub left_ms: [Option<u64>; 2],
    /// When they were read.
    pub read_at: f64,
    /// Whose clock runs.
    pub running: Option<Player>,
    /// How each player is named ("You", "Opponent", "Engine", …).
    pub names: [&'static str; 2],
    /// Whether the board is turned (player 1 at the top).
    pub flipped: bool,
    /// Told when the running clock reaches zero (a game on this device).
    #[prop_or_default]
    pub on_zero: Option<Callback<Action>>,
}

/// The clocks' props from the page's state: the online game's, else the
/// clocks of a game on this device; `None` without clocks.
pub fn clocks_of(state: &AppState, now: f64, on_action: &Callback<Action>) -> Option<ClocksProps> {
    let flipped = state.page.board_flipped;
    if let Some(online) = &state.online {
        let running = online.running().filter(|_| online.result.is_none());
        let name = |p: Player| match online.you {
            Some(you) if you == p => "You",
            Some(_) => "Opponent",
            None if p == Player::One => "Player 1",
            None => "Player 2",
        };
        return Some(ClocksProps {
            left_ms: Player::BOTH.map(|p| online.remaining_ms(p, now)),
            read_at: now,
            running,
            names: Player::BOTH.map(name),
            flipped,
            on_zero: None,
        });
    }
    let clock = state.clock.as_ref()?;
    let seats = state.board.seats;
    let humans = seats == [super::model::Seat::Human; 2];
    let name = |p: Player| match (seats[p.index()], humans, p) {
        (super::model::Seat::Engine, _, _) => "Engine",
        (_, false, _) => "You",
        (_, true, Player::One) => "Player 1",
        (_, true, Player::Two) => "Player 2",
    };
    Some(ClocksProps {
        left_ms: Player::BOTH.map(|p| Some(clock.left(p, now))),
        read_at: now,
        running: clock.running.map(|(p, _)| p),
        names: Player::BOTH.map(name),
        flipped,
        on_zero: Some(on_action.clone()),
    })
}

/// Both clocks.
#[function_component(Clocks)]
pub fn clocks(props: &ClocksProps) -> Html {
    use_ticking(props.running.is_some(), 100);
    let now = js_sys::Date::now();
    let left_now = |player: Player| {
        props.left_ms[player.index()].map(|ms| {
            if props.running == Some(player) {
                ms.saturating_sub((now - props.read_at).max(0.0) as u64)
            } else {
                ms
            }
        })
    };
    // The running clock at zero asks the page, once, to end the game (from
    // an effect: a render only draws).
    let fallen = props.running.filter(|&p| left_now(p) == Some(0));
    {
        let on_zero = props.on_zero.clone();
        use_effect_with(fallen, move |fallen| {
            if let (Some(_), Some(on_zero)) = (fallen, on_zero) {
                on_zero.emit(Action::ClockTick);
            }
        });
    }
    let order = if props.flipped {
        [Player::One, Player::Two]
    } else {
        [Player::Two, Player::One]
    };
    let clock = |player: Player| {
        let is_running = props.running == Some(player);
        let left = left_now(player);
        let text = left.map_or_else(|| "no clock".to_string(), clock_text);
        let low = left.is_some_and(|ms| ms < 20_000);
        html! {
            <div class={classes!("online-clock", is_running.then_some("running"), low.then_some("low"))}
                data-testid={format!("clock-{}", player.number())}
                data-ms={left.map(|ms| ms.to_string())} data-running={is_running.to_string()}>
                <span class="clock-name">{ props.names[player.index()] }</span>
                <span class="clock-time">{ text }</span>
            </div>
        }
    };
    html! {
        <div class="online-clocks" aria-label="Clocks">
            { for order.into_iter().map(clock) }
        </div>
    }
}
