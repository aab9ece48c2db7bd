//! A room: one game between seated players, its clock, its result and the
//! rematch offers, as a pure state machine. Nothing here does IO or reads
//! the time: every call gets `now` (ms since the Unix epoch) and returns
//! the [`Event`]s it caused, which the caller stores and then broadcasts.
//! A refused action returns an [`ActionError`] and changes nothing.

use crate::clock::{Clock, ClockReading, TimeControl};
use crate::seat::{Presence, Seat, SeatIndex};
use crate::secret::{RoomId, SecretHash};
use quoridor_rules::{EndedBy, Game, Move, PlyLimit, Variant};
use serde::{Deserialize, Serialize};
use std::fmt;

/// How long the player to move must have been away before the other may
/// claim the game (realtime and unlimited games; under correspondence the
/// clock itself decides).
pub const CLAIM_AFTER_MS: u64 = 30_000;

/// How a game ended.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum EndReason {
    /// A pawn reached its goal row.
    Goal,
    /// The game reached the ply limit and was adjudicated by path lengths.
    PlyLimit,
    /// A player resigned.
    Resignation,
    /// A player ran out of time.
    Timeout,
    /// A player was away on their turn and the other claimed the game.
    Abandonment,
    /// Aborted before every player had moved: no result.
    Aborted,
}

impl EndReason {
    /// The name stored and sent (`goal`, `timeout`, …).
    pub fn name(self) -> &'static str {
        match self {
            EndReason::Goal => "goal",
            EndReason::PlyLimit => "ply_limit",
            EndReason::Resignation => "resignation",
            EndReason::Timeout => "timeout",
            EndReason::Abandonment => "abandonment",
            EndReason::Aborted => "aborted",
        }
    }

    /// The reason named `name`, as [`EndReason::name`] writes it.
    pub fn from_name(name: &str) -> Option<EndReason> {
        [
            EndReason::Goal,
            EndReason::PlyLimit,
            EndReason::Resignation,
            EndReason::Timeout,
            EndReason::Abandonment,
            EndReason::Aborted,
        ]
        .into_iter()
        .find(|r| r.name() == name)
    }
}

/// The end of a game.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct GameResult {
    /// The winning seat; `None` for an aborted game.
    pub winner: Option<SeatIndex>,
    /// How it ended.
    pub reason: EndReason,
    /// When (ms since the epoch): for a timeout the instant the clock
    /// reached zero, not when the server noticed.
    pub at_ms: u64,
}

/// What a seated player (or a spectator, who may do none of it) asks for.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Action {
    /// Play `mv` as the move numbered `ply` (0-based): a resent or stale
    /// move names a ply already played and is refused.
    Move {
        /// The 0-based number of the move in the game.
        ply: usize,
        /// The move.
        mv: Move,
        /// The mover's one-way network lag as the server measures it
        /// (ms): the room gives back at most this much of the move's
        /// time, within the mover's lag quota ([`Clock::punch`]).
        lag_ms: u64,
    },
    /// Give up the game.
    Resign,
    /// End the game with no result, before every seat has moved.
    Abort,
    /// Offer a rematch once the game is over (the last offer needed
    /// starts it).
    OfferRematch,
    /// Accept the rematch another player offers.
    AcceptRematch,
    /// Decline the rematch the other player offers.
    DeclineRematch,
    /// Claim the game: the player to move has been away too long.
    ClaimVictory,
}

/// A move as stored: what [`Room::restore`] replays.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct StoredMove {
    /// Who played it.
    pub seat: SeatIndex,
    /// The move.
    pub mv: Move,
    /// The server's stamp (ms since the epoch).
    pub at_ms: u64,
    /// The lag credit it was given ([`Event::Moved`]'s `lag_ms`).
    pub lag_ms: u64,
}

