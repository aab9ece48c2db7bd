//! What a match comes to: counts by colour, the win rate with its Wilson
//! interval, Elo, lengths and speeds; as text for people and JSON for tools,
//! plus every game record.

use super::play::{Ending, GameResult, MatchConfig, Side};
use super::sprt::SprtReport;
use super::stats::{wilson_interval, EloDifference};
use super::work::WorkUnit;
use quoridor_text::{count, plural};
use serde::Serialize;
use std::fmt::Write as _;

/// Per-engine totals of a match.
#[derive(Clone, Debug, Serialize)]
pub struct EngineSummary {
    /// The engine's name (its settings or command).
    pub label: String,
    /// Games won.
    pub wins: usize,
    /// Games won moving first.
    pub wins_first: usize,
    /// Games won moving second.
    pub wins_second: usize,
    /// Mean milliseconds per move.
    pub ms_per_move: f64,
    /// Mean work per move (as reported, in `work_unit`s); `None` when no
    /// move reported any (a QTP engine).
    pub playouts_per_move: Option<f64>,
    /// Median work per move, over the moves that reported any (`None`
    /// when none did): unlike the mean, not pulled up by the few moves
    /// answered at once with huge counts (wall-less endgames solved from
    /// the pawn-race table), so the figure to compare engines' speeds by.
    pub median_playouts_per_move: Option<f64>,
    /// What the counts per move count: playouts (UCT) or nodes
    /// (alpha-beta); `None` when no move reported a count.
    pub work_unit: Option<WorkUnit>,
    /// Games lost by an illegal move or a crash.
    pub forfeits: usize,
}

/// Engine A's score over some games of a match: those with one colour, or all.
#[derive(Clone, Copy, Debug, PartialEq, Serialize)]
pub struct ColourScore {
    /// Games A played (with this colour).
    pub games: usize,
    /// Of those, games A won.
    pub wins: usize,
    /// A's score fraction (0 without games).
    pub score: f64,
    /// 95% Wilson interval of that score.
    pub interval: (f64, f64),
}

impl ColourScore {
    fn new(wins: usize, games: usize) -> ColourScore {
        ColourScore {
            games,
            wins,
            score: wins as f64 / games.max(1) as f64,
            interval: wilson_interval(wins as f64, games),
        }
    }
}

/// The result of a match.
#[derive(Clone, Debug, Serialize)]
pub struct Summary {
    /// Games played.
    pub games: usize,
    /// Engine A.
    pub a: EngineSummary,
    /// Engine B.
    pub b: EngineSummary,
    /// A's score fraction.
    pub a_score: f64,
    /// 95% Wilson interval of A's score.
    pub a_score_interval: (f64, f64),
    /// A's score moving first (as player 1), with its interval; `None`
    /// when A never moved first.
    pub a_as_player_1: Option<ColourScore>,
    /// A's score moving second (as player 2), with its interval; `None`
    /// when A never moved second.
    pub a_as_player_2: Option<ColourScore>,
    /// Elo of A minus B: an estimate, or a bound when one engine won every
    /// game (see [`EloDifference`]).
    pub elo: EloDifference,
    /// Mean plies the engines played per game.
    pub mean_plies: f64,
    /// Games decided by the move cap.
    pub adjudicated: usize,
    /// Each illegal move or failure, one line each.
    pub forfeits: Vec<String>,
    /// The sequential test's result, for a match run with one (absent
    /// otherwise).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub sprt: Option<SprtReport>,
    /// Every game.
    pub results: Vec<GameResult>,
}

impl Summary {
    /// Sums up `results` of the match `config`.
    pub fn new(config: &MatchConfig, results: Vec<GameResult>) -> Summary {
        Summary::with_labels(config.a.label(), config.b.label(), results)
    }

