//! Engine options: one table, [`OPTIONS`], with every [`EngineConfig`] field
//! written once — its name, kind and accepted values, label, doc line, getter
//! and setter. Each part of the settings brings its own options: the common
//! ones ([`common_options`]), each engine's ([`uct_options`],
//! [`alphabeta_options`]), and the three the table itself knows (level,
//! evaluation, engine kind); the table puts them in the protocol's order.
//! The engine protocol (`uci` option lines, `setoption`), share
//! links, the arena's `--a`/`--b` specs and the web app's engine panel all
//! read it. Defaults are not written here: they are the Default preset's
//! values, read through the getters. The protocol-level options that are not
//! one field (`board_size`, `walls`, `ply_limit`, `preset`) are the small
//! [`SetupOption`] table next to it.
//!
//! ```
//! use quoridor_engines::{option_value, set_option, EngineConfig};
//! let mut p = EngineConfig::default();
//! set_option(&mut p, "uct_c", "0.3").unwrap();
//! assert_eq!(option_value(&p, "uct_c").as_deref(), Some("0.3"));
//! let err = set_option(&mut p, "uct_c", "lots").unwrap_err();
//! assert_eq!(err.to_string(), "option uct_c needs a number of at least 0, got \"lots\"");
//! ```

use super::alphabeta::alphabeta_options;
use super::config::EngineConfig;
use super::levels::Level;
use super::setup_options::{parse_preset, GameSetup, SetupOption};
use super::uct::uct_options;
use crate::learned::Evaluator;
use quoridor_search::common_options;
use quoridor_search::EngineKind;
use quoridor_search::Evaluation;
use quoridor_search::LimitKind;
use quoridor_search::{EngineOption, OptionError, OptionKind, Refusal, Shown};
use quoridor_text::{quote_input, Choice};
use std::sync::LazyLock;

/// An option of the table: one [`EngineConfig`] field.
pub type ConfigOption = EngineOption<EngineConfig>;

/// The options only the table knows, over the whole [`EngineConfig`]: the
/// level (which replaces every setting), the evaluation and the engine kind.
#[rustfmt::skip]
fn config_options() -> Vec<ConfigOption> {
    vec![
    EngineOption {
        name: "level",
        label: "Level",
        doc: "A level of the ladder, 1 (weakest) to 10 (the full engine): replaces every engine option with the level's settings (docs/levels.md); off: settings of one's own",
        shown: Shown::Hidden,
        kind: OptionKind::Combo { values: &LEVEL_VALUES, get: level_value, set: set_level },
    },
    EngineOption {
        name: "eval",
        label: "Evaluation",
        doc: "How the engines score a position: auto (each engine's strongest in the matches: learned for both when the build has the network), classic (path lengths, walls in stock, tempo) or learned (the value network trained on self-play; 9x9 with 10 walls only, other boards keep classic)",
        shown: Shown::BothEnginesPanel,
        kind: OptionKind::Combo { values: Evaluation::NAMES, get: |p| p.params.eval.name(), set: set_eval },
    },
    EngineOption {
        name: "engine",
        label: "Engine",
        doc: "uct: Monte Carlo tree search; alphabeta: negamax with alpha-beta and the classic enhancements",
        shown: Shown::EngineChoice,
        kind: OptionKind::Combo { values: EngineKind::NAMES, get: |p| p.kind.name(), set: |p, v| { p.kind = v.parse()?; Ok(()) } },
    },
    ]
}

