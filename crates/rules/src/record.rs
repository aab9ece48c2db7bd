//! Game records: a variant plus the moves played, with undo/redo, and the
//! text form used by the CLI, share links and saved games.
//!
//! # Record format
//!
//! A record is the moves in notation separated by white space:
//!
//! ```text
//! e2 e8 e3 e7 e3h
//! ```
//!
//! Non-default variants start with bracketed header tags, each optional:
//! `[size N]` (3–11, default 9), `[walls W]` (0–20, default 10) and
//! `[start SQ1 SQ2]` (the pawns' start squares, default the middle of each
//! back row). Move numbers such as `1.` are accepted and ignored when reading,
//! so `1. e2 e8 2. e3` reads the same as `e2 e8 e3`. Reading is
//! case-insensitive. A tag given twice is an error, not "last one wins".
//! Annotations are read and ignored too, so an annotated record (a review's
//! export) reads back as its moves: a symbol right after a move (`??`, `?`,
//! `?!`, `!?`, `!`, `!!`) and comments in braces (`{better: d9}`).
//!
//! A finished game's record may end in its result, as in PGN: `1-0` (player
//! 1 won) or `0-1`, written by [`Game::record_with_result`] and followed, for
//! a game adjudicated at the ply limit, by a comment saying so (`1-0
//! {adjudicated at the 300-ply limit (paths 4 to 6)}`; see
//! [`PlyLimit`](super::PlyLimit)). Reading checks the result against the
//! moves: if a pawn reached its goal row it must name that player, and
//! otherwise the game stopped at its last move, so the adjudication by path
//! lengths of the last position must give the game to the player it names.
//! A result that does not fit, or one before the last move, is an error.
//! Reading keeps the moves only: whether the game is over follows from them
//! and the ply limit in force ([`Game::outcome`]).
//!
//! ```
//! use quoridor_rules::Game;
//! let game: Game = "[size 5] [walls 3] c2 c4 b1v".parse().unwrap();
//! assert_eq!(game.position().walls_left(quoridor_rules::Player::One), 2);
//! assert_eq!(game.to_string(), "[size 5] [walls 3] c2 c4 b1v");
//! let twice = "[size 5] [size 7] c2".parse::<Game>().unwrap_err();
//! assert_eq!(twice.to_string(), "bad record header: the tag [size …] appears twice");
//! let annotated: Game = "e2 e8 e3?! {better: e3h} e7".parse().unwrap();
//! assert_eq!(annotated.to_string(), "e2 e8 e3 e7");
//! let stopped: Game = "e2 e8 e3 1-0 {adjudicated}".parse().unwrap();
//! assert_eq!(stopped.to_string(), "e2 e8 e3");
//! let wrong = "e2 e8 e3 0-1".parse::<Game>().unwrap_err();
//! assert_eq!(
//!     wrong.to_string(),
//!     "the result 0-1 does not fit the moves: player 1 wins on path lengths after the last move (paths 6 to 7)"
//! );
//! ```

use super::illegal_move::IllegalMove;
use super::moves::{Move, Player};
use super::notation::ParseMoveError;
use super::outcome::{parse_result, Outcome, PlyLimit, WrongResult};
use super::position::Position;
use super::square::Square;
use super::variant::{Variant, VariantError};
use std::fmt;
use std::str::FromStr;

/// A game: the variant, the moves played (with positions after each), and
/// the moves undone that [`Game::redo`] can replay.
///
/// ```
/// use quoridor_rules::{Game, Variant};
/// let mut game = Game::new(Variant::default());
/// game.play_text("e2").unwrap();
/// game.play_text("e8").unwrap();
/// assert!(game.undo());
/// assert_eq!(game.to_string(), "e2");
/// assert!(game.redo());
/// assert_eq!(game.to_string(), "e2 e8");
/// ```
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Game {
    positions: Vec<Position>,
    moves: Vec<Move>,
    undone: Vec<Move>,
}

