//! Reading a self-play file back: the header, then each game replayed from
//! its record into the positions a trainer learns from. Anything that is not
//! a complete, consistent file of a known version is refused with the file,
//! the line and what is wrong — never a panic, never a silent skip.

use super::format::{FinalResult, GameLine, Header, FORMAT, OLDEST_VERSION, VERSION};
use quoridor_rules::{Move, Player, Position, Variant, VariantError};
use std::fmt;
use std::fs::File;
use std::io::{self, BufRead, BufReader};
use std::path::{Path, PathBuf};

/// One position of a self-play game, with what a learned evaluation is
/// trained towards.
#[derive(Clone, Debug, PartialEq)]
pub struct Sample {
    /// The position (its side to move is `position.turn()`).
    pub position: Position,
    /// The search's win probability for the side to move.
    pub value: f64,
    /// The best candidates' share of the search.
    pub visits: Vec<(Move, f64)>,
    /// Every visited root child with its visits (version 2; empty in
    /// version 1).
    pub children: Vec<(Move, u32)>,
    /// The game's result for the side to move: 1 a win, 0 a loss, ½ a draw.
    pub result_for_side_to_move: f64,
    /// Plies played before this position (0: the start).
    pub ply: usize,
    /// The game's index in the run.
    pub game: usize,
}

/// What a policy learns at one position: the search's distribution over
/// the root's moves.
#[derive(Clone, Debug, PartialEq)]
pub struct PolicyTarget {
    /// Moves with their probability, summing to 1, most likely first.
    pub moves: Vec<(Move, f64)>,
    /// Whether this is every visited child's share (version 2's
    /// `children`), not the best candidates' shares scaled to sum to 1
    /// (version 1's `visits`, at most 8: the rest of the visits are lost).
    pub complete: bool,
}

impl Sample {
    /// The search's distribution over the moves here: version 2's
    /// `children` by their visits (complete), or, in a version-1 file,
    /// `visits`' shares scaled to sum to 1 (partial). `None` when no move has
    /// any share.
    pub fn policy_target(&self) -> Option<PolicyTarget> {
        let (moves, complete): (Vec<(Move, f64)>, bool) = if self.children.is_empty() {
            (self.visits.clone(), false)
        } else {
            let moves = self.children.iter().map(|&(mv, n)| (mv, f64::from(n)));
            (moves.collect(), true)
        };
        let total: f64 = moves.iter().map(|(_, w)| w).sum();
        (total > 0.0).then(|| PolicyTarget {
            moves: moves.into_iter().map(|(mv, w)| (mv, w / total)).collect(),
            complete,
        })
    }
}

/// One game read back and checked: its line and every position of it.
#[derive(Clone, Debug, PartialEq)]
pub struct SelfplayGame {
    /// The game as the file holds it.
    pub line: GameLine,
    /// The position before each move of the record.
    pub positions: Vec<Position>,
}

impl SelfplayGame {
    /// Its training samples, one per position before a move.
    pub fn samples(&self) -> impl Iterator<Item = Sample> + '_ {
        self.positions
            .iter()
            .zip(&self.line.plies)
            .enumerate()
            .map(|(ply, (position, seen))| Sample {
                position: *position,
                value: seen.value,
                visits: seen.visits.clone(),
                children: seen.children.clone(),
                result_for_side_to_move: self.line.result.score_for(position.turn()),
                ply,
                game: self.line.game,
            })
    }
}