/// The options in the order the protocol, links and the engine panel list
/// them (a test checks that it names each option once).
const PROTOCOL_ORDER: [&str; 60] = [
    "level",
    "playouts",
    "time_ms",
    "uct_c",
    "max_playout_moves",
    "wall_weight",
    "score_slope",
    "skip_from_depth",
    "smart_playouts",
    "remember_overlapping_walls",
    "remember_blocking_walls",
    "losing_move_detection",
    "tree_reuse",
    "solver",
    "playout_policy",
    "path_bias",
    "near_walls_only",
    "widening",
    "priors",
    "c_puct",
    "fpu",
    "fpu_reduction",
    "root_noise",
    "root_noise_alpha",
    "tempo",
    "final_move",
    "win_length_penalty",
    "tie_break",
    "shortest_win",
    "pawn_race",
    "node_budget",
    "tree_mb",
    "eval",
    "engine",
    "hash",
    "ab_max_depth",
    "ab_tt",
    "ab_pvs",
    "ab_aspiration",
    "ab_aspiration_window",
    "ab_killers",
    "ab_history",
    "ab_ordering",
    "ab_policy_ordering",
    "ab_policy_depth",
    "ab_null_move",
    "ab_futility",
    "ab_futility_margin",
    "ab_near_walls",
    "ab_quiescence",
    "ab_goal_extension",
    "ab_exact_race",
    "ab_lmr",
    "ab_wall_weight",
    "ab_tempo",
    "temperature",
    "choice_margin",
    "book",
    "seed",
    "threads",
];

/// Every engine option, in [`PROTOCOL_ORDER`]: the table's own (level,
/// evaluation, engine), the common ones ([`common_options`]) and each
/// engine's ([`uct_options`], [`alphabeta_options`]), each over the whole
/// [`EngineConfig`].
pub static OPTIONS: LazyLock<Vec<ConfigOption>> = LazyLock::new(|| {
    let mut all: Vec<ConfigOption> = config_options();
    all.extend(common_options::<EngineConfig>());
    all.extend(uct_options::<EngineConfig>());
    all.extend(alphabeta_options::<EngineConfig>());
    all.sort_by_key(|o| PROTOCOL_ORDER.iter().position(|&n| n == o.name));
    all
});

/// The `level` option's words: `off`, then each level's number.
static LEVEL_VALUES: [&str; 11] = ["off", "1", "2", "3", "4", "5", "6", "7", "8", "9", "10"];

/// Option `level`'s value: the level's number, or `off`.
fn level_value(p: &EngineConfig) -> &'static str {
    p.params
        .level
        .and_then(|n| LEVEL_VALUES.get(usize::from(n)))
        .copied()
        .unwrap_or(LEVEL_VALUES[0])
}

/// Sets option `level`: a level replaces every setting; `off` only drops
/// the label and keeps the settings.
fn set_level(p: &mut EngineConfig, value: &str) -> Result<(), Refusal> {
    let i = LEVEL_VALUES
        .iter()
        .position(|v| v.eq_ignore_ascii_case(value.trim()))
        .ok_or(Refusal::NotAValue)?;
    match u8::try_from(i).ok().and_then(Level::get) {
        Some(level) => *p = level.config(),
        None => p.params.level = None,
    }
    Ok(())
}

/// Sets option `eval`. Whether `learned` has a network is not known here:
/// the settings are checked against the engines' evaluator where they are
/// applied (`learned::Evaluator::refusal`).
fn set_eval(p: &mut EngineConfig, value: &str) -> Result<(), Refusal> {
    let eval: Evaluation = value.parse()?;
    p.params.eval = eval;
    Ok(())
}

/// The option of the limit `kind` (`playouts` or `time_ms`; a test checks
/// that both exist).
pub fn limit_option(kind: LimitKind) -> Option<&'static ConfigOption> {
    OPTIONS.iter().find(|o| o.shown == Shown::LimitSlider(kind))
}

/// The engine option called `name`, if there is one.
pub fn find_option(name: &str) -> Option<&'static ConfigOption> {
    OPTIONS.iter().find(|o| o.name == name)
}

/// The value of engine option `name` as text (the form [`set_option`] reads).
pub fn option_value(p: &EngineConfig, name: &str) -> Option<String> {
    find_option(name).map(|o| o.value(p))
}

