//! The experiment table: how each experiment's series are built from the
//! thesis's rows, at a budget scaled from the thesis's.

use super::rows::{
    Row, Switch, EQUAL_TIME_MS, MAXD_ROWS, PLAYOUT_ROWS, SKIP_ROWS, SLOPE_ROWS, SWITCHES,
    THESIS_2S_MAXD5, UCT_C_ROWS, WALL_WEIGHT_ROWS,
};
use super::{Experiment, ExperimentSetting, Series};
use quoridor_engines::{EngineConfig, Limits, UctParams};
use quoridor_text::group_digits;

fn with_playouts(p: &EngineConfig, playouts: u64) -> EngineConfig {
    let mut config = p.clone();
    config.params.limits = Limits::playouts(playouts);
    config
}

fn with_time(p: &EngineConfig, ms: u64) -> EngineConfig {
    let mut config = p.clone();
    config.params.limits = Limits::time_ms(ms);
    config
}

/// A series where the tested engine differs from `fixed` by `change(value)`,
/// both with the budget `fixed` has.
fn series<T: Copy>(
    name: &str,
    fixed: &EngineConfig,
    rows: &[(&str, T, Option<u32>)],
    change: impl Fn(&mut EngineConfig, T),
) -> Series {
    Series {
        name: name.to_string(),
        settings: rows
            .iter()
            .map(|&(label, value, thesis)| {
                let mut tested = fixed.clone();
                change(&mut tested, value);
                ExperimentSetting {
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
fn fixed_point(playouts: u64, maxd: Option<u32>, wall_weight: f64, slope: f64) -> EngineConfig {
    let mut config = with_playouts(&EngineConfig::thesis_fixed_point(), playouts);
    config.params.score_slope = slope;
    config.uct = UctParams {
        max_playout_moves: maxd,
        wall_weight,
        ..config.uct
    };
    config
}

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
    ) -> EngineConfig {
        fixed_point(self.playouts(playouts), maxd, wall_weight, slope)
    }
}

/// One of experiments 1–6 in the table: what it is and how its series are
/// built.
struct ExperimentRecipe {
    number: u8,
    title: &'static str,
    parameter: &'static str,
    setup: &'static str,
    series: fn(Budget) -> Vec<Series>,
}

/// Experiments 1–6.
const EXPERIMENTS: [ExperimentRecipe; 6] = [
    ExperimentRecipe {
        number: 1,
        title: "Playouts per move",
        parameter: "playouts per move",
        setup: "The fixed point makes 2,500 playouts a move; the tested engine, otherwise the same, makes the number in the first column. The thesis's table gives the fixed point maxd 0 (evaluate right after expansion), unlike its other experiments. The first series follows the table; the second uses maxd 2 like the rest.",
        series: playouts_series,
    },
    ExperimentRecipe {
        number: 2,
        title: "UCT constant C",
        parameter: "C",
        setup: "The thesis gave both sides 1.5 s a move, which it says came to 2,500–3,000 playouts; we give both 2,500 playouts.",
        series: |b| {
            let fixed = b.fixed_point(2500, Some(2), 1.0, 0.3);
            vec![series(&b.equal(2500), &fixed, &UCT_C_ROWS, |p, v| p.uct.uct_c = v)]
        },
    },
    ExperimentRecipe {
        number: 3,
        title: "Maximum playout length maxd",
        parameter: "maxd",
        setup: "The thesis gave both sides 2 s a move and counted the playouts each maxd made in that time (3,624 at maxd 0 down to 86 when playing to the end). The first series gives each maxd exactly the thesis's count; the second gives every maxd 2,500 playouts, which separates the quality of a playout from its cost.",
        series: maxd_series,
    },
    ExperimentRecipe {
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
    ExperimentRecipe {
        number: 5,
        title: "Score slope",
        parameter: "score slope",
        setup: "2 s a move in the thesis (2,630 playouts here), maxd 5, wall weight 0.25. The thesis's smallest slope is 0, which makes every evaluation a draw; our engine needs a slope above 0, so that row uses 0.01.",
        series: |b| {
            let fixed = b.fixed_point(THESIS_2S_MAXD5, Some(5), 0.25, 0.3);
            vec![series(&b.equal(THESIS_2S_MAXD5), &fixed, &SLOPE_ROWS, |p, v| {
                p.params.score_slope = v;
            })]
        },
    },
    ExperimentRecipe {
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
            |p, v| p.params.limits = Limits::playouts(b.playouts(v)),
        ),
        series(
            "fixed point with maxd 2, as in the other experiments",
            &b.fixed_point(2500, Some(2), 1.0, 0.3),
            &unlabelled,
            |p, v| p.params.limits = Limits::playouts(b.playouts(v)),
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
            .map(|&(label, maxd, thesis, playouts)| ExperimentSetting {
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
fn switch_fixed_point(b: Budget) -> EngineConfig {
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
    let apply = |p: &mut EngineConfig, on: bool| {
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
                c.tested.params.limits.playouts_or_zero()
            ),
            (0.05, Some(55), 2500)
        );
        // Experiment 3 plays to the end with the thesis's 86 playouts.
        let inf = &list[2].series[0].settings[6];
        assert_eq!(
            (
                inf.tested.uct.max_playout_moves,
                inf.tested.params.limits.playouts_or_zero()
            ),
            (None, 86)
        );
        assert_eq!(inf.fixed.params.limits.playouts_or_zero(), 3469);
        // The fixed point's own row is played too (it should come out near 50%).
        assert_eq!(list[3].series[0].settings[3].tested.uct.wall_weight, 1.0);
    }

    #[test]
    fn scale_shrinks_every_budget() {
        for e in all(0.01) {
            for s in &e.series {
                for setting in &s.settings {
                    let budget = |p: &EngineConfig| {
                        p.params
                            .limits
                            .playouts_or_zero()
                            .max(p.params.limits.time_ms_or_zero())
                    };
                    assert!(budget(&setting.tested) <= 100, "experiment {}", e.number);
                    assert!(budget(&setting.fixed) <= 100);
                }
            }
        }
    }
}