/// What is wrong with a line of a self-play file.
#[derive(Debug)]
pub enum ReadProblem {
    /// The file cannot be read.
    Io(io::Error),
    /// The file is empty: no header.
    Empty,
    /// The line is not JSON.
    NotJson(String),
    /// The first line is not a self-play header.
    NotSelfplay,
    /// The header's version is not one this build reads.
    UnknownVersion(String),
    /// The header lacks a field or has one of the wrong type.
    BadHeader(String),
    /// The header's board is not a valid variant.
    BadVariant(VariantError),
    /// The game line lacks a field or has one of the wrong type.
    BadGame(String),
    /// The last line has no newline: the file was cut off.
    Truncated,
    /// An empty line.
    BlankLine,
    /// The game's index is beyond the run's games.
    GameOutOfRange {
        /// The index.
        game: usize,
        /// Games in the run.
        games: usize,
    },
    /// A move of the record is malformed or illegal.
    IllegalMove {
        /// Its ply (0-based).
        ply: usize,
        /// The move's text.
        text: String,
        /// Why.
        reason: String,
    },
    /// `plies` does not have one entry per move.
    PliesMismatch {
        /// Entries in `plies`.
        plies: usize,
        /// Moves in the record.
        moves: usize,
    },
    /// A value is not a probability.
    ValueOutOfRange {
        /// The ply.
        ply: usize,
        /// The value.
        value: f64,
    },
    /// A version-2 ply without `children`.
    NoChildren {
        /// The ply.
        ply: usize,
    },
    /// A candidate's share is not in [0, 1] or its move is illegal there.
    BadCandidate {
        /// The ply.
        ply: usize,
        /// The move.
        mv: Move,
        /// What is wrong.
        reason: String,
    },
    /// The result does not agree with the final position.
    WrongResult {
        /// The result written.
        result: FinalResult,
        /// Who reached the goal row, if anyone.
        winner: Option<Player>,
    },
}

impl fmt::Display for ReadProblem {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            ReadProblem::Io(e) => write!(f, "could not read: {e}"),
            ReadProblem::Empty => f.write_str("the file is empty (no header line)"),
            ReadProblem::NotJson(e) => write!(f, "not a JSON line: {e}"),
            ReadProblem::NotSelfplay => write!(
                f,
                "not a self-play file: the header has no \"format\":\"{FORMAT}\""
            ),
            ReadProblem::UnknownVersion(v) => write!(
                f,
                "format version {v} is not one this build reads (it reads versions {OLDEST_VERSION} to {VERSION})"
            ),
            ReadProblem::BadHeader(e) => write!(f, "bad header: {e}"),
            ReadProblem::BadVariant(e) => write!(f, "bad header: {e}"),
            ReadProblem::BadGame(e) => write!(f, "bad game line: {e}"),
            ReadProblem::Truncated => {
                f.write_str("the last line ends without a newline: the file was cut off mid-game")
            }
            ReadProblem::BlankLine => f.write_str("an empty line"),
            ReadProblem::GameOutOfRange { game, games } => {
                write!(
                    f,
                    "game index {game} is beyond the run's {}",
                    quoridor_text::count(*games, "game")
                )
            }
            ReadProblem::IllegalMove { ply, text, reason } => {
                write!(f, "move {} ({text:?}) of the record: {reason}", ply + 1)
            }
            ReadProblem::PliesMismatch { plies, moves } => write!(
                f,
                "\"plies\" has {plies} entries but the record {moves} moves"
            ),
            ReadProblem::ValueOutOfRange { ply, value } => write!(
                f,
                "ply {}: value {value} is not a probability in [0, 1]",
                ply + 1
            ),
            ReadProblem::NoChildren { ply } => write!(
                f,
                "ply {}: no \"children\" (version {VERSION} lists every visited move)",
                ply + 1
            ),
            ReadProblem::BadCandidate { ply, mv, reason } => {
                write!(f, "ply {}: candidate {mv}: {reason}", ply + 1)
            }
            ReadProblem::WrongResult { result, winner } => {
                let result = match result {
                    FinalResult::One => "\"1\"",
                    FinalResult::Two => "\"2\"",
                    FinalResult::Draw => "\"draw\"",
                };
                match winner {
                    Some(p) => write!(
                        f,
                        "result {result}, but player {} reached the goal row",
                        p.number()
                    ),
                    None => write!(f, "result {result}, but no pawn reached its goal row"),
                }
            }
        }
    }
}

/// A self-play file that cannot be read: which file, which line, why.
#[derive(Debug)]
pub struct ReadError {
    /// The file.
    pub path: PathBuf,
    /// The line (1-based; the header is line 1).
    pub line: usize,
    /// What is wrong.
    pub problem: ReadProblem,
}

