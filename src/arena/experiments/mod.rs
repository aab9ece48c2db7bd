//! The thesis's ten parameter experiments (its §5.3) as arena matches: for
//! each setting of one parameter, the tested engine plays the experiment's
//! fixed point, each moving first in half the games, under playout limits so
//! the numbers do not depend on the machine. [`report`] turns the results into
//! `docs/experiments.md` and [`plot`] draws its SVG figures.

pub mod plot;
pub mod report;
pub mod shards;

use super::{run_match, Contender, MatchConfig, MatchError, Summary, Tally};
use crate::game::Variant;
use crate::search::{EngineConfig, Limits, SearchParams, UctParams};
use crate::text::group_digits;
use serde::{Deserialize, Serialize};
use std::fmt;
use std::time::Instant;

/// One row of an experiment: the tested engine's settings against the fixed
/// point, and the thesis's result for it.
#[derive(Clone, Debug)]
pub struct Setting {
    /// The parameter's value as shown in the table ("0.05", "∞", "on").
    pub label: String,
    /// The tested engine (its `playouts`/`time_ms` are its budget).
    pub tested: SearchParams,
    /// The fixed point it plays (its own budget).
    pub fixed: SearchParams,
    /// The tested engine's wins out of 100 in the thesis, if it reports them.
    pub thesis: Option<u32>,
}

