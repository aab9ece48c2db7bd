//! Share links and saved games: the game, the viewed move, who plays which
//! side and the engine settings as a short, human-readable, versioned query
//! string. The same text is kept in `localStorage`.
//!
//! ```text
//! ?v=1&size=9&walls=10&moves=e2.e8.e3h&view=2&p1=human&p2=engine&limit=time&time_ms=2000
//! ```
//!
//! A resigned game's link says who resigned, `resigned=1` or `resigned=2`
//! (the game ends after its last move).
//! A finished game's link says its result after the moves, `result=1-0`
//! (player 1 won) or `result=0-1`, for a goal or for the adjudication at the
//! page's ply limit ([`PLY_LIMIT`]). Reading checks it against the moves
//! as a record's result is checked ([`quoridor_rules::WrongResult`]); the game
//! opened is its moves, and whether it is over follows from them.
//!
//! Engine settings are written only where they differ from the Default
//! preset, under their engine-protocol option names (`uct_c=0.05`); settings
//! at a level of the ladder are `level=N`, first, and what differs from that
//! level's settings (a level was customised). Which
//! engine each side uses is `p1_engine` / `p2_engine` (`uct` or `alphabeta`),
//! written only when a side uses alpha-beta, so older links open with UCT;
//! the protocol's `engine=alphabeta` sets both sides. Reading
//! never fails: whatever is wrong is reported in [`Opened::problems`] and the
//! longest valid part of the game is opened.
//!
//! Compiled natively too, so its tests run with `cargo test`.

use super::model::{EngineSettings, Seat, Shared, PLY_LIMIT};
use quoridor_engines::{
    find_option, Accepted, EngineConfig, EngineKind, Level, LimitKind, OptionError, Shown, OPTIONS,
};
use quoridor_rules::{
    parse_result, result_text, Game, Move, Outcome, Player, RecordError, Variant, VariantError,
    WrongResult,
};
use quoridor_text::{one_of, quote_input, Choice, ParseChoiceError};
use std::fmt;

/// The link format version this build writes.
pub const VERSION: u32 = 1;

/// One thing wrong with a link; the rest of it is still opened.
#[derive(Clone, Debug, PartialEq)]
pub enum LinkProblem {
    /// `v` is not a version this page reads.
    Version {
        /// The version given.
        got: String,
    },
    /// `size` or `walls` is not a whole number.
    NotANumber {
        /// The key.
        key: &'static str,
        /// The value given.
        got: String,
    },
    /// `view` is not a move number.
    View {
        /// The value given.
        got: String,
    },
    /// `p1` or `p2` is neither `human` nor `engine`.
    Seat {
        /// The key.
        key: &'static str,
        /// Why the value was refused.
        error: ParseChoiceError,
    },
    /// `limit` is neither `time` nor `playouts`.
    Limit(ParseChoiceError),
    /// `p1_engine` or `p2_engine` is neither `uct` nor `alphabeta`.
    SeatEngine {
        /// The key.
        key: &'static str,
        /// Why the value was refused.
        error: ParseChoiceError,
    },
    /// An engine option's name or value was refused.
    Option(OptionError),
    /// The board size and wall count make no variant; a standard game opened.
    Variant(VariantError),
    /// A move is not legal; the game before it opened.
    Moves {
        /// What was wrong.
        error: RecordError,
        /// Moves kept.
        kept: usize,
    },
    /// `result` is neither `1-0` nor `0-1`.
    Result {
        /// The value given.
        got: String,
    },
    /// `result` does not fit the moves; the moves are opened.
    WrongResult(WrongResult),
    /// `resigned` names no player.
    Resigned {
        /// The value given.
        got: String,
    },
    /// `resigned` names a player of a game that was already over.
    ResignedAfterEnd {
        /// Who the link says resigned.
        player: Player,
        /// How the game had ended.
        outcome: Outcome,
    },
    /// `result` names a winner of a game its moves leave unfinished (no
    /// pawn on its goal row, short of the ply limit): it is ignored.
    ResultOfUnfinished {
        /// The winner the result names.
        stated: Player,
        /// Moves in the game.
        moves: usize,
    },
    /// A `%` not followed by two hex digits. The pair is skipped; in `moves`
    /// the moves before it are read.
    BadEscape {
        /// The key, or the text before the `=` when the key itself is bad.
        key: String,
        /// The `%` and up to two characters after it, as given.
        escape: String,
    },
    /// `view` lies past the last move; the latest position is shown.
    ViewPastEnd {
        /// The ply asked for.
        view: usize,
        /// Moves in the game.
        moves: usize,
    },
}