impl fmt::Display for ReadError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "{} line {}: {}",
            self.path.display(),
            self.line,
            self.problem
        )
    }
}

impl std::error::Error for ReadError {}

/// Reads a self-play file game by game (an iterator of checked games).
/// After the first error it yields nothing more.
///
/// ```no_run
/// use quoridor_arena::selfplay::SelfplayReader;
/// let reader = SelfplayReader::open("selfplay.jsonl".as_ref())?;
/// for sample in reader.samples() {
///     let sample = sample?;
///     println!("{} {}", sample.value, sample.result_for_side_to_move);
/// }
/// # Ok::<(), quoridor_arena::selfplay::ReadError>(())
/// ```
pub struct SelfplayReader<R> {
    path: PathBuf,
    lines: Lines<R>,
    header: Header,
    variant: Variant,
    failed: bool,
}

/// The lines of a file, counted, with the bytes read.
struct Lines<R> {
    input: R,
    /// Lines read so far.
    line: usize,
    /// Bytes of the lines read and accepted so far.
    offset: u64,
}

impl<R: BufRead> Lines<R> {
    /// The next line without its newline; `None` at the end of the file.
    fn next_line(&mut self) -> Result<Option<String>, ReadProblem> {
        let mut bytes = Vec::new();
        let n = self
            .input
            .read_until(b'\n', &mut bytes)
            .map_err(ReadProblem::Io)?;
        if n == 0 {
            return Ok(None);
        }
        self.line += 1;
        if bytes.pop() != Some(b'\n') {
            return Err(ReadProblem::Truncated);
        }
        if bytes.last() == Some(&b'\r') {
            bytes.pop();
        }
        let text = String::from_utf8(bytes)
            .map_err(|_| ReadProblem::NotJson("not UTF-8 text".to_string()))?;
        if text.trim().is_empty() {
            return Err(ReadProblem::BlankLine);
        }
        self.offset += n as u64;
        Ok(Some(text))
    }
}

impl SelfplayReader<BufReader<File>> {
    /// Opens the file at `path` and reads its header.
    pub fn open(path: &Path) -> Result<Self, ReadError> {
        let file = File::open(path).map_err(|e| ReadError {
            path: path.to_path_buf(),
            line: 0,
            problem: ReadProblem::Io(e),
        })?;
        SelfplayReader::new(path, BufReader::new(file))
    }
}

impl<R: BufRead> SelfplayReader<R> {
    /// Reads the header from `input`; `path` names it in errors.
    pub fn new(path: &Path, input: R) -> Result<Self, ReadError> {
        let mut lines = Lines {
            input,
            line: 0,
            offset: 0,
        };
        let header = lines
            .next_line()
            .and_then(|text| text.ok_or(ReadProblem::Empty))
            .and_then(|text| parse_header(&text))
            .and_then(|header| {
                let variant = header.variant.variant().map_err(ReadProblem::BadVariant)?;
                Ok((header, variant))
            });
        match header {
            Ok((header, variant)) => Ok(SelfplayReader {
                path: path.to_path_buf(),
                lines,
                header,
                variant,
                failed: false,
            }),
            Err(problem) => Err(ReadError {
                path: path.to_path_buf(),
                line: lines.line.max(1),
                problem,
            }),
        }
    }

    /// The file's header.
    pub fn header(&self) -> &Header {
        &self.header
    }

    /// The board the games are played on.
    pub fn variant(&self) -> Variant {
        self.variant
    }

    /// Bytes of the header and the games read so far (where the next line
    /// starts).
    pub fn offset(&self) -> u64 {
        self.lines.offset
    }

    /// Every position of every game, in order; an error ends the stream.
    pub fn samples(self) -> impl Iterator<Item = Result<Sample, ReadError>> {
        self.flat_map(|game| {
            let samples: Vec<Result<Sample, ReadError>> = match game {
                Ok(game) => game.samples().map(Ok).collect(),
                Err(e) => vec![Err(e)],
            };
            samples
        })
    }

