//! Measuring the review on real games: search a record's positions once,
//! keep the evaluations, and judge them again with any build of the review
//! (so two versions of the judgement are compared on the same numbers).
//!
//! ```text
//! cargo run --release -p quoridor-review --example review_evals -- search PLAYOUTS SEED RECORD > game.evals
//! cargo run --release -p quoridor-review --example review_evals -- judge RECORD game.evals
//! ```
//!
//! `search` writes one line a position: player 1's win chance, `proven` or
//! `open`, the engine's move (`-` when over) and its line. `judge` prints a
//! line a move (ply, mover, move, win before → after, loss, engine's
//! choice, judgement), then the summary and the annotated record.

use quoridor_engines::learned::Evaluator;
use quoridor_engines::{EngineConfig, Limits, SearchParams};
use quoridor_review::{annotated_record, GameReview, PositionEval};
use quoridor_rules::{Game, PlyLimit};

fn main() {
    let args: Vec<String> = std::env::args().skip(1).collect();
    match args.iter().map(String::as_str).collect::<Vec<_>>()[..] {
        ["search", playouts, seed, record] => search(playouts, seed, record),
        ["judge", record, file] => judge(record, file),
        _ => eprintln!("usage: review_evals search PLAYOUTS SEED RECORD | judge RECORD FILE"),
    }
}

fn search(playouts: &str, seed: &str, record: &str) {
    let game: Game = record.parse().expect("a record");
    let config = EngineConfig::uct(SearchParams {
        limits: Limits::playouts(playouts.parse().expect("playouts")),
        seed: seed.parse().expect("seed"),
        ..SearchParams::default()
    });
    let evaluator = Evaluator::embedded().expect("the shipped weights");
    for e in PositionEval::search_game(&game, &config, &evaluator, |_, _| {}) {
        let best = e.best.map_or("-".to_string(), |m| m.to_string());
        let line: Vec<String> = e.line.iter().map(|m| m.to_string()).collect();
        let proven = if e.proven { "proven" } else { "open" };
        println!("{} {proven} {best} {}", e.p1_win, line.join(" "));
    }
}

fn judge(record: &str, file: &str) {
    let game: Game = record.parse().expect("a record");
    let text = std::fs::read_to_string(file).expect("the evaluations");
    let evals: Vec<PositionEval> = text
        .lines()
        .map(|l| {
            let words: Vec<&str> = l.split_whitespace().collect();
            PositionEval {
                p1_win: words[0].parse().expect("a win chance"),
                proven: words[1] == "proven",
                best: words[2].parse().ok(),
                line: words[3..].iter().filter_map(|w| w.parse().ok()).collect(),
            }
        })
        .collect();
    let review = GameReview::judge(&game, &evals);
    for (ply, m) in review.moves().iter().enumerate() {
        let choice = if evals[ply].best == Some(m.mv) {
            "="
        } else {
            " "
        };
        println!(
            "{ply:3} {} {:5} {:3.0}% → {:3.0}% loss {:5.1} {choice} {}",
            m.mover.index() + 1,
            m.mv.to_string(),
            m.before * 100.0,
            m.after * 100.0,
            m.loss * 100.0,
            m.judgement
        );
    }
    for line in review.summary(0).lines() {
        println!("{line}");
    }
    println!("{}", annotated_record(&game, &review, PlyLimit::DEFAULT));
}
