//! Small text helpers shared by the web app, the engines' options and the
//! command-line reports: digit grouping, quoting what a user typed in an
//! error, the words of one-of-a-few settings ([`Choice`], `spelled!`), a
//! noun for a count ([`count`], [`plural`]), and the "did you mean" of a
//! misspelt name ([`closest`]).

mod choice;

#[doc(hidden)]
pub use choice::parse_choice;
pub use choice::{one_of, quote_input, Choice, ParseChoiceError, QUOTE_LIMIT};

/// `n` with `separator` between groups of three digits.
///
/// ```
/// use quoridor_text::group_digits;
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

/// `noun` for `n` of them: as given for 1, else in the plural (`s` added,
/// or a `y` after a consonant made `ies`).
///
/// ```
/// use quoridor_text::plural;
/// assert_eq!(plural(1, "game"), "game");
/// assert_eq!(plural(0_u64, "game"), "games");
/// assert_eq!(plural(2_usize, "ply"), "plies");
/// assert_eq!(plural(3, "day"), "days");
/// ```
pub fn plural<N: PartialEq + From<u8>>(n: N, noun: &str) -> String {
    if n == N::from(1) {
        return noun.to_string();
    }
    let mut letters = noun.chars().rev();
    let consonant_y = letters.next() == Some('y')
        && letters
            .next()
            .is_some_and(|c| c.is_alphabetic() && !"aeiou".contains(c));
    match noun.strip_suffix('y') {
        Some(stem) if consonant_y => format!("{stem}ies"),
        _ => format!("{noun}s"),
    }
}

/// `n` and its noun ([`plural`]): "1 game", "2 games", "300 plies".
///
/// ```
/// use quoridor_text::count;
/// assert_eq!(count(1, "file"), "1 file");
/// assert_eq!(count(3_usize, "ply"), "3 plies");
/// ```
pub fn count<N: PartialEq + From<u8> + std::fmt::Display + Copy>(n: N, noun: &str) -> String {
    format!("{n} {}", plural(n, noun))
}

/// The name in `known` closest to the misspelt `word`, if one is close
/// enough to be what was meant: at most one edit (a letter added, dropped,
/// changed, or two neighbours swapped) per three letters of `word`, and at
/// least one. The case of ASCII letters is ignored (the names are ASCII; an
/// ASCII-only fold keeps Unicode's case tables, about 9 KB gzipped, out of
/// the page); the first of equally close names wins.
///
/// ```
/// use quoridor_text::closest;
/// let options = ["uct_c", "solver", "tree_reuse"];
/// assert_eq!(closest("uct_cc", options), Some("uct_c"));
/// assert_eq!(closest("slover", options), Some("solver"));
/// assert_eq!(closest("bogus", options), None);
/// ```
pub fn closest<'a>(word: &str, known: impl IntoIterator<Item = &'a str>) -> Option<&'a str> {
    let word = word.to_ascii_lowercase();
    let limit = (word.chars().count() / 3).max(1);
    known
        .into_iter()
        .map(|name| (edit_distance(&word, &name.to_ascii_lowercase()), name))
        .filter(|(distance, _)| *distance <= limit)
        .min_by_key(|(distance, _)| *distance)
        .map(|(_, name)| name)
}

/// Edits (insertions, deletions, substitutions and swaps of neighbours)
/// that turn `a` into `b`: the optimal string alignment distance.
fn edit_distance(a: &str, b: &str) -> usize {
    let (a, b): (Vec<char>, Vec<char>) = (a.chars().collect(), b.chars().collect());
    // rows[i][j]: distance between a[..i] and b[..j]; three rows suffice.
    let mut before: Vec<usize> = Vec::new();
    let mut previous: Vec<usize> = (0..=b.len()).collect();
    for i in 1..=a.len() {
        let mut current = vec![i; b.len() + 1];
        for j in 1..=b.len() {
            let cost = usize::from(a[i - 1] != b[j - 1]);
            current[j] = (previous[j] + 1)
                .min(current[j - 1] + 1)
                .min(previous[j - 1] + cost);
            if i > 1 && j > 1 && a[i - 1] == b[j - 2] && a[i - 2] == b[j - 1] {
                current[j] = current[j].min(before[j - 2] + 1);
            }
        }
        before = std::mem::replace(&mut previous, current);
    }
    previous[b.len()]
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn edit_distance_counts_swaps_as_one_edit() {
        assert_eq!(edit_distance("show", "show"), 0);
        assert_eq!(edit_distance("shwo", "show"), 1);
        assert_eq!(edit_distance("uct_cc", "uct_c"), 1);
        assert_eq!(edit_distance("", "abc"), 3);
        assert_eq!(edit_distance("kitten", "sitting"), 3);
    }

    #[test]
    fn closest_needs_a_near_name() {
        let commands = ["moves", "perft", "show", "review"];
        assert_eq!(closest("shwo", commands), Some("show"));
        assert_eq!(closest("MVOES", commands), Some("moves"));
        assert_eq!(closest("frobnicate", commands), None);
        assert_eq!(closest("", commands), None);
    }
}
