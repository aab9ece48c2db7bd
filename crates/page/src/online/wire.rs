//! The server's WebSocket frames as the page reads and writes them
//! (docs/server.md, "The WebSocket protocol"). The server crate has its own
//! types; its tests parse every frame it sends with these and every frame
//! these make with its own parser, so the two cannot drift apart.

use serde::{Deserialize, Serialize};

/// The protocol version the page speaks.
pub const PROTOCOL_VERSION: u32 = 1;

/// What the page sends.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
#[serde(tag = "type", rename_all = "snake_case")]
pub enum ClientFrame {
    /// The first frame: the protocol, and a player's seat secret.
    Hello {
        /// [`PROTOCOL_VERSION`].
        protocol: u32,
        /// The seat secret; left out for a spectator.
        #[serde(skip_serializing_if = "Option::is_none")]
        secret: Option<String>,
    },
    /// Play `mv` as move number `ply` (0-based).
    Move {
        /// The number of moves played before it.
        ply: usize,
        /// The move in notation.
        #[serde(rename = "move")]
        mv: String,
    },
    /// Give up.
    Resign,
    /// End the game with no result (before both have moved).
    Abort,
    /// Offer a rematch.
    OfferRematch,
    /// Accept the other's rematch offer.
    AcceptRematch,
    /// Decline the rematch offers.
    DeclineRematch,
    /// Claim the game: the player to move has been away too long.
    ClaimVictory,
    /// Keeps the connection alive.
    Ping {
        /// Echoed in the `pong`.
        id: u64,
    },
}

impl ClientFrame {
    /// The frame as JSON text.
    ///
    /// ```
    /// use quoridor_page::online::wire::ClientFrame;
    /// let frame = ClientFrame::Move { ply: 0, mv: "e2".into() };
    /// assert_eq!(frame.to_json(), r#"{"type":"move","ply":0,"move":"e2"}"#);
    /// ```
    pub fn to_json(&self) -> String {
        // Strings and numbers only: serialising cannot fail.
        serde_json::to_string(self).unwrap_or_default()
    }
}

/// Where a room stands.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum RoomStatus {
    /// The invited seat is still free.
    Waiting,
    /// Both seats are taken and the game goes on.
    Playing,
    /// The game has a result, or was aborted.
    Over,
}

/// How a game ended.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum EndReason {
    /// A pawn reached its goal row.
    Goal,
    /// Adjudicated at the ply limit.
    PlyLimit,
    /// A player resigned.
    Resignation,
    /// A player ran out of time.
    Timeout,
    /// A player was away on their turn and the other claimed the game.
    Abandonment,
    /// Ended before both had moved: no result.
    Aborted,
}

/// The end of a game.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Deserialize)]
pub struct GameResult {
    /// The winning seat (1 or 2); none for an aborted game.
    pub winner: Option<u8>,
    /// How it ended.
    pub reason: EndReason,
    /// When, by the server's clock (ms since the epoch).
    pub at_ms: u64,
}

/// The clocks at an instant.
#[derive(Clone, Debug, Default, PartialEq, Eq, Deserialize)]
pub struct ClockReading {
    /// Each seat's time left in ms; empty without a clock.
    pub remaining_ms: Vec<u64>,
    /// The 0-based seat whose clock runs.
    pub running: Option<usize>,
}

/// A seat as everyone sees it.
#[derive(Clone, Debug, PartialEq, Eq, Deserialize)]
pub struct SeatView {
    /// The player number.
    pub seat: u8,
    /// Whether a player holds it.
    pub taken: bool,
    /// Whether that player is connected.
    pub here: bool,
    /// Since when they are away (server ms).
    pub away_since_ms: Option<u64>,
    /// Whether they offer a rematch.
    pub rematch_offer: bool,
}

/// The whole room as the server holds it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct RoomState {
    /// The room id.
    pub room: String,
    /// Waiting, playing or over.
    pub status: RoomStatus,
    /// Board size.
    pub size: u8,
    /// Walls per player.
    pub walls: u8,
    /// The time control (`3+2`, `unlimited`, `corr:3`).
    pub control: String,
    /// The seats in player order.
    pub seats: Vec<SeatView>,
    /// The moves in notation.
    pub moves: Vec<String>,
    /// The seat to move.
    pub turn: u8,
    /// The clocks at `server_ms`.
    pub clock: ClockReading,
    /// How long the player to move must be away before a claim holds.
    pub claim_after_ms: Option<u64>,
    /// The server's time of this snapshot.
    pub server_ms: u64,
    /// The result, once over.
    pub result: Option<GameResult>,
    /// The rematch's room, once agreed.
    pub rematch: Option<String>,
    /// Spectators connected.
    pub spectators: usize,
    /// This connection's seat; none for a spectator.
    pub you: Option<u8>,
}