/// A record that could not be read. Nothing of it is applied.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum RecordError {
    /// A header tag is malformed or names an unsupported variant.
    Header(String),
    /// The variant in the header is not allowed.
    Variant(VariantError),
    /// A `{` comment has no closing `}`.
    UnclosedComment,
    /// Move number `index` (1-based) is not notation.
    Syntax {
        /// 1-based index of the move in the record.
        index: usize,
        /// What was wrong with its text.
        error: ParseMoveError,
    },
    /// Move number `index` (1-based) breaks a rule.
    Illegal {
        /// 1-based index of the move in the record.
        index: usize,
        /// The move.
        mv: Move,
        /// The rule it breaks.
        error: IllegalMove,
    },
    /// A result (`1-0`, `0-1`) stands before the last move.
    MisplacedResult {
        /// The result, as written.
        result: &'static str,
    },
    /// The result at the end does not fit the moves.
    WrongResult(WrongResult),
}

impl RecordError {
    /// 1-based index of the first bad move, if the error is about a move.
    pub fn move_index(&self) -> Option<usize> {
        match self {
            RecordError::Syntax { index, .. } | RecordError::Illegal { index, .. } => Some(*index),
            _ => None,
        }
    }
}

impl fmt::Display for RecordError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            RecordError::Header(why) => write!(f, "bad record header: {why}"),
            RecordError::Variant(e) => write!(f, "bad record header: {e}"),
            RecordError::UnclosedComment => f.write_str("a '{' comment has no closing '}'"),
            RecordError::Syntax { index, error } => write!(f, "move {index}: {error}"),
            RecordError::Illegal { index, mv, error } => {
                write!(f, "move {index} ({mv}) is illegal: {error}")
            }
            RecordError::MisplacedResult { result } => {
                write!(f, "the result {result} must come after the last move")
            }
            RecordError::WrongResult(e) => e.fmt(f),
        }
    }
}

impl std::error::Error for RecordError {}

impl From<VariantError> for RecordError {
    fn from(e: VariantError) -> Self {
        RecordError::Variant(e)
    }
}

/// A record split into its header variant (if any), its move texts and
/// the winner its result names (if it states one).
struct RecordText<'a> {
    variant: Option<Variant>,
    moves: Vec<&'a str>,
    result: Option<Player>,
}

fn split_record(text: &str) -> Result<RecordText<'_>, RecordError> {
    let mut rest = text.trim_start();
    let mut size = None;
    let mut walls = None;
    let mut start: Option<[Square; 2]> = None;
    while let Some(tag_start) = rest.strip_prefix('[') {
        let close = tag_start
            .find(']')
            .ok_or_else(|| RecordError::Header("a '[' tag has no closing ']'".into()))?;
        let tag = &tag_start[..close];
        rest = tag_start[close + 1..].trim_start();
        let mut words = tag.split_whitespace();
        let name = words.next().unwrap_or("").to_ascii_lowercase();
        let values: Vec<&str> = words.collect();
        let seen = match name.as_str() {
            "size" => size.is_some(),
            "walls" => walls.is_some(),
            "start" => start.is_some(),
            _ => false,
        };
        if seen {
            return Err(RecordError::Header(format!(
                "the tag [{name} …] appears twice"
            )));
        }
        let number = |what: &str| -> Result<u8, RecordError> {
            match values.as_slice() {
                [v] => v.parse().map_err(|_| {
                    RecordError::Header(format!("[{what} …] needs a number, got {v:?}"))
                }),
                _ => Err(RecordError::Header(format!("[{what} …] takes one number"))),
            }
        };
        match name.as_str() {
            "size" => size = Some(number("size")?),
            "walls" => walls = Some(number("walls")?),
            "start" => {
                let squares: Result<Vec<Square>, _> = values.iter().map(|v| v.parse()).collect();
                match squares.as_deref() {
                    Ok([a, b]) => start = Some([*a, *b]),
                    Ok(_) => {
                        return Err(RecordError::Header(
                            "[start …] takes two squares, player 1's then player 2's".into(),
                        ))
                    }
                    Err(e) => return Err(RecordError::Header(e.to_string())),
                }
            }
            other => {
                return Err(RecordError::Header(format!(
                    "unknown tag [{other}] (known: size, walls, start)"
                )))
            }
        }
    }
    let variant = if size.is_some() || walls.is_some() || start.is_some() {
        let size = size.unwrap_or(9);
        let mut v = Variant::new(size, walls.unwrap_or(10))?;
        if let Some([a, b]) = start {
            v = v.with_start(a, b)?;
        }
        Some(v)
    } else {
        None
    };
    let mut moves: Vec<&str> = move_words(rest)?
        .into_iter()
        .filter(|w| !is_move_number(w))
        .map(without_annotation)
        .filter(|w| !w.is_empty())
        .collect();
    let result = moves.last().and_then(|w| parse_result(w));
    if result.is_some() {
        moves.pop();
    }
    if let Some(winner) = moves.iter().find_map(|w| parse_result(w)) {
        return Err(RecordError::MisplacedResult {
            result: super::outcome::result_text(winner),
        });
    }
    Ok(RecordText {
        variant,
        moves,
        result,
    })
}

