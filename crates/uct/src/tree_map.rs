//! A bounded slice of the search tree for drawing its shape (the icicle
//! chart): the most visited nodes below one node, each with its statistics
//! and the visits of the children left out, so the page never needs the
//! whole tree.
//!
//! The slice grows best first by visits: a node's most visited child enters
//! before any less visited node, so the slice is a connected subtree and
//! children of one node always enter in visit order.

use std::cmp::Ordering;
use std::collections::BinaryHeap;

use super::tree::{NodeId, Proof, Tree};
use quoridor_rules::{Move, Player};
use quoridor_search::Proven;
use quoridor_search::WinChance;
use quoridor_search::{MapLimits, MapNode, TreeMap, MAX_MAP_BUDGET, MAX_MAP_DEPTH};

/// What the map needs to know about the search besides its tree.
pub(crate) struct MapContext {
    /// The side to move at the searched position.
    pub root_turn: Player,
    /// The exploration constant, for the UCT values.
    pub uct_c: f64,
    /// `winrate + C * sqrt(ln(parent visits) / visits)` as the descent computes it.
    pub uct_value: fn(mean: f64, visits: u32, mover: Player, ln_parent: f64, c: f64) -> f64,
}

/// A node waiting to enter the map: the `rank`-th most visited child of
/// the map node `parent`.
struct Waiting {
    visits: u32,
    /// Entry order, so equal visits enter first come first served.
    order: u32,
    parent: u32,
    rank: u32,
}

impl PartialEq for Waiting {
    fn eq(&self, other: &Self) -> bool {
        self.cmp(other) == Ordering::Equal
    }
}

impl Eq for Waiting {}

impl PartialOrd for Waiting {
    fn partial_cmp(&self, other: &Self) -> Option<Ordering> {
        Some(self.cmp(other))
    }
}

impl Ord for Waiting {
    fn cmp(&self, other: &Self) -> Ordering {
        self.visits
            .cmp(&other.visits)
            .then(other.order.cmp(&self.order))
    }
}

/// The map being built: the nodes so far and, for each, what the growth needs.
struct Builder<'a> {
    tree: &'a Tree,
    context: &'a MapContext,
    /// Plies from the searched position to the top.
    top_depth: usize,
    max_depth: u32,
    /// Fewest visits of a node in the map (below the top).
    min_visits: u32,
    nodes: Vec<MapNode>,
    /// Per map node: its depth below the top.
    depths: Vec<u32>,
    /// Per map node: its visited children, most visited first (none at the
    /// depth limit).
    sorted: Vec<Vec<NodeId>>,
    /// Per map node: the visits of its children in the map.
    kept_visits: Vec<u32>,
    /// Per map node: the visits of all its children.
    child_visits: Vec<u32>,
}

impl Builder<'_> {
    /// The player who made the move into a node `depth` plies below the top.
    fn mover(&self, depth: u32) -> Player {
        // The side to move at the root makes the moves at odd plies.
        if (self.top_depth + depth as usize) % 2 == 1 {
            self.context.root_turn
        } else {
            self.context.root_turn.other()
        }
    }

    /// Adds search node `id` as a child of map node `parent`.
    fn enter(&mut self, id: NodeId, parent: Option<u32>) {
        let tree = self.tree;
        let n = &tree[id];
        let depth = parent.map_or(0, |p| self.depths[p as usize] + 1);
        let mover = self.mover(depth);
        let mean = n.mean();
        let uct = parent.and_then(|p| {
            let parent_visits = tree[self.nodes[p as usize].id].visits().max(1);
            let value = (self.context.uct_value)(
                mean,
                n.visits(),
                mover,
                f64::from(parent_visits).ln(),
                self.context.uct_c,
            );
            value.is_finite().then_some(value as f32)
        });
        self.nodes.push(MapNode {
            id,
            parent,
            mv: n.mv(),
            visits: n.visits(),
            win: WinChance::player_one(mean).for_player(mover) as f32,
            uct,
            proven: match n.proof() {
                Proof::Win => Some(Proven::Win),
                Proof::Loss => Some(Proven::Loss),
                Proof::Unknown => None,
            },
            hidden: 0,
        });
        let mut children: Vec<NodeId> = tree
            .children(id)
            .filter(|&c| tree[c].visits() > 0)
            .collect();
        self.child_visits
            .push(children.iter().map(|&c| tree[c].visits()).sum());
        if depth < self.max_depth {
            children.retain(|&c| tree[c].visits() >= self.min_visits);
            children.sort_by(|&a, &b| tree[b].visits().cmp(&tree[a].visits()));
        } else {
            children.clear();
        }
        self.depths.push(depth);
        self.sorted.push(children);
        self.kept_visits.push(0);
        if let Some(p) = parent {
            self.kept_visits[p as usize] += n.visits();
        }
    }

    /// The `rank`-th most visited child of map node `parent`, as waiting.
    fn waiting(&self, parent: usize, rank: u32, order: u32) -> Option<Waiting> {
        let child = *self.sorted[parent].get(rank as usize)?;
        Some(Waiting {
            visits: self.tree[child].visits(),
            order,
            parent: parent as u32,
            rank,
        })
    }
}

