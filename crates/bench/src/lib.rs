//! The engine benchmark: fixed positions, a fixed playout count and a fixed
//! seed, searched one after another on one thread. Shared by `quoridor bench`
//! (native) and the `bench_wasm` binary (WebAssembly under Node), so both
//! measure exactly the same work.
//!
//! ```
//! use quoridor_bench::{bench_config, run};
//! use quoridor_engines::learned::Evaluator;
//! let config = bench_config("thesis").unwrap();
//! let report = run(&config, &Evaluator::classic(), 50).unwrap();
//! assert_eq!(report.results.len(), 4);
//! assert!(report.results.iter().all(|r| r.playouts > 0));
//! ```
//!
//! [`abtable`] holds the measurements of the alpha-beta enhancement table.

pub mod abtable;

use quoridor_engines::learned::Evaluator;
use quoridor_engines::{
    new_engine, now_ms, EngineConfig, EngineKind, Evaluation, Limits, Preset, Score, SearchEngine,
    SearchInfo, SearchParams,
};
use quoridor_rules::{Game, Move, RecordError, Variant};
use std::fmt;

/// A benchmark position: a name and a game record from the 9x9 start.
#[derive(Clone, Copy, Debug)]
pub struct BenchPosition {
    /// Short name for the report.
    pub name: &'static str,
    /// The moves from the start position.
    pub record: &'static str,
}

/// The positions, from the start to an endgame where both sides are nearly
/// out of walls. Every record is legal (checked by a test).
pub const POSITIONS: [BenchPosition; 4] = [
    BenchPosition {
        name: "start",
        record: "",
    },
    BenchPosition {
        name: "midgame-open",
        record: "e2 e8 e3 e7 e4 e6 d6h e4h c5v f6v d4 e5 d5 f5h",
    },
    BenchPosition {
        name: "midgame-walls",
        record: "e2 e8 d2 f8 e3h d7h c3v f7v d3 f7 b4h g6h d4 e7",
    },
    BenchPosition {
        name: "endgame",
        record: "e2 e8 e3 e7 e4 e6 a2h a7h c2h c7h g2h g7h b4v h4v d5h f3h a5h g5h \
                 b6v h6v e5 f6 f5 e6 f6 d6 f7 c6 f8 c5 e8h c4 d4h c3",
    },
];

/// The game of `bench --game` ([`run_game`]): a game of the 1 s self-play
/// match from the book (its first 24 plies; the record is legal, checked by a
/// test).
pub const GAME: BenchPosition = BenchPosition {
    name: "game",
    record: "f1 f3h d3h e8 e1 e7 e2 c2v e1 e6 d1 b1h c4v c6h d2 d6 b6v a6h b5h e6 f6v g2v \
             f4v f1v",
};

/// Thinks of [`run_game`] reported together in one row.
const GAME_ROW_THINKS: usize = 6;

/// Playouts per position unless told otherwise.
pub const DEFAULT_BENCH_PLAYOUTS: u64 = 20_000;

/// Milliseconds per position of the alpha-beta benchmark unless told otherwise.
pub const DEFAULT_BENCH_MS: u64 = 1000;

/// The benchmark's settings by name: `default` ([`EngineConfig::default`]) or
/// `thesis` ([`EngineConfig::thesis_fixed_point`]), with the time limit off,
/// seed 1 and the classic evaluation, so a run depends only on the playout
/// count and its speed compares across versions and with the benchmarks
/// before the learned evaluation (`quoridor bench --eval` chooses another).
///
/// ```
/// use quoridor_bench::bench_config;
/// use quoridor_engines::Evaluation;
/// assert_eq!(bench_config("default").map(|c| c.params.eval), Some(Evaluation::Classic));
/// ```
pub fn bench_config(name: &str) -> Option<EngineConfig> {
    let mut config = match name.parse::<Preset>().ok()? {
        preset @ (Preset::Default | Preset::Thesis) => preset.config(),
        Preset::Easy => return None,
    };
    let params = &mut config.params;
    params.limits.time = None;
    params.seed = 1;
    params.eval = Evaluation::Classic;
    Some(config)
}