/// Sets engine option `name` (or `preset`, which replaces every setting and
/// picks UCT) from text; on error nothing changes.
pub fn set_option(p: &mut EngineConfig, name: &str, value: &str) -> Result<(), OptionError> {
    match find_option(name) {
        Some(option) => option.set(p, value),
        None if name == SetupOption::Preset.name() => {
            *p = parse_preset(value)?.config();
            Ok(())
        }
        None => Err(OptionError::unknown(
            name,
            OPTIONS
                .iter()
                .map(|o| o.name)
                .chain([SetupOption::Preset.name()]),
        )),
    }
}

/// Refuses option `name`'s `value` when setting it left `config` with
/// an evaluation `evaluator` cannot score with (`eval=learned`, or a
/// level that uses it, without a network): the error the protocols and
/// specs report, naming the option and value given. The caller keeps
/// its settings from before.
pub fn admit_option(
    evaluator: &Evaluator,
    config: &EngineConfig,
    name: &str,
    value: &str,
) -> Result<(), OptionError> {
    match evaluator.refusal(config.params.eval) {
        None => Ok(()),
        Some(why) => Err(OptionError::Unavailable {
            name: protocol_option_names()
                .find(|known| known.eq_ignore_ascii_case(name.trim()))
                .unwrap_or("eval"),
            value: quote_input(value),
            why,
        }),
    }
}

/// Sets option `name` of `config` to `value` as
/// [`set_option`] does, refusing what `evaluator`
/// cannot score with ([`admit_option`]); a refused value
/// leaves `config` as it was.
pub fn set_option_for(
    evaluator: &Evaluator,
    config: &mut EngineConfig,
    name: &str,
    value: &str,
) -> Result<(), OptionError> {
    let mut changed = config.clone();
    set_option(&mut changed, name, value)?;
    admit_option(evaluator, &changed, name, value)?;
    *config = changed;
    Ok(())
}

/// Every option name the engine protocol knows: [`OPTIONS`], then the
/// [`SetupOption`]s, as its handshake lists them.
pub fn protocol_option_names() -> impl Iterator<Item = &'static str> {
    OPTIONS
        .iter()
        .map(|o| o.name)
        .chain(SetupOption::ALL.iter().map(|o| o.name()))
}

