//! Who plays each side and the engine settings the page keeps: both
//! limits, which one applies and which engine each side uses, and the level
//! of the ladder they stand for, if any.

use std::fmt;

use quoridor_engines::{
    AlphaBetaParams, ConfigOption, EngineConfig, EngineKind, Level, LimitKind, Preset,
    SearchParams, UctParams, MAX_THREADS,
};
use quoridor_rules::Player;
use quoridor_text::spelled;

/// Who plays a side.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Seat {
    /// A person at this screen.
    Human,
    /// The engine in the worker.
    Engine,
}

spelled!(Seat {
    Human => "human",
    Engine => "engine",
});

/// The engine settings the page keeps: all parameters (both limits kept, so
/// the sliders remember them), which limit applies and which engine each
/// side uses. Both engines share the limit; each reads its own parameters.
#[derive(Clone, Debug, PartialEq)]
pub struct EngineSettings {
    /// The settings every engine reads (the engine of each side is `engines`).
    pub params: SearchParams,
    /// The UCT engine's own settings.
    pub uct: UctParams,
    /// The alpha-beta engine's own settings.
    pub alphabeta: AlphaBetaParams,
    /// The limit that applies.
    pub limit: LimitKind,
    /// The engine of each side, indexed by [`Player::index`]: it plays that
    /// side's engine moves and analyses positions where that side is to move.
    pub engines: [EngineKind; 2],
}

impl Default for EngineSettings {
    /// The Default preset at 2 s per move, with 20,000 playouts ready on the
    /// other slider.
    fn default() -> Self {
        EngineSettings::from_preset(EngineConfig::default())
    }
}

/// The time slider's value when a preset sets no time limit, in ms.
const SPARE_TIME_MS: u64 = 2000;
/// The playout slider's value when a preset sets no playout limit.
const SPARE_PLAYOUTS: u64 = 20_000;

impl EngineSettings {
    /// A preset: its limit is the one it sets; the other slider gets a
    /// sensible value.
    pub fn from_preset(config: EngineConfig) -> Self {
        let EngineConfig {
            mut params,
            uct,
            alphabeta,
            ..
        } = config;
        let limit = if params.limits.time.is_some() {
            LimitKind::Time
        } else {
            LimitKind::Playouts
        };
        if params.limits.time.is_none() {
            params.limits = params.limits.and_time_ms(SPARE_TIME_MS);
        }
        if params.limits.playouts.is_none() {
            params.limits = params.limits.and_playouts(SPARE_PLAYOUTS);
        }
        EngineSettings {
            params,
            uct,
            alphabeta,
            limit,
            engines: [EngineKind::Uct; 2],
        }
    }

    /// A preset's settings with this settings' engine choice and thread
    /// count kept (threads fit the machine, not the strength).
    pub fn preset_keeping_engines(&self, config: EngineConfig) -> Self {
        let mut next = EngineSettings::from_preset(config);
        next.engines = self.engines;
        next.params.threads = self.params.threads;
        next
    }

    /// These settings with `threads` engine workers (option `threads`).
    pub fn with_threads(&self, threads: u32) -> Self {
        let mut next = self.clone();
        next.params.threads = threads.clamp(1, MAX_THREADS);
        next
    }

    /// The parameters sent to the engine: only the chosen limit is set,
    /// except that a level's playout budget keeps its time as a cap
    /// ([`quoridor_engines::LEVEL_TIME_CAP_MS`], for slow devices).
    pub fn effective(&self) -> SearchParams {
        let capped = self.params.level.is_some() && self.limit == LimitKind::Playouts;
        SearchParams {
            limits: if capped {
                self.params.limits
            } else {
                self.params.limits.only(self.limit)
            },
            ..self.params.clone()
        }
    }

    /// What engine `kind` searches with: the settings sent to the engine
    /// ([`EngineSettings::effective`]) and that engine's own part.
    pub fn config_for(&self, kind: EngineKind) -> EngineConfig {
        EngineConfig {
            kind,
            params: self.effective(),
            uct: self.uct.clone(),
            alphabeta: self.alphabeta.clone(),
        }
    }

    /// These settings as the option table reads them (both limits kept).
    /// The engine choice reads as UCT here: each side's engine is in
    /// `engines`.
    pub fn as_config(&self) -> EngineConfig {
        EngineConfig {
            kind: EngineKind::Uct,
            params: self.params.clone(),
            uct: self.uct.clone(),
            alphabeta: self.alphabeta.clone(),
        }
    }