/// What one position's search did.
#[derive(Clone, Debug)]
pub struct BenchResult {
    /// The position's name (for [`run_game`], the plies of the row).
    pub name: String,
    /// Playouts made (fewer than asked if the solver proved the position).
    pub playouts: u64,
    /// Wall-clock milliseconds.
    pub ms: f64,
    /// Tree nodes at the end.
    pub nodes: u32,
    /// Bytes per tree node.
    pub bytes_per_node: u32,
    /// The move the engine chose, in notation.
    pub best_move: String,
}

impl BenchResult {
    /// Playouts per second.
    pub fn playouts_per_sec(&self) -> f64 {
        rate(self.playouts, self.ms)
    }
}

/// A whole benchmark run.
#[derive(Clone, Debug)]
pub struct BenchReport {
    /// One entry per position of [`POSITIONS`], in order (for
    /// [`run_game`], one per row of thinks).
    pub results: Vec<BenchResult>,
}

impl BenchReport {
    /// Playouts over all positions.
    pub fn total_playouts(&self) -> u64 {
        self.results.iter().map(|r| r.playouts).sum()
    }

    /// Milliseconds over all positions.
    pub fn total_ms(&self) -> f64 {
        self.results.iter().map(|r| r.ms).sum()
    }

    /// Playouts per second over all positions.
    pub fn playouts_per_sec(&self) -> f64 {
        rate(self.total_playouts(), self.total_ms())
    }
}

fn rate(playouts: u64, ms: f64) -> f64 {
    if ms > 0.0 {
        playouts as f64 * 1000.0 / ms
    } else {
        0.0
    }
}

impl fmt::Display for BenchReport {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        writeln!(
            f,
            "{:<14} {:>9} {:>9} {:>12} {:>9} {:>10} {:>6}",
            "position", "playouts", "ms", "playouts/s", "nodes", "bytes/node", "move"
        )?;
        for r in &self.results {
            writeln!(
                f,
                "{:<14} {:>9} {:>9.0} {:>12.0} {:>9} {:>10} {:>6}",
                r.name,
                r.playouts,
                r.ms,
                r.playouts_per_sec(),
                r.nodes,
                r.bytes_per_node,
                r.best_move
            )?;
        }
        write!(
            f,
            "overall: {} playouts in {:.0} ms = {:.0} playouts/s",
            self.total_playouts(),
            self.total_ms(),
            self.playouts_per_sec()
        )
    }
}

/// A benchmark position whose record does not read (a bug in [`POSITIONS`]).
#[derive(Clone, Debug, PartialEq)]
pub struct BenchError {
    /// The position's name.
    pub position: &'static str,
    /// What is wrong with its record.
    pub error: RecordError,
}

impl fmt::Display for BenchError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "bench position {}: {}", self.position, self.error)
    }
}

impl std::error::Error for BenchError {}

impl From<BenchError> for String {
    /// For callers that report errors as text.
    fn from(e: BenchError) -> String {
        e.to_string()
    }
}

/// One think with a fresh engine on bench position `p`: the final snapshot,
/// the move chosen and the milliseconds it took.
fn think_on(
    p: &BenchPosition,
    config: &EngineConfig,
    evaluator: &Evaluator,
) -> Result<(SearchInfo, Option<Move>, f64), BenchError> {
    let game =
        Game::parse_with_variant(p.record, Variant::default()).map_err(|error| BenchError {
            position: p.name,
            error,
        })?;
    let mut search = new_engine(*game.position(), config, evaluator.clone());
    let start = now_ms();
    let best = search.think();
    let ms = now_ms() - start;
    Ok((search.info(0), best, ms))
}

/// The UCT tree's nodes in `info` (the bench's searches are UCT's).
fn tree_nodes(info: &SearchInfo) -> u32 {
    info.uct().map_or(0, |u| u.nodes)
}

/// `config` searched by `kind` within `limits`: what one benchmark runs.
fn searched_by(config: &EngineConfig, kind: EngineKind, limits: Limits) -> EngineConfig {
    let mut config = config.clone();
    config.kind = kind;
    config.params.limits = limits;
    config
}

