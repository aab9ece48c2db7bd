//! The value parsers of `arena rate`'s numbers that are not whole numbers:
//! the anchor's rating and the ladder's minimum score.

/// `--anchor-rating`: any finite number.
pub fn parse_rating(text: &str) -> Result<f64, String> {
    text.trim()
        .parse::<f64>()
        .ok()
        .filter(|r| r.is_finite())
        .ok_or_else(|| format!("--anchor-rating needs a number, got {text:?}"))
}

/// `--min-score`: a fraction from 0 to 1.
pub fn parse_min_score(text: &str) -> Result<f64, String> {
    text.trim()
        .parse::<f64>()
        .ok()
        .filter(|s| (0.0..=1.0).contains(s))
        .ok_or_else(|| {
            format!("--min-score needs a fraction from 0 to 1 (0.65 for 65%), got {text:?}")
        })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn ratings_are_any_finite_number_and_scores_a_fraction() {
        assert_eq!(parse_rating("-12.5"), Ok(-12.5));
        assert!(parse_rating("inf").is_err());
        assert!(parse_rating("NaN").is_err());
        assert_eq!(parse_min_score("0.65"), Ok(0.65));
        assert_eq!(parse_min_score("1"), Ok(1.0));
        assert!(parse_min_score("65").is_err());
        assert!(parse_min_score("-0.1").is_err());
    }
}
