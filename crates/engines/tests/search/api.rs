//! The search's interface: slices keep to their budget, limits hold, the
//! analysis snapshot is self-consistent, tree reuse keeps the subtree, the
//! stop flag works from another thread, and a seed makes a search repeat.

use quoridor_engines::learned::Evaluator;
use quoridor_engines::{
    EngineConfig, Limits, ManualClock, SearchInfo, SearchParams, Slice, Uct, UctParams,
};
use quoridor_rules::{Game, Move, Position, Variant};
use std::time::{Duration, Instant};

/// The engines' evaluator: the network built in (none in a build without
/// weights).
fn evaluator() -> Evaluator {
    Evaluator::embedded().expect("the built-in network loads")
}

fn start() -> Position {
    Position::new(Variant::default())
}

fn with_limits(playouts: u64, time_ms: u64) -> SearchParams {
    SearchParams {
        limits: Limits::playouts(playouts).and_time_ms(time_ms),
        ..SearchParams::default()
    }
}

/// Checks what must hold for any snapshot of a fresh (not reused) tree.
fn assert_consistent(info: &SearchInfo) {
    assert!(
        info.children
            .windows(2)
            .all(|w| w[0].visits() >= w[1].visits()),
        "children sorted by visits: {:?}",
        info.children.iter().map(|c| c.visits()).collect::<Vec<_>>()
    );
    assert_eq!(
        tree(info).root_visits as u64,
        info.searched,
        "one root visit per playout"
    );
    let child_visits: u64 = info.children.iter().map(|c| c.visits() as u64).sum();
    assert!(child_visits <= tree(info).root_visits as u64);
    assert!(tree(info).nodes as usize > info.children.len());
    assert!(
        tree(info).nodes as u64 <= info.searched + 1,
        "at most one node per playout"
    );
    assert!(tree(info).bytes_per_node > 0);
    assert!(tree(info).memory_bytes >= tree(info).nodes as u64 * tree(info).bytes_per_node as u64);
    assert!((0.0..=1.0).contains(&info.win_probability));
    assert!(tree(info).mean_depth <= tree(info).max_depth as f64);
    for c in &info.children {
        assert!((0.0..=1.0).contains(&c.win_probability), "{c:?}");
    }
    let best = info.best_move.expect("a best move once children exist");
    assert_eq!(info.pv.first(), Some(&best), "pv starts with the best move");
    assert_eq!(info.children[0].mv, best, "most visited child is played");
}

#[test]
fn playout_slices_make_exactly_their_playouts_and_counts_grow() {
    let mut search = Uct::new(
        start(),
        with_limits(10_000, 0),
        UctParams::default(),
        evaluator(),
    );
    search.start();
    let mut last = 0;
    for _ in 0..5 {
        let finished = search.run(Slice::playouts(200));
        assert!(!finished);
        let info = search.info(usize::MAX);
        assert_eq!(info.searched, last + 200);
        last = info.searched;
        assert_consistent(&info);
    }
}

#[test]
fn time_slices_end_when_their_clock_says_so() {
    let mut search = Uct::new(
        start(),
        with_limits(0, 0),
        UctParams::default(),
        evaluator(),
    );
    // The clock moves 1 ms at every look: the slice's time is the engine's
    // looks at its clock, not the machine's speed.
    let clock = ManualClock::stepping(1.0);
    search.start();
    for _ in 0..5 {
        let (began, reads_before) = (clock.time_ms(), clock.reads());
        let playouts_before = search.info(0).searched;
        let finished = search.run(Slice::time(30.0));
        let took = clock.time_ms() - began;
        assert!(!finished, "no limits: only a slice ends the run");
        assert!(
            (30.0..34.0).contains(&took),
            "a 30 ms slice ended at {took} ms of its clock"
        );
        // The engine looks at its clock between bounded batches of playouts.
        let playouts = search.info(0).searched - playouts_before;
        let looks = clock.reads() - reads_before;
        assert!(playouts > 0, "the slice searched");
        assert!(
            playouts <= looks * 64,
            "{playouts} playouts between {looks} looks at the clock"
        );
    }
    assert_consistent(&search.info(10));
}