impl fmt::Display for LinkProblem {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            LinkProblem::Version { got } => write!(
                f,
                "link version {got:?} is not known (this page reads version {VERSION})"
            ),
            LinkProblem::NotANumber { key, got } => {
                write!(f, "{key} must be a whole number, got {got:?}")
            }
            LinkProblem::View { got } => write!(f, "view must be a move number, got {got:?}"),
            LinkProblem::Seat { key, error } => {
                write!(f, "{key} must be {}, got {:?}", one_of(error.expected), error.got)
            }
            LinkProblem::Limit(error) => {
                write!(f, "limit must be {}, got {:?}", one_of(error.expected), error.got)
            }
            LinkProblem::SeatEngine { key, error } => {
                write!(f, "{key} must be {}, got {:?}", one_of(error.expected), error.got)
            }
            LinkProblem::Option(e @ OptionError::Unknown { .. }) => {
                write!(f, "{e}; nothing changed")
            }
            LinkProblem::Option(e) => e.fmt(f),
            LinkProblem::Variant(e) => write!(f, "{e}; opened a standard 9x9 game"),
            LinkProblem::Moves { error, kept } => write!(
                f,
                "{error}; opened the game after its first {kept} move{}",
                if *kept == 1 { "" } else { "s" }
            ),
            LinkProblem::Result { got } => {
                write!(f, "result must be 1-0 or 0-1, got {got:?}")
            }
            LinkProblem::WrongResult(e) => write!(f, "{e}; opened the moves"),
            LinkProblem::Resigned { got } => {
                write!(f, "resigned must be 1 or 2 (the player who resigned), got {got:?}")
            }
            LinkProblem::ResignedAfterEnd { player, outcome } => write!(
                f,
                "the game was over ({outcome}) before {player} could resign; ignored the resignation"
            ),
            LinkProblem::ResultOfUnfinished { stated, moves } => write!(
                f,
                "the game is not over after {}: its result {} is ignored",
                if *moves == 1 {
                    "its only move".to_string()
                } else {
                    format!("these {moves} moves")
                },
                result_text(*stated)
            ),
            LinkProblem::BadEscape { key, escape } if key == "moves" => {
                write!(f, "moves: bad escape {escape}; opened the moves before it")
            }
            LinkProblem::BadEscape { key, escape } => {
                write!(f, "{key}: bad escape {escape}; {key} ignored")
            }
            LinkProblem::ViewPastEnd { view, moves } => write!(
                f,
                "view {view} is past the end of the game ({moves} moves); showing the latest position"
            ),
        }
    }
}

impl std::error::Error for LinkProblem {}

/// The problems found in a link, in the order met.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct Problems(pub Vec<LinkProblem>);

impl Problems {
    /// Whether the link had none.
    pub fn is_empty(&self) -> bool {
        self.0.is_empty()
    }

    /// How many there are.
    pub fn len(&self) -> usize {
        self.0.len()
    }

    /// Their messages joined by `separator` (for the notice area).
    pub fn join(&self, separator: &str) -> String {
        let messages: Vec<String> = self.0.iter().map(ToString::to_string).collect();
        messages.join(separator)
    }
}

impl std::ops::Index<usize> for Problems {
    type Output = LinkProblem;
    fn index(&self, i: usize) -> &LinkProblem {
        &self.0[i]
    }
}

/// The result of reading a link: what could be read, and what was wrong.
#[derive(Clone, Debug, PartialEq)]
pub struct Opened {
    /// The state to open.
    pub shared: Shared,
    /// What was wrong; empty for a good link.
    pub problems: Problems,
}

/// The most playouts a link may ask for.
const LINK_MAX_PLAYOUTS: u64 = 10_000_000;
/// The longest think a link may ask for, in ms (an hour).
const LINK_MAX_TIME_MS: u64 = 3_600_000;
/// The tree sizes a link may ask for.
const LINK_NODE_BUDGET: (u32, u32) = (1000, 20_000_000);
/// The tree memory a link may ask for, in MiB (a wasm worker addresses at
/// most 4 GiB).
const LINK_TREE_MB: (u32, u32) = (16, 4096);

/// Sets engine option `name` from text as the engine protocol does, within
/// limits a browser tab can afford (a link is untrusted input): at most 10
/// million playouts, an hour per move, 1,000 to 20 million tree nodes and
/// 16 to 4,096 MiB of tree memory.
/// `preset` is no link option.
pub fn set_param(config: &mut EngineConfig, name: &str, value: &str) -> Result<(), OptionError> {
    let option = find_option(name)
        .ok_or_else(|| OptionError::unknown(name, OPTIONS.iter().map(|o| o.name)))?;
    let mut changed = config.clone();
    option.set(&mut changed, value)?;
    let (next, p) = (&changed, &*config);
    let whole = |min: u64, max: u64| {
        Err(OptionError::bad_value(
            option.name,
            value.trim(),
            Accepted::Whole { min, max },
        ))
    };
    let (least_nodes, most_nodes) = LINK_NODE_BUDGET;
    // Only the field this option changed is checked against its cap.
    let (limits, old_limits) = (&next.params.limits, &p.params.limits);
    if limits.playouts != old_limits.playouts && limits.playouts_or_zero() > LINK_MAX_PLAYOUTS {
        return whole(0, LINK_MAX_PLAYOUTS);
    }
    if limits.time != old_limits.time && limits.time_ms_or_zero() > LINK_MAX_TIME_MS {
        return whole(0, LINK_MAX_TIME_MS);
    }
    if next.uct.node_budget != p.uct.node_budget
        && !(least_nodes..=most_nodes).contains(&next.uct.node_budget)
    {
        return whole(u64::from(least_nodes), u64::from(most_nodes));
    }
    let (least_mb, most_mb) = LINK_TREE_MB;
    if next.uct.tree_mb != p.uct.tree_mb && !(least_mb..=most_mb).contains(&next.uct.tree_mb) {
        return whole(u64::from(least_mb), u64::from(most_mb));
    }
    *config = changed;
    Ok(())
}

