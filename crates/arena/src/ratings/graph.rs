//! Who is linked to whom by games, which decides whether ratings can be
//! fitted at all: engines with no chain of games between them have no
//! rating difference, and a group that won (or lost) every game against the
//! rest is infinitely far from it by maximum likelihood (Zermelo's and
//! Ford's condition: the "beat at least once" graph must be strongly
//! connected for a finite fit).

/// The connected components of the undirected graph on `0..n` with an edge
/// where `linked(i, j)`: a component number for each vertex, numbered in
/// order of their smallest vertex.
pub(super) fn components(n: usize, linked: impl Fn(usize, usize) -> bool) -> Vec<usize> {
    flood(n, 0..n, |i, j| linked(i, j) || linked(j, i))
}

/// Labels `0..n` by flooding: from each unlabelled vertex in `starts`
/// order, a new component takes every unlabelled vertex reachable through
/// `reach(from, to)`; components are numbered in the order they start.
fn flood(
    n: usize,
    starts: impl IntoIterator<Item = usize>,
    reach: impl Fn(usize, usize) -> bool,
) -> Vec<usize> {
    let mut component = vec![usize::MAX; n];
    let mut count = 0;
    for start in starts {
        if component[start] != usize::MAX {
            continue;
        }
        component[start] = count;
        let mut stack = vec![start];
        while let Some(i) = stack.pop() {
            for (j, c) in component.iter_mut().enumerate() {
                if *c == usize::MAX && reach(i, j) {
                    *c = count;
                    stack.push(j);
                }
            }
        }
        count += 1;
    }
    component
}

/// The strongly connected components of the directed graph on `0..n` with
/// an edge `i → j` where `edge(i, j)` (Kosaraju: an order of finishing
/// times, then the reversed graph in reverse of that order): a component
/// number for each vertex.
pub(super) fn strong_components(n: usize, edge: impl Fn(usize, usize) -> bool) -> Vec<usize> {
    // First pass: vertices in order of finishing, iteratively.
    let mut finished = Vec::with_capacity(n);
    let mut seen = vec![false; n];
    for start in 0..n {
        if seen[start] {
            continue;
        }
        seen[start] = true;
        // (vertex, next neighbour to look at)
        let mut stack = vec![(start, 0)];
        while let Some((i, next)) = stack.pop() {
            match (next..n).find(|&j| !seen[j] && edge(i, j)) {
                Some(j) => {
                    stack.push((i, j + 1));
                    seen[j] = true;
                    stack.push((j, 0));
                }
                None => finished.push(i),
            }
        }
    }
    // Second pass: on the reversed graph, latest finisher first.
    flood(n, finished.into_iter().rev(), |i, j| edge(j, i))
}

#[cfg(test)]
mod tests {
    use super::{components, strong_components};

    #[test]
    fn components_follow_edges_either_way() {
        let edges = [(0, 1), (3, 2)];
        let linked = |i, j| edges.contains(&(i, j));
        assert_eq!(components(5, linked), [0, 0, 1, 1, 2]);
    }

    #[test]
    fn a_cycle_is_one_strong_component_and_a_one_way_edge_splits() {
        // 0 → 1 → 2 → 0 is a cycle; 3 is only reached from it.
        let edges = [(0, 1), (1, 2), (2, 0), (2, 3)];
        let scc = strong_components(4, |i, j| edges.contains(&(i, j)));
        assert_eq!(scc[0], scc[1]);
        assert_eq!(scc[1], scc[2]);
        assert_ne!(scc[2], scc[3]);
        // Both ways between every neighbour: one component.
        let chain = |i: usize, j: usize| i.abs_diff(j) == 1;
        let scc = strong_components(5, chain);
        assert!(scc.iter().all(|&c| c == scc[0]));
    }
}
