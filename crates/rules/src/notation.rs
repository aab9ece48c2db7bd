//! Errors for reading notation, and serde support that writes notation types
//! as their text (`"e2"`, `"e3h"`), so worker messages and saved games stay
//! readable.

use std::fmt;

/// A piece of notation (square, wall, move, player, variant header) that could not be read.
///
/// It names the bad text and says what was expected:
///
/// ```
/// use quoridor_rules::Move;
/// let err = "z9".parse::<Move>().unwrap_err();
/// assert_eq!(err.to_string(), "cannot read \"z9\" as a move: column must be a letter a-k");
/// ```
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ParseMoveError {
    /// The text that was read (trimmed).
    pub text: String,
    /// What kind of thing was expected: "square", "wall", "move", ...
    pub expected: &'static str,
    /// Why it failed.
    pub reason: &'static str,
}

impl ParseMoveError {
    pub(crate) fn new(text: &str, expected: &'static str, reason: &'static str) -> Self {
        ParseMoveError {
            text: text.chars().take(40).collect(),
            expected,
            reason,
        }
    }
}

impl fmt::Display for ParseMoveError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "cannot read {:?} as a {}: {}",
            self.text, self.expected, self.reason
        )
    }
}

impl std::error::Error for ParseMoveError {}

/// Implements `Serialize`/`Deserialize` through `Display`/`FromStr`.
macro_rules! serde_as_text {
    ($t:ty) => {
        impl serde::Serialize for $t {
            fn serialize<S: serde::Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
                s.collect_str(self)
            }
        }
        impl<'de> serde::Deserialize<'de> for $t {
            fn deserialize<D: serde::Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
                let text = <std::borrow::Cow<'de, str> as serde::Deserialize>::deserialize(d)?;
                text.parse().map_err(serde::de::Error::custom)
            }
        }
    };
}
pub(crate) use serde_as_text;
