//! Move generation and ordering for the alpha-beta engine: the TT move,
//! winning and path-shortening pawn steps, walls by how much they lengthen
//! the opponent's path, two killer moves per ply and the history heuristic,
//! and the wall candidate restriction; with a policy head, the policy's
//! logits after the TT move ([`order_by_policy`]).

use super::params::AlphaBetaParams;
use quoridor_rules::{Geometry, Move, Orientation, Player, Position, Square, WallSlots, MAX_SIZE};

const SQUARES: usize = (MAX_SIZE as usize) * (MAX_SIZE as usize);
/// History slots per player: pawn targets, then horizontal and vertical walls.
const HISTORY_SLOTS: usize = 3 * SQUARES;
/// Deepest ply with killer moves.
pub const MAX_PLY: usize = 128;

const TT_MOVE: i64 = 4_000_000_000;
const WINNING_STEP: i64 = 2_000_000_000;
const SHORTENING_STEP: i64 = 1_000_000_000;
const WALL_GAIN: i64 = 10_000_000;
const KILLER: i64 = 5_000_000;

/// A move with its ordering score and whether it changes the race
/// (a winning or path-shortening step, or a wall that lengthens the
/// opponent's path): futility pruning never skips those.
#[derive(Clone, Copy, Debug)]
pub struct ScoredMove {
    /// The move.
    pub mv: Move,
    /// Higher is tried first.
    pub score: i64,
    /// Whether the move changes the race.
    pub tactical: bool,
}

/// Killer moves and history counts, kept across iterations of one think.
pub struct Heuristics {
    killers: Vec<[Option<Move>; 2]>,
    history: Vec<u32>,
}

impl Default for Heuristics {
    fn default() -> Heuristics {
        Heuristics {
            killers: vec![[None; 2]; MAX_PLY],
            history: vec![0; 2 * HISTORY_SLOTS],
        }
    }
}

fn history_index(player: Player, mv: Move, size: u8) -> usize {
    let slot = match mv {
        Move::Pawn(sq) => sq.index(size),
        Move::Wall(w) => {
            let o = match w.orientation() {
                Orientation::Horizontal => 1,
                Orientation::Vertical => 2,
            };
            o * SQUARES + w.slot(size)
        }
    };
    player.index() * HISTORY_SLOTS + slot.min(HISTORY_SLOTS - 1)
}

impl Heuristics {
    /// Starts a new think: killers are forgotten, history counts halved.
    pub fn age(&mut self) {
        self.killers.iter_mut().for_each(|k| *k = [None; 2]);
        self.history.iter_mut().for_each(|h| *h /= 2);
    }

    /// Records that `mv` by `player` caused a cutoff at `ply` with `depth` plies left.
    pub fn cutoff(&mut self, p: &AlphaBetaParams, pos: &Position, ply: u32, depth: i32, mv: Move) {
        if p.killers {
            if let Some(k) = self.killers.get_mut(ply as usize) {
                if k[0] != Some(mv) {
                    k[1] = k[0];
                    k[0] = Some(mv);
                }
            }
        }
        if p.history {
            let i = history_index(pos.turn(), mv, pos.size());
            let bonus = (depth.max(1) * depth.max(1)) as u32;
            self.history[i] = self.history[i].saturating_add(bonus).min(1_000_000);
        }
    }

    /// Whether `mv` is one of the killer moves at `ply`.
    pub fn is_killer(&self, ply: u32, mv: Move) -> bool {
        self.killer_rank(ply, mv).is_some()
    }

    fn killer_rank(&self, ply: u32, mv: Move) -> Option<usize> {
        self.killers
            .get(ply as usize)
            .and_then(|k| k.iter().position(|&x| x == Some(mv)))
    }
}

/// The walls the engine considers in `pos`: every legal wall, or with
/// `near_walls` only those on a shortest path of either pawn or next to a pawn.
pub fn candidate_walls(pos: &Position, p: &AlphaBetaParams) -> WallSlots {
    let legal = pos.legal_wall_slots();
    if p.near_walls {
        legal & pos.near_wall_mask()
    } else {
        legal
    }
}

/// How many steps the wall `mv` adds to `player`'s shortest path (0 for a
/// pawn step or a wall off that path).
fn path_gain(
    pos: &Position,
    path: Option<WallSlots>,
    player: Player,
    before: u32,
    mv: Move,
) -> u32 {
    let Move::Wall(w) = mv else { return 0 };
    let on_path = path.is_some_and(|slots| slots.has_wall(w, pos.size()));
    if !on_path {
        return 0;
    }
    let mut after = *pos;
    after.play_unchecked(mv);
    after
        .distance_to_goal(player)
        .map_or(0, |d| d.saturating_sub(before))
}

/// The moves of `pos` to search at `ply`, best first: all candidate moves,
/// or in a quiescence node (`quiet_only == false`) only winning steps and
/// path-lengthening walls. Appended to `out` (which is cleared first).
pub fn ordered_moves(
    pos: &Position,
    ply: u32,
    tt_move: Option<Move>,
    heuristics: &Heuristics,
    p: &AlphaBetaParams,
    quiescence: bool,
    out: &mut Vec<ScoredMove>,
) {
    moves_in_order(
        pos, ply, tt_move, heuristics, p, quiescence, p.ordering, out,
    );
}

