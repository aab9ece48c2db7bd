//! The measurements behind `quoridor abtable`, the alpha-beta enhancement
//! table of the computer-chess slides: nodes to complete depths 4 and 5 on
//! fixed positions with each switch flipped from the defaults (and the
//! effective branching factor), then the depth reached in fixed times on a
//! 9x9 midgame position. The command line prints them as Markdown.

use super::{BenchPosition, POSITIONS};
use quoridor_engines::is_decided;
use quoridor_engines::learned::Evaluator;
use quoridor_engines::{
    now_ms, AlphaBeta, AlphaBetaInfo, AlphaBetaParams, EngineRng, Limits, SearchEngine,
    SearchParams,
};
use quoridor_rules::{Bitboard, Game, Move, Position, RecordError, Square, Variant};
use rand::{Rng, SeedableRng};

/// Transposition table size of the node-counting searches, in MiB.
pub const HASH_MB: u32 = 32;

/// Transposition table size of the timed searches ([`depth_in_time`]), in MiB.
pub const TIMED_HASH_MB: u32 = 64;

/// The bench position the timed searches start from: the open midgame.
pub const MIDGAME: BenchPosition = POSITIONS[1];

/// One row of the table: a name and the alpha-beta settings it measures.
#[derive(Clone, Debug)]
pub struct EnhancementSetting {
    /// What differs from the defaults (`PVS off`), or `defaults`.
    pub name: String,
    /// The settings.
    pub params: AlphaBetaParams,
}

/// The defaults, each switch flipped from them, and plain alpha-beta.
pub fn enhancement_settings() -> Vec<EnhancementSetting> {
    type Flip = fn(&mut AlphaBetaParams) -> &mut bool;
    let switches: [(&str, Flip); 13] = [
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
        ("late-move reductions", |p| &mut p.lmr),
    ];
    let base = AlphaBetaParams::default();
    let mut out = vec![EnhancementSetting {
        name: "defaults".into(),
        params: base.clone(),
    }];
    for (name, switch) in switches {
        let mut params = base.clone();
        let on = switch(&mut params);
        *on = !*on;
        let word = if *on { "on" } else { "off" };
        out.push(EnhancementSetting {
            name: format!("{name} {word}"),
            params,
        });
    }
    out.push(EnhancementSetting {
        name: "plain alpha-beta (all off)".into(),
        params: AlphaBetaParams::plain(),
    });
    out
}

/// `n` fixed 9x9 positions from seeded play: pawns mostly step along a
/// shortest path, sometimes a random wall goes down; 8 to 19 plies in.
pub fn positions(n: u64) -> Vec<Position> {
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
    evaluator: &Evaluator,
    depths: &[u32],
    cap: u64,
) -> Vec<Option<u64>> {
    let deepest = depths.iter().copied().max().unwrap_or(1);
    let params = SearchParams {
        limits: Limits::playouts(cap),
        ..SearchParams::default()
    };
    let own = AlphaBetaParams {
        max_depth: Some(deepest),
        hash_mb: HASH_MB,
        ..ab.clone()
    };
    let mut search = AlphaBeta::new(pos, params, own, evaluator.clone());
    search.think();
    let rows = search.iterations();
    let decided = search.value().is_some_and(is_decided);
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

/// What one setting's searches of all the positions cost.
#[derive(Clone, Debug, PartialEq)]
pub struct NodeCounts {
    /// Nodes to complete depth 4, summed over the positions that were not
    /// capped.
    pub to_depth_4: u64,
    /// Nodes to complete depth 5, summed likewise.
    pub to_depth_5: u64,
    /// Positions left out because a search reached the node cap first.
    pub capped: usize,
    /// The effective branching factor: the geometric mean over the positions
    /// of nodes to depth 5 over nodes to depth 4 (0 when there is none).
    pub branching: f64,
    /// Milliseconds all the searches took.
    pub ms: f64,
}

/// Searches each of `positions` to depth 5 with `params` (at most `cap`
/// nodes a search, scoring with `evaluator`) and counts the nodes it took
/// to complete depths 4 and 5.
pub fn count_nodes(
    params: &AlphaBetaParams,
    evaluator: &Evaluator,
    positions: &[Position],
    cap: u64,
) -> NodeCounts {
    let started = now_ms();
    let (mut d4, mut d5, mut capped, mut ratios) = (0u64, 0u64, 0, Vec::new());
    for &pos in positions {
        let nodes = nodes_to_depths(pos, params, evaluator, &[4, 5], cap);
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
    NodeCounts {
        to_depth_4: d4,
        to_depth_5: d5,
        capped,
        branching: geometric_mean(&ratios),
        ms: now_ms() - started,
    }
}

/// The position after [`MIDGAME`]'s record.
pub fn midgame() -> Result<Position, RecordError> {
    Game::parse_with_variant(MIDGAME.record, Variant::default()).map(|game| *game.position())
}

/// What a timed search reached.
#[derive(Clone, Debug)]
pub struct DepthReached {
    /// The engine's report: depth, selective depth, nodes, nodes/s, score.
    pub info: AlphaBetaInfo,
    /// The move it chose.
    pub best: Option<Move>,
}

/// Searches `position` for `ms` milliseconds (at least 1) with the default
/// enhancements and [`TIMED_HASH_MB`] of hash.
pub fn depth_in_time(position: Position, evaluator: &Evaluator, ms: u64) -> DepthReached {
    let params = SearchParams {
        limits: Limits::time_ms(ms.max(1)),
        ..SearchParams::default()
    };
    let own = AlphaBetaParams {
        hash_mb: TIMED_HASH_MB,
        ..AlphaBetaParams::default()
    };
    let mut search = AlphaBeta::new(position, params, own, evaluator.clone());
    let best = search.think();
    DepthReached {
        info: search.report(),
        best,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn settings_are_the_defaults_each_switch_flipped_and_plain() {
        let names: Vec<String> = enhancement_settings().into_iter().map(|s| s.name).collect();
        assert_eq!(names.len(), 15);
        assert_eq!(names[0], "defaults");
        assert_eq!(names[1], "transposition table off");
        assert_eq!(names[13], "late-move reductions on");
        assert_eq!(names[14], "plain alpha-beta (all off)");
    }

    #[test]
    fn positions_are_fixed_and_unfinished() {
        let a = positions(3);
        assert_eq!(a, positions(3));
        assert_eq!(a.len(), 3);
        assert!(a.iter().all(|p| !p.is_over()));
    }

    #[test]
    fn a_search_past_the_cap_is_left_out() {
        let counts = count_nodes(
            &AlphaBetaParams::default(),
            &quoridor_engines::learned::test_evaluator(),
            &positions(2),
            1,
        );
        assert_eq!(counts.capped, 2);
        assert_eq!((counts.to_depth_4, counts.to_depth_5), (0, 0));
        assert_eq!(counts.branching, 0.0);
    }

    #[test]
    fn the_midgame_reads() {
        assert!(midgame().is_ok());
    }
}
