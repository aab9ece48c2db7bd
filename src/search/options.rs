//! Engine options: one table, [`OPTIONS`], with every [`EngineConfig`] field
//! (the engine kind and every [`crate::search::SearchParams`] setting)
//! written once — its name, kind and accepted values, label, doc line, getter
//! and setter. The engine protocol (`uci` option lines, `setoption`), share
//! links, the arena's `--a`/`--b` specs and the web app's engine panel all
//! read it. Defaults are not written here: they are the Default preset's
//! values, read through the getters. The protocol-level options that are not
//! one field (`board_size`, `walls`, `ply_limit`, `preset`) are the small
//! [`SetupOption`] table next to it.
//!
//! ```
//! use quoridor::search::{option_value, set_option, EngineConfig};
//! let mut p = EngineConfig::default();
//! set_option(&mut p, "uct_c", "0.3").unwrap();
//! assert_eq!(option_value(&p, "uct_c").as_deref(), Some("0.3"));
//! let err = set_option(&mut p, "uct_c", "lots").unwrap_err();
//! assert_eq!(err.to_string(), "option uct_c needs a number of at least 0, got \"lots\"");
//! ```

use super::engine::EngineConfig;
use super::engine::EngineKind;
use super::eval::Evaluation;
use super::levels::Level;
use super::limits::LimitKind;
use super::option_kind::{EngineOption, NumberRange, OptionError, OptionKind, Refusal, Shown};
use super::params::MAX_THREADS;
use super::setup_options::{parse_preset, GameSetup, SetupOption};
use super::uct::{FinalMove, PlayoutPolicy, MAX_TREE_MB};
use crate::text::Choice;

/// The largest playout count, time in ms and seed the options accept.
const U32_MAX: u64 = u32::MAX as u64;