#[test]
fn think_stops_at_the_playout_limit() {
    let mut search = Uct::new(
        start(),
        with_limits(777, 0),
        UctParams::default(),
        evaluator(),
    );
    let mv = search.think().expect("a move");
    let info = search.info(3);
    assert_eq!(info.searched, 777);
    assert_eq!(info.children.len(), 3, "top 3 children");
    assert_eq!(info.best_move, Some(mv));
    assert_consistent(&info);
}

#[test]
fn think_stops_when_its_clock_reaches_the_time_limit() {
    let mut search = Uct::new(
        start(),
        with_limits(0, 150),
        UctParams::default(),
        evaluator(),
    );
    let clock = ManualClock::stepping(1.0);
    search.think().expect("a move");
    let took = clock.time_ms();
    assert!(
        (150.0..155.0).contains(&took),
        "a 150 ms think ended at {took} ms of its clock"
    );
    assert!(search.info(0).searched > 0, "the think searched");
}

#[test]
fn stop_flag_ends_an_unlimited_search_from_another_thread() {
    let mut search = Uct::new(
        start(),
        with_limits(0, 0),
        UctParams::default(),
        evaluator(),
    );
    let stop = search.stop_flag();
    search.start();
    let stopper = std::thread::spawn(move || {
        std::thread::sleep(Duration::from_millis(100));
        stop.store(true, std::sync::atomic::Ordering::Relaxed);
    });
    // A hang guard, not a timing assertion: the flag comes after 100 ms.
    let t = Instant::now();
    while !search.run(Slice::time(20.0)) {
        assert!(
            t.elapsed() < Duration::from_secs(60),
            "the stop flag was ignored"
        );
    }
    stopper.join().expect("stopper thread");
    assert!(search.best_move().is_some());
    // Once the flag is seen, no playout is searched.
    let searched = search.info(0).searched;
    assert!(search.run(Slice::time(20.0)), "still stopped");
    assert_eq!(search.info(0).searched, searched);
}

#[test]
fn tree_reuse_keeps_the_subtree_of_the_moves_played() {
    let params = with_limits(3000, 0);
    let mut search = Uct::new(start(), params.clone(), UctParams::default(), evaluator());
    let first = search.think().expect("a move");
    let info = search.info(1);
    let reply_node = search
        .children_of(info.children[0].uct.expect("a UCT node").id)
        .expect("the best child is a node");
    let reply = &reply_node[0];
    assert!(reply.visits() > 1);
    search
        .set_game(start(), &[first, reply.mv])
        .expect("both moves are legal");
    let reused = search.info(usize::MAX);
    assert_eq!(
        tree(&reused).root_visits,
        reply.visits(),
        "root visits carry over"
    );
    assert_eq!(
        reused.children.len() as u32,
        reply.uct.expect("a UCT node").children
    );
    assert_eq!(reused.searched, 0, "no new playouts yet");
    // The search goes on from the kept statistics.
    search.think().expect("a move");
    assert_eq!(tree(&search.info(0)).root_visits, reply.visits() + 3000);
}

#[test]
fn without_tree_reuse_a_new_root_starts_empty() {
    let uct = UctParams {
        tree_reuse: false,
        ..UctParams::default()
    };
    let mut search = Uct::new(start(), with_limits(1000, 0), uct, evaluator());
    let first = search.think().expect("a move");
    search.set_game(start(), &[first]).expect("legal");
    let info = search.info(0);
    assert_eq!(tree(&info).root_visits, 0);
    assert_eq!(tree(&info).nodes, 1);
}