/// A sequence of settings played under one kind of budget.
#[derive(Clone, Debug)]
pub struct Series {
    /// What is held equal ("equal playouts: 2,500 a move").
    pub name: String,
    /// The rows.
    pub settings: Vec<Setting>,
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

/// Describes settings in the thesis's ten-parameter terms.
///
/// ```
/// use quoridor::search::SearchParams;
/// let text = quoridor::arena::experiments::thesis_terms(&SearchParams::thesis_fixed_point());
/// assert_eq!(text, "2,500 playouts · C 0.1 · maxd 2 · wall weight 1 · slope 0.3 · skipping off · 7–10 off");
/// ```
pub fn thesis_terms(p: &SearchParams) -> String {
    let budget = match p.limits.playouts {
        Some(n) => format!("{} playouts", group_digits(n.get(), ',')),
        None => format!("{} ms", p.limits.time_ms_or_zero()),
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
        p.uct.uct_c, p.uct.wall_weight, p.score_slope
    )
}

fn with_playouts(p: &SearchParams, playouts: u64) -> SearchParams {
    SearchParams {
        limits: Limits::playouts(playouts),
        ..p.clone()
    }
}

fn with_time(p: &SearchParams, ms: u64) -> SearchParams {
    SearchParams {
        limits: Limits::time_ms(ms),
        ..p.clone()
    }
}

/// A series where the tested engine differs from `fixed` by `change(value)`,
/// both with the budget `fixed` has.
fn series<T: Copy>(
    name: &str,
    fixed: &SearchParams,
    rows: &[(&str, T, Option<u32>)],
    change: impl Fn(&mut SearchParams, T),
) -> Series {
    Series {
        name: name.to_string(),
        settings: rows
            .iter()
            .map(|&(label, value, thesis)| {
                let mut tested = fixed.clone();
                change(&mut tested, value);
                Setting {
                    label: label.to_string(),
                    tested,
                    fixed: fixed.clone(),
                    thesis,
                }
            })
            .collect(),
    }
}

/// The thesis's fixed point with a playout budget and the given constants.
fn fixed_point(playouts: u64, maxd: Option<u32>, wall_weight: f64, slope: f64) -> SearchParams {
    let base = with_playouts(&SearchParams::thesis_fixed_point(), playouts);
    SearchParams {
        score_slope: slope,
        uct: UctParams {
            max_playout_moves: maxd,
            wall_weight,
            ..base.uct.clone()
        },
        ..base
    }
}

/// Playouts the thesis's engine made in its 2 s with maxd 5 (its table 3).
const THESIS_2S_MAXD5: u64 = 2630;

/// Turns one of the thesis's switches 7–10 on.
type Switch = fn(&mut SearchParams);

/// Milliseconds a move in the equal-time series of experiments 7–10.
const EQUAL_TIME_MS: u64 = 10;

/// A row of an experiment's table: the label, the tested value and the
/// thesis's wins out of 100.
type Row<T> = (&'static str, T, Option<u32>);

/// Experiment 1: playouts a move against the fixed point's 2,500.
const PLAYOUT_ROWS: [Row<u64>; 6] = [
    ("250", 250, Some(14)),
    ("500", 500, Some(24)),
    ("1000", 1000, Some(29)),
    ("2500", 2500, Some(50)),
    ("5000", 5000, Some(70)),
    ("10000", 10000, Some(72)),
];

/// Experiment 2: the UCT constant C.
const UCT_C_ROWS: [Row<f64>; 6] = [
    ("0", 0.0, Some(41)),
    ("0.05", 0.05, Some(55)),
    ("0.1", 0.1, Some(50)),
    ("0.25", 0.25, Some(38)),
    ("0.5", 0.5, Some(7)),
    ("1", 1.0, Some(0)),
];

/// Experiment 3: maxd, with the playouts the thesis made with it in 2 s (so
/// giving each engine that many reproduces its equal-time conditions).
const MAXD_ROWS: [(&str, Option<u32>, Option<u32>, u64); 7] = [
    ("0", Some(0), Some(39), 3624),
    ("1", Some(1), Some(67), 3555),
    ("2", Some(2), Some(50), 3469),
    ("5", Some(5), Some(75), 2630),
    ("10", Some(10), Some(45), 2186),
    ("20", Some(20), Some(24), 920),
    ("∞", None, Some(0), 86),
];

/// Experiment 4: the wall weight in the evaluation.
const WALL_WEIGHT_ROWS: [Row<f64>; 7] = [
    ("0", 0.0, Some(64)),
    ("0.25", 0.25, Some(83)),
    ("0.5", 0.5, Some(67)),
    ("1", 1.0, Some(50)),
    ("2", 2.0, Some(22)),
    ("3", 3.0, Some(7)),
    ("4", 4.0, Some(5)),
];

/// Experiment 5: the score slope.
const SLOPE_ROWS: [Row<f64>; 7] = [
    ("0.01", 0.01, Some(0)),
    ("0.1", 0.1, Some(11)),
    ("0.2", 0.2, Some(40)),
    ("0.3", 0.3, Some(50)),
    ("0.5", 0.5, Some(69)),
    ("0.75", 0.75, Some(58)),
    ("1", 1.0, Some(39)),
];

/// Experiment 6: node skipping from depth d.
const SKIP_ROWS: [Row<Option<u32>>; 6] = [
    ("0", Some(0), Some(64)),
    ("1", Some(1), Some(50)),
    ("2", Some(2), Some(47)),
    ("3", Some(3), Some(53)),
    ("4", Some(4), Some(55)),
    ("off", None, Some(50)),
];

/// Experiments 7–10: the thesis's switches, with what each does.
const SWITCHES: [(u8, &str, &str, Switch); 4] = [
    (7, "Smart playouts", "every second playout move of each player is a shortest-path pawn step", |p| p.uct.smart_playouts = true),
    (8, "Remembering overlapping walls", "a wall that overlaps a placed wall stays forbidden in the subtree", |p| p.uct.remember_overlapping_walls = true),
    (9, "Remembering blocking walls", "a wall that cut a pawn off stays forbidden while the pawn stays in the cut-off region", |p| p.uct.remember_blocking_walls = true),
    (10, "Losing-move detection", "a move that lets the opponent win at once is removed, and a node whose moves are all removed is lost", |p| p.uct.losing_move_detection = true),
];

/// The budgets of one run: the thesis's multiplied by `scale`.
#[derive(Clone, Copy)]
struct Budget {
    scale: f64,
}

impl Budget {
    fn playouts(self, playouts: u64) -> u64 {
        ((playouts as f64 * self.scale).round() as u64).max(1)
    }

    fn ms(self, ms: u64) -> u64 {
        ((ms as f64 * self.scale).round() as u64).max(1)
    }

    /// The name of an equal-playouts series.
    fn equal(self, playouts: u64) -> String {
        format!(
            "equal playouts: {} a move",
            group_digits(self.playouts(playouts), ',')
        )
    }

    /// The thesis's fixed point with `playouts` (scaled) and the constants.
    fn fixed_point(
        self,
        playouts: u64,
        maxd: Option<u32>,
        wall_weight: f64,
        slope: f64,
    ) -> SearchParams {
        fixed_point(self.playouts(playouts), maxd, wall_weight, slope)
    }
}

/// One of experiments 1–6 in the table: what it is and how its series are
/// built.
struct Entry {
    number: u8,
    title: &'static str,
    parameter: &'static str,
    setup: &'static str,
    series: fn(Budget) -> Vec<Series>,
}

/// Experiments 1–6.
const EXPERIMENTS: [Entry; 6] = [
    Entry {
        number: 1,
        title: "Playouts per move",
        parameter: "playouts per move",
        setup: "The fixed point makes 2,500 playouts a move; the tested engine, otherwise the same, makes the number in the first column. The thesis's table gives the fixed point maxd 0 (evaluate right after expansion), unlike its other experiments. The first series follows the table; the second uses maxd 2 like the rest.",
        series: playouts_series,
    },
    Entry {
        number: 2,
        title: "UCT constant C",
        parameter: "C",
        setup: "The thesis gave both sides 1.5 s a move, which it says came to 2,500–3,000 playouts; we give both 2,500 playouts.",
        series: |b| {
            let fixed = b.fixed_point(2500, Some(2), 1.0, 0.3);
            vec![series(&b.equal(2500), &fixed, &UCT_C_ROWS, |p, v| p.uct.uct_c = v)]
        },
    },
    Entry {
        number: 3,
        title: "Maximum playout length maxd",
        parameter: "maxd",
        setup: "The thesis gave both sides 2 s a move and counted the playouts each maxd made in that time (3,624 at maxd 0 down to 86 when playing to the end). The first series gives each maxd exactly the thesis's count; the second gives every maxd 2,500 playouts, which separates the quality of a playout from its cost.",
        series: maxd_series,
    },
    Entry {
        number: 4,
        title: "Wall weight in the evaluation",
        parameter: "wall weight",
        setup: "2 s a move in the thesis, maxd 5, so we give both sides the 2,630 playouts the thesis made at maxd 5 in 2 s. The thesis's fixed-point table says wall weight 0.25, but its results put the untested 50 at weight 1, so the fixed point plays with 1.",
        series: |b| {
            let fixed = b.fixed_point(THESIS_2S_MAXD5, Some(5), 1.0, 0.3);
            vec![series(&b.equal(THESIS_2S_MAXD5), &fixed, &WALL_WEIGHT_ROWS, |p, v| {
                p.uct.wall_weight = v;
            })]
        },
    },
    Entry {
        number: 5,
        title: "Score slope",
        parameter: "score slope",
        setup: "2 s a move in the thesis (2,630 playouts here), maxd 5, wall weight 0.25. The thesis's smallest slope is 0, which makes every evaluation a draw; our engine needs a slope above 0, so that row uses 0.01.",
        series: |b| {
            let fixed = b.fixed_point(THESIS_2S_MAXD5, Some(5), 0.25, 0.3);
            vec![series(&b.equal(THESIS_2S_MAXD5), &fixed, &SLOPE_ROWS, |p, v| {
                p.score_slope = v;
            })]
        },
    },
    Entry {
        number: 6,
        title: "Node skipping from depth d",
        parameter: "skipping from depth",
        setup: "2 s a move in the thesis (2,630 playouts here), maxd 5, wall weight 0.25, slope 0.5; the fixed point never skips.",
        series: |b| {
            vec![series(&b.equal(THESIS_2S_MAXD5), &switch_fixed_point(b), &SKIP_ROWS, |p, v| {
                p.uct.skip_from_depth = v;
            })]
        },
    },
];

/// Experiment 1's series: the thesis's table (maxd 0) and maxd 2.
fn playouts_series(b: Budget) -> Vec<Series> {
    let unlabelled = PLAYOUT_ROWS.map(|(label, v, _)| (label, v, None));
    vec![
        series(
            "fixed point as in the thesis's table (maxd 0)",
            &b.fixed_point(2500, Some(0), 1.0, 0.3),
            &PLAYOUT_ROWS,
            |p, v| p.limits = Limits::playouts(b.playouts(v)),
        ),
        series(
            "fixed point with maxd 2, as in the other experiments",
            &b.fixed_point(2500, Some(2), 1.0, 0.3),
            &unlabelled,
            |p, v| p.limits = Limits::playouts(b.playouts(v)),
        ),
    ]
}

/// Experiment 3's series: the thesis's playouts for each maxd, then equal
/// playouts.
fn maxd_series(b: Budget) -> Vec<Series> {
    let fixed = b.fixed_point(3469, Some(2), 1.0, 0.3);
    let thesis_time = Series {
        name: "the thesis's 2 s a move: each maxd gets the playouts the thesis made with it".into(),
        settings: MAXD_ROWS
            .iter()
            .map(|&(label, maxd, thesis, playouts)| Setting {
                label: label.to_string(),
                tested: {
                    let mut tested = with_playouts(&fixed, b.playouts(playouts));
                    tested.uct.max_playout_moves = maxd;
                    tested
                },
                fixed: fixed.clone(),
                thesis,
            })
            .collect(),
    };
    let rows: Vec<Row<Option<u32>>> = MAXD_ROWS
        .iter()
        .map(|&(label, maxd, _, _)| (label, maxd, None))
        .collect();
    vec![
        thesis_time,
        series(
            &b.equal(2500),
            &b.fixed_point(2500, Some(2), 1.0, 0.3),
            &rows,
            |p, v| p.uct.max_playout_moves = v,
        ),
    ]
}

/// Experiment 6's fixed point, which experiments 7–10 share.
fn switch_fixed_point(b: Budget) -> SearchParams {
    b.fixed_point(THESIS_2S_MAXD5, Some(5), 0.25, 0.5)
}

/// Experiments 7–10: one switch on against experiment 6's fixed point, at
/// equal playouts and at equal time.
fn switch_experiment(
    b: Budget,
    (number, title, what, switch_on): (u8, &'static str, &str, Switch),
) -> Experiment {
    let setup = format!(
        "The thesis describes this switch ({what}) but reports no results for it. The fixed point is experiment 6's (maxd 5, wall weight 0.25, slope 0.5, no skipping); the tested engine is the same with the switch on. Equal playouts show what the switch does to the quality of the search, equal time (on this machine) also what it does to its speed."
    );
    let rows: [Row<bool>; 2] = [("off", false, None), ("on", true, None)];
    let apply = |p: &mut SearchParams, on: bool| {
        if on {
            switch_on(p);
        }
    };
    let fixed = switch_fixed_point(b);
    let playouts = series(&b.equal(THESIS_2S_MAXD5), &fixed, &rows, apply);
    let timed = series(
        &format!("equal time: {} ms a move", b.ms(EQUAL_TIME_MS)),
        &with_time(&fixed, b.ms(EQUAL_TIME_MS)),
        &rows,
        apply,
    );
    Experiment {
        number,
        title,
        parameter: "switch",
        setup,
        series: vec![playouts, timed],
    }
}

/// All ten experiments, budgets multiplied by `scale` (1 = the thesis's).
pub fn all(scale: f64) -> Vec<Experiment> {
    let budget = Budget { scale };
    let table = EXPERIMENTS.iter().map(|e| Experiment {
        number: e.number,
        title: e.title,
        parameter: e.parameter,
        setup: e.setup.to_string(),
        series: (e.series)(budget),
    });
    let switches = SWITCHES.iter().map(|&s| switch_experiment(budget, s));
    table.chain(switches).collect()
}

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

/// Why an experiment could not be completed.
#[derive(Clone, Debug, PartialEq)]
pub enum ExperimentError {
    /// A match could not be played to the end.
    Match(MatchError),
    /// An engine forfeited a game, which in-process engines never should.
    Forfeit {
        /// The experiment's number.
        experiment: u8,
        /// The setting's label.
        setting: String,
        /// The summary's forfeit line.
        line: String,
    },
    /// A merged game's experiment, series or setting is not the one its
    /// number stands for in the list of all settings' games.
    Mislabelled {
        /// The game's number in that list.
        game: usize,
    },
    /// The merged games are not the whole list of the chosen settings'.
    Incomplete {
        /// Games the settings need.
        expected: usize,
        /// Games there are.
        found: usize,
    },
}

impl fmt::Display for ExperimentError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            ExperimentError::Match(e) => e.fmt(f),
            ExperimentError::Forfeit {
                experiment,
                setting,
                line,
            } => write!(f, "experiment {experiment}, {setting}: {line}"),
            ExperimentError::Mislabelled { game } => write!(
                f,
                "game index {game} of the shards is labelled with another setting than the experiments' list"
            ),
            ExperimentError::Incomplete { expected, found } => write!(
                f,
                "the chosen experiments have {expected} games but the shards hold {found}"
            ),
        }
    }
}

