//! The thesis's ten parameter experiments (its §5.3) as arena matches: for
//! each setting of one parameter, the tested engine plays the experiment's
//! fixed point, each moving first in half the games, under playout limits so
//! the numbers do not depend on the machine. [`report`] turns the results into
//! `docs/experiments.md` and [`plot`] draws its SVG figures.

pub mod plot;
pub mod report;

use super::{run_match, Contender, MatchConfig, Summary};
use crate::game::Variant;
use crate::search::{Limits, SearchParams};
use crate::text::group_digits;
use serde::{Deserialize, Serialize};
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
        .max_playout_moves
        .map_or("∞".to_string(), |d| d.to_string());
    let skip = p
        .skip_from_depth
        .map_or("off".to_string(), |d| format!("from depth {d}"));
    let switches = [
        (7, p.smart_playouts),
        (8, p.remember_overlapping_walls),
        (9, p.remember_blocking_walls),
        (10, p.losing_move_detection),
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
        p.uct_c, p.wall_weight, p.score_slope
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
    SearchParams {
        max_playout_moves: maxd,
        wall_weight,
        score_slope: slope,
        ..with_playouts(&SearchParams::thesis_fixed_point(), playouts)
    }
}

/// Playouts the thesis's engine made in its 2 s with maxd 5 (its table 3).
const THESIS_2S_MAXD5: u64 = 2630;

/// Turns one of the thesis's switches 7–10 on.
type Switch = fn(&mut SearchParams);

/// Milliseconds a move in the equal-time series of experiments 7–10.
const EQUAL_TIME_MS: u64 = 10;

