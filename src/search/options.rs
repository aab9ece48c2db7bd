//! Engine options by name, as text: the one reading and writing of
//! [`SearchParams`] fields that the engine protocol (`setoption`), the arena's
//! settings and the web app's share links all use.
//!
//! ```
//! use quoridor::search::{option_value, set_option, SearchParams};
//! let mut p = SearchParams::default();
//! set_option(&mut p, "uct_c", "0.3").unwrap();
//! assert_eq!(option_value(&p, "uct_c").as_deref(), Some("0.3"));
//! assert!(set_option(&mut p, "uct_c", "lots").is_err());
//! ```

use super::params::{FinalMove, PlayoutPolicy, SearchParams};

/// The names of every engine option, in the order links and controls list them.
pub const OPTION_NAMES: [&str; 22] = [
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
    "tempo",
    "final_move",
    "win_length_penalty",
    "node_budget",
    "seed",
];

/// The value of option `name` as text (the form [`set_option`] reads).
pub fn option_value(p: &SearchParams, name: &str) -> Option<String> {
    let optional = |v: Option<u32>, none: &str| v.map_or(none.to_string(), |n| n.to_string());
    Some(match name {
        "playouts" => p.playouts.to_string(),
        "time_ms" => p.time_ms.to_string(),
        "uct_c" => p.uct_c.to_string(),
        "max_playout_moves" => optional(p.max_playout_moves, "unlimited"),
        "wall_weight" => p.wall_weight.to_string(),
        "score_slope" => p.score_slope.to_string(),
        "skip_from_depth" => optional(p.skip_from_depth, "off"),
        "smart_playouts" => p.smart_playouts.to_string(),
        "remember_overlapping_walls" => p.remember_overlapping_walls.to_string(),
        "remember_blocking_walls" => p.remember_blocking_walls.to_string(),
        "losing_move_detection" => p.losing_move_detection.to_string(),
        "tree_reuse" => p.tree_reuse.to_string(),
        "solver" => p.solver.to_string(),
        "playout_policy" => match p.playout_policy {
            PlayoutPolicy::Uniform => "uniform",
            PlayoutPolicy::ShortestPath => "shortest_path",
        }
        .to_string(),
        "path_bias" => p.path_bias.to_string(),
        "near_walls_only" => p.near_walls_only.to_string(),
        "widening" => p.widening.to_string(),
        "tempo" => p.tempo.to_string(),
        "final_move" => match p.final_move {
            FinalMove::MostVisits => "most_visits",
            FinalMove::BestWinrate => "best_winrate",
        }
        .to_string(),
        "win_length_penalty" => p.win_length_penalty.to_string(),
        "node_budget" => p.node_budget.to_string(),
        "seed" => p.seed.to_string(),
        _ => return None,
    })
}

/// Sets option `name` (a field name, or `preset` = thesis|default|easy) from
/// text; on error nothing changes and the message says what was wrong.
pub fn set_option(p: &mut SearchParams, name: &str, value: &str) -> Result<(), String> {
    let value = value.trim();
    let lower = value.to_ascii_lowercase();
    let bad = |what: &str| format!("option {name} needs {what}, got {value:?}");
    let whole = |max: u64| -> Result<u64, String> {
        value
            .parse::<u64>()
            .ok()
            .filter(|&n| n <= max)
            .ok_or_else(|| bad(&format!("a whole number from 0 to {max}")))
    };
    let real = |check: fn(f64) -> bool, what: &str| -> Result<f64, String> {
        value
            .parse::<f64>()
            .ok()
            .filter(|x| x.is_finite() && check(*x))
            .ok_or_else(|| bad(what))
    };
    let flag = || match lower.as_str() {
        "true" | "on" | "1" => Ok(true),
        "false" | "off" | "0" => Ok(false),
        _ => Err(bad("true or false")),
    };
    let optional = |none: &str| -> Result<Option<u32>, String> {
        if lower == none {
            Ok(None)
        } else {
            value
                .parse::<u32>()
                .map(Some)
                .map_err(|_| bad(&format!("{none} or a whole number")))
        }
    };
    match name {
        "playouts" => p.playouts = whole(u32::MAX as u64)?,
        "time_ms" => p.time_ms = whole(u32::MAX as u64)?,
        "uct_c" => p.uct_c = real(|x| x >= 0.0, "a number of at least 0")?,
        "max_playout_moves" => p.max_playout_moves = optional("unlimited")?,
        "wall_weight" => p.wall_weight = real(|_| true, "a number")?,
        "score_slope" => p.score_slope = real(|x| x > 0.0, "a number above 0")?,
        "skip_from_depth" => p.skip_from_depth = optional("off")?,
        "smart_playouts" => p.smart_playouts = flag()?,
        "remember_overlapping_walls" => p.remember_overlapping_walls = flag()?,
        "remember_blocking_walls" => p.remember_blocking_walls = flag()?,
        "losing_move_detection" => p.losing_move_detection = flag()?,
        "tree_reuse" => p.tree_reuse = flag()?,
        "solver" => p.solver = flag()?,
        "playout_policy" => {
            p.playout_policy = match lower.as_str() {
                "uniform" => PlayoutPolicy::Uniform,
                "shortest_path" => PlayoutPolicy::ShortestPath,
                _ => return Err(bad("uniform or shortest_path")),
            }
        }
        "path_bias" => p.path_bias = real(|x| (0.0..=1.0).contains(&x), "a number from 0 to 1")?,
        "near_walls_only" => p.near_walls_only = flag()?,
        "tempo" => p.tempo = real(|x| (0.0..=10.0).contains(&x), "a number from 0 to 10")?,
        "widening" => {
            p.widening = real(
                |x| (0.0..=100.0).contains(&x),
                "a number from 0 (off) to 100",
            )?
        }
        "final_move" => {
            p.final_move = match lower.as_str() {
                "most_visits" => FinalMove::MostVisits,
                "best_winrate" => FinalMove::BestWinrate,
                _ => return Err(bad("most_visits or best_winrate")),
            }
        }
        "win_length_penalty" => {
            p.win_length_penalty = real(|x| (0.0..=0.1).contains(&x), "a number from 0 to 0.1")?
        }
        "node_budget" => {
            p.node_budget = value
                .parse::<u32>()
                .ok()
                .filter(|&n| n > 0)
                .ok_or_else(|| bad("a whole number from 1 to 4294967295"))?
        }
        "seed" => p.seed = whole(u32::MAX as u64)?,
        "preset" => {
            *p = match lower.as_str() {
                "thesis" => SearchParams::thesis_fixed_point(),
                "default" => SearchParams::default(),
                "easy" => SearchParams::easy(),
                _ => return Err(bad("thesis, default or easy")),
            }
        }
        _ => return Err(format!("unknown option {name:?}; nothing changed")),
    }
    Ok(())
}
