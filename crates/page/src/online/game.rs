//! An online game as this page sees it: the room, this browser's seat, the
//! connection, and what the server last said of the clocks, the players'
//! presence, the spectators and the rematch. The moves themselves live on
//! the page's board ([`crate::model::AppState`] applies the frames); this
//! holds the rest, and the frames waiting to be sent.

use super::route::HeldSeat;
use super::wire::{ClientFrame, ClockReading, EndReason, GameResult, RoomState, RoomStatus};
use quoridor_rules::Player;

/// The connection to the room.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Connection {
    /// Opening, or waiting for the server's snapshot.
    Connecting,
    /// Live.
    Open,
    /// Dropped: the page tries again by itself.
    Lost,
    /// This seat was opened in another tab or device, which now holds it.
    Replaced,
}

/// The frames the page has queued for the server, numbered so the
/// connection sends each once (it remembers the last number it sent).
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Outbox {
    /// The number of the last frame queued.
    pub last: u64,
    /// The latest frames with their numbers (the oldest dropped past 32).
    pub frames: Vec<(u64, ClientFrame)>,
}

impl Outbox {
    /// Queues `frame`.
    pub fn push(&mut self, frame: ClientFrame) {
        self.last += 1;
        self.frames.push((self.last, frame));
        if self.frames.len() > 32 {
            self.frames.remove(0);
        }
    }

    /// The frames queued after number `sent`.
    pub fn after(&self, sent: u64) -> impl Iterator<Item = &(u64, ClientFrame)> {
        self.frames.iter().filter(move |(n, _)| *n > sent)
    }
}

/// An online game's state beside its board.
#[derive(Clone, Debug, PartialEq)]
pub struct OnlineGame {
    /// The room.
    pub room: String,
    /// This browser's seat, if it holds one (else it watches).
    pub held: Option<HeldSeat>,
    /// The seat the server says this connection plays; `None` watching.
    pub you: Option<Player>,
    /// Waiting for the friend, playing, or over.
    pub status: RoomStatus,
    /// The time control (`10+5`, `unlimited`, `corr:3`).
    pub control: String,
    /// The clocks the server last sent.
    pub clock: ClockReading,
    /// The server time of that reading.
    pub clock_at_ms: u64,
    /// The server's clock minus this browser's, from the last snapshot.
    pub offset_ms: f64,
    /// Whether each seat is taken, and whether its player is connected.
    pub taken: [bool; 2],
    /// Whether each player is connected.
    pub here: [bool; 2],
    /// Since when each player is away (server ms).
    pub away_since_ms: [Option<u64>; 2],
    /// How long the player to move must be away before a claim holds.
    pub claim_after_ms: Option<u64>,
    /// How many watch.
    pub spectators: usize,
    /// Each seat's rematch offer.
    pub rematch_offers: [bool; 2],
    /// The result, once over.
    pub result: Option<GameResult>,
    /// The room of the agreed rematch.
    pub rematch_room: Option<String>,
    /// How many of the board's moves the server has stored.
    pub confirmed: usize,
    /// The connection.
    pub connection: Connection,
    /// Raised to make the page connect afresh (after a drop, to resync, or
    /// to take the seat back).
    pub epoch: u32,
    /// The frames to send.
    pub outbox: Outbox,
}

impl OnlineGame {
    /// A room opened in this page, before the server has said anything.
    pub fn new(room: String, held: Option<HeldSeat>) -> OnlineGame {
        let you = held.as_ref().and_then(|h| {
            Player::BOTH
                .get(usize::from(h.seat).wrapping_sub(1))
                .copied()
        });
        OnlineGame {
            room,
            held,
            you,
            status: RoomStatus::Waiting,
            control: String::new(),
            clock: ClockReading::default(),
            clock_at_ms: 0,
            offset_ms: 0.0,
            taken: [false; 2],
            here: [false; 2],
            away_since_ms: [None; 2],
            claim_after_ms: None,
            spectators: 0,
            rematch_offers: [false; 2],
            result: None,
            rematch_room: None,
            confirmed: 0,
            connection: Connection::Connecting,
            epoch: 0,
            outbox: Outbox::default(),
        }
    }

    /// The hello frame: with this browser's secret, if it holds a seat.
    pub fn hello(&self) -> ClientFrame {
        ClientFrame::Hello {
            protocol: super::wire::PROTOCOL_VERSION,
            secret: self.held.as_ref().map(|h| h.secret.clone()),
        }
    }

    /// Takes in a snapshot's room-level facts (the board takes its moves);
    /// `now_ms` is this browser's clock when it arrived.
    pub fn saw_state(&mut self, state: &RoomState, now_ms: f64) {
        self.you = state.you.and_then(seat_player);
        self.status = state.status;
        self.control = state.control.clone();
        self.clock = state.clock.clone();
        self.clock_at_ms = state.server_ms;
        self.offset_ms = state.server_ms as f64 - now_ms;
        for (i, seat) in state.seats.iter().take(2).enumerate() {
            self.taken[i] = seat.taken;
            self.here[i] = seat.here;
            self.away_since_ms[i] = seat.away_since_ms;
            self.rematch_offers[i] = seat.rematch_offer;
        }
        self.claim_after_ms = state.claim_after_ms;
        self.spectators = state.spectators;
        self.result = state.result;
        self.rematch_room = state.rematch.clone();
        self.confirmed = state.moves.len();
        self.connection = Connection::Open;
    }

