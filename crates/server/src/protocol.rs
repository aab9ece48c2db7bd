//! The wire format of `GET /ws/{room}`: JSON text frames, each an object
//! tagged by `"type"`. A client's first frame is `hello` with the protocol
//! version (and, for a player, the seat secret); the server answers with a
//! `state` snapshot and then sends what happens in the room. See
//! docs/server.md for every frame with an example.

use crate::clock::{ClockReading, TimeControl};
use crate::room::{ActionError, Event, GameResult, Room, Status, CLAIM_AFTER_MS};
use crate::seat::{Presence, SeatIndex};
use crate::secret::RoomId;
use serde::{Deserialize, Serialize};

/// The version of this protocol; a `hello` with another is refused.
pub const PROTOCOL_VERSION: u32 = 1;

/// The largest frame a client may send, in bytes.
pub const MAX_FRAME_BYTES: usize = 4096;

/// What a client sends.
#[derive(Clone, Debug, PartialEq, Eq, Deserialize)]
#[serde(tag = "type", rename_all = "snake_case")]
pub enum ClientFrame {
    /// The first frame: the protocol version, and the seat secret of a
    /// player (none for a spectator).
    Hello {
        /// Must be [`PROTOCOL_VERSION`].
        protocol: u32,
        /// The seat secret the browser keeps.
        #[serde(default)]
        secret: Option<String>,
    },
    /// Play a move as the move numbered `ply` (0-based).
    Move {
        /// The 0-based number of the move: the number of moves played.
        ply: usize,
        /// The move in notation (`e2`, `e3h`).
        #[serde(rename = "move")]
        mv: String,
    },
    /// Give up the game.
    Resign,
    /// End the game with no result, before both sides have moved.
    Abort,
    /// Offer a rematch (after the game).
    OfferRematch,
    /// Accept the rematch offered (the same as offering one).
    AcceptRematch,
    /// Decline the rematch offered.
    DeclineRematch,
    /// Claim the game: the player to move has been away too long.
    ClaimVictory,
    /// Asks for a `pong` with the same id.
    Ping {
        /// Echoed back.
        #[serde(default)]
        id: u64,
    },
}

/// Why a frame was refused; the client shows the message.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum ErrorCode {
    /// Not JSON, or not a frame of this protocol.
    BadFrame,
    /// A frame over [`MAX_FRAME_BYTES`].
    TooLarge,
    /// Too many frames too fast: this one was dropped.
    RateLimited,
    /// Another protocol version.
    Protocol,
    /// The first frame must be `hello`, and only the first.
    Hello,
    /// The secret holds no seat of this room.
    BadSecret,
    /// The room does not exist.
    NoRoom,
    /// A spectator tried to act.
    Spectator,
    /// A seat is still free.
    NotStarted,
    /// The game is over.
    GameOver,
    /// Not this seat's turn.
    NotYourTurn,
    /// The move names another ply than the next.
    StalePly,
    /// The move is not notation.
    BadMove,
    /// The rules refuse the move.
    Illegal,
    /// Too late to abort.
    TooLateToAbort,
    /// Abort instead of resigning.
    AbortInstead,
    /// The claim does not hold.
    NoClaim,
    /// No rematch to answer, or not yet.
    NoRematch,
    /// Another connection took this seat over; this one closes.
    Replaced,
    /// The server could not store the action: nothing changed.
    Storage,
}

impl ErrorCode {
    /// The code for an action the room refused.
    pub fn of(error: &ActionError) -> ErrorCode {
        match error {
            ActionError::Spectator => ErrorCode::Spectator,
            ActionError::NotStarted => ErrorCode::NotStarted,
            ActionError::GameOver => ErrorCode::GameOver,
            ActionError::NotYourTurn { .. } => ErrorCode::NotYourTurn,
            ActionError::StalePly { .. } => ErrorCode::StalePly,
            ActionError::Illegal(_) => ErrorCode::Illegal,
            ActionError::TooLateToAbort => ErrorCode::TooLateToAbort,
            ActionError::AbortInstead => ErrorCode::AbortInstead,
            ActionError::NoClaim(_) => ErrorCode::NoClaim,
            ActionError::NoRematch(_) => ErrorCode::NoRematch,
        }
    }
}

/// A seat as everyone sees it.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct SeatView {
    /// The player number.
    pub seat: SeatIndex,
    /// Whether a player holds it.
    pub taken: bool,
    /// Whether that player is connected.
    pub here: bool,
    /// Since when they are away (ms since the epoch), if they are: a claim
    /// of victory holds from `away_since_ms + claim_after_ms` on their turn.
    pub away_since_ms: Option<u64>,
    /// Whether they offer a rematch.
    pub rematch_offer: bool,
}

