//! The server's WebSocket frames as the page reads and writes them
//! (docs/server.md, "The WebSocket protocol"). The server crate has its own
//! types; its tests parse every frame it sends with these and every frame
//! these make with its own parser, so the two cannot drift apart.

/// The protocol version the page speaks.
pub const PROTOCOL_VERSION: u32 = 1;

/// What the page sends.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum ClientFrame {
    /// The first frame: the protocol, and a player's seat secret.
    Hello {
        /// [`PROTOCOL_VERSION`].
        protocol: u32,
        /// The seat secret; left out for a spectator.
        secret: Option<String>,
    },
    /// Play `mv` as move number `ply` (0-based).
    Move {
        /// The number of moves played before it.
        ply: usize,
        /// The move in notation.
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
        // Written by hand: serde's writer would add to the page's download.
        let bare = |kind: &str| format!(r#"{{"type":"{kind}"}}"#);
        match self {
            ClientFrame::Hello {
                protocol,
                secret: Some(secret),
            } => format!(
                r#"{{"type":"hello","protocol":{protocol},"secret":{}}}"#,
                json_string(secret)
            ),
            ClientFrame::Hello {
                protocol,
                secret: None,
            } => format!(r#"{{"type":"hello","protocol":{protocol}}}"#),
            ClientFrame::Move { ply, mv } => {
                format!(
                    r#"{{"type":"move","ply":{ply},"move":{}}}"#,
                    json_string(mv)
                )
            }
            ClientFrame::Resign => bare("resign"),
            ClientFrame::Abort => bare("abort"),
            ClientFrame::OfferRematch => bare("offer_rematch"),
            ClientFrame::AcceptRematch => bare("accept_rematch"),
            ClientFrame::DeclineRematch => bare("decline_rematch"),
            ClientFrame::ClaimVictory => bare("claim_victory"),
            ClientFrame::Ping { id } => format!(r#"{{"type":"ping","id":{id}}}"#),
        }
    }
}

/// `text` as a JSON string: quoted, with `"`, `\\` and control characters
/// escaped.
///
/// ```
/// use quoridor_page::online::wire::json_string;
/// assert_eq!(json_string("a\"b\\c\n"), r#""a\"b\\c\u000a""#);
/// ```
pub fn json_string(text: &str) -> String {
    let mut out = String::with_capacity(text.len() + 2);
    out.push('"');
    for c in text.chars() {
        match c {
            '"' => out.push_str("\\\""),
            '\\' => out.push_str("\\\\"),
            c if u32::from(c) < 0x20 => out.push_str(&format!("\\u{:04x}", u32::from(c))),
            c => out.push(c),
        }
    }
    out.push('"');
    out
}

/// Where a room stands.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum RoomStatus {
    /// The invited seat is still free.
    Waiting,
    /// Both seats are taken and the game goes on.
    Playing,
    /// The game has a result, or was aborted.
    Over,
}

/// How a game ended.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
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
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct GameResult {
    /// The winning seat (1 or 2); none for an aborted game.
    pub winner: Option<u8>,
    /// How it ended.
    pub reason: EndReason,
    /// When, by the server's clock (ms since the epoch).
    pub at_ms: u64,
}

/// The clocks at an instant.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct ClockReading {
    /// Each seat's time left in ms; empty without a clock.
    pub remaining_ms: Vec<u64>,
    /// The 0-based seat whose clock runs.
    pub running: Option<usize>,
}

/// A seat as everyone sees it.
#[derive(Clone, Debug, PartialEq, Eq)]
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

/// A parsed JSON object the frames are read from: `serde_json`'s values
/// natively, the browser's own `JSON.parse` objects in the page (whose
/// reader this way adds little to the page's download, where serde's
/// derived readers added several kilobytes).
pub trait Fields: Sized {
    /// The text at `key`.
    fn text(&self, key: &str) -> Option<String>;
    /// The whole number at `key` (not negative, not fractional).
    fn number(&self, key: &str) -> Option<u64>;
    /// The boolean at `key`.
    fn flag(&self, key: &str) -> Option<bool>;
    /// The object at `key`.
    fn object(&self, key: &str) -> Option<Self>;
    /// The items of the list at `key`.
    fn list(&self, key: &str) -> Option<Vec<Self>>;
    /// This value as text (a list item).
    fn as_text(&self) -> Option<String>;
    /// This value as a boolean (a list item).
    fn as_flag(&self) -> Option<bool>;
    /// This value as a whole number (a list item).
    fn as_number(&self) -> Option<u64>;
}

/// `field` or an error naming it.
fn need<T>(field: Option<T>, name: &str, kind: &str) -> Result<T, String> {
    field.ok_or_else(|| format!("a {kind} frame without a valid {name}"))
}

/// A small number (a seat, a size).
fn small<F: Fields>(o: &F, key: &str) -> Option<u8> {
    o.number(key).and_then(|n| u8::try_from(n).ok())
}