/// All ten experiments, budgets multiplied by `scale` (1 = the thesis's).
pub fn all(scale: f64) -> Vec<Experiment> {
    let n = |playouts: u64| ((playouts as f64 * scale).round() as u64).max(1);
    let ms = |ms: u64| ((ms as f64 * scale).round() as u64).max(1);
    let equal = |p: u64| format!("equal playouts: {} a move", group_digits(n(p), ','));
    let mut list = Vec::new();

    let fp1 = fixed_point(n(2500), Some(0), 1.0, 0.3);
    let rows1: [(&str, u64, Option<u32>); 6] = [
        ("250", 250, Some(14)),
        ("500", 500, Some(24)),
        ("1000", 1000, Some(29)),
        ("2500", 2500, Some(50)),
        ("5000", 5000, Some(70)),
        ("10000", 10000, Some(72)),
    ];
    list.push(Experiment {
        number: 1,
        title: "Playouts per move",
        parameter: "playouts per move",
        setup: "The fixed point makes 2,500 playouts a move; the tested engine, otherwise the same, makes the number in the first column. The thesis's table gives the fixed point maxd 0 (evaluate right after expansion), unlike its other experiments. The first series follows the table; the second uses maxd 2 like the rest.".into(),
        series: vec![
            series("fixed point as in the thesis's table (maxd 0)", &fp1, &rows1, |p, v| {
                p.limits = Limits::playouts(n(v));
            }),
            series(
                "fixed point with maxd 2, as in the other experiments",
                &fixed_point(n(2500), Some(2), 1.0, 0.3),
                &rows1.map(|(label, v, _)| (label, v, None)),
                |p, v| p.limits = Limits::playouts(n(v)),
            ),
        ],
    });

    let fp2 = fixed_point(n(2500), Some(2), 1.0, 0.3);
    let rows2 = [
        ("0", 0.0, Some(41)),
        ("0.05", 0.05, Some(55)),
        ("0.1", 0.1, Some(50)),
        ("0.25", 0.25, Some(38)),
        ("0.5", 0.5, Some(7)),
        ("1", 1.0, Some(0)),
    ];
    list.push(Experiment {
        number: 2,
        title: "UCT constant C",
        parameter: "C",
        setup: "The thesis gave both sides 1.5 s a move, which it says came to 2,500–3,000 playouts; we give both 2,500 playouts.".into(),
        series: vec![series(&equal(2500), &fp2, &rows2, |p, v| p.uct_c = v)],
    });

    // The thesis measured how many playouts each maxd made in 2 s; giving
    // each engine that many reproduces its equal-time conditions.
    let rows3: [(&str, Option<u32>, Option<u32>, u64); 7] = [
        ("0", Some(0), Some(39), 3624),
        ("1", Some(1), Some(67), 3555),
        ("2", Some(2), Some(50), 3469),
        ("5", Some(5), Some(75), 2630),
        ("10", Some(10), Some(45), 2186),
        ("20", Some(20), Some(24), 920),
        ("∞", None, Some(0), 86),
    ];
    let fp3 = fixed_point(n(3469), Some(2), 1.0, 0.3);
    let thesis_time = Series {
        name: "the thesis's 2 s a move: each maxd gets the playouts the thesis made with it".into(),
        settings: rows3
            .iter()
            .map(|&(label, maxd, thesis, playouts)| Setting {
                label: label.to_string(),
                tested: SearchParams {
                    max_playout_moves: maxd,
                    ..with_playouts(&fp3, n(playouts))
                },
                fixed: fp3.clone(),
                thesis,
            })
            .collect(),
    };
    let fp3b = fixed_point(n(2500), Some(2), 1.0, 0.3);
    let rows3b: Vec<(&str, Option<u32>, Option<u32>)> = rows3
        .iter()
        .map(|&(label, maxd, _, _)| (label, maxd, None))
        .collect();
    list.push(Experiment {
        number: 3,
        title: "Maximum playout length maxd",
        parameter: "maxd",
        setup: "The thesis gave both sides 2 s a move and counted the playouts each maxd made in that time (3,624 at maxd 0 down to 86 when playing to the end). The first series gives each maxd exactly the thesis's count; the second gives every maxd 2,500 playouts, which separates the quality of a playout from its cost.".into(),
        series: vec![
            thesis_time,
            series(&equal(2500), &fp3b, &rows3b, |p, v| p.max_playout_moves = v),
        ],
    });

    let fp4 = fixed_point(n(THESIS_2S_MAXD5), Some(5), 1.0, 0.3);
    let rows4 = [
        ("0", 0.0, Some(64)),
        ("0.25", 0.25, Some(83)),
        ("0.5", 0.5, Some(67)),
        ("1", 1.0, Some(50)),
        ("2", 2.0, Some(22)),
        ("3", 3.0, Some(7)),
        ("4", 4.0, Some(5)),
    ];
    list.push(Experiment {
        number: 4,
        title: "Wall weight in the evaluation",
        parameter: "wall weight",
        setup: "2 s a move in the thesis, maxd 5, so we give both sides the 2,630 playouts the thesis made at maxd 5 in 2 s. The thesis's fixed-point table says wall weight 0.25, but its results put the untested 50 at weight 1, so the fixed point plays with 1.".into(),
        series: vec![series(&equal(THESIS_2S_MAXD5), &fp4, &rows4, |p, v| {
            p.wall_weight = v;
        })],
    });

    let fp5 = fixed_point(n(THESIS_2S_MAXD5), Some(5), 0.25, 0.3);
    let rows5 = [
        ("0.01", 0.01, Some(0)),
        ("0.1", 0.1, Some(11)),
        ("0.2", 0.2, Some(40)),
        ("0.3", 0.3, Some(50)),
        ("0.5", 0.5, Some(69)),
        ("0.75", 0.75, Some(58)),
        ("1", 1.0, Some(39)),
    ];
    list.push(Experiment {
        number: 5,
        title: "Score slope",
        parameter: "score slope",
        setup: "2 s a move in the thesis (2,630 playouts here), maxd 5, wall weight 0.25. The thesis's smallest slope is 0, which makes every evaluation a draw; our engine needs a slope above 0, so that row uses 0.01.".into(),
        series: vec![series(&equal(THESIS_2S_MAXD5), &fp5, &rows5, |p, v| {
            p.score_slope = v;
        })],
    });

    let fp6 = fixed_point(n(THESIS_2S_MAXD5), Some(5), 0.25, 0.5);
    let rows6 = [
        ("0", Some(0), Some(64)),
        ("1", Some(1), Some(50)),
        ("2", Some(2), Some(47)),
        ("3", Some(3), Some(53)),
        ("4", Some(4), Some(55)),
        ("off", None, Some(50)),
    ];
    list.push(Experiment {
        number: 6,
        title: "Node skipping from depth d",
        parameter: "skipping from depth",
        setup: "2 s a move in the thesis (2,630 playouts here), maxd 5, wall weight 0.25, slope 0.5; the fixed point never skips.".into(),
        series: vec![series(&equal(THESIS_2S_MAXD5), &fp6, &rows6, |p, v| {
            p.skip_from_depth = v;
        })],
    });

    let switches: [(u8, &str, &str, Switch); 4] = [
        (7, "Smart playouts", "every second playout move of each player is a shortest-path pawn step", |p| p.smart_playouts = true),
        (8, "Remembering overlapping walls", "a wall that overlaps a placed wall stays forbidden in the subtree", |p| p.remember_overlapping_walls = true),
        (9, "Remembering blocking walls", "a wall that cut a pawn off stays forbidden while the pawn stays in the cut-off region", |p| p.remember_blocking_walls = true),
        (10, "Losing-move detection", "a move that lets the opponent win at once is removed, and a node whose moves are all removed is lost", |p| p.losing_move_detection = true),
    ];
    for (number, title, what, switch_on) in switches {
        let setup = format!(
            "The thesis describes this switch ({what}) but reports no results for it. The fixed point is experiment 6's (maxd 5, wall weight 0.25, slope 0.5, no skipping); the tested engine is the same with the switch on. Equal playouts show what the switch does to the quality of the search, equal time (on this machine) also what it does to its speed."
        );
        let rows = [("off", false), ("on", true)];
        let apply = |p: &mut SearchParams, on: bool| {
            if on {
                switch_on(p);
            }
        };
        let playouts = series(
            &equal(THESIS_2S_MAXD5),
            &fp6,
            &rows.map(|(l, v)| (l, v, None)),
            apply,
        );
        let timed = series(
            &format!("equal time: {} ms a move", ms(EQUAL_TIME_MS)),
            &with_time(&fp6, ms(EQUAL_TIME_MS)),
            &rows.map(|(l, v)| (l, v, None)),
            apply,
        );
        list.push(Experiment {
            number,
            title,
            parameter: "switch",
            setup,
            series: vec![playouts, timed],
        });
    }
    list
}

