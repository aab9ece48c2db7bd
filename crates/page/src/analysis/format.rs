//! How the analysis views write numbers, colours and lines: small helpers
//! shared by the panels, the board overlays and the coach.

use quoridor_engines::Proven;
use quoridor_engines::UctReport;
use quoridor_rules::{Move, Player};

/// `0.634` → `"63%"`; out-of-range and NaN values are clamped.
pub fn percent(p: f64) -> String {
    let p = if p.is_nan() { 0.0 } else { p.clamp(0.0, 1.0) };
    format!("{:.0}%", p * 100.0)
}

/// The search's verdict for the side to move, in words: "a proven win" or
/// "a proven loss" once the search proved the game, else "win chance 63%"
/// (a one-ply win is a proof, not 93%).
///
/// ```
/// use quoridor_page::analysis::format::verdict;
/// use quoridor_rules::Player;
/// assert_eq!(verdict(0.93, Some(Player::Two), Player::Two), "a proven win");
/// assert_eq!(verdict(0.07, Some(Player::One), Player::Two), "a proven loss");
/// assert_eq!(verdict(0.634, None, Player::One), "win chance 63%");
/// ```
pub fn verdict(win_probability: f64, proven_winner: Option<Player>, side: Player) -> String {
    match proven_winner {
        Some(winner) if winner == side => "a proven win".to_string(),
        Some(_) => "a proven loss".to_string(),
        None => format!("win chance {}", percent(win_probability)),
    }
}

/// The side to move's win chance, 1 or 0 once the search proved the game
/// (a search that proved it before its first playout reports ½).
///
/// ```
/// use quoridor_page::analysis::format::win_chance;
/// use quoridor_rules::Player;
/// assert_eq!(win_chance(0.5, Some(Player::One), Player::One), 1.0);
/// assert_eq!(win_chance(0.5, Some(Player::One), Player::Two), 0.0);
/// assert_eq!(win_chance(0.6, None, Player::Two), 0.6);
/// ```
pub fn win_chance(win_probability: f64, proven_winner: Option<Player>, side: Player) -> f64 {
    match proven_winner {
        Some(winner) if winner == side => 1.0,
        Some(_) => 0.0,
        None => win_probability,
    }
}

/// A prior as a percentage: whole percents from 10%, one decimal below
/// (the policy spreads thin over the walls), `<0.1%` for less.
///
/// ```
/// use quoridor_page::analysis::format::prior_percent;
/// assert_eq!(prior_percent(0.686), "69%");
/// assert_eq!(prior_percent(0.0391), "3.9%");
/// assert_eq!(prior_percent(0.0004), "<0.1%");
/// ```
pub fn prior_percent(p: f64) -> String {
    let p = if p.is_nan() { 0.0 } else { p.clamp(0.0, 1.0) } * 100.0;
    if p >= 9.95 {
        format!("{p:.0}%")
    } else if p >= 0.05 {
        format!("{p:.1}%")
    } else {
        "<0.1%".to_string()
    }
}

/// How opaque a move's shade is for prior `p` when the largest is `most`:
/// from a faint 0.12 to 0.9, by the square root so that the walls' thin
/// spread still shows beside a pawn step of 70%.
///
/// ```
/// use quoridor_page::analysis::format::policy_opacity;
/// assert!((policy_opacity(0.5, 0.5) - 0.9).abs() < 1e-9);
/// assert!(policy_opacity(0.02, 0.5) < policy_opacity(0.1, 0.5));
/// assert_eq!(policy_opacity(0.0, 0.0), 0.0);
/// ```
pub fn policy_opacity(p: f64, most: f64) -> f64 {
    if most <= 0.0 {
        return 0.0;
    }
    0.12 + 0.78 * (p / most).clamp(0.0, 1.0).sqrt()
}

/// The share of `visits` in `total`, 0 when nothing was visited.
pub fn share(visits: u32, total: u32) -> f64 {
    if total == 0 {
        0.0
    } else {
        (f64::from(visits) / f64::from(total)).min(1.0)
    }
}

/// A colour for a win probability: red (losing) through yellow to green
/// (winning), as CSS `hsl()`.
pub fn win_colour(p: f64) -> String {
    let p = if p.is_nan() { 0.5 } else { p.clamp(0.0, 1.0) };
    format!("hsl({:.0}, 75%, 45%)", p * 120.0)
}