    /// Sums up `results` of a match between engines named `a_label` and
    /// `b_label` (as when merging shards, where only the match's definition
    /// is at hand).
    pub fn with_labels(a_label: &str, b_label: &str, results: Vec<GameResult>) -> Summary {
        let games = results.len();
        let engine = |side: Side, label: &str| {
            let i = usize::from(side == Side::B);
            let won = |r: &&GameResult| r.winner == side;
            let first = |r: &&GameResult| r.a_first == (side == Side::A);
            let moves: u32 = results.iter().map(|r| r.stats[i].moves).sum();
            let per_move = |total: f64| total / f64::from(moves.max(1));
            // Shard files of older builds carry counts (playouts) but no unit.
            let counted = results.iter().any(|r| {
                let s = &r.stats[i];
                s.unit.is_some() || s.playouts > 0 || !s.move_playouts.is_empty()
            });
            let work_unit = counted.then(|| {
                results
                    .iter()
                    .find_map(|r| r.stats[i].unit)
                    .unwrap_or(WorkUnit::Playouts)
            });
            EngineSummary {
                label: label.to_string(),
                wins: results.iter().filter(won).count(),
                wins_first: results.iter().filter(won).filter(first).count(),
                wins_second: results.iter().filter(won).filter(|r| !first(r)).count(),
                ms_per_move: per_move(results.iter().map(|r| r.stats[i].ms).sum()),
                playouts_per_move: counted
                    .then(|| per_move(results.iter().map(|r| r.stats[i].playouts as f64).sum())),
                work_unit,
                median_playouts_per_move: median(
                    results
                        .iter()
                        .flat_map(|r| r.stats[i].move_playouts.iter().copied())
                        .collect(),
                ),
                forfeits: results
                    .iter()
                    .filter(|r| forfeit_side(&r.ending) == Some(side))
                    .count(),
            }
        };
        let a = engine(Side::A, a_label);
        let b = engine(Side::B, b_label);
        let a_first_games = results.iter().filter(|r| r.a_first).count();
        let a_total = ColourScore::new(a.wins, games);
        let colour = |wins, games| (games > 0).then(|| ColourScore::new(wins, games));
        Summary {
            games,
            a_score: a_total.score,
            a_score_interval: a_total.interval,
            a_as_player_1: colour(a.wins_first, a_first_games),
            a_as_player_2: colour(a.wins_second, games - a_first_games),
            elo: EloDifference::of(a.wins, games),
            mean_plies: results
                .iter()
                .map(|r| f64::from(r.engine_plies()))
                .sum::<f64>()
                / games.max(1) as f64,
            adjudicated: results
                .iter()
                .filter(|r| r.ending == Ending::Adjudicated)
                .count(),
            forfeits: results.iter().filter_map(forfeit_line).collect(),
            sprt: None,
            a,
            b,
            results,
        }
    }

    /// The summary for people, several lines.
    pub fn text(&self) -> String {
        let (lo, hi) = self.a_score_interval;
        let mut out = String::new();
        for (name, e) in [("A", &self.a), ("B", &self.b)] {
            let median = e
                .median_playouts_per_move
                .map(|m| format!(" (median {m:.0})"))
                .unwrap_or_default();
            let work = match (e.playouts_per_move, e.work_unit) {
                (Some(mean), Some(unit)) => format!(" and {mean:.0} {unit}{median}"),
                _ => String::new(),
            };
            let _ = writeln!(
                out,
                "{name}: {:>3} {} ({} moving first, {} second), {:.0} ms{work} per move — {}",
                e.wins,
                plural(e.wins, "win"),
                e.wins_first,
                e.wins_second,
                e.ms_per_move,
                e.label
            );
        }
        let _ = writeln!(
            out,
            "A scored {:.1}% of {} (95% Wilson interval {:.1}–{:.1}%), Elo A−B {}",
            self.a_score * 100.0,
            count(self.games, "game"),
            lo * 100.0,
            hi * 100.0,
            elo_text(self.elo),
        );
        let colour = |c: &Option<ColourScore>| match c {
            Some(c) => format!(
                "{}/{} = {:.1}% ({:.1}–{:.1}%)",
                c.wins,
                c.games,
                c.score * 100.0,
                c.interval.0 * 100.0,
                c.interval.1 * 100.0
            ),
            None => "no games".to_string(),
        };
        let _ = writeln!(
            out,
            "A as player 1: {}; as player 2: {}",
            colour(&self.a_as_player_1),
            colour(&self.a_as_player_2)
        );
        if let Some(sprt) = &self.sprt {
            let _ = writeln!(out, "{}", sprt.text());
        }
        let _ = writeln!(
            out,
            "{:.1} plies per game on average; {} adjudicated at the move cap",
            self.mean_plies, self.adjudicated
        );
        for line in &self.forfeits {
            let _ = writeln!(out, "forfeit: {line}");
        }
        out
    }

    /// The summary as JSON (every game included).
    pub fn json(&self) -> String {
        serde_json::to_string_pretty(self).unwrap_or_else(|e| format!("{{\"error\": \"{e}\"}}"))
    }
}

/// The median of `values` (the mean of the middle two for an even count);
/// `None` for none.
fn median(mut values: Vec<u64>) -> Option<f64> {
    values.sort_unstable();
    let n = values.len();
    match n {
        0 => None,
        _ if n % 2 == 1 => Some(values[n / 2] as f64),
        _ => Some((values[n / 2 - 1] as f64 + values[n / 2] as f64) / 2.0),
    }
}

