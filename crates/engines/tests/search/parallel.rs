//! Parallel UCT natively (option `threads`: threads sharing one tree): with
//! two threads the engine still takes wins, stops wins and proves won
//! positions, plays only legal moves, counts the playout limit and the tree
//! memory as totals, and `stop` ends every thread.

use quoridor_engines::learned::Evaluator;
use quoridor_engines::{new_engine, EngineKind, Limits, SearchParams, Slice, ROOT};
use quoridor_engines::{EngineConfig, SearchEngine};
use quoridor_rules::{Game, Move, Player, Position, Variant};
use std::time::{Duration, Instant};

/// The engines' evaluator: the network built in (none in a build without
/// weights).
fn evaluator() -> Evaluator {
    Evaluator::embedded().expect("the built-in network loads")
}

fn game(record: &str, variant: Variant) -> Game {
    Game::parse_with_variant(record, variant).expect("test record is legal")
}

/// Default settings on `threads` threads with a playout limit (a total).
fn threaded(threads: u32, playouts: u64, seed: u64) -> SearchParams {
    SearchParams {
        threads,
        seed,
        limits: Limits::playouts(playouts),
        ..SearchParams::default()
    }
}

/// The move of a two-thread engine after `record`.
fn engine_move(record: &str, variant: Variant, params: SearchParams) -> Move {
    let mut search = new_engine(
        *game(record, variant).position(),
        &EngineConfig::of_kind(EngineKind::Uct, params),
        evaluator(),
    );
    search.think().expect("the position has moves")
}

#[test]
fn two_threads_take_an_immediate_win() {
    let record = "e2 e8 e3 d8 e4 d7 e5 d6 e6 d5 e7 d4 e8 d3";
    for seed in 1..=3 {
        let mv = engine_move(record, Variant::default(), threaded(2, 1000, seed));
        assert_eq!(mv.to_string(), "e9", "seed {seed}");
    }
}

#[test]
fn two_threads_take_the_win_when_both_sides_are_one_step_away() {
    let record = "e2 e8 d2 e7 d3 e6 d4 e5 d5 e4 c5 e3 c6 a8h c7 e2 c8";
    let mv = engine_move(record, Variant::default(), threaded(2, 1000, 1));
    assert_eq!(mv.to_string(), "e1");
}

#[test]
fn two_threads_wall_off_an_opponent_who_would_win_next_move() {
    let record = "e2 e8 e3 d8 e4 d7 e5 d6 e6 d5 e7 d4 e8 d3 e8h d2";
    for seed in 1..=3 {
        let mv = engine_move(record, Variant::default(), threaded(2, 3000, seed)).to_string();
        assert!(mv == "c1h" || mv == "d1h", "seed {seed} played {mv}");
    }
}

#[test]
fn two_threads_prove_a_win_two_moves_deep() {
    let variant = Variant::new(5, 0).expect("5x5 without walls");
    let pos = *game("c2 b5 c3 a5", variant).position();
    let mut search = new_engine(
        pos,
        &EngineConfig::of_kind(EngineKind::Uct, threaded(2, 20_000, 1)),
        evaluator(),
    );
    let mv = search.think().expect("a move");
    let info = search.info(10);
    assert_eq!(info.proven_winner, Some(Player::One));
    assert!(info.searched < 20_000, "a proof ends the search early");
    let mut after = pos;
    after.play(mv).expect("legal");
    let mut reply = new_engine(
        after,
        &EngineConfig::of_kind(EngineKind::Uct, threaded(2, 20_000, 1)),
        evaluator(),
    );
    reply.think();
    assert_eq!(reply.info(0).proven_winner, Some(Player::One));
}

#[test]
fn the_playout_limit_is_a_total_and_the_threads_share_one_tree() {
    let start = Position::new(Variant::default());
    for threads in [1, 2, 3] {
        let mut search = new_engine(
            start,
            &EngineConfig::of_kind(EngineKind::Uct, threaded(threads, 900, 7)),
            evaluator(),
        );
        search.think().expect("a move");
        let info = search.info(5);
        assert_eq!(info.searched, 900, "{threads} threads");
        assert_eq!(tree(&info).root_visits, 900, "{threads} threads: one tree");
        let (path, children) = search
            .tree()
            .expect("UCT keeps a tree")
            .tree_node(ROOT)
            .expect("the root");
        assert!(path.is_empty());
        let explored: u32 = children.iter().map(|c| c.visits()).sum();
        assert_eq!(
            explored, 900,
            "{threads} threads: the explorer shows every playout"
        );
        let visits: u32 = search
            .info(usize::MAX)
            .children
            .iter()
            .map(|c| c.visits())
            .sum();
        assert!(
            visits >= 900,
            "{threads} threads: root children saw {visits}"
        );
        assert!(info.children.len() <= 5);
        assert_eq!(info.pv.first().copied(), info.best_move);
    }
}