    /// A move the server stored, with the clocks after it.
    pub fn saw_move(&mut self, ply: usize, at_ms: u64, clock: ClockReading) {
        self.confirmed = self.confirmed.max(ply + 1);
        self.clock = clock;
        self.clock_at_ms = at_ms;
        if self.status == RoomStatus::Waiting {
            self.status = RoomStatus::Playing;
        }
    }

    /// The game ended.
    pub fn saw_end(&mut self, result: GameResult) {
        self.status = RoomStatus::Over;
        self.result = Some(result);
        // The clocks stop where they stood at the end.
        if let Some(running) = self.clock.running.take() {
            let spent = result.at_ms.saturating_sub(self.clock_at_ms);
            if let Some(left) = self.clock.remaining_ms.get_mut(running) {
                *left = left.saturating_sub(spent);
            }
        }
        self.clock_at_ms = result.at_ms;
    }

    /// A player came or went; `now_ms` is this browser's clock.
    pub fn saw_presence(&mut self, seat: u8, here: bool, now_ms: f64) {
        if let Some(player) = seat_player(seat) {
            self.here[player.index()] = here;
            self.away_since_ms[player.index()] =
                (!here).then(|| (now_ms + self.offset_ms).max(0.0) as u64);
        }
    }

    /// The server's clock now, read from this browser's.
    pub fn server_now(&self, now_ms: f64) -> u64 {
        (now_ms + self.offset_ms).max(0.0) as u64
    }

    /// `player`'s time left at this browser's `now_ms`; `None` without a
    /// clock (unlimited).
    pub fn remaining_ms(&self, player: Player, now_ms: f64) -> Option<u64> {
        let left = *self.clock.remaining_ms.get(player.index())?;
        Some(if self.clock.running == Some(player.index()) {
            left.saturating_sub(self.server_now(now_ms).saturating_sub(self.clock_at_ms))
        } else {
            left
        })
    }

    /// Whose clock runs.
    pub fn running(&self) -> Option<Player> {
        self.clock
            .running
            .and_then(|i| Player::BOTH.get(i).copied())
    }

    /// Whether the game goes on (a move may be played).
    pub fn live(&self) -> bool {
        self.status == RoomStatus::Playing
            || (self.status == RoomStatus::Waiting && self.taken == [true; 2])
    }

    /// Why this browser may not move now with `turn` to move, if it may not.
    pub fn why_not_move(&self, turn: Player) -> Option<&'static str> {
        if self.result.is_some() || self.status == RoomStatus::Over {
            return Some("The game is over.");
        }
        let Some(you) = self.you else {
            return Some("You are watching this game.");
        };
        if self.taken != [true; 2] && self.status == RoomStatus::Waiting {
            return Some("Your friend has not joined yet: send them the invite link.");
        }
        if self.connection != Connection::Open {
            return Some("Not connected to the game: reconnecting…");
        }
        (turn != you).then_some("It is your opponent's turn.")
    }

    /// Whether both players have moved (the clock runs; abort no longer
    /// applies, resign does).
    pub fn both_moved(&self, moves: usize) -> bool {
        moves >= 2
    }

    /// When `player`, to move and away, may be claimed against (server
    /// ms), if they may be.
    pub fn claim_from_ms(&self, player: Player) -> Option<u64> {
        let since = self.away_since_ms[player.index()]?;
        Some(since + self.claim_after_ms?)
    }

    /// What happened, in words, from this browser's side.
    pub fn result_text(&self) -> Option<String> {
        let result = self.result?;
        let winner = result.winner.and_then(seat_player);
        let who = |p: Player| match self.you {
            Some(you) if you == p => "You".to_string(),
            Some(_) => "Your opponent".to_string(),
            None => p.to_string(),
        };
        let text = match (result.reason, winner) {
            (EndReason::Aborted, _) => "Game aborted: no result.".to_string(),
            (_, None) => "Game over.".to_string(),
            (EndReason::Goal, Some(w)) => format!("{} reached the goal: {} won.", who(w), w),
            (EndReason::PlyLimit, Some(w)) => {
                format!("Adjudicated at the ply limit: {w} won (the shorter path).")
            }
            (EndReason::Resignation, Some(w)) => {
                format!("{} resigned: {w} won.", who(w.other()))
            }
            (EndReason::Timeout, Some(w)) => {
                format!("{} ran out of time: {w} won.", who(w.other()))
            }
            (EndReason::Abandonment, Some(w)) => {
                format!("{} left the game: {w} won by claim.", who(w.other()))
            }
        };
        Some(text)
    }

    /// The player who lost other than on the board (resignation, time,
    /// abandonment): the board shows the game over with them resigned.
    pub fn lost_off_the_board(&self) -> Option<Player> {
        let result = self.result?;
        match result.reason {
            EndReason::Resignation | EndReason::Timeout | EndReason::Abandonment => {
                result.winner.and_then(seat_player).map(Player::other)
            }
            EndReason::Goal | EndReason::PlyLimit | EndReason::Aborted => None,
        }
    }
}

/// The player of a 1-based seat number.
pub fn seat_player(seat: u8) -> Option<Player> {
    match seat {
        1 => Some(Player::One),
        2 => Some(Player::Two),
        _ => None,
    }
}