    fn error(&self, problem: ReadProblem) -> ReadError {
        ReadError {
            path: self.path.clone(),
            line: self.lines.line,
            problem,
        }
    }

    fn next_game(&mut self) -> Result<Option<SelfplayGame>, ReadProblem> {
        let Some(text) = self.lines.next_line()? else {
            return Ok(None);
        };
        let value: serde_json::Value =
            serde_json::from_str(&text).map_err(|e| ReadProblem::NotJson(e.to_string()))?;
        let line: GameLine =
            serde_json::from_value(value).map_err(|e| ReadProblem::BadGame(e.to_string()))?;
        check_game(line, self.variant, &self.header).map(Some)
    }
}

impl<R: BufRead> Iterator for SelfplayReader<R> {
    type Item = Result<SelfplayGame, ReadError>;

    fn next(&mut self) -> Option<Self::Item> {
        if self.failed {
            return None;
        }
        match self.next_game() {
            Ok(game) => game.map(Ok),
            Err(problem) => {
                self.failed = true;
                Some(Err(self.error(problem)))
            }
        }
    }
}

/// The header in `text`, checked for format and version before its fields.
fn parse_header(text: &str) -> Result<Header, ReadProblem> {
    let value: serde_json::Value =
        serde_json::from_str(text).map_err(|e| ReadProblem::NotJson(e.to_string()))?;
    if value.get("format").and_then(|f| f.as_str()) != Some(FORMAT) {
        return Err(ReadProblem::NotSelfplay);
    }
    match value.get("version") {
        Some(v)
            if v.as_u64()
                .is_some_and(|v| (u64::from(OLDEST_VERSION)..=u64::from(VERSION)).contains(&v)) => {
        }
        Some(v) => return Err(ReadProblem::UnknownVersion(v.to_string())),
        None => {
            return Err(ReadProblem::BadHeader(
                "missing field `version`".to_string(),
            ))
        }
    }
    serde_json::from_value(value).map_err(|e| ReadProblem::BadHeader(e.to_string()))
}

/// `line` replayed on `variant` and checked against its file's `header`:
/// legal moves, one ply entry per move with a probability and legal
/// candidates (in version 2, every ply with its visited children: legal,
/// distinct, each visited), a result that agrees with the final position.
fn check_game(
    line: GameLine,
    variant: Variant,
    header: &Header,
) -> Result<SelfplayGame, ReadProblem> {
    let games = header.games;
    if line.game >= games {
        return Err(ReadProblem::GameOutOfRange {
            game: line.game,
            games,
        });
    }
    let mut position = Position::new(variant);
    let mut positions = Vec::new();
    for (ply, text) in line.record.split_whitespace().enumerate() {
        let illegal = |reason: String| ReadProblem::IllegalMove {
            ply,
            text: text.to_string(),
            reason,
        };
        let mv: Move = text.parse().map_err(|e| illegal(format!("{e}")))?;
        positions.push(position);
        position.play(mv).map_err(|e| illegal(e.to_string()))?;
    }
    if line.plies.len() != positions.len() {
        return Err(ReadProblem::PliesMismatch {
            plies: line.plies.len(),
            moves: positions.len(),
        });
    }
    for (ply, (seen, at)) in line.plies.iter().zip(&positions).enumerate() {
        if !(0.0..=1.0).contains(&seen.value) {
            return Err(ReadProblem::ValueOutOfRange {
                ply,
                value: seen.value,
            });
        }
        for &(mv, share) in &seen.visits {
            let bad = |reason: String| ReadProblem::BadCandidate { ply, mv, reason };
            if !(0.0..=1.0).contains(&share) {
                return Err(bad(format!("share {share} is not in [0, 1]")));
            }
            at.check(mv).map_err(|e| bad(e.to_string()))?;
        }
        if seen.children.is_empty() && header.version >= 2 {
            return Err(ReadProblem::NoChildren { ply });
        }
        check_children(&seen.children, at).map_err(|(mv, reason)| ReadProblem::BadCandidate {
            ply,
            mv,
            reason,
        })?;
    }
    let winner = position.winner();
    if line.result.winner() != winner {
        return Err(ReadProblem::WrongResult {
            result: line.result,
            winner,
        });
    }
    Ok(SelfplayGame { line, positions })
}