/// Each thread claims a playout from the think's and the slice's counts
/// before it runs it, so a slice's playout limit and the think's are exact
/// on several threads, whichever ends first.
#[test]
fn slices_and_the_think_count_exact_playouts_on_several_threads() {
    let start = Position::new(Variant::default());
    for threads in [2, 3] {
        let mut search = new_engine(
            start,
            &EngineConfig::of_kind(EngineKind::Uct, threaded(threads, 900, 11)),
            evaluator(),
        );
        search.start();
        let mut counts = Vec::new();
        loop {
            let finished = search.run(Slice::playouts(250));
            counts.push(search.info(0).searched);
            if finished {
                break;
            }
        }
        assert_eq!(counts, [250, 500, 750, 900], "{threads} threads");
        assert_eq!(tree(&search.info(0)).root_visits, 900, "{threads} threads");
    }
}

/// Every virtual loss is replaced by its result: in a big shared tree the
/// root's moves show exactly the playouts, and each node near the root
/// counts the visits of its children plus the few playouts that ended at it
/// (a virtual loss left over, or a result counted without its loss being
/// taken back, would put it thousands off).
#[test]
fn every_virtual_loss_is_settled_in_a_big_shared_tree() {
    let start = *game("e2 e8 e3 e7", Variant::default()).position();
    let playouts = 30_000;
    let mut search = new_engine(
        start,
        &EngineConfig::of_kind(EngineKind::Uct, threaded(2, playouts, 11)),
        evaluator(),
    );
    search.think().expect("a move");
    let (_, root_children) = search
        .tree()
        .expect("UCT keeps a tree")
        .tree_node(ROOT)
        .expect("the root");
    let explored: u32 = root_children.iter().map(|c| c.visits()).sum();
    assert_eq!(u64::from(explored), playouts);
    let mut level = root_children;
    for depth in 1..=3 {
        let mut next = Vec::new();
        // A proven node ends the descents that reach it, children or not.
        for node in level
            .iter()
            .filter(|c| c.visits() > 100 && c.proven.is_none())
        {
            let (_, children) = search
                .tree()
                .expect("UCT keeps a tree")
                .tree_node(node.uct.expect("a UCT node").id)
                .expect("a node of the tree");
            let below: u32 = children.iter().map(|c| c.visits()).sum();
            assert!(
                below <= node.visits() && node.visits() - below <= 2 + node.visits() / 100,
                "depth {depth}: {} has {} visits, its children {below}",
                node.mv,
                node.visits()
            );
            next.extend(children);
        }
        level = next;
    }
}

/// A think from the start with `params`, which must end with a legal move
/// and a full tree; its last snapshot.
fn full_tree_think(config: EngineConfig) -> quoridor_engines::SearchInfo {
    let start = Position::new(Variant::default());
    let threads = config.params.threads;
    let mut search = new_engine(start, &config, evaluator());
    let mv = search.think().expect("the start has moves");
    assert!(start.check(mv).is_ok());
    let info = search.info(0);
    assert!(tree(&info).tree_full, "{threads} threads: the tree is full");
    info
}

#[test]
fn the_tree_memory_is_a_total_the_trees_stay_within() {
    for threads in [1, 2] {
        // No limit at all: with leaves scored by the evaluation (the
        // Default's `maxd` 0) a full tree ends the think by itself.
        let mut config = EngineConfig::uct(SearchParams {
            limits: Limits::NONE,
            ..threaded(threads, 0, 5)
        });
        config.uct.tree_mb = 2;
        let info = full_tree_think(config);
        assert!(
            tree(&info).memory_bytes <= 2 << 20,
            "{threads} threads hold {} bytes",
            tree(&info).memory_bytes
        );
        assert!(
            tree(&info).memory_bytes > 1 << 20,
            "{threads} threads use only {} bytes",
            tree(&info).memory_bytes
        );
        assert!(
            tree(&info).nodes < 30_000,
            "{} nodes in 2 MiB",
            tree(&info).nodes
        );
        // Each playout adds a node until the tree is full; once it is, the
        // think ends instead of scoring the same leaves again (a few of the
        // other thread's playouts may end at a leaf while the last room goes).
        assert!(
            info.searched <= u64::from(tree(&info).nodes) + 1_000,
            "{threads} threads: {} playouts for {} nodes",
            info.searched,
            tree(&info).nodes
        );
    }
}