/// The moves of a node whose moves after the TT move the policy will order
/// ([`order_by_policy`]): [`ordered_moves`] without the race's scores, which
/// take a shortest path search per wall on the opponent's path and which
/// the policy replaces (the race is still looked at when futility pruning
/// needs its `tactical` flags).
pub fn moves_for_policy(
    pos: &Position,
    ply: u32,
    tt_move: Option<Move>,
    heuristics: &Heuristics,
    p: &AlphaBetaParams,
    out: &mut Vec<ScoredMove>,
) {
    moves_in_order(pos, ply, tt_move, heuristics, p, false, false, out);
}

/// [`ordered_moves`], with the race's scores only when `by_race`.
#[allow(clippy::too_many_arguments)]
fn moves_in_order(
    pos: &Position,
    ply: u32,
    tt_move: Option<Move>,
    heuristics: &Heuristics,
    p: &AlphaBetaParams,
    quiescence: bool,
    by_race: bool,
    out: &mut Vec<ScoredMove>,
) {
    out.clear();
    let me = pos.turn();
    let op = me.other();
    let n = pos.size();
    let g = Geometry::of(n);
    let targets = pos.pawn_targets();
    let race = by_race || p.futility || quiescence;
    let closer = if race {
        pos.closest_to_goal(me, targets)
    } else {
        quoridor_rules::Bitboard::EMPTY
    };
    let here = pos.distance_to_goal(me).unwrap_or(u32::MAX);
    let shortens = |s: usize| {
        closer.has(s) && {
            let mut after = *pos;
            after.play_unchecked(Move::Pawn(Square::from_index(s, n)));
            after.distance_to_goal(me).is_some_and(|d| d < here)
        }
    };
    for s in targets.iter() {
        let mv = Move::Pawn(Square::from_index(s, n));
        let wins = g.goal[me.index()].has(s);
        let tactical = race && (wins || shortens(s));
        if quiescence && !wins {
            continue;
        }
        let mut score = 0;
        if by_race && wins {
            score = WINNING_STEP;
        } else if by_race && tactical {
            score = SHORTENING_STEP;
        }
        out.push(ScoredMove {
            mv,
            score,
            tactical,
        });
    }
    let walls = candidate_walls(pos, p);
    let (path, before) = if race {
        (
            pos.shortest_path_walls(op),
            pos.distance_to_goal(op).unwrap_or(0),
        )
    } else {
        (None, 0)
    };
    for w in walls.walls(n) {
        let mv = Move::Wall(w);
        let gain = if race {
            path_gain(pos, path, op, before, mv)
        } else {
            0
        };
        if quiescence && gain == 0 {
            continue;
        }
        let score = if by_race {
            i64::from(gain) * WALL_GAIN
        } else {
            0
        };
        out.push(ScoredMove {
            mv,
            score,
            tactical: gain > 0,
        });
    }
    for m in out.iter_mut() {
        if p.history {
            m.score += i64::from(heuristics.history[history_index(me, m.mv, n)]);
        }
        if p.killers {
            if let Some(rank) = heuristics.killer_rank(ply, m.mv) {
                m.score += KILLER - rank as i64;
            }
        }
        if tt_move == Some(m.mv) {
            m.score += TT_MOVE;
        }
    }
    // Stable: equal scores keep the generation order (pawn steps first).
    out.sort_by_key(|m| std::cmp::Reverse(m.score));
}

/// Score units per unit of policy logit: a logit step of 10⁻⁶ still
/// orders, and ±2000 (far beyond any trained head's) stays below
/// [`WINNING_STEP`].
const POLICY_UNIT: f64 = 1e6;
/// What a killer move adds to its policy score: five logits (the second
/// killer half a logit less). Measured on 19 positions searched to depth 6
/// with network 4 (policy from 2 plies on, docs/engines.md): without
/// killers and history 9% more nodes, with killers a hundred logits up
/// (above every policy move) and no history 1.5% more, with ten 0.2% fewer.
const POLICY_KILLER: i64 = 5_000_000;