/// What changed in a room; stored, then sent to everyone in it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Event {
    /// A seat was taken with its invite code.
    SeatTaken(SeatIndex),
    /// A move was played, stamped by the server.
    Moved {
        /// Its 0-based number in the game.
        ply: usize,
        /// The move.
        mv: Move,
        /// Who played it.
        seat: SeatIndex,
        /// When the server received it (ms since the epoch).
        at_ms: u64,
        /// The time given back to the mover's clock for their lag (ms; 0
        /// without one): stored, so that a replay gives the same clocks.
        lag_ms: u64,
        /// The clocks right after it.
        clock: ClockReading,
    },
    /// The game ended.
    Ended(GameResult),
    /// A seat's player connected or went away.
    Presence {
        /// The seat.
        seat: SeatIndex,
        /// Whether a connection holds it now.
        here: bool,
    },
    /// The rematch offers changed (offered, or declined: all withdrawn).
    RematchOffers(Vec<bool>),
    /// Every seat offered a rematch: the caller opens the next room.
    RematchAgreed,
}

/// Why an action was refused.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum ActionError {
    /// A spectator tried to act.
    Spectator,
    /// The game has not started: a seat is still free.
    NotStarted,
    /// The game is over.
    GameOver,
    /// Not this seat's turn.
    NotYourTurn {
        /// Whose turn it is.
        turn: SeatIndex,
    },
    /// The move names another ply than the next one.
    StalePly {
        /// The ply the move named.
        sent: usize,
        /// The next ply.
        expected: usize,
    },
    /// The rules refuse the move.
    Illegal(String),
    /// Too late to abort: every seat has moved.
    TooLateToAbort,
    /// Resigning before the game starts: abort instead.
    AbortInstead,
    /// A claim that does not hold (the player to move is here, or not
    /// away long enough, or it is the claimant's own turn).
    NoClaim(String),
    /// A rematch answer while the game goes on, or with no offer to answer.
    NoRematch(&'static str),
}

impl fmt::Display for ActionError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            ActionError::Spectator => f.write_str("spectators cannot act in the game"),
            ActionError::NotStarted => f.write_str("the game has not started: a seat is free"),
            ActionError::GameOver => f.write_str("the game is over"),
            ActionError::NotYourTurn { turn } => {
                write!(f, "not your turn: player {} is to move", turn.number())
            }
            ActionError::StalePly { sent, expected } => write!(
                f,
                "the move names ply {sent} but the next ply is {expected} (resent or stale)"
            ),
            ActionError::Illegal(why) => write!(f, "illegal move: {why}"),
            ActionError::TooLateToAbort => {
                f.write_str("too late to abort: every player has moved (resign instead)")
            }
            ActionError::AbortInstead => {
                f.write_str("the game has not started: abort instead of resigning")
            }
            ActionError::NoClaim(why) => write!(f, "no claim: {why}"),
            ActionError::NoRematch(why) => write!(f, "no rematch: {why}"),
        }
    }
}

impl std::error::Error for ActionError {}

/// The game a room plays: its board and its clock.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct RoomSettings {
    /// Board size and walls.
    pub variant: Variant,
    /// The clock.
    pub control: TimeControl,
}

/// Where a room stands.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Status {
    /// A seat is free: waiting for the invited player.
    Waiting,
    /// Every seat is taken and the game goes on.
    Playing,
    /// The game has a result (or was aborted).
    Over,
}

/// A room: its settings, seats, game, clock, result and rematch.
#[derive(Clone, Debug)]
pub struct Room {
    id: RoomId,
    settings: RoomSettings,
    created_ms: u64,
    seats: Vec<Seat>,
    game: Game,
    /// Each move's seat and server stamp, in order (beside `game.moves()`).
    stamps: Vec<(SeatIndex, u64)>,
    clock: Clock,
    result: Option<GameResult>,
    /// The room of the rematch, once agreed.
    rematch: Option<RoomId>,
}

impl Room {
    /// A new room created at `now` with `seats` (one per player, in player
    /// order: the creator's held, the others invited).
    pub fn new(id: RoomId, settings: RoomSettings, seats: Vec<Seat>, now: u64) -> Room {
        Room {
            id,
            settings,
            created_ms: now,
            clock: Clock::new(settings.control, seats.len()),
            seats,
            game: Game::new(settings.variant),
            stamps: Vec::new(),
            result: None,
            rematch: None,
        }
    }

    /// The room's id.
    pub fn id(&self) -> &RoomId {
        &self.id
    }

    /// Its settings.
    pub fn settings(&self) -> RoomSettings {
        self.settings
    }

