//! Small text helpers shared by the web app, the engines' options and the
//! command-line reports: digit grouping, quoting what a user typed in an
//! error, and the words of one-of-a-few settings ([`Choice`], `spelled!`).

pub(crate) mod choice;

pub(crate) use choice::spelled;
pub use choice::{one_of, quote_input, Choice, ParseChoiceError, QUOTE_LIMIT};

/// `n` with `separator` between groups of three digits.
///
/// ```
/// use quoridor::text::group_digits;
/// assert_eq!(group_digits(1234567, ','), "1,234,567");
/// assert_eq!(group_digits(999, ','), "999");
/// assert_eq!(group_digits(0, '\u{202f}'), "0");
/// ```
pub fn group_digits(n: u64, separator: char) -> String {
    let digits = n.to_string();
    let mut out = String::new();
    for (i, c) in digits.chars().enumerate() {
        if i > 0 && (digits.len() - i) % 3 == 0 {
            out.push(separator);
        }
        out.push(c);
    }
    out
}