impl std::error::Error for ExperimentError {}

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
fn experiment_result(
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
/// `games` games on `threads` threads, each side with its own budget.
fn setting_config(setting: &Setting, games: usize, threads: usize) -> MatchConfig {
    let mut config = MatchConfig::new(
        Contender::internal(&setting.label, EngineConfig::uct(setting.tested.clone())),
        Contender::internal("fixed point", EngineConfig::uct(setting.fixed.clone())),
        Variant::default(),
    );
    config.games = games;
    config.threads = threads;
    config.limit = None;
    config
}

/// A setting's row from the summary of its games; a forfeit (which
/// in-process engines never should) is an error.
fn setting_result(
    experiment: &Experiment,
    setting: &Setting,
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
        playouts_per_move: summary.a.playouts_per_move,
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
    setting: &Setting,
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

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_ten_experiments_follow_the_thesis_tables() {
        let list = all(1.0);
        let numbers: Vec<u8> = list.iter().map(|e| e.number).collect();
        assert_eq!(numbers, (1..=10).collect::<Vec<u8>>());
        for e in &list {
            for s in &e.series {
                assert!(s.settings.len() >= 2, "experiment {}", e.number);
                for setting in &s.settings {
                    // Neither side uses the engine's extensions.
                    let t = &setting.tested;
                    assert_eq!(t.uct.tree_reuse, setting.fixed.uct.tree_reuse);
                    assert!(!t.uct.solver && !setting.fixed.uct.solver);
                }
            }
        }
        // Experiment 2 at C 0.05: 55 wins in the thesis, both at 2,500.
        let c = &list[1].series[0].settings[1];
        assert_eq!(
            (
                c.tested.uct.uct_c,
                c.thesis,
                c.tested.limits.playouts_or_zero()
            ),
            (0.05, Some(55), 2500)
        );
        // Experiment 3 plays to the end with the thesis's 86 playouts.
        let inf = &list[2].series[0].settings[6];
        assert_eq!(
            (
                inf.tested.uct.max_playout_moves,
                inf.tested.limits.playouts_or_zero()
            ),
            (None, 86)
        );
        assert_eq!(inf.fixed.limits.playouts_or_zero(), 3469);
        // The fixed point's own row is played too (it should come out near 50%).
        assert_eq!(list[3].series[0].settings[3].tested.uct.wall_weight, 1.0);
    }

    #[test]
    fn scale_shrinks_every_budget() {
        for e in all(0.01) {
            for s in &e.series {
                for setting in &s.settings {
                    let budget = |p: &SearchParams| {
                        p.limits.playouts_or_zero().max(p.limits.time_ms_or_zero())
                    };
                    assert!(budget(&setting.tested) <= 100, "experiment {}", e.number);
                    assert!(budget(&setting.fixed) <= 100);
                }
            }
        }
    }
}
