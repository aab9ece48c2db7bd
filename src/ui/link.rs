//! Share links and saved games: the game, the viewed move, who plays which
//! side and the engine settings as a short, human-readable, versioned query
//! string. The same text is kept in `localStorage`.
//!
//! ```text
//! ?v=1&size=9&walls=10&moves=e2.e8.e3h&view=2&p1=human&p2=engine&limit=time&time_ms=2000
//! ```
//!
//! Engine settings are written only where they differ from the Default
//! preset, under their engine-protocol option names (`uct_c=0.05`). Reading
//! never fails: whatever is wrong is reported in [`Opened::problems`] and the
//! longest valid part of the game is opened.
//!
//! Compiled natively too, so its tests run with `cargo test`.

use crate::game::{Game, Move, Variant};
use crate::search::{set_option, SearchParams};

/// The link format version this build writes.
pub const VERSION: u32 = 1;

/// Who plays a side.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Seat {
    /// A person at this screen.
    Human,
    /// The engine in the worker.
    Engine,
}

impl Seat {
    /// `human` or `engine`, as written in links.
    pub fn name(self) -> &'static str {
        match self {
            Seat::Human => "human",
            Seat::Engine => "engine",
        }
    }
}

/// Which of the engine's two limits applies to a move.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Limit {
    /// Think for `time_ms` milliseconds.
    Time,
    /// Make `playouts` playouts.
    Playouts,
}

impl Limit {
    /// `time` or `playouts`, as written in links.
    pub fn name(self) -> &'static str {
        match self {
            Limit::Time => "time",
            Limit::Playouts => "playouts",
        }
    }
}

/// The engine settings the page keeps: all parameters (both limits kept, so
/// the sliders remember them) plus which limit applies.
#[derive(Clone, Debug, PartialEq)]
pub struct EngineSettings {
    /// Every engine parameter.
    pub params: SearchParams,
    /// The limit that applies.
    pub limit: Limit,
}

impl Default for EngineSettings {
    /// The Default preset at 2 s per move, with 20,000 playouts ready on the
    /// other slider.
    fn default() -> Self {
        EngineSettings::from_preset(SearchParams::default())
    }
}

impl EngineSettings {
    /// A preset: its limit is the one it sets; the other slider gets a
    /// sensible value.
    pub fn from_preset(mut params: SearchParams) -> Self {
        let limit = if params.time_ms > 0 {
            Limit::Time
        } else {
            Limit::Playouts
        };
        if params.time_ms == 0 {
            params.time_ms = 2000;
        }
        if params.playouts == 0 {
            params.playouts = 20_000;
        }
        EngineSettings { params, limit }
    }

    /// The parameters sent to the engine: only the chosen limit is set.
    pub fn effective(&self) -> SearchParams {
        let mut p = self.params.clone();
        match self.limit {
            Limit::Time => p.playouts = 0,
            Limit::Playouts => p.time_ms = 0,
        }
        p
    }
}

/// What a link or a saved game holds.
#[derive(Clone, Debug, PartialEq)]
pub struct Shared {
    /// The game, with its variant.
    pub game: Game,
    /// The ply shown (position after that many moves); `None` = the latest.
    pub view: Option<usize>,
    /// Who plays player 1 and player 2.
    pub seats: [Seat; 2],
    /// Engine settings.
    pub engine: EngineSettings,
}

impl Default for Shared {
    /// The first visit: 9×9, the human as player 1 against the engine.
    fn default() -> Self {
        Shared {
            game: Game::new(Variant::default()),
            view: None,
            seats: [Seat::Human, Seat::Engine],
            engine: EngineSettings::default(),
        }
    }
}

/// The result of reading a link: what could be read, and what was wrong.
#[derive(Clone, Debug, PartialEq)]
pub struct Opened {
    /// The state to open.
    pub shared: Shared,
    /// One message per problem found; empty for a good link.
    pub problems: Vec<String>,
}