/// The whole room as the server holds it: sent after `hello`, and as the
/// answer of `GET /api/rooms/{id}` (with `you` null).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Snapshot {
    /// [`PROTOCOL_VERSION`].
    pub protocol: u32,
    /// The room.
    pub room: RoomId,
    /// Waiting, playing or over.
    pub status: Status,
    /// Board size.
    pub size: u8,
    /// Walls per player.
    pub walls: u8,
    /// The time control (`3+2`, `unlimited`, `corr:3`).
    pub control: TimeControl,
    /// The seats in player order.
    pub seats: Vec<SeatView>,
    /// The moves played, in notation.
    pub moves: Vec<String>,
    /// Each move's server stamp (ms since the epoch).
    pub stamps_ms: Vec<u64>,
    /// The seat to move.
    pub turn: SeatIndex,
    /// The clocks at `server_ms`.
    pub clock: ClockReading,
    /// How long the player to move must be away before the other may claim
    /// the game; null in correspondence, where the clock decides.
    pub claim_after_ms: Option<u64>,
    /// The server's time when it took the snapshot (ms since the epoch).
    pub server_ms: u64,
    /// The result, once over.
    pub result: Option<GameResult>,
    /// The rematch's room, once agreed.
    pub rematch: Option<RoomId>,
    /// Spectators connected.
    pub spectators: usize,
    /// The seat of the connection it is sent to; null for a spectator.
    pub you: Option<SeatIndex>,
}

impl Snapshot {
    /// `room` at `now` as seen by `you`.
    pub fn of(room: &Room, now: u64, spectators: usize, you: Option<SeatIndex>) -> Snapshot {
        let variant = room.settings().variant;
        Snapshot {
            protocol: PROTOCOL_VERSION,
            room: room.id().clone(),
            status: room.status(),
            size: variant.size(),
            walls: variant.walls(),
            control: room.settings().control,
            seats: room
                .seats()
                .iter()
                .enumerate()
                .filter_map(|(i, s)| {
                    Some(SeatView {
                        seat: SeatIndex::new(i)?,
                        taken: s.is_taken(),
                        here: s.presence == Presence::Here,
                        away_since_ms: match s.presence {
                            Presence::Here => None,
                            Presence::Away { since } => Some(since),
                        },
                        rematch_offer: s.rematch_offer,
                    })
                })
                .collect(),
            moves: room.game().moves().iter().map(|m| m.to_string()).collect(),
            stamps_ms: room.stamps().iter().map(|&(_, at)| at).collect(),
            turn: room.turn(),
            clock: room.clock_at(now),
            claim_after_ms: match room.settings().control {
                TimeControl::Correspondence { .. } => None,
                _ => Some(CLAIM_AFTER_MS),
            },
            server_ms: now,
            result: room.result(),
            rematch: room.rematch().cloned(),
            spectators,
            you,
        }
    }
}

/// What the server sends.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(tag = "type", rename_all = "snake_case")]
pub enum ServerFrame {
    /// The whole room (after `hello`).
    State(Snapshot),
    /// The invited player took their seat: the game starts.
    SeatTaken {
        /// The seat.
        seat: SeatIndex,
    },
    /// A move was played and stored.
    Moved {
        /// Its 0-based number.
        ply: usize,
        /// The move in notation.
        #[serde(rename = "move")]
        mv: String,
        /// Who played it.
        seat: SeatIndex,
        /// The server's stamp (ms since the epoch).
        at_ms: u64,
        /// The time given back to the mover's clock for their network's
        /// lag (ms), already counted in `clock`; 0 without one. Older
        /// servers leave it out.
        #[serde(default)]
        lag_ms: u64,
        /// The clocks right after it.
        clock: ClockReading,
    },
    /// The game ended.
    Ended {
        /// How.
        result: GameResult,
    },
    /// A player connected or went away.
    Presence {
        /// The seat.
        seat: SeatIndex,
        /// Whether connected.
        here: bool,
    },
    /// How many spectators watch.
    Spectators {
        /// The count.
        count: usize,
    },
    /// The rematch offers, by seat.
    Rematch {
        /// Each seat's offer.
        offers: Vec<bool>,
    },
    /// The rematch is agreed and plays in `room`: reconnect there with the
    /// same secret (colours swap).
    RematchStarted {
        /// The new room.
        room: RoomId,
    },
    /// The answer to a `ping`.
    Pong {
        /// The ping's id.
        id: u64,
    },
    /// A refused frame: nothing changed.
    Error {
        /// What kind of refusal.
        code: ErrorCode,
        /// A sentence for the player.
        message: String,
    },
}

impl ServerFrame {
    /// An error frame.
    pub fn error(code: ErrorCode, message: impl Into<String>) -> ServerFrame {
        ServerFrame::Error {
            code,
            message: message.into(),
        }
    }

