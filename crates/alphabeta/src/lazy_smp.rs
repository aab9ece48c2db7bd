//! Lazy SMP (native only): with `threads` above 1, helper threads search
//! the same root as the main thread, each with its own stack, killers and
//! history, and share only the transposition table, which fills with the
//! results they find. The helpers search at varied depths (odd helpers a
//! ply deeper than the main thread's iteration, even ones at it), so they
//! reach other parts of the tree first; only the main thread's result is
//! the answer.

use super::ordering::Heuristics;
use super::stack::{Advance, Context, Counters, Stack};
use super::table::Table;
use super::table_score::INFINITY;
use super::AlphaBetaParams;
use quoridor_learned::QuantizedNetwork;
use quoridor_rules::Position;
use quoridor_search::PawnRace;
use std::sync::atomic::{AtomicBool, AtomicU32, AtomicU64, Ordering};

/// Nodes a helper searches between two looks at the end of the slice.
const HELPER_NODES_PER_CHECK: u64 = 256;

/// What every helper of one slice reads.
pub(super) struct Shared<'a> {
    /// The root searched.
    pub root: Position,
    /// The engine's settings.
    pub params: &'a AlphaBetaParams,
    /// The table all threads share.
    pub table: &'a Table,
    /// The exact pawn-race table, as the main thread has it.
    pub race: Option<&'a PawnRace>,
    /// The learned evaluation's network, as the main thread has it.
    pub network: Option<&'a QuantizedNetwork>,
    /// The depth of the main thread's iteration under way.
    pub main_depth: &'a AtomicU32,
    /// The deepest iteration the think may search.
    pub deepest: u32,
    /// Nodes of all helpers in this think (the node limit counts them).
    pub nodes: &'a AtomicU64,
    /// Set by the main thread when its slice ends.
    pub over: &'a AtomicBool,
}

/// One helper thread's search, kept from slice to slice of one think.
pub(super) struct Helper {
    /// 1 for the first helper (the main thread is 0).
    index: usize,
    stack: Stack,
    heuristics: Heuristics,
    counters: Counters,
    /// The iteration under way (or next).
    depth: u32,
}

impl Helper {
    /// Helper `index` (from 1) of a new think.
    pub fn new(index: usize) -> Helper {
        Helper {
            index,
            stack: Stack::default(),
            heuristics: Heuristics::default(),
            counters: Counters::default(),
            depth: 1,
        }
    }

    /// Searches until the main thread's slice is over or no deeper
    /// iteration is left: iterative deepening with full windows, each
    /// iteration at least as deep as the main thread's (a ply deeper for
    /// odd helpers).
    pub fn work(&mut self, shared: &Shared<'_>) {
        while !shared.over.load(Ordering::Relaxed) {
            if !self.stack.is_running() {
                let main = shared.main_depth.load(Ordering::Relaxed);
                let depth = self.depth.max(main + (self.index % 2) as u32);
                if depth > shared.deepest {
                    return;
                }
                self.depth = depth;
                self.stack.begin(shared.root, depth, -INFINITY, INFINITY);
            }
            let before = self.counters.nodes;
            let mut ctx = Context {
                params: shared.params,
                table: shared.table,
                heuristics: &mut self.heuristics,
                counters: &mut self.counters,
                race: shared.race,
                network: shared.network,
            };
            let advanced = self.stack.advance(&mut ctx, HELPER_NODES_PER_CHECK);
            shared
                .nodes
                .fetch_add(self.counters.nodes - before, Ordering::Relaxed);
            if let Advance::Done(_) = advanced {
                self.depth += 1;
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use crate::{AlphaBeta, AlphaBetaParams};
    use quoridor_learned::Evaluator;
    use quoridor_rules::{Game, Move, Player, Position, Square, Variant};
    use quoridor_search::{is_decided, Evaluation, SearchEngine, SearchParams};

    /// A search of `pos` to `depth` on `threads` threads with the classic
    /// evaluation, done.
    fn think(pos: Position, depth: u32, threads: u32) -> AlphaBeta {
        let own = AlphaBetaParams {
            max_depth: Some(depth),
            ..AlphaBetaParams::default()
        };
        let mut params = SearchParams {
            eval: Evaluation::Classic,
            threads,
            ..SearchParams::default()
        };
        params.limits.time = None;
        let mut s = AlphaBeta::new(pos, params, own, Evaluator::classic());
        s.think();
        s
    }

    /// Two threads reach the depth asked and play a legal move; the nodes
    /// reported count the helper's too.
    #[test]
    fn two_threads_return_a_legal_move_at_the_depth_asked() {
        for record in [
            "",
            "e2 e8 e3 e7 c3h f6h",
            "e2 e8 e3 e7 e4 e6 d6h e4h c5v f6v",
        ] {
            let pos = *record.parse::<Game>().expect("record").position();
            let s = think(pos, 5, 2);
            let best = s.best_move().expect("a move");
            assert!(pos.check(best).is_ok(), "{record}: {best}");
            assert_eq!(s.completed_depth(), 5);
            assert!(s.nodes() >= s.main_nodes());
            assert_eq!(s.info(1).best_move, Some(best));
        }
    }

    /// A race won in two moves (no walls left): one and two threads give
    /// the same move and the same proven value.
    #[test]
    fn two_threads_prove_the_same_forced_win() {
        let at = |s: &str| s.parse::<Square>().expect("square").index(9);
        let pos = Position::new(Variant::new(9, 0).expect("variant"))
            .with_pawns([at("e7"), at("a4")], Player::One)
            .expect("pawns");
        let one = think(pos, 8, 1);
        let two = think(pos, 8, 2);
        let value = one.value().expect("a value");
        assert!(is_decided(value) && value > 0, "{value}");
        assert_eq!(two.value(), Some(value));
        assert_eq!(one.best_move(), "e8".parse::<Move>().ok());
        assert_eq!(two.best_move(), one.best_move());
    }

    /// Walled in with one wall to place: a wall that stops the opponent's
    /// next step to its goal is found on two threads as on one.
    #[test]
    fn two_threads_find_the_only_defence() {
        let at = |s: &str| s.parse::<Square>().expect("square").index(9);
        let pos = Position::new(Variant::default())
            .with_pawns([at("e5"), at("e2")], Player::One)
            .expect("pawns");
        let s = think(pos, 5, 2);
        let best = s.best_move().expect("a move");
        let mut after = pos;
        after.play(best).expect("legal");
        assert!(
            after.distance_to_goal(Player::Two).expect("a path") > 1,
            "{best}"
        );
    }
}
