//! An independent check of the solver, written separately and kept simple
//! and slow: every position reachable from a start position by the rules'
//! legal moves, then minimax to depth 1, 2, 3, … over that graph until a
//! depth adds nothing (a position won within `n` plies has a move to one
//! lost within `n − 1`; one lost within `n` has only moves to positions won
//! within `n − 1`). What no depth decides is a draw: with repetition
//! allowed, neither side can force a win. No wall-configuration tables, no
//! index, no bucket queue: positions are hashed as they are.

use super::value::Value;
use quoridor_rules::Position;
use std::collections::HashMap;

/// The reachable graph was larger than allowed.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct TooManyPositions(pub usize);

/// The value of every position reachable from `start` (at most `limit` of
/// them), for its side to move.
pub fn brute_force(
    start: Position,
    limit: usize,
) -> Result<HashMap<Position, Value>, TooManyPositions> {
    let mut ids: HashMap<Position, usize> = HashMap::from([(start, 0)]);
    let mut positions = vec![start];
    let mut children: Vec<Vec<usize>> = Vec::new();
    let mut next = 0;
    while next < positions.len() {
        let pos = positions[next];
        let mut mine = Vec::new();
        for mv in pos.legal_moves() {
            let mut child = pos;
            child.play(mv).expect("a legal move plays");
            let id = *ids.entry(child).or_insert_with(|| {
                positions.push(child);
                positions.len() - 1
            });
            mine.push(id);
        }
        if positions.len() > limit {
            return Err(TooManyPositions(limit));
        }
        children.push(mine);
        next += 1;
    }
    let mut values: Vec<Option<Value>> = positions
        .iter()
        .map(|p| p.is_over().then_some(Value::Loss(0)))
        .collect();
    for depth in 1u16.. {
        let decided: Vec<(usize, Value)> = (0..positions.len())
            .filter(|&i| values[i].is_none() && !children[i].is_empty())
            .filter_map(|i| {
                let kids = children[i].iter().map(|&c| values[c]);
                if kids.clone().any(|v| matches!(v, Some(Value::Loss(_)))) {
                    Some((i, Value::Win(depth)))
                } else if kids.clone().all(|v| matches!(v, Some(Value::Win(_)))) {
                    Some((i, Value::Loss(depth)))
                } else {
                    None
                }
            })
            .collect();
        if decided.is_empty() {
            break;
        }
        for (i, v) in decided {
            values[i] = Some(v);
        }
    }
    Ok(positions
        .into_iter()
        .zip(values)
        .map(|(p, v)| (p, v.unwrap_or(Value::Draw)))
        .collect())
}