/// Searches every position of [`POSITIONS`] with UCT and `config`'s
/// settings, `playouts` playouts each (at least one; a fresh tree per
/// position), scoring with `evaluator`. Errors only if a record is bad.
pub fn run(
    config: &EngineConfig,
    evaluator: &Evaluator,
    playouts: u64,
) -> Result<BenchReport, BenchError> {
    let config = searched_by(config, EngineKind::Uct, Limits::playouts(playouts.max(1)));
    let mut results = Vec::with_capacity(POSITIONS.len());
    for p in POSITIONS {
        let (info, best, ms) = think_on(&p, &config, evaluator)?;
        results.push(BenchResult {
            name: p.name.to_string(),
            playouts: info.searched,
            ms,
            nodes: tree_nodes(&info),
            bytes_per_node: info.uct().map_or(0, |u| u.bytes_per_node),
            best_move: best.map_or_else(|| "-".to_string(), |m| m.to_string()),
        });
    }
    Ok(BenchReport { results })
}

/// One engine thinks `playouts` playouts at each position of [`GAME`] in
/// turn, from the start, keeping its tree between thinks as it does in a
/// match (when `config` reuses trees, as the Default preset does): the speed of
/// the large, reused trees of a game, which [`run`]'s fresh trees do not
/// show. One row per six thinks, timed with the tree reuse
/// between them; each row's nodes are the tree's at its last think.
///
/// ```
/// use quoridor_bench::{bench_config, run_game};
/// use quoridor_engines::learned::Evaluator;
/// let report = run_game(&bench_config("default").unwrap(), &Evaluator::classic(), 20).unwrap();
/// assert_eq!(report.results.len(), 4);
/// assert_eq!(report.results[0].name, "plies 0-5");
/// assert_eq!(report.total_playouts(), 24 * 20);
/// ```
pub fn run_game(
    config: &EngineConfig,
    evaluator: &Evaluator,
    playouts: u64,
) -> Result<BenchReport, BenchError> {
    let config = searched_by(config, EngineKind::Uct, Limits::playouts(playouts.max(1)));
    let bad = |error| BenchError {
        position: GAME.name,
        error,
    };
    let game = Game::parse_with_variant(GAME.record, Variant::default()).map_err(bad)?;
    let start = *game.position_at(0).unwrap_or(game.position());
    let mut search = new_engine(start, &config, evaluator.clone());
    let mut results = Vec::new();
    let thinks = game.moves().len();
    for first in (0..thinks).step_by(GAME_ROW_THINKS) {
        let last = (first + GAME_ROW_THINKS).min(thinks) - 1;
        let (mut total, mut ms, mut best) = (0, 0.0, None);
        for ply in first..=last {
            let begin = now_ms();
            let moves = &game.moves()[..ply];
            search.set_game(start, moves).map_err(|error| {
                // Cannot happen (the record read), but say where if it does.
                bad(RecordError::Illegal {
                    index: ply.max(1),
                    mv: game.moves()[ply.saturating_sub(1)],
                    error,
                })
            })?;
            best = search.think();
            ms += now_ms() - begin;
            total += search.info(0).searched;
        }
        let info = search.info(0);
        results.push(BenchResult {
            name: format!("plies {first}-{last}"),
            playouts: total,
            ms,
            nodes: tree_nodes(&info),
            bytes_per_node: info.uct().map_or(0, |u| u.bytes_per_node),
            best_move: best.map_or_else(|| "-".to_string(), |m| m.to_string()),
        });
    }
    Ok(BenchReport { results })
}

/// The alpha-beta benchmark's settings: its default enhancements, 64 MiB of
/// hash and the classic evaluation (as [`bench_config`]: `quoridor bench
/// --eval` chooses another); limits are set per run.
///
/// ```
/// use quoridor_bench::alphabeta_bench_config;
/// use quoridor_engines::{EngineKind, Evaluation};
/// let config = alphabeta_bench_config();
/// assert_eq!((config.kind, config.params.eval), (EngineKind::AlphaBeta, Evaluation::Classic));
/// ```
pub fn alphabeta_bench_config() -> EngineConfig {
    let mut config = EngineConfig::of_kind(
        EngineKind::AlphaBeta,
        SearchParams {
            limits: Limits::NONE,
            eval: Evaluation::Classic,
            ..SearchParams::default()
        },
    );
    config.alphabeta.hash_mb = 64;
    config
}