    /// When it was created.
    pub fn created_ms(&self) -> u64 {
        self.created_ms
    }

    /// Its seats, in player order.
    pub fn seats(&self) -> &[Seat] {
        &self.seats
    }

    /// The game so far.
    pub fn game(&self) -> &Game {
        &self.game
    }

    /// Each move's seat and server stamp.
    pub fn stamps(&self) -> &[(SeatIndex, u64)] {
        &self.stamps
    }

    /// The result, once the game is over.
    pub fn result(&self) -> Option<GameResult> {
        self.result
    }

    /// The rematch's room, once agreed.
    pub fn rematch(&self) -> Option<&RoomId> {
        self.rematch.as_ref()
    }

    /// The clocks at `now`.
    pub fn clock_at(&self, now: u64) -> ClockReading {
        self.clock.reading(now)
    }

    /// The clock itself (each seat's time and lag quota).
    pub fn clock(&self) -> &Clock {
        &self.clock
    }

    /// Where the room stands.
    pub fn status(&self) -> Status {
        if self.result.is_some() {
            Status::Over
        } else if self.seats.iter().all(Seat::is_taken) {
            Status::Playing
        } else {
            Status::Waiting
        }
    }

    /// The seat to move.
    pub fn turn(&self) -> SeatIndex {
        SeatIndex::of_player(self.game.position().turn())
    }

    /// The seat held by the secret hashed as `secret`, if any. Every seat
    /// is compared, each in constant time.
    pub fn seat_of(&self, secret: &SecretHash) -> Option<SeatIndex> {
        let mut found = None;
        for (i, seat) in self.seats.iter().enumerate() {
            if seat.secret.is_some_and(|s| s.matches(secret)) {
                found = SeatIndex::new(i);
            }
        }
        found
    }

    /// The free seat the invite code hashed as `invite` opens, if any.
    pub fn seat_of_invite(&self, invite: &SecretHash) -> Option<SeatIndex> {
        let mut found = None;
        for (i, seat) in self.seats.iter().enumerate() {
            if seat.invite.is_some_and(|s| s.matches(invite)) && !seat.is_taken() {
                found = SeatIndex::new(i);
            }
        }
        found
    }

    /// The invited player takes `seat` with the secret hashed as `secret`;
    /// the invite is used up.
    pub fn take_seat(&mut self, seat: SeatIndex, secret: SecretHash, now: u64) -> Vec<Event> {
        let Some(place) = self.seats.get_mut(seat.index()) else {
            return Vec::new();
        };
        place.secret = Some(secret);
        place.invite = None;
        place.presence = Presence::Away { since: now };
        vec![Event::SeatTaken(seat)]
    }

    /// A connection now holds `seat` (or, `here` false, the last one went).
    pub fn set_presence(&mut self, seat: SeatIndex, here: bool, now: u64) -> Vec<Event> {
        let Some(place) = self.seats.get_mut(seat.index()) else {
            return Vec::new();
        };
        place.presence = if here {
            Presence::Here
        } else {
            Presence::Away { since: now }
        };
        vec![Event::Presence { seat, here }]
    }

    /// The instant the running clock falls, if one runs and the game goes on.
    pub fn deadline(&self) -> Option<u64> {
        self.result.is_none().then(|| self.clock.deadline())?
    }

    /// Ends the game if the running clock has reached zero by `now`; the
    /// result is stamped with the instant it did.
    pub fn tick(&mut self, now: u64) -> Vec<Event> {
        if self.result.is_some() {
            return Vec::new();
        }
        let (Some(loser), Some(deadline)) = (self.clock.flagged_at(now), self.clock.deadline())
        else {
            return Vec::new();
        };
        self.clock.stop(deadline);
        let winner = self.next_seat(loser);
        self.end(winner, EndReason::Timeout, deadline)
    }