#[test]
fn set_game_with_an_illegal_move_changes_nothing() {
    let mut search = Uct::new(
        start(),
        with_limits(500, 0),
        UctParams::default(),
        evaluator(),
    );
    let first = search.think().expect("a move");
    let before = tree(&search.info(0)).root_visits;
    let bad: Move = "e5".parse().expect("notation");
    assert!(search.set_game(start(), &[first, bad]).is_err());
    assert_eq!(search.root(), &start());
    assert_eq!(tree(&search.info(0)).root_visits, before);
}

#[test]
fn the_same_seed_repeats_the_search_and_another_seed_differs() {
    let pos = *Game::parse_with_variant("e2 e8 e3 e7 d3h", Variant::default())
        .expect("legal")
        .position();
    let run_with = |seed, priors| {
        let mut search = Uct::new(
            pos,
            SearchParams {
                seed,
                ..with_limits(2000, 0)
            },
            UctParams {
                priors,
                ..UctParams::default()
            },
            evaluator(),
        );
        search.think();
        let info = search.info(usize::MAX);
        info.children
            .iter()
            .map(|c| (c.mv, c.visits()))
            .collect::<Vec<_>>()
    };
    // Without priors the seed draws the moves opened beyond the ranked
    // ones; with them (the built-in network's head) the network scores
    // every leaf and the priors order every move, so nothing is drawn:
    // every seed grows the same tree.
    let run = |seed| run_with(seed, false);
    assert_eq!(run(5), run(5));
    assert_ne!(run(5), run(6));
    assert_eq!(run_with(5, true), run_with(6, true));
    assert_ne!(run_with(5, true), run(5));
}

#[test]
fn each_candidate_carries_its_own_line_starting_with_its_move() {
    let mut search = Uct::new(
        start(),
        with_limits(3000, 0),
        UctParams::default(),
        evaluator(),
    );
    search.think();
    let info = search.info(8);
    assert_consistent(&info);
    for c in &info.children {
        assert_eq!(c.pv.first(), Some(&c.mv), "{c:?}");
        let mut pos = start();
        for mv in &c.pv {
            assert!(pos.play(*mv).is_ok(), "line {:?} is legal", c.pv);
        }
    }
    let best = &info.children[0].pv;
    assert!(best.len() > 1, "the most visited move has a line below it");
    let n = best.len().min(info.pv.len());
    assert_eq!(
        best[..n],
        info.pv[..n],
        "the best candidate's line is the pv"
    );
    let explored = search.children_of(quoridor_engines::ROOT).expect("root");
    assert!(
        explored.iter().all(|c| c.pv.is_empty()),
        "tree reads stay light"
    );
}

/// The cost of the worker's progress snapshots: the same search of a fixed
/// number of playouts with and without `info(8)` (serialised, as the worker
/// sends it) every 200 ms. Prints both times and the share of the search
/// spent taking snapshots; fails above 5%. Timing, so
/// not in the default run: `cargo test --release -p quoridor-engines --test search api:: -- --ignored --nocapture`.
#[test]
#[ignore]
fn progress_snapshots_cost_under_five_percent() {
    const PLAYOUTS: u64 = 300_000;
    const EVERY_MS: f64 = 200.0;
    let run = |snapshots: bool| -> (f64, usize, f64) {
        let mut search = Uct::new(
            start(),
            with_limits(PLAYOUTS, 0),
            UctParams::default(),
            evaluator(),
        );
        search.start();
        let began = Instant::now();
        let mut last = 0.0;
        let mut taken = 0;
        let mut in_snapshots = 0.0;
        while !search.run(Slice::time(40.0)) {
            let now = began.elapsed().as_secs_f64() * 1000.0;
            if snapshots && now - last >= EVERY_MS {
                last = now;
                let t = Instant::now();
                let text = serde_json::to_string(&search.info(8)).expect("serialisable");
                std::hint::black_box(text);
                taken += 1;
                in_snapshots += t.elapsed().as_secs_f64() * 1000.0;
            }
        }
        (began.elapsed().as_secs_f64() * 1000.0, taken, in_snapshots)
    };
    run(false);
    let (mut plain, mut with) = (f64::MAX, f64::MAX);
    let (mut taken, mut in_snapshots) = (0, 0.0);
    for _ in 0..4 {
        plain = plain.min(run(false).0);
        let (ms, n, spent) = run(true);
        if ms < with {
            (with, taken, in_snapshots) = (ms, n, spent);
        }
    }
    // The wall-clock difference is at the mercy of other processes; the time
    // spent inside the snapshots is what they take from the search.
    let wall = (with / plain - 1.0) * 100.0;
    let overhead = in_snapshots / with * 100.0;
    println!(
        "{PLAYOUTS} playouts: {plain:.0} ms plain, {with:.0} ms with {taken} snapshots \
         (wall clock {wall:+.2}%); {in_snapshots:.2} ms inside them, {:.3} ms each: \
         overhead {overhead:.3}%",
        in_snapshots / taken.max(1) as f64
    );
    assert!(overhead < 5.0, "snapshots cost {overhead:.2}%");
}