/// Checks a ply's `children` in position `at`: each visited, listed once
/// and legal there; the first that is not, with why. The legal moves are
/// generated once (a position has about a hundred children to check).
fn check_children(children: &[(Move, u32)], at: &Position) -> Result<(), (Move, String)> {
    if children.is_empty() {
        return Ok(());
    }
    let mut legal = at.legal_moves();
    legal.sort_unstable();
    let mut listed: Vec<Move> = Vec::with_capacity(children.len());
    for &(mv, visits) in children {
        if visits == 0 {
            return Err((mv, "a child with no visits".to_string()));
        }
        if legal.binary_search(&mv).is_err() {
            let reason = at
                .check(mv)
                .map_or_else(|e| e.to_string(), |()| "not a legal move".to_string());
            return Err((mv, reason));
        }
        listed.push(mv);
    }
    listed.sort_unstable();
    match listed.windows(2).find(|w| w[0] == w[1]) {
        Some(w) => Err((w[0], "listed twice in \"children\"".to_string())),
        None => Ok(()),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::selfplay::{game_line, header_line, play_selfplay_game, SelfplayConfig};
    use proptest::prelude::*;
    use quoridor_engines::Limits;
    use std::io::Cursor;

    /// A valid two-game file on 5x5 with 2 walls (played once per test run).
    fn valid_file() -> String {
        static FILE: std::sync::OnceLock<String> = std::sync::OnceLock::new();
        FILE.get_or_init(play_valid_file).clone()
    }

    fn play_valid_file() -> String {
        let mut config = SelfplayConfig::new(Variant::new(5, 2).expect("5x5"));
        config.limit = Limits::playouts(30);
        let mut text = header_line(&config.header(None, "test")).expect("header");
        for i in 0..2 {
            text.push_str(
                &game_line(&play_selfplay_game(
                    &config,
                    &quoridor_engines::learned::test_evaluator(),
                    i,
                ))
                .expect("game"),
            );
        }
        text
    }

    /// Reads `text` to the end; the first error, if any.
    fn read(text: &[u8]) -> Result<usize, ReadError> {
        let reader = SelfplayReader::new(Path::new("data.jsonl"), Cursor::new(text))?;
        let mut samples = 0;
        for sample in reader.samples() {
            sample?;
            samples += 1;
        }
        Ok(samples)
    }

    /// The error reading `text`, as its message.
    fn refusal(text: &str) -> String {
        read(text.as_bytes()).expect_err("refused").to_string()
    }

    /// `valid_file()` with line `n` (1-based) changed by `edit`.
    fn with_line(n: usize, edit: impl Fn(&mut serde_json::Value)) -> String {
        let mut lines: Vec<String> = valid_file().lines().map(str::to_string).collect();
        let mut value: serde_json::Value = serde_json::from_str(&lines[n - 1]).expect("json");
        edit(&mut value);
        lines[n - 1] = value.to_string();
        lines.join("\n") + "\n"
    }

    #[test]
    fn a_valid_file_reads_back_position_by_position() {
        let text = valid_file();
        let reader =
            SelfplayReader::new(Path::new("x"), Cursor::new(text.as_bytes())).expect("header");
        assert_eq!(
            reader.offset(),
            text.lines().next().expect("header").len() as u64 + 1
        );
        let games: Vec<SelfplayGame> = reader.map(|g| g.expect("game")).collect();
        assert_eq!(games.len(), 2);
        let samples: Vec<Sample> = games[0].samples().collect();
        assert_eq!(
            samples[0].position,
            Position::new(Variant::new(5, 2).expect("5x5"))
        );
        assert_eq!((samples[0].ply, samples[1].ply, samples[0].game), (0, 1, 0));
        // The last mover won: the result is 1 for them and 0 for the other side.
        let last = samples.last().expect("a sample");
        assert_eq!(last.result_for_side_to_move, 1.0);
        assert_eq!(samples[samples.len() - 2].result_for_side_to_move, 0.0);
    }

    /// `valid_file()` as version 1 wrote it: no `children`.
    fn version_one_file() -> String {
        let lines: Vec<String> = valid_file()
            .lines()
            .enumerate()
            .map(|(i, line)| {
                let mut value: serde_json::Value = serde_json::from_str(line).expect("json");
                if i == 0 {
                    value["version"] = 1.into();
                } else {
                    for ply in value["plies"].as_array_mut().expect("plies") {
                        ply.as_object_mut().expect("ply").remove("children");
                    }
                }
                value.to_string()
            })
            .collect();
        lines.join("\n") + "\n"
    }

    fn samples_of(text: &str) -> Vec<Sample> {
        SelfplayReader::new(Path::new("x"), Cursor::new(text.as_bytes()))
            .expect("header")
            .samples()
            .map(|s| s.expect("sample"))
            .collect()
    }

    #[test]
    fn every_ply_of_version_two_has_the_full_visit_distribution() {
        let text = valid_file();
        assert!(text.starts_with("{\"format\":\"quoridor-selfplay\",\"version\":2,"));
        let samples = samples_of(&text);
        let mut longer = 0;
        for sample in &samples {
            assert!(!sample.children.is_empty());
            // Most visited first, and the top-8 shares are the children's.
            assert!(sample.children.windows(2).all(|w| w[0].1 >= w[1].1));
            let total: u32 = sample.children.iter().map(|c| c.1).sum();
            for (&(mv, share), &(child, visits)) in sample.visits.iter().zip(&sample.children) {
                assert_eq!(mv, child);
                let exact = f64::from(visits) / f64::from(total);
                assert!((share - exact).abs() <= 5e-4, "{share} vs {exact}");
            }
            longer += usize::from(sample.children.len() > sample.visits.len());
            let target = sample.policy_target().expect("a target");
            assert!(target.complete);
            let sum: f64 = target.moves.iter().map(|m| m.1).sum();
            assert!((sum - 1.0).abs() < 1e-9);
            assert_eq!(target.moves.len(), sample.children.len());
        }
        assert!(longer > 0, "some ply visits more than 8 children");
    }

    #[test]
    fn a_version_one_file_reads_with_a_partial_policy_target() {
        let samples = samples_of(&version_one_file());
        assert_eq!(samples.len(), samples_of(&valid_file()).len());
        for sample in samples {
            assert!(sample.children.is_empty());
            let target = sample.policy_target().expect("a target");
            assert!(!target.complete);
            assert_eq!(target.moves.len(), sample.visits.len());
            let sum: f64 = target.moves.iter().map(|m| m.1).sum();
            assert!((sum - 1.0).abs() < 1e-9);
        }
    }

    #[test]
    fn refuses_a_version_two_ply_without_children() {
        let text = with_line(2, |v| {
            v["plies"][2]
                .as_object_mut()
                .expect("ply")
                .remove("children");
        });
        assert_eq!(
            refusal(&text),
            "data.jsonl line 2: ply 3: no \"children\" (version 2 lists every visited move)"
        );
    }

    #[test]
    fn refuses_children_that_are_illegal_unvisited_or_listed_twice() {
        let first = |v: &serde_json::Value| v["plies"][0]["children"][0].clone();
        let text = with_line(2, |v| v["plies"][0]["children"][0][0] = "a5".into());
        assert!(
            refusal(&text).starts_with("data.jsonl line 2: ply 1: candidate a5: "),
            "{}",
            refusal(&text)
        );
        let text = with_line(2, |v| v["plies"][0]["children"][0][1] = 0.into());
        assert!(refusal(&text).ends_with(": a child with no visits"));
        let text = with_line(2, |v| {
            let child = first(v);
            v["plies"][0]["children"]
                .as_array_mut()
                .expect("children")
                .push(child);
        });
        assert!(refusal(&text).ends_with("listed twice in \"children\""));
    }

    #[test]
    fn refuses_an_empty_file() {
        assert_eq!(
            refusal(""),
            "data.jsonl line 1: the file is empty (no header line)"
        );
    }

    #[test]
    fn refuses_a_header_of_another_format() {
        let text = with_line(1, |v| v["format"] = "quoridor-arena".into());
        assert!(refusal(&text).starts_with("data.jsonl line 1: not a self-play file"));
    }

    #[test]
    fn refuses_a_version_it_does_not_know() {
        let text = with_line(1, |v| v["version"] = 3.into());
        assert_eq!(
            refusal(&text),
            "data.jsonl line 1: format version 3 is not one this build reads (it reads versions 1 to 2)"
        );
        let text = with_line(1, |v| v["version"] = 0.into());
        assert!(refusal(&text).contains("format version 0 is not one"));
    }

    #[test]
    fn refuses_a_header_without_a_field() {
        let text = with_line(1, |v| {
            v.as_object_mut().expect("object").remove("games");
        });
        assert!(refusal(&text).contains("line 1: bad header: missing field `games`"));
    }

    #[test]
    fn refuses_a_line_that_is_not_json() {
        let text = valid_file().replacen("{\"game\":1", "{game:1", 1);
        assert!(refusal(&text).starts_with("data.jsonl line 3: not a JSON line"));
    }

    #[test]
    fn refuses_a_game_without_a_field() {
        let text = with_line(2, |v| {
            v.as_object_mut().expect("object").remove("plies");
        });
        assert!(refusal(&text).contains("line 2: bad game line: missing field `plies`"));
    }

    #[test]
    fn refuses_an_illegal_move_in_a_record() {
        let text = with_line(2, |v| {
            let record = v["record"].as_str().expect("record").to_string();
            // The second move repeats the first pawn's square: not Player 2's move.
            let first = record.split(' ').next().expect("a move").to_string();
            let rest: Vec<&str> = record.split(' ').skip(2).collect();
            v["record"] = format!("{first} {first} {}", rest.join(" ")).into();
        });
        let message = refusal(&text);
        assert!(
            message.starts_with("data.jsonl line 2: move 2 ("),
            "{message}"
        );
    }

    #[test]
    fn refuses_plies_of_another_length_than_the_record() {
        let text = with_line(3, |v| {
            v["plies"].as_array_mut().expect("plies").pop();
        });
        assert!(refusal(&text).contains("line 3: \"plies\" has"));
    }

    #[test]
    fn refuses_a_truncated_last_line() {
        let text = valid_file();
        let cut = &text[..text.len() - 10];
        assert_eq!(
            refusal(cut),
            "data.jsonl line 3: the last line ends without a newline: the file was cut off mid-game"
        );
        let no_newline = &text[..text.len() - 1];
        assert!(refusal(no_newline).contains("line 3: the last line ends without a newline"));
    }

    #[test]
    fn refuses_a_value_outside_zero_to_one() {
        let text = with_line(2, |v| v["plies"][3]["value"] = 1.5.into());
        assert_eq!(
            refusal(&text),
            "data.jsonl line 2: ply 4: value 1.5 is not a probability in [0, 1]"
        );
    }

    #[test]
    fn refuses_a_result_the_final_position_does_not_show() {
        let text = with_line(2, |v| v["result"] = "draw".into());
        assert!(refusal(&text).contains("line 2: result \"draw\", but player"));
    }

    #[test]
    fn refuses_a_blank_line() {
        let text = valid_file().replacen('\n', "\n\n", 1);
        assert_eq!(refusal(&text), "data.jsonl line 2: an empty line");
    }

    proptest! {
        #![proptest_config(ProptestConfig::with_cases(200))]

        #[test]
        fn random_bytes_never_panic_the_reader(bytes in proptest::collection::vec(any::<u8>(), 0..600)) {
            let _ = read(&bytes);
        }

        #[test]
        fn cuts_and_flipped_bytes_are_refused_or_read_never_panic(cut in 0usize..4000, flip in 0usize..4000, byte in any::<u8>()) {
            let mut text = valid_file().into_bytes();
            let flip = flip % text.len();
            text[flip] = byte;
            text.truncate(cut % (text.len() + 1));
            let _ = read(&text);
        }
    }
}
