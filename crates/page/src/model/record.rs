//! The player's record against each level of the ladder: wins, losses, the
//! wins in a row and the day last played, per level. The page keeps it in
//! the browser alone (`localStorage`, one key holding versioned JSON); no
//! link and no saved game carries it.
//!
//! The stored form is [`StoredRecord`]; the page turns it into JSON text
//! with the browser's own `JSON` (the page's code carries no JSON library).
//! Reading never panics: a value that is not a record of this version is
//! refused with a [`RecordError`] saying why, and the page starts a new one.
//!
//! ```
//! use quoridor_page::model::record::{Day, Record};
//! let mut record = Record::default();
//! let day = Day::new(2026, 11, 26).unwrap();
//! assert!(record.count(5, true, 1234, Some(day)));
//! assert!(!record.count(5, true, 1234, Some(day)), "a game counts once");
//! let json = serde_json::to_value(record.to_stored()).unwrap();
//! assert_eq!(json["levels"][0]["wins"], 1);
//! assert_eq!(Record::read(|| json.clone()), Ok(record));
//! ```

use std::fmt;
use std::str::FromStr;

use serde::{Deserialize, Deserializer, Serialize};

use quoridor_engines::{Level, LEVELS};

/// The version of the record's JSON this build reads and writes.
pub const RECORD_VERSION: u32 = 1;

/// Wins in a row against a level after which the page suggests the next.
pub const WINS_TO_SUGGEST: u32 = 3;

/// A calendar day, as the page's clock gives it (local time).
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Serialize, Deserialize)]
#[serde(try_from = "String", into = "String")]
pub struct Day {
    year: u16,
    month: u8,
    day: u8,
}

impl Day {
    /// The day `day` of month `month` (1–12) of `year`; `None` for no such
    /// day (day 31 is accepted in every month: the record only shows it).
    pub fn new(year: u16, month: u8, day: u8) -> Option<Day> {
        let fits =
            (1..=9999).contains(&year) && (1..=12).contains(&month) && (1..=31).contains(&day);
        fits.then_some(Day { year, month, day })
    }
}

impl fmt::Display for Day {
    /// `2026-11-26`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{:04}-{:02}-{:02}", self.year, self.month, self.day)
    }
}

/// Text that is not a day `YYYY-MM-DD`.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ParseDayError(String);

impl fmt::Display for ParseDayError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{:?} is not a day (YYYY-MM-DD)", self.0)
    }
}

impl std::error::Error for ParseDayError {}

impl FromStr for Day {
    type Err = ParseDayError;

    fn from_str(text: &str) -> Result<Day, ParseDayError> {
        let refuse = || ParseDayError(quoridor_text::quote_input(text));
        let mut parts = text.split('-');
        let mut next = || parts.next().ok_or_else(refuse);
        let (year, month, day) = (next()?, next()?, next()?);
        if parts.next().is_some() || year.len() != 4 || month.len() != 2 || day.len() != 2 {
            return Err(refuse());
        }
        let number = |part: &str| part.parse::<u16>().map_err(|_| refuse());
        let (year, month, day) = (number(year)?, number(month)?, number(day)?);
        let small = |n: u16| u8::try_from(n).map_err(|_| refuse());
        Day::new(year, small(month)?, small(day)?).ok_or_else(refuse)
    }
}

impl TryFrom<String> for Day {
    type Error = ParseDayError;

    fn try_from(text: String) -> Result<Day, ParseDayError> {
        text.parse()
    }
}

impl From<Day> for String {
    fn from(day: Day) -> String {
        day.to_string()
    }
}

/// The player's games against one level.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct LevelRecord {
    /// Games won.
    pub wins: u32,
    /// Games lost.
    pub losses: u32,
    /// Games won since the last loss.
    pub streak: u32,
    /// The day of the last game counted.
    pub last: Option<Day>,
}

impl LevelRecord {
    /// Whether no game against the level was counted.
    pub fn is_empty(&self) -> bool {
        self.wins == 0 && self.losses == 0
    }
}

