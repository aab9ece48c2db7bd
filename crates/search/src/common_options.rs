//! The options every engine reads: the limits, the slope, the pawn-race
//! table, the move choice, the seed and threads, one entry per
//! [`SearchParams`] field, for any settings type that holds one. The option
//! table (`crate::OPTIONS`) takes them in its protocol order.

use super::limits::LimitKind;
use super::option_kind::{EngineOption, NumberRange, OptionKind, Shown};
use super::params::{SearchParams, MAX_THREADS};

/// The largest playout count, time in ms and seed the options accept.
const U32_MAX: u64 = u32::MAX as u64;

/// The common options, reading and writing the [`SearchParams`] of settings
/// `C`.
///
/// ```
/// use quoridor_search::{common_options, Limits, SearchParams};
/// let options = common_options::<SearchParams>();
/// let mut params = SearchParams::default();
/// let playouts = options.iter().find(|o| o.name == "playouts").unwrap();
/// playouts.set(&mut params, "500").unwrap();
/// assert_eq!(params.limits, Limits::time_ms(2000).and_playouts(500));
/// ```
#[rustfmt::skip]
pub fn common_options<C: AsRef<SearchParams> + AsMut<SearchParams>>() -> Vec<EngineOption<C>> {
    vec![
    EngineOption {
        name: "playouts",
        label: "Playouts",
        doc: "Playouts per move; 0 = no playout limit (with a time limit too, the first reached ends the think)",
        shown: Shown::LimitSlider(LimitKind::Playouts),
        kind: OptionKind::Spin { min: 0, max: U32_MAX, get: |p| p.as_ref().limits.playouts_or_zero(), set: |p, n| p.as_mut().limits = p.as_mut().limits.and_playouts(n) },
    },
    EngineOption {
        name: "time_ms",
        label: "Time per move (ms)",
        doc: "Thinking time per move in milliseconds; 0 = no time limit",
        shown: Shown::LimitSlider(LimitKind::Time),
        kind: OptionKind::Spin { min: 0, max: U32_MAX, get: |p| p.as_ref().limits.time_ms_or_zero(), set: |p, ms| p.as_mut().limits = p.as_mut().limits.and_time_ms(ms) },
    },
    EngineOption {
        name: "score_slope",
        label: "Score slope",
        doc: "Steepness of atan(slope·E) that turns the evaluation into a win probability (thesis 0.3, best 0.5)",
        shown: Shown::Panel,
        kind: OptionKind::Number { range: NumberRange::above(0.0), get: |p| p.as_ref().score_slope, set: |p, x| p.as_mut().score_slope = x },
    },
    EngineOption {
        name: "pawn_race",
        label: "Solve wall-less endgames",
        doc: "Once neither side has a wall left, an exact table of the pawn race proves won and lost positions and finds drawn face-offs",
        shown: Shown::Panel,
        kind: OptionKind::Check { get: |p| p.as_ref().pawn_race, set: |p, on| p.as_mut().pawn_race = on },
    },
    EngineOption {
        name: "temperature",
        label: "Temperature",
        doc: "0: play the search's best move; above 0: draw the move among the plausible candidates, a move d below the best in win probability exp(-d/T) times as often (how the weak levels err)",
        shown: Shown::Panel,
        kind: OptionKind::Number { range: NumberRange::between(0.0, 1.0), get: |p| p.as_ref().choice.temperature, set: |p, x| p.as_mut().choice.temperature = x },
    },
    EngineOption {
        name: "choice_margin",
        label: "Choice margin",
        doc: "With a temperature: only moves within this of the best's win probability (and searched at least 1/20 as often) are candidates (0–1)",
        shown: Shown::Panel,
        kind: OptionKind::Number { range: NumberRange::between(0.0, 1.0), get: |p| p.as_ref().choice.margin, set: |p, x| p.as_mut().choice.margin = x },
    },
    EngineOption {
        name: "book",
        label: "Opening book",
        doc: "Play a move of the engines' opening book (made by the Default preset's long searches) while the game is in it, drawn by its share of the visits with the seed, without searching; off by default",
        // The page's worker has no book (the engines crate's
        // `OpeningBook::embedded`): the switch would do nothing there.
        shown: Shown::Hidden,
        kind: OptionKind::Check { get: |p| p.as_ref().book, set: |p, on| p.as_mut().book = on },
    },
    EngineOption {
        name: "seed",
        label: "Seed",
        doc: "Random seed: the same seed, position and playout limit give the same search",
        shown: Shown::Hidden,
        kind: OptionKind::Spin { min: 0, max: U32_MAX, get: |p| p.as_ref().seed, set: |p, n| p.as_mut().seed = n },
    },
    EngineOption {
        name: "threads",
        label: "Threads",
        doc: "UCT search threads: natively they share one tree (with virtual loss); in the page, engine workers, each with its own tree, seed and share of the node budget, merged at the root; native default 1, the page's default hardware concurrency - 1 (1 to 16); alpha-beta natively searches the root on that many threads sharing its hash table (lazy SMP), in the page on one worker",
        shown: Shown::Threads,
        kind: OptionKind::Spin { min: 1, max: MAX_THREADS as u64, get: |p| u64::from(p.as_ref().threads), set: |p, n| p.as_mut().threads = u32::try_from(n).unwrap_or(MAX_THREADS) },
    },
    ]
}