/// Every engine option, in the order the protocol, links and the engine panel
/// list them. (Kept one entry per few lines, as a table.)
#[rustfmt::skip]
pub static OPTIONS: [EngineOption; 49] = [
    EngineOption {
        name: "level",
        label: "Level",
        doc: "A level of the ladder, 1 (weakest) to 10 (the full engine): replaces every engine option with the level's settings (docs/levels.md); off: settings of one's own",
        shown: Shown::Hidden,
        kind: OptionKind::Combo { values: &LEVEL_VALUES, get: level_value, set: set_level },
    },
    EngineOption {
        name: "playouts",
        label: "Playouts",
        doc: "Playouts per move; 0 = no playout limit (with a time limit too, the first reached ends the think)",
        shown: Shown::LimitSlider(LimitKind::Playouts),
        kind: OptionKind::Spin { min: 0, max: U32_MAX, get: |p| p.params.limits.playouts_or_zero(), set: |p, n| p.params.limits = p.params.limits.and_playouts(n) },
    },
    EngineOption {
        name: "time_ms",
        label: "Time per move (ms)",
        doc: "Thinking time per move in milliseconds; 0 = no time limit",
        shown: Shown::LimitSlider(LimitKind::Time),
        kind: OptionKind::Spin { min: 0, max: U32_MAX, get: |p| p.params.limits.time_ms_or_zero(), set: |p, ms| p.params.limits = p.params.limits.and_time_ms(ms) },
    },
    EngineOption {
        name: "uct_c",
        label: "C (exploration)",
        doc: "UCT constant: higher tries more moves, lower digs deeper into the best ones (thesis 0.1, best 0.05)",
        shown: Shown::Panel,
        kind: OptionKind::Number { range: NumberRange::at_least(0.0), get: |p| p.params.uct.uct_c, set: |p, x| p.params.uct.uct_c = x },
    },
    EngineOption {
        name: "max_playout_moves",
        label: "maxd (playout length)",
        doc: "Random moves per playout before the position is scored; 'unlimited' plays to the end (thesis 2, best 5)",
        shown: Shown::Panel,
        kind: OptionKind::WholeOr { none: "unlimited", get: |p| p.params.uct.max_playout_moves, set: |p, n| p.params.uct.max_playout_moves = n },
    },
    EngineOption {
        name: "wall_weight",
        label: "Wall weight",
        doc: "How much a wall in stock is worth against one step of path length when scoring (thesis 1, best 0.25)",
        shown: Shown::Panel,
        kind: OptionKind::Number { range: NumberRange::ANY, get: |p| p.params.uct.wall_weight, set: |p, x| p.params.uct.wall_weight = x },
    },
    EngineOption {
        name: "score_slope",
        label: "Score slope",
        doc: "Steepness of atan(slope·E) that turns the evaluation into a win probability (thesis 0.3, best 0.5)",
        shown: Shown::Panel,
        kind: OptionKind::Number { range: NumberRange::above(0.0), get: |p| p.params.score_slope, set: |p, x| p.params.score_slope = x },
    },
    EngineOption {
        name: "skip_from_depth",
        label: "Skip nodes from depth",
        doc: "From this tree depth on, half of the descents go into an existing child instead of creating a new one; 'off' disables",
        shown: Shown::Panel,
        kind: OptionKind::WholeOr { none: "off", get: |p| p.params.uct.skip_from_depth, set: |p, n| p.params.uct.skip_from_depth = n },
    },
    EngineOption {
        name: "smart_playouts",
        label: "Smart playouts",
        doc: "Every second playout move of each player is a shortest-path pawn step",
        shown: Shown::Panel,
        kind: OptionKind::Check { get: |p| p.params.uct.smart_playouts, set: |p, on| p.params.uct.smart_playouts = on },
    },
    EngineOption {
        name: "remember_overlapping_walls",
        label: "Remember overlapping walls",
        doc: "Walls that overlap placed walls are never drawn again",
        shown: Shown::Panel,
        kind: OptionKind::Check { get: |p| p.params.uct.remember_overlapping_walls, set: |p, on| p.params.uct.remember_overlapping_walls = on },
    },
    EngineOption {
        name: "remember_blocking_walls",
        label: "Remember blocking walls",
        doc: "Walls found to cut a pawn off are not tried again while that pawn stays shut in",
        shown: Shown::Panel,
        kind: OptionKind::Check { get: |p| p.params.uct.remember_blocking_walls, set: |p, on| p.params.uct.remember_blocking_walls = on },
    },
    EngineOption {
        name: "losing_move_detection",
        label: "Losing-move detection",
        doc: "Moves that let the opponent win at once are removed from the tree",
        shown: Shown::Panel,
        kind: OptionKind::Check { get: |p| p.params.uct.losing_move_detection, set: |p, on| p.params.uct.losing_move_detection = on },
    },
    EngineOption {
        name: "tree_reuse",
        label: "Tree reuse",
        doc: "Keep the searched subtree of the moves actually played for the next move",
        shown: Shown::Panel,
        kind: OptionKind::Check { get: |p| p.params.uct.tree_reuse, set: |p, on| p.params.uct.tree_reuse = on },
    },
    EngineOption {
        name: "solver",
        label: "Solver",
        doc: "Prove wins and losses in the tree, play proven wins at once and avoid proven losses",
        shown: Shown::Panel,
        kind: OptionKind::Check { get: |p| p.params.uct.solver, set: |p, on| p.params.uct.solver = on },
    },
    EngineOption {
        name: "playout_policy",
        label: "Playout policy",
        doc: "uniform: random legal moves (thesis); shortest_path: pawns follow a shortest path, walls go on the opponent's",
        shown: Shown::Panel,
        kind: OptionKind::Combo { values: PlayoutPolicy::NAMES, get: |p| p.params.uct.playout_policy.name(), set: |p, v| { p.params.uct.playout_policy = v.parse()?; Ok(()) } },
    },
    EngineOption {
        name: "path_bias",
        label: "Path bias",
        doc: "With shortest_path playouts: chance that a playout move is a pawn step rather than a wall (0–1)",
        shown: Shown::Panel,
        kind: OptionKind::Number { range: NumberRange::between(0.0, 1.0), get: |p| p.params.uct.path_bias, set: |p, x| p.params.uct.path_bias = x },
    },
    EngineOption {
        name: "near_walls_only",
        label: "Near walls only",
        doc: "Consider only walls that touch a shortest path or stand next to a pawn",
        shown: Shown::Panel,
        kind: OptionKind::Check { get: |p| p.params.uct.near_walls_only, set: |p, on| p.params.uct.near_walls_only = on },
    },
    EngineOption {
        name: "widening",
        label: "Progressive widening",
        doc: "0 = off (every move gets a child in turn, as in the thesis); above 0 a node visited v times keeps ceil(w·√(v+1)) children, the moves that change the race most first",
        shown: Shown::Panel,
        kind: OptionKind::Number { range: NumberRange::between(0.0, 100.0), get: |p| p.params.uct.widening, set: |p, x| p.params.uct.widening = x },
    },
    EngineOption {
        name: "tempo",
        label: "Tempo",
        doc: "Steps of path length the side to move is worth when a playout is scored (0 = the thesis's evaluation)",
        shown: Shown::Panel,
        kind: OptionKind::Number { range: NumberRange::between(0.0, 10.0), get: |p| p.params.uct.tempo, set: |p, x| p.params.uct.tempo = x },
    },
    EngineOption {
        name: "final_move",
        label: "Final move",
        doc: "most_visits: play the most searched move; best_winrate: the one with the best mean score",
        shown: Shown::Panel,
        kind: OptionKind::Combo { values: FinalMove::NAMES, get: |p| p.params.uct.final_move.name(), set: |p, v| { p.params.uct.final_move = v.parse()?; Ok(()) } },
    },
    EngineOption {
        name: "win_length_penalty",
        label: "Win length penalty",
        doc: "Quicker playout wins score higher, so won games get finished (0–0.1)",
        shown: Shown::Panel,
        kind: OptionKind::Number { range: NumberRange::between(0.0, 0.1), get: |p| p.params.uct.win_length_penalty, set: |p, x| p.params.uct.win_length_penalty = x },
    },
    EngineOption {
        name: "tie_break",
        label: "Tie-break by race",
        doc: "Among moves of equal result: the fastest win, and when every move loses the one that keeps the race closest",
        shown: Shown::Panel,
        kind: OptionKind::Check { get: |p| p.params.uct.tie_break, set: |p, on| p.params.uct.tie_break = on },
    },
    EngineOption {
        name: "pawn_race",
        label: "Solve wall-less endgames",
        doc: "Once neither side has a wall left, an exact table of the pawn race proves won and lost positions and finds drawn face-offs",
        shown: Shown::Panel,
        kind: OptionKind::Check { get: |p| p.params.pawn_race, set: |p, on| p.params.pawn_race = on },
    },
    EngineOption {
        name: "node_budget",
        label: "Node budget",
        doc: "Most tree nodes kept, all threads or workers together; when full the tree stops growing",
        shown: Shown::Panel,
        kind: OptionKind::Spin { min: 1, max: U32_MAX, get: |p| u64::from(p.params.uct.node_budget), set: |p, n| p.params.uct.node_budget = u32::try_from(n).unwrap_or(u32::MAX) },
    },
    EngineOption {
        name: "tree_mb",
        label: "Tree memory (MB)",
        doc: "Most memory the search trees hold, in MiB, all threads or workers together; when full the tree stops growing",
        shown: Shown::Panel,
        kind: OptionKind::Spin { min: 1, max: MAX_TREE_MB as u64, get: |p| u64::from(p.params.uct.tree_mb), set: |p, n| p.params.uct.tree_mb = u32::try_from(n).unwrap_or(u32::MAX) },
    },
    EngineOption {
        name: "eval",
        label: "Evaluation",
        doc: "How the engines score a position: auto (each engine's strongest in the matches: learned for both when the build has the network), classic (path lengths, walls in stock, tempo) or learned (the value network trained on self-play; 9x9 with 10 walls only, other boards keep classic)",
        shown: Shown::BothEnginesPanel,
        kind: OptionKind::Combo { values: Evaluation::NAMES, get: |p| p.params.eval.name(), set: set_eval },
    },
    EngineOption {
        name: "engine",
        label: "Engine",
        doc: "uct: Monte Carlo tree search; alphabeta: negamax with alpha-beta and the classic enhancements",
        shown: Shown::EngineChoice,
        kind: OptionKind::Combo { values: EngineKind::NAMES, get: |p| p.kind.name(), set: |p, v| { p.kind = v.parse()?; Ok(()) } },
    },
    EngineOption {
        name: "hash",
        label: "Hash (MB)",
        doc: "Alpha-beta: transposition table size in MiB",
        shown: Shown::AlphaBetaPanel,
        kind: OptionKind::Spin { min: 1, max: 1024, get: |p| u64::from(p.params.alphabeta.hash_mb), set: |p, n| p.params.alphabeta.hash_mb = u32::try_from(n).unwrap_or(1024) },
    },
    EngineOption {
        name: "ab_max_depth",
        label: "Max depth",
        doc: "Alpha-beta: deepest iteration in plies; 'unlimited' deepens until the time or node limit",
        shown: Shown::AlphaBetaPanel,
        kind: OptionKind::WholeOr { none: "unlimited", get: |p| p.params.alphabeta.max_depth, set: |p, n| p.params.alphabeta.max_depth = n },
    },
    EngineOption {
        name: "ab_tt",
        label: "Transposition table",
        doc: "Alpha-beta: remember searched positions (Zobrist keys) for cutoffs and the best move to try first",
        shown: Shown::AlphaBetaPanel,
        kind: OptionKind::Check { get: |p| p.params.alphabeta.tt, set: |p, on| p.params.alphabeta.tt = on },
    },
    EngineOption {
        name: "ab_pvs",
        label: "Principal variation search",
        doc: "Alpha-beta: search moves after the first with a null window, again in full only if they fail high",
        shown: Shown::AlphaBetaPanel,
        kind: OptionKind::Check { get: |p| p.params.alphabeta.pvs, set: |p, on| p.params.alphabeta.pvs = on },
    },
    EngineOption {
        name: "ab_aspiration",
        label: "Aspiration windows",
        doc: "Alpha-beta: search each iteration in a narrow window around the last score, wider on a fail",
        shown: Shown::AlphaBetaPanel,
        kind: OptionKind::Check { get: |p| p.params.alphabeta.aspiration, set: |p, on| p.params.alphabeta.aspiration = on },
    },
    EngineOption {
        name: "ab_aspiration_window",
        label: "Aspiration window (cp)",
        doc: "Alpha-beta: half width of the first aspiration window in centipawns (100 = a step of path)",
        shown: Shown::AlphaBetaPanel,
        kind: OptionKind::Spin { min: 1, max: 10_000, get: |p| u64::from(p.params.alphabeta.aspiration_window), set: |p, n| p.params.alphabeta.aspiration_window = u32::try_from(n).unwrap_or(10_000) },
    },
    EngineOption {
        name: "ab_killers",
        label: "Killer moves",
        doc: "Alpha-beta: try the two moves that last caused a cutoff at the same ply early",
        shown: Shown::AlphaBetaPanel,
        kind: OptionKind::Check { get: |p| p.params.alphabeta.killers, set: |p, on| p.params.alphabeta.killers = on },
    },
    EngineOption {
        name: "ab_history",
        label: "History heuristic",
        doc: "Alpha-beta: try moves that caused cutoffs anywhere in the search earlier",
        shown: Shown::AlphaBetaPanel,
        kind: OptionKind::Check { get: |p| p.params.alphabeta.history, set: |p, on| p.params.alphabeta.history = on },
    },
    EngineOption {
        name: "ab_ordering",
        label: "Race ordering",
        doc: "Alpha-beta: winning and path-shortening pawn steps first, then walls by how much they lengthen the opponent's path",
        shown: Shown::AlphaBetaPanel,
        kind: OptionKind::Check { get: |p| p.params.alphabeta.ordering, set: |p, on| p.params.alphabeta.ordering = on },
    },
    EngineOption {
        name: "ab_null_move",
        label: "Null-move pruning",
        doc: "Alpha-beta: if passing still fails high, cut the node (only when the side to move has walls: pawns can be in zugzwang)",
        shown: Shown::AlphaBetaPanel,
        kind: OptionKind::Check { get: |p| p.params.alphabeta.null_move, set: |p, on| p.params.alphabeta.null_move = on },
    },
    EngineOption {
        name: "ab_futility",
        label: "Futility pruning",
        doc: "Alpha-beta: one ply from the horizon, skip moves that do not change the race when the score is far below alpha",
        shown: Shown::AlphaBetaPanel,
        kind: OptionKind::Check { get: |p| p.params.alphabeta.futility, set: |p, on| p.params.alphabeta.futility = on },
    },
    EngineOption {
        name: "ab_futility_margin",
        label: "Futility margin (cp)",
        doc: "Alpha-beta: how far below alpha the static score must be for futility pruning, in centipawns",
        shown: Shown::AlphaBetaPanel,
        kind: OptionKind::Spin { min: 0, max: 10_000, get: |p| u64::from(p.params.alphabeta.futility_margin), set: |p, n| p.params.alphabeta.futility_margin = u32::try_from(n).unwrap_or(10_000) },
    },
    EngineOption {
        name: "ab_near_walls",
        label: "Near walls only",
        doc: "Alpha-beta: consider only walls on a shortest path of either pawn or next to a pawn",
        shown: Shown::AlphaBetaPanel,
        kind: OptionKind::Check { get: |p| p.params.alphabeta.near_walls, set: |p, on| p.params.alphabeta.near_walls = on },
    },
    EngineOption {
        name: "ab_quiescence",
        label: "Quiescence search",
        doc: "Alpha-beta: at the horizon, go on with path-lengthening walls and winning steps until the position is quiet",
        shown: Shown::AlphaBetaPanel,
        kind: OptionKind::Check { get: |p| p.params.alphabeta.quiescence, set: |p, on| p.params.alphabeta.quiescence = on },
    },
    EngineOption {
        name: "ab_goal_extension",
        label: "Goal extension",
        doc: "Alpha-beta: search one ply more at the horizon when a pawn is at most two steps from its goal",
        shown: Shown::AlphaBetaPanel,
        kind: OptionKind::Check { get: |p| p.params.alphabeta.goal_extension, set: |p, on| p.params.alphabeta.goal_extension = on },
    },
    EngineOption {
        name: "ab_exact_race",
        label: "Exact races",
        doc: "Alpha-beta: score a race the walls can no longer change as a win in N plies",
        shown: Shown::AlphaBetaPanel,
        kind: OptionKind::Check { get: |p| p.params.alphabeta.exact_race, set: |p, on| p.params.alphabeta.exact_race = on },
    },
    EngineOption {
        name: "ab_wall_weight",
        label: "Wall weight (cp)",
        doc: "Alpha-beta: centipawns per wall in stock (a step of path length is 100)",
        shown: Shown::AlphaBetaPanel,
        kind: OptionKind::Number { range: NumberRange::between(-1000.0, 1000.0), get: |p| p.params.alphabeta.wall_weight, set: |p, x| p.params.alphabeta.wall_weight = x },
    },
    EngineOption {
        name: "ab_tempo",
        label: "Tempo (cp)",
        doc: "Alpha-beta: centipawns for being the side to move",
        shown: Shown::AlphaBetaPanel,
        kind: OptionKind::Number { range: NumberRange::between(-1000.0, 1000.0), get: |p| p.params.alphabeta.tempo, set: |p, x| p.params.alphabeta.tempo = x },
    },
    EngineOption {
        name: "temperature",
        label: "Temperature",
        doc: "0: play the search's best move; above 0: draw the move among the plausible candidates, a move d below the best in win probability exp(-d/T) times as often (how the weak levels err)",
        shown: Shown::Panel,
        kind: OptionKind::Number { range: NumberRange::between(0.0, 1.0), get: |p| p.params.choice.temperature, set: |p, x| p.params.choice.temperature = x },
    },
    EngineOption {
        name: "choice_margin",
        label: "Choice margin",
        doc: "With a temperature: only moves within this of the best's win probability (and searched at least 1/20 as often) are candidates (0–1)",
        shown: Shown::Panel,
        kind: OptionKind::Number { range: NumberRange::between(0.0, 1.0), get: |p| p.params.choice.margin, set: |p, x| p.params.choice.margin = x },
    },
    EngineOption {
        name: "seed",
        label: "Seed",
        doc: "Random seed: the same seed, position and playout limit give the same search",
        shown: Shown::Hidden,
        kind: OptionKind::Spin { min: 0, max: U32_MAX, get: |p| p.params.seed, set: |p, n| p.params.seed = n },
    },
    EngineOption {
        name: "threads",
        label: "Threads",
        doc: "UCT search threads: natively they share one tree (with virtual loss); in the page, engine workers, each with its own tree, seed and share of the node budget, merged at the root; native default 1, the page's default hardware concurrency - 1 (1 to 16); alpha-beta searches on one",
        shown: Shown::Threads,
        kind: OptionKind::Spin { min: 1, max: MAX_THREADS as u64, get: |p| u64::from(p.params.threads), set: |p, n| p.params.threads = u32::try_from(n).unwrap_or(MAX_THREADS) },
    },
];