    /// The frame that tells everyone in the room about `event`; `None` for
    /// [`Event::RematchAgreed`], which the server answers with
    /// [`ServerFrame::RematchStarted`] once the new room is stored.
    pub fn of_event(event: &Event) -> Option<ServerFrame> {
        Some(match event {
            Event::SeatTaken(seat) => ServerFrame::SeatTaken { seat: *seat },
            Event::Moved {
                ply,
                mv,
                seat,
                at_ms,
                lag_ms,
                clock,
            } => ServerFrame::Moved {
                ply: *ply,
                mv: mv.to_string(),
                seat: *seat,
                at_ms: *at_ms,
                lag_ms: *lag_ms,
                clock: clock.clone(),
            },
            Event::Ended(result) => ServerFrame::Ended { result: *result },
            Event::Presence { seat, here } => ServerFrame::Presence {
                seat: *seat,
                here: *here,
            },
            Event::RematchOffers(offers) => ServerFrame::Rematch {
                offers: offers.clone(),
            },
            Event::RematchAgreed => return None,
        })
    }

    /// The frame as JSON text.
    pub fn to_json(&self) -> String {
        // A frame is plain data (strings, numbers, lists): serialising it
        // cannot fail; should it ever, the client gets a valid error frame.
        serde_json::to_string(self).unwrap_or_else(|_| {
            r#"{"type":"error","code":"bad_frame","message":"unencodable frame"}"#.to_string()
        })
    }
}

/// A refused frame: what to answer with an error frame.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Refusal {
    /// The kind.
    pub code: ErrorCode,
    /// The sentence.
    pub message: String,
}

impl From<Refusal> for ServerFrame {
    fn from(refusal: Refusal) -> ServerFrame {
        ServerFrame::Error {
            code: refusal.code,
            message: refusal.message,
        }
    }
}

/// Reads a client's text frame: the frame, or why it is refused.
pub fn parse_client_frame(text: &str) -> Result<ClientFrame, Refusal> {
    if text.len() > MAX_FRAME_BYTES {
        return Err(Refusal {
            code: ErrorCode::TooLarge,
            message: format!("frames are at most {MAX_FRAME_BYTES} bytes"),
        });
    }
    serde_json::from_str(text).map_err(|e| Refusal {
        code: ErrorCode::BadFrame,
        message: format!("not a frame of protocol {PROTOCOL_VERSION}: {e}"),
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn client_frames_parse() {
        assert_eq!(
            parse_client_frame(r#"{"type":"hello","protocol":1,"secret":"ab"}"#),
            Ok(ClientFrame::Hello {
                protocol: 1,
                secret: Some("ab".into())
            })
        );
        assert_eq!(
            parse_client_frame(r#"{"type":"move","ply":3,"move":"e3h"}"#),
            Ok(ClientFrame::Move {
                ply: 3,
                mv: "e3h".into()
            })
        );
        assert_eq!(
            parse_client_frame(r#"{"type":"offer_rematch"}"#),
            Ok(ClientFrame::OfferRematch)
        );
        assert_eq!(
            parse_client_frame(r#"{"type":"ping"}"#),
            Ok(ClientFrame::Ping { id: 0 })
        );
    }

    #[test]
    fn malformed_frames_get_an_error_frame() {
        let huge = format!(r#"{{"type":"ping","pad":"{}"}}"#, "x".repeat(5000));
        for text in [
            "",
            "null",
            "[]",
            "{",
            r#"{"type":"fly"}"#,
            r#"{"type":"move","ply":-1,"move":"e2"}"#,
            r#"{"type":"move","move":"e2"}"#,
            r#"{"type":"hello"}"#,
            &huge,
        ] {
            let Err(Refusal { code, message }) = parse_client_frame(text) else {
                panic!("{text:?} accepted")
            };
            assert!(matches!(code, ErrorCode::BadFrame | ErrorCode::TooLarge));
            assert!(!message.is_empty());
        }
    }

    #[test]
    fn server_frames_are_tagged_json() {
        let frame = ServerFrame::error(ErrorCode::NotYourTurn, "not your turn");
        assert_eq!(
            frame.to_json(),
            r#"{"type":"error","code":"not_your_turn","message":"not your turn"}"#
        );
        let frame = ServerFrame::Spectators { count: 2 };
        assert_eq!(frame.to_json(), r#"{"type":"spectators","count":2}"#);
    }

    #[test]
    fn a_moved_frame_carries_its_lag_credit_and_reads_without_one() {
        let frame = ServerFrame::Moved {
            ply: 2,
            mv: "e3".into(),
            seat: SeatIndex::new(0).unwrap(),
            at_ms: 5_000,
            lag_ms: 120,
            clock: ClockReading {
                remaining_ms: vec![56_120, 60_000],
                running: Some(1),
            },
        };
        let json = frame.to_json();
        assert!(json.contains(r#""lag_ms":120"#), "{json}");
        let older = json.replace(r#""lag_ms":120,"#, "");
        let ServerFrame::Moved { lag_ms, .. } = serde_json::from_str(&older).unwrap() else {
            panic!("{older}")
        };
        assert_eq!(lag_ms, 0);
    }
}