/// Sets option `name` of the page's engine settings from text within a
/// link's limits (see [`set_param`]); on error nothing changes. The engine
/// choice is per side (`engines`), so `engine` changes nothing here.
pub fn set_settings_param(
    settings: &mut EngineSettings,
    name: &str,
    value: &str,
) -> Result<(), OptionError> {
    let mut config = settings.as_config();
    set_param(&mut config, name, value)?;
    settings.take_config(config);
    Ok(())
}

/// The link keys of each side's engine, indexed by [`Player::index`].
const SEAT_ENGINE_KEYS: [&str; 2] = ["p1_engine", "p2_engine"];

/// The query string (without `?`) for `shared`.
pub fn encode(shared: &Shared) -> String {
    let variant = shared.game.variant();
    let moves: Vec<String> = shared.game.moves().iter().map(Move::to_string).collect();
    let mut parts = vec![
        format!("v={VERSION}"),
        format!("size={}", variant.size()),
        format!("walls={}", variant.walls()),
        format!("moves={}", moves.join(".")),
    ];
    if let Some(outcome) = shared.game.outcome(PLY_LIMIT) {
        parts.push(format!("result={}", outcome.result()));
    }
    if let Some(view) = shared.view {
        parts.push(format!("view={view}"));
    }
    parts.push(format!("p1={}", shared.seats[0].name()));
    parts.push(format!("p2={}", shared.seats[1].name()));
    parts.push(format!("limit={}", shared.engine.limit));
    if shared.hints > 0 {
        parts.push(format!("hints={}", shared.hints));
    }
    if let Some(player) = shared.resigned {
        parts.push(format!("resigned={}", player.number()));
    }
    if shared.engine.engines != [EngineKind::Uct; 2] {
        for (key, kind) in SEAT_ENGINE_KEYS.iter().zip(shared.engine.engines) {
            parts.push(format!("{key}={}", kind.name()));
        }
    }
    // A level's settings are `level=N` and what differs from the level's.
    let level = shared.engine.params.level.and_then(Level::get);
    let base = level.map_or_else(EngineConfig::default, Level::config);
    // The engine choice is per side (above), so the kind here is never written.
    let settings = shared.engine.as_config();
    for option in OPTIONS.iter() {
        if option.shown == Shown::EngineChoice {
            continue;
        }
        let value = option.value(&settings);
        // Both limits are always written, so a link shows what it plays at;
        // `threads` too, since the page's default depends on the machine.
        // A level sets them all: its link says `level` (the first option).
        let always = match level {
            Some(_) => option.name == "level",
            None => matches!(option.shown, Shown::LimitSlider(_) | Shown::Threads),
        };
        if always || value != option.value(&base) {
            parts.push(format!("{}={}", option.name, escape(&value)));
        }
    }
    parts.join("&")
}

/// Reads a query string (with or without the leading `?`). Never fails: bad
/// parts are skipped and described in [`Opened::problems`]. What the link
/// does not say is [`Shared::default`]'s.
pub fn decode(query: &str) -> Opened {
    decode_with(query, Shared::default())
}

