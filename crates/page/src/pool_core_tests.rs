//! The pool's bookkeeping, driven by hand: requests split over workers,
//! answers merged into one engine's.

use super::*;
use crate::worker::messages::GameData;
use quoridor_engines::{Limits, Proven, SearchParams};
use quoridor_rules::{Square, Variant};

fn pawn(file: u8, rank: u8) -> Move {
    Move::Pawn(Square::new(file, rank).expect("on the board"))
}

fn child(id: u32, mv: Move, visits: u32, win: f64) -> ChildInfo {
    ChildInfo {
        mv,
        win_probability: win,
        proven: None,
        pv: vec![mv],
        uct: Some(quoridor_engines::UctChild {
            id: quoridor_engines::NodeId::new(id).expect("a node id"),
            visits,
            uct_value: win,
            children: 3,
        }),
    }
}

fn info(children: Vec<ChildInfo>, per_sec: f64) -> SearchInfo {
    let playouts = children.iter().map(|c| u64::from(c.visits())).sum();
    quoridor_engines::uct::test_snapshot(children, playouts, per_sec)
}

fn search(id: u32, config: EngineConfig, mode: SearchMode) -> WorkerRequest {
    WorkerRequest::Search {
        id: SearchId(id),
        game: GameData::new(Variant::default(), Vec::new()),
        config,
        mode,
        top: 16,
    }
}

fn engine_search(
    id: u32,
    kind: EngineKind,
    config: EngineConfig,
    mode: SearchMode,
) -> WorkerRequest {
    search(id, EngineConfig { kind, ..config }, mode)
}

fn uct(playouts: u64) -> EngineConfig {
    let mut config = EngineConfig::uct(SearchParams {
        threads: 2,
        seed: 7,
        limits: Limits::playouts(playouts),
        ..SearchParams::default()
    });
    config.uct.node_budget = 1001;
    config
}

/// A pool of `n` started workers.
fn pool(n: usize) -> (PoolCore, Vec<WorkerKey>) {
    let mut pool = PoolCore::new();
    let keys: Vec<WorkerKey> = (0..n).map(|_| pool.add(0.0).0).collect();
    for &key in &keys {
        let out = pool.answer(
            key,
            WorkerResponse::Pong {
                id: POOL_PING_ID,
                reversed: "loop".into(),
                worker: "quoridor".into(),
            },
            1.0,
        );
        assert_eq!(out.to_page.len(), 1, "the page hears the worker is up");
    }
    assert_eq!(pool.started(), n);
    (pool, keys)
}

fn done(id: u32, info: SearchInfo) -> WorkerResponse {
    WorkerResponse::Done {
        id: SearchId(id),
        best: info.best_move,
        info,
    }
}

#[test]
fn a_uct_search_goes_to_every_worker_with_its_own_seed_and_share() {
    let (mut pool, keys) = pool(2);
    let out = pool.request(search(1, uct(1001), SearchMode::Move), 10.0);
    assert_eq!(out.to_workers.len(), 2);
    let sent: Vec<(WorkerKey, EngineConfig, u32)> = out
        .to_workers
        .into_iter()
        .map(|(key, request)| match request {
            WorkerRequest::Search { config, top, .. } => (key, config, top),
            other => panic!("a search expected, got {other:?}"),
        })
        .collect();
    assert_eq!(sent[0].0, keys[0]);
    assert_eq!(sent[1].0, keys[1]);
    let whole = uct(1001);
    let share = |i| tree_params(&whole.params, &whole.uct, i, 2);
    let (a, b) = (&sent[0].1, &sent[1].1);
    assert_eq!(
        (&a.params, &a.uct),
        (&share(0).0, &share(0).1),
        "the native threads' rule"
    );
    assert_eq!((&b.params, &b.uct), (&share(1).0, &share(1).1));
    let (a_uct, b_uct) = (&a.uct, &b.uct);
    let (a, b) = (&a.params, &b.params);
    assert_eq!(a.seed, 7);
    assert_ne!(a.seed, b.seed);
    assert_eq!(a_uct.node_budget + b_uct.node_budget, 1001);
    assert_eq!(
        a.limits.playouts_or_zero() + b.limits.playouts_or_zero(),
        1001
    );
    assert!(a.threads == 1 && b.threads == 1);
    assert!(
        sent.iter().all(|s| s.2 == MERGE_TOP),
        "merges need more moves"
    );
}