/// The `level` option's words: `off`, then each level's number.
static LEVEL_VALUES: [&str; 11] = ["off", "1", "2", "3", "4", "5", "6", "7", "8", "9", "10"];

/// Option `level`'s value: the level's number, or `off`.
fn level_value(p: &EngineConfig) -> &'static str {
    p.params
        .level
        .and_then(|n| LEVEL_VALUES.get(usize::from(n)))
        .copied()
        .unwrap_or(LEVEL_VALUES[0])
}

/// Sets option `level`: a level replaces every setting; `off` only drops
/// the label and keeps the settings.
fn set_level(p: &mut EngineConfig, value: &str) -> Result<(), Refusal> {
    let i = LEVEL_VALUES
        .iter()
        .position(|v| v.eq_ignore_ascii_case(value.trim()))
        .ok_or(Refusal::NotAValue)?;
    match u8::try_from(i).ok().and_then(Level::get) {
        Some(level) => *p = level.config(),
        None => p.params.level = None,
    }
    Ok(())
}

/// Sets option `eval`. Whether `learned` has a network is not known here:
/// the settings are checked against the engines' evaluator where they are
/// applied (`learned::Evaluator::refusal`).
fn set_eval(p: &mut EngineConfig, value: &str) -> Result<(), Refusal> {
    let eval: Evaluation = value.parse()?;
    p.params.eval = eval;
    Ok(())
}

