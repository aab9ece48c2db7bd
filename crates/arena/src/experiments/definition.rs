//! What an experiment is: its series of settings, each the tested engine
//! against the fixed point, and the settings told in the thesis's terms.

use quoridor_engines::EngineConfig;
use quoridor_text::group_digits;

/// One row of an experiment: the tested engine's settings against the fixed
/// point, and the thesis's result for it.
#[derive(Clone, Debug)]
pub struct ExperimentSetting {
    /// The parameter's value as shown in the table ("0.05", "∞", "on").
    pub label: String,
    /// The tested engine (its `playouts`/`time_ms` are its budget).
    pub tested: EngineConfig,
    /// The fixed point it plays (its own budget).
    pub fixed: EngineConfig,
    /// The tested engine's wins out of 100 in the thesis, if it reports them.
    pub thesis: Option<u32>,
}

/// A sequence of settings played under one kind of budget.
#[derive(Clone, Debug)]
pub struct Series {
    /// What is held equal ("equal playouts: 2,500 a move").
    pub name: String,
    /// The rows.
    pub settings: Vec<ExperimentSetting>,
}

/// One of the thesis's experiments.
#[derive(Clone, Debug)]
pub struct Experiment {
    /// 1 to 10, the thesis's parameter number.
    pub number: u8,
    /// Title ("UCT constant C").
    pub title: &'static str,
    /// The axis label of the tested parameter.
    pub parameter: &'static str,
    /// How the thesis set it up and how we reproduce it.
    pub setup: String,
    /// The series played.
    pub series: Vec<Series>,
}

/// Describes settings in the thesis's ten-parameter terms.
///
/// ```
/// use quoridor_engines::EngineConfig;
/// let text = quoridor_arena::experiments::thesis_terms(&EngineConfig::thesis_fixed_point());
/// assert_eq!(text, "2,500 playouts · C 0.1 · maxd 2 · wall weight 1 · slope 0.3 · skipping off · 7–10 off");
/// ```
pub fn thesis_terms(p: &EngineConfig) -> String {
    let budget = match p.params.limits.playouts {
        Some(n) => format!("{} playouts", group_digits(n.get(), ',')),
        None => format!("{} ms", p.params.limits.time_ms_or_zero()),
    };
    let maxd = p
        .uct
        .max_playout_moves
        .map_or("∞".to_string(), |d| d.to_string());
    let skip = p
        .uct
        .skip_from_depth
        .map_or("off".to_string(), |d| format!("from depth {d}"));
    let switches = [
        (7, p.uct.smart_playouts),
        (8, p.uct.remember_overlapping_walls),
        (9, p.uct.remember_blocking_walls),
        (10, p.uct.losing_move_detection),
    ];
    let on: Vec<String> = switches
        .iter()
        .filter(|(_, on)| *on)
        .map(|(n, _)| n.to_string())
        .collect();
    let rest = if on.is_empty() {
        "7–10 off".to_string()
    } else {
        format!("{} on", on.join(", "))
    };
    format!(
        "{budget} · C {} · maxd {maxd} · wall weight {} · slope {} · skipping {skip} · {rest}",
        p.uct.uct_c, p.uct.wall_weight, p.params.score_slope
    )
}
