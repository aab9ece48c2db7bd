//! Nodes and time to reach a depth on 1 and 2 threads (lazy SMP), from a
//! few fixed positions: `cargo run --release -p quoridor-alphabeta
//! --example nodes_to_depth [DEPTH] [RUNS]` (default depth 9, 3 runs of
//! each thread count). The Default settings with the classic evaluation,
//! 64 MiB of hash, no time limit.

use quoridor_alphabeta::{AlphaBeta, AlphaBetaParams};
use quoridor_learned::Evaluator;
use quoridor_rules::Game;
use quoridor_search::{now_ms, Evaluation, SearchEngine, SearchParams};

const POSITIONS: [&str; 3] = [
    "e2 e8",
    "e2 e8 e3 e7 e4 e6 d6h e4h c5v f6v d4 e5 d5 f5h",
    "e2 e8 e3 e7 e4 e6 e3h e6h c3h c6h e5 g6h f6",
];

fn main() {
    let mut args = std::env::args().skip(1);
    let depth = args.next().and_then(|a| a.parse().ok()).unwrap_or(9);
    let runs = args.next().and_then(|a| a.parse().ok()).unwrap_or(3);
    println!("| position | threads | run | depth | ms | nodes (all threads) | main thread's nodes | nodes/s | score | move |");
    println!("|---|---:|---:|---:|---:|---:|---:|---:|---:|---|");
    for record in POSITIONS {
        let Ok(game) = record.parse::<Game>() else {
            eprintln!("not a record: {record}");
            continue;
        };
        for threads in [1, 2] {
            for run in 1..=runs {
                let own = AlphaBetaParams {
                    max_depth: Some(depth),
                    hash_mb: 64,
                    ..AlphaBetaParams::default()
                };
                let mut params = SearchParams {
                    eval: Evaluation::Classic,
                    threads,
                    ..SearchParams::default()
                };
                params.limits.time = None;
                let mut s = AlphaBeta::new(*game.position(), params, own, Evaluator::classic());
                let start = now_ms();
                let best = s.think();
                let ms = now_ms() - start;
                println!(
                    "| {record} | {threads} | {run} | {} | {ms:.0} | {} | {} | {:.0} | {:?} | {} |",
                    s.completed_depth(),
                    s.nodes(),
                    s.main_nodes(),
                    s.nodes() as f64 * 1000.0 / ms.max(1.0),
                    s.value(),
                    best.map_or_else(|| "-".to_string(), |m| m.to_string()),
                );
            }
        }
    }
}
