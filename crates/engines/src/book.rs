//! The engines' opening book (option `book`): positions of the standard
//! 9×9 game near the start, each with the few moves a long search of the
//! Default preset found best, weighted by their share of its visits. Made by
//! `quoridor engine-book` (the project's own analysis, no outside source);
//! the shipped book is `crates/engines/book/opening.txt`, built into every
//! engine with `include_str!` ([`OpeningBook::embedded`]).
//!
//! The text format, one position a line:
//!
//! ```text
//! # comment lines: how the book was made (command, engine, date)
//! start = e2:0.71:0.552 e8h:0.18:0.547
//! e2 e8 = e3:0.64:0.561 d8h:0.21:0.555
//! ```
//!
//! Left of `=` the moves from the start position (`start` for none), right
//! of it each book move as `MOVE:SHARE:WIN`: its share of the search's root
//! visits (a weight above 0, at most 1) and its win probability for the
//! player making it (0–1). Blank lines and lines starting with `#` are
//! skipped; every record and move must be legal, and a position may appear
//! only once (by any move order).
//!
//! ```
//! use quoridor_engines::OpeningBook;
//! use quoridor_rules::{Position, Variant};
//! let book = OpeningBook::parse("# a book\nstart = e2:0.8:0.55 e1h:0.2:0.54\n").unwrap();
//! let start = Position::new(Variant::default());
//! let moves = book.moves_at(&start).unwrap();
//! assert_eq!(moves[0].mv.to_string(), "e2");
//! assert!(OpeningBook::parse("start = e5:1:0.5").is_err(), "e5 is not a legal first move");
//! ```

use quoridor_rules::{Move, Position, Variant};
use quoridor_search::{ChildInfo, EngineRng, SearchInfo};
use rand::{Rng, SeedableRng};
use std::fmt;

/// The shipped book's text (see `crates/engines/book/opening.txt`).
pub const EMBEDDED_BOOK: &str = include_str!("../book/opening.txt");

/// Most moves kept in one book position.
pub const MAX_BOOK_MOVES: usize = 3;

/// A move besides the best is kept only with at least this share of the
/// root's visits…
pub const MIN_BOOK_SHARE: f64 = 0.15;

/// …and a win probability at most this far below the best move's.
pub const MAX_BOOK_DROP: f64 = 0.03;

/// One move of a book position.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct BookMove {
    /// The move.
    pub mv: Move,
    /// Its share of the search's root visits: its weight in the draw.
    pub share: f64,
    /// Its win probability for the player making it, by that search.
    pub win_probability: f64,
}

/// One line of a book: a position (the moves from the start) and its moves.
#[derive(Clone, Debug, PartialEq)]
pub struct BookLine {
    /// The moves from the start position.
    pub record: Vec<Move>,
    /// The book moves, the best first.
    pub moves: Vec<BookMove>,
}

impl fmt::Display for BookLine {
    /// The line as the book file holds it.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if self.record.is_empty() {
            f.write_str("start")?;
        } else {
            let record: Vec<String> = self.record.iter().map(Move::to_string).collect();
            f.write_str(&record.join(" "))?;
        }
        f.write_str(" =")?;
        for m in &self.moves {
            // A share never prints as 0, which the parser refuses.
            let share = m.share.max(0.001);
            write!(f, " {}:{:.3}:{:.3}", m.mv, share, m.win_probability)?;
        }
        Ok(())
    }
}

/// Why a book text was refused: the line (counted from 1) and the reason.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct BookError {
    /// The line, counted from 1.
    pub line: usize,
    /// What is wrong with it.
    pub reason: String,
}

impl fmt::Display for BookError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "book line {}: {}", self.line, self.reason)
    }
}

impl std::error::Error for BookError {}

/// An opening book of the standard 9×9 game: its lines in file order,
/// found by position (so a transposed move order finds it too).
#[derive(Clone, Debug, Default)]
pub struct OpeningBook {
    lines: Vec<BookLine>,
    /// Each line's position, in the same order (a book has tens of lines:
    /// a scan is as quick as a map, and smaller in the page's worker).
    positions: Vec<Position>,
}

