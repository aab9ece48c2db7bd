//! Seats: a room's places for players, a list indexed by player number (two
//! today; four-player Quoridor adds seats, not fields).

use crate::secret::SecretHash;
use quoridor_rules::Player;
use serde::{Deserialize, Serialize};
use std::fmt;

/// The most seats a room can have (four-player Quoridor).
pub const MAX_SEATS: usize = 4;

/// A seat's number: on the wire the player number (1, 2, …), inside the
/// 0-based index into a room's seats.
#[derive(Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord, Debug, Serialize, Deserialize)]
#[serde(try_from = "u8", into = "u8")]
pub struct SeatIndex(u8);

impl SeatIndex {
    /// The seat of 0-based index `index`, if a room can have it.
    pub fn new(index: usize) -> Option<SeatIndex> {
        u8::try_from(index)
            .ok()
            .filter(|&i| usize::from(i) < MAX_SEATS)
            .map(SeatIndex)
    }

    /// The 0-based index.
    pub fn index(self) -> usize {
        usize::from(self.0)
    }

    /// The player number, from 1.
    pub fn number(self) -> u8 {
        self.0 + 1
    }

    /// The seat of a two-player game's `player`.
    pub fn of_player(player: Player) -> SeatIndex {
        SeatIndex(player.index() as u8)
    }
}

impl fmt::Display for SeatIndex {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "seat {}", self.number())
    }
}

impl TryFrom<u8> for SeatIndex {
    type Error = String;
    fn try_from(number: u8) -> Result<SeatIndex, String> {
        usize::from(number)
            .checked_sub(1)
            .and_then(SeatIndex::new)
            .ok_or_else(|| format!("seat must be 1 to {MAX_SEATS}"))
    }
}

impl From<SeatIndex> for u8 {
    fn from(seat: SeatIndex) -> u8 {
        seat.number()
    }
}

/// Whether a seat's player is here.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Presence {
    /// A connection holds the seat.
    Here,
    /// No connection since `since` (ms since the epoch).
    Away {
        /// When the last connection went, or when the server learned of
        /// the seat.
        since: u64,
    },
}

/// One seat of a room.
#[derive(Clone, Debug)]
pub struct Seat {
    /// The hash of the secret that holds the seat, once taken.
    pub secret: Option<SecretHash>,
    /// The hash of the one-use invite code that takes it, while free.
    pub invite: Option<SecretHash>,
    /// Whether its player is connected (not stored: a restarted server
    /// sees everyone away since it started).
    pub presence: Presence,
    /// Whether its player offers a rematch.
    pub rematch_offer: bool,
}

impl Seat {
    /// A free seat taken with the invite code hashed as `invite`.
    pub fn invited(invite: SecretHash, now: u64) -> Seat {
        Seat {
            secret: None,
            invite: Some(invite),
            presence: Presence::Away { since: now },
            rematch_offer: false,
        }
    }

    /// A seat held by the secret hashed as `secret`.
    pub fn held(secret: SecretHash, now: u64) -> Seat {
        Seat {
            secret: Some(secret),
            invite: None,
            presence: Presence::Away { since: now },
            rematch_offer: false,
        }
    }

    /// Whether a player holds the seat.
    pub fn is_taken(&self) -> bool {
        self.secret.is_some()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn seats_are_numbered_from_one_on_the_wire() {
        let seat: SeatIndex = serde_json::from_str("2").unwrap();
        assert_eq!(seat.index(), 1);
        assert_eq!(serde_json::to_string(&seat).unwrap(), "2");
        assert!(serde_json::from_str::<SeatIndex>("0").is_err());
        assert!(serde_json::from_str::<SeatIndex>("5").is_err());
        assert_eq!(SeatIndex::of_player(Player::Two), seat);
    }
}
