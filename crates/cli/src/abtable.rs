//! `abtable`: the alpha-beta enhancement table of the computer-chess slides
//! (nodes to complete depths 4 and 5 on fixed positions with each switch
//! flipped from the defaults, and the effective branching factor), then the
//! depth reached in fixed times on a 9x9 midgame position. The library
//! measures ([`quoridor_bench::abtable`]); this prints Markdown for
//! `docs/experiments.md`, "Alpha-beta vs UCT".

use super::args::AbtableArgs;
use super::stdout::StdoutError;
use quoridor_bench::abtable::{
    count_nodes, depth_in_time, enhancement_settings, midgame, positions, HASH_MB, MIDGAME,
    TIMED_HASH_MB,
};
use quoridor_engines::learned::Evaluator;
use quoridor_rules::RecordError;
use std::fmt;
use std::io::Write;

/// Why `abtable` stopped.
#[derive(Debug)]
pub enum AbtableError {
    /// The bench position of the depth table does not read (a bug).
    Position(RecordError),
    /// The table could not be written.
    Output(StdoutError),
}

impl fmt::Display for AbtableError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            AbtableError::Position(e) => e.fmt(f),
            AbtableError::Output(e) => e.fmt(f),
        }
    }
}

impl std::error::Error for AbtableError {}

impl From<std::io::Error> for AbtableError {
    fn from(e: std::io::Error) -> Self {
        AbtableError::Output(StdoutError(e))
    }
}

fn group(n: u64) -> String {
    quoridor_text::group_digits(n, ',')
}

/// Runs the table and prints it.
pub fn abtable(args: &AbtableArgs, evaluator: &Evaluator) -> Result<(), AbtableError> {
    let mut out = std::io::stdout().lock();
    let load = std::fs::read_to_string("/proc/loadavg").unwrap_or_default();
    writeln!(
        out,
        "Alpha-beta enhancement table: {} fixed 9x9 positions, nodes to complete depths 4 and 5 \
         (summed), node cap {} per search, hash {HASH_MB} MiB; load average {}\n",
        args.positions,
        group(args.cap),
        load.split_whitespace()
            .take(3)
            .collect::<Vec<_>>()
            .join(" ")
    )?;
    writeln!(
        out,
        "| setting | nodes to depth 4 | × defaults | nodes to depth 5 | × defaults | EBF (d5/d4) | ms |"
    )?;
    writeln!(out, "|---|---:|---:|---:|---:|---:|---:|")?;
    out.flush()?;
    let positions = positions(args.positions);
    // The defaults row's sums, if any of its searches finished within the cap.
    let mut base: Option<Option<(u64, u64)>> = None;
    for setting in enhancement_settings() {
        let counts = count_nodes(&setting.params, evaluator, &positions, args.cap);
        // With every search capped there is no sum, only the cap it passed.
        let sums =
            (counts.capped < positions.len()).then_some((counts.to_depth_4, counts.to_depth_5));
        let base_sums = *base.get_or_insert(sums);
        let nodes = |pick: fn((u64, u64)) -> u64| {
            sums.map_or_else(|| format!("> {}", group(args.cap)), |s| group(pick(s)))
        };
        let times = |pick: fn((u64, u64)) -> u64| match (sums, base_sums) {
            (Some(s), Some(b)) if pick(b) > 0 => {
                format!("{:.2}", pick(s) as f64 / pick(b) as f64)
            }
            _ => "-".into(),
        };
        let note = if counts.capped > 0 && sums.is_some() {
            format!(" ({} capped, left out)", counts.capped)
        } else {
            String::new()
        };
        let branching = if counts.branching > 0.0 {
            format!("{:.1}", counts.branching)
        } else {
            "-".into()
        };
        writeln!(
            out,
            "| {}{note} | {} | {} | {} | {} | {branching} | {:.0} |",
            setting.name,
            nodes(|s| s.0),
            times(|s| s.0),
            nodes(|s| s.1),
            times(|s| s.1),
            counts.ms
        )?;
        out.flush()?;
    }
    if args.times.0.is_empty() {
        return Ok(());
    }
    let position = midgame().map_err(AbtableError::Position)?;
    writeln!(
        out,
        "\nDepth reached on the bench position {} (`{}`), defaults, hash {TIMED_HASH_MB} MiB:\n",
        MIDGAME.name, MIDGAME.record
    )?;
    writeln!(
        out,
        "| time | depth | seldepth | nodes | nodes/s | score | move |"
    )?;
    writeln!(out, "|---:|---:|---:|---:|---:|---|---|")?;
    for &ms in &args.times.0 {
        let reached = depth_in_time(position, evaluator, ms);
        let ab = &reached.info;
        writeln!(
            out,
            "| {:.1} s | {} | {} | {} | {:.0} | {} | {} |",
            ms as f64 / 1000.0,
            ab.depth,
            ab.seldepth,
            group(ab.nodes),
            ab.nps,
            ab.score,
            reached
                .best
                .map_or_else(|| "-".to_string(), |m| m.to_string())
        )?;
        out.flush()?;
    }
    Ok(())
}
