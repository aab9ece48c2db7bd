//! Who plays each side and the engine settings the page keeps: both
//! limits, which one applies and which engine each side uses.

use crate::game::Player;
use crate::search::{EngineConfig, EngineKind, EngineOption, LimitKind, SearchParams, MAX_THREADS};
use crate::text::spelled;

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
    /// Every engine parameter (the engine of each side is `engines`).
    pub params: SearchParams,
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
        EngineSettings::from_preset(SearchParams::default())
    }
}

/// The time slider's value when a preset sets no time limit, in ms.
const SPARE_TIME_MS: u64 = 2000;
/// The playout slider's value when a preset sets no playout limit.
const SPARE_PLAYOUTS: u64 = 20_000;

impl EngineSettings {
    /// A preset: its limit is the one it sets; the other slider gets a
    /// sensible value.
    pub fn from_preset(mut params: SearchParams) -> Self {
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
            limit,
            engines: [EngineKind::Uct; 2],
        }
    }

    /// A preset's parameters with this settings' engine choice and thread
    /// count kept (threads fit the machine, not the strength).
    pub fn preset_keeping_engines(&self, params: SearchParams) -> Self {
        let mut next = EngineSettings::from_preset(params);
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

    /// The parameters sent to the engine: only the chosen limit is set.
    pub fn effective(&self) -> SearchParams {
        SearchParams {
            limits: self.params.limits.only(self.limit),
            ..self.params.clone()
        }
    }

    /// Option `option`'s value in these settings, as text. The engine
    /// choice reads as UCT here: each side's engine is in `engines`.
    pub fn option_value(&self, option: &EngineOption) -> String {
        option.value(&EngineConfig::uct(self.params.clone()))
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

    /// These settings with both sides using `kind`.
    pub fn with_both_engines(&self, kind: EngineKind) -> Self {
        EngineSettings {
            engines: [kind; 2],
            ..self.clone()
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

#[cfg(test)]
mod tests {
    use super::*;

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
        let easy = settings.preset_keeping_engines(crate::search::Preset::Easy.params());
        assert_eq!(easy.params.threads, 4);
        assert_eq!(easy.params.limits.playouts_or_zero(), 300);
        assert_eq!(settings.with_threads(99).params.threads, MAX_THREADS);
        assert_eq!(settings.with_threads(0).params.threads, 1);
    }
}