/// Orders `moves` (of `pos` at `ply`: the moves [`moves_for_policy`] gave
/// after the TT move, or all of them when there is none) by the policy:
/// the winning pawn steps first, then every other move by its policy logit
/// (`logits[i]` is `moves[i]`'s) plus five logits for a killer move and its
/// history count (a million per logit), highest first. Each move's
/// `tactical` flag is kept; equal scores keep the list's order.
pub fn order_by_policy(
    pos: &Position,
    ply: u32,
    heuristics: &Heuristics,
    p: &AlphaBetaParams,
    logits: &[f32],
    moves: &mut [ScoredMove],
) {
    debug_assert_eq!(logits.len(), moves.len());
    let me = pos.turn();
    let n = pos.size();
    let goal = Geometry::of(n).goal[me.index()];
    for (m, &logit) in moves.iter_mut().zip(logits) {
        m.score = if matches!(m.mv, Move::Pawn(sq) if goal.has(sq.index(n))) {
            WINNING_STEP
        } else {
            // A move without a logit (NEG_INFINITY) goes last.
            let mut score = (f64::from(logit) * POLICY_UNIT).clamp(-1e15, 1e15) as i64;
            if p.killers {
                if let Some(rank) = heuristics.killer_rank(ply, m.mv) {
                    score += POLICY_KILLER - rank as i64 * POLICY_KILLER / 10;
                }
            }
            if p.history {
                score += i64::from(heuristics.history[history_index(me, m.mv, n)]);
            }
            score
        };
    }
    moves.sort_by_key(|m| std::cmp::Reverse(m.score));
}

#[cfg(test)]
mod tests {
    use super::*;
    use quoridor_rules::{Game, Variant};

    /// The position after `record` on 5×5 with 2 walls each.
    fn on_5x5(record: &str) -> Position {
        *Game::parse_with_variant(record, Variant::new(5, 2).expect("5x5"))
            .expect("record")
            .position()
    }

    #[test]
    fn winning_steps_and_tt_moves_come_first() {
        let pos = on_5x5("c2 c4 c3 b4 c4");
        let p = AlphaBetaParams::default();
        let mut out = Vec::new();
        ordered_moves(&pos, 0, None, &Heuristics::default(), &p, false, &mut out);
        assert!(out.len() > 3);
        let tt = out[out.len() - 1].mv;
        ordered_moves(
            &pos,
            0,
            Some(tt),
            &Heuristics::default(),
            &p,
            false,
            &mut out,
        );
        assert_eq!(out[0].mv, tt);
    }

    /// The policy orders the moves after the TT move by their logits,
    /// winning steps first, a killer five logits up; the race's scores and
    /// the generation order count for nothing, and the flags stay.
    #[test]
    fn the_policy_orders_by_logit_with_winning_steps_and_killers_first() {
        // Player 1 on c4 of 5x5: c5 wins.
        let pos = on_5x5("c2 c4 c3 b4 c4 a4");
        let p = AlphaBetaParams::default();
        let mut heuristics = Heuristics::default();
        let mut moves = Vec::new();
        moves_for_policy(&pos, 3, None, &heuristics, &p, &mut moves);
        let mut by_race = Vec::new();
        ordered_moves(&pos, 3, None, &heuristics, &p, false, &mut by_race);
        // The same moves, the race's scores left out.
        assert_eq!(moves.len(), by_race.len());
        assert!(moves.iter().all(|m| m.score == 0));
        let name = |m: &ScoredMove| m.mv.to_string();
        assert!(moves.iter().any(|m| name(m) == "c5"));
        // Logits rising along the generation order: the last move is
        // favoured, then the one before it, and so on.
        let logits: Vec<f32> = (0..moves.len()).map(|i| i as f32).collect();
        let generated: Vec<Move> = moves.iter().map(|m| m.mv).collect();
        let mut ordered = moves.clone();
        order_by_policy(&pos, 3, &heuristics, &p, &logits, &mut ordered);
        assert_eq!(name(&ordered[0]), "c5", "the winning step first");
        let rest: Vec<Move> = ordered[1..].iter().map(|m| m.mv).collect();
        let mut expected: Vec<Move> = generated.iter().rev().copied().collect();
        expected.retain(|m| m.to_string() != "c5");
        assert_eq!(rest, expected);
        // A killer at this ply moves up five logits: the third-last move
        // (logit n - 3) passes the last two (n - 1, n - 2).
        let killer = generated[generated.len() - 3];
        heuristics.cutoff(&p, &pos, 3, 2, killer);
        let mut ordered = moves.clone();
        order_by_policy(&pos, 3, &heuristics, &p, &logits, &mut ordered);
        assert_eq!(ordered[1].mv, killer);
        // The flags are the moves' own: the race's when futility pruning
        // needs them (without it, nothing reads them at these nodes).
        let futility = AlphaBetaParams {
            futility: true,
            ..p.clone()
        };
        moves_for_policy(&pos, 3, None, &heuristics, &futility, &mut moves);
        let mut ordered = moves.clone();
        order_by_policy(&pos, 3, &heuristics, &futility, &logits, &mut ordered);
        for m in &ordered {
            let before = by_race.iter().find(|b| b.mv == m.mv).expect("same moves");
            assert_eq!(m.tactical, before.tactical, "{}", m.mv);
        }
        assert!(ordered.iter().any(|m| m.tactical));
    }

    #[test]
    fn near_walls_restrict_the_candidates() {
        let pos = Position::new(Variant::default());
        let all = AlphaBetaParams {
            near_walls: false,
            ..AlphaBetaParams::default()
        };
        let near = AlphaBetaParams::default();
        let count = |p: &AlphaBetaParams| candidate_walls(&pos, p).count();
        assert_eq!(count(&all), 128);
        assert!(count(&near) < 128 && count(&near) > 0);
    }
}