/// The Elo difference after `Elo A−B `: `+35 ± 40`, or for a sweep the
/// bound when it is beyond 0 (`> +46 (A won every game; 95% lower bound)`),
/// else `undefined (…)`: a bound on the loser's side says nothing.
fn elo_text(elo: EloDifference) -> String {
    match elo {
        EloDifference::Estimate { elo, error } => format!("{} ± {error:.0}", signed_whole(elo)),
        EloDifference::AWonAll { bound } if bound.round() > 0.0 => format!(
            "> {} (A won every game; 95% lower bound)",
            signed_whole(bound)
        ),
        EloDifference::AWonAll { .. } => {
            "undefined (A won every game, too few for a 95% bound above 0)".to_string()
        }
        EloDifference::BWonAll { bound } if bound.round() < 0.0 => format!(
            "< {} (B won every game; 95% upper bound)",
            signed_whole(bound)
        ),
        EloDifference::BWonAll { .. } => {
            "undefined (B won every game, too few for a 95% bound below 0)".to_string()
        }
        EloDifference::NoGames => "undefined (no game played)".to_string(),
    }
}

/// `x` rounded to a whole number with its sign (`+35`, `-12`), and `0` for
/// anything that rounds to zero (never `-0` or `+0`).
fn signed_whole(x: f64) -> String {
    let rounded = x.round();
    if rounded == 0.0 {
        "0".to_string()
    } else {
        format!("{rounded:+.0}")
    }
}

fn forfeit_side(ending: &Ending) -> Option<Side> {
    match ending {
        Ending::Illegal { side, .. } | Ending::Failed { side, .. } => Some(*side),
        Ending::Goal | Ending::Adjudicated => None,
    }
}

fn forfeit_line(r: &GameResult) -> Option<String> {
    let game = r.index + 1;
    match &r.ending {
        Ending::Illegal { side, sent, reason } => Some(format!(
            "game {game}: {side} sent {sent:?} after {}: {reason}",
            count(r.record.moves().len(), "ply")
        )),
        Ending::Failed { side, reason } => Some(format!(
            "game {game}: {side} failed after {}: {reason}",
            count(r.record.moves().len(), "ply")
        )),
        Ending::Goal | Ending::Adjudicated => None,
    }
}

/// One line saying who moved first and how the game ended.
pub fn describe(r: &GameResult) -> String {
    let ending = match &r.ending {
        Ending::Goal => "at the goal".to_string(),
        Ending::Adjudicated => "by adjudication".to_string(),
        Ending::Illegal { side, sent, .. } => format!("as {side} sent the illegal move {sent:?}"),
        Ending::Failed { side, reason } => format!("as {side} failed: {reason}"),
    };
    format!(
        "game {}: {} moved first; {} won {} after {}",
        r.index + 1,
        if r.a_first { "A" } else { "B" },
        r.winner,
        ending,
        count(r.record.moves().len(), "ply")
    )
}

/// Every game as a `#` comment line (who was first, who won and how)
/// followed by its record, ready for `quoridor show` or an openings file.
pub fn write_records(results: &[GameResult]) -> String {
    let mut out = String::new();
    for r in results {
        let _ = writeln!(out, "# {}", describe(r));
        let _ = writeln!(out, "{}", r.record);
    }
    out
}

#[cfg(test)]
mod tests {
    use super::{median, signed_whole, Summary};
    use crate::{Ending, GameResult, Side, SideStats, WorkUnit};
    use quoridor_rules::{Game, Variant};

    #[test]
    fn the_median_takes_the_middle_value_or_the_mean_of_the_middle_two() {
        assert_eq!(median(vec![]), None);
        assert_eq!(median(vec![7]), Some(7.0));
        assert_eq!(median(vec![9, 1, 5]), Some(5.0));
        assert_eq!(median(vec![10, 1, 4, 1_000_000]), Some(7.0));
    }

    /// A won game where A reported `a` playouts a move and B `b`.
    fn game(index: usize, a: &[u64], b: &[u64]) -> GameResult {
        let stats = |each: &[u64]| SideStats {
            moves: each.len() as u32,
            ms: 100.0 * each.len() as f64,
            playouts: each.iter().sum(),
            move_playouts: each.to_vec(),
            unit: (!each.is_empty()).then_some(WorkUnit::Playouts),
        };
        GameResult {
            index,
            a_first: index % 2 == 0,
            opening: None,
            winner: Side::A,
            ending: Ending::Goal,
            record: Game::new(Variant::default()),
            stats: [stats(a), stats(b)],
        }
    }