/// The option of the limit `kind` (`playouts` or `time_ms`; a test checks
/// that both exist).
pub fn limit_option(kind: LimitKind) -> Option<&'static EngineOption> {
    OPTIONS.iter().find(|o| o.shown == Shown::LimitSlider(kind))
}

/// The engine option called `name`, if there is one.
pub fn find_option(name: &str) -> Option<&'static EngineOption> {
    OPTIONS.iter().find(|o| o.name == name)
}

/// The value of engine option `name` as text (the form [`set_option`] reads).
pub fn option_value(p: &EngineConfig, name: &str) -> Option<String> {
    find_option(name).map(|o| o.value(p))
}

/// Sets engine option `name` (or `preset`, which replaces every setting and
/// picks UCT) from text; on error nothing changes.
pub fn set_option(p: &mut EngineConfig, name: &str, value: &str) -> Result<(), OptionError> {
    match find_option(name) {
        Some(option) => option.set(p, value),
        None if name == SetupOption::Preset.name() => {
            *p = EngineConfig::uct(parse_preset(value)?.params());
            Ok(())
        }
        None => Err(OptionError::unknown(
            name,
            OPTIONS
                .iter()
                .map(|o| o.name)
                .chain([SetupOption::Preset.name()]),
        )),
    }
}

/// Every option name the engine protocol knows: [`OPTIONS`], then the
/// [`SetupOption`]s, as its handshake lists them.
pub fn protocol_option_names() -> impl Iterator<Item = &'static str> {
    OPTIONS
        .iter()
        .map(|o| o.name)
        .chain(SetupOption::ALL.iter().map(|o| o.name()))
}