/// A count or a ply.
fn count<F: Fields>(o: &F, key: &str) -> Option<usize> {
    o.number(key).and_then(|n| usize::try_from(n).ok())
}

impl RoomStatus {
    /// Reads `waiting`, `playing`, `over`.
    pub fn parse(text: &str) -> Option<RoomStatus> {
        match text {
            "waiting" => Some(RoomStatus::Waiting),
            "playing" => Some(RoomStatus::Playing),
            "over" => Some(RoomStatus::Over),
            _ => None,
        }
    }
}

impl EndReason {
    /// Reads the protocol's words (`goal`, `ply_limit`, …).
    pub fn parse(text: &str) -> Option<EndReason> {
        Some(match text {
            "goal" => EndReason::Goal,
            "ply_limit" => EndReason::PlyLimit,
            "resignation" => EndReason::Resignation,
            "timeout" => EndReason::Timeout,
            "abandonment" => EndReason::Abandonment,
            "aborted" => EndReason::Aborted,
            _ => return None,
        })
    }
}

impl GameResult {
    fn read<F: Fields>(o: &F) -> Option<GameResult> {
        Some(GameResult {
            winner: small(o, "winner"),
            reason: EndReason::parse(&o.text("reason")?)?,
            at_ms: o.number("at_ms")?,
        })
    }
}

impl ClockReading {
    fn read<F: Fields>(o: &F) -> Option<ClockReading> {
        let remaining = o.list("remaining_ms")?;
        Some(ClockReading {
            remaining_ms: remaining
                .iter()
                .map(Fields::as_number)
                .collect::<Option<_>>()?,
            running: count(o, "running"),
        })
    }
}

impl SeatView {
    fn read<F: Fields>(o: &F) -> Option<SeatView> {
        Some(SeatView {
            seat: small(o, "seat")?,
            taken: o.flag("taken")?,
            here: o.flag("here")?,
            away_since_ms: o.number("away_since_ms"),
            rematch_offer: o.flag("rematch_offer")?,
        })
    }
}

/// Reads a frame from its parsed object.
pub fn read_frame<F: Fields>(o: &F) -> Result<ServerFrame, String> {
    let kind = o.text("type").unwrap_or_default();
    let kind = kind.as_str();
    let clock = |o: &F| o.object("clock").and_then(|c| ClockReading::read(&c));
    let result = |o: &F| o.object("result").and_then(|r| GameResult::read(&r));
    Ok(match kind {
        "state" => ServerFrame::State(RoomState {
            room: need(o.text("room"), "room", kind)?,
            status: need(
                o.text("status").and_then(|t| RoomStatus::parse(&t)),
                "status",
                kind,
            )?,
            size: need(small(o, "size"), "size", kind)?,
            walls: need(small(o, "walls"), "walls", kind)?,
            control: need(o.text("control"), "control", kind)?,
            seats: need(
                o.list("seats")
                    .and_then(|l| l.iter().map(SeatView::read).collect()),
                "seats",
                kind,
            )?,
            moves: need(
                o.list("moves")
                    .and_then(|l| l.iter().map(Fields::as_text).collect()),
                "moves",
                kind,
            )?,
            turn: need(small(o, "turn"), "turn", kind)?,
            clock: need(clock(o), "clock", kind)?,
            claim_after_ms: o.number("claim_after_ms"),
            server_ms: need(o.number("server_ms"), "server_ms", kind)?,
            // Absent or null: no result yet; an object must read.
            result: match o.object("result") {
                Some(r) => Some(GameResult::read(&r).ok_or("an unreadable result")?),
                None => None,
            },
            rematch: o.text("rematch"),
            spectators: count(o, "spectators").unwrap_or(0),
            you: small(o, "you"),
        }),
        "seat_taken" => ServerFrame::SeatTaken {
            seat: need(small(o, "seat"), "seat", kind)?,
        },
        "moved" => ServerFrame::Moved {
            ply: need(count(o, "ply"), "ply", kind)?,
            mv: need(o.text("move"), "move", kind)?,
            seat: need(small(o, "seat"), "seat", kind)?,
            at_ms: need(o.number("at_ms"), "at_ms", kind)?,
            clock: need(clock(o), "clock", kind)?,
        },
        "ended" => ServerFrame::Ended {
            result: need(result(o), "result", kind)?,
        },
        "presence" => ServerFrame::Presence {
            seat: need(small(o, "seat"), "seat", kind)?,
            here: need(o.flag("here"), "here", kind)?,
        },
        "spectators" => ServerFrame::Spectators {
            count: need(count(o, "count"), "count", kind)?,
        },
        "rematch" => ServerFrame::Rematch {
            offers: need(
                o.list("offers")
                    .and_then(|l| l.iter().map(Fields::as_flag).collect()),
                "offers",
                kind,
            )?,
        },
        "rematch_started" => ServerFrame::RematchStarted {
            room: need(o.text("room"), "room", kind)?,
        },
        "pong" => ServerFrame::Pong {
            id: o.number("id").unwrap_or(0),
        },
        "error" => ServerFrame::Error {
            code: need(o.text("code"), "code", kind)?,
            message: need(o.text("message"), "message", kind)?,
        },
        other => return Err(format!("a frame of unknown type {other:?}")),
    })
}

