//! An experiment as an SVG line chart like the thesis's figures: the tested
//! engine's win rate for each value of the parameter, the thesis's numbers
//! dashed, ours solid with their 95% Wilson intervals as error bars.

use super::ExperimentResult;
use std::fmt::Write as _;

const WIDTH: f64 = 640.0;
const LEFT: f64 = 56.0;
const RIGHT: f64 = 20.0;
const TOP: f64 = 40.0;
/// Height of the plotting area.
const PLOT_H: f64 = 240.0;
/// Below the plot: tick labels and the axis title.
const AXIS: f64 = 50.0;
/// Height of one legend line.
const LEGEND_LINE: f64 = 15.0;
/// Colours of our series, in order.
const COLOURS: [&str; 3] = ["#1f6feb", "#d9480f", "#2b8a3e"];

/// Escapes text for SVG.
fn escape(text: &str) -> String {
    text.replace('&', "&amp;")
        .replace('<', "&lt;")
        .replace('>', "&gt;")
        .replace('"', "&quot;")
}

/// Where things go on the chart: the categories along x and the scales.
struct ChartLayout<'a> {
    /// Categories: the values of the longest series, in order.
    labels: Vec<&'a str>,
    /// Width of one category.
    step: f64,
    /// Height of the whole picture (the legend grows it).
    height: f64,
}

impl<'a> ChartLayout<'a> {
    fn new(result: &'a ExperimentResult) -> ChartLayout<'a> {
        let labels: Vec<&str> = result
            .series
            .iter()
            .max_by_key(|s| s.settings.len())
            .map(|s| s.settings.iter().map(|r| r.label.as_str()).collect())
            .unwrap_or_default();
        let legend_lines = result.series.len() + usize::from(has_thesis(result));
        ChartLayout {
            step: (WIDTH - LEFT - RIGHT) / labels.len().max(1) as f64,
            height: TOP + PLOT_H + AXIS + LEGEND_LINE * legend_lines as f64 + 6.0,
            labels,
        }
    }

    /// The x of a category's centre.
    fn x_of(&self, label: &str) -> Option<f64> {
        self.labels
            .iter()
            .position(|l| *l == label)
            .map(|i| LEFT + self.step * (i as f64 + 0.5))
    }

    /// The y of a win rate.
    fn y_of(rate: f64) -> f64 {
        TOP + PLOT_H * (1.0 - rate.clamp(0.0, 1.0))
    }
}

/// Whether any setting carries the thesis's number.
fn has_thesis(result: &ExperimentResult) -> bool {
    result
        .series
        .iter()
        .any(|s| s.settings.iter().any(|r| r.thesis.is_some()))
}

/// A legend line: the name, its colour, whether the line is dashed.
type LegendEntry = (String, String, bool);

/// The chart of `result`, a standalone SVG document.
pub fn svg(result: &ExperimentResult) -> String {
    let frame = ChartLayout::new(result);
    let mut out = String::new();
    heading(&mut out, result, frame.height);
    y_axis(&mut out);
    x_axis(&mut out, &frame, &result.parameter);
    let mut legend: Vec<LegendEntry> = Vec::new();
    legend.extend(thesis_line(&mut out, &frame, result));
    legend.extend(our_series(&mut out, &frame, result));
    legend_lines(&mut out, &legend);
    out.push_str("</svg>\n");
    out
}

/// The SVG element, its title, the white background and the heading.
fn heading(out: &mut String, result: &ExperimentResult, height: f64) {
    let _ = writeln!(
        out,
        r#"<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 {WIDTH} {height}" width="{WIDTH}" height="{height}" font-family="sans-serif" font-size="12">"#
    );
    let _ = writeln!(
        out,
        r#"<title>Experiment {}: {}</title><rect width="{WIDTH}" height="{height}" fill="white"/>"#,
        result.number,
        escape(&result.title)
    );
    let _ = writeln!(
        out,
        r#"<text x="{}" y="22" text-anchor="middle" font-size="14" font-weight="bold">Experiment {}: {}</text>"#,
        WIDTH / 2.0,
        result.number,
        escape(&result.title)
    );
}

/// Grid and y axis: wins per 100 games.
fn y_axis(out: &mut String) {
    for tick in (0..=100).step_by(10) {
        let y = ChartLayout::y_of(f64::from(tick) / 100.0);
        let _ = writeln!(
            out,
            r##"<line x1="{LEFT}" x2="{}" y1="{y:.1}" y2="{y:.1}" stroke="{}"/><text x="{}" y="{:.1}" text-anchor="end">{tick}</text>"##,
            WIDTH - RIGHT,
            if tick == 50 { "#999" } else { "#e5e5e5" },
            LEFT - 6.0,
            y + 4.0
        );
    }
    let _ = writeln!(
        out,
        r#"<text transform="translate(16 {:.1}) rotate(-90)" text-anchor="middle">wins of the tested engine per 100 games</text>"#,
        TOP + PLOT_H / 2.0
    );
}

/// The categories under the plot and the parameter's name.
fn x_axis(out: &mut String, frame: &ChartLayout<'_>, parameter: &str) {
    for label in &frame.labels {
        if let Some(x) = frame.x_of(label) {
            let _ = writeln!(
                out,
                r#"<text x="{x:.1}" y="{:.1}" text-anchor="middle">{}</text>"#,
                TOP + PLOT_H + 18.0,
                escape(label)
            );
        }
    }
    let _ = writeln!(
        out,
        r#"<text x="{:.1}" y="{:.1}" text-anchor="middle">{}</text>"#,
        LEFT + (WIDTH - LEFT - RIGHT) / 2.0,
        TOP + PLOT_H + 38.0,
        escape(parameter)
    );
}

/// The thesis's numbers, dashed, from whichever series carries them.
fn thesis_line(
    out: &mut String,
    frame: &ChartLayout<'_>,
    result: &ExperimentResult,
) -> Option<LegendEntry> {
    let thesis: Vec<(f64, f64)> = result
        .series
        .iter()
        .flat_map(|s| s.settings.iter())
        .filter_map(|r| {
            Some((
                frame.x_of(&r.label)?,
                ChartLayout::y_of(f64::from(r.thesis?) / 100.0),
            ))
        })
        .collect();
    if thesis.is_empty() {
        return None;
    }
    let _ = writeln!(
        out,
        r##"<polyline fill="none" stroke="#555" stroke-width="2" stroke-dasharray="6 4" points="{}"/>"##,
        points(&thesis)
    );
    for (x, y) in &thesis {
        let _ = writeln!(
            out,
            r##"<circle cx="{x:.1}" cy="{y:.1}" r="3.5" fill="#555"/>"##
        );
    }
    Some(("thesis (2011)".into(), "#555".into(), true))
}

/// Our series, solid, with their 95% intervals as error bars.
fn our_series(
    out: &mut String,
    frame: &ChartLayout<'_>,
    result: &ExperimentResult,
) -> Vec<LegendEntry> {
    let mut legend = Vec::new();
    for (series, colour) in result.series.iter().zip(COLOURS.iter().cycle()) {
        let mut line = Vec::new();
        for r in &series.settings {
            let Some(x) = frame.x_of(&r.label) else {
                continue;
            };
            let (lo, hi) = (
                ChartLayout::y_of(r.interval.0),
                ChartLayout::y_of(r.interval.1),
            );
            let _ = writeln!(
                out,
                r#"<line x1="{x:.1}" x2="{x:.1}" y1="{lo:.1}" y2="{hi:.1}" stroke="{colour}" stroke-opacity="0.5" stroke-width="2"/>"#
            );
            let y = ChartLayout::y_of(r.rate);
            let _ = writeln!(
                out,
                r#"<rect x="{:.1}" y="{:.1}" width="7" height="7" fill="{colour}"><title>{}: {} of {} ({:.0}%)</title></rect>"#,
                x - 3.5,
                y - 3.5,
                escape(&r.label),
                r.wins,
                r.games,
                r.rate * 100.0
            );
            line.push((x, y));
        }
        let _ = writeln!(
            out,
            r#"<polyline fill="none" stroke="{colour}" stroke-width="2" points="{}"/>"#,
            points(&line)
        );
        legend.push((format!("ours: {}", series.name), colour.to_string(), false));
    }
    legend
}

/// The legend under the axis title, one line per entry.
fn legend_lines(out: &mut String, legend: &[LegendEntry]) {
    for (i, (name, colour, dashed)) in legend.iter().enumerate() {
        let y = TOP + PLOT_H + AXIS + LEGEND_LINE * (i as f64 + 1.0);
        let _ = writeln!(
            out,
            r#"<line x1="{LEFT}" x2="{}" y1="{:.1}" y2="{:.1}" stroke="{colour}" stroke-width="2"{}/><text x="{}" y="{y:.1}" font-size="11">{}</text>"#,
            LEFT + 24.0,
            y - 4.0,
            y - 4.0,
            if *dashed {
                r#" stroke-dasharray="6 4""#
            } else {
                ""
            },
            LEFT + 30.0,
            escape(name)
        );
    }
}

fn points(list: &[(f64, f64)]) -> String {
    list.iter()
        .map(|(x, y)| format!("{x:.1},{y:.1}"))
        .collect::<Vec<_>>()
        .join(" ")
}

#[cfg(test)]
mod tests {
    use super::super::{ExperimentResult, SeriesResult, SettingResult};
    use super::*;

