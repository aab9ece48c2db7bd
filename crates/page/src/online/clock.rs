//! Time controls as lichess writes them, and how a clock reads.

/// The time controls the page offers, as the server reads them: minutes +
/// seconds added per move, unlimited, and correspondence (days per move).
pub const TIME_CONTROLS: [(&str, &str); 9] = [
    ("1+0", "1+0 · Bullet"),
    ("3+2", "3+2 · Blitz"),
    ("5+3", "5+3 · Blitz"),
    ("10+5", "10+5 · Rapid"),
    ("15+10", "15+10 · Rapid"),
    ("30+0", "30+0 · Classical"),
    ("unlimited", "Unlimited"),
    ("corr:1", "Correspondence · 1 day a move"),
    ("corr:3", "Correspondence · 3 days a move"),
];

/// The control the form starts on.
pub const DEFAULT_CONTROL: &str = "10+5";

/// A clock's time as lichess shows it: `m:ss`, with tenths under ten
/// seconds (`0:07.3`), hours past an hour (`1:02:05`), days past a day.
///
/// ```
/// use quoridor_page::online::clock::clock_text;
/// assert_eq!(clock_text(600_000), "10:00");
/// assert_eq!(clock_text(7_349), "0:07.3");
/// assert_eq!(clock_text(3_725_000), "1:02:05");
/// assert_eq!(clock_text(2 * 86_400_000 + 3_600_000), "2d 1h");
/// ```
pub fn clock_text(ms: u64) -> String {
    let seconds = ms / 1000;
    if ms < 10_000 {
        return format!("0:{:02}.{}", seconds, (ms % 1000) / 100);
    }
    if seconds >= 86_400 {
        return format!("{}d {}h", seconds / 86_400, (seconds % 86_400) / 3600);
    }
    if seconds >= 3600 {
        return format!(
            "{}:{:02}:{:02}",
            seconds / 3600,
            (seconds % 3600) / 60,
            seconds % 60
        );
    }
    format!("{}:{:02}", seconds / 60, seconds % 60)
}

/// The control's words for a status line (`10+5`, `unlimited`,
/// `3 days a move`).
pub fn control_words(control: &str) -> String {
    match control.strip_prefix("corr:") {
        Some("1") => "1 day a move".to_string(),
        Some(days) => format!("{days} days a move"),
        None => control.to_string(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn clocks_read_as_lichess_shows_them() {
        assert_eq!(clock_text(0), "0:00.0");
        assert_eq!(clock_text(9_999), "0:09.9");
        assert_eq!(clock_text(10_000), "0:10");
        assert_eq!(clock_text(59_999), "0:59");
        assert_eq!(clock_text(180_000), "3:00");
        assert_eq!(clock_text(3_600_000), "1:00:00");
        assert_eq!(control_words("corr:1"), "1 day a move");
        assert_eq!(control_words("corr:3"), "3 days a move");
        assert_eq!(control_words("3+2"), "3+2");
    }
}