#[test]
fn progressive_widening_bounds_the_children_and_expands_the_best_ranked_first() {
    for widening in [1.0, 2.5] {
        // Widening opens children when the policy's priors do not.
        let uct = UctParams {
            widening,
            tree_reuse: false,
            priors: false,
            ..UctParams::default()
        };
        let mut search = Uct::new(start(), with_limits(400, 0), uct, evaluator());
        search.think();
        let info = search.info(usize::MAX);
        let bound =
            (widening * ((tree(&info).root_visits - 1) as f64 + 1.0).sqrt()).ceil() as usize;
        assert!(
            info.children.len() <= bound,
            "{} root children after {} visits with widening {widening}",
            info.children.len(),
            tree(&info).root_visits
        );
        assert!(info.children.len() >= 5, "the root widens as visits grow");
        // The first child made is the best-ranked move: the forward step.
        let mut ranked = Vec::new();
        quoridor_engines::ranked_moves(&start(), &mut ranked, 24);
        assert!(info.children.iter().any(|c| c.mv == ranked[0]));
        assert_eq!(ranked[0], "e2".parse::<Move>().expect("move"));
    }
    // Without widening the root gets a child on every visit until all ~130 exist.
    let uct = UctParams {
        widening: 0.0,
        priors: false,
        ..UctParams::default()
    };
    let mut search = Uct::new(start(), with_limits(400, 0), uct, evaluator());
    search.think();
    assert!(search.info(usize::MAX).children.len() > 100);
}

#[test]
fn tempo_gives_the_side_to_move_the_edge_in_the_evaluation() {
    use quoridor_engines::{Selector, SelectorMemory};
    use rand::SeedableRng;
    let score = |tempo: f64, record: &str| {
        let thesis = EngineConfig::thesis_fixed_point();
        let (params, uct) = (
            thesis.params,
            UctParams {
                max_playout_moves: Some(0),
                tempo,
                ..UctParams::thesis()
            },
        );
        let game = Game::parse_with_variant(record, Variant::default()).expect("record");
        let mut memory = SelectorMemory::default();
        let mut rng = quoridor_engines::EngineRng::seed_from_u64(1);
        let mut selector = Selector {
            params: &params,
            uct: &uct,
            memory: &mut memory,
            rng: &mut rng,
            network: None,
        };
        selector.playout(*game.position()).0
    };
    // The start is symmetric: a draw without tempo, player 1's edge with it.
    assert_eq!(score(0.0, ""), 0.5);
    assert!(score(1.0, "") > 0.5);
    // After e2 e8 it is player 1's move again; after e2, player 2's.
    assert!(score(1.0, "e2 e8") > 0.5);
    assert!(score(1.0, "e2") < score(0.0, "e2"));
}

/// The UCT part of a UCT engine's snapshot.
fn tree(info: &quoridor_engines::SearchInfo) -> &quoridor_engines::UctReport {
    info.uct().expect("a UCT snapshot")
}