    /// Takes the settings of `config` (not its engine choice: each side's
    /// engine is in `engines`).
    pub fn take_config(&mut self, config: EngineConfig) {
        self.params = config.params;
        self.uct = config.uct;
        self.alphabeta = config.alphabeta;
    }

    /// Option `option`'s value in these settings, as text.
    pub fn option_value(&self, option: &ConfigOption) -> String {
        option.value(&self.as_config())
    }

    /// The engine `player`'s side uses.
    pub fn engine_of(&self, player: Player) -> EngineKind {
        self.engines[player.index()]
    }

    /// These settings with `player`'s side using `kind`.
    pub fn with_engine(&self, player: Player, kind: EngineKind) -> Self {
        let mut next = self.clone();
        next.engines[player.index()] = kind;
        next
    }

    /// These settings for a game with the seats swapped (a rematch): each
    /// side's engine goes with the seat that played it.
    pub fn swapped_sides(&self) -> Self {
        let [one, two] = self.engines;
        EngineSettings {
            engines: [two, one],
            ..self.clone()
        }
    }

    /// These settings with both sides using `kind`.
    pub fn with_both_engines(&self, kind: EngineKind) -> Self {
        EngineSettings {
            engines: [kind; 2],
            ..self.clone()
        }
    }
}

/// How soon a level replies, said for a player: levels search a fixed
/// number of playouts, and a desktop browser runs about 150,000 a second
/// on one worker (docs/levels.md), a phone a few times fewer.
///
/// ```
/// use quoridor_engines::Level;
/// use quoridor_page::model::settings::reply_speed;
/// let first = Level::get(1).unwrap();
/// assert_eq!(reply_speed(first), "replies at once");
/// let top = Level::get(10).unwrap();
/// assert_eq!(reply_speed(top), "thinks a few seconds a move");
/// ```
pub fn reply_speed(level: &Level) -> &'static str {
    match level.playouts {
        0..5_000 => "replies at once",
        5_000..60_000 => "replies in under a second",
        60_000..200_000 => "replies in about a second",
        _ => "thinks a few seconds a move",
    }
}

/// The level a first visit plays against: the middle of the ladder.
pub const FIRST_VISIT_LEVEL: u8 = 5;

/// Who the engine is in a new game: a level of the ladder, or the engine
/// panel's own settings.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Opponent {
    /// Level `n` (1–10) of [`quoridor_engines::LEVELS`].
    Level(u8),
    /// The engine panel's settings, sliders and toggles.
    Custom,
}

/// The level some settings came from, as the page labels it.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct LevelInPlay {
    /// The level.
    pub level: &'static Level,
    /// A setting was changed since the level was chosen (the label is kept,
    /// as the engine protocol keeps it; the record counts only the level's
    /// own settings).
    pub customised: bool,
}

impl fmt::Display for LevelInPlay {
    /// `Level 5 · Tactician`, or `Level 5 · Tactician, customised`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "Level {} · {}", self.level.number, self.level.name)?;
        if self.customised {
            f.write_str(", customised")?;
        }
        Ok(())
    }
}

/// A level's rating as the page shows it: `Elo 1234`, or "rating pending"
/// until the ladder is rated. The interval is in [`rating_title`]: it is
/// against the random mover, which level 1 beats every game, so it is wide
/// and says little about the levels' distances from each other.
pub fn rating_text(level: &Level) -> String {
    match level.rating {
        Some((elo, _)) => format!("Elo {elo}"),
        None => "rating pending".into(),
    }
}

/// The rating's tooltip: its 95% interval and what it is measured from.
pub fn rating_title(level: &Level) -> String {
    match level.rating {
        Some((_, half_width)) => format!(
            "95% interval ± {half_width} against the random mover (Elo 0); neighbouring levels are about ± 75 apart (docs/levels.md)"
        ),
        None => "the ladder's matches for this level are still being played".into(),
    }
}

impl EngineSettings {
    /// `level`'s settings ([`Level::config`]: UCT on both sides, its playout
    /// budget with a time cap, its way of erring, one worker so that a seed
    /// gives the same game), limited by playouts.
    pub fn at_level(level: &Level) -> Self {
        let config = level.config();
        EngineSettings {
            params: config.params,
            uct: config.uct,
            alphabeta: config.alphabeta,
            limit: LimitKind::Playouts,
            engines: [EngineKind::Uct; 2],
        }
    }

