//! The alpha-beta engine's options: one entry per [`AlphaBetaParams`]
//! field (`hash` and the `ab_*` switches), for any settings type that holds
//! an `AlphaBetaParams`. The option table (`quoridor_engines::OPTIONS`) takes
//! them in its protocol order.

use super::params::AlphaBetaParams;
use quoridor_search::{EngineOption, NumberRange, OptionKind, Shown};

/// Alpha-beta's options, reading and writing the [`AlphaBetaParams`] of
/// settings `C`.
///
/// ```
/// use quoridor_alphabeta::{alphabeta_options, AlphaBetaParams};
/// let options = alphabeta_options::<AlphaBetaParams>();
/// let mut own = AlphaBetaParams::default();
/// let hash = options.iter().find(|o| o.name == "hash").unwrap();
/// hash.set(&mut own, "64").unwrap();
/// assert_eq!(own.hash_mb, 64);
/// ```
#[rustfmt::skip]
pub fn alphabeta_options<C: AsRef<AlphaBetaParams> + AsMut<AlphaBetaParams>>() -> Vec<EngineOption<C>> {
    vec![
    EngineOption {
        name: "hash",
        label: "Hash (MB)",
        doc: "Alpha-beta: transposition table size in MiB",
        shown: Shown::AlphaBetaPanel,
        kind: OptionKind::Spin { min: 1, max: 1024, get: |p| u64::from(p.as_ref().hash_mb), set: |p, n| p.as_mut().hash_mb = u32::try_from(n).unwrap_or(1024) },
    },
    EngineOption {
        name: "ab_max_depth",
        label: "Max depth",
        doc: "Alpha-beta: deepest iteration in plies; 'unlimited' deepens until the time or node limit",
        shown: Shown::AlphaBetaPanel,
        kind: OptionKind::WholeOr { none: "unlimited", get: |p| p.as_ref().max_depth, set: |p, n| p.as_mut().max_depth = n },
    },
    EngineOption {
        name: "ab_tt",
        label: "Transposition table",
        doc: "Alpha-beta: remember searched positions (Zobrist keys) for cutoffs and the best move to try first",
        shown: Shown::AlphaBetaPanel,
        kind: OptionKind::Check { get: |p| p.as_ref().tt, set: |p, on| p.as_mut().tt = on },
    },
    EngineOption {
        name: "ab_pvs",
        label: "Principal variation search",
        doc: "Alpha-beta: search moves after the first with a null window, again in full only if they fail high",
        shown: Shown::AlphaBetaPanel,
        kind: OptionKind::Check { get: |p| p.as_ref().pvs, set: |p, on| p.as_mut().pvs = on },
    },
    EngineOption {
        name: "ab_aspiration",
        label: "Aspiration windows",
        doc: "Alpha-beta: search each iteration in a narrow window around the last score, wider on a fail",
        shown: Shown::AlphaBetaPanel,
        kind: OptionKind::Check { get: |p| p.as_ref().aspiration, set: |p, on| p.as_mut().aspiration = on },
    },
    EngineOption {
        name: "ab_aspiration_window",
        label: "Aspiration window (cp)",
        doc: "Alpha-beta: half width of the first aspiration window in centipawns (100 = a step of path)",
        shown: Shown::AlphaBetaPanel,
        kind: OptionKind::Spin { min: 1, max: 10_000, get: |p| u64::from(p.as_ref().aspiration_window), set: |p, n| p.as_mut().aspiration_window = u32::try_from(n).unwrap_or(10_000) },
    },
    EngineOption {
        name: "ab_killers",
        label: "Killer moves",
        doc: "Alpha-beta: try the two moves that last caused a cutoff at the same ply early",
        shown: Shown::AlphaBetaPanel,
        kind: OptionKind::Check { get: |p| p.as_ref().killers, set: |p, on| p.as_mut().killers = on },
    },
    EngineOption {
        name: "ab_history",
        label: "History heuristic",
        doc: "Alpha-beta: try moves that caused cutoffs anywhere in the search earlier",
        shown: Shown::AlphaBetaPanel,
        kind: OptionKind::Check { get: |p| p.as_ref().history, set: |p, on| p.as_mut().history = on },
    },
    EngineOption {
        name: "ab_ordering",
        label: "Race ordering",
        doc: "Alpha-beta: winning and path-shortening pawn steps first, then walls by how much they lengthen the opponent's path",
        shown: Shown::AlphaBetaPanel,
        kind: OptionKind::Check { get: |p| p.as_ref().ordering, set: |p, on| p.as_mut().ordering = on },
    },
    EngineOption {
        name: "ab_policy_ordering",
        label: "Policy ordering",
        doc: "Alpha-beta: with a learned network that has a policy head, try the moves after the hash move in the order of the policy's logits (winning steps first) where enough plies are left",
        shown: Shown::AlphaBetaPanel,
        kind: OptionKind::Check { get: |p| p.as_ref().policy_ordering, set: |p, on| p.as_mut().policy_ordering = on },
    },
    EngineOption {
        name: "ab_policy_depth",
        label: "Policy ordering depth",
        doc: "Alpha-beta: fewest plies left at a node for policy ordering; nearer the leaves the race, killer and history ordering is kept",
        shown: Shown::AlphaBetaPanel,
        kind: OptionKind::Spin { min: 1, max: 100, get: |p| u64::from(p.as_ref().policy_depth), set: |p, n| p.as_mut().policy_depth = u8::try_from(n).unwrap_or(100) },
    },
    EngineOption {
        name: "ab_null_move",
        label: "Null-move pruning",
        doc: "Alpha-beta: if passing still fails high, cut the node (only when the side to move has walls: pawns can be in zugzwang)",
        shown: Shown::AlphaBetaPanel,
        kind: OptionKind::Check { get: |p| p.as_ref().null_move, set: |p, on| p.as_mut().null_move = on },
    },
    EngineOption {
        name: "ab_futility",
        label: "Futility pruning",
        doc: "Alpha-beta: one ply from the horizon, skip moves that do not change the race when the score is far below alpha",
        shown: Shown::AlphaBetaPanel,
        kind: OptionKind::Check { get: |p| p.as_ref().futility, set: |p, on| p.as_mut().futility = on },
    },
    EngineOption {
        name: "ab_futility_margin",
        label: "Futility margin (cp)",
        doc: "Alpha-beta: how far below alpha the static score must be for futility pruning, in centipawns",
        shown: Shown::AlphaBetaPanel,
        kind: OptionKind::Spin { min: 0, max: 10_000, get: |p| u64::from(p.as_ref().futility_margin), set: |p, n| p.as_mut().futility_margin = u32::try_from(n).unwrap_or(10_000) },
    },
    EngineOption {
        name: "ab_near_walls",
        label: "Near walls only",
        doc: "Alpha-beta: consider only walls on a shortest path of either pawn or next to a pawn",
        shown: Shown::AlphaBetaPanel,
        kind: OptionKind::Check { get: |p| p.as_ref().near_walls, set: |p, on| p.as_mut().near_walls = on },
    },
    EngineOption {
        name: "ab_quiescence",
        label: "Quiescence search",
        doc: "Alpha-beta: at the horizon, go on with path-lengthening walls and winning steps until the position is quiet",
        shown: Shown::AlphaBetaPanel,
        kind: OptionKind::Check { get: |p| p.as_ref().quiescence, set: |p, on| p.as_mut().quiescence = on },
    },
    EngineOption {
        name: "ab_goal_extension",
        label: "Goal extension",
        doc: "Alpha-beta: search one ply more at the horizon when a pawn is at most two steps from its goal",
        shown: Shown::AlphaBetaPanel,
        kind: OptionKind::Check { get: |p| p.as_ref().goal_extension, set: |p, on| p.as_mut().goal_extension = on },
    },
    EngineOption {
        name: "ab_exact_race",
        label: "Exact races",
        doc: "Alpha-beta: score a race the walls can no longer change as a win in N plies",
        shown: Shown::AlphaBetaPanel,
        kind: OptionKind::Check { get: |p| p.as_ref().exact_race, set: |p, on| p.as_mut().exact_race = on },
    },
    EngineOption {
        name: "ab_lmr",
        label: "Late-move reductions",
        doc: "Alpha-beta: search late quiet walls shallower, more when they touch neither pawn's corridor of near-shortest paths; again in full when one fails high",
        shown: Shown::AlphaBetaPanel,
        kind: OptionKind::Check { get: |p| p.as_ref().lmr, set: |p, on| p.as_mut().lmr = on },
    },
    EngineOption {
        name: "ab_wall_weight",
        label: "Wall weight (cp)",
        doc: "Alpha-beta: centipawns per wall in stock (a step of path length is 100)",
        shown: Shown::AlphaBetaPanel,
        kind: OptionKind::Number { range: NumberRange::between(-1000.0, 1000.0), get: |p| p.as_ref().wall_weight, set: |p, x| p.as_mut().wall_weight = x },
    },
    EngineOption {
        name: "ab_tempo",
        label: "Tempo (cp)",
        doc: "Alpha-beta: centipawns for being the side to move",
        shown: Shown::AlphaBetaPanel,
        kind: OptionKind::Number { range: NumberRange::between(-1000.0, 1000.0), get: |p| p.as_ref().tempo, set: |p, x| p.as_mut().tempo = x },
    },
    ]
}