    /// Seat `who` (`None`: a spectator) asks for `action` at `now`.
    /// Call [`Room::tick`] first, so that a player out of time has lost.
    pub fn act(
        &mut self,
        who: Option<SeatIndex>,
        action: Action,
        now: u64,
    ) -> Result<Vec<Event>, ActionError> {
        let seat = who.ok_or(ActionError::Spectator)?;
        match action {
            Action::Move { ply, mv, lag_ms } => self.play(seat, ply, mv, lag_ms, now),
            Action::Resign => {
                self.check_playing()?;
                if self.game.moves().len() < self.seats.len() {
                    return Err(ActionError::AbortInstead);
                }
                self.clock.stop(now);
                let winner = self.next_seat(seat.index());
                Ok(self.end(winner, EndReason::Resignation, now))
            }
            Action::Abort => {
                if self.result.is_some() {
                    return Err(ActionError::GameOver);
                }
                if self.game.moves().len() >= self.seats.len() {
                    return Err(ActionError::TooLateToAbort);
                }
                self.clock.stop(now);
                Ok(self.end(None, EndReason::Aborted, now))
            }
            Action::ClaimVictory => self.claim(seat, now),
            Action::OfferRematch => self.offer_rematch(seat),
            Action::AcceptRematch => {
                if !self.offered_by_other(seat) {
                    return Err(ActionError::NoRematch("there is no offer to accept"));
                }
                self.offer_rematch(seat)
            }
            Action::DeclineRematch => self.decline_rematch(seat),
        }
    }

    fn check_playing(&self) -> Result<(), ActionError> {
        match self.status() {
            Status::Waiting => Err(ActionError::NotStarted),
            Status::Over => Err(ActionError::GameOver),
            Status::Playing => Ok(()),
        }
    }

    fn play(
        &mut self,
        seat: SeatIndex,
        ply: usize,
        mv: Move,
        lag_ms: u64,
        now: u64,
    ) -> Result<Vec<Event>, ActionError> {
        self.check_playing()?;
        if self.clock.flagged_at(now).is_some() {
            return Err(ActionError::GameOver);
        }
        let turn = self.turn();
        if seat != turn {
            return Err(ActionError::NotYourTurn { turn });
        }
        let expected = self.game.moves().len();
        if ply != expected {
            return Err(ActionError::StalePly {
                sent: ply,
                expected,
            });
        }
        self.game
            .play(mv)
            .map_err(|e| ActionError::Illegal(e.to_string()))?;
        self.stamps.push((seat, now));
        let plies = self.game.moves().len();
        let next = self.turn();
        let start_next = plies >= self.seats.len();
        let lag_ms = self
            .clock
            .punch(seat.index(), next.index(), now, start_next, lag_ms);
        let mut events = vec![Event::Moved {
            ply,
            mv,
            seat,
            at_ms: now,
            lag_ms,
            clock: self.clock.reading(now),
        }];
        if let Some(outcome) = self.game.outcome(PlyLimit::DEFAULT) {
            self.clock.stop(now);
            let reason = match outcome.by {
                EndedBy::PlyLimit { .. } => EndReason::PlyLimit,
                EndedBy::Goal | EndedBy::Resignation | EndedBy::Timeout => EndReason::Goal,
            };
            let winner = Some(SeatIndex::of_player(outcome.winner));
            events.extend(self.end(winner, reason, now));
        }
        Ok(events)
    }

    fn claim(&mut self, seat: SeatIndex, now: u64) -> Result<Vec<Event>, ActionError> {
        self.check_playing()?;
        if matches!(self.settings.control, TimeControl::Correspondence { .. }) {
            return Err(ActionError::NoClaim(
                "in correspondence the clock decides".into(),
            ));
        }
        if self.game.moves().len() < self.seats.len() {
            return Err(ActionError::NoClaim(
                "the game has not started: abort instead".into(),
            ));
        }
        let turn = self.turn();
        if turn == seat {
            return Err(ActionError::NoClaim("it is your own turn".into()));
        }
        let away_for = match self.seats.get(turn.index()).map(|s| s.presence) {
            Some(Presence::Away { since }) => now.saturating_sub(since),
            _ => return Err(ActionError::NoClaim("your opponent is here".into())),
        };
        if away_for < CLAIM_AFTER_MS {
            return Err(ActionError::NoClaim(format!(
                "your opponent has been away {} s of the {} s needed",
                away_for / 1000,
                CLAIM_AFTER_MS / 1000
            )));
        }
        self.clock.stop(now);
        Ok(self.end(Some(seat), EndReason::Abandonment, now))
    }