impl fmt::Display for LevelRecord {
    /// `Won 3, lost 1 (2 in a row) · last played 2026-11-26`, or `Not
    /// played yet`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if self.is_empty() {
            return f.write_str("Not played yet");
        }
        write!(f, "Won {}, lost {}", self.wins, self.losses)?;
        if self.streak >= 2 {
            write!(f, " ({} in a row)", self.streak)?;
        }
        if let Some(day) = self.last {
            write!(f, " · last played {day}")?;
        }
        Ok(())
    }
}

/// The record against every level.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Record {
    /// Each level's, weakest first (as [`LEVELS`]).
    levels: [LevelRecord; LEVELS.len()],
    /// The seed of the last game counted: a game (each game against a
    /// level has its own seed) counts once, even if it is undone and
    /// finished again, before or after a reload.
    last_game: Option<u64>,
}

/// The record as stored, as JSON:
/// `{"v":1,"levels":[{"level":5,"wins":3,"losses":1,"streak":2,"last":"2026-11-26"}],"last_game":1234}`.
/// (A list rather than an object keyed by level: it reads with less code.)
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct StoredRecord {
    /// The format's version, [`RECORD_VERSION`].
    pub v: u32,
    /// Each level played.
    pub levels: Vec<StoredLevel>,
    /// The seed of the last game counted.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub last_game: Option<u64>,
}

/// One level's record as stored.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct StoredLevel {
    /// The level's number.
    pub level: u8,
    /// Games won.
    pub wins: u32,
    /// Games lost.
    pub losses: u32,
    /// Games won since the last loss.
    #[serde(default)]
    pub streak: u32,
    /// The day of the last game counted.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub last: Option<Day>,
}

/// Only the version of a stored record, read first so that a record of
/// another version is told as such, whatever its shape.
#[derive(Deserialize)]
struct StoredVersion {
    v: u32,
}

/// Why a stored value is no record.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum RecordError {
    /// Not JSON of the record's shape (the parser's message).
    Shape(String),
    /// A version this page does not read.
    Version(u32),
    /// A level that does not exist.
    Level(u8),
    /// A level listed twice.
    Twice(u8),
    /// More wins in a row than wins.
    Streak {
        /// The level.
        level: u8,
    },
}

impl fmt::Display for RecordError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            RecordError::Shape(e) => write!(f, "it is not a record ({e})"),
            RecordError::Version(v) => write!(
                f,
                "its version {v} is not known (this page reads version {RECORD_VERSION})"
            ),
            RecordError::Level(n) => write!(f, "it names level {n}, which does not exist"),
            RecordError::Twice(n) => write!(f, "it lists level {n} twice"),
            RecordError::Streak { level } => {
                write!(f, "its wins in a row against level {level} exceed its wins")
            }
        }
    }
}

impl std::error::Error for RecordError {}

/// Where level `level`'s record is in [`Record::levels`], if it exists.
fn slot(level: u8) -> Option<usize> {
    LEVELS.iter().position(|l| l.number == level)
}

impl Record {
    /// The record against level `level` (empty if never played).
    pub fn of(&self, level: u8) -> LevelRecord {
        slot(level).map(|i| self.levels[i]).unwrap_or_default()
    }

    /// Whether no game was counted.
    pub fn is_empty(&self) -> bool {
        self.levels.iter().all(LevelRecord::is_empty)
    }

    /// Counts game `game` (its seed) against `level`, won or lost, played
    /// on `day` (if the clock said); `false` (and nothing changes) if that
    /// game was counted already or the level does not exist.
    pub fn count(&mut self, level: u8, won: bool, game: u64, day: Option<Day>) -> bool {
        let Some(i) = slot(level).filter(|_| self.last_game != Some(game)) else {
            return false;
        };
        self.last_game = Some(game);
        let entry = &mut self.levels[i];
        if won {
            entry.wins = entry.wins.saturating_add(1);
            entry.streak = entry.streak.saturating_add(1);
        } else {
            entry.losses = entry.losses.saturating_add(1);
            entry.streak = 0;
        }
        entry.last = day.or(entry.last);
        true
    }

