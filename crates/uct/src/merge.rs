//! Root parallelisation's one merge: several independent searches of the same
//! root, each reported as a [`SearchInfo`] snapshot, become one snapshot. The
//! page's pool of browser workers uses it (it needs only the snapshots, no
//! shared memory), as does [`quoridor_uct::ParallelUct`] in wasm; native
//! threads share one tree instead.

use quoridor_rules::Move;
use quoridor_search::{ChildInfo, EngineReport, Proven, SearchInfo};
use quoridor_search::{UctChild, UctReport};
use std::borrow::Borrow;

/// Merges snapshots of searches of one root into one, with the `top` best
/// root moves (`None` if `infos` is empty). Takes the snapshots owned or
/// borrowed (`&[SearchInfo]` or `&[&SearchInfo]`), so a caller that keeps
/// them (the page's worker pool) need not copy them to merge.
///
/// - Per move: visits are summed, the win probability and UCT value are
///   means weighted by visits, a proven result of any search is kept (a
///   proof holds in every tree), the candidate's line is that of the search
///   that visited the move most, and its node id and child count are the
///   first snapshot's (node ids name nodes of one search's tree: a tree
///   explorer opens the first search's; a move only other searches have
///   shows 0 children).
/// - Counters: playouts, playouts/s, nodes, root visits and memory are sums;
///   the elapsed time and deepest depth are maxima; the mean depth is
///   weighted by playouts; the root's win probability by root visits.
/// - The move: a proven win (as the search that proved it chose it), else
///   the move with the most merged visits that is not proven lost, else (every
///   move lost) the first search's choice.
///
/// ```
/// use quoridor_learned::Evaluator;
/// use quoridor_rules::{Position, Variant};
/// use quoridor_uct::{merge_root_infos, Uct, UctParams};
/// use quoridor_search::{Limits, SearchParams};
/// let start = Position::new(Variant::new(5, 2).unwrap());
/// let infos: Vec<_> = [1, 2]
///     .map(|seed| {
///         let params = SearchParams { seed, limits: Limits::playouts(200), ..SearchParams::default() };
///         let mut search = Uct::new(start, params, UctParams::default(), Evaluator::classic());
///         search.think();
///         search.info(usize::MAX)
///     })
///     .to_vec();
/// let merged = merge_root_infos(&infos, 3).unwrap();
/// assert_eq!(merged.searched, infos[0].searched + infos[1].searched);
/// assert!(merged.children.len() <= 3);
/// ```
pub fn merge_root_infos<I: Borrow<SearchInfo>>(infos: &[I], top: usize) -> Option<SearchInfo> {
    let infos: Vec<&SearchInfo> = infos.iter().map(Borrow::borrow).collect();
    let infos = infos.as_slice();
    let first = *infos.first()?;
    if infos.len() == 1 {
        let mut only = first.clone();
        only.children.truncate(top);
        return Some(only);
    }
    let children = merged_children(infos);
    let best_move = merged_best_move(infos, &children);
    let best_pv = children
        .iter()
        .find(|c| Some(c.mv) == best_move)
        .map(|c| c.pv.clone());
    let root_visits = |i: &SearchInfo| i.uct().map_or(0, |u| u.root_visits);
    let mut top_children = children;
    top_children.truncate(top);
    let pv = best_pv.unwrap_or_else(|| first.pv.clone());
    // The visits along the line are those of a tree whose own line it is.
    let pv_visits: Vec<u32> = infos
        .iter()
        .filter(|i| i.pv.starts_with(&pv))
        .find_map(|i| i.uct())
        .map(|t| t.pv_visits.iter().take(pv.len()).copied().collect())
        .unwrap_or_default();
    Some(SearchInfo {
        side_to_move: first.side_to_move,
        best_move,
        pv,
        win_probability: weighted_mean(
            infos
                .iter()
                .map(|i| (i.win_probability, f64::from(root_visits(i)))),
        )
        .unwrap_or(first.win_probability),
        proven_winner: infos.iter().find_map(|i| i.proven_winner),
        elapsed_ms: infos.iter().map(|i| i.elapsed_ms).fold(0.0, f64::max),
        searched: infos.iter().map(|i| i.searched).sum(),
        searched_per_sec: infos.iter().map(|i| i.searched_per_sec).sum(),
        children: top_children,
        // Every search scores the same root with the same network.
        network_value: infos.iter().find_map(|i| i.network_value),
        engine: match &first.engine {
            EngineReport::Uct(_) => EngineReport::Uct(UctReport {
                pv_visits,
                ..merged_trees(infos)
            }),
            other => other.clone(),
        },
    })
}