    fn offer_rematch(&mut self, seat: SeatIndex) -> Result<Vec<Event>, ActionError> {
        if self.result.is_none() {
            return Err(ActionError::NoRematch("the game is not over"));
        }
        if self.rematch.is_some() {
            return Err(ActionError::NoRematch("the rematch has already started"));
        }
        let Some(place) = self.seats.get_mut(seat.index()) else {
            return Err(ActionError::Spectator);
        };
        if place.rematch_offer {
            // Agreed, but the new room was not opened (its write failed):
            // asking again opens it.
            if self.seats.iter().all(|s| s.rematch_offer) {
                return Ok(vec![Event::RematchAgreed]);
            }
            return Err(ActionError::NoRematch("you have already offered one"));
        }
        place.rematch_offer = true;
        let mut events = vec![Event::RematchOffers(self.offers())];
        if self.seats.iter().all(|s| s.rematch_offer) {
            events.push(Event::RematchAgreed);
        }
        Ok(events)
    }

    fn decline_rematch(&mut self, seat: SeatIndex) -> Result<Vec<Event>, ActionError> {
        if self.rematch.is_some() || !self.offered_by_other(seat) {
            return Err(ActionError::NoRematch("there is no offer to decline"));
        }
        for place in &mut self.seats {
            place.rematch_offer = false;
        }
        Ok(vec![Event::RematchOffers(self.offers())])
    }

    fn offered_by_other(&self, seat: SeatIndex) -> bool {
        self.seats
            .iter()
            .enumerate()
            .any(|(i, s)| i != seat.index() && s.rematch_offer)
    }

    /// Each seat's rematch offer.
    pub fn offers(&self) -> Vec<bool> {
        self.seats.iter().map(|s| s.rematch_offer).collect()
    }

    /// The room of the rematch this room agreed: the same settings, the
    /// same players one seat on (colours swap in a two-player game), held
    /// by the same secrets.
    pub fn rematch_room(&self, id: RoomId, now: u64) -> Room {
        let n = self.seats.len();
        let seats = (0..n)
            .map(|i| {
                let from = &self.seats[(i + 1) % n];
                Seat {
                    secret: from.secret,
                    invite: None,
                    presence: from.presence,
                    rematch_offer: false,
                }
            })
            .collect();
        Room::new(id, self.settings, seats, now)
    }

    /// Records that the rematch is played in room `id`.
    pub fn set_rematch(&mut self, id: RoomId) {
        self.rematch = Some(id);
    }

    /// The seat after `seat` in turn order (the other one, with two).
    fn next_seat(&self, seat: usize) -> Option<SeatIndex> {
        SeatIndex::new((seat + 1) % self.seats.len().max(1))
    }

    fn end(&mut self, winner: Option<SeatIndex>, reason: EndReason, at_ms: u64) -> Vec<Event> {
        let result = GameResult {
            winner,
            reason,
            at_ms,
        };
        self.result = Some(result);
        vec![Event::Ended(result)]
    }

    /// Takes each seat's presence from `from` (this server's view of who is
    /// connected, which the database does not hold): for a room read again
    /// after another server changed it.
    pub fn keep_presence(&mut self, from: &Room) {
        for (seat, old) in self.seats.iter_mut().zip(&from.seats) {
            seat.presence = old.presence;
        }
    }

    /// A room read back from storage: the moves are replayed at their
    /// stamps, each with its stored lag credit as its lag (which gives the
    /// same credit again), through the same rules and clock, then the
    /// stored result and rematch are set. `None` if a stored move does not
    /// replay (a corrupt database).
    pub fn restore(
        mut room: Room,
        moves: &[StoredMove],
        result: Option<GameResult>,
        rematch: Option<RoomId>,
    ) -> Option<Room> {
        for (ply, stored) in moves.iter().enumerate() {
            room.play(stored.seat, ply, stored.mv, stored.lag_ms, stored.at_ms)
                .ok()?;
        }
        if let Some(stored) = result {
            if room.result != Some(stored) {
                if let Some(at) = room.result.is_none().then_some(stored.at_ms) {
                    room.clock.stop(at);
                }
                room.result = Some(stored);
            }
        }
        room.rematch = rematch;
        Some(room)
    }
}

#[cfg(test)]
mod tests;