/// A UCT value for display: unvisited children have an infinite one.
pub fn uct_text(value: f64) -> String {
    if value.is_finite() {
        format!("{value:.3}")
    } else {
        "∞".into()
    }
}

/// `"win"`, `"loss"` or `""` for a proven state.
pub fn proven_text(proven: Option<Proven>) -> &'static str {
    match proven {
        Some(Proven::Win) => "win",
        Some(Proven::Loss) => "loss",
        None => "",
    }
}

/// A line in notation with move numbers, starting after `first_ply` moves:
/// `"3. e3 e7 4. d3h"`, or `"3… e7 4. e4"` when player 2 moves first.
pub fn numbered_line(first_ply: usize, line: &[Move]) -> String {
    let mut out = String::new();
    for (i, mv) in line.iter().enumerate() {
        let ply = first_ply + i;
        let number = ply / 2 + 1;
        if !out.is_empty() {
            out.push(' ');
        }
        if ply % 2 == 0 {
            out.push_str(&format!("{number}. "));
        } else if i == 0 {
            out.push_str(&format!("{number}… "));
        }
        out.push_str(&mv.to_string());
    }
    out
}

/// Move `ply` (1-based) of a game as the move list numbers it: `"1. e2"`
/// for player 1's, `"1… e8"` for player 2's.
pub fn numbered_move(ply: usize, mv: Move) -> String {
    numbered_line(ply.saturating_sub(1), &[mv])
}

/// Where a game's first `ply` moves end, as the move list names it:
/// `"after 1… e8"`, or `"at the start"` when `ply` is 0 (or past `moves`).
pub fn after_ply(moves: &[Move], ply: usize) -> String {
    match ply.checked_sub(1).and_then(|i| moves.get(i)) {
        Some(&mv) => format!("after {}", numbered_move(ply, mv)),
        None => "at the start".into(),
    }
}

/// The question before playing `mv` after the first `ply` of `moves` when
/// later moves exist: `"Play 2. e3 after 1… e8 and discard the 3 later
/// moves?"`, numbered as the move list numbers them.
pub fn discard_question(moves: &[Move], ply: usize, mv: Move) -> String {
    let later = moves.len().saturating_sub(ply);
    format!(
        "Play {} {} and discard the {later} later {}?",
        numbered_move(ply + 1, mv),
        after_ply(moves, ply),
        if later == 1 { "move" } else { "moves" }
    )
}

/// A screen reader's name for move `ply` (1-based) of a game:
/// `"Move 1, player 1: pawn to e2"`, `"Move 2, player 2: horizontal wall at e3"`
/// (player 1 makes the odd plies).
pub fn move_label(ply: usize, mv: Move) -> String {
    let player = if ply % 2 == 1 { 1 } else { 2 };
    let what = match mv {
        Move::Pawn(square) => format!("pawn to {square}"),
        Move::Wall(wall) => format!("{} wall at {}", wall.orientation().word(), wall.corner()),
    };
    format!("Move {}, player {player}: {what}", ply.div_ceil(2))
}

/// Below this search time a playout rate says nothing (a level's instant
/// reply: a handful of playouts in a few milliseconds), in ms.
pub const MIN_RATE_MS: f64 = 100.0;

/// How long a search took and, once it ran long enough to say, how fast:
/// `"in 2.4 s (12,345 playouts/s)"`, or `"in under 0.1 s"` for a search
/// shorter than [`MIN_RATE_MS`]. `unit` is what it counts (`"playouts"`,
/// `"nodes"`); `group` writes the whole numbers.
pub fn time_and_rate(
    elapsed_ms: f64,
    per_sec: f64,
    unit: &str,
    group: fn(u64) -> String,
) -> String {
    if elapsed_ms.is_nan() || elapsed_ms < MIN_RATE_MS {
        return "in under 0.1 s".into();
    }
    format!(
        "in {:.1} s ({} {unit}/s)",
        elapsed_ms / 1000.0,
        group(per_sec.max(0.0).round() as u64)
    )
}

/// Below this many nodes a UCT tree's memory is mostly its first
/// allocation, not its nodes: bytes per node would say nothing about them.
pub const MIN_NODES_FOR_BYTES_PER_NODE: u32 = 50_000;