/// What the alpha-beta engine did on one position in a fixed time.
#[derive(Clone, Debug)]
pub struct DepthResult {
    /// The position's name.
    pub name: &'static str,
    /// Nodes searched.
    pub nodes: u64,
    /// Wall-clock milliseconds.
    pub ms: f64,
    /// Plies of the last completed iteration.
    pub depth: u32,
    /// Deepest ply searched.
    pub seldepth: u32,
    /// The root's score.
    pub score: Score,
    /// The move the engine chose, in notation.
    pub best_move: String,
}

/// A whole alpha-beta benchmark run.
#[derive(Clone, Debug)]
pub struct DepthReport {
    /// One entry per position of [`POSITIONS`], in order.
    pub results: Vec<DepthResult>,
}

impl DepthReport {
    /// Nodes per second over all positions.
    pub fn nodes_per_sec(&self) -> f64 {
        let nodes = self.results.iter().map(|r| r.nodes).sum();
        rate(nodes, self.results.iter().map(|r| r.ms).sum())
    }
}

impl fmt::Display for DepthReport {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        writeln!(
            f,
            "{:<14} {:>10} {:>7} {:>11} {:>6} {:>9} {:>10} {:>6}",
            "position", "nodes", "ms", "nodes/s", "depth", "seldepth", "score", "move"
        )?;
        for r in &self.results {
            writeln!(
                f,
                "{:<14} {:>10} {:>7.0} {:>11.0} {:>6} {:>9} {:>10} {:>6}",
                r.name,
                r.nodes,
                r.ms,
                rate(r.nodes, r.ms),
                r.depth,
                r.seldepth,
                r.score.to_string(),
                r.best_move
            )?;
        }
        write!(f, "overall: {:.0} nodes/s", self.nodes_per_sec())
    }
}

/// Searches every position of [`POSITIONS`] with the alpha-beta engine and
/// `config`'s settings for `ms` milliseconds each (a fresh table per
/// position), scoring with `evaluator`.
pub fn run_alphabeta(
    config: &EngineConfig,
    evaluator: &Evaluator,
    ms: u64,
) -> Result<DepthReport, BenchError> {
    let config = searched_by(config, EngineKind::AlphaBeta, Limits::time_ms(ms.max(1)));
    let mut results = Vec::with_capacity(POSITIONS.len());
    for p in POSITIONS {
        let (info, best, ms) = think_on(&p, &config, evaluator)?;
        let ab = info.alphabeta();
        results.push(DepthResult {
            name: p.name,
            nodes: info.searched,
            ms,
            depth: ab.map_or(0, |a| a.depth),
            seldepth: ab.map_or(0, |a| a.seldepth),
            score: ab.map_or(Score::Cp(0), |a| a.score),
            best_move: best.map_or_else(|| "-".to_string(), |m| m.to_string()),
        });
    }
    Ok(DepthReport { results })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_bench_record_reads() {
        for p in POSITIONS.iter().chain([&GAME]) {
            assert!(
                Game::parse_with_variant(p.record, Variant::default()).is_ok(),
                "{}",
                p.name
            );
        }
        assert_eq!(GAME.record.split_whitespace().count(), 24);
    }

    #[test]
    fn the_game_bench_keeps_its_tree_between_thinks() {
        let playouts = 2_000;
        let rows = |tree_reuse| {
            let mut config = bench_config("default").expect("default");
            config.uct.tree_reuse = tree_reuse;
            run_game(&config, &Evaluator::classic(), playouts)
                .expect("the game reads")
                .results
        };
        let kept = rows(true);
        let names: Vec<&str> = kept.iter().map(|r| r.name.as_str()).collect();
        assert_eq!(
            names,
            ["plies 0-5", "plies 6-11", "plies 12-17", "plies 18-23"]
        );
        assert!(kept.iter().all(|r| r.playouts == 6 * playouts));
        // A fresh tree has at most one node a playout plus the root; a
        // kept one also holds what earlier thinks grew below the new root.
        let fresh_most = playouts as u32 + 1;
        assert!(rows(false).iter().all(|r| r.nodes <= fresh_most));
        assert!(kept.iter().any(|r| r.nodes > fresh_most), "{kept:?}");
    }
}