/// Plays every setting of `experiment`, `games` games each on `threads`
/// threads; `progress` hears one line per finished setting.
pub fn run(
    experiment: &Experiment,
    games: usize,
    threads: usize,
    progress: &dyn Fn(&str),
) -> Result<ExperimentResult, String> {
    let started = Instant::now();
    let variant = Variant::default();
    let mut series_results = Vec::new();
    for series in &experiment.series {
        let mut settings = Vec::new();
        for setting in &series.settings {
            let t0 = Instant::now();
            let mut config = MatchConfig::new(
                Contender::internal(&setting.label, setting.tested.clone()),
                Contender::internal("fixed point", setting.fixed.clone()),
                variant,
            );
            config.games = games;
            config.threads = threads;
            config.limit = None;
            let summary = Summary::new(&config, run_match(&config, &|_, _| {})?);
            if let Some(forfeit) = summary.forfeits.first() {
                return Err(format!(
                    "experiment {}, {}: {forfeit}",
                    experiment.number, setting.label
                ));
            }
            progress(&format!(
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
                t0.elapsed().as_secs_f64()
            ));
            settings.push(SettingResult {
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
            });
        }
        series_results.push(SeriesResult {
            name: series.name.clone(),
            settings,
        });
    }
    let fixed = experiment
        .series
        .first()
        .and_then(|s| s.settings.first())
        .map_or(String::new(), |s| thesis_terms(&s.fixed));
    Ok(ExperimentResult {
        number: experiment.number,
        title: experiment.title.to_string(),
        parameter: experiment.parameter.to_string(),
        setup: experiment.setup.clone(),
        fixed_point: fixed,
        series: series_results,
        seconds: started.elapsed().as_secs_f64(),
    })
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
                    assert_eq!(t.tree_reuse, setting.fixed.tree_reuse);
                    assert!(!t.solver && !setting.fixed.solver);
                }
            }
        }
        // Experiment 2 at C 0.05: 55 wins in the thesis, both at 2,500.
        let c = &list[1].series[0].settings[1];
        assert_eq!(
            (c.tested.uct_c, c.thesis, c.tested.limits.playouts_or_zero()),
            (0.05, Some(55), 2500)
        );
        // Experiment 3 plays to the end with the thesis's 86 playouts.
        let inf = &list[2].series[0].settings[6];
        assert_eq!(
            (
                inf.tested.max_playout_moves,
                inf.tested.limits.playouts_or_zero()
            ),
            (None, 86)
        );
        assert_eq!(inf.fixed.limits.playouts_or_zero(), 3469);
        // The fixed point's own row is played too (it should come out near 50%).
        assert_eq!(list[3].series[0].settings[3].tested.wall_weight, 1.0);
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