    /// The level to try after [`WINS_TO_SUGGEST`] wins in a row against
    /// `level`, if there is a next one.
    pub fn suggestion(&self, level: u8) -> Option<&'static Level> {
        (self.of(level).streak >= WINS_TO_SUGGEST)
            .then(|| Level::get(level.saturating_add(1)))
            .flatten()
    }

    /// The record as stored.
    pub fn to_stored(&self) -> StoredRecord {
        StoredRecord {
            v: RECORD_VERSION,
            levels: LEVELS
                .iter()
                .zip(self.levels)
                .filter(|(_, entry)| !entry.is_empty())
                .map(|(level, entry)| StoredLevel {
                    level: level.number,
                    wins: entry.wins,
                    losses: entry.losses,
                    streak: entry.streak,
                    last: entry.last,
                })
                .collect(),
            last_game: self.last_game,
        }
    }

    /// Reads a stored record from the value each call of `value` gives
    /// (parsed JSON: a `serde_json::Value`, or in the page a JavaScript
    /// value; it is read twice, the version first). A value of another
    /// version or shape, or with numbers that do not fit, is refused.
    pub fn read<'de, D>(value: impl Fn() -> D) -> Result<Record, RecordError>
    where
        D: Deserializer<'de>,
    {
        if let Ok(StoredVersion { v }) = StoredVersion::deserialize(value()) {
            if v != RECORD_VERSION {
                return Err(RecordError::Version(v));
            }
        }
        let stored = StoredRecord::deserialize(value())
            .map_err(|e| RecordError::Shape(quoridor_text::quote_input(&e.to_string())))?;
        Record::from_stored(stored)
    }

    /// The record a stored one holds, if it is one of this version.
    pub fn from_stored(stored: StoredRecord) -> Result<Record, RecordError> {
        if stored.v != RECORD_VERSION {
            return Err(RecordError::Version(stored.v));
        }
        let mut levels = [LevelRecord::default(); LEVELS.len()];
        for entry in stored.levels {
            let level = entry.level;
            let i = slot(level).ok_or(RecordError::Level(level))?;
            if entry.streak > entry.wins {
                return Err(RecordError::Streak { level });
            }
            if !levels[i].is_empty() {
                return Err(RecordError::Twice(level));
            }
            levels[i] = LevelRecord {
                wins: entry.wins,
                losses: entry.losses,
                streak: entry.streak,
                last: entry.last,
            };
        }
        Ok(Record {
            levels,
            last_game: stored.last_game,
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Reads a record from JSON text, as the page reads `localStorage`.
    fn from_json(text: &str) -> Result<Record, RecordError> {
        let value: serde_json::Value =
            serde_json::from_str(text).map_err(|e| RecordError::Shape(e.to_string()))?;
        Record::read(|| value.clone())
    }

    fn to_json(record: &Record) -> String {
        serde_json::to_string(&record.to_stored()).expect("JSON")
    }

    fn day() -> Day {
        Day::new(2026, 11, 26).expect("a day")
    }

    #[test]
    fn wins_and_losses_count_once_per_game_and_a_loss_ends_the_streak() {
        let mut record = Record::default();
        assert!(record.is_empty());
        assert!(record.count(3, true, 10, Some(day())));
        assert!(
            !record.count(3, false, 10, Some(day())),
            "the same game again"
        );
        assert!(record.count(3, true, 11, Some(day())));
        assert_eq!(
            record.of(3),
            LevelRecord {
                wins: 2,
                losses: 0,
                streak: 2,
                last: Some(day())
            }
        );
        let later = Day::new(2027, 1, 2).expect("a day");
        assert!(record.count(3, false, 12, Some(later)));
        assert_eq!(record.of(3).streak, 0);
        assert_eq!(record.of(3).losses, 1);
        assert_eq!(record.of(3).last, Some(later));
        assert!(record.of(4).is_empty());
        assert!(!record.count(11, true, 13, Some(day())), "no level 11");
    }

    #[test]
    fn a_level_record_reads_as_a_line() {
        let mut record = Record::default();
        assert_eq!(record.of(2).to_string(), "Not played yet");
        record.count(2, false, 1, None);
        assert_eq!(record.of(2).to_string(), "Won 0, lost 1");
        record.count(2, true, 2, Some(day()));
        record.count(2, true, 3, Some(day()));
        assert_eq!(
            record.of(2).to_string(),
            "Won 2, lost 1 (2 in a row) · last played 2026-11-26"
        );
    }

    #[test]
    fn three_wins_in_a_row_suggest_the_next_level_but_not_past_the_top() {
        let mut record = Record::default();
        for game in 0..WINS_TO_SUGGEST {
            assert_eq!(record.suggestion(4), None);
            record.count(4, true, u64::from(game), Some(day()));
        }
        assert_eq!(record.suggestion(4).map(|l| l.number), Some(5));
        for game in 10..13 {
            record.count(10, true, game, Some(day()));
        }
        assert_eq!(record.suggestion(10), None);
    }

    #[test]
    fn the_record_reads_back_from_its_json() {
        let mut record = Record::default();
        record.count(1, true, 5, Some(day()));
        record.count(7, false, 6, Some(day()));
        let text = to_json(&record);
        assert_eq!(
            text,
            r#"{"v":1,"levels":[{"level":1,"wins":1,"losses":0,"streak":1,"last":"2026-11-26"},{"level":7,"wins":0,"losses":1,"streak":0,"last":"2026-11-26"}],"last_game":6}"#
        );
        assert_eq!(from_json(&text), Ok(record));
        assert_eq!(from_json(r#"{"v":1,"levels":[]}"#), Ok(Record::default()));
        let short = from_json(r#"{"v":1,"levels":[{"level":3,"wins":2,"losses":0}]}"#);
        assert_eq!(
            short.map(|r| r.of(3).wins),
            Ok(2),
            "streak and day may be left out"
        );
    }

    #[test]
    fn corrupt_records_are_refused_with_the_reason() {
        for (text, reason) in [
            ("", "it is not a record"),
            ("not json", "it is not a record"),
            ("[1,2]", "it is not a record"),
            (r#"{"v":2,"levels":{}}"#, "its version 2 is not known"),
            (r#"{"v":"one","levels":[]}"#, "it is not a record"),
            (r#"{"levels":[]}"#, "it is not a record"),
            (r#"{"v":1,"levels":{}}"#, "it is not a record"),
            (
                r#"{"v":1,"levels":[{"level":12,"wins":1,"losses":0}]}"#,
                "level 12, which does not exist",
            ),
            (
                r#"{"v":1,"levels":[{"level":"x","wins":1,"losses":0}]}"#,
                "it is not a record",
            ),
            (
                r#"{"v":1,"levels":[{"level":2,"wins":-1,"losses":0}]}"#,
                "it is not a record",
            ),
            (
                r#"{"v":1,"levels":[{"level":2,"wins":1e99,"losses":0}]}"#,
                "it is not a record",
            ),
            (
                r#"{"v":1,"levels":[{"level":2,"wins":1,"losses":0,"last":"yesterday"}]}"#,
                "not a day",
            ),
            (
                r#"{"v":1,"levels":[{"level":2,"wins":1,"losses":0,"streak":5}]}"#,
                "wins in a row",
            ),
            (
                r#"{"v":1,"levels":[{"level":2,"wins":1,"losses":0},{"level":2,"wins":1,"losses":0}]}"#,
                "level 2 twice",
            ),
            (
                r#"{"v":1,"levels":[{"level":2,"wins":1,"losses":0,"extra":5}]}"#,
                "it is not a record",
            ),
        ] {
            let error = from_json(text).expect_err(text);
            assert!(error.to_string().contains(reason), "{text}: {error}");
        }
        let huge = format!(
            r#"{{"v":1,"levels":[{{"level":2,"wins":1,"losses":0,"last":"{}"}}]}}"#,
            "9".repeat(100_000)
        );
        assert!(from_json(&huge).expect_err("huge").to_string().len() < 300);
    }

    #[test]
    fn days_read_back_and_refuse_what_is_no_day() {
        assert_eq!("2026-11-26".parse::<Day>(), Ok(day()));
        assert_eq!(day().to_string(), "2026-11-26");
        for bad in [
            "2026-13-01",
            "2026-1-01",
            "26-11-26",
            "2026-11-26-1",
            "2026-00-10",
            "abcd-ef-gh",
            "",
        ] {
            assert!(bad.parse::<Day>().is_err(), "{bad}");
        }
    }
}