#[test]
fn alphabeta_searches_on_the_first_worker_alone() {
    let (mut pool, keys) = pool(3);
    let params = uct(100);
    let out = pool.request(
        engine_search(1, EngineKind::AlphaBeta, params, SearchMode::Move),
        0.0,
    );
    assert_eq!(out.to_workers.len(), 1);
    assert_eq!(out.to_workers[0].0, keys[0]);
    let WorkerRequest::Search { config, top, .. } = &out.to_workers[0].1 else {
        panic!("a search expected");
    };
    let params = &config.params;
    assert_eq!(params.threads, 1);
    assert_eq!(params.limits.playouts_or_zero(), 100, "the whole limit");
    assert_eq!(*top, 16);
    // Its answers pass straight through (one part: the merge is itself),
    // its move too, even where its snapshot names another.
    let ab = info(vec![child(5, pawn(4, 1), 10, 0.6)], 900.0);
    let own = WorkerResponse::Done {
        id: SearchId(1),
        best: Some(pawn(3, 0)),
        info: ab,
    };
    let out = pool.answer(keys[0], own.clone(), 50.0);
    assert_eq!(out.to_page, vec![own]);
}

#[test]
fn progress_is_merged_once_every_worker_has_sent_a_snapshot() {
    let (mut pool, keys) = pool(2);
    pool.request(search(1, uct(0), SearchMode::Analysis), 0.0);
    let (a, b) = (pawn(4, 1), pawn(3, 0));
    let one = info(vec![child(5, a, 30, 0.6), child(6, b, 10, 0.2)], 1000.0);
    let two = info(vec![child(9, b, 30, 0.4), child(8, a, 10, 0.2)], 1500.0);
    let out = pool.answer(
        keys[0],
        WorkerResponse::Progress {
            id: SearchId(1),
            info: one.clone(),
        },
        200.0,
    );
    assert!(out.to_page.is_empty(), "worker 2 has not reported yet");
    let out = pool.answer(
        keys[1],
        WorkerResponse::Progress {
            id: SearchId(1),
            info: two.clone(),
        },
        210.0,
    );
    let expected = merge_root_infos(&[one.clone(), two], 16).expect("merged");
    assert_eq!(
        out.to_page,
        vec![WorkerResponse::Progress {
            id: SearchId(1),
            info: expected.clone()
        }]
    );
    assert_eq!(expected.searched_per_sec, 2500.0, "speeds add up");
    assert_eq!(
        expected.children[0].uct.map(|u| u.id),
        one.children[0].uct.map(|u| u.id),
        "worker 1's node"
    );
    assert_eq!(pool.merge.count, 1);
    // A worker that falls silent holds the page back only so long.
    let out = pool.answer(
        keys[0],
        WorkerResponse::Progress {
            id: SearchId(1),
            info: one.clone(),
        },
        400.0,
    );
    assert!(out.to_page.is_empty());
    let out = pool.answer(
        keys[0],
        WorkerResponse::Progress {
            id: SearchId(1),
            info: one,
        },
        600.0,
    );
    assert_eq!(out.to_page.len(), 1, "overdue: merged without a new one");
}

