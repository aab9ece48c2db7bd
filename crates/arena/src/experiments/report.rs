//! `docs/experiments.md`: each experiment's generated part (setup, tables,
//! figure) sits between marker comments, so regenerating replaces the numbers
//! and keeps the prose written around them.

use super::ExperimentResult;
use quoridor_text::group_digits;
use std::fmt::Write as _;

fn begin(key: &str) -> String {
    format!("<!-- generated: {key} (quoridor experiments rewrites this part) -->")
}

fn end(key: &str) -> String {
    format!("<!-- end of generated: {key} -->")
}

/// The key of experiment `number`'s generated part.
pub fn key(number: u8) -> String {
    format!("experiment {number}")
}

/// The generated part of one experiment; `figure` is the SVG's path relative
/// to the document.
pub fn section(result: &ExperimentResult, figure: &str) -> String {
    let mut out = String::new();
    let _ = writeln!(out, "{}\n", result.setup);
    let _ = writeln!(
        out,
        "Fixed point: {}. Each row: {} games, the tested engine moving first in half of them. Took {:.0} s.\n",
        result.fixed_point,
        result
            .series
            .first()
            .and_then(|s| s.settings.first())
            .map_or(0, |r| r.games),
        result.seconds
    );
    for series in &result.series {
        let _ = writeln!(out, "*{}*\n", series.name);
        let _ = writeln!(
            out,
            "| {} | thesis wins /100 | our wins | our rate (95% interval) | playouts/move | ms/move (fixed point's) | plies/game |",
            result.parameter
        );
        let _ = writeln!(out, "| --- | ---: | ---: | --- | ---: | ---: | ---: |");
        for r in &series.settings {
            let _ = writeln!(
                out,
                "| {} | {} | {}/{} | {:.0}% ({:.0}–{:.0}%) | {} | {:.1} ({:.1}) | {:.0} |",
                r.label,
                r.thesis.map_or("—".to_string(), |t| t.to_string()),
                r.wins,
                r.games,
                r.rate * 100.0,
                r.interval.0 * 100.0,
                r.interval.1 * 100.0,
                group_digits(r.playouts_per_move.round() as u64, ','),
                r.ms_per_move,
                r.fixed_ms_per_move,
                r.mean_plies
            );
        }
        out.push('\n');
    }
    let _ = writeln!(
        out,
        "![Experiment {}: {}]({figure})",
        result.number, result.title
    );
    out
}

/// Replaces (or adds) the generated parts `parts` — `(key, heading, body)` —
/// in `document`; text outside the markers is kept. A part not yet in the
/// document is appended under `heading`.
pub fn merge(document: &str, parts: &[(String, String, String)]) -> String {
    let mut doc = document.to_string();
    for (key, heading, body) in parts {
        let (b, e) = (begin(key), end(key));
        let block = format!("{b}\n{}\n{e}", body.trim_end());
        match (doc.find(&b), doc.find(&e)) {
            (Some(start), Some(stop)) if stop > start => {
                doc.replace_range(start..stop + e.len(), &block);
            }
            _ => {
                if !doc.is_empty() && !doc.ends_with("\n\n") {
                    doc.push_str(if doc.ends_with('\n') { "\n" } else { "\n\n" });
                }
                let _ = write!(doc, "{heading}\n\n{block}\n");
            }
        }
    }
    doc
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn merging_replaces_generated_parts_and_keeps_prose() {
        let parts = |n: &str| vec![(key(1), "## One".to_string(), format!("table {n}"))];
        let first = merge("# Title\n", &parts("A"));
        assert!(first.starts_with("# Title\n\n## One\n\n<!-- generated: experiment 1"));
        assert!(first.contains("table A"));
        let edited = first.replace(
            "<!-- end of generated: experiment 1 -->",
            "<!-- end of generated: experiment 1 -->\n\nWhy it differs.",
        );
        let second = merge(&edited, &parts("B"));
        assert!(second.contains("table B") && !second.contains("table A"));
        assert!(second.contains("Why it differs."));
        assert_eq!(second.matches("## One").count(), 1);
    }
}
