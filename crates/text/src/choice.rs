//! Settings that are one of a few words (`uniform`, `most_visits`, `thesis`,
//! `time`): each enum's spellings are written once, in a [`spelled!`]
//! invocation, which gives it [`Choice`], `Display` and `FromStr`.

use std::fmt;

/// An enum whose values are written as words in options, links and the
/// engine protocol.
pub trait Choice: Copy + 'static {
    /// Every value, in the order option lists show them.
    const ALL: &'static [Self];
    /// The spellings of [`Choice::ALL`], in the same order.
    const NAMES: &'static [&'static str];
    /// This value's spelling.
    fn name(self) -> &'static str;
}

/// Implements [`Choice`], `Display` and `FromStr` (ASCII case ignored, spaces
/// trimmed) for an enum from one list of `Variant => "spelling"` pairs.
#[macro_export]
macro_rules! spelled {
    ($ty:ident { $($variant:ident => $name:literal),+ $(,)? }) => {
        impl $crate::Choice for $ty {
            const ALL: &'static [$ty] = &[$($ty::$variant),+];
            const NAMES: &'static [&'static str] = &[$($name),+];
            fn name(self) -> &'static str {
                match self {
                    $($ty::$variant => $name),+
                }
            }
        }

        impl std::fmt::Display for $ty {
            fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
                f.write_str($crate::Choice::name(*self))
            }
        }

        impl std::str::FromStr for $ty {
            type Err = $crate::ParseChoiceError;
            fn from_str(text: &str) -> Result<$ty, Self::Err> {
                $crate::parse_choice(text)
            }
        }
    };
}

/// The value of `C` spelled `text` (ASCII case ignored, spaces trimmed).
pub fn parse_choice<C: Choice>(text: &str) -> Result<C, ParseChoiceError> {
    let word = text.trim();
    C::ALL
        .iter()
        .copied()
        .find(|c| c.name().eq_ignore_ascii_case(word))
        .ok_or_else(|| ParseChoiceError {
            got: quote_input(word),
            expected: C::NAMES,
        })
}

/// A word that is none of a [`Choice`]'s spellings.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ParseChoiceError {
    /// The text given (at most [`QUOTE_LIMIT`] characters of it).
    pub got: String,
    /// The accepted spellings.
    pub expected: &'static [&'static str],
}

impl fmt::Display for ParseChoiceError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "expected {}, got {:?}", one_of(self.expected), self.got)
    }
}

impl std::error::Error for ParseChoiceError {}

/// `a`, `a or b`, `a, b or c`.
pub fn one_of(words: &[&str]) -> String {
    match words {
        [] => String::new(),
        [one] => (*one).to_string(),
        [init @ .., last] => format!("{} or {last}", init.join(", ")),
    }
}

/// Most characters of user input an error message repeats.
pub const QUOTE_LIMIT: usize = 80;

/// `text`, cut to its first [`QUOTE_LIMIT`] characters (marked with `…`), for
/// error messages: a huge input line must not be echoed back whole.
///
/// ```
/// use quoridor_text::quote_input;
/// assert_eq!(quote_input("e2"), "e2");
/// assert_eq!(quote_input(&"x".repeat(1000)).chars().count(), 81);
/// ```
pub fn quote_input(text: &str) -> String {
    match text.char_indices().nth(QUOTE_LIMIT) {
        Some((cut, _)) => format!("{}…", &text[..cut]),
        None => text.to_string(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn one_of_joins_with_commas_and_or() {
        assert_eq!(one_of(&["a"]), "a");
        assert_eq!(one_of(&["a", "b"]), "a or b");
        assert_eq!(one_of(&["a", "b", "c"]), "a, b or c");
    }

    #[test]
    fn quote_input_keeps_short_text_and_cuts_long_text_on_a_char_boundary() {
        assert_eq!(quote_input(&"é".repeat(80)), "é".repeat(80));
        let cut = quote_input(&"é".repeat(81));
        assert_eq!(cut, format!("{}…", "é".repeat(80)));
    }
}
