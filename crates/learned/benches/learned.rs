//! The learned evaluation's speed on fixed mid-game positions: the forward
//! pass alone (features given), the features alone (two shortest paths and
//! the walls), and both, which is what an engine pays per leaf.
//! Run: `cargo bench --bench learned`. Reports evaluations per second for a
//! random network of the trainer's default shape (375-128-32-1), and the
//! forward pass with the policy head (value and every legal move's prior).

use criterion::{black_box, criterion_group, criterion_main, Criterion, Throughput};
use quoridor_learned::{active_features, ActiveFeatures, Network};
use quoridor_rules::{Position, Variant};
use rand::rngs::SmallRng;
use rand::{Rng, SeedableRng};

/// 64 positions of random games of 10 to 40 moves (fixed seed).
fn positions() -> Vec<Position> {
    let mut rng = SmallRng::seed_from_u64(2026);
    let mut out = Vec::new();
    while out.len() < 64 {
        let mut pos = Position::new(Variant::default());
        for _ in 0..rng.random_range(10..40) {
            let moves = pos.legal_moves();
            pos.play_unchecked(moves[rng.random_range(0..moves.len())]);
            if pos.is_over() {
                break;
            }
        }
        if !pos.is_over() {
            out.push(pos);
        }
    }
    out
}

fn learned(c: &mut Criterion) {
    let positions = positions();
    let features: Vec<ActiveFeatures> = positions.iter().filter_map(active_features).collect();
    let net = Network::random(128, 32, 1);
    let mut group = c.benchmark_group("learned");
    group.throughput(Throughput::Elements(positions.len() as u64));
    group.bench_function("forward_pass_128_32", |b| {
        b.iter(|| {
            features
                .iter()
                .map(|f| net.evaluate(black_box(f)))
                .sum::<f32>()
        })
    });
    // The network the build ships (weights/value.safetensors), when it has one.
    let embedded = quoridor_learned::Evaluator::embedded().expect("the shipped weights load");
    if let Some(shipped) = embedded.network() {
        let (h, h2) = shipped.shape();
        group.bench_function(format!("forward_pass_shipped_{h}_{h2}"), |b| {
            b.iter(|| {
                features
                    .iter()
                    .map(|f| shipped.evaluate(black_box(f)))
                    .sum::<f32>()
            })
        });
    }
    // Near the first layer alone: the same first layer, a second layer of
    // one unit (which, stored by columns, still visits each active unit;
    // `perf` apportions a real search's forward pass more exactly:
    // docs/engines.md, "Speed").
    let narrow = Network::random(128, 1, 1);
    group.bench_function("forward_pass_128_1", |b| {
        b.iter(|| {
            features
                .iter()
                .map(|f| narrow.evaluate(black_box(f)))
                .sum::<f32>()
        })
    });
    group.bench_function("features", |b| {
        b.iter(|| {
            positions
                .iter()
                .filter_map(|p| active_features(black_box(p)))
                .count()
        })
    });
    // With the policy head: the value and the priors of every legal move
    // in one pass (what PUCT pays per expanded node; the legal moves are
    // the search's own, given), for the trainer's default first layer (64)
    // and the 128 above. The head's weights: 209 × (H + 1) numbers.
    let moves: Vec<Vec<quoridor_rules::Move>> = positions.iter().map(|p| p.legal_moves()).collect();
    let turns: Vec<quoridor_rules::Player> = positions.iter().map(|p| p.turn()).collect();
    for (h, h2) in [(64, 32), (128, 32)] {
        let plain = Network::random(h, h2, 1);
        let headed = plain.clone().with_random_policy(2);
        if (h, h2) != (128, 32) {
            group.bench_function(format!("forward_pass_{h}_{h2}"), |b| {
                b.iter(|| {
                    features
                        .iter()
                        .map(|f| plain.evaluate(black_box(f)))
                        .sum::<f32>()
                })
            });
        }
        let mut priors = Vec::new();
        group.bench_function(format!("forward_pass_with_policy_{h}_{h2}"), |b| {
            b.iter(|| {
                let mut sum = 0.0;
                for ((f, m), &turn) in features.iter().zip(&moves).zip(&turns) {
                    sum += headed.evaluate_with_priors(black_box(f), turn, m, &mut priors);
                    sum += priors[0];
                }
                sum
            })
        });
    }
    group.bench_function("features_and_forward_pass", |b| {
        b.iter(|| {
            positions
                .iter()
                .filter_map(|p| active_features(black_box(p)))
                .map(|f| net.evaluate(&f))
                .sum::<f32>()
        })
    });
    group.finish();
}

criterion_group!(benches, learned);
criterion_main!(benches);
