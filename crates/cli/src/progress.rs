//! Progress of a long run (the arena's games, the experiments' settings) on
//! stderr: an indicatif bar with the running score, elapsed time and ETA when
//! stderr is a terminal; otherwise plain lines, so logs and tests read text
//! without escape codes. The ETA is `-` until a game has finished: before
//! that there is no pace to extrapolate from.

use indicatif::{ProgressBar, ProgressState, ProgressStyle};
use quoridor_text::plural;
use std::io::IsTerminal;
use std::io::Write;
use std::time::{Duration, Instant};

/// Games done out of a known total.
pub struct RunProgress {
    bar: Option<ProgressBar>,
    total: u64,
    started: Instant,
    /// Put before the counts (`shard 2/8: 37/325 games`), or empty.
    label: String,
}

impl RunProgress {
    /// Progress over `total` games.
    pub fn new(total: u64) -> RunProgress {
        RunProgress::labelled(total, "")
    }

    /// Progress over `total` games, the counts headed by `label`
    /// (`shard 2/8: 37/325 games`).
    pub fn labelled(total: u64, label: &str) -> RunProgress {
        let label = if label.is_empty() {
            String::new()
        } else {
            format!("{label}: ")
        };
        let bar = std::io::stderr().is_terminal().then(|| {
            let bar = ProgressBar::new(total);
            let style = ProgressStyle::with_template(&format!(
                "[{{bar:30}}] {{prefix}}{{pos}}/{{len}} {}  {{msg}}  {{elapsed}} elapsed, ETA {{time_left}}",
                plural(total, "game")
            ))
            .unwrap_or_else(|_| ProgressStyle::default_bar())
            .with_key(
                "time_left",
                |state: &ProgressState, w: &mut dyn std::fmt::Write| {
                    let total = state.len().unwrap_or(0);
                    let _ = w.write_str(&eta_text(state.pos(), total, state.elapsed()));
                },
            )
            .progress_chars("#>.");
            bar.set_style(style);
            bar.set_prefix(label.clone());
            bar.enable_steady_tick(Duration::from_millis(500));
            bar
        });
        RunProgress {
            bar,
            total,
            started: Instant::now(),
            label,
        }
    }

    /// `done` games finished; `score` is the running score. Without a
    /// terminal, `line` (if any) is printed with the counts and times.
    pub fn update(&self, done: u64, score: &str, line: Option<&str>) {
        match &self.bar {
            Some(bar) => {
                bar.set_position(done);
                bar.set_message(score.to_string());
            }
            None => {
                let Some(line) = line else { return };
                let score = if score.is_empty() {
                    String::new()
                } else {
                    format!(", {score}")
                };
                let _ = writeln!(
                    std::io::stderr().lock(),
                    "{line}  [{}{done}/{} {}{score}, {} elapsed, ETA {}]",
                    self.label,
                    self.total,
                    plural(self.total, "game"),
                    clock(self.started.elapsed()),
                    eta_text(done, self.total, self.started.elapsed())
                );
            }
        }
    }

    /// A step of the run is done (`done` games so far): `line` says which,
    /// above the bar on a terminal, otherwise with the counts and times.
    pub fn step(&self, done: u64, score: &str, line: &str) {
        match &self.bar {
            Some(bar) => {
                bar.set_position(done);
                bar.println(line);
            }
            None => self.update(done, score, Some(line)),
        }
    }

    /// Removes the bar.
    pub fn finish(&self) {
        if let Some(bar) = &self.bar {
            bar.finish_and_clear();
        }
    }
}

/// Positions searched by `review`, out of the record's: a bar on stderr
/// when it is a terminal, nothing otherwise (pipes and logs get only the
/// review).
pub struct ReviewProgress {
    bar: Option<ProgressBar>,
}