#[test]
fn the_first_done_stops_the_others_and_the_merged_done_waits_for_them() {
    let (mut pool, keys) = pool(2);
    pool.request(search(4, uct(1000), SearchMode::Move), 0.0);
    let (a, b, c) = (pawn(4, 1), pawn(3, 0), pawn(5, 0));
    // Each worker alone prefers another move; together b leads.
    let one = info(vec![child(5, a, 50, 0.6), child(6, b, 45, 0.5)], 1.0);
    let two = info(vec![child(7, c, 50, 0.6), child(8, b, 45, 0.5)], 1.0);
    let out = pool.answer(keys[1], done(4, two.clone()), 100.0);
    assert_eq!(
        out.to_workers,
        vec![(keys[0], WorkerRequest::Stop { id: SearchId(4) })]
    );
    assert!(out.to_page.is_empty());
    assert!(pool.waiting(), "the grace timer runs");
    let out = pool.answer(keys[0], done(4, one), 130.0);
    let [WorkerResponse::Done { id, best, info }] = out.to_page.as_slice() else {
        panic!("one merged Done expected, got {:?}", out.to_page);
    };
    assert_eq!(*id, SearchId(4));
    assert_eq!(*best, Some(b));
    assert_eq!(info.best_move, Some(b));
    assert_eq!(info.children[0].visits(), 90);
    // Later answers about it are ignored; the page's stop sends nothing.
    assert!(pool.answer(keys[1], done(4, two), 140.0).to_page.is_empty());
    assert!(pool
        .request(WorkerRequest::Stop { id: SearchId(4) }, 150.0)
        .to_workers
        .is_empty());
    assert!(!pool.waiting());
}

#[test]
fn a_proven_win_of_one_worker_is_the_move() {
    let (mut pool, keys) = pool(2);
    pool.request(search(1, uct(1000), SearchMode::Move), 0.0);
    let (a, b) = (pawn(4, 1), pawn(3, 0));
    let mut proved = info(vec![child(5, b, 5, 1.0), child(6, a, 20, 0.5)], 1.0);
    proved.children[0].proven = Some(Proven::Win);
    proved.best_move = Some(b);
    let other = info(vec![child(7, a, 80, 0.5), child(8, b, 3, 0.9)], 1.0);
    pool.answer(keys[0], done(1, proved), 10.0);
    let out = pool.answer(keys[1], done(1, other), 20.0);
    assert!(matches!(
        out.to_page.as_slice(),
        [WorkerResponse::Done { best: Some(mv), .. }] if *mv == b
    ));
}

#[test]
fn stop_reaches_every_worker_and_a_laggard_is_waited_for_only_so_long() {
    let (mut pool, keys) = pool(2);
    pool.request(search(2, uct(0), SearchMode::Analysis), 0.0);
    let out = pool.request(WorkerRequest::Stop { id: SearchId(2) }, 10.0);
    assert_eq!(
        out.to_workers,
        vec![
            (keys[0], WorkerRequest::Stop { id: SearchId(2) }),
            (keys[1], WorkerRequest::Stop { id: SearchId(2) })
        ]
    );
    let one = info(vec![child(5, pawn(4, 1), 10, 0.5)], 1.0);
    let out = pool.answer(keys[0], done(2, one.clone()), 40.0);
    assert!(out.to_page.is_empty());
    assert!(pool.tick(40.0 + DONE_GRACE_MS - 1.0).to_page.is_empty());
    let out = pool.tick(40.0 + DONE_GRACE_MS);
    let [WorkerResponse::Done { best, info, .. }] = out.to_page.as_slice() else {
        panic!(
            "the merged Done after the grace period, got {:?}",
            out.to_page
        );
    };
    assert_eq!(*best, None, "analysis plays nothing");
    assert_eq!(info.searched, one.searched);
    assert!(out.dropped.is_empty(), "a slow worker stays in the pool");
}