/// The fewest visits a node needs for a map whose top has `top_visits`:
/// `min_share` of them, at least 1.
fn min_visits(top_visits: u32, min_share: f64) -> u32 {
    let share = if min_share.is_finite() {
        min_share.clamp(0.0, 1.0)
    } else {
        0.0
    };
    ((f64::from(top_visits) * share).ceil() as u32).max(1)
}

/// The map of the subtree under `top`, which lies `path.len()` moves below
/// the searched position along `path`.
pub(crate) fn tree_map(
    tree: &Tree,
    top: NodeId,
    path: Vec<Move>,
    limits: MapLimits,
    context: &MapContext,
) -> TreeMap {
    let budget = limits.budget.clamp(1, MAX_MAP_BUDGET) as usize;
    let room = budget.min(tree.len());
    let mut map = Builder {
        tree,
        context,
        top_depth: path.len(),
        max_depth: limits.depth.min(MAX_MAP_DEPTH),
        min_visits: min_visits(tree[top].visits(), limits.min_share),
        nodes: Vec::with_capacity(room),
        depths: Vec::with_capacity(room),
        sorted: Vec::with_capacity(room),
        kept_visits: Vec::with_capacity(room),
        child_visits: Vec::with_capacity(room),
    };
    map.enter(top, None);
    let mut waiting = BinaryHeap::new();
    let mut order = 0u32;
    waiting.extend(map.waiting(0, 0, order));
    while map.nodes.len() < budget {
        let Some(next) = waiting.pop() else { break };
        let parent = next.parent as usize;
        let index = map.nodes.len();
        map.enter(map.sorted[parent][next.rank as usize], Some(next.parent));
        // Its next sibling and its own most visited child now may enter.
        for (from, rank) in [(parent, next.rank + 1), (index, 0)] {
            order += 1;
            waiting.extend(map.waiting(from, rank, order));
        }
    }
    let Builder {
        mut nodes,
        kept_visits,
        child_visits,
        ..
    } = map;
    for ((node, kept), all) in nodes.iter_mut().zip(kept_visits).zip(child_visits) {
        node.hidden = all.saturating_sub(kept);
    }
    TreeMap { path, nodes }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::Uct;
    use crate::UctParams;
    use quoridor_rules::{Position, Variant};
    use quoridor_search::{Limits, SearchParams, DEFAULT_MAP_BUDGET};

    fn searched(playouts: u64) -> Uct {
        let params = SearchParams {
            limits: Limits::playouts(playouts),
            ..SearchParams::default()
        };
        let mut search = Uct::new(
            Position::new(Variant::default()),
            params,
            UctParams::default(),
            quoridor_learned::test_evaluator(),
        );
        search.think();
        search
    }

    #[test]
    fn the_map_keeps_its_budget_and_lists_parents_first_children_by_visits() {
        let search = searched(1500);
        let map = search
            .tree_map(
                &[],
                MapLimits {
                    budget: 300,
                    depth: 12,
                    min_share: 0.0,
                },
            )
            .expect("the root is in the tree");
        assert_eq!(map.nodes.len(), 300);
        assert!(map.path.is_empty());
        assert_eq!(map.nodes[0].parent, None);
        assert_eq!(map.nodes[0].mv, None);
        for (i, node) in map.nodes.iter().enumerate().skip(1) {
            let parent = node.parent.expect("only the top has no parent") as usize;
            assert!(parent < i, "parents come first");
            assert!(node.visits <= map.nodes[parent].visits);
        }
        // Siblings most visited first, and nothing left out is more visited
        // than the least visited node kept.
        for p in 0..map.nodes.len() {
            let visits: Vec<u32> = map
                .nodes
                .iter()
                .filter(|n| n.parent == Some(p as u32))
                .map(|n| n.visits)
                .collect();
            assert!(visits.windows(2).all(|w| w[0] >= w[1]), "{visits:?}");
            let kept: u32 = visits.iter().sum();
            assert!(kept + map.nodes[p].hidden <= map.nodes[p].visits);
        }
    }

    #[test]
    fn the_map_stops_at_its_depth_and_counts_what_it_leaves_out() {
        let search = searched(800);
        let map = search
            .tree_map(
                &[],
                MapLimits {
                    budget: 5000,
                    depth: 1,
                    min_share: 0.0,
                },
            )
            .expect("root");
        assert!(map.nodes.iter().skip(1).all(|n| n.parent == Some(0)));
        assert!(
            map.nodes.iter().skip(1).any(|n| n.hidden > 0),
            "the first moves' replies are left out and counted"
        );
        assert_eq!(map.nodes[0].hidden, 0, "every visited root child is kept");
        assert_eq!(map.line(1).map(|l| l.len()), Some(1));
        let mut broken = map.clone();
        broken.nodes[0].parent = Some(1);
        broken.nodes[1].parent = Some(1);
        assert_eq!(broken.line(1), None, "a parent must come earlier");
    }

    #[test]
    fn a_map_from_a_node_starts_at_that_node_with_its_line() {
        let search = searched(800);
        let root = search.tree_map(&[], MapLimits::default()).expect("root");
        let first = root.nodes[1].mv.expect("a move");
        let map = search
            .tree_map(&[first], MapLimits::default())
            .expect("the most visited move is in the tree");
        assert_eq!(map.path, vec![first]);
        assert_eq!(map.nodes[0].visits, root.nodes[1].visits);
        assert_eq!(map.nodes[0].id, root.nodes[1].id);
        let child = map.line(1).expect("a reply");
        assert_eq!(child.len(), 2);
        assert_eq!(child[0], first);
        assert!(search
            .tree_map(&["a1h".parse().expect("wall")], MapLimits::default())
            .is_none());
    }

    #[test]
    fn colours_are_from_the_mover_and_uct_values_are_finite() {
        let search = searched(800);
        let info = search.info(4);
        let map = search.tree_map(&[], MapLimits::default()).expect("root");
        let best = &info.children[0];
        let node = map
            .nodes
            .iter()
            .find(|n| Some(n.id) == best.uct.map(|u| u.id))
            .expect("kept");
        assert!((f64::from(node.win) - best.win_probability).abs() < 1e-4);
        let uct = node.uct.expect("a visited child has a UCT value");
        let best_uct = best.uct.expect("a UCT node").uct_value;
        assert!((f64::from(uct) - best_uct).abs() < 1e-4);
        assert!(map.nodes[0].uct.is_none());
    }

    #[test]
    fn a_minimum_share_leaves_out_nodes_too_small_to_draw() {
        let search = searched(1500);
        let limits = MapLimits {
            min_share: 0.01,
            ..MapLimits::default()
        };
        let map = search.tree_map(&[], limits).expect("root");
        let floor = (f64::from(map.nodes[0].visits) * 0.01).ceil() as u32;
        assert!(map.nodes.iter().all(|n| n.visits >= floor));
        let full = search.tree_map(&[], MapLimits::default()).expect("root");
        assert!(map.nodes.len() < full.nodes.len());
        assert_eq!(min_visits(1000, f64::NAN), 1);
        assert_eq!(min_visits(1000, 0.005), 5);
        assert_eq!(min_visits(0, 0.5), 1);
    }

    #[test]
    fn a_full_map_is_small_enough_to_send_five_times_a_second() {
        let search = searched(3000);
        let started = std::time::Instant::now();
        let map = search.tree_map(&[], MapLimits::default()).expect("root");
        let cost = started.elapsed();
        let json = serde_json::to_string(&map).expect("serializes");
        let back: TreeMap = serde_json::from_str(&json).expect("deserializes");
        assert_eq!(back, map);
        let per_node = json.len() / map.nodes.len();
        // What the chart asks for: only nodes at least 3 of 600 units wide.
        let chart = MapLimits {
            min_share: 0.005,
            ..MapLimits::default()
        };
        let drawn = search.tree_map(&[], chart).expect("root");
        let drawn_json = serde_json::to_string(&drawn).expect("serializes");
        println!(
            "tree map: {} nodes, {} bytes of JSON ({per_node} per node), built in {} µs; \
             the chart's slice: {} nodes, {} bytes",
            map.nodes.len(),
            json.len(),
            cost.as_micros(),
            drawn.nodes.len(),
            drawn_json.len()
        );
        assert!(per_node < 110, "{per_node} bytes per node");
        assert!(map.nodes.len() <= DEFAULT_MAP_BUDGET as usize);
        assert!(drawn_json.len() < 40_000, "{} bytes", drawn_json.len());
    }
}