/// `serde_json`'s values as [`Fields`] (the native reader and the tests).
impl Fields for serde_json::Value {
    fn text(&self, key: &str) -> Option<String> {
        self.get(key)?.as_str().map(str::to_string)
    }
    fn number(&self, key: &str) -> Option<u64> {
        self.get(key)?.as_u64()
    }
    fn flag(&self, key: &str) -> Option<bool> {
        self.get(key)?.as_bool()
    }
    fn object(&self, key: &str) -> Option<Self> {
        self.get(key).filter(|v| v.is_object()).cloned()
    }
    fn list(&self, key: &str) -> Option<Vec<Self>> {
        self.get(key)?.as_array().cloned()
    }
    fn as_text(&self) -> Option<String> {
        self.as_str().map(str::to_string)
    }
    fn as_flag(&self) -> Option<bool> {
        self.as_bool()
    }
    fn as_number(&self) -> Option<u64> {
        self.as_u64()
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
    serde_json::from_str::<serde_json::Value>(text)
        .map_err(|e| e.to_string())
        .and_then(|value| read_frame(&value))
        .map_err(|e| format!("the server sent a frame the page cannot read: {e}"))
}

/// The answer of `POST api/rooms` and `POST api/rooms/{id}/join`.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SeatGrant {
    /// The room.
    pub room: String,
    /// The seat granted.
    pub seat: u8,
    /// Its secret, for this browser only.
    pub secret: String,
    /// The other seat's invite code (creating a room only).
    pub invite: Option<String>,
}

/// Reads an API answer: the seat granted, or the server's error sentence
/// (`{"ok": false, "error": "…"}`).
pub fn read_grant<F: Fields>(o: &F) -> Result<SeatGrant, String> {
    if let Some(error) = o.text("error") {
        return Err(error);
    }
    let unreadable = || "the server's answer is unreadable".to_string();
    Ok(SeatGrant {
        room: o.text("room").ok_or_else(unreadable)?,
        seat: small(o, "seat").ok_or_else(unreadable)?,
        secret: o.text("secret").ok_or_else(unreadable)?,
        invite: o.object("invite").and_then(|i| i.text("code")),
    })
}

/// Reads an API answer's text ([`read_grant`]).
pub fn parse_grant(text: &str) -> Result<SeatGrant, String> {
    let value: serde_json::Value =
        serde_json::from_str(text).map_err(|_| "the server's answer is unreadable".to_string())?;
    read_grant(&value)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn frames_are_json_as_serde_writes_it() {
        for text in ["e2", "", "a\"b\\c", "tab\there", "é→✓"] {
            let ours = json_string(text);
            assert_eq!(
                serde_json::from_str::<String>(&ours).ok().as_deref(),
                Some(text)
            );
        }
        let frame = ClientFrame::Move {
            ply: 12,
            mv: "e3h".into(),
        };
        let value: serde_json::Value = serde_json::from_str(&frame.to_json()).expect("JSON");
        assert_eq!(value["type"], "move");
        assert_eq!(value["ply"], 12);
        assert_eq!(value["move"], "e3h");
    }

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
        let grant = parse_grant(r#"{"ok":true,"room":"r1","seat":2,"secret":"s"}"#);
        assert_eq!(grant.map(|g| (g.seat, g.invite)), Ok((2, None)));
        let made = parse_grant(
            r#"{"ok":true,"room":"r1","seat":1,"secret":"s","invite":{"seat":2,"code":"c0de","url":"u"}}"#,
        );
        assert_eq!(made.map(|g| g.invite), Ok(Some("c0de".to_string())));
        let refused = parse_grant(r#"{"ok":false,"error":"this invite was already used"}"#);
        assert_eq!(refused, Err("this invite was already used".to_string()));
        assert!(parse_grant("<html>").is_err());
        assert!(parse_grant(r#"{"ok":true,"room":"r1","seat":"two","secret":"s"}"#).is_err());
    }

    #[test]
    fn unreadable_frames_are_errors() {
        for text in [
            "",
            "null",
            "{}",
            r#"{"type":"moved"}"#,
            r#"{"type":"fly"}"#,
            r#"{"type":"moved","ply":-1,"move":"e2","seat":1,"at_ms":1,"clock":{"remaining_ms":[],"running":null}}"#,
            r#"{"type":"moved","ply":0,"move":"e2","seat":1,"at_ms":1,"clock":{"remaining_ms":["x"],"running":null}}"#,
            r#"{"type":"presence","seat":300,"here":true}"#,
            r#"{"type":"ended","result":{"winner":1,"reason":"boredom","at_ms":1}}"#,
            r#"{"type":"rematch","offers":[true,3]}"#,
        ] {
            assert!(parse_server_frame(text).is_err(), "{text}");
        }
    }
}