#[test]
fn the_root_of_the_tree_is_merged_and_nodes_below_are_worker_ones() {
    let (mut pool, keys) = pool(2);
    pool.request(search(3, uct(0), SearchMode::Analysis), 0.0);
    let out = pool.request(
        WorkerRequest::Children {
            id: SearchId(3),
            node: ROOT,
        },
        5.0,
    );
    assert_eq!(out.to_workers.len(), 2, "the root asks every worker");
    let (a, b) = (pawn(4, 1), pawn(3, 0));
    let root = |children| WorkerResponse::Children {
        id: SearchId(3),
        node: ROOT,
        path: Vec::new(),
        children,
    };
    // Worker 2 answers first; worker 1's list still leads the merge.
    let out = pool.answer(
        keys[1],
        root(vec![child(9, b, 30, 0.4), child(8, a, 10, 0.2)]),
        6.0,
    );
    assert!(out.to_page.is_empty());
    let out = pool.answer(keys[0], root(vec![child(5, a, 30, 0.6)]), 7.0);
    let [WorkerResponse::Children { children, .. }] = out.to_page.as_slice() else {
        panic!("merged root expected, got {:?}", out.to_page);
    };
    assert_eq!(children.len(), 2);
    assert_eq!((children[0].mv, children[0].visits()), (a, 40));
    assert_eq!(
        children[0]
            .uct
            .map(|u| u.id)
            .map(|id| id.to_string())
            .as_deref(),
        Some("5"),
        "worker 1's node id"
    );
    assert_eq!(
        (children[1].mv, children[1].uct.map_or(0, |u| u.children)),
        (b, 0),
        "not in worker 1's tree"
    );
    // Below the root: worker 1 alone, its answer passed on.
    let node = children[0].uct.map(|u| u.id).expect("a UCT node");
    let out = pool.request(
        WorkerRequest::Children {
            id: SearchId(3),
            node,
        },
        8.0,
    );
    assert_eq!(out.to_workers.len(), 1);
    assert_eq!(out.to_workers[0].0, keys[0]);
    let below = WorkerResponse::Children {
        id: SearchId(3),
        node,
        path: vec![a],
        children: Vec::new(),
    };
    assert_eq!(
        pool.answer(keys[0], below.clone(), 9.0).to_page,
        vec![below]
    );
}

#[test]
fn a_failing_worker_is_dropped_with_a_notice_and_the_search_goes_on() {
    let (mut pool, keys) = pool(2);
    pool.request(search(5, uct(1000), SearchMode::Move), 0.0);
    let out = pool.answer(
        keys[1],
        WorkerResponse::Error {
            id: SearchId(5),
            message: "out of memory".into(),
        },
        10.0,
    );
    assert_eq!(out.dropped, vec![keys[1]]);
    assert_eq!(
        out.notices,
        ["Engine worker 2 failed (out of memory); the search goes on with the others."]
    );
    assert!(out.to_page.is_empty(), "the page's search is not over");
    assert_eq!(pool.keys(), vec![keys[0]]);
    let one = info(vec![child(5, pawn(4, 1), 10, 0.5)], 1.0);
    let out = pool.answer(keys[0], done(5, one), 20.0);
    assert!(matches!(
        out.to_page.as_slice(),
        [WorkerResponse::Done {
            id: SearchId(5),
            best: Some(_),
            ..
        }]
    ));
}

#[test]
fn an_error_of_every_worker_is_the_searchs_error() {
    let (mut pool, keys) = pool(2);
    pool.request(search(6, uct(1000), SearchMode::Move), 0.0);
    let error = WorkerResponse::Error {
        id: SearchId(6),
        message: "cannot search this game".into(),
    };
    let first = pool.answer(keys[0], error.clone(), 1.0);
    assert!(first.to_page.is_empty());
    assert_eq!(first.dropped, vec![keys[0]]);
    // The second worker refuses too: that reaches the page once.
    let second = pool.answer(keys[1], error.clone(), 2.0);
    assert_eq!(second.to_page, vec![error]);
}

#[test]
fn a_worker_that_never_starts_is_dropped_and_an_empty_pool_says_so() {
    let mut pool = PoolCore::new();
    let (key, out) = pool.add(0.0);
    assert_eq!(
        out.to_workers,
        vec![(
            key,
            WorkerRequest::Ping {
                id: POOL_PING_ID,
                text: "pool".into()
            }
        )]
    );
    assert!(pool.waiting());
    assert!(pool.tick(START_TIMEOUT_MS - 1.0).dropped.is_empty());
    let out = pool.tick(START_TIMEOUT_MS + 1.0);
    assert_eq!(out.dropped, vec![key]);
    assert_eq!(
        out.notices,
        ["Engine worker 1 did not start; searching with the others."]
    );
    assert!(pool.is_empty());
    let out = pool.request(search(1, uct(10), SearchMode::Move), 1.0);
    assert!(matches!(
        out.to_page.as_slice(),
        [WorkerResponse::Error {
            id: SearchId(1),
            ..
        }]
    ));
}