/// Like [`decode`], with what the link does not say taken from `base` (the
/// page passes [`Shared::link_base`], so links older than the `threads`
/// key open with the machine's default thread count).
pub fn decode_with(query: &str, base: Shared) -> Opened {
    let mut problems = Vec::new();
    let mut shared = base;
    let mut size = 9u8;
    let mut walls = 10u8;
    let mut moves = String::new();
    let mut result = None;
    let mut resigned = None;
    let mut view = None;
    let query = query.strip_prefix('?').unwrap_or(query);
    let mut engine = shared.engine.clone();
    // The options read into one engine choice and settings; the choice
    // becomes both sides' engine below unless a side names its own.
    let mut config = engine.as_config();
    let mut seat_engines: [Option<EngineKind>; 2] = [None; 2];
    let mut limit = None;
    for pair in query.split('&').filter(|p| !p.is_empty()) {
        let (key, value) = pair.split_once('=').unwrap_or((pair, ""));
        let key = match unescape(key) {
            Ok(key) => key,
            Err(bad) => {
                problems.push(bad.problem(key));
                continue;
            }
        };
        let value = match unescape(value) {
            Ok(value) => value,
            // The moves before a bad escape are read; any other value is
            // not guessed at.
            Err(bad) if key == "moves" => {
                problems.push(bad.problem(&key));
                bad.before
            }
            Err(bad) => {
                problems.push(bad.problem(&key));
                continue;
            }
        };
        let value = value.trim();
        let number = |problems: &mut Vec<LinkProblem>, key: &'static str| -> Option<u8> {
            let n = value.parse::<u8>().ok();
            if n.is_none() {
                problems.push(LinkProblem::NotANumber {
                    key,
                    got: quote_input(value),
                });
            }
            n
        };
        match key.as_str() {
            "v" => {
                if value != VERSION.to_string() {
                    problems.push(LinkProblem::Version {
                        got: quote_input(value),
                    });
                }
            }
            "size" => size = number(&mut problems, "size").unwrap_or(size),
            "walls" => walls = number(&mut problems, "walls").unwrap_or(walls),
            "moves" => moves = value.replace(['.', ',', '+', '_'], " "),
            "result" => match parse_result(value) {
                Some(winner) => result = Some(winner),
                None => problems.push(LinkProblem::Result {
                    got: quote_input(value),
                }),
            },
            "view" => match value.parse::<usize>() {
                Ok(n) => view = Some(n),
                Err(_) => problems.push(LinkProblem::View {
                    got: quote_input(value),
                }),
            },
            "p1" | "p2" => {
                let (key, side) = if key == "p1" { ("p1", 0) } else { ("p2", 1) };
                match value.parse::<Seat>() {
                    Ok(seat) => shared.seats[side] = seat,
                    Err(error) => problems.push(LinkProblem::Seat { key, error }),
                }
            }
            "hints" => match value.parse::<u32>() {
                Ok(n) => shared.hints = n,
                Err(_) => problems.push(LinkProblem::NotANumber {
                    key: "hints",
                    got: quote_input(value),
                }),
            },
            "resigned" => match value.parse().ok().and_then(Player::from_number) {
                Some(player) => resigned = Some(player),
                None => problems.push(LinkProblem::Resigned {
                    got: value.to_string(),
                }),
            },
            "limit" => match value.parse::<LimitKind>() {
                Ok(kind) => limit = Some(kind),
                Err(error) => problems.push(LinkProblem::Limit(error)),
            },
            "p1_engine" | "p2_engine" => {
                let side = usize::from(key == "p2_engine");
                match value.parse::<EngineKind>() {
                    Ok(kind) => seat_engines[side] = Some(kind),
                    Err(error) => problems.push(LinkProblem::SeatEngine {
                        key: SEAT_ENGINE_KEYS[side],
                        error,
                    }),
                }
            }
            name => {
                if let Err(e) = set_param(&mut config, name, value) {
                    problems.push(LinkProblem::Option(e));
                }
            }
        }
    }
    let both = config.kind;
    engine.take_config(config);
    // A level plays by playouts unless the link says otherwise.
    let level_limit = engine.params.level.map(|_| LimitKind::Playouts);
    engine.limit = limit.or(level_limit).unwrap_or(engine.limit);
    // `engine=` (the protocol's option) picks both sides; `pN_engine` wins.
    for (side, kind) in seat_engines.into_iter().enumerate() {
        engine.engines[side] = kind.unwrap_or(both);
    }
    shared.engine = engine;
    let variant = match Variant::new(size, walls) {
        Ok(v) => v,
        Err(e) => {
            problems.push(LinkProblem::Variant(e));
            Variant::default()
        }
    };
    let (game, error) = Game::parse_prefix(&moves, variant);
    let ended = game.outcome(PLY_LIMIT);
    if let Some(error) = error {
        let kept = game.moves().len();
        problems.push(LinkProblem::Moves { error, kept });
    } else if let Some(stated) = result {
        // A result belongs to a game that is over, on the board or at the
        // ply limit; before that it adjudicates nothing (a resignation
        // ends the game by itself).
        if ended.is_none() {
            if resigned.is_none() {
                problems.push(LinkProblem::ResultOfUnfinished {
                    stated,
                    moves: game.moves().len(),
                });
            }
        } else if let Err(wrong) = WrongResult::check(game.position(), stated) {
            problems.push(LinkProblem::WrongResult(wrong));
        }
    }
    if let Some(n) = view {
        if n > game.moves().len() {
            problems.push(LinkProblem::ViewPastEnd {
                view: n,
                moves: game.moves().len(),
            });
            view = None;
        } else if n == game.moves().len() {
            view = None;
        }
    }
    if let (Some(player), Some(outcome)) = (resigned, ended) {
        problems.push(LinkProblem::ResignedAfterEnd { player, outcome });
        resigned = None;
    }
    shared.resigned = resigned;
    shared.game = game;
    shared.view = view;
    Opened {
        shared,
        problems: Problems(problems),
    }
}