/// Bytes per tree node when the tree is big enough for that to describe
/// its nodes ([`MIN_NODES_FOR_BYTES_PER_NODE`]), else `None`.
pub fn bytes_per_node(tree: &UctReport) -> Option<u32> {
    (tree.nodes >= MIN_NODES_FOR_BYTES_PER_NODE).then_some(tree.bytes_per_node)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn moves(text: &str) -> Vec<Move> {
        Move::parse_list(text).expect("notation")
    }

    #[test]
    fn numbered_line_counts_full_moves() {
        assert_eq!(numbered_line(0, &moves("e2 e8 e3")), "1. e2 e8 2. e3");
        assert_eq!(numbered_line(3, &moves("e7 e4")), "2… e7 3. e4");
        assert_eq!(numbered_line(5, &[]), "");
    }

    #[test]
    fn formatting_never_panics_on_odd_numbers() {
        assert_eq!(percent(f64::NAN), "0%");
        assert_eq!(percent(1.5), "100%");
        assert_eq!(share(3, 0), 0.0);
        assert_eq!(uct_text(f64::INFINITY), "∞");
        assert_eq!(win_colour(1.0), "hsl(120, 75%, 45%)");
        assert_eq!(proven_text(Some(Proven::Loss)), "loss");
    }

    #[test]
    fn the_discard_question_numbers_moves_as_the_move_list_does() {
        let game = moves("e2 e8 e3 e7");
        assert_eq!(
            discard_question(&game, 2, "d2".parse().expect("notation")),
            "Play 2. d2 after 1… e8 and discard the 2 later moves?"
        );
        assert_eq!(
            discard_question(&game, 3, "d7".parse().expect("notation")),
            "Play 2… d7 after 2. e3 and discard the 1 later move?"
        );
        assert_eq!(
            discard_question(&game, 0, "d1".parse().expect("notation")),
            "Play 1. d1 at the start and discard the 4 later moves?"
        );
    }

    #[test]
    fn a_move_label_says_who_moved_what() {
        let game = moves("e2 e8 e3h d6v");
        let labels: Vec<String> = game
            .iter()
            .enumerate()
            .map(|(i, &mv)| move_label(i + 1, mv))
            .collect();
        assert_eq!(
            labels,
            [
                "Move 1, player 1: pawn to e2",
                "Move 1, player 2: pawn to e8",
                "Move 2, player 1: horizontal wall at e3",
                "Move 2, player 2: vertical wall at d6",
            ]
        );
    }

    fn plain(n: u64) -> String {
        n.to_string()
    }

    #[test]
    fn an_instant_search_shows_no_rate() {
        // A level's instant reply: 6 playouts in 2 ms.
        assert_eq!(
            time_and_rate(2.0, 3000.0, "playouts", plain),
            "in under 0.1 s"
        );
        assert_eq!(time_and_rate(0.0, 0.0, "playouts", plain), "in under 0.1 s");
        assert_eq!(
            time_and_rate(f64::NAN, 0.0, "nodes", plain),
            "in under 0.1 s"
        );
        assert_eq!(
            time_and_rate(2400.0, 12345.4, "playouts", plain),
            "in 2.4 s (12345 playouts/s)"
        );
        assert_eq!(
            time_and_rate(MIN_RATE_MS, 70.0, "nodes", plain),
            "in 0.1 s (70 nodes/s)"
        );
    }

    fn tree(nodes: u32, memory_bytes: u64) -> UctReport {
        UctReport {
            nodes,
            root_visits: nodes,
            max_depth: 1,
            mean_depth: 1.0,
            pv_depth: 1,
            memory_bytes,
            bytes_per_node: (memory_bytes / u64::from(nodes.max(1))) as u32,
            tree_full: false,
            pv_visits: Vec::new(),
        }
    }

    #[test]
    fn bytes_per_node_only_for_a_tree_that_outgrew_its_first_allocation() {
        // The issue's 7-node tree: its first allocation over 7 nodes.
        assert_eq!(bytes_per_node(&tree(7, 2_883_678)), None);
        assert_eq!(bytes_per_node(&tree(0, 2_883_678)), None);
        assert_eq!(bytes_per_node(&tree(2_000_000, 80_000_000)), Some(40));
    }
}