pub use crate::search::{option_value as param_value, OPTION_NAMES};

/// Sets engine option `name` from text as the engine protocol does, within
/// limits a browser tab can afford (a link is untrusted input): at most 10
/// million playouts, an hour per move, and 1,000 to 20 million tree nodes.
pub fn set_param(p: &mut SearchParams, name: &str, value: &str) -> Result<(), String> {
    let mut next = p.clone();
    set_option(&mut next, name, value)?;
    let too_big = |what: &str| Err(format!("{name} needs {what}, got {value:?}"));
    match name {
        "playouts" if next.playouts > 10_000_000 => too_big("a whole number from 0 to 10000000"),
        "time_ms" if next.time_ms > 3_600_000 => too_big("a whole number from 0 to 3600000"),
        "node_budget" if !(1000..=20_000_000).contains(&next.node_budget) => {
            too_big("a whole number from 1000 to 20000000")
        }
        "preset" => Err(format!("unknown engine option {name:?}")),
        _ => {
            *p = next;
            Ok(())
        }
    }
}

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
    if let Some(view) = shared.view {
        parts.push(format!("view={view}"));
    }
    parts.push(format!("p1={}", shared.seats[0].name()));
    parts.push(format!("p2={}", shared.seats[1].name()));
    parts.push(format!("limit={}", shared.engine.limit.name()));
    let base = SearchParams::default();
    for name in OPTION_NAMES {
        let value = param_value(&shared.engine.params, name);
        let always = name == "time_ms" || name == "playouts";
        if always || value != param_value(&base, name) {
            if let Some(value) = value {
                parts.push(format!("{name}={}", escape(&value)));
            }
        }
    }
    parts.join("&")
}