/// Percent-encodes what is not safe in a query value.
fn escape(text: &str) -> String {
    let mut out = String::new();
    for b in text.bytes() {
        if b.is_ascii_alphanumeric() || b"-_.~".contains(&b) {
            out.push(char::from(b));
        } else {
            out.push_str(&format!("%{b:02X}"));
        }
    }
    out
}

/// A `%` that starts no escape, met by [`unescape`].
#[derive(Debug)]
struct BadEscape {
    /// The text before it, unescaped.
    before: String,
    /// The `%` and up to two characters after it.
    escape: String,
}

impl BadEscape {
    /// The link problem for it under `key`.
    fn problem(&self, key: &str) -> LinkProblem {
        LinkProblem::BadEscape {
            key: quote_input(key),
            escape: self.escape.clone(),
        }
    }
}

/// Undoes percent-encoding and `+` for space; a `%` not followed by two hex
/// digits is an error that keeps what came before it.
fn unescape(text: &str) -> Result<String, BadEscape> {
    let bytes = text.as_bytes();
    let mut out = Vec::with_capacity(bytes.len());
    let mut i = 0;
    while i < bytes.len() {
        match bytes[i] {
            b'+' => out.push(b' '),
            b'%' => {
                let hex = text
                    .get(i + 1..i + 3)
                    .filter(|h| h.bytes().all(|b| b.is_ascii_hexdigit()))
                    .and_then(|h| u8::from_str_radix(h, 16).ok());
                match hex {
                    Some(b) => {
                        out.push(b);
                        i += 2;
                    }
                    None => {
                        let escape: String = text[i..].chars().take(3).collect();
                        return Err(BadEscape {
                            before: String::from_utf8_lossy(&out).into_owned(),
                            escape,
                        });
                    }
                }
            }
            b => out.push(b),
        }
        i += 1;
    }
    Ok(String::from_utf8_lossy(&out).into_owned())
}

#[cfg(test)]
mod tests {
    use super::*;
    use quoridor_rules::Player;

    fn sample() -> Shared {
        let mut shared = Shared {
            game: Game::parse_with_variant("c2 c4 b1v", Variant::new(5, 3).expect("5x5"))
                .expect("legal"),
            view: Some(2),
            seats: [Seat::Engine, Seat::Human],
            ..Shared::default()
        };
        shared.engine.uct.uct_c = 0.05;
        shared.engine.uct.smart_playouts = true;
        shared.engine.limit = LimitKind::Playouts;
        shared
    }

    #[test]
    fn a_link_reads_back_to_the_same_state() {
        let shared = sample();
        let text = encode(&shared);
        assert!(text.starts_with("v=1&size=5&walls=3&moves=c2.c4.b1v&view=2"));
        assert!(text.contains("uct_c=0.05"));
        let opened = decode(&format!("?{text}"));
        assert_eq!(opened.problems, Problems::default());
        assert_eq!(opened.shared, shared);
    }

    #[test]
    fn the_evaluation_travels_with_the_link() {
        quoridor_engines::learned::test_evaluator();
        let mut shared = sample();
        shared.engine.params.eval = quoridor_engines::Evaluation::Learned;
        let text = encode(&shared);
        assert!(text.contains("&eval=learned"), "{text}");
        let opened = decode(&text);
        assert_eq!(opened.problems, Problems::default());
        assert_eq!(opened.shared, shared);
        // Each engine's own (auto) is the default: not written.
        assert!(!encode(&sample()).contains("eval="));
        let mut classic = sample();
        classic.engine.params.eval = quoridor_engines::Evaluation::Classic;
        let text = encode(&classic);
        assert!(text.contains("&eval=classic"), "{text}");
        assert_eq!(decode(&text).shared, classic);
    }

    #[test]
    fn hints_used_travel_with_the_link() {
        let shared = Shared {
            hints: 3,
            ..sample()
        };
        let text = encode(&shared);
        assert!(text.contains("&hints=3&"), "{text}");
        assert_eq!(decode(&text).shared, shared);
        assert!(!encode(&sample()).contains("hints="));
        let bad = decode("v=1&hints=many");
        assert_eq!(bad.shared.hints, 0);
        assert_eq!(
            bad.problems.0[0].to_string(),
            "hints must be a whole number, got \"many\""
        );
    }

    #[test]
    fn a_resignation_travels_with_the_link_and_a_wrong_one_is_reported() {
        let shared = Shared {
            resigned: Some(Player::Two),
            ..sample()
        };
        let text = encode(&shared);
        assert!(text.contains("&resigned=2&"), "{text}");
        let opened = decode(&text);
        assert_eq!(opened.problems, Problems::default());
        assert_eq!(opened.shared, shared);
        assert!(!encode(&sample()).contains("resigned="));

        let bad = decode("v=1&moves=e2&resigned=white");
        assert_eq!(bad.shared.resigned, None);
        assert_eq!(
            bad.problems.0[0].to_string(),
            "resigned must be 1 or 2 (the player who resigned), got \"white\""
        );
        // A game already won cannot be resigned afterwards.
        let won = decode("v=1&size=3&walls=0&moves=b2.a3.b3&resigned=2");
        assert_eq!(won.shared.resigned, None);
        assert_eq!(
            won.problems.0[0].to_string(),
            "the game was over (player 1 has won) before player 2 could resign; \
             ignored the resignation"
        );
    }