impl OpeningBook {
    /// Reads a book text (see the module's documentation for the format).
    pub fn parse(text: &str) -> Result<OpeningBook, BookError> {
        let mut book = OpeningBook::default();
        for (index, raw) in text.lines().enumerate() {
            let line = raw.trim();
            if line.is_empty() || line.starts_with('#') {
                continue;
            }
            let fail = |reason: String| BookError {
                line: index + 1,
                reason,
            };
            let parsed = parse_line(line).map_err(fail)?;
            book.insert(parsed).map_err(fail)?;
        }
        Ok(book)
    }

    /// Adds `line`; refuses a position already in the book.
    pub fn insert(&mut self, line: BookLine) -> Result<(), String> {
        let position = position_after(&line.record)?;
        if self.contains(&position) {
            return Err("this position is already in the book".into());
        }
        self.positions.push(position);
        self.lines.push(line);
        Ok(())
    }

    /// The book built into the engines ([`EMBEDDED_BOOK`]); empty if that
    /// text did not parse (a test makes sure it does). The page's worker
    /// (wasm32) has none: its parser and text would cost the page 8 KB
    /// gzipped of its download budget for a switch that is off by default,
    /// its gain unmeasured (docs/engines.md, "Opening book").
    pub fn embedded() -> &'static OpeningBook {
        #[cfg(not(target_arch = "wasm32"))]
        {
            static BOOK: std::sync::OnceLock<OpeningBook> = std::sync::OnceLock::new();
            BOOK.get_or_init(|| OpeningBook::parse(EMBEDDED_BOOK).unwrap_or_default())
        }
        #[cfg(target_arch = "wasm32")]
        {
            static EMPTY: OpeningBook = OpeningBook {
                lines: Vec::new(),
                positions: Vec::new(),
            };
            &EMPTY
        }
    }

    /// The lines, in file order.
    pub fn lines(&self) -> &[BookLine] {
        &self.lines
    }

    /// The number of positions.
    pub fn len(&self) -> usize {
        self.lines.len()
    }

    /// Whether the book has no position.
    pub fn is_empty(&self) -> bool {
        self.lines.is_empty()
    }

    /// Whether `position` is in the book.
    pub fn contains(&self, position: &Position) -> bool {
        self.positions.contains(position)
    }

    /// The book moves of `position`, if it is in the book.
    pub fn moves_at(&self, position: &Position) -> Option<&[BookMove]> {
        let index = self.positions.iter().position(|p| p == position)?;
        Some(&self.lines.get(index)?.moves)
    }

    /// A book move of `position` drawn by share from a generator seeded
    /// with `key` (the same key, the same move), or `None` out of the book.
    pub fn draw(&self, position: &Position, key: u64) -> Option<BookMove> {
        let moves = self.moves_at(position)?;
        let total: f64 = moves.iter().map(|m| m.share).sum();
        let first = *moves.first()?;
        if moves.len() < 2 || !total.is_finite() || total <= 0.0 {
            return Some(first);
        }
        let mut draw = EngineRng::seed_from_u64(key).random::<f64>() * total;
        for &m in moves {
            if draw < m.share {
                return Some(m);
            }
            draw -= m.share;
        }
        Some(first)
    }
}

/// The position after `record` from the start of the standard game.
fn position_after(record: &[Move]) -> Result<Position, String> {
    let mut position = Position::new(Variant::default());
    for (ply, &mv) in record.iter().enumerate() {
        position
            .play(mv)
            .map_err(|e| format!("move {} ({mv}) is illegal: {e}", ply + 1))?;
    }
    Ok(position)
}