    #[test]
    fn a_table_answer_pulls_up_the_mean_playouts_a_move_but_not_the_median() {
        // B's last move of the second game is a wall-less endgame answered
        // from the pawn-race table: millions of lookups counted as playouts.
        let results = vec![
            game(0, &[200, 220, 210], &[100, 110]),
            game(1, &[190, 230], &[120, 105, 5_000_000]),
        ];
        let summary = Summary::with_labels("a", "b", results);
        assert_eq!(summary.a.median_playouts_per_move, Some(210.0));
        assert_eq!(summary.b.median_playouts_per_move, Some(110.0));
        assert!(summary.b.playouts_per_move > Some(1_000_000.0));
        let text = summary.text();
        assert!(text.contains("playouts (median 110) per move"), "{text}");
    }

    #[test]
    fn results_without_counts_a_move_have_no_median() {
        // Shard files written before the counts a move were kept.
        let mut old = game(0, &[200, 220], &[100]);
        old.stats.iter_mut().for_each(|s| s.move_playouts.clear());
        let summary = Summary::with_labels("a", "b", vec![old]);
        assert_eq!(summary.a.median_playouts_per_move, None);
        assert_eq!(summary.a.playouts_per_move, Some(210.0));
        assert!(!summary.text().contains("median"));
    }

    /// A match of `games` where A won the first `a_wins` (A moves first in
    /// the even-numbered games).
    fn a_match(a_wins: usize, games: usize) -> Summary {
        let results = (0..games)
            .map(|i| GameResult {
                winner: if i < a_wins { Side::A } else { Side::B },
                ..game(i, &[100], &[100])
            })
            .collect();
        Summary::with_labels("a", "b", results)
    }

    /// The summary's line with A's score and the Elo.
    fn score_line(summary: &Summary) -> String {
        let text = summary.text();
        let line = text.lines().find(|l| l.starts_with("A scored"));
        line.unwrap_or_default().to_string()
    }

    #[test]
    fn a_sweep_has_no_elo_estimate_only_a_bound_beyond_0() {
        let one_nil = score_line(&a_match(1, 1));
        assert!(
            one_nil
                .ends_with("Elo A−B undefined (A won every game, too few for a 95% bound above 0)"),
            "{one_nil}"
        );
        let nil_one = score_line(&a_match(0, 1));
        assert!(
            nil_one
                .ends_with("Elo A−B undefined (B won every game, too few for a 95% bound below 0)"),
            "{nil_one}"
        );
        let three_nil = score_line(&a_match(3, 3));
        assert!(
            three_nil.contains("Elo A−B undefined (A won every game"),
            "{three_nil}"
        );
        let five_nil = score_line(&a_match(5, 5));
        assert!(
            five_nil.ends_with("Elo A−B > +46 (A won every game; 95% lower bound)"),
            "{five_nil}"
        );
        let nil_five = score_line(&a_match(0, 5));
        assert!(
            nil_five.ends_with("Elo A−B < -46 (B won every game; 95% upper bound)"),
            "{nil_five}"
        );
        let even = score_line(&a_match(1, 2));
        assert!(even.ends_with("Elo A−B 0 ± 191"), "{even}");
    }

    #[test]
    fn a_colour_a_never_played_has_no_score_line() {
        let summary = a_match(1, 1);
        assert!(summary.a_as_player_2.is_none());
        assert!(
            summary
                .text()
                .contains("A as player 1: 1/1 = 100.0% (20.7–100.0%); as player 2: no games\n"),
            "{}",
            summary.text()
        );
    }

    #[test]
    fn work_is_counted_in_the_engines_unit_and_not_at_all_without_counts() {
        let mut alphabeta_vs_qtp = game(0, &[5_000, 7_000], &[]);
        alphabeta_vs_qtp.stats[0].unit = Some(WorkUnit::Nodes);
        // A QTP engine reports no count: its moves are timed only.
        alphabeta_vs_qtp.stats[1].moves = 2;
        alphabeta_vs_qtp.stats[1].ms = 300.0;
        let summary = Summary::with_labels("alphabeta", "qtp:engine", vec![alphabeta_vs_qtp]);
        assert_eq!(summary.b.playouts_per_move, None);
        assert_eq!(summary.b.work_unit, None);
        let text = summary.text();
        assert!(
            text.contains("100 ms and 6000 nodes (median 6000) per move — alphabeta"),
            "{text}"
        );
        assert!(text.contains(" 150 ms per move — qtp:engine"), "{text}");
        assert!(!text.contains("playouts"), "{text}");
    }

    #[test]
    fn elo_near_zero_prints_0_without_a_sign() {
        assert_eq!(signed_whole(-0.0), "0");
        assert_eq!(signed_whole(-1e-9), "0");
        assert_eq!(signed_whole(0.4), "0");
        assert_eq!(signed_whole(35.2), "+35");
        assert_eq!(signed_whole(-12.6), "-13");
    }
}