/// Every `option` line of the engine protocol's handshake: [`OPTIONS`] with
/// `config`'s values as defaults, then [`SetupOption`]s with `setup`'s board
/// and ply limit (a session started with `uci --option` lists its own values).
pub fn uci_option_lines(config: &EngineConfig, setup: &GameSetup) -> Vec<String> {
    OPTIONS
        .iter()
        .map(|o| o.uci_line(config))
        .chain(SetupOption::ALL.iter().map(|o| o.uci_line(setup)))
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::learned::{test_evaluator, NO_NETWORK};
    use crate::{PlayoutPolicy, Preset};

    #[test]
    fn the_table_holds_every_part_s_options_once_in_the_protocol_order() {
        let names: Vec<&str> = OPTIONS.iter().map(|o| o.name).collect();
        assert_eq!(names, PROTOCOL_ORDER);
        let parts = config_options().len()
            + common_options::<EngineConfig>().len()
            + uct_options::<EngineConfig>().len()
            + alphabeta_options::<EngineConfig>().len();
        assert_eq!(parts, PROTOCOL_ORDER.len());
    }

    fn presets() -> [EngineConfig; 3] {
        [Preset::Thesis, Preset::Default, Preset::Easy].map(|p| p.config())
    }

    #[test]
    fn every_option_round_trips_value_set_value_in_every_preset() {
        for preset in presets() {
            for option in OPTIONS.iter() {
                let text = option.value(&preset);
                let mut other = EngineConfig::thesis_fixed_point();
                option
                    .set(&mut other, &text)
                    .expect("its own text reads back");
                assert_eq!(option.value(&other), text, "{}", option.name);
            }
        }
        // Setting every option of one preset on another yields that preset.
        let [thesis, default, easy] = presets();
        for (from, mut to) in [
            (thesis.clone(), easy.clone()),
            (default, thesis),
            (easy, EngineConfig::default()),
        ] {
            for option in OPTIONS.iter() {
                option.set(&mut to, &option.value(&from)).expect("valid");
            }
            assert_eq!(to, from);
        }
    }

    #[test]
    fn option_names_are_unique_and_snake_case() {
        let names: Vec<&str> = OPTIONS
            .iter()
            .map(|o| o.name)
            .chain(SetupOption::NAMES.iter().copied())
            .collect();
        for (i, name) in names.iter().enumerate() {
            assert!(!names[..i].contains(name), "{name} twice");
            assert!(
                name.chars().all(|c| c.is_ascii_lowercase() || c == '_'),
                "{name}"
            );
        }
    }

    #[test]
    fn each_limit_kind_has_its_option() {
        let time = limit_option(LimitKind::Time).expect("a time option");
        let playouts = limit_option(LimitKind::Playouts).expect("a playout option");
        let p = EngineConfig::thesis_fixed_point();
        assert_eq!(time.value(&p), "0");
        assert_eq!(playouts.value(&p), "2500");
    }

    #[test]
    fn each_kind_rejects_bad_values_naming_what_it_accepts() {
        for (name, value, message) in [
            (
                "solver",
                "maybe",
                "option solver needs true or false, got \"maybe\"",
            ),
            (
                "playouts",
                "-5",
                "option playouts needs a whole number from 0 to 4294967295, got \"-5\"",
            ),
            (
                "node_budget",
                "0",
                "option node_budget needs a whole number from 1 to 4294967295, got \"0\"",
            ),
            (
                "seed",
                "4294967296",
                "option seed needs a whole number from 0 to 4294967295, got \"4294967296\"",
            ),
            (
                "max_playout_moves",
                "forever",
                "option max_playout_moves needs unlimited or a whole number, got \"forever\"",
            ),
            (
                "skip_from_depth",
                "-1",
                "option skip_from_depth needs off or a whole number, got \"-1\"",
            ),
            (
                "uct_c",
                "-1",
                "option uct_c needs a number of at least 0, got \"-1\"",
            ),
            (
                "score_slope",
                "0",
                "option score_slope needs a number above 0, got \"0\"",
            ),
            (
                "path_bias",
                "2",
                "option path_bias needs a number from 0 to 1, got \"2\"",
            ),
            (
                "wall_weight",
                "NaN",
                "option wall_weight needs a number, got \"NaN\"",
            ),
            (
                "win_length_penalty",
                "inf",
                "option win_length_penalty needs a number from 0 to 0.1, got \"inf\"",
            ),
            (
                "playout_policy",
                "greedy",
                "option playout_policy needs uniform or shortest_path, got \"greedy\"",
            ),
            (
                "final_move",
                "",
                "option final_move needs most_visits or best_winrate, got \"\"",
            ),
            (
                "preset",
                "hard",
                "option preset needs thesis, default or easy, got \"hard\"",
            ),
            ("no_such", "1", "unknown option \"no_such\""),
            (
                "uct_cc",
                "1",
                "unknown option \"uct_cc\" (did you mean \"uct_c\"?)",
            ),
            (
                "presets",
                "thesis",
                "unknown option \"presets\" (did you mean \"preset\"?)",
            ),
        ] {
            let mut p = EngineConfig::default();
            let err = set_option(&mut p, name, value).expect_err(name);
            assert_eq!(err.to_string(), message);
            assert_eq!(p, EngineConfig::default(), "{name}: nothing changed");
        }
    }

    #[test]
    fn words_and_flags_ignore_case_and_spaces() {
        let mut p = EngineConfig::thesis_fixed_point();
        set_option(&mut p, "playout_policy", " Shortest_Path ").expect("valid");
        set_option(&mut p, "solver", "ON").expect("valid");
        set_option(&mut p, "max_playout_moves", "Unlimited").expect("valid");
        assert_eq!(p.uct.playout_policy, PlayoutPolicy::ShortestPath);
        assert!(p.uct.solver);
        assert_eq!(p.uct.max_playout_moves, None);
    }

    #[test]
    fn limits_are_written_with_zero_for_none() {
        let mut p = EngineConfig::default();
        set_option(&mut p, "time_ms", "0").expect("valid");
        set_option(&mut p, "playouts", "300").expect("valid");
        assert_eq!(p.params.limits, crate::Limits::playouts(300));
        assert_eq!(option_value(&p, "time_ms").as_deref(), Some("0"));
    }

    #[test]
    fn a_huge_bad_value_is_quoted_short() {
        let huge = "9".repeat(1_000_000);
        let err = set_option(&mut EngineConfig::default(), "uct_c", &format!("x{huge}"))
            .expect_err("bad");
        assert!(err.to_string().len() < 200, "{err}");
        let err = set_option(&mut EngineConfig::default(), &huge, "1").expect_err("unknown");
        assert!(err.to_string().len() < 200, "{err}");
    }

    #[test]
    fn preset_replaces_every_setting() {
        let mut p = EngineConfig::default();
        set_option(&mut p, "preset", "easy").expect("valid");
        assert_eq!(p, EngineConfig::easy());
    }

    #[test]
    fn handshake_lines_keep_their_protocol_form() {
        let lines = uci_option_lines(&EngineConfig::default(), &GameSetup::default());
        assert_eq!(lines.len(), OPTIONS.len() + 4);
        for expected in [
            "option name playouts type spin default 0 min 0 max 4294967295",
            "option name time_ms type spin default 2000 min 0 max 4294967295",
            "option name uct_c type string default 0.1",
            "option name max_playout_moves type string default 0",
            "option name skip_from_depth type string default off",
            "option name solver type check default true",
            "option name playout_policy type combo default shortest_path var uniform var shortest_path",
            "option name final_move type combo default most_visits var most_visits var best_winrate",
            "option name node_budget type spin default 4000000 min 1 max 4294967295",
            "option name board_size type spin default 9 min 3 max 11",
            "option name walls type spin default 10 min 0 max 20",
            "option name ply_limit type spin default 300 min 0 max 100000",
            "option name preset type combo default default var thesis var default var easy",
        ] {
            assert!(lines.iter().any(|l| l == expected), "missing {expected:?} in {lines:#?}");
        }
    }

    #[test]
    fn the_engine_choice_and_alphabeta_options_are_in_the_handshake() {
        let lines = uci_option_lines(&EngineConfig::default(), &GameSetup::default());
        for expected in [
            "option name engine type combo default uct var uct var alphabeta",
            "option name hash type spin default 16 min 1 max 1024",
            "option name ab_max_depth type string default unlimited",
            "option name ab_pvs type check default true",
            "option name ab_futility type check default false",
            "option name ab_wall_weight type string default 100",
        ] {
            assert!(lines.iter().any(|l| l == expected), "missing {expected:?}");
        }
        let mut p = EngineConfig::default();
        set_option(&mut p, "engine", "AlphaBeta").expect("valid");
        set_option(&mut p, "hash", "64").expect("valid");
        set_option(&mut p, "ab_null_move", "off").expect("valid");
        assert_eq!(p.kind, EngineKind::AlphaBeta);
        assert_eq!(p.alphabeta.hash_mb, 64);
        assert!(!p.alphabeta.null_move);
        let err = set_option(&mut p, "hash", "0").expect_err("at least 1");
        assert_eq!(
            err.to_string(),
            "option hash needs a whole number from 1 to 1024, got \"0\""
        );
    }

    #[test]
    fn eval_is_in_the_handshake_and_round_trips() {
        let lines = uci_option_lines(&EngineConfig::default(), &GameSetup::default());
        assert!(lines
            .iter()
            .any(|l| l
                == "option name eval type combo default auto var auto var classic var learned"));
        let evaluator = crate::learned::test_evaluator();
        let mut p = EngineConfig::default();
        set_option(&mut p, "eval", "Learned").expect("valid");
        assert_eq!(p.params.eval, Evaluation::Learned);
        assert_eq!(option_value(&p, "eval").as_deref(), Some("learned"));
        for engine in [EngineKind::Uct, EngineKind::AlphaBeta] {
            assert!(
                evaluator.network_for(p.params.eval, engine).is_some(),
                "{engine}"
            );
        }
        set_option(&mut p, "eval", "classic").expect("valid");
        assert_eq!(option_value(&p, "eval").as_deref(), Some("classic"));
        for engine in [EngineKind::Uct, EngineKind::AlphaBeta] {
            assert!(
                evaluator.network_for(p.params.eval, engine).is_none(),
                "{engine}"
            );
        }
        set_option(&mut p, "eval", " AUTO ").expect("valid");
        assert_eq!(p, EngineConfig::default());
        let err = set_option(&mut p, "eval", "neural").expect_err("no such value");
        assert_eq!(
            err.to_string(),
            "option eval needs auto, classic or learned, got \"neural\""
        );
    }

    #[test]
    fn auto_is_learned_for_both_engines() {
        let evaluator = crate::learned::test_evaluator();
        let p = EngineConfig::default();
        assert_eq!(p.params.eval, Evaluation::Auto);
        for engine in [EngineKind::Uct, EngineKind::AlphaBeta] {
            assert!(
                evaluator.network_for(p.params.eval, engine).is_some(),
                "{engine}"
            );
        }
        // The thesis's presets keep its evaluation.
        for preset in ["thesis", "easy"] {
            let mut q = EngineConfig::default();
            set_option(&mut q, "preset", preset).expect("valid");
            assert_eq!(q.params.eval, Evaluation::Classic, "{preset}");
        }
    }

    #[test]
    fn an_unavailable_value_says_why() {
        let err = OptionError::Unavailable {
            name: "eval",
            value: "learned".into(),
            why: crate::learned::NO_NETWORK,
        };
        assert_eq!(
            err.to_string(),
            format!(
                "option eval cannot be \"learned\": {}",
                crate::learned::NO_NETWORK
            )
        );
    }

    #[test]
    fn the_web_panel_keeps_alphabeta_options_apart() {
        for option in OPTIONS.iter() {
            let alphabeta = option.name == "hash" || option.name.starts_with("ab_");
            assert_eq!(
                option.shown == Shown::AlphaBetaPanel,
                alphabeta,
                "{}",
                option.name
            );
        }
        assert_eq!(
            find_option("engine").map(|o| o.shown),
            Some(Shown::EngineChoice)
        );
    }

    #[test]
    fn a_refused_option_names_itself_and_keeps_the_settings() {
        let classic = Evaluator::classic();
        let mut config = EngineConfig::default();
        let err = set_option_for(&classic, &mut config, "eval", "Learned").expect_err("no network");
        assert_eq!(
            err.to_string(),
            format!("option eval cannot be \"Learned\": {NO_NETWORK}")
        );
        // Level 10 scores with the network.
        let err = set_option_for(&classic, &mut config, "level", "10").expect_err("no network");
        assert!(
            err.to_string().starts_with("option level cannot be \"10\""),
            "{err}"
        );
        assert_eq!(config, EngineConfig::default());
        set_option_for(&classic, &mut config, "level", "9").expect("classic");
        set_option_for(&test_evaluator(), &mut config, "eval", "learned").expect("a network");
        assert_eq!(config.params.eval, Evaluation::Learned);
    }
}