fn parse_line(line: &str) -> Result<BookLine, String> {
    let (left, right) = line
        .split_once('=')
        .ok_or("expected RECORD = MOVE:SHARE:WIN …, found no '='")?;
    let left = left.trim();
    let record = if left == "start" {
        Vec::new()
    } else if left.is_empty() {
        return Err("no record before '=' (write `start` for the start position)".into());
    } else {
        left.split_whitespace()
            .map(|word| {
                word.parse::<Move>()
                    .map_err(|e| format!("{word:?} is not a move: {e}"))
            })
            .collect::<Result<Vec<Move>, String>>()?
    };
    let position = position_after(&record)?;
    if position.is_over() {
        return Err("the game is over in this position".into());
    }
    let mut moves: Vec<BookMove> = Vec::new();
    for item in right.split_whitespace() {
        let mut parts = item.split(':');
        let (Some(mv), Some(share), Some(win), None) =
            (parts.next(), parts.next(), parts.next(), parts.next())
        else {
            return Err(format!("{item:?} is not MOVE:SHARE:WIN"));
        };
        let mv = mv
            .parse::<Move>()
            .map_err(|e| format!("{mv:?} is not a move: {e}"))?;
        position
            .check(mv)
            .map_err(|e| format!("book move {mv} is illegal here: {e}"))?;
        let share = fraction(share, "share")?;
        if share <= 0.0 {
            return Err(format!("share {share} of {mv} is not above 0"));
        }
        let win_probability = fraction(win, "win probability")?;
        if moves.iter().any(|m| m.mv == mv) {
            return Err(format!("{mv} is listed twice"));
        }
        moves.push(BookMove {
            mv,
            share,
            win_probability,
        });
    }
    if moves.is_empty() {
        return Err("no book move after '='".into());
    }
    Ok(BookLine { record, moves })
}

/// A number from 0 to 1 written as digits with at most one point (`0.981`,
/// `1`), read by hand: the float parser would add its tables to the page's
/// worker for a book of three-digit fractions.
fn fraction(text: &str, what: &str) -> Result<f64, String> {
    let not_a_number = || format!("{what} {text:?} is not a number");
    let (whole, part) = text.split_once('.').unwrap_or((text, ""));
    let digits = |s: &str| !s.is_empty() && s.len() <= 9 && s.bytes().all(|b| b.is_ascii_digit());
    if !digits(whole) || !(part.is_empty() || digits(part)) || text.ends_with('.') {
        return Err(not_a_number());
    }
    let number = |s: &str| s.parse::<u32>().map_err(|_| not_a_number());
    let scale = 10f64.powi(part.len() as i32);
    let x = f64::from(number(whole)?)
        + if part.is_empty() {
            0.0
        } else {
            f64::from(number(part)?) / scale
        };
    if (0.0..=1.0).contains(&x) {
        Ok(x)
    } else {
        Err(format!("{what} {text} is not between 0 and 1"))
    }
}

/// Which of a search's root moves a book keeps ([`book_moves`]).
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct BookRule {
    /// Most moves kept in a position, the best included.
    pub max_moves: usize,
    /// A move besides the best needs at least this share of the root visits.
    pub min_share: f64,
    /// A move besides the best may be at most this far below the best's
    /// win probability.
    pub max_drop: f64,
}

impl Default for BookRule {
    /// [`MAX_BOOK_MOVES`], [`MIN_BOOK_SHARE`] and [`MAX_BOOK_DROP`].
    fn default() -> BookRule {
        BookRule {
            max_moves: MAX_BOOK_MOVES,
            min_share: MIN_BOOK_SHARE,
            max_drop: MAX_BOOK_DROP,
        }
    }
}

/// The moves a book keeps from a search's snapshot `info` of a position:
/// the best move, then others with at least `rule.min_share` of the root
/// visits and a win probability within `rule.max_drop` of the best's, most
/// visited first, at most `rule.max_moves` in all, with their visit shares.
/// Empty when the snapshot has no move or no visits (a search without a
/// tree).
pub fn book_moves(info: &SearchInfo, rule: &BookRule) -> Vec<BookMove> {
    let total: f64 = info.children.iter().map(|c| f64::from(c.visits())).sum();
    let Some(best) = info
        .best_move
        .and_then(|mv| info.children.iter().find(|c| c.mv == mv))
    else {
        return Vec::new();
    };
    if total <= 0.0 {
        return Vec::new();
    }
    let entry = |c: &ChildInfo| BookMove {
        mv: c.mv,
        share: f64::from(c.visits()) / total,
        win_probability: c.win_probability,
    };
    let mut kept = vec![entry(best)];
    let mut others: Vec<&ChildInfo> = info
        .children
        .iter()
        .filter(|c| c.mv != best.mv)
        .filter(|c| f64::from(c.visits()) / total >= rule.min_share)
        .filter(|c| c.win_probability >= best.win_probability - rule.max_drop)
        .collect();
    others.sort_by_key(|c| std::cmp::Reverse(c.visits()));
    kept.extend(
        others
            .into_iter()
            .take(rule.max_moves.saturating_sub(1))
            .map(entry),
    );
    kept
}

