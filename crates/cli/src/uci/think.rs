//! The search thread of `go`: slices, `info` lines, the `depth` stop, and
//! the final `bestmove`.

use super::go::Plan;
use super::output::Output;
use quoridor_engines::{
    now_ms, AlphaBetaInfo, Engine, EngineReport, SearchEngine, SearchInfo, Slice, UctParams,
    UctReport,
};
use quoridor_rules::Move;
use quoridor_solver::shelf::Solved;
use quoridor_solver::Value;
use std::num::NonZeroUsize;
use std::sync::atomic::{AtomicBool, Ordering};

/// How often a running search reports, in milliseconds.
const INFO_INTERVAL_MS: f64 = 500.0;
/// Length of one search slice between checks for reporting, in milliseconds.
const SLICE_MS: f64 = 50.0;
/// Length of a slice when `go depth` is checked after each, in milliseconds.
const DEPTH_SLICE_MS: f64 = 10.0;
/// Longest principal variation printed.
const PV_MOVES: usize = 24;

/// The search thread: runs in slices, reports every [`INFO_INTERVAL_MS`],
/// and ends with a last `info` and `bestmove`. A think that must wait for
/// `stop` and finishes early (a proof) waits for it before answering.
pub(super) fn think(mut search: Engine, out: Output, plan: Plan) -> Engine {
    let stop = search.stop_flag();
    let mut last_report = now_ms();
    let slice = if plan.depth.is_some() {
        DEPTH_SLICE_MS
    } else {
        SLICE_MS
    };
    loop {
        let finished = search.run(Slice::time(slice));
        if finished || plan.depth.is_some_and(|d| search.reaches_depth(d)) {
            break;
        }
        if now_ms() - last_report >= INFO_INTERVAL_MS {
            out.line(&info_line(&search.info(0), plan.depth));
            last_report = now_ms();
        }
    }
    if plan.wait_for_stop {
        wait_for_stop(&stop, &out);
    }
    let info = search.info(0);
    if search.played_from_book() {
        out.line("info string book move (option book): no search");
    }
    out.line(&info_line(&info, plan.depth));
    if let (Some(tree), Some(uct)) = (info.uct().filter(|t| t.tree_full), search.as_uct()) {
        out.line(&tree_full_line(tree, uct.uct_params()));
    }
    let best = info.best_move.or_else(|| search.root().fallback_move());
    out.line(&bestmove_line(best));
    search
}

/// Waits until `stop` is set or nobody reads the answers any more.
fn wait_for_stop(stop: &AtomicBool, out: &Output) {
    while !stop.load(Ordering::Relaxed) && !out.is_closed() {
        std::thread::sleep(std::time::Duration::from_millis(5));
    }
}

/// The think of a position a solved table covers: no search, the table's
/// line and value (`score mate N`, or `cp 0` for a draw, with `tbhits 1`),
/// then `bestmove` with the table's best move (after `stop` under `go
/// infinite`). Hands the engine back untouched (started on the session's
/// thread, as for a search, so an early `stop` is not lost).
pub(super) fn answer_from_table(
    search: Engine,
    out: Output,
    plan: Plan,
    solved: &Solved,
) -> Engine {
    let pv = &solved.line;
    let score = match solved.exact.value {
        // The side to move's own moves, as alpha-beta counts them.
        Value::Win(plies) => format!("mate {}", plies.div_ceil(2)),
        Value::Loss(plies) => format!("mate -{}", plies / 2),
        Value::Draw => "cp 0".to_string(),
    };
    let mut line = format!(
        "info depth {} score {score} nodes 0 tbhits 1 time 0",
        pv.len().min(PV_MOVES)
    );
    push_pv(&mut line, pv);
    out.line(&line);
    out.line(&format!(
        "info string solved table: the side to move {}",
        solved.exact.value
    ));
    if plan.wait_for_stop {
        wait_for_stop(&search.stop_flag(), &out);
    }
    out.line(&bestmove_line(solved.exact.best_moves().next()));
    search
}

/// The note that a think ended because its tree is full, naming the
/// budget it reached: `node_budget` when the nodes reached it, else `tree_mb`.
fn tree_full_line(tree: &UctReport, uct: &UctParams) -> String {
    let mib = tree.memory_bytes as f64 / quoridor_engines::MIB as f64;
    if uct.node_budget_reached(tree.nodes as usize) {
        format!(
            "info string tree full at {} nodes, {mib:.1} MiB (node_budget {}): no room for more nodes",
            tree.nodes, uct.node_budget
        )
    } else {
        format!(
            "info string tree full at {mib:.1} MiB (tree_mb {}): no room for more nodes",
            uct.tree_mb
        )
    }
}

/// `bestmove M`, or `bestmove (none)`.
pub(super) fn bestmove_line(best: Option<Move>) -> String {
    match best {
        Some(mv) => format!("bestmove {mv}"),
        None => "bestmove (none)".to_string(),
    }
}

/// `info depth … seldepth … nodes … playouts … nps … time … score … pv …`.
/// `depth` is the length of the principal variation, the quantity `go
/// depth` stops on: under `go depth N` (`depth_limit`) line and depth are
/// cut at N, since the line may grow past N within the last slice.
/// `seldepth` is the deepest node reached (a playout's start, or the line's
/// end in a reused tree); `score winprob` is the side to move's win
/// probability in percent, or `score proven win|loss` once the solver has
/// proven it.
pub(super) fn info_line(info: &SearchInfo, depth_limit: Option<NonZeroUsize>) -> String {
    let tree = match &info.engine {
        EngineReport::Uct(tree) => tree,
        EngineReport::AlphaBeta(ab) => return alphabeta_info_line(info, ab),
    };
    let limit = depth_limit.map_or(usize::MAX, NonZeroUsize::get);
    let depth = (tree.pv_depth as usize).min(limit);
    let pv = &info.pv[..info.pv.len().min(limit)];
    let score = match info.proven_winner {
        Some(p) if p == info.side_to_move => "proven win".to_string(),
        Some(_) => "proven loss".to_string(),
        None => format!("winprob {:.1}", info.win_probability * 100.0),
    };
    let mut line = format!(
        "info depth {} seldepth {} nodes {} playouts {} nps {:.0} time {:.0} score {}",
        depth,
        tree.max_depth.max(tree.pv_depth),
        tree.nodes,
        info.searched,
        info.searched_per_sec,
        info.elapsed_ms,
        score
    );
    push_pv(&mut line, pv);
    line
}

/// The alpha-beta engine's line: `info depth D seldepth S score cp X|mate N
/// nodes … nps … hashfull … time … pv …`, where `depth` is the last
/// completed iteration and `cp` is centipawns for the side to move (100 = a
/// step of path length).
fn alphabeta_info_line(info: &SearchInfo, ab: &AlphaBetaInfo) -> String {
    let mut line = format!(
        "info depth {} seldepth {} score {} nodes {} nps {:.0} hashfull {} time {:.0}",
        ab.depth, ab.seldepth, ab.score, ab.nodes, ab.nps, ab.hashfull, info.elapsed_ms
    );
    push_pv(&mut line, &info.pv);
    line
}

/// Appends ` pv m1 m2 …` (at most [`PV_MOVES`] moves) when there is a line.
fn push_pv(line: &mut String, pv: &[Move]) {
    if !pv.is_empty() {
        line.push_str(" pv");
        for mv in pv.iter().take(PV_MOVES) {
            line.push(' ');
            line.push_str(&mv.to_string());
        }
    }
}
