//! The page addresses of online games, in the URL's `#` part (which browsers
//! never send to a server): `#join/ROOM/CODE` takes the invited seat once,
//! `#play/ROOM` is a seated player's own address (their secret stays in
//! this browser's storage, never in the address), `#watch/ROOM` a
//! spectator's.

/// An online address.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Route {
    /// Take the invited seat of `room` with `code`.
    Join {
        /// The room.
        room: String,
        /// The one-use invite code.
        code: String,
    },
    /// Play in `room` (as a spectator when this browser holds no seat).
    Play {
        /// The room.
        room: String,
    },
    /// Watch `room`.
    Watch {
        /// The room.
        room: String,
    },
}

/// Whether `text` has a room id's form (what the server makes: letters and
/// digits; any length from 8 to 64 is read, so a server with longer ids
/// still works).
fn is_token(text: &str) -> bool {
    (8..=64).contains(&text.len()) && text.bytes().all(|b| b.is_ascii_alphanumeric())
}

impl Route {
    /// Reads a location hash (with or without its `#`); `None` for anything
    /// else, which the page then reads as no online game.
    ///
    /// ```
    /// use quoridor_page::online::route::Route;
    /// assert_eq!(Route::parse("#watch/Ab3dEf9hJk"),
    ///            Some(Route::Watch { room: "Ab3dEf9hJk".into() }));
    /// assert_eq!(Route::parse("#watch/<script>"), None);
    /// ```
    pub fn parse(hash: &str) -> Option<Route> {
        let hash = hash.strip_prefix('#').unwrap_or(hash);
        let parts: Vec<&str> = hash.split('/').collect();
        match parts.as_slice() {
            ["join", room, code] if is_token(room) && is_hex(code) => Some(Route::Join {
                room: room.to_string(),
                code: code.to_string(),
            }),
            ["play", room] if is_token(room) => Some(Route::Play {
                room: room.to_string(),
            }),
            ["watch", room] if is_token(room) => Some(Route::Watch {
                room: room.to_string(),
            }),
            _ => None,
        }
    }

    /// The hash for this route, with its `#`.
    pub fn hash(&self) -> String {
        match self {
            Route::Join { room, code } => format!("#join/{room}/{code}"),
            Route::Play { room } => format!("#play/{room}"),
            Route::Watch { room } => format!("#watch/{room}"),
        }
    }

    /// The room it names.
    pub fn room(&self) -> &str {
        match self {
            Route::Join { room, .. } | Route::Play { room } | Route::Watch { room } => room,
        }
    }
}

/// Whether `text` looks like an invite code or a secret (hex digits).
fn is_hex(text: &str) -> bool {
    (8..=128).contains(&text.len()) && text.bytes().all(|b| b.is_ascii_hexdigit())
}

/// The local-storage key of this browser's seat in `room`.
pub fn seat_key(room: &str) -> String {
    format!("quoridor.online.{room}")
}

/// A seat this browser holds: its number, its secret and, for the room's
/// creator, the invite code to show until the friend joins; stored as
/// `"1:SECRET"` or `"1:SECRET:CODE"`.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct HeldSeat {
    /// The player number.
    pub seat: u8,
    /// The secret the server checks.
    pub secret: String,
    /// The invite code of the other seat (the creator's).
    pub invite: Option<String>,
}

impl HeldSeat {
    /// The stored form.
    pub fn stored(&self) -> String {
        match &self.invite {
            Some(code) => format!("{}:{}:{code}", self.seat, self.secret),
            None => format!("{}:{}", self.seat, self.secret),
        }
    }

    /// Reads the stored form; `None` for anything damaged.
    ///
    /// ```
    /// use quoridor_page::online::route::HeldSeat;
    /// let held = HeldSeat { seat: 2, secret: "0123456789abcdef0123456789abcdef".into(), invite: None };
    /// assert_eq!(HeldSeat::parse(&held.stored()), Some(held));
    /// let creator = HeldSeat { seat: 1, secret: "00ff00ff00ff00ff".into(), invite: Some("abcdef0123456789".into()) };
    /// assert_eq!(HeldSeat::parse(&creator.stored()), Some(creator));
    /// assert_eq!(HeldSeat::parse("3:zz"), None);
    /// ```
    pub fn parse(text: &str) -> Option<HeldSeat> {
        let mut parts = text.split(':');
        let seat = parts.next()?.parse().ok().filter(|s| (1..=2).contains(s))?;
        let secret = parts.next().filter(|s| is_hex(s))?.to_string();
        let invite = match parts.next() {
            Some(code) if is_hex(code) => Some(code.to_string()),
            Some(_) => return None,
            None => None,
        };
        parts.next().is_none().then_some(HeldSeat {
            seat,
            secret,
            invite,
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn routes_read_back_what_they_write() {
        for route in [
            Route::Join {
                room: "AbCdEfGh12".into(),
                code: "00ff00ff00ff00ff".into(),
            },
            Route::Play {
                room: "AbCdEfGh12".into(),
            },
            Route::Watch {
                room: "AbCdEfGh12".into(),
            },
        ] {
            assert_eq!(Route::parse(&route.hash()), Some(route.clone()));
            assert_eq!(route.room(), "AbCdEfGh12");
        }
    }

    #[test]
    fn anything_else_is_no_route() {
        for hash in [
            "",
            "#",
            "#play",
            "#play/",
            "#play/short",
            "#play/AbCdEfGh12/extra",
            "#join/AbCdEfGh12",
            "#join/AbCdEfGh12/not-hex!",
            "#watch/../../etc",
            "#moves=e2",
        ] {
            assert_eq!(Route::parse(hash), None, "{hash}");
        }
    }
}