/// The UCT parts of several snapshots as one: counts and memory summed, the
/// deepest depth, the mean depth weighted by playouts, the shortest
/// principal variation (every tree has searched that deep, as `go depth`
/// asks), full if any tree is.
fn merged_trees(infos: &[&SearchInfo]) -> UctReport {
    let trees: Vec<(&UctReport, u64)> = infos
        .iter()
        .filter_map(|i| Some((i.uct()?, i.searched)))
        .collect();
    let root_visits: u64 = trees.iter().map(|(t, _)| u64::from(t.root_visits)).sum();
    let nodes: u64 = trees.iter().map(|(t, _)| u64::from(t.nodes)).sum();
    let memory: u64 = trees.iter().map(|(t, _)| t.memory_bytes).sum();
    UctReport {
        nodes: saturate(nodes),
        root_visits: saturate(root_visits),
        max_depth: trees.iter().map(|(t, _)| t.max_depth).max().unwrap_or(0),
        mean_depth: weighted_mean(trees.iter().map(|&(t, n)| (t.mean_depth, n as f64)))
            .unwrap_or(0.0),
        pv_depth: trees.iter().map(|(t, _)| t.pv_depth).min().unwrap_or(0),
        memory_bytes: memory,
        bytes_per_node: saturate(memory / nodes.max(1)),
        tree_full: trees.iter().any(|(t, _)| t.tree_full),
        pv_visits: Vec::new(),
    }
}

/// Every move of any snapshot, merged, most visited first.
fn merged_children(infos: &[&SearchInfo]) -> Vec<ChildInfo> {
    let lists: Vec<&[ChildInfo]> = infos.iter().map(|i| i.children.as_slice()).collect();
    merge_root_children(&lists)
}

/// The root children of several searches of one root, merged by move as
/// [`merge_root_infos`] merges them, most visited first: visits summed, win
/// probability and UCT value weighted by visits, a proof kept, the line of
/// the search that visited the move most; node id and child count are the
/// first list's (a move only other lists have shows 0 children). The page's
/// tree explorer uses it for the root of several workers' trees.
///
/// ```
/// use quoridor_learned::Evaluator;
/// use quoridor_uct::{merge_root_children, Uct, UctParams};
/// use quoridor_search::{SearchParams, Limits, ROOT, TreeView};
/// use quoridor_rules::{Position, Variant};
/// let start = Position::new(Variant::new(5, 2).unwrap());
/// let lists: Vec<_> = [1, 2].map(|seed| {
///     let mut s = Uct::new(start, SearchParams { seed, limits: Limits::playouts(200), ..SearchParams::default() }, UctParams::default(), Evaluator::classic());
///     s.think();
///     TreeView::tree_node(&s, ROOT).unwrap().1
/// }).to_vec();
/// let merged = merge_root_children(&[&lists[0], &lists[1]]);
/// let visits = |l: &[quoridor_search::ChildInfo]| l.iter().map(|c| u64::from(c.visits())).sum::<u64>();
/// assert_eq!(visits(&merged), visits(&lists[0]) + visits(&lists[1]));
/// ```
pub fn merge_root_children(lists: &[&[ChildInfo]]) -> Vec<ChildInfo> {
    let mut moves: Vec<Move> = Vec::new();
    for child in lists.iter().flat_map(|l| l.iter()) {
        if !moves.contains(&child.mv) {
            moves.push(child.mv);
        }
    }
    let mut merged: Vec<ChildInfo> = moves
        .into_iter()
        .filter_map(|mv| merge_move(lists, mv))
        .collect();
    // Stable: equal visits keep the first snapshot's order.
    merged.sort_by_key(|c| std::cmp::Reverse(c.visits()));
    merged
}

/// One move's statistics over every list that has it.
fn merge_move(lists: &[&[ChildInfo]], mv: Move) -> Option<ChildInfo> {
    let entries: Vec<&ChildInfo> = lists
        .iter()
        .filter_map(|l| l.iter().find(|c| c.mv == mv))
        .collect();
    let most = entries.iter().copied().max_by_key(|c| c.visits())?;
    // The node id names a node of the first list's tree (the one a tree
    // explorer opens); a move that tree lacks shows no children to open.
    let in_first = lists.first().is_some_and(|l| l.iter().any(|c| c.mv == mv));
    let visits: u64 = entries.iter().map(|c| u64::from(c.visits())).sum();
    let weights = || entries.iter().map(|c| f64::from(c.visits()));
    let mean = |value: fn(&ChildInfo) -> f64| {
        weighted_mean(entries.iter().map(|c| value(c)).zip(weights()))
            .unwrap_or_else(|| value(most))
    };
    let uct_value = mean(|c| c.uct.map_or(0.0, |u| u.uct_value));
    Some(ChildInfo {
        mv,
        win_probability: mean(|c| c.win_probability),
        proven: entries
            .iter()
            .find_map(|c| (c.proven == Some(Proven::Win)).then_some(Proven::Win))
            .or_else(|| entries.iter().find_map(|c| c.proven)),
        pv: most.pv.clone(),
        uct: entries.iter().find_map(|c| c.uct).map(|node| UctChild {
            id: node.id,
            visits: saturate(visits),
            uct_value,
            children: if in_first { node.children } else { 0 },
        }),
    })
}