/// Reads a query string (with or without the leading `?`). Never fails: bad
/// parts are skipped and described in [`Opened::problems`].
pub fn decode(query: &str) -> Opened {
    let mut problems = Vec::new();
    let mut shared = Shared::default();
    let mut size = 9u8;
    let mut walls = 10u8;
    let mut moves = String::new();
    let mut view = None;
    let query = query.strip_prefix('?').unwrap_or(query);
    let mut engine = shared.engine.clone();
    for pair in query.split('&').filter(|p| !p.is_empty()) {
        let (key, value) = pair.split_once('=').unwrap_or((pair, ""));
        let (key, value) = (unescape(key), unescape(value));
        let value = value.trim();
        let number = |problems: &mut Vec<String>, what: &str| -> Option<u8> {
            let n = value.parse::<u8>().ok();
            if n.is_none() {
                problems.push(format!("{what} must be a whole number, got {value:?}"));
            }
            n
        };
        match key.as_str() {
            "v" => {
                if value != VERSION.to_string() {
                    problems.push(format!(
                        "link version {value:?} is not known (this page reads version {VERSION})"
                    ));
                }
            }
            "size" => size = number(&mut problems, "size").unwrap_or(size),
            "walls" => walls = number(&mut problems, "walls").unwrap_or(walls),
            "moves" => moves = value.replace(['.', ',', '+', '_'], " "),
            "view" => match value.parse::<usize>() {
                Ok(n) => view = Some(n),
                Err(_) => problems.push(format!("view must be a move number, got {value:?}")),
            },
            "p1" | "p2" => {
                let seat = match value.to_ascii_lowercase().as_str() {
                    "human" => Some(Seat::Human),
                    "engine" => Some(Seat::Engine),
                    _ => None,
                };
                match seat {
                    Some(seat) => shared.seats[usize::from(key == "p2")] = seat,
                    None => problems.push(format!("{key} must be human or engine, got {value:?}")),
                }
            }
            "limit" => match value.to_ascii_lowercase().as_str() {
                "time" => engine.limit = Limit::Time,
                "playouts" => engine.limit = Limit::Playouts,
                _ => problems.push(format!("limit must be time or playouts, got {value:?}")),
            },
            name => {
                if let Err(e) = set_param(&mut engine.params, name, value) {
                    problems.push(e);
                }
            }
        }
    }
    shared.engine = engine;
    let variant = match Variant::new(size, walls) {
        Ok(v) => v,
        Err(e) => {
            problems.push(format!("{e}; opened a standard 9x9 game"));
            Variant::default()
        }
    };
    let (game, error) = Game::parse_prefix(&moves, variant);
    if let Some(error) = error {
        let kept = game.moves().len();
        problems.push(format!(
            "{error}; opened the game after its first {kept} move{}",
            if kept == 1 { "" } else { "s" }
        ));
    }
    if let Some(n) = view {
        if n > game.moves().len() {
            problems.push(format!(
                "view {n} is past the end of the game ({} moves); showing the latest position",
                game.moves().len()
            ));
            view = None;
        } else if n == game.moves().len() {
            view = None;
        }
    }
    shared.game = game;
    shared.view = view;
    Opened { shared, problems }
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

/// Undoes percent-encoding and `+` for space; bad escapes are kept as text.
fn unescape(text: &str) -> String {
    let bytes = text.as_bytes();
    let mut out = Vec::with_capacity(bytes.len());
    let mut i = 0;
    while i < bytes.len() {
        match bytes[i] {
            b'+' => out.push(b' '),
            b'%' => {
                let hex = text
                    .get(i + 1..i + 3)
                    .and_then(|h| u8::from_str_radix(h, 16).ok());
                match hex {
                    Some(b) => {
                        out.push(b);
                        i += 2;
                    }
                    None => out.push(b'%'),
                }
            }
            b => out.push(b),
        }
        i += 1;
    }
    String::from_utf8_lossy(&out).into_owned()
}

#[cfg(test)]
mod tests {
    use super::*;

    fn sample() -> Shared {
        let mut shared = Shared {
            game: Game::parse_with_variant("c2 c4 b1v", Variant::new(5, 3).expect("5x5"))
                .expect("legal"),
            view: Some(2),
            seats: [Seat::Engine, Seat::Human],
            ..Shared::default()
        };
        shared.engine.params.uct_c = 0.05;
        shared.engine.params.smart_playouts = true;
        shared.engine.limit = Limit::Playouts;
        shared
    }

    #[test]
    fn a_link_reads_back_to_the_same_state() {
        let shared = sample();
        let text = encode(&shared);
        assert!(text.starts_with("v=1&size=5&walls=3&moves=c2.c4.b1v&view=2"));
        assert!(text.contains("uct_c=0.05"));
        let opened = decode(&format!("?{text}"));
        assert_eq!(opened.problems, Vec::<String>::new());
        assert_eq!(opened.shared, shared);
    }

    #[test]
    fn an_empty_link_is_the_first_visit_game() {
        let opened = decode("");
        assert!(opened.problems.is_empty());
        assert_eq!(opened.shared, Shared::default());
        assert_eq!(opened.shared.engine.effective().time_ms, 2000);
        assert_eq!(opened.shared.engine.effective().playouts, 0);
    }

    #[test]
    fn a_bad_move_opens_the_longest_valid_prefix() {
        let opened = decode("v=1&moves=e2.e8.e9x.e3");
        assert_eq!(opened.shared.game.to_string(), "e2 e8");
        assert_eq!(opened.problems.len(), 1);
        assert!(
            opened.problems[0].contains("move 3"),
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
    fn every_option_round_trips_through_its_text() {
        let p = SearchParams::thesis_fixed_point();
        for name in OPTION_NAMES {
            let mut q = SearchParams::default();
            let value = param_value(&p, name).expect("known option");
            set_param(&mut q, name, &value).expect("its own text reads back");
            assert_eq!(param_value(&q, name), Some(value), "{name}");
        }
    }
}
