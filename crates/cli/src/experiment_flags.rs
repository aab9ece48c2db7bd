//! `experiments`' own flag values: the `--only` list of experiment numbers
//! and the `--scale` factor, read by clap through these parsers.

use std::fmt;

/// The experiment numbers `--only` selects.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ExperimentNumbers(pub Vec<u8>);

/// An `--only` list that cannot be read.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct BadList(String);

impl fmt::Display for BadList {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "--only needs experiment numbers 1 to 10 like 1,3,7-10, got {:?}",
            self.0
        )
    }
}

impl std::error::Error for BadList {}

/// `--only`'s value parser.
pub fn experiment_numbers(text: &str) -> Result<ExperimentNumbers, BadList> {
    parse_list(text).map(ExperimentNumbers)
}

/// A `--scale` that is not a number above 0 and at most 100.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct BadScale(String);

impl fmt::Display for BadScale {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "--scale needs a number above 0 (at most 100), got {:?}",
            self.0
        )
    }
}

impl std::error::Error for BadScale {}

/// `--scale`'s value parser.
pub fn parse_scale(text: &str) -> Result<f64, BadScale> {
    text.trim()
        .parse::<f64>()
        .ok()
        .filter(|s| s.is_finite() && *s > 0.0 && *s <= 100.0)
        .ok_or_else(|| BadScale(text.to_string()))
}

/// Reads `1,3,7-10` into experiment numbers.
fn parse_list(text: &str) -> Result<Vec<u8>, BadList> {
    let bad = || BadList(text.to_string());
    let number = |s: &str| {
        s.trim()
            .parse::<u8>()
            .ok()
            .filter(|n| (1..=10).contains(n))
            .ok_or_else(bad)
    };
    let mut list = Vec::new();
    for part in text.split(',') {
        match part.split_once('-') {
            Some((from, to)) => {
                let (from, to) = (number(from)?, number(to)?);
                if from > to {
                    return Err(bad());
                }
                list.extend(from..=to);
            }
            None => list.push(number(part)?),
        }
    }
    list.sort_unstable();
    list.dedup();
    Ok(list)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn experiment_lists_read_ranges_and_reject_nonsense() {
        assert_eq!(parse_list("1,3,7-10"), Ok(vec![1, 3, 7, 8, 9, 10]));
        assert_eq!(parse_list("2,2"), Ok(vec![2]));
        for bad in ["", "0", "11", "3-1", "a", "1,,2", "1-"] {
            assert!(parse_list(bad).is_err(), "{bad:?}");
        }
    }
}