    /// The level these settings came from (option `level`), and whether
    /// they were changed since; the seed is no change (each game against a
    /// level has its own).
    pub fn level(&self) -> Option<LevelInPlay> {
        let level = Level::get(self.params.level?)?;
        let mut own = EngineSettings::at_level(level);
        own.params.seed = self.params.seed;
        Some(LevelInPlay {
            level,
            customised: own != *self,
        })
    }

    /// The level these settings are exactly (not customised), if any.
    pub fn exact_level(&self) -> Option<&'static Level> {
        self.level().filter(|l| !l.customised).map(|l| l.level)
    }

    /// The settings of a new game against `opponent`, with `engines` for
    /// custom settings (a level is UCT). "Custom" keeps these settings,
    /// except that settings exactly at a level give way to the Default
    /// preset with `threads` workers (the machine's default): the full
    /// engine, as before a level was chosen.
    pub fn for_opponent(&self, opponent: Opponent, engines: [EngineKind; 2], threads: u32) -> Self {
        if let Opponent::Level(n) = opponent {
            if let Some(level) = Level::get(n) {
                return EngineSettings::at_level(level);
            }
        }
        let mut next = if self.exact_level().is_some() {
            EngineSettings::from_preset(Preset::Default.config()).with_threads(threads)
        } else {
            self.clone()
        };
        next.engines = engines;
        next
    }

    /// These settings for a new game seeded by `seed`. A level plays a whole
    /// game with one seed, so that the game's link replays its choices, and
    /// each new game draws its own so that games vary; custom settings keep
    /// theirs (the Default's seed: a fresh one for every move).
    pub fn for_new_game(&self, seed: u64) -> Self {
        let mut next = self.clone();
        if next.params.level.is_some() {
            let unset = SearchParams::default().seed;
            next.params.seed = if seed == unset { seed + 1 } else { seed };
        }
        next
    }

    /// These settings for an opened game (a link, the saved game): a level
    /// without a seed of its own gets `seed` as a new game does.
    pub fn for_opened_game(&self, seed: u64) -> Self {
        if self.params.seed == SearchParams::default().seed {
            self.for_new_game(seed)
        } else {
            self.clone()
        }
    }
}

/// The page's default for option `threads` on a machine with
/// `hardware_concurrency` logical cores (`navigator.hardwareConcurrency`):
/// one core is left to the page, at least 1 and at most [`MAX_THREADS`]
/// workers. (The protocol's default stays 1: the arena runs games in parallel.)
pub fn default_threads(hardware_concurrency: u32) -> u32 {
    hardware_concurrency.saturating_sub(1).clamp(1, MAX_THREADS)
}