/// Every `option` line of the engine protocol's handshake: [`OPTIONS`] with
/// `config`'s values as defaults, then [`SetupOption`]s with `setup`'s board
/// and ply limit (a session started with `uci --option` lists its own values).
pub fn uci_option_lines(config: &EngineConfig, setup: &GameSetup) -> Vec<String> {
    OPTIONS
        .iter()
        .map(|o| o.uci_line(config))
        .chain(SetupOption::ALL.iter().map(|o| o.uci_line(setup)))
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::search::{Preset, SearchParams};

    fn presets() -> [EngineConfig; 3] {
        [Preset::Thesis, Preset::Default, Preset::Easy].map(|p| EngineConfig::uct(p.params()))
    }

    #[test]
    fn every_option_round_trips_value_set_value_in_every_preset() {
        for preset in presets() {
            for option in &OPTIONS {
                let text = option.value(&preset);
                let mut other = EngineConfig::uct(SearchParams::thesis_fixed_point());
                option
                    .set(&mut other, &text)
                    .expect("its own text reads back");
                assert_eq!(option.value(&other), text, "{}", option.name);
            }
        }
        // Setting every option of one preset on another yields that preset.
        let [thesis, default, easy] = presets();
        for (from, mut to) in [
            (thesis.clone(), easy.clone()),
            (default, thesis),
            (easy, EngineConfig::default()),
        ] {
            for option in &OPTIONS {
                option.set(&mut to, &option.value(&from)).expect("valid");
            }
            assert_eq!(to, from);
        }
    }

    #[test]
    fn option_names_are_unique_and_snake_case() {
        let names: Vec<&str> = OPTIONS
            .iter()
            .map(|o| o.name)
            .chain(SetupOption::NAMES.iter().copied())
            .collect();
        for (i, name) in names.iter().enumerate() {
            assert!(!names[..i].contains(name), "{name} twice");
            assert!(
                name.chars().all(|c| c.is_ascii_lowercase() || c == '_'),
                "{name}"
            );
        }
    }

    #[test]
    fn each_limit_kind_has_its_option() {
        let time = limit_option(LimitKind::Time).expect("a time option");
        let playouts = limit_option(LimitKind::Playouts).expect("a playout option");
        let p = EngineConfig::uct(SearchParams::thesis_fixed_point());
        assert_eq!(time.value(&p), "0");
        assert_eq!(playouts.value(&p), "2500");
    }

    #[test]
    fn each_kind_rejects_bad_values_naming_what_it_accepts() {
        for (name, value, message) in [
            (
                "solver",
                "maybe",
                "option solver needs true or false, got \"maybe\"",
            ),
            (
                "playouts",
                "-5",
                "option playouts needs a whole number from 0 to 4294967295, got \"-5\"",
            ),
            (
                "node_budget",
                "0",
                "option node_budget needs a whole number from 1 to 4294967295, got \"0\"",
            ),
            (
                "seed",
                "4294967296",
                "option seed needs a whole number from 0 to 4294967295, got \"4294967296\"",
            ),
            (
                "max_playout_moves",
                "forever",
                "option max_playout_moves needs unlimited or a whole number, got \"forever\"",
            ),
            (
                "skip_from_depth",
                "-1",
                "option skip_from_depth needs off or a whole number, got \"-1\"",
            ),
            (
                "uct_c",
                "-1",
                "option uct_c needs a number of at least 0, got \"-1\"",
            ),
            (
                "score_slope",
                "0",
                "option score_slope needs a number above 0, got \"0\"",
            ),
            (
                "path_bias",
                "2",
                "option path_bias needs a number from 0 to 1, got \"2\"",
            ),
            (
                "wall_weight",
                "NaN",
                "option wall_weight needs a number, got \"NaN\"",
            ),
            (
                "win_length_penalty",
                "inf",
                "option win_length_penalty needs a number from 0 to 0.1, got \"inf\"",
            ),
            (
                "playout_policy",
                "greedy",
                "option playout_policy needs uniform or shortest_path, got \"greedy\"",
            ),
            (
                "final_move",
                "",
                "option final_move needs most_visits or best_winrate, got \"\"",
            ),
            (
                "preset",
                "hard",
                "option preset needs thesis, default or easy, got \"hard\"",
            ),
            ("no_such", "1", "unknown option \"no_such\""),
            (
                "uct_cc",
                "1",
                "unknown option \"uct_cc\" (did you mean \"uct_c\"?)",
            ),
            (
                "presets",
                "thesis",
                "unknown option \"presets\" (did you mean \"preset\"?)",
            ),
        ] {
            let mut p = EngineConfig::default();
            let err = set_option(&mut p, name, value).expect_err(name);
            assert_eq!(err.to_string(), message);
            assert_eq!(p, EngineConfig::default(), "{name}: nothing changed");
        }
    }

    #[test]
    fn words_and_flags_ignore_case_and_spaces() {
        let mut p = EngineConfig::uct(SearchParams::thesis_fixed_point());
        set_option(&mut p, "playout_policy", " Shortest_Path ").expect("valid");
        set_option(&mut p, "solver", "ON").expect("valid");
        set_option(&mut p, "max_playout_moves", "Unlimited").expect("valid");
        assert_eq!(p.params.uct.playout_policy, PlayoutPolicy::ShortestPath);
        assert!(p.params.uct.solver);
        assert_eq!(p.params.uct.max_playout_moves, None);
    }

    #[test]
    fn limits_are_written_with_zero_for_none() {
        let mut p = EngineConfig::default();
        set_option(&mut p, "time_ms", "0").expect("valid");
        set_option(&mut p, "playouts", "300").expect("valid");
        assert_eq!(p.params.limits, crate::search::Limits::playouts(300));
        assert_eq!(option_value(&p, "time_ms").as_deref(), Some("0"));
    }

    #[test]
    fn a_huge_bad_value_is_quoted_short() {
        let huge = "9".repeat(1_000_000);
        let err = set_option(&mut EngineConfig::default(), "uct_c", &format!("x{huge}"))
            .expect_err("bad");
        assert!(err.to_string().len() < 200, "{err}");
        let err = set_option(&mut EngineConfig::default(), &huge, "1").expect_err("unknown");
        assert!(err.to_string().len() < 200, "{err}");
    }

    #[test]
    fn preset_replaces_every_setting() {
        let mut p = EngineConfig::default();
        set_option(&mut p, "preset", "easy").expect("valid");
        assert_eq!(p, EngineConfig::uct(SearchParams::easy()));
    }

    #[test]
    fn handshake_lines_keep_their_protocol_form() {
        let lines = uci_option_lines(&EngineConfig::default(), &GameSetup::default());
        assert_eq!(lines.len(), OPTIONS.len() + 4);
        for expected in [
            "option name playouts type spin default 0 min 0 max 4294967295",
            "option name time_ms type spin default 2000 min 0 max 4294967295",
            "option name uct_c type string default 0.1",
            "option name max_playout_moves type string default 0",
            "option name skip_from_depth type string default off",
            "option name solver type check default true",
            "option name playout_policy type combo default shortest_path var uniform var shortest_path",
            "option name final_move type combo default most_visits var most_visits var best_winrate",
            "option name node_budget type spin default 4000000 min 1 max 4294967295",
            "option name board_size type spin default 9 min 3 max 11",
            "option name walls type spin default 10 min 0 max 20",
            "option name ply_limit type spin default 300 min 0 max 100000",
            "option name preset type combo default default var thesis var default var easy",
        ] {
            assert!(lines.iter().any(|l| l == expected), "missing {expected:?} in {lines:#?}");
        }
    }

    #[test]
    fn the_engine_choice_and_alphabeta_options_are_in_the_handshake() {
        let lines = uci_option_lines(&EngineConfig::default(), &GameSetup::default());
        for expected in [
            "option name engine type combo default uct var uct var alphabeta",
            "option name hash type spin default 16 min 1 max 1024",
            "option name ab_max_depth type string default unlimited",
            "option name ab_pvs type check default true",
            "option name ab_futility type check default false",
            "option name ab_wall_weight type string default 100",
        ] {
            assert!(lines.iter().any(|l| l == expected), "missing {expected:?}");
        }
        let mut p = EngineConfig::default();
        set_option(&mut p, "engine", "AlphaBeta").expect("valid");
        set_option(&mut p, "hash", "64").expect("valid");
        set_option(&mut p, "ab_null_move", "off").expect("valid");
        assert_eq!(p.kind, EngineKind::AlphaBeta);
        assert_eq!(p.params.alphabeta.hash_mb, 64);
        assert!(!p.params.alphabeta.null_move);
        let err = set_option(&mut p, "hash", "0").expect_err("at least 1");
        assert_eq!(
            err.to_string(),
            "option hash needs a whole number from 1 to 1024, got \"0\""
        );
    }

    #[test]
    fn eval_is_in_the_handshake_and_round_trips() {
        let lines = uci_option_lines(&EngineConfig::default(), &GameSetup::default());
        assert!(lines
            .iter()
            .any(|l| l
                == "option name eval type combo default auto var auto var classic var learned"));
        let evaluator = crate::search::learned::test_evaluator();
        let mut p = EngineConfig::default();
        set_option(&mut p, "eval", "Learned").expect("valid");
        assert_eq!(p.params.eval, Evaluation::Learned);
        assert_eq!(option_value(&p, "eval").as_deref(), Some("learned"));
        for engine in [EngineKind::Uct, EngineKind::AlphaBeta] {
            assert!(
                evaluator.network_for(p.params.eval, engine).is_some(),
                "{engine}"
            );
        }
        set_option(&mut p, "eval", "classic").expect("valid");
        assert_eq!(option_value(&p, "eval").as_deref(), Some("classic"));
        for engine in [EngineKind::Uct, EngineKind::AlphaBeta] {
            assert!(
                evaluator.network_for(p.params.eval, engine).is_none(),
                "{engine}"
            );
        }
        set_option(&mut p, "eval", " AUTO ").expect("valid");
        assert_eq!(p, EngineConfig::default());
        let err = set_option(&mut p, "eval", "neural").expect_err("no such value");
        assert_eq!(
            err.to_string(),
            "option eval needs auto, classic or learned, got \"neural\""
        );
    }

    #[test]
    fn auto_is_learned_for_both_engines() {
        let evaluator = crate::search::learned::test_evaluator();
        let p = EngineConfig::default();
        assert_eq!(p.params.eval, Evaluation::Auto);
        for engine in [EngineKind::Uct, EngineKind::AlphaBeta] {
            assert!(
                evaluator.network_for(p.params.eval, engine).is_some(),
                "{engine}"
            );
        }
        // The thesis's presets keep its evaluation.
        for preset in ["thesis", "easy"] {
            let mut q = EngineConfig::default();
            set_option(&mut q, "preset", preset).expect("valid");
            assert_eq!(q.params.eval, Evaluation::Classic, "{preset}");
        }
    }

    #[test]
    fn an_unavailable_value_says_why() {
        let err = OptionError::Unavailable {
            name: "eval",
            value: "learned".into(),
            why: crate::search::learned::NO_NETWORK,
        };
        assert_eq!(
            err.to_string(),
            format!(
                "option eval cannot be \"learned\": {}",
                crate::search::learned::NO_NETWORK
            )
        );
    }

    #[test]
    fn the_web_panel_keeps_alphabeta_options_apart() {
        for option in &OPTIONS {
            let alphabeta = option.name == "hash" || option.name.starts_with("ab_");
            assert_eq!(
                option.shown == Shown::AlphaBetaPanel,
                alphabeta,
                "{}",
                option.name
            );
        }
        assert_eq!(
            find_option("engine").map(|o| o.shown),
            Some(Shown::EngineChoice)
        );
    }
}
