//! What an experiment found: a row a setting, as the report and the
//! shards keep it.

use serde::{Deserialize, Serialize};

/// The result of one setting.
#[derive(Clone, Debug, Serialize, Deserialize)]
pub struct SettingResult {
    /// The parameter's value.
    pub label: String,
    /// The thesis's wins out of 100.
    pub thesis: Option<u32>,
    /// Games played.
    pub games: usize,
    /// Games the tested engine won.
    pub wins: usize,
    /// The tested engine's win rate.
    pub rate: f64,
    /// Its 95% Wilson interval.
    pub interval: (f64, f64),
    /// The tested engine's mean playouts per move.
    pub playouts_per_move: f64,
    /// The tested engine's mean milliseconds per move on this machine.
    pub ms_per_move: f64,
    /// The fixed point's mean milliseconds per move.
    pub fixed_ms_per_move: f64,
    /// Mean plies per game.
    pub mean_plies: f64,
}

/// The results of one series.
#[derive(Clone, Debug, Serialize, Deserialize)]
pub struct SeriesResult {
    /// What is held equal.
    pub name: String,
    /// One per setting, in order.
    pub settings: Vec<SettingResult>,
}

/// The results of one experiment.
#[derive(Clone, Debug, Serialize, Deserialize)]
pub struct ExperimentResult {
    /// The parameter number.
    pub number: u8,
    /// Title.
    pub title: String,
    /// The axis label.
    pub parameter: String,
    /// The setup sentence.
    pub setup: String,
    /// The fixed point in the thesis's terms.
    pub fixed_point: String,
    /// The series.
    pub series: Vec<SeriesResult>,
    /// Wall-clock seconds the experiment took.
    pub seconds: f64,
}