/// The wall stocks the new-game dialog offers on a board of `size`: 0 up
/// to the rules' most, but no more than fit on the board. Each of the
/// `(size − 1)²` wall centres holds at most one wall, so a larger stock
/// plays exactly as that many (docs/solved.md: 3×3 with 4 walls each and
/// with more are one table).
pub fn wall_choices(size: u8) -> std::ops::RangeInclusive<u8> {
    let centres = u16::from(size.saturating_sub(1)).pow(2);
    let most = centres.min(u16::from(quoridor_rules::MAX_WALLS));
    0..=u8::try_from(most).unwrap_or(quoridor_rules::MAX_WALLS)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_wall_stocks_offered_stop_where_more_would_change_nothing() {
        assert_eq!(wall_choices(3), 0..=4);
        assert_eq!(wall_choices(4), 0..=9);
        assert_eq!(wall_choices(5), 0..=16);
        assert_eq!(wall_choices(9), 0..=20);
        assert_eq!(wall_choices(11), 0..=20);
    }

    #[test]
    fn the_default_thread_count_leaves_a_core_to_the_page() {
        assert_eq!(default_threads(0), 1);
        assert_eq!(default_threads(1), 1);
        assert_eq!(default_threads(2), 1);
        assert_eq!(default_threads(8), 7);
        assert_eq!(default_threads(64), MAX_THREADS);
    }

    #[test]
    fn a_preset_keeps_the_thread_count() {
        let settings = EngineSettings::default().with_threads(4);
        let easy = settings.preset_keeping_engines(quoridor_engines::Preset::Easy.config());
        assert_eq!(easy.params.threads, 4);
        assert_eq!(easy.params.limits.playouts_or_zero(), 300);
        assert_eq!(settings.with_threads(99).params.threads, MAX_THREADS);
        assert_eq!(settings.with_threads(0).params.threads, 1);
    }

    fn level(n: u8) -> &'static Level {
        Level::get(n).expect("a level")
    }

    #[test]
    fn a_level_is_labelled_and_any_change_but_the_seed_customises_it() {
        let five = EngineSettings::at_level(level(5));
        assert_eq!(five.params.threads, 1);
        assert_eq!(five.engines, [EngineKind::Uct; 2]);
        assert_eq!(
            five.level().expect("level 5").to_string(),
            "Level 5 · Tactician"
        );
        assert_eq!(five.exact_level().map(|l| l.number), Some(5));
        assert_eq!(
            five.for_new_game(99).exact_level().map(|l| l.number),
            Some(5)
        );
        let mut changed = five.clone();
        changed.uct.uct_c = 0.3;
        let label = changed.level().expect("still labelled");
        assert!(label.customised);
        assert_eq!(label.to_string(), "Level 5 · Tactician, customised");
        assert_eq!(changed.exact_level(), None);
        for other in [
            five.with_threads(4),
            five.with_engine(Player::Two, EngineKind::AlphaBeta),
            EngineSettings {
                limit: LimitKind::Time,
                ..five.clone()
            },
        ] {
            assert!(other.level().expect("labelled").customised, "{other:?}");
        }
        assert_eq!(EngineSettings::default().level(), None);
    }

    #[test]
    fn a_rating_shows_its_elo_with_the_interval_in_its_title_or_that_it_is_pending() {
        let rated = Level {
            rating: Some((1234, 56)),
            ..*level(4)
        };
        assert_eq!(rating_text(&rated), "Elo 1234");
        assert!(rating_title(&rated).starts_with("95% interval ± 56 against the random mover"));
        let pending = Level {
            rating: None,
            ..*level(4)
        };
        assert_eq!(rating_text(&pending), "rating pending");
    }

    #[test]
    fn a_level_keeps_its_time_cap_beside_its_playout_budget() {
        let one = EngineSettings::at_level(level(1));
        let limits = one.effective().limits;
        assert_eq!(limits.playouts_or_zero(), 10);
        assert_eq!(
            limits.time_ms_or_zero(),
            quoridor_engines::LEVEL_TIME_CAP_MS
        );
        let timed = EngineSettings {
            limit: LimitKind::Time,
            ..one
        };
        assert_eq!(timed.effective().limits.playouts, None);
        // Custom settings send only the chosen limit, as before.
        assert_eq!(EngineSettings::default().effective().limits.playouts, None);
    }

    #[test]
    fn a_new_game_against_a_level_draws_its_seed_and_custom_settings_keep_theirs() {
        let five = EngineSettings::at_level(level(5));
        assert_eq!(five.for_new_game(1234).params.seed, 1234);
        assert_ne!(
            five.for_new_game(1).params.seed,
            SearchParams::default().seed
        );
        let seeded = five.for_new_game(1234);
        assert_eq!(
            seeded.for_opened_game(77).params.seed,
            1234,
            "a link's seed is kept"
        );
        assert_eq!(five.for_opened_game(77).params.seed, 77);
        let custom = EngineSettings::default();
        assert_eq!(custom.for_new_game(1234), custom);
        assert_eq!(custom.for_opened_game(1234), custom);
    }

    #[test]
    fn custom_after_a_level_is_the_full_engine_and_otherwise_keeps_the_panel() {
        let engines = [EngineKind::Uct, EngineKind::AlphaBeta];
        let five = EngineSettings::at_level(level(5));
        let custom = five.for_opponent(Opponent::Custom, engines, 3);
        let full = EngineSettings::default().with_threads(3);
        assert_eq!(custom, full.with_engine(Player::Two, EngineKind::AlphaBeta));
        assert_eq!(custom.level(), None);
        let mut tuned = EngineSettings::default().with_threads(2);
        tuned.uct.uct_c = 0.3;
        let kept = tuned.for_opponent(Opponent::Custom, engines, 3);
        assert_eq!(kept.params, tuned.params);
        assert_eq!(kept.engines, engines);
        let two = tuned.for_opponent(Opponent::Level(2), engines, 3);
        assert_eq!(two, EngineSettings::at_level(level(2)));
        // A level that does not exist is no level.
        assert_eq!(
            tuned.for_opponent(Opponent::Level(11), engines, 3).params,
            tuned.params
        );
    }
}
