//! Playing an experiment: each setting a match of the tested engine
//! against the fixed point, its summary a row of results.

use super::{
    thesis_terms, Experiment, ExperimentError, ExperimentResult, ExperimentSetting, Series,
    SeriesResult, SettingResult,
};
use crate::{run_match, Contender, MatchConfig, Summary, Tally};
use quoridor_engines::learned::Evaluator;
use quoridor_rules::Variant;
use std::time::Instant;

/// What [`run`] reports while it plays.
#[derive(Clone, Copy, Debug)]
pub enum RunEvent<'a> {
    /// A game of the setting labelled `setting` ended; `tally` is its score.
    Game {
        /// The setting's label.
        setting: &'a str,
        /// The setting's running score (A is the tested engine).
        tally: Tally,
    },
    /// A setting is done: one line with its result.
    Setting(&'a str),
}

/// Plays every setting of `experiment`, `games` games each on `threads`
/// threads; `progress` hears of each game and of each finished setting.
pub fn run(
    experiment: &Experiment,
    games: usize,
    threads: usize,
    progress: &(dyn Fn(RunEvent<'_>) + Sync),
) -> Result<ExperimentResult, ExperimentError> {
    let started = Instant::now();
    let mut series_results = Vec::new();
    for series in &experiment.series {
        let settings = series
            .settings
            .iter()
            .map(|setting| play_setting(experiment, series, setting, (games, threads), progress))
            .collect::<Result<_, _>>()?;
        series_results.push(SeriesResult {
            name: series.name.clone(),
            settings,
        });
    }
    Ok(experiment_result(
        experiment,
        series_results,
        started.elapsed().as_secs_f64(),
    ))
}

/// The result of `experiment` from its series' results.
pub(super) fn experiment_result(
    experiment: &Experiment,
    series: Vec<SeriesResult>,
    seconds: f64,
) -> ExperimentResult {
    let fixed = experiment
        .series
        .first()
        .and_then(|s| s.settings.first())
        .map_or(String::new(), |s| thesis_terms(&s.fixed));
    ExperimentResult {
        number: experiment.number,
        title: experiment.title.to_string(),
        parameter: experiment.parameter.to_string(),
        setup: experiment.setup.clone(),
        fixed_point: fixed,
        series,
        seconds,
    }
}

/// The match of one setting: the tested engine (A) against the fixed point,
/// `games` games on `threads` threads, each side with its own budget. The
/// thesis's settings score with the classic evaluation, so the contenders
/// have no network.
pub(super) fn setting_config(
    setting: &ExperimentSetting,
    games: usize,
    threads: usize,
) -> MatchConfig {
    let mut config = MatchConfig::new(
        Contender::internal(&setting.label, setting.tested.clone(), Evaluator::classic()),
        Contender::internal("fixed point", setting.fixed.clone(), Evaluator::classic()),
        Variant::default(),
    );
    config.games = games;
    config.threads = threads;
    config.limit = None;
    config
}

/// A setting's row from the summary of its games; a forfeit (which
/// in-process engines never should) is an error.
pub(super) fn setting_result(
    experiment: &Experiment,
    setting: &ExperimentSetting,
    summary: &Summary,
) -> Result<SettingResult, ExperimentError> {
    if let Some(forfeit) = summary.forfeits.first() {
        return Err(ExperimentError::Forfeit {
            experiment: experiment.number,
            setting: setting.label.clone(),
            line: forfeit.clone(),
        });
    }
    Ok(SettingResult {
        label: setting.label.clone(),
        thesis: setting.thesis,
        games: summary.games,
        wins: summary.a.wins,
        rate: summary.a_score,
        interval: summary.a_score_interval,
        // The tested engine runs in this process: it always reports a count.
        playouts_per_move: summary.a.playouts_per_move.unwrap_or(0.0),
        ms_per_move: summary.a.ms_per_move,
        fixed_ms_per_move: summary.b.ms_per_move,
        mean_plies: summary.mean_plies,
    })
}

/// Plays one setting of `series`: `games` games of the tested engine
/// against the fixed point on `threads` threads.
fn play_setting(
    experiment: &Experiment,
    series: &Series,
    setting: &ExperimentSetting,
    (games, threads): (usize, usize),
    progress: &(dyn Fn(RunEvent<'_>) + Sync),
) -> Result<SettingResult, ExperimentError> {
    let started = Instant::now();
    let config = setting_config(setting, games, threads);
    let on_game = |_: &_, tally| {
        progress(RunEvent::Game {
            setting: &setting.label,
            tally,
        });
    };
    let results = run_match(&config, &on_game).map_err(ExperimentError::Match)?;
    let summary = Summary::new(&config, results);
    let row = setting_result(experiment, setting, &summary)?;
    progress(RunEvent::Setting(&format!(
        "experiment {} ({}), {} = {}: {}/{} wins{} in {:.1} s",
        experiment.number,
        series.name,
        experiment.parameter,
        setting.label,
        summary.a.wins,
        summary.games,
        setting
            .thesis
            .map_or(String::new(), |t| format!(" (thesis {t}/100)")),
        started.elapsed().as_secs_f64()
    )));
    Ok(row)
}