#[test]
fn random_playouts_go_on_in_a_full_tree() {
    for threads in [1, 2] {
        // `maxd` 2: each playout from a leaf samples random moves, so a
        // full tree still learns something from it.
        let mut config = EngineConfig::uct(threaded(threads, 40_000, 5));
        config.uct.tree_mb = 1;
        config.uct.max_playout_moves = Some(2);
        let info = full_tree_think(config);
        assert_eq!(
            info.searched, 40_000,
            "playouts go on once the tree is full"
        );
        assert!(
            tree(&info).memory_bytes <= 1 << 20,
            "{} bytes",
            tree(&info).memory_bytes
        );
    }
}

#[test]
fn two_threads_play_only_legal_moves_in_whole_games() {
    for seed in 1..=3 {
        let mut pos = Position::new(Variant::new(5, 2).expect("5x5"));
        let mut moves = Vec::new();
        let mut search = new_engine(
            pos,
            &EngineConfig::of_kind(EngineKind::Uct, threaded(2, 300, seed)),
            evaluator(),
        );
        while !pos.is_over() && moves.len() < 100 {
            search
                .set_game(Position::new(pos.variant()), &moves)
                .expect("the game so far is legal");
            let mv = search.think().expect("a move in a running game");
            assert!(pos.check(mv).is_ok(), "seed {seed}: {mv} after {moves:?}");
            pos.play(mv).expect("checked");
            moves.push(mv);
        }
        assert!(pos.is_over(), "seed {seed}: the game ends");
    }
}

#[test]
fn stop_ends_every_thread() {
    let start = Position::new(Variant::default());
    let params = SearchParams {
        threads: 2,
        limits: Limits::NONE,
        ..SearchParams::default()
    };
    let mut search = new_engine(
        start,
        &EngineConfig::of_kind(EngineKind::Uct, params),
        evaluator(),
    );
    let stop = search.stop_flag();
    search.start();
    let stopper = std::thread::spawn(move || {
        std::thread::sleep(Duration::from_millis(150));
        stop.store(true, std::sync::atomic::Ordering::Relaxed);
    });
    // A hang guard, not a timing assertion: the flag comes after 150 ms.
    let started = Instant::now();
    while !search.run(quoridor_engines::Slice::time(50.0)) {
        assert!(
            started.elapsed() < Duration::from_secs(60),
            "the stop flag was ignored"
        );
    }
    stopper.join().expect("the stopper ends");
    assert!(search.is_finished());
    // Both trees stopped: a further slice does no playouts.
    let before = search.info(0).searched;
    assert!(search.run(quoridor_engines::Slice::time(50.0)));
    assert_eq!(search.info(0).searched, before);
    assert!(start.check(search.best_move().expect("searched")).is_ok());
}

#[test]
fn changing_threads_keeps_the_game_and_tree_reuse_goes_on() {
    let variant = Variant::default();
    let start = Position::new(variant);
    let mut search = new_engine(
        start,
        &EngineConfig::of_kind(EngineKind::Uct, threaded(1, 400, 1)),
        evaluator(),
    );
    search.think().expect("a move");
    search.set_params(threaded(2, 400, 1));
    let moves: Vec<Move> = ["e2", "e8"]
        .iter()
        .map(|m| m.parse().expect("notation"))
        .collect();
    search.set_game(start, &moves).expect("legal");
    search.think().expect("a move");
    let first = tree(&search.info(0)).root_visits;
    search.set_game(start, &moves).expect("same game");
    search.think().expect("a move");
    assert!(
        tree(&search.info(0)).root_visits > first,
        "each tree keeps its tree for the same root"
    );
    assert_eq!(search.root(), game("e2 e8", variant).position());
}

/// The UCT part of a UCT engine's snapshot.
fn tree(info: &quoridor_engines::SearchInfo) -> &quoridor_engines::UctReport {
    info.uct().expect("a UCT snapshot")
}