#[test]
fn a_worker_leaving_mid_search_counts_as_answered() {
    let (mut pool, keys) = pool(3);
    pool.request(search(7, uct(1000), SearchMode::Move), 0.0);
    let one = info(vec![child(5, pawn(4, 1), 10, 0.5)], 1.0);
    let progress = WorkerResponse::Progress {
        id: SearchId(7),
        info: info(vec![child(5, pawn(4, 1), 500, 0.5)], 1.0),
    };
    pool.answer(keys[2], progress, 5.0);
    pool.answer(keys[0], done(7, one.clone()), 10.0);
    pool.answer(keys[1], done(7, one), 11.0);
    // The pool shrinks to two: the third's answer is no longer awaited, and
    // its tree (gone with it) no longer counts.
    let out = pool.remove(keys[2]);
    let [WorkerResponse::Done {
        id: SearchId(7),
        info,
        ..
    }] = out.to_page.as_slice()
    else {
        panic!("the merged Done expected, got {:?}", out.to_page);
    };
    assert_eq!(info.searched, 20, "two workers' 10 playouts each");
    assert_eq!(pool.len(), 2);
}

#[test]
fn answers_to_an_older_search_are_ignored() {
    let (mut pool, keys) = pool(2);
    pool.request(search(1, uct(0), SearchMode::Analysis), 0.0);
    pool.request(WorkerRequest::Stop { id: SearchId(1) }, 1.0);
    pool.request(search(2, uct(0), SearchMode::Analysis), 2.0);
    let old = info(vec![child(5, pawn(4, 1), 10, 0.5)], 1.0);
    assert!(pool
        .answer(keys[0], done(1, old.clone()), 3.0)
        .to_page
        .is_empty());
    assert!(pool
        .answer(
            keys[1],
            WorkerResponse::Progress {
                id: SearchId(1),
                info: old
            },
            4.0
        )
        .to_page
        .is_empty());
}

/// Times the merge, so not in the default run (a loaded machine would fail
/// it): `cargo test --release -p quoridor-page --lib merging_two_full --
/// --ignored --nocapture`.
#[test]
#[ignore]
fn merging_two_full_snapshots_is_cheap() {
    // The page merges every ~200 ms; 64 moves from each of 2 workers.
    let lists: Vec<SearchInfo> = (0..2)
        .map(|w| {
            info(
                (0..64u32)
                    .map(|i| {
                        let file = b'a' + (i % 8) as u8;
                        let rank = 1 + (i / 8 + w) % 8;
                        let kind = if i % 2 == 0 { 'h' } else { 'v' };
                        let mv: Move = format!("{}{rank}{kind}", char::from(file))
                            .parse()
                            .expect("a wall");
                        let mut c = child(i + 1, mv, 1000 - i, 0.5);
                        c.pv = vec![mv; 12];
                        c
                    })
                    .collect(),
                1.0,
            )
        })
        .collect();
    let started = std::time::Instant::now();
    let rounds = 200;
    for _ in 0..rounds {
        std::hint::black_box(merge_root_infos(std::hint::black_box(&lists), 16));
    }
    let per_merge_us = started.elapsed().as_secs_f64() * 1e6 / f64::from(rounds);
    eprintln!("merge of 2 x 64 root moves: {per_merge_us:.1} µs");
    assert!(per_merge_us < 5000.0, "{per_merge_us} µs per merge");
}

