//! The thesis's tables: the values each experiment tests, with the
//! thesis's wins out of 100, and its switches 7–10.

use quoridor_engines::EngineConfig;

/// Playouts the thesis's engine made in its 2 s with maxd 5 (its table 3).
pub(super) const THESIS_2S_MAXD5: u64 = 2630;

/// Turns one of the thesis's switches 7–10 on.
pub(super) type Switch = fn(&mut EngineConfig);

/// Milliseconds a move in the equal-time series of experiments 7–10.
pub(super) const EQUAL_TIME_MS: u64 = 10;

/// A row of an experiment's table: the label, the tested value and the
/// thesis's wins out of 100.
pub(super) type Row<T> = (&'static str, T, Option<u32>);

/// Experiment 1: playouts a move against the fixed point's 2,500.
pub(super) const PLAYOUT_ROWS: [Row<u64>; 6] = [
    ("250", 250, Some(14)),
    ("500", 500, Some(24)),
    ("1000", 1000, Some(29)),
    ("2500", 2500, Some(50)),
    ("5000", 5000, Some(70)),
    ("10000", 10000, Some(72)),
];

/// Experiment 2: the UCT constant C.
pub(super) const UCT_C_ROWS: [Row<f64>; 6] = [
    ("0", 0.0, Some(41)),
    ("0.05", 0.05, Some(55)),
    ("0.1", 0.1, Some(50)),
    ("0.25", 0.25, Some(38)),
    ("0.5", 0.5, Some(7)),
    ("1", 1.0, Some(0)),
];

/// Experiment 3: maxd, with the playouts the thesis made with it in 2 s (so
/// giving each engine that many reproduces its equal-time conditions).
pub(super) const MAXD_ROWS: [(&str, Option<u32>, Option<u32>, u64); 7] = [
    ("0", Some(0), Some(39), 3624),
    ("1", Some(1), Some(67), 3555),
    ("2", Some(2), Some(50), 3469),
    ("5", Some(5), Some(75), 2630),
    ("10", Some(10), Some(45), 2186),
    ("20", Some(20), Some(24), 920),
    ("∞", None, Some(0), 86),
];

/// Experiment 4: the wall weight in the evaluation.
pub(super) const WALL_WEIGHT_ROWS: [Row<f64>; 7] = [
    ("0", 0.0, Some(64)),
    ("0.25", 0.25, Some(83)),
    ("0.5", 0.5, Some(67)),
    ("1", 1.0, Some(50)),
    ("2", 2.0, Some(22)),
    ("3", 3.0, Some(7)),
    ("4", 4.0, Some(5)),
];

/// Experiment 5: the score slope.
pub(super) const SLOPE_ROWS: [Row<f64>; 7] = [
    ("0.01", 0.01, Some(0)),
    ("0.1", 0.1, Some(11)),
    ("0.2", 0.2, Some(40)),
    ("0.3", 0.3, Some(50)),
    ("0.5", 0.5, Some(69)),
    ("0.75", 0.75, Some(58)),
    ("1", 1.0, Some(39)),
];

/// Experiment 6: node skipping from depth d.
pub(super) const SKIP_ROWS: [Row<Option<u32>>; 6] = [
    ("0", Some(0), Some(64)),
    ("1", Some(1), Some(50)),
    ("2", Some(2), Some(47)),
    ("3", Some(3), Some(53)),
    ("4", Some(4), Some(55)),
    ("off", None, Some(50)),
];

/// Experiments 7–10: the thesis's switches, with what each does.
pub(super) const SWITCHES: [(u8, &str, &str, Switch); 4] = [
    (7, "Smart playouts", "every second playout move of each player is a shortest-path pawn step", |p| p.uct.smart_playouts = true),
    (8, "Remembering overlapping walls", "a wall that overlaps a placed wall stays forbidden in the subtree", |p| p.uct.remember_overlapping_walls = true),
    (9, "Remembering blocking walls", "a wall that cut a pawn off stays forbidden while the pawn stays in the cut-off region", |p| p.uct.remember_blocking_walls = true),
    (10, "Losing-move detection", "a move that lets the opponent win at once is removed, and a node whose moves are all removed is lost", |p| p.uct.losing_move_detection = true),
];