/// The snapshot of a think answered from the book: `base` (the engine's
/// snapshot right after it started, so its counters are zero) with the
/// book's moves as the root candidates, `chosen` the best move and its
/// whole line. `searched` stays 0: no search was made.
pub fn book_info(base: SearchInfo, moves: &[BookMove], chosen: BookMove) -> SearchInfo {
    let child = |m: &BookMove| ChildInfo {
        mv: m.mv,
        win_probability: m.win_probability,
        proven: None,
        pv: vec![m.mv],
        uct: None,
    };
    let mut children = vec![child(&chosen)];
    children.extend(moves.iter().filter(|m| m.mv != chosen.mv).map(child));
    SearchInfo {
        best_move: Some(chosen.mv),
        pv: vec![chosen.mv],
        win_probability: chosen.win_probability,
        proven_winner: None,
        searched: 0,
        searched_per_sec: 0.0,
        children,
        ..base
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use proptest::prelude::*;
    use quoridor_search::{SearchEngine, UctChild};

    fn mv(text: &str) -> Move {
        text.parse().expect("move")
    }

    #[test]
    fn the_embedded_book_parses_and_covers_the_start() {
        let book = OpeningBook::parse(EMBEDDED_BOOK).expect("the shipped book parses");
        assert!(book.contains(&Position::new(Variant::default())));
        assert!(
            EMBEDDED_BOOK.len() < 16 * 1024,
            "the page ships it: keep it small"
        );
        assert!(EMBEDDED_BOOK.starts_with('#'), "a manifest comment first");
    }

    #[test]
    fn fractions_are_digits_with_one_point_from_0_to_1() {
        for (text, value) in [
            ("0.981", 0.981),
            ("1", 1.0),
            ("0", 0.0),
            ("1.000", 1.0),
            ("0.5", 0.5),
        ] {
            let read = fraction(text, "share").expect(text);
            assert!((read - value).abs() < 1e-12, "{text}: {read}");
        }
        for bad in [
            "",
            ".5",
            "0.",
            "1.5",
            "2",
            "-0.1",
            "0.5.1",
            "1e-3",
            "0,5",
            "NaN",
            "0.1234567890",
        ] {
            assert!(fraction(bad, "share").is_err(), "{bad:?}");
        }
    }

    #[test]
    fn lines_round_trip_through_their_text() {
        let text = "# c\nstart = e2:0.700:0.550 e1h:0.300:0.540\ne2 e8 = e3:1.000:0.560\n";
        let book = OpeningBook::parse(text).expect("parses");
        let written: Vec<String> = book.lines().iter().map(ToString::to_string).collect();
        assert_eq!(
            written,
            [
                "start = e2:0.700:0.550 e1h:0.300:0.540",
                "e2 e8 = e3:1.000:0.560"
            ]
        );
        let mut position = Position::new(Variant::default());
        position.play(mv("e2")).expect("legal");
        position.play(mv("e8")).expect("legal");
        assert_eq!(
            book.moves_at(&position).expect("in the book")[0].mv,
            mv("e3")
        );
    }

    #[test]
    fn bad_lines_are_refused_with_their_number_and_reason() {
        let cases = [
            ("start e2:1:0.5", "no '='"),
            ("= e2:1:0.5", "no record"),
            ("e2 e5 = e3:1:0.5", "move 2 (e5) is illegal"),
            ("start = e2:1", "not MOVE:SHARE:WIN"),
            ("start = e2:0:0.5", "not above 0"),
            ("start = e2:1:1.5", "not between 0 and 1"),
            ("start = e2:x:0.5", "not a number"),
            ("start = e2:1:0.5 e2:1:0.5", "listed twice"),
            ("start =", "no book move"),
            ("start = z9:1:0.5", "not a move"),
        ];
        for (line, reason) in cases {
            let err = OpeningBook::parse(&format!("# header\n{line}\n")).expect_err(line);
            assert_eq!(err.line, 2, "{line}");
            assert!(err.reason.contains(reason), "{line}: {err}");
        }
        let twice = "a1h a8h b3h = e8:1:0.5\nb3h a8h a1h = e8:1:0.5\n";
        let err = OpeningBook::parse(twice).expect_err("a transposition twice");
        assert_eq!(err.line, 2);
        assert!(err.reason.contains("already"), "{err}");
    }

    #[test]
    fn the_draw_follows_the_shares_and_the_key_fixes_it() {
        let book = OpeningBook::parse("start = e2:0.75:0.55 d1:0.25:0.54").expect("parses");
        let start = Position::new(Variant::default());
        let n = 4000;
        let d1 = (0..n)
            .filter(|&key| book.draw(&start, key).expect("in the book").mv == mv("d1"))
            .count();
        let share = d1 as f64 / n as f64;
        assert!((share - 0.25).abs() < 0.03, "{share}");
        assert_eq!(book.draw(&start, 7), book.draw(&start, 7));
        let mut out = start;
        out.play(mv("e2")).expect("legal");
        assert_eq!(book.draw(&out, 7), None);
    }

    fn child(text: &str, win_probability: f64, visits: u32) -> ChildInfo {
        ChildInfo {
            mv: mv(text),
            win_probability,
            proven: None,
            pv: Vec::new(),
            uct: Some(UctChild {
                id: quoridor_search::ROOT,
                visits,
                uct_value: 0.0,
                children: 0,
            }),
        }
    }

    #[test]
    fn the_book_keeps_the_best_and_close_well_searched_moves() {
        let start = Position::new(Variant::default());
        let mut engine = crate::new_engine(
            start,
            &crate::EngineConfig::uct(quoridor_search::SearchParams {
                limits: quoridor_search::Limits::playouts(50),
                ..Default::default()
            }),
            quoridor_learned::Evaluator::classic(),
        );
        engine.think();
        let mut info = engine.info(usize::MAX);
        info.best_move = Some(mv("e2"));
        info.children = vec![
            child("e2", 0.55, 500),
            child("d1", 0.54, 200),  // kept
            child("f1", 0.50, 200),  // 5 points worse: out
            child("e1h", 0.56, 100), // 10% of the visits: out
        ];
        let rule = BookRule::default();
        let kept: Vec<String> = book_moves(&info, &rule)
            .iter()
            .map(|m| m.mv.to_string())
            .collect();
        assert_eq!(kept, ["e2", "d1"]);
        let wider = BookRule {
            min_share: 0.05,
            max_drop: 0.06,
            ..rule
        };
        let kept: Vec<String> = book_moves(&info, &wider)
            .iter()
            .map(|m| m.mv.to_string())
            .collect();
        assert_eq!(kept, ["e2", "d1", "f1"]);
        assert!((book_moves(&info, &rule)[1].share - 0.2).abs() < 1e-12);
    }

    proptest! {
        #[test]
        fn the_parser_never_panics_on_arbitrary_text(text in "\\PC*") {
            let _ = OpeningBook::parse(&text);
        }

        #[test]
        fn the_parser_never_panics_on_book_like_text(
            lines in proptest::collection::vec(
                "(start|[a-j][0-9]{1,2}[hv]?( [a-j][0-9][hv]?){0,3}) ?=?( [a-j][0-9][hv]?:[0-9.x-]{0,5}:[0-9.e-]{0,5}){0,3}",
                0..8,
            )
        ) {
            let text = lines.join("\n");
            if let Ok(book) = OpeningBook::parse(&text) {
                let start = Position::new(Variant::default());
                let _ = book.draw(&start, 1);
                for line in book.lines() {
                    let again = OpeningBook::parse(&line.to_string());
                    prop_assert!(again.is_ok(), "{line}: {again:?}");
                }
            }
        }
    }
}