    fn setting(label: &str, wins: usize, thesis: Option<u32>) -> SettingResult {
        SettingResult {
            label: label.into(),
            thesis,
            games: 10,
            wins,
            rate: wins as f64 / 10.0,
            interval: (0.0, 1.0),
            playouts_per_move: 1.0,
            ms_per_move: 1.0,
            fixed_ms_per_move: 1.0,
            mean_plies: 1.0,
        }
    }

    #[test]
    fn the_chart_has_a_point_per_setting_and_the_thesis_line() {
        let result = ExperimentResult {
            number: 2,
            title: "C < & >".into(),
            parameter: "C".into(),
            setup: String::new(),
            fixed_point: String::new(),
            series: vec![SeriesResult {
                name: "equal".into(),
                settings: vec![setting("0", 5, Some(41)), setting("1", 0, Some(0))],
            }],
            seconds: 0.0,
        };
        let svg = svg(&result);
        assert!(svg.starts_with("<svg") && svg.trim_end().ends_with("</svg>"));
        assert!(svg.contains("C &lt; &amp; &gt;"));
        assert_eq!(svg.matches("<rect x=").count(), 2, "one marker per setting");
        assert_eq!(
            svg.matches("<circle").count(),
            2,
            "one thesis point per setting"
        );
        // 5 of 10 sits on the 50 line: y = TOP + plot_h / 2.
        let mid = TOP + PLOT_H / 2.0;
        assert!(svg.contains(&format!("y=\"{:.1}\"", mid - 3.5)), "{svg}");
    }
}
