//! How the analysis views write numbers, colours and lines: small helpers
//! shared by the panels, the board overlays and the coach.

use crate::game::Move;
use crate::search::Proven;

/// `0.634` → `"63%"`; out-of-range and NaN values are clamped.
pub fn percent(p: f64) -> String {
    let p = if p.is_nan() { 0.0 } else { p.clamp(0.0, 1.0) };
    format!("{:.0}%", p * 100.0)
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

#[cfg(test)]
mod tests {
    use super::*;

    fn moves(text: &str) -> Vec<Move> {
        text.split_whitespace()
            .map(|m| m.parse().expect("notation"))
            .collect()
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
}