/// Checks the result a record states against the game its moves give.
fn check_result(game: &Game, stated: Option<Player>) -> Result<(), RecordError> {
    match stated {
        Some(stated) => {
            WrongResult::check(game.position(), stated).map_err(RecordError::WrongResult)
        }
        None => Ok(()),
    }
}

/// The words of the move text, with `{…}` comments left out.
fn move_words(mut rest: &str) -> Result<Vec<&str>, RecordError> {
    let mut words = Vec::new();
    loop {
        rest = rest.trim_start();
        if rest.is_empty() {
            return Ok(words);
        }
        if let Some(comment) = rest.strip_prefix('{') {
            let close = comment.find('}').ok_or(RecordError::UnclosedComment)?;
            rest = &comment[close + 1..];
            continue;
        }
        let end = rest
            .find(|c: char| c.is_whitespace() || c == '{')
            .unwrap_or(rest.len());
        words.push(&rest[..end]);
        rest = &rest[end..];
    }
}

/// Annotation symbols a move may carry, longest first so `??` is not read as `?`.
const ANNOTATIONS: [&str; 6] = ["??", "?!", "!?", "!!", "?", "!"];

/// `word` without a trailing annotation symbol (`a1h??` → `a1h`); a symbol
/// standing alone becomes empty and is skipped.
fn without_annotation(word: &str) -> &str {
    ANNOTATIONS
        .iter()
        .find_map(|symbol| word.strip_suffix(symbol))
        .unwrap_or(word)
}

/// Whether `word` is a `12.` style move number, which a record may hold and
/// reading skips.
///
/// ```
/// use quoridor_rules::is_move_number;
/// assert!(is_move_number("12."));
/// assert!(!is_move_number("e2") && !is_move_number(".") && !is_move_number("1.e2"));
/// ```
pub fn is_move_number(word: &str) -> bool {
    word.strip_suffix('.')
        .is_some_and(|d| !d.is_empty() && d.bytes().all(|b| b.is_ascii_digit()))
}

impl Game {
    /// A new game of `variant` at its start position.
    pub fn new(variant: Variant) -> Game {
        Game {
            positions: vec![Position::new(variant)],
            moves: Vec::new(),
            undone: Vec::new(),
        }
    }

    /// Reads a record; a header in the text overrides `default_variant`.
    /// On error nothing is kept and the error names the first bad move.
    pub fn parse_with_variant(text: &str, default_variant: Variant) -> Result<Game, RecordError> {
        let record = split_record(text)?;
        let mut game = Game::new(record.variant.unwrap_or(default_variant));
        for (i, word) in record.moves.iter().enumerate() {
            let index = i + 1;
            let mv: Move = word
                .parse()
                .map_err(|error| RecordError::Syntax { index, error })?;
            game.play(mv)
                .map_err(|error| RecordError::Illegal { index, mv, error })?;
        }
        check_result(&game, record.result)?;
        Ok(game)
    }