impl ReviewProgress {
    /// Progress over `total` positions.
    pub fn new(total: u64) -> ReviewProgress {
        let bar = std::io::stderr().is_terminal().then(|| {
            let bar = ProgressBar::new(total);
            let style = ProgressStyle::with_template(
                "[{bar:30}] {pos}/{len} positions searched  {elapsed} elapsed",
            )
            .unwrap_or_else(|_| ProgressStyle::default_bar())
            .progress_chars("#>.");
            bar.set_style(style);
            bar.enable_steady_tick(Duration::from_millis(500));
            bar
        });
        ReviewProgress { bar }
    }

    /// `done` positions searched.
    pub fn update(&self, done: u64) {
        if let Some(bar) = &self.bar {
            bar.set_position(done);
        }
    }

    /// Removes the bar.
    pub fn finish(&self) {
        if let Some(bar) = &self.bar {
            bar.finish_and_clear();
        }
    }
}

/// Batches of a training run: a bar over each epoch's batches on stderr
/// when it is a terminal (`epoch 3/10 [####>...] 120/400 batches`),
/// nothing otherwise (the epochs' lines are the log).
#[cfg(feature = "train")]
pub struct BatchProgress {
    bar: Option<ProgressBar>,
    epochs: u64,
}

#[cfg(feature = "train")]
impl BatchProgress {
    /// Progress over `epochs` epochs of `batches` batches.
    pub fn new(batches: u64, epochs: u64) -> BatchProgress {
        let bar = std::io::stderr().is_terminal().then(|| {
            let bar = ProgressBar::new(batches);
            let style = ProgressStyle::with_template(
                "{prefix} [{bar:30}] {pos}/{len} batches  {elapsed} elapsed, ETA {eta}",
            )
            .unwrap_or_else(|_| ProgressStyle::default_bar())
            .progress_chars("#>.");
            bar.set_style(style);
            bar.enable_steady_tick(Duration::from_millis(500));
            bar
        });
        BatchProgress { bar, epochs }
    }

    /// `done` batches of epoch `epoch` (1-based) are through.
    pub fn update(&self, epoch: u64, done: u64) {
        if let Some(bar) = &self.bar {
            if done <= 1 {
                bar.reset();
            }
            bar.set_prefix(format!("epoch {epoch}/{}", self.epochs));
            bar.set_position(done);
        }
    }

    /// Runs `f` (which prints) with the bar out of the way.
    pub fn suspend(&self, f: impl FnOnce()) {
        match &self.bar {
            Some(bar) => bar.suspend(f),
            None => f(),
        }
    }

    /// Removes the bar.
    pub fn finish(&self) {
        if let Some(bar) = &self.bar {
            bar.finish_and_clear();
        }
    }
}

/// Time left for `total` games at the pace of the `done` finished in
/// `elapsed`: `-` before the first has finished (no pace yet), else
/// [`clock`].
fn eta_text(done: u64, total: u64, elapsed: Duration) -> String {
    if done == 0 {
        return "-".to_string();
    }
    let per_game = elapsed.as_secs_f64() / done as f64;
    clock(Duration::from_secs_f64(
        per_game * total.saturating_sub(done) as f64,
    ))
}

/// `1:05` or `1:02:03`.
fn clock(d: Duration) -> String {
    let s = d.as_secs();
    if s >= 3600 {
        format!("{}:{:02}:{:02}", s / 3600, s / 60 % 60, s % 60)
    } else {
        format!("{}:{:02}", s / 60, s % 60)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn clock_reads_minutes_and_hours() {
        assert_eq!(clock(Duration::from_secs(65)), "1:05");
        assert_eq!(clock(Duration::from_secs(3723)), "1:02:03");
    }

    #[test]
    fn no_eta_before_the_first_game_has_finished() {
        let minute = Duration::from_secs(60);
        assert_eq!(eta_text(0, 10, minute), "-");
        assert_eq!(eta_text(1, 10, minute), "9:00");
        assert_eq!(eta_text(10, 10, minute), "0:00");
    }
}
