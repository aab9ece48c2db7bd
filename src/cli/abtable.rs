//! `abtable`: the alpha-beta enhancement table of the computer-chess slides
//! (nodes to complete depths 4 and 5 on fixed positions with each switch
//! flipped from the defaults, and the effective branching factor), then the
//! depth reached in fixed times on a 9x9 midgame position. Prints Markdown
//! for `docs/experiments.md`, "Alpha-beta vs UCT".

use super::args::AbtableArgs;
use super::error::CliError;
use crate::bench::POSITIONS;
use crate::game::{Bitboard, Game, Move, Position, Square, Variant};
use crate::search::EngineRng;
use crate::search::{now_ms, AlphaBeta, AlphaBetaParams, Limits, SearchEngine, SearchParams};
use rand::{Rng, SeedableRng};
use std::io::Write;

/// Transposition table size of the measured searches, in MiB.
const HASH_MB: u32 = 32;

/// One row of the table: a name and the settings.
struct Setting {
    name: String,
    params: AlphaBetaParams,
}

/// The defaults, each switch flipped from them, and plain alpha-beta.
fn settings() -> Vec<Setting> {
    type Flip = fn(&mut AlphaBetaParams) -> &mut bool;
    let switches: [(&str, Flip); 12] = [
        ("transposition table", |p| &mut p.tt),
        ("PVS", |p| &mut p.pvs),
        ("aspiration windows", |p| &mut p.aspiration),
        ("killer moves", |p| &mut p.killers),
        ("history heuristic", |p| &mut p.history),
        ("race ordering", |p| &mut p.ordering),
        ("null move", |p| &mut p.null_move),
        ("futility pruning", |p| &mut p.futility),
        ("near walls only", |p| &mut p.near_walls),
        ("quiescence", |p| &mut p.quiescence),
        ("goal extension", |p| &mut p.goal_extension),
        ("exact races", |p| &mut p.exact_race),
    ];
    let base = AlphaBetaParams::default();
    let mut out = vec![Setting {
        name: "defaults".into(),
        params: base.clone(),
    }];
    for (name, switch) in switches {
        let mut params = base.clone();
        let on = switch(&mut params);
        *on = !*on;
        let word = if *on { "on" } else { "off" };
        out.push(Setting {
            name: format!("{name} {word}"),
            params,
        });
    }
    out.push(Setting {
        name: "plain alpha-beta (all off)".into(),
        params: AlphaBetaParams::plain(),
    });
    out
}

/// `n` fixed 9x9 positions from seeded play: pawns mostly step along a
/// shortest path, sometimes a random wall goes down; 8 to 19 plies in.
fn positions(n: u64) -> Vec<Position> {
    let mut out = Vec::new();
    let mut seed = 0;
    while (out.len() as u64) < n {
        seed += 1;
        let mut rng = EngineRng::seed_from_u64(seed);
        let mut pos = Position::new(Variant::default());
        let plies = 8 + seed % 12;
        for _ in 0..plies {
            let walls = pos.legal_wall_slots().walls(pos.size()).collect::<Vec<_>>();
            let step = pos.closest_to_goal(pos.turn(), pos.pawn_targets());
            let mv = if !walls.is_empty() && rng.random_bool(0.4) {
                Move::Wall(walls[rng.random_range(0..walls.len())])
            } else {
                match pick(step, &mut rng) {
                    Some(s) => Move::Pawn(Square::from_index(s, pos.size())),
                    None => break,
                }
            };
            pos.play_unchecked(mv);
        }
        if !pos.is_over() {
            out.push(pos);
        }
    }
    out
}

fn pick(set: Bitboard, rng: &mut EngineRng) -> Option<usize> {
    let count = set.count();
    (count > 0)
        .then(|| set.nth(rng.random_range(0..count)))
        .flatten()
}

/// Nodes to complete each depth of `depths` (cumulative over iterations), or
/// `None` past the cap.
fn nodes_to_depths(
    pos: Position,
    ab: &AlphaBetaParams,
    depths: &[u32],
    cap: u64,
) -> Vec<Option<u64>> {
    let deepest = depths.iter().copied().max().unwrap_or(1);
    let params = SearchParams {
        limits: Limits::playouts(cap),
        alphabeta: AlphaBetaParams {
            max_depth: Some(deepest),
            hash_mb: HASH_MB,
            ..ab.clone()
        },
        ..SearchParams::default()
    };
    let mut search = AlphaBeta::new(pos, params);
    search.think();
    let rows = search.iterations();
    let decided = search
        .value()
        .is_some_and(crate::search::alphabeta::is_decided);
    depths
        .iter()
        .map(|&d| {
            let done: u64 = rows.iter().filter(|r| r.depth <= d).map(|r| r.nodes).sum();
            let reached = rows.iter().any(|r| r.depth == d) || (decided && search.nodes() < cap);
            reached.then_some(done)
        })
        .collect()
}