/// The move to play from the merged children (see [`merge_root_infos`]).
fn merged_best_move(infos: &[&SearchInfo], children: &[ChildInfo]) -> Option<Move> {
    let proven_win = infos.iter().find_map(|i| {
        let mv = i.best_move?;
        let child = i.children.iter().find(|c| c.mv == mv)?;
        (child.proven == Some(Proven::Win)).then_some(mv)
    });
    proven_win
        .or_else(|| {
            children
                .iter()
                .find(|c| c.proven != Some(Proven::Loss))
                .map(|c| c.mv)
        })
        .or_else(|| infos.iter().find_map(|i| i.best_move))
}

/// The mean of `(value, weight)` pairs by weight; `None` if the weights sum to 0.
fn weighted_mean(pairs: impl Iterator<Item = (f64, f64)>) -> Option<f64> {
    let (sum, weight) = pairs.fold((0.0, 0.0), |(s, w), (x, wx)| (s + x * wx, w + wx));
    (weight > 0.0).then(|| sum / weight)
}

/// `n` as a `u32`, at most `u32::MAX`.
fn saturate(n: u64) -> u32 {
    u32::try_from(n).unwrap_or(u32::MAX)
}

/// A snapshot of `children` for the merge's tests (and the page pool's):
/// `playouts` playouts at `per_sec` a second, the first child best.
#[doc(hidden)]
pub fn snapshot(children: Vec<ChildInfo>, playouts: u64, per_sec: f64) -> SearchInfo {
    let root_visits = children.iter().map(|c| c.visits()).sum();
    SearchInfo {
        side_to_move: quoridor_rules::Player::One,
        best_move: children.first().map(|c| c.mv),
        pv: children.first().map(|c| vec![c.mv]).unwrap_or_default(),
        win_probability: 0.5,
        proven_winner: None,
        elapsed_ms: 100.0,
        searched: playouts,
        searched_per_sec: per_sec,
        children,
        network_value: None,
        engine: EngineReport::Uct(UctReport {
            nodes: 10,
            root_visits,
            max_depth: 3,
            mean_depth: 1.0,
            pv_depth: 1,
            memory_bytes: 400,
            bytes_per_node: 40,
            tree_full: false,
            pv_visits: Vec::new(),
        }),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::UctParams;
    use quoridor_rules::Square;
    use quoridor_search::ROOT;

    fn pawn(file: u8, rank: u8) -> Move {
        Move::Pawn(Square::new(file, rank).expect("on the board"))
    }

    fn child(mv: Move, visits: u32, win: f64, proven: Option<Proven>) -> ChildInfo {
        ChildInfo {
            mv,
            win_probability: win,
            proven,
            pv: vec![mv],
            uct: Some(UctChild {
                id: ROOT,
                visits,
                uct_value: win,
                children: 0,
            }),
        }
    }

    #[test]
    fn visits_are_summed_and_scores_weighted_by_visits() {
        let (a, b) = (pawn(4, 1), pawn(3, 0));
        let one = snapshot(
            vec![child(a, 30, 0.6, None), child(b, 10, 0.2, None)],
            40,
            1000.0,
        );
        let two = snapshot(
            vec![child(b, 30, 0.4, None), child(a, 10, 0.2, None)],
            40,
            1500.0,
        );
        let merged = merge_root_infos(&[one, two], 10).expect("two snapshots");
        let by_move = |mv| merged.children.iter().find(|c| c.mv == mv).expect("merged");
        assert_eq!(by_move(a).visits(), 40);
        assert_eq!(by_move(b).visits(), 40);
        assert!((by_move(a).win_probability - 0.5).abs() < 1e-12);
        assert!((by_move(b).win_probability - 0.35).abs() < 1e-12);
        assert_eq!(merged.searched, 80);
        assert_eq!(merged.searched_per_sec, 2500.0);
        let tree = merged.uct().expect("UCT snapshots");
        assert_eq!(tree.nodes, 20);
        assert_eq!(tree.root_visits, 80);
        assert_eq!(tree.memory_bytes, 800);
        assert_eq!(tree.bytes_per_node, 40);
    }

    #[test]
    fn the_best_move_has_the_most_merged_visits() {
        let (a, b, c) = (pawn(4, 1), pawn(3, 0), pawn(5, 0));
        // Each search alone prefers another move; together b leads.
        let one = snapshot(
            vec![child(a, 50, 0.6, None), child(b, 45, 0.5, None)],
            95,
            1.0,
        );
        let two = snapshot(
            vec![child(c, 50, 0.6, None), child(b, 45, 0.5, None)],
            95,
            1.0,
        );
        let merged = merge_root_infos(&[one, two], 2).expect("two snapshots");
        assert_eq!(merged.best_move, Some(b));
        assert_eq!(merged.pv, vec![b]);
        assert_eq!(merged.children.len(), 2, "top 2");
        assert_eq!(merged.children[0].mv, b);
        assert_eq!(merged.children[0].visits(), 90);
    }

    #[test]
    fn proven_results_are_kept() {
        let (a, b) = (pawn(4, 1), pawn(3, 0));
        // Search one proved that b wins; search two visited a more.
        let one = snapshot(
            vec![child(b, 5, 1.0, Some(Proven::Win)), child(a, 20, 0.5, None)],
            25,
            1.0,
        );
        let two = snapshot(
            vec![child(a, 80, 0.5, None), child(b, 3, 0.9, None)],
            83,
            1.0,
        );
        let merged = merge_root_infos(&[one, two], 5).expect("two snapshots");
        assert_eq!(merged.best_move, Some(b));
        let b_info = merged.children.iter().find(|c| c.mv == b).expect("b");
        assert_eq!(b_info.proven, Some(Proven::Win));
        // A proven loss is avoided although it has the most visits.
        let three = snapshot(
            vec![
                child(a, 90, 0.0, Some(Proven::Loss)),
                child(b, 10, 0.4, None),
            ],
            100,
            1.0,
        );
        let four = snapshot(
            vec![child(a, 50, 0.3, None), child(b, 20, 0.4, None)],
            70,
            1.0,
        );
        let merged = merge_root_infos(&[three, four], 5).expect("two snapshots");
        assert_eq!(merged.children[0].mv, a);
        assert_eq!(merged.children[0].proven, Some(Proven::Loss));
        assert_eq!(merged.best_move, Some(b));
    }

    #[test]
    fn one_snapshot_is_itself_and_none_is_nothing() {
        let one = snapshot(vec![child(pawn(4, 1), 3, 0.5, None)], 3, 1.0);
        assert_eq!(
            merge_root_infos(std::slice::from_ref(&one), 5),
            Some(one.clone())
        );
        assert_eq!(merge_root_infos::<SearchInfo>(&[], 5), None);
        let top_zero = merge_root_infos(&[one.clone(), one], 0).expect("two");
        assert!(top_zero.children.is_empty());
        assert_eq!(top_zero.best_move, Some(pawn(4, 1)));
    }

    #[test]
    fn the_line_carries_the_visits_of_a_tree_whose_line_it_is() {
        use crate::Uct;
        use quoridor_rules::{Position, Variant};
        use quoridor_search::{Limits, SearchParams};
        let start = Position::new(Variant::new(5, 2).expect("variant"));
        let infos: Vec<SearchInfo> = [1, 2]
            .map(|seed| {
                let params = SearchParams {
                    seed,
                    limits: Limits::playouts(400),
                    ..SearchParams::default()
                };
                let mut search = Uct::new(
                    start,
                    params,
                    UctParams::default(),
                    quoridor_learned::test_evaluator(),
                );
                search.think();
                search.info(usize::MAX)
            })
            .to_vec();
        for info in &infos {
            let visits = &info.uct().expect("uct").pv_visits;
            assert_eq!(visits.len(), info.pv.len());
            assert!(visits.windows(2).all(|w| w[0] >= w[1]), "{visits:?}");
        }
        let merged = merge_root_infos(&infos, 3).expect("two");
        let visits = &merged.uct().expect("uct").pv_visits;
        let owner = infos
            .iter()
            .find(|i| i.pv.starts_with(&merged.pv))
            .expect("a tree whose line it is");
        let owned = &owner.uct().expect("uct").pv_visits;
        assert_eq!(visits.as_slice(), &owned[..merged.pv.len()]);
    }
}