    /// The result a record states after its moves (`1-0` or `0-1`), if it
    /// states one; `None` also for a record whose header or comments cannot
    /// be read. [`Game::parse_prefix`] checks it against the moves.
    ///
    /// ```
    /// use quoridor_rules::{Game, Player};
    /// assert_eq!(Game::stated_result("e2 e8 1-0"), Some(Player::One));
    /// assert_eq!(Game::stated_result("e2 e8"), None);
    /// ```
    pub fn stated_result(text: &str) -> Option<Player> {
        split_record(text).ok()?.result
    }

    /// Reads as much of a record as is valid: the game after the longest
    /// valid prefix, and the error that stopped it, if any.
    pub fn parse_prefix(text: &str, default_variant: Variant) -> (Game, Option<RecordError>) {
        let record = match split_record(text) {
            Ok(r) => r,
            Err(e) => return (Game::new(default_variant), Some(e)),
        };
        let mut game = Game::new(record.variant.unwrap_or(default_variant));
        for (i, word) in record.moves.iter().enumerate() {
            let index = i + 1;
            let mv = match word.parse::<Move>() {
                Ok(mv) => mv,
                Err(error) => return (game, Some(RecordError::Syntax { index, error })),
            };
            if let Err(error) = game.play(mv) {
                return (game, Some(RecordError::Illegal { index, mv, error }));
            }
        }
        let wrong = check_result(&game, record.result).err();
        (game, wrong)
    }

    /// The rules parameters.
    pub fn variant(&self) -> Variant {
        self.positions[0].variant()
    }

    /// The current position (after the last move played).
    pub fn position(&self) -> &Position {
        self.positions
            .last()
            .expect("a game always has its start position")
    }

    /// The position after the first `ply` moves (0 = start), if that many were played.
    pub fn position_at(&self, ply: usize) -> Option<&Position> {
        self.positions.get(ply)
    }

    /// The moves played.
    pub fn moves(&self) -> &[Move] {
        &self.moves
    }

    /// Moves undone that [`Game::redo`] replays, next one last.
    pub fn undone(&self) -> &[Move] {
        &self.undone
    }

    /// The player whose pawn reached its goal row, if one did.
    pub fn winner(&self) -> Option<Player> {
        self.position().winner()
    }

    /// How the game ended under `limit`, if it has: a pawn on its goal row,
    /// or the adjudication of the last position once the game has `limit`
    /// plies or more (see [`PlyLimit`]).
    pub fn outcome(&self, limit: PlyLimit) -> Option<Outcome> {
        Outcome::of(self.position(), self.moves.len(), limit)
    }

    /// How the game had ended after its first `ply` moves (at most all of
    /// them), under `limit`.
    pub fn outcome_at(&self, ply: usize, limit: PlyLimit) -> Option<Outcome> {
        let ply = ply.min(self.moves.len());
        Outcome::of(&self.positions[ply], ply, limit)
    }

    /// The record (as [`fmt::Display`] writes it) with the result at the
    /// end if the game is over under `limit`: ` 1-0` or ` 0-1`, and for an
    /// adjudication a comment saying so. Reads back as the same game.
    ///
    /// ```
    /// use quoridor_rules::{Game, PlyLimit};
    /// let game: Game = "e2 e8 e3".parse().unwrap();
    /// assert_eq!(game.record_with_result(PlyLimit::DEFAULT), "e2 e8 e3");
    /// assert_eq!(
    ///     game.record_with_result(PlyLimit::new(3)),
    ///     "e2 e8 e3 1-0 {adjudicated at the 3-ply limit (paths 6 to 7)}"
    /// );
    /// ```
    pub fn record_with_result(&self, limit: PlyLimit) -> String {
        let mut text = self.to_string();
        self.push_result(&mut text, limit);
        text
    }

