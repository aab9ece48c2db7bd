//! The experiments spread over machines. All chosen settings' games form one
//! numbered list — setting after setting in the order of the tables, `games`
//! each — so `--shard I/N` plays the games whose number ≡ I (mod N), which
//! spreads every setting over all shards. [`assemble`] turns the merged list
//! back into the same [`ExperimentResult`]s an unsharded run gives.

use super::{
    experiment_result, setting_config, setting_result, Experiment, ExperimentError,
    ExperimentResult, ExperimentSetting, SeriesResult,
};
use crate::shard::{Numbered, Shard};
use crate::{run_games, GameResult, Summary, Tally};
use quoridor_engines::EngineConfig;
use serde::{Deserialize, Serialize};
use std::sync::atomic::{AtomicUsize, Ordering};

/// One game of the experiments' list, with the setting it belongs to.
#[derive(Clone, Debug, Serialize, Deserialize)]
pub struct ExperimentGame {
    /// Its number in the list of all chosen settings' games.
    pub game: usize,
    /// The experiment's number (1–10).
    pub experiment: u8,
    /// The series within the experiment (0-based).
    pub series: usize,
    /// The setting within the series (0-based).
    pub setting: usize,
    /// The game (its `index` is its number within the setting's match).
    pub result: GameResult,
}

impl Numbered for ExperimentGame {
    fn number(&self) -> usize {
        self.game
    }
}

/// One setting as the experiments' definition records it.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct SettingDefinition {
    /// The experiment's number.
    pub experiment: u8,
    /// The series within it.
    pub series: usize,
    /// The setting within the series.
    pub setting: usize,
    /// The setting's label.
    pub label: String,
    /// The tested engine.
    pub tested: EngineConfig,
    /// The fixed point.
    pub fixed: EngineConfig,
}

/// Everything that defines a run of the experiments: games per setting, the
/// budget scale and every setting played.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct ExperimentsDefinition {
    /// Games per setting.
    pub games: usize,
    /// The factor every budget was multiplied by.
    pub scale: f64,
    /// The settings, in the order their games are numbered.
    pub settings: Vec<SettingDefinition>,
}

impl ExperimentsDefinition {
    /// The definition of playing `experiments` (built with `scale`), `games`
    /// games a setting.
    pub fn new(experiments: &[Experiment], games: usize, scale: f64) -> ExperimentsDefinition {
        let settings = each_setting(experiments)
            .map(|(e, series, index, s)| SettingDefinition {
                experiment: e.number,
                series,
                setting: index,
                label: s.label.clone(),
                tested: s.tested.clone(),
                fixed: s.fixed.clone(),
            })
            .collect();
        ExperimentsDefinition {
            games,
            scale,
            settings,
        }
    }

    /// Games in the whole list.
    pub fn total_games(&self) -> usize {
        self.settings.len() * self.games
    }

    /// The experiments it covers, in order.
    pub fn numbers(&self) -> Vec<u8> {
        let mut numbers: Vec<u8> = self.settings.iter().map(|s| s.experiment).collect();
        numbers.dedup();
        numbers
    }

    /// As JSON, for a shard file.
    pub fn to_json(&self) -> Result<serde_json::Value, serde_json::Error> {
        serde_json::to_value(self)
    }
}

/// Every setting of `experiments` in table order, with its experiment, its
/// series' position and its own.
fn each_setting(
    experiments: &[Experiment],
) -> impl Iterator<Item = (&Experiment, usize, usize, &ExperimentSetting)> {
    experiments.iter().flat_map(|e| {
        e.series.iter().enumerate().flat_map(move |(i, series)| {
            series
                .settings
                .iter()
                .enumerate()
                .map(move |(j, setting)| (e, i, j, setting))
        })
    })
}

/// What [`play_shard`] reports after each game.
#[derive(Clone, Copy, Debug)]
pub struct ShardProgress<'a> {
    /// Games of the shard done so far.
    pub done: usize,
    /// The experiment being played.
    pub experiment: u8,
    /// The setting being played.
    pub setting: &'a str,
    /// The score of this setting's games in the shard.
    pub tally: Tally,
}

