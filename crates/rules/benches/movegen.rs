//! Full legal move generation on a fixed set of mid-game positions.
//! Run: `cargo bench --bench movegen`. Reports positions per second.

use criterion::{criterion_group, criterion_main, Criterion, Throughput};
use quoridor_rules::{Move, Position, Variant};
use rand::rngs::SmallRng;
use rand::{Rng, SeedableRng};

/// Mid-game positions: random legal games of 10 to 40 moves from the start
/// (both pawn steps and walls), fixed seed so every run measures the same set.
fn mid_game_positions() -> Vec<Position> {
    let mut rng = SmallRng::seed_from_u64(2011);
    let mut positions = Vec::new();
    let mut moves: Vec<Move> = Vec::new();
    while positions.len() < 64 {
        let mut pos = Position::new(Variant::default());
        let length = rng.random_range(10..40);
        for _ in 0..length {
            moves.clear();
            pos.legal_moves_into(&mut moves);
            // Half the time walk forward so the pawns meet and jumps appear.
            let mv = if rng.random_bool(0.5) {
                moves[rng.random_range(0..moves.len())]
            } else {
                let pawn: Vec<Move> = moves
                    .iter()
                    .copied()
                    .filter(|m| matches!(m, Move::Pawn(_)))
                    .collect();
                pawn[rng.random_range(0..pawn.len())]
            };
            pos.play_unchecked(mv);
            if pos.is_over() {
                break;
            }
        }
        if !pos.is_over() {
            positions.push(pos);
        }
    }
    positions
}

fn movegen(c: &mut Criterion) {
    let positions = mid_game_positions();
    let mut group = c.benchmark_group("movegen");
    group.throughput(Throughput::Elements(positions.len() as u64));
    let mut out = Vec::with_capacity(160);
    group.bench_function("legal_moves_mid_game", |b| {
        b.iter(|| {
            let mut total = 0;
            for pos in &positions {
                out.clear();
                pos.legal_moves_into(&mut out);
                total += out.len();
            }
            total
        })
    });
    group.finish();
}

criterion_group!(benches, movegen);
criterion_main!(benches);