    /// Appends the result to `record` as [`Game::record_with_result`] does
    /// (` 1-0`, with a comment for an adjudication), if the game is over
    /// under `limit`.
    pub fn push_result(&self, record: &mut String, limit: PlyLimit) {
        if let Some(outcome) = self.outcome(limit) {
            if !record.is_empty() {
                record.push(' ');
            }
            record.push_str(outcome.result());
            if let Some(note) = outcome.adjudication_note() {
                record.push_str(&format!(" {{{note}}}"));
            }
        }
    }

    /// Plays `mv` if legal. Clears the redo list unless `mv` is the move it
    /// would replay. An overlap or crossing names the move that placed the wall
    /// in the way.
    pub fn play(&mut self, mv: Move) -> Result<(), IllegalMove> {
        let mut next = *self.position();
        next.play(mv).map_err(|e| self.with_move_numbers(e))?;
        self.positions.push(next);
        self.moves.push(mv);
        if self.undone.last() == Some(&mv) {
            self.undone.pop();
        } else {
            self.undone.clear();
        }
        Ok(())
    }

    /// Parses `text` as a move and plays it. The error names the move by its
    /// 1-based number in the game, as a record's errors do.
    pub fn play_text(&mut self, text: &str) -> Result<Move, RecordError> {
        let index = self.moves.len() + 1;
        let mv: Move = text
            .parse()
            .map_err(|error| RecordError::Syntax { index, error })?;
        self.play(mv)
            .map_err(|error| RecordError::Illegal { index, mv, error })?;
        Ok(mv)
    }

    fn with_move_numbers(&self, error: IllegalMove) -> IllegalMove {
        let placed = |existing| {
            self.moves
                .iter()
                .position(|m| *m == Move::Wall(existing))
                .map(|i| i + 1)
        };
        match error {
            IllegalMove::Overlaps { wall, existing, .. } => IllegalMove::Overlaps {
                wall,
                existing,
                placed_on: placed(existing),
            },
            IllegalMove::Crosses { wall, existing, .. } => IllegalMove::Crosses {
                wall,
                existing,
                placed_on: placed(existing),
            },
            other => other,
        }
    }

    /// Takes back the last move; `false` if there is none.
    pub fn undo(&mut self) -> bool {
        match self.moves.pop() {
            Some(mv) => {
                self.positions.pop();
                self.undone.push(mv);
                true
            }
            None => false,
        }
    }

    /// Replays the last undone move; `false` if there is none.
    pub fn redo(&mut self) -> bool {
        match self.undone.pop() {
            Some(mv) => {
                let mut next = *self.position();
                next.play_unchecked(mv);
                self.positions.push(next);
                self.moves.push(mv);
                true
            }
            None => false,
        }
    }

    /// Drops every move after the first `ply` (they become undone moves).
    pub fn truncate(&mut self, ply: usize) {
        while self.moves.len() > ply {
            self.undo();
        }
    }

    /// The header tags for this game's variant (empty for the standard game).
    pub fn header(&self) -> String {
        let v = self.variant();
        let mut tags = Vec::new();
        if v.size() != 9 {
            tags.push(format!("[size {}]", v.size()));
        }
        if v.walls() != 10 {
            tags.push(format!("[walls {}]", v.walls()));
        }
        if !v.has_default_start() {
            tags.push(format!(
                "[start {} {}]",
                v.start(Player::One),
                v.start(Player::Two)
            ));
        }
        tags.join(" ")
    }
}

impl fmt::Display for Game {
    /// The record: header tags (for non-default variants) and the moves.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let header = self.header();
        let mut sep = "";
        if !header.is_empty() {
            f.write_str(&header)?;
            sep = " ";
        }
        for mv in &self.moves {
            write!(f, "{sep}{mv}")?;
            sep = " ";
        }
        Ok(())
    }
}

impl FromStr for Game {
    type Err = RecordError;

    /// Reads a record; without a header it is the standard 9×9 game.
    fn from_str(s: &str) -> Result<Game, RecordError> {
        Game::parse_with_variant(s, Variant::default())
    }
}