/// Plays `shard`'s share of `experiments` (`games` games a setting) on
/// `threads` threads; `progress` hears of each game.
pub fn play_shard(
    experiments: &[Experiment],
    games: usize,
    threads: usize,
    shard: Shard,
    progress: &(dyn Fn(ShardProgress<'_>) + Sync),
) -> Result<Vec<ExperimentGame>, ExperimentError> {
    let done = AtomicUsize::new(0);
    let mut played = Vec::new();
    for (ordinal, (experiment, series, index, setting)) in each_setting(experiments).enumerate() {
        let first = ordinal * games;
        let indices: Vec<usize> = (0..games).filter(|i| shard.selects(first + i)).collect();
        if indices.is_empty() {
            continue;
        }
        let config = setting_config(setting, games, threads);
        let on_game = |_: &GameResult, tally: Tally| {
            progress(ShardProgress {
                done: done.fetch_add(1, Ordering::Relaxed) + 1,
                experiment: experiment.number,
                setting: &setting.label,
                tally,
            });
        };
        let results = run_games(&config, &indices, &on_game).map_err(ExperimentError::Match)?;
        // Refuse a forfeit here already, as the unsharded run does.
        let summary = Summary::new(&config, results);
        setting_result(experiment, setting, &summary)?;
        played.extend(summary.results.into_iter().map(|result| ExperimentGame {
            game: first + result.index,
            experiment: experiment.number,
            series,
            setting: index,
            result,
        }));
    }
    Ok(played)
}

/// The results of `experiments` from the merged list `games` (every game of
/// every setting, in order, `per_setting` a setting), as an unsharded run
/// gives them. An experiment's `seconds` is the engines' thinking time over
/// its games (the time one thread would have taken).
pub fn assemble(
    experiments: &[Experiment],
    per_setting: usize,
    games: Vec<ExperimentGame>,
) -> Result<Vec<ExperimentResult>, ExperimentError> {
    let expected: usize = each_setting(experiments).count() * per_setting;
    if games.len() != expected {
        return Err(ExperimentError::Incomplete {
            expected,
            found: games.len(),
        });
    }
    let mut games = games.into_iter();
    let mut out: Vec<ExperimentResult> = Vec::new();
    for experiment in experiments {
        let mut series_results = Vec::new();
        let mut seconds = 0.0;
        for (i, series) in experiment.series.iter().enumerate() {
            let mut rows = Vec::new();
            for (j, setting) in series.settings.iter().enumerate() {
                // The count is checked above: each setting takes its own games.
                let mut results = Vec::with_capacity(per_setting);
                for (k, g) in games.by_ref().take(per_setting).enumerate() {
                    let expected = (experiment.number, i, j, k);
                    if (g.experiment, g.series, g.setting, g.result.index) != expected {
                        return Err(ExperimentError::Mislabelled { game: g.game });
                    }
                    seconds += (g.result.stats[0].ms + g.result.stats[1].ms) / 1000.0;
                    results.push(g.result);
                }
                let config = setting_config(setting, per_setting, 1);
                rows.push(setting_result(
                    experiment,
                    setting,
                    &Summary::new(&config, results),
                )?);
            }
            series_results.push(SeriesResult {
                name: series.name.clone(),
                settings: rows,
            });
        }
        out.push(experiment_result(experiment, series_results, seconds));
    }
    Ok(out)
}

#[cfg(test)]
mod tests {
    use super::super::all;
    use super::*;

    #[test]
    fn the_definition_numbers_every_setting_of_the_chosen_experiments() {
        let chosen: Vec<Experiment> = all(0.01).into_iter().filter(|e| e.number == 2).collect();
        let d = ExperimentsDefinition::new(&chosen, 3, 0.01);
        assert_eq!(d.settings.len(), 6);
        assert_eq!(d.total_games(), 18);
        assert_eq!(d.numbers(), [2]);
        assert_eq!(
            (d.settings[1].label.as_str(), d.settings[1].setting),
            ("0.05", 1)
        );
        let back: ExperimentsDefinition =
            serde_json::from_value(d.to_json().expect("json")).expect("reads back");
        assert_eq!(back, d);
    }

    #[test]
    fn assembling_checks_the_count_and_each_game_s_setting() {
        let chosen: Vec<Experiment> = all(0.01).into_iter().filter(|e| e.number == 2).collect();
        let none = assemble(&chosen, 1, Vec::new()).expect_err("no games");
        assert_eq!(
            none.to_string(),
            "the chosen experiments have 6 games but the shards hold 0"
        );
        let mut games = play_shard(&chosen, 1, 1, Shard::WHOLE, &|_| {}).expect("played");
        assert_eq!(games.len(), 6);
        let results = assemble(&chosen, 1, games.clone()).expect("assembled");
        assert_eq!(results[0].series[0].settings.len(), 6);
        assert_eq!(results[0].series[0].settings[5].games, 1);
        games.swap(1, 2);
        let err = assemble(&chosen, 1, games).expect_err("out of place");
        assert!(
            matches!(err, ExperimentError::Mislabelled { game: 2 }),
            "{err}"
        );
    }
}