    #[test]
    fn an_empty_link_is_a_new_game_with_the_default_preset() {
        let opened = decode("");
        assert!(opened.problems.is_empty());
        assert_eq!(opened.shared, Shared::default());
        assert_eq!(
            opened.shared.engine.effective().limits,
            quoridor_engines::Limits::time_ms(2000)
        );
    }

    #[test]
    fn a_bad_move_opens_the_longest_valid_prefix() {
        let opened = decode("v=1&moves=e2.e8.e9x.e3");
        assert_eq!(opened.shared.game.to_string(), "e2 e8");
        assert_eq!(opened.problems.len(), 1);
        assert!(
            opened.problems[0].to_string().contains("move 3"),
            "{:?}",
            opened.problems
        );
    }

    #[test]
    fn garbage_is_reported_and_never_panics() {
        for query in [
            "size=99&walls=300&moves=zz",
            "%%%&&==&v=7&view=x&p1=robot&limit=soon&uct_c=-1&nonsense",
            "moves=e2.e2&view=40&time_ms=%FF%FE",
        ] {
            let opened = decode(query);
            assert!(!opened.problems.is_empty(), "{query}");
            assert!(opened.shared.game.position().size() >= 3);
        }
    }

    #[test]
    fn links_written_by_earlier_versions_still_open() {
        let opened = decode(
            "?v=1&size=9&walls=10&moves=e2.e8.e3h&view=2&p1=human&p2=engine&limit=time\
             &playouts=20000&time_ms=2000&uct_c=0.05",
        );
        assert_eq!(opened.problems, Problems::default());
        let engine = &opened.shared.engine;
        assert_eq!(engine.limit, LimitKind::Time);
        assert_eq!(
            engine.effective().limits,
            quoridor_engines::Limits::time_ms(2000)
        );
        assert_eq!(engine.params.limits.playouts_or_zero(), 20_000);
        assert_eq!(engine.uct.uct_c, 0.05);
        assert_eq!(opened.shared.view, Some(2));
        let playouts = decode("limit=playouts&playouts=300");
        assert_eq!(
            playouts.shared.engine.effective().limits,
            quoridor_engines::Limits::playouts(300)
        );
    }

    #[test]
    fn a_link_asks_for_no_more_than_a_tab_can_afford() {
        for (query, message) in [
            (
                "playouts=10000001",
                "option playouts needs a whole number from 0 to 10000000, got \"10000001\"",
            ),
            (
                "time_ms=3600001",
                "option time_ms needs a whole number from 0 to 3600000, got \"3600001\"",
            ),
            (
                "node_budget=999",
                "option node_budget needs a whole number from 1000 to 20000000, got \"999\"",
            ),
            (
                "tree_mb=4097",
                "option tree_mb needs a whole number from 16 to 4096, got \"4097\"",
            ),
            (
                "preset=thesis",
                "unknown option \"preset\"; nothing changed",
            ),
        ] {
            let opened = decode(query);
            assert_eq!(opened.problems.join("; "), message);
            assert_eq!(opened.shared.engine, EngineSettings::default(), "{query}");
        }
        let mut p = EngineConfig::default();
        set_param(&mut p, "playouts", "10000000").expect("the cap itself is allowed");
        set_param(&mut p, "uct_c", "0.2").expect("other options are not capped");
    }

    #[test]
    fn problems_are_typed_and_read_as_before() {
        let opened = decode("v=2&size=x&view=y&p1=robot&limit=soon&walls=30");
        let messages: Vec<String> = opened.problems.0.iter().map(ToString::to_string).collect();
        assert_eq!(
            messages,
            [
                "link version \"2\" is not known (this page reads version 1)",
                "size must be a whole number, got \"x\"",
                "view must be a move number, got \"y\"",
                "p1 must be human or engine, got \"robot\"",
                "limit must be time or playouts, got \"soon\"",
            ]
            .iter()
            .map(ToString::to_string)
            .chain([format!(
                "{}; opened a standard 9x9 game",
                Variant::new(9, 30).expect_err("too many walls")
            )])
            .collect::<Vec<_>>()
        );
        assert!(matches!(
            opened.problems[3],
            LinkProblem::Seat { key: "p1", .. }
        ));
        assert!(matches!(opened.problems[5], LinkProblem::Variant(_)));
    }

    #[test]
    fn a_huge_bad_value_is_quoted_short() {
        let opened = decode(&format!("p2={}", "x".repeat(100_000)));
        assert!(opened.problems.join("; ").len() < 200);
    }