#[test]
fn a_chosen_workers_tree_is_read_below_the_root_and_leads_the_root_merge() {
    let (mut pool, keys) = pool(2);
    pool.request(search(3, uct(0), SearchMode::Analysis), 0.0);
    pool.set_tree_worker(1);
    let out = pool.request(
        WorkerRequest::Children {
            id: SearchId(3),
            node: ROOT,
        },
        5.0,
    );
    let asked: Vec<WorkerKey> = out.to_workers.iter().map(|(k, _)| *k).collect();
    assert_eq!(asked, vec![keys[1], keys[0]], "worker 2 first");
    let a = pawn(4, 1);
    let root = |id| WorkerResponse::Children {
        id: SearchId(3),
        node: ROOT,
        path: Vec::new(),
        children: vec![child(id, a, 10, 0.5)],
    };
    pool.answer(keys[0], root(5), 6.0);
    let out = pool.answer(keys[1], root(9), 7.0);
    let [WorkerResponse::Children { children, .. }] = out.to_page.as_slice() else {
        panic!("merged root expected, got {:?}", out.to_page);
    };
    assert_eq!(
        children[0]
            .uct
            .map(|u| u.id)
            .map(|id| id.to_string())
            .as_deref(),
        Some("9"),
        "worker 2's node id"
    );
    let node = children[0].uct.map(|u| u.id).expect("a UCT node");
    let out = pool.request(
        WorkerRequest::Children {
            id: SearchId(3),
            node,
        },
        8.0,
    );
    assert_eq!(out.to_workers[0].0, keys[1]);
    let map = WorkerRequest::TreeMap {
        id: SearchId(3),
        path: Vec::new(),
        limits: quoridor_engines::MapLimits::default(),
    };
    assert_eq!(pool.request(map.clone(), 9.0).to_workers[0].0, keys[1]);
    // A search on one worker (alpha-beta) reads that one.
    pool.set_tree_worker(5);
    assert_eq!(pool.request(map, 10.0).to_workers[0].0, keys[0]);
}

#[test]
fn with_a_temperature_the_merged_move_is_drawn_among_the_merged_candidates() {
    use quoridor_engines::MoveChoice;
    let (a, b) = (pawn(4, 1), pawn(3, 0));
    let played = |choice: MoveChoice, seed: u64| {
        let (mut pool, keys) = pool(2);
        let mut config = uct(1000);
        (config.params.seed, config.params.choice) = (seed, choice);
        pool.request(search(1, config, SearchMode::Move), 0.0);
        let one = info(vec![child(5, a, 50, 0.55), child(6, b, 45, 0.5)], 1.0);
        let two = info(vec![child(7, a, 50, 0.55), child(8, b, 45, 0.5)], 1.0);
        pool.answer(keys[0], done(1, one), 10.0);
        let out = pool.answer(keys[1], done(1, two), 20.0);
        let [WorkerResponse::Done { best, info, .. }] = out.to_page.as_slice() else {
            panic!("one merged Done expected, got {:?}", out.to_page);
        };
        assert_eq!(info.best_move, *best, "the snapshot shows the move played");
        best.expect("a move")
    };
    let warm = MoveChoice {
        temperature: 0.5,
        margin: 0.3,
        beginner: None,
    };
    let seeds = 1..40;
    let moves: Vec<Move> = seeds.clone().map(|seed| played(warm, seed)).collect();
    assert!(moves.contains(&a) && moves.contains(&b), "{moves:?}");
    let again: Vec<Move> = seeds.clone().map(|seed| played(warm, seed)).collect();
    assert_eq!(moves, again, "the seed fixes the draw");
    assert!(
        seeds
            .into_iter()
            .all(|seed| played(MoveChoice::default(), seed) == a),
        "no temperature: the merged best move"
    );
}

