//! Where an output came from: the command line and the date, as the files
//! of long runs (self-play headers, the experiments' results, a trained
//! network's manifest) record them.

/// The command line as one string (`quoridor` for the program, arguments
/// with spaces or quotes quoted), for the files a run writes.
pub fn command_line() -> String {
    std::env::args_os()
        .enumerate()
        .map(|(i, arg)| {
            let arg = if i == 0 {
                "quoridor".to_string()
            } else {
                arg.to_string_lossy().into_owned()
            };
            if arg.is_empty() || arg.contains(|c: char| c.is_whitespace() || c == '"') {
                format!("{arg:?}")
            } else {
                arg
            }
        })
        .collect::<Vec<_>>()
        .join(" ")
}

/// Today's UTC date as YYYY-MM-DD.
pub fn today() -> String {
    let days = std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .map_or(0, |d| d.as_secs() / 86_400) as i64;
    // Civil-from-days (Howard Hinnant's algorithm).
    let z = days + 719_468;
    let era = z.div_euclid(146_097);
    let doe = z - era * 146_097;
    let yoe = (doe - doe / 1460 + doe / 36_524 - doe / 146_096) / 365;
    let doy = doe - (365 * yoe + yoe / 4 - yoe / 100);
    let mp = (5 * doy + 2) / 153;
    let day = doy - (153 * mp + 2) / 5 + 1;
    let month = if mp < 10 { mp + 3 } else { mp - 9 };
    let year = yoe + era * 400 + i64::from(month <= 2);
    format!("{year:04}-{month:02}-{day:02}")
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn today_is_a_plausible_date() {
        let date = today();
        assert_eq!(date.len(), 10);
        assert!(date.as_str() >= "2025-01-01", "{date}");
    }
}
