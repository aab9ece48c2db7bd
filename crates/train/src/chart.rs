//! The loss curves as a small standalone SVG line chart.

use std::fmt::Write as _;

const WIDTH: f64 = 640.0;
const HEIGHT: f64 = 360.0;
const LEFT: f64 = 64.0;
const RIGHT: f64 = 20.0;
const TOP: f64 = 40.0;
const BOTTOM: f64 = 56.0;
/// Training loss, then validation loss.
const COLOURS: [&str; 2] = ["#1f6feb", "#d9480f"];

/// The chart of the training loss and the validation loss after each epoch
/// (epoch 1 first; a missing validation loss leaves its curve out).
pub fn loss_svg(training: &[f64], validation: &[Option<f64>]) -> String {
    let epochs = training.len().max(validation.len());
    let values = training
        .iter()
        .chain(validation.iter().flatten())
        .copied()
        .filter(|v| v.is_finite());
    let (low, high) = values.fold((f64::INFINITY, f64::NEG_INFINITY), |(lo, hi), v| {
        (lo.min(v), hi.max(v))
    });
    let (low, high) = if low.is_finite() {
        let pad = ((high - low) * 0.05).max(1e-3);
        ((low - pad).max(0.0), high + pad)
    } else {
        (0.0, 1.0)
    };
    let x = |epoch: usize| {
        let span = (epochs.max(2) - 1) as f64;
        LEFT + (WIDTH - LEFT - RIGHT) * (epoch.saturating_sub(1)) as f64 / span
    };
    let y = |v: f64| TOP + (HEIGHT - TOP - BOTTOM) * (1.0 - (v - low) / (high - low));
    let mut out = String::new();
    let _ = writeln!(
        out,
        r#"<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 {WIDTH} {HEIGHT}" width="{WIDTH}" height="{HEIGHT}" font-family="sans-serif" font-size="12">"#
    );
    let _ = writeln!(
        out,
        r#"<title>Loss per epoch</title><rect width="{WIDTH}" height="{HEIGHT}" fill="white"/>"#
    );
    let _ = writeln!(
        out,
        r#"<text x="{}" y="22" text-anchor="middle" font-size="14" font-weight="bold">Loss per epoch (binary cross-entropy)</text>"#,
        WIDTH / 2.0
    );
    for i in 0..=4 {
        let v = low + (high - low) * f64::from(i) / 4.0;
        let _ = writeln!(
            out,
            r##"<line x1="{LEFT}" x2="{}" y1="{y:.1}" y2="{y:.1}" stroke="#ddd"/><text x="{}" y="{:.1}" text-anchor="end">{v:.3}</text>"##,
            WIDTH - RIGHT,
            LEFT - 6.0,
            y(v) + 4.0,
            y = y(v),
        );
    }
    let ticks = epochs.clamp(1, 10);
    for i in 0..ticks {
        let epoch = 1 + i * epochs.saturating_sub(1) / (ticks - 1).max(1);
        let _ = writeln!(
            out,
            r#"<text x="{:.1}" y="{}" text-anchor="middle">{epoch}</text>"#,
            x(epoch),
            HEIGHT - BOTTOM + 18.0
        );
    }
    let _ = writeln!(
        out,
        r#"<text x="{}" y="{}" text-anchor="middle">epoch</text>"#,
        (LEFT + WIDTH - RIGHT) / 2.0,
        HEIGHT - 14.0
    );
    let series: [(&str, Vec<(usize, f64)>); 2] = [
        ("training", (1..).zip(training.iter().copied()).collect()),
        (
            "validation",
            (1..)
                .zip(validation.iter())
                .filter_map(|(e, v)| v.map(|v| (e, v)))
                .collect(),
        ),
    ];
    for (k, (name, points)) in series.iter().enumerate() {
        let colour = COLOURS[k];
        let path: Vec<String> = points
            .iter()
            .filter(|(_, v)| v.is_finite())
            .map(|&(e, v)| format!("{:.1},{:.1}", x(e), y(v)))
            .collect();
        if !path.is_empty() {
            let _ = writeln!(
                out,
                r#"<polyline fill="none" stroke="{colour}" stroke-width="2" points="{}"/>"#,
                path.join(" ")
            );
            for point in &path {
                let (px, py) = point.split_once(',').unwrap_or(("0", "0"));
                let _ = writeln!(
                    out,
                    r#"<circle cx="{px}" cy="{py}" r="3" fill="{colour}"/>"#
                );
            }
        }
        let ly = TOP + 4.0 + 16.0 * k as f64;
        let lx = WIDTH - RIGHT - 130.0;
        let _ = writeln!(
            out,
            r#"<line x1="{lx}" x2="{}" y1="{ly}" y2="{ly}" stroke="{colour}" stroke-width="2"/><text x="{}" y="{}">{name}</text>"#,
            lx + 20.0,
            lx + 26.0,
            ly + 4.0
        );
    }
    out.push_str("</svg>\n");
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_chart_draws_both_curves_with_a_point_per_epoch() {
        let svg = loss_svg(&[0.7, 0.6, 0.55], &[Some(0.72), Some(0.65), Some(0.6)]);
        assert!(svg.starts_with("<svg") && svg.ends_with("</svg>\n"));
        assert_eq!(svg.matches("<polyline").count(), 2);
        assert_eq!(svg.matches("<circle").count(), 6);
        // No validation: one curve; no epoch at all: still a document.
        assert_eq!(loss_svg(&[0.7], &[None]).matches("<polyline").count(), 1);
        assert!(loss_svg(&[], &[]).ends_with("</svg>\n"));
    }
}