/// What the server sends.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum ServerFrame {
    /// The whole room (after `hello`).
    State(RoomState),
    /// The invited player took their seat.
    SeatTaken {
        /// The seat.
        seat: u8,
    },
    /// A move, stored, with the server's stamp and the clocks after it.
    Moved {
        /// Its 0-based number.
        ply: usize,
        /// The move in notation.
        mv: String,
        /// Who played it.
        seat: u8,
        /// The server's stamp.
        at_ms: u64,
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
        seat: u8,
        /// Whether connected.
        here: bool,
    },
    /// How many watch.
    Spectators {
        /// The count.
        count: usize,
    },
    /// The rematch offers by seat.
    Rematch {
        /// Each seat's offer.
        offers: Vec<bool>,
    },
    /// The rematch plays in `room`.
    RematchStarted {
        /// The new room.
        room: String,
    },
    /// The answer to a ping.
    Pong {
        /// The ping's id.
        id: u64,
    },
    /// A refused frame: nothing changed.
    Error {
        /// The kind (`illegal`, `not_your_turn`, `replaced`, …).
        code: String,
        /// A sentence for the player.
        message: String,
    },
}

/// Any server frame as it arrives: its `type` and every field any frame
/// has, each optional. Read flat and then sorted into a [`ServerFrame`]
/// ([`RawServerFrame::frame`]): a tagged enum's reader would cost the
/// page's download several times as much.
#[derive(Clone, Debug, Default, Deserialize)]
#[allow(missing_docs)]
pub struct RawServerFrame {
    #[serde(rename = "type")]
    pub kind: String,
    pub room: Option<String>,
    pub status: Option<RoomStatus>,
    pub size: Option<u8>,
    pub walls: Option<u8>,
    pub control: Option<String>,
    pub seats: Option<Vec<SeatView>>,
    pub moves: Option<Vec<String>>,
    pub turn: Option<u8>,
    pub clock: Option<ClockReading>,
    pub claim_after_ms: Option<u64>,
    pub server_ms: Option<u64>,
    pub result: Option<GameResult>,
    pub rematch: Option<String>,
    pub spectators: Option<usize>,
    pub you: Option<u8>,
    pub seat: Option<u8>,
    pub ply: Option<usize>,
    #[serde(rename = "move")]
    pub mv: Option<String>,
    pub at_ms: Option<u64>,
    pub here: Option<bool>,
    pub count: Option<usize>,
    pub offers: Option<Vec<bool>>,
    pub id: Option<u64>,
    pub code: Option<String>,
    pub message: Option<String>,
}

impl RawServerFrame {
    /// The frame it is, or which field it lacks.
    pub fn frame(self) -> Result<ServerFrame, String> {
        fn need<T>(field: Option<T>, name: &str, kind: &str) -> Result<T, String> {
            field.ok_or_else(|| format!("a {kind} frame without {name}"))
        }
        let kind = self.kind.as_str();
        Ok(match kind {
            "state" => ServerFrame::State(RoomState {
                room: need(self.room, "room", kind)?,
                status: need(self.status, "status", kind)?,
                size: need(self.size, "size", kind)?,
                walls: need(self.walls, "walls", kind)?,
                control: need(self.control, "control", kind)?,
                seats: need(self.seats, "seats", kind)?,
                moves: need(self.moves, "moves", kind)?,
                turn: need(self.turn, "turn", kind)?,
                clock: need(self.clock, "clock", kind)?,
                claim_after_ms: self.claim_after_ms,
                server_ms: need(self.server_ms, "server_ms", kind)?,
                result: self.result,
                rematch: self.rematch,
                spectators: self.spectators.unwrap_or(0),
                you: self.you,
            }),
            "seat_taken" => ServerFrame::SeatTaken {
                seat: need(self.seat, "seat", kind)?,
            },
            "moved" => ServerFrame::Moved {
                ply: need(self.ply, "ply", kind)?,
                mv: need(self.mv, "move", kind)?,
                seat: need(self.seat, "seat", kind)?,
                at_ms: need(self.at_ms, "at_ms", kind)?,
                clock: need(self.clock, "clock", kind)?,
            },
            "ended" => ServerFrame::Ended {
                result: need(self.result, "result", kind)?,
            },
            "presence" => ServerFrame::Presence {
                seat: need(self.seat, "seat", kind)?,
                here: need(self.here, "here", kind)?,
            },
            "spectators" => ServerFrame::Spectators {
                count: need(self.count, "count", kind)?,
            },
            "rematch" => ServerFrame::Rematch {
                offers: need(self.offers, "offers", kind)?,
            },
            "rematch_started" => ServerFrame::RematchStarted {
                room: need(self.room, "room", kind)?,
            },
            "pong" => ServerFrame::Pong {
                id: self.id.unwrap_or(0),
            },
            "error" => ServerFrame::Error {
                code: need(self.code, "code", kind)?,
                message: need(self.message, "message", kind)?,
            },
            other => return Err(format!("a frame of unknown type {other:?}")),
        })
    }
}

