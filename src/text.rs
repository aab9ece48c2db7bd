//! Small text helpers shared by the web app and the command-line reports.

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
