//! The thesis's ten parameter experiments (its §5.3) as arena matches: for
//! each setting of one parameter, the tested engine plays the experiment's
//! fixed point, each moving first in half the games, under playout limits so
//! the numbers do not depend on the machine. [`report`] turns the results into
//! `docs/experiments.md` and [`plot`] draws its SVG figures.

mod definition;
mod error;
pub mod plot;
pub mod report;
mod result;
mod rows;
mod run;
pub mod shards;
mod table;

pub use definition::{thesis_terms, Experiment, ExperimentSetting, Series};
pub use error::ExperimentError;
pub use result::{ExperimentResult, SeriesResult, SettingResult};
use run::{experiment_result, setting_config, setting_result};
pub use run::{run, RunEvent};
pub use table::all;