/// Reads a server frame; a frame the page cannot read is an error to show,
/// never a panic.
///
/// ```
/// use quoridor_page::online::wire::{parse_server_frame, ServerFrame};
/// assert_eq!(parse_server_frame(r#"{"type":"spectators","count":2}"#),
///            Ok(ServerFrame::Spectators { count: 2 }));
/// assert!(parse_server_frame("{").is_err());
/// ```
pub fn parse_server_frame(text: &str) -> Result<ServerFrame, String> {
    serde_json::from_str::<RawServerFrame>(text)
        .map_err(|e| e.to_string())
        .and_then(RawServerFrame::frame)
        .map_err(|e| format!("the server sent a frame the page cannot read: {e}"))
}

/// The answer of `POST api/rooms` and `POST api/rooms/{id}/join`.
#[derive(Clone, Debug, PartialEq, Eq, Deserialize)]
pub struct SeatGrant {
    /// The room.
    pub room: String,
    /// The seat granted.
    pub seat: u8,
    /// Its secret, for this browser only.
    pub secret: String,
    /// The invite for the other seat (creating a room only).
    #[serde(default)]
    pub invite: Option<Invite>,
}

/// The invite of a new room.
#[derive(Clone, Debug, PartialEq, Eq, Deserialize)]
pub struct Invite {
    /// The seat it grants.
    pub seat: u8,
    /// Its one-use code.
    pub code: String,
    /// The server's link (the page builds its own from its address).
    #[serde(default)]
    pub url: Option<String>,
}

/// An API failure: `{"ok": false, "error": "…"}`.
#[derive(Clone, Debug, PartialEq, Eq, Deserialize)]
pub struct ApiError {
    /// The sentence.
    pub error: String,
}

/// Reads an API answer: the value, or the server's error sentence.
pub fn parse_api<T: serde::de::DeserializeOwned>(text: &str) -> Result<T, String> {
    if let Ok(ApiError { error }) = serde_json::from_str::<ApiError>(text) {
        return Err(error);
    }
    serde_json::from_str(text).map_err(|e| format!("the server's answer is unreadable: {e}"))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn hello_leaves_out_a_spectators_secret() {
        let spectator = ClientFrame::Hello {
            protocol: 1,
            secret: None,
        };
        assert_eq!(spectator.to_json(), r#"{"type":"hello","protocol":1}"#);
        let player = ClientFrame::Hello {
            protocol: 1,
            secret: Some("ab".into()),
        };
        assert_eq!(
            player.to_json(),
            r#"{"type":"hello","protocol":1,"secret":"ab"}"#
        );
        assert_eq!(ClientFrame::Resign.to_json(), r#"{"type":"resign"}"#);
    }

    #[test]
    fn api_errors_are_told_apart_from_answers() {
        let grant: Result<SeatGrant, _> =
            parse_api(r#"{"ok":true,"room":"r1","seat":2,"secret":"s"}"#);
        assert_eq!(grant.map(|g| g.seat), Ok(2));
        let refused: Result<SeatGrant, _> =
            parse_api(r#"{"ok":false,"error":"this invite was already used"}"#);
        assert_eq!(refused, Err("this invite was already used".to_string()));
        assert!(parse_api::<SeatGrant>("<html>").is_err());
    }

    #[test]
    fn unreadable_frames_are_errors() {
        for text in ["", "null", "{}", r#"{"type":"moved"}"#, r#"{"type":"fly"}"#] {
            assert!(parse_server_frame(text).is_err(), "{text}");
        }
    }
}