/// Issue 45: threads 1 → 2, then "Analyse position" half a second later,
/// while the new worker is still loading. The analysis starts at once on
/// the worker that runs; the new one gets its share too (its bridge holds
/// the request until it runs) and joins the merge once it answers, and
/// Stop reaches both.
#[test]
fn an_analysis_asked_while_a_new_worker_starts_runs_at_once_and_takes_it_in() {
    let (mut pool, keys) = pool(1);
    let (late, out) = pool.add(1000.0);
    assert_eq!(out.to_workers.len(), 1, "the new worker is pinged");
    assert_eq!(pool.started(), 1);
    let out = pool.request(search(1, uct(0), SearchMode::Analysis), 1500.0);
    let asked: Vec<WorkerKey> = out
        .to_workers
        .iter()
        .filter(|(_, r)| matches!(r, WorkerRequest::Search { .. }))
        .map(|(key, _)| *key)
        .collect();
    assert_eq!(asked, vec![keys[0], late], "both workers get their share");
    assert!(out.to_page.is_empty(), "no error: the search is under way");
    // The running worker's snapshots reach the page without the new one.
    let (a, b) = (pawn(4, 1), pawn(3, 0));
    let one = info(vec![child(5, a, 30, 0.6), child(6, b, 10, 0.2)], 1000.0);
    let progress = |info: SearchInfo| WorkerResponse::Progress {
        id: SearchId(1),
        info,
    };
    let first = pool.answer(keys[0], progress(one.clone()), 1700.0);
    assert!(first.to_page.is_empty(), "the new worker may still answer");
    let overdue = pool.answer(keys[0], progress(one.clone()), 1900.0);
    assert!(
        matches!(overdue.to_page.as_slice(), [WorkerResponse::Progress { id: SearchId(1), info }]
            if info.searched == one.searched),
        "{overdue:?}"
    );
    // The new worker comes up and joins the merge.
    let pong = pool.answer(
        late,
        WorkerResponse::Pong {
            id: POOL_PING_ID,
            reversed: "loop".into(),
            worker: "quoridor".into(),
        },
        1950.0,
    );
    assert_eq!(pong.to_page.len(), 1);
    assert_eq!(pool.started(), 2);
    let two = info(vec![child(9, b, 30, 0.4), child(8, a, 10, 0.2)], 1500.0);
    let waiting = pool.answer(late, progress(two.clone()), 2000.0);
    assert!(waiting.to_page.is_empty(), "a new snapshot of each first");
    let merged = pool.answer(keys[0], progress(one.clone()), 2100.0);
    let expected = merge_root_infos(&[one, two], 16).expect("merged");
    assert_eq!(
        merged.to_page,
        vec![WorkerResponse::Progress {
            id: SearchId(1),
            info: expected
        }]
    );
    let stop = pool.request(WorkerRequest::Stop { id: SearchId(1) }, 3000.0);
    let stopped: Vec<WorkerKey> = stop.to_workers.iter().map(|(key, _)| *key).collect();
    assert_eq!(stopped, vec![keys[0], late]);
}

#[test]
fn exact_values_are_asked_of_the_first_worker_alone_and_reach_the_page() {
    let mut core = PoolCore::new();
    let (first, _) = core.add(0.0);
    core.add(0.0);
    let game = GameData::new(Variant::new(3, 0).expect("3x3"), Vec::new());
    let out = core.request(WorkerRequest::Exact { game: game.clone() }, 1.0);
    assert_eq!(
        out.to_workers,
        vec![(first, WorkerRequest::Exact { game: game.clone() })]
    );
    let answer = WorkerResponse::Exact {
        game,
        answer: ExactAnswer::TooBig,
    };
    let out = core.answer(first, answer.clone(), 2.0);
    assert_eq!(out.to_page, vec![answer]);
    // No worker: an error answer, not silence.
    let mut empty = PoolCore::new();
    let game = GameData::new(Variant::default(), Vec::new());
    let out = empty.request(WorkerRequest::Exact { game }, 0.0);
    assert!(matches!(
        out.to_page.as_slice(),
        [WorkerResponse::Exact {
            answer: ExactAnswer::Error(_),
            ..
        }]
    ));
}

#[test]
fn priors_are_asked_of_the_first_worker_and_answered_without_one() {
    let mut core = PoolCore::new();
    let (first, _) = core.add(0.0);
    core.add(0.0);
    let game = GameData::new(Variant::default(), Vec::new());
    let out = core.request(WorkerRequest::Priors { game: game.clone() }, 1.0);
    assert_eq!(
        out.to_workers,
        vec![(first, WorkerRequest::Priors { game: game.clone() })]
    );
    let answer = WorkerResponse::Priors {
        game: game.clone(),
        priors: Some(Vec::new()),
    };
    let out = core.answer(first, answer.clone(), 2.0);
    assert_eq!(out.to_page, vec![answer]);
    // No worker: the page hears that there are no priors, not silence.
    let mut empty = PoolCore::new();
    let out = empty.request(WorkerRequest::Priors { game: game.clone() }, 0.0);
    assert_eq!(
        out.to_page,
        vec![WorkerResponse::Priors { game, priors: None }]
    );
}