    #[test]
    fn each_sides_engine_round_trips_and_old_links_open_with_uct() {
        let mut shared = sample();
        shared.engine = shared
            .engine
            .with_engine(Player::Two, EngineKind::AlphaBeta);
        shared.engine.alphabeta.hash_mb = 64;
        let text = encode(&shared);
        assert!(text.contains("p1_engine=uct&p2_engine=alphabeta"), "{text}");
        assert!(text.contains("hash=64"), "{text}");
        assert!(!text.contains("&engine="), "{text}");
        let opened = decode(&text);
        assert_eq!(opened.problems, Problems::default());
        assert_eq!(opened.shared, shared);
        assert_eq!(
            opened.shared.engine.engine_of(Player::Two),
            EngineKind::AlphaBeta
        );
        assert_eq!(opened.shared.engine.engine_of(Player::One), EngineKind::Uct);
        let old = decode("v=1&p1=engine&p2=engine&limit=time&time_ms=500");
        assert_eq!(old.shared.engine.engines, [EngineKind::Uct; 2]);
        assert!(!encode(&Shared::default()).contains("engine="));
    }

    #[test]
    fn the_protocol_engine_option_sets_both_sides_and_a_bad_side_engine_is_reported() {
        let both = decode("engine=alphabeta&p1_engine=uct");
        assert!(both.problems.is_empty(), "{:?}", both.problems);
        assert_eq!(
            both.shared.engine.engines,
            [EngineKind::Uct, EngineKind::AlphaBeta]
        );
        // (The settings hold no engine kind any more: `engines` is the only choice.)
        let bad = decode("p2_engine=minimax");
        assert_eq!(
            bad.problems.join("; "),
            "p2_engine must be uct or alphabeta, got \"minimax\""
        );
        assert_eq!(bad.shared.engine.engines, [EngineKind::Uct; 2]);
    }

    #[test]
    fn threads_are_always_written_and_old_links_open_with_the_machines_default() {
        let shared = Shared::link_base(3);
        let text = encode(&shared);
        assert!(text.contains("&threads=3"), "{text}");
        assert_eq!(decode_with(&text, Shared::link_base(7)).shared, shared);
        assert!(encode(&Shared::default()).contains("&threads=1"));
        // A link from before the threads key: the machine's default.
        let old = decode_with("v=1&moves=e2&limit=time&time_ms=500", Shared::link_base(5));
        assert!(old.problems.is_empty(), "{:?}", old.problems);
        assert_eq!(old.shared.engine.params.threads, 5);
        assert_eq!(old.shared.game.to_string(), "e2");
        assert_eq!(decode("v=1").shared.engine.params.threads, 1);
        let bad = decode_with("threads=17", Shared::link_base(2));
        assert_eq!(
            bad.problems.join("; "),
            "option threads needs a whole number from 1 to 16, got \"17\""
        );
        assert_eq!(bad.shared.engine.params.threads, 2);
    }

    /// 296 plies of pawn shuffling (both pawns back home), then player 1
    /// steps to e3 while player 2 places two walls far from both paths.
    fn three_hundred_plies() -> Game {
        let record = format!("{}e2 a8h e3 a6h", "d1 d9 e1 e9 ".repeat(74));
        record.parse().expect("legal")
    }

    #[test]
    fn a_game_at_the_ply_limit_carries_its_result_and_reads_back() {
        let shared = Shared {
            game: three_hundred_plies(),
            seats: [Seat::Engine; 2],
            ..Shared::default()
        };
        let text = encode(&shared);
        assert!(
            text.contains(".e2.a8h.e3.a6h&result=1-0&p1=engine"),
            "{text}"
        );
        let opened = decode(&text);
        assert_eq!(opened.problems, Problems::default());
        assert_eq!(opened.shared, shared);
        // One ply short of the limit the game goes on: no result.
        let mut short = shared.clone();
        short.game.undo();
        assert!(!encode(&short).contains("result="));
        // A game won on the board says so too.
        let won = Shared {
            game: "[size 3] [walls 0] b2 a3 b3".parse().expect("legal"),
            ..Shared::default()
        };
        assert!(encode(&won).contains("&result=1-0&"));
    }

    #[test]
    fn a_result_that_does_not_fit_the_moves_is_reported_and_the_moves_open() {
        let game = three_hundred_plies();
        let moves: Vec<String> = game.moves().iter().map(ToString::to_string).collect();
        let opened = decode(&format!("v=1&moves={}&result=0-1", moves.join(".")));
        assert_eq!(opened.shared.game, game);
        assert_eq!(
            opened.problems.join("; "),
            "the result 0-1 does not fit the moves: player 1 wins on path lengths after the \
             last move (paths 6 to 8); opened the moves"
        );
        let bad = decode("v=1&moves=e2&result=draw");
        assert_eq!(
            bad.problems.join("; "),
            "result must be 1-0 or 0-1, got \"draw\""
        );
        assert_eq!(bad.shared.game.to_string(), "e2");
    }