fn geometric_mean(xs: &[f64]) -> f64 {
    if xs.is_empty() {
        return 0.0;
    }
    (xs.iter().map(|x| x.ln()).sum::<f64>() / xs.len() as f64).exp()
}

fn group(n: u64) -> String {
    crate::text::group_digits(n, ',')
}

/// Runs the table and prints it.
pub fn abtable(args: &AbtableArgs) -> Result<(), CliError> {
    let mut out = std::io::stdout().lock();
    let load = std::fs::read_to_string("/proc/loadavg").unwrap_or_default();
    writeln!(
        out,
        "Alpha-beta enhancement table: {} fixed 9x9 positions, nodes to complete depths 4 and 5 \
         (summed), node cap {} per search, hash {HASH_MB} MiB; load average {}\n",
        args.positions,
        group(args.cap),
        load.split_whitespace()
            .take(3)
            .collect::<Vec<_>>()
            .join(" ")
    )?;
    writeln!(
        out,
        "| setting | nodes to depth 4 | × defaults | nodes to depth 5 | × defaults | EBF (d5/d4) | ms |"
    )?;
    writeln!(out, "|---|---:|---:|---:|---:|---:|---:|")?;
    out.flush()?;
    let positions = positions(args.positions);
    let mut base: Option<(u64, u64)> = None;
    for setting in settings() {
        let started = now_ms();
        let (mut d4, mut d5, mut capped, mut ratios) = (0u64, 0u64, 0, Vec::new());
        for &pos in &positions {
            let nodes = nodes_to_depths(pos, &setting.params, &[4, 5], args.cap);
            match (nodes[0], nodes[1]) {
                (Some(a), Some(b)) => {
                    d4 += a;
                    d5 += b;
                    if a > 0 && b > a {
                        ratios.push(b as f64 / a as f64);
                    }
                }
                _ => capped += 1,
            }
        }
        let ms = now_ms() - started;
        let (b4, b5) = *base.get_or_insert((d4, d5));
        let times = |x: u64, b: u64| {
            if b > 0 {
                format!("{:.2}", x as f64 / b as f64)
            } else {
                "-".into()
            }
        };
        let note = if capped > 0 {
            format!(" ({capped} capped, left out)")
        } else {
            String::new()
        };
        writeln!(
            out,
            "| {}{note} | {} | {} | {} | {} | {:.1} | {:.0} |",
            setting.name,
            group(d4),
            times(d4, b4),
            group(d5),
            times(d5, b5),
            geometric_mean(&ratios),
            ms
        )?;
        out.flush()?;
    }
    if args.times.is_empty() {
        return Ok(());
    }
    let midgame = POSITIONS[1];
    let game = Game::parse_with_variant(midgame.record, Variant::default())
        .map_err(|e| CliError::Bench(e.to_string()))?;
    writeln!(
        out,
        "\nDepth reached on the bench position {} (`{}`), defaults, hash 64 MiB:\n",
        midgame.name, midgame.record
    )?;
    writeln!(
        out,
        "| time | depth | seldepth | nodes | nodes/s | score | move |"
    )?;
    writeln!(out, "|---:|---:|---:|---:|---:|---|---|")?;
    for &ms in &args.times {
        let params = SearchParams {
            limits: Limits::time_ms(ms.max(1)),
            alphabeta: AlphaBetaParams {
                hash_mb: 64,
                ..AlphaBetaParams::default()
            },
            ..SearchParams::default()
        };
        let mut search = AlphaBeta::new(*game.position(), params);
        let best = search.think();
        let ab = search.report();
        writeln!(
            out,
            "| {:.1} s | {} | {} | {} | {:.0} | {} | {} |",
            ms as f64 / 1000.0,
            ab.depth,
            ab.seldepth,
            group(ab.nodes),
            ab.nps,
            ab.score,
            best.map_or_else(|| "-".to_string(), |m| m.to_string())
        )?;
        out.flush()?;
    }
    Ok(())
}
