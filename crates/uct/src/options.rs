//! The UCT engine's options: one entry per [`UctParams`] field (the
//! thesis's parameters 2–4 and 6–10, the extensions, the tree budgets), for
//! any settings type that holds a `UctParams`. The option table
//! (`quoridor_engines::OPTIONS`) takes them in its protocol order.

use super::params::{FinalMove, FirstPlay, PlayoutPolicy, UctParams, MAX_TREE_MB};
use quoridor_search::{EngineOption, NumberRange, OptionKind, Shown};
use quoridor_text::Choice;

/// The largest node budget the option accepts.
const U32_MAX: u64 = u32::MAX as u64;

/// UCT's options, reading and writing the [`UctParams`] of settings `C`.
///
/// ```
/// use quoridor_uct::{uct_options, UctParams};
/// let options = uct_options::<UctParams>();
/// let mut own = UctParams::default();
/// let c = options.iter().find(|o| o.name == "uct_c").unwrap();
/// c.set(&mut own, "0.3").unwrap();
/// assert_eq!(own.uct_c, 0.3);
/// ```
#[rustfmt::skip]
pub fn uct_options<C: AsRef<UctParams> + AsMut<UctParams>>() -> Vec<EngineOption<C>> {
    vec![
    EngineOption {
        name: "uct_c",
        label: "C (exploration)",
        doc: "UCT constant: higher tries more moves, lower digs deeper into the best ones (thesis 0.1, best 0.05)",
        shown: Shown::Panel,
        kind: OptionKind::Number { range: NumberRange::at_least(0.0), get: |p| p.as_ref().uct_c, set: |p, x| p.as_mut().uct_c = x },
    },
    EngineOption {
        name: "max_playout_moves",
        label: "maxd (playout length)",
        doc: "Random moves per playout before the position is scored; 'unlimited' plays to the end (thesis 2, best 5)",
        shown: Shown::Panel,
        kind: OptionKind::WholeOr { none: "unlimited", get: |p| p.as_ref().max_playout_moves, set: |p, n| p.as_mut().max_playout_moves = n },
    },
    EngineOption {
        name: "wall_weight",
        label: "Wall weight",
        doc: "How much a wall in stock is worth against one step of path length when scoring (thesis 1, best 0.25)",
        shown: Shown::Panel,
        kind: OptionKind::Number { range: NumberRange::ANY, get: |p| p.as_ref().wall_weight, set: |p, x| p.as_mut().wall_weight = x },
    },
    EngineOption {
        name: "skip_from_depth",
        label: "Skip nodes from depth",
        doc: "From this tree depth on, half of the descents go into an existing child instead of creating a new one; 'off' disables",
        shown: Shown::Panel,
        kind: OptionKind::WholeOr { none: "off", get: |p| p.as_ref().skip_from_depth, set: |p, n| p.as_mut().skip_from_depth = n },
    },
    EngineOption {
        name: "smart_playouts",
        label: "Smart playouts",
        doc: "Every second playout move of each player is a shortest-path pawn step",
        shown: Shown::Panel,
        kind: OptionKind::Check { get: |p| p.as_ref().smart_playouts, set: |p, on| p.as_mut().smart_playouts = on },
    },
    EngineOption {
        name: "remember_overlapping_walls",
        label: "Remember overlapping walls",
        doc: "Walls that overlap placed walls are never drawn again",
        shown: Shown::Panel,
        kind: OptionKind::Check { get: |p| p.as_ref().remember_overlapping_walls, set: |p, on| p.as_mut().remember_overlapping_walls = on },
    },
    EngineOption {
        name: "remember_blocking_walls",
        label: "Remember blocking walls",
        doc: "Walls found to cut a pawn off are not tried again while that pawn stays shut in",
        shown: Shown::Panel,
        kind: OptionKind::Check { get: |p| p.as_ref().remember_blocking_walls, set: |p, on| p.as_mut().remember_blocking_walls = on },
    },
    EngineOption {
        name: "losing_move_detection",
        label: "Losing-move detection",
        doc: "Moves that let the opponent win at once are removed from the tree",
        shown: Shown::Panel,
        kind: OptionKind::Check { get: |p| p.as_ref().losing_move_detection, set: |p, on| p.as_mut().losing_move_detection = on },
    },
    EngineOption {
        name: "tree_reuse",
        label: "Tree reuse",
        doc: "Keep the searched subtree of the moves actually played for the next move",
        shown: Shown::Panel,
        kind: OptionKind::Check { get: |p| p.as_ref().tree_reuse, set: |p, on| p.as_mut().tree_reuse = on },
    },
    EngineOption {
        name: "solver",
        label: "Solver",
        doc: "Prove wins and losses in the tree, play proven wins at once and avoid proven losses",
        shown: Shown::Panel,
        kind: OptionKind::Check { get: |p| p.as_ref().solver, set: |p, on| p.as_mut().solver = on },
    },
    EngineOption {
        name: "playout_policy",
        label: "Playout policy",
        doc: "uniform: random legal moves (thesis); shortest_path: pawns follow a shortest path, walls go on the opponent's",
        shown: Shown::Panel,
        kind: OptionKind::Combo { values: PlayoutPolicy::NAMES, get: |p| p.as_ref().playout_policy.name(), set: |p, v| { p.as_mut().playout_policy = v.parse()?; Ok(()) } },
    },
    EngineOption {
        name: "path_bias",
        label: "Path bias",
        doc: "With shortest_path playouts: chance that a playout move is a pawn step rather than a wall (0–1)",
        shown: Shown::Panel,
        kind: OptionKind::Number { range: NumberRange::between(0.0, 1.0), get: |p| p.as_ref().path_bias, set: |p, x| p.as_mut().path_bias = x },
    },
    EngineOption {
        name: "near_walls_only",
        label: "Near walls only",
        doc: "Consider only walls that touch a shortest path or stand next to a pawn",
        shown: Shown::Panel,
        kind: OptionKind::Check { get: |p| p.as_ref().near_walls_only, set: |p, on| p.as_mut().near_walls_only = on },
    },
    EngineOption {
        name: "widening",
        label: "Progressive widening",
        doc: "0 = off (every move gets a child in turn, as in the thesis); above 0 a node visited v times keeps ceil(w·√(v+1)) children, the moves that change the race most first",
        shown: Shown::Panel,
        kind: OptionKind::Number { range: NumberRange::between(0.0, 100.0), get: |p| p.as_ref().widening, set: |p, x| p.as_mut().widening = x },
    },
    EngineOption {
        name: "tempo",
        label: "Tempo",
        doc: "Steps of path length the side to move is worth when a playout is scored (0 = the thesis's evaluation)",
        shown: Shown::Panel,
        kind: OptionKind::Number { range: NumberRange::between(0.0, 10.0), get: |p| p.as_ref().tempo, set: |p, x| p.as_mut().tempo = x },
    },
    EngineOption {
        name: "final_move",
        label: "Final move",
        doc: "most_visits: play the most searched move; best_winrate: the one with the best mean score",
        shown: Shown::Panel,
        kind: OptionKind::Combo { values: FinalMove::NAMES, get: |p| p.as_ref().final_move.name(), set: |p, v| { p.as_mut().final_move = v.parse()?; Ok(()) } },
    },
    EngineOption {
        name: "win_length_penalty",
        label: "Win length penalty",
        doc: "Quicker playout wins score higher, so won games get finished (0–0.1)",
        shown: Shown::Panel,
        kind: OptionKind::Number { range: NumberRange::between(0.0, 0.1), get: |p| p.as_ref().win_length_penalty, set: |p, x| p.as_mut().win_length_penalty = x },
    },
    EngineOption {
        name: "tie_break",
        label: "Tie-break by race",
        doc: "Among moves of equal result: the fastest win, and when every move loses the one that keeps the race closest",
        shown: Shown::Panel,
        kind: OptionKind::Check { get: |p| p.as_ref().tie_break, set: |p, on| p.as_mut().tie_break = on },
    },
    EngineOption {
        name: "shortest_win",
        label: "Shortest win",
        doc: "Finish won games the shortest way: play the shortest proven win (hold a proven loss longest), search on past a proven win while a shorter one may be found, and score wins the tree decides lower the further away they are (win_length_penalty a ply)",
        shown: Shown::Panel,
        kind: OptionKind::Check { get: |p| p.as_ref().shortest_win, set: |p, on| p.as_mut().shortest_win = on },
    },
    EngineOption {
        name: "priors",
        label: "Priors (PUCT)",
        doc: "With a network that has a policy head: open moves in the order of their priors and select by Q + c_puct·P·√N/(1+n) (PUCT) instead of progressive widening and UCB",
        shown: Shown::Panel,
        kind: OptionKind::Check { get: |p| p.as_ref().priors, set: |p, on| p.as_mut().priors = on },
    },
    EngineOption {
        name: "c_puct",
        label: "c_puct",
        doc: "PUCT's exploration constant: higher spreads the visits over more moves, lower follows the priors and values more closely",
        shown: Shown::Panel,
        kind: OptionKind::Number { range: NumberRange::between(0.0, 100.0), get: |p| p.as_ref().c_puct, set: |p, x| p.as_mut().c_puct = x },
    },
    EngineOption {
        name: "fpu",
        label: "First-play urgency",
        doc: "The value PUCT gives a move not yet opened: parent (the parent's value minus fpu_reduction·√(opened priors)) or loss",
        shown: Shown::Panel,
        kind: OptionKind::Combo { values: FirstPlay::NAMES, get: |p| p.as_ref().fpu.name(), set: |p, v| { p.as_mut().fpu = v.parse()?; Ok(()) } },
    },
    EngineOption {
        name: "fpu_reduction",
        label: "FPU reduction",
        doc: "With fpu=parent: how far below the parent's value an unopened move starts, times √(opened priors) (0–1)",
        shown: Shown::Panel,
        kind: OptionKind::Number { range: NumberRange::between(0.0, 1.0), get: |p| p.as_ref().fpu_reduction, set: |p, x| p.as_mut().fpu_reduction = x },
    },
    EngineOption {
        name: "root_noise",
        label: "Root noise",
        doc: "Self-play's exploration with priors: the root's priors mixed as (1−ε)·P + ε·Dirichlet(root_noise_alpha); this is ε, 0 for none (0–1; a fresh tree every move)",
        shown: Shown::Hidden,
        kind: OptionKind::Number { range: NumberRange::between(0.0, 1.0), get: |p| p.as_ref().root_noise, set: |p, x| p.as_mut().root_noise = x },
    },
    EngineOption {
        name: "root_noise_alpha",
        label: "Root noise alpha",
        doc: "The Dirichlet concentration of root_noise for each move (0.001–10)",
        shown: Shown::Hidden,
        kind: OptionKind::Number { range: NumberRange::between(0.001, 10.0), get: |p| p.as_ref().root_noise_alpha, set: |p, x| p.as_mut().root_noise_alpha = x },
    },
    EngineOption {
        name: "node_budget",
        label: "Node budget",
        doc: "Most tree nodes kept, all threads or workers together; when full the tree stops growing",
        shown: Shown::Panel,
        kind: OptionKind::Spin { min: 1, max: U32_MAX, get: |p| u64::from(p.as_ref().node_budget), set: |p, n| p.as_mut().node_budget = u32::try_from(n).unwrap_or(u32::MAX) },
    },
    EngineOption {
        name: "tree_mb",
        label: "Tree memory (MB)",
        doc: "Most memory the search trees hold, in MiB, all threads or workers together; when full the tree stops growing",
        shown: Shown::Panel,
        kind: OptionKind::Spin { min: 1, max: MAX_TREE_MB as u64, get: |p| u64::from(p.as_ref().tree_mb), set: |p, n| p.as_mut().tree_mb = u32::try_from(n).unwrap_or(u32::MAX) },
    },
    ]
}