    #[test]
    fn a_result_on_an_unfinished_game_is_ignored_not_adjudicated() {
        let opened = decode("?v=1&moves=e2.e8&result=0-1");
        assert_eq!(opened.shared.game.to_string(), "e2 e8");
        assert_eq!(
            opened.problems.join("; "),
            "the game is not over after these 2 moves: its result 0-1 is ignored"
        );
        assert!(matches!(
            opened.problems[0],
            LinkProblem::ResultOfUnfinished {
                stated: Player::Two,
                moves: 2
            }
        ));
        assert_eq!(
            decode("v=1&moves=e2&result=1-0").problems.join("; "),
            "the game is not over after its only move: its result 1-0 is ignored"
        );
        // The right result of a finished game is no problem.
        let won = decode("v=1&size=3&walls=0&moves=b2.a3.b3&result=1-0");
        assert!(won.problems.is_empty(), "{:?}", won.problems);
    }

    #[test]
    fn a_bad_percent_escape_is_named_and_the_moves_before_it_open() {
        let opened = decode("?v=1&moves=e2%ZZe8");
        assert_eq!(opened.shared.game.to_string(), "e2");
        assert_eq!(
            opened.problems.join("; "),
            "moves: bad escape %ZZ; opened the moves before it"
        );
        // A good escape reads as before ("%2E" is a dot).
        let good = decode("v=1&moves=e2%2Ee8");
        assert!(good.problems.is_empty(), "{:?}", good.problems);
        assert_eq!(good.shared.game.to_string(), "e2 e8");
        // Elsewhere the pair is skipped: a half-read value is not guessed at.
        let timed = decode("v=1&time_ms=5%G00");
        assert_eq!(
            timed.problems.join("; "),
            "time_ms: bad escape %G0; time_ms ignored"
        );
        assert_eq!(timed.shared.engine, EngineSettings::default());
        // A sign is no hex digit; an escape cut short at the end is bad too.
        assert_eq!(
            decode("v=1&moves=e2.e8%+F").problems.join("; "),
            "moves: bad escape %+F; opened the moves before it"
        );
        assert_eq!(decode("v=1&moves=e2.e8%4").shared.game.to_string(), "e2 e8");
        assert_eq!(
            decode("v=1&uct%Z=1").problems.join("; "),
            "uct%Z: bad escape %Z; uct%Z ignored"
        );
    }

    #[test]
    fn every_option_round_trips_through_its_text() {
        let p = EngineConfig::thesis_fixed_point();
        for option in OPTIONS.iter() {
            let mut q = EngineConfig::default();
            let value = option.value(&p);
            set_param(&mut q, option.name, &value).expect("its own text reads back");
            assert_eq!(option.value(&q), value, "{}", option.name);
        }
    }

    fn level(n: u8) -> &'static Level {
        Level::get(n).expect("a level")
    }

    #[test]
    fn a_level_is_written_first_with_only_what_differs_from_it_and_reads_back() {
        let mut shared = Shared {
            engine: EngineSettings::at_level(level(3)).for_new_game(4242),
            ..sample()
        };
        let text = encode(&shared);
        let (_, options) = text
            .split_once("&limit=playouts&")
            .expect("the limit, then options");
        assert_eq!(options, "level=3&seed=4242");
        let opened = decode(&text);
        assert_eq!(opened.problems, Problems::default());
        assert_eq!(opened.shared, shared);
        assert_eq!(opened.shared.engine.exact_level(), Some(level(3)));
        // A customised level keeps its label and lists its changes.
        shared.engine.uct.uct_c = 0.3;
        let text = encode(&shared);
        assert!(text.ends_with("&level=3&uct_c=0.3&seed=4242"), "{text}");
        let opened = decode(&text);
        assert_eq!(opened.shared, shared);
        assert!(opened.shared.engine.level().expect("level 3").customised);
    }

    #[test]
    fn a_short_level_link_opens_that_level_on_one_worker_by_playouts() {
        let opened = decode_with("v=1&level=2", Shared::link_base(4));
        assert!(opened.problems.is_empty(), "{:?}", opened.problems);
        assert_eq!(opened.shared.engine, EngineSettings::at_level(level(2)));
        assert_eq!(opened.shared.engine.params.threads, 1);
        assert_eq!(opened.shared.engine.limit, LimitKind::Playouts);
        let timed = decode("v=1&limit=time&level=2");
        assert_eq!(timed.shared.engine.limit, LimitKind::Time);
        let bad = decode("level=11");
        assert!(
            bad.problems.join("; ").starts_with("option level "),
            "{:?}",
            bad.problems
        );
        assert_eq!(bad.shared.engine, EngineSettings::default());
        // Links without a level open as before: custom settings.
        assert_eq!(decode("v=1&time_ms=500").shared.engine.level(), None);
    }
}
