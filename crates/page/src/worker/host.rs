//! The worker's side of the conversation in [`super::messages`]: the engine
//! it keeps between requests, the answer to each request, and the search
//! run in slices with progress snapshots between them.

use super::messages::{
    GameData, MovePrior, SearchId, SearchMode, WorkerRequest, WorkerResponse, PROGRESS_EVERY_MS,
};
use super::solved::SolvedBoards;
use quoridor_engines::learned::Evaluator;
use quoridor_engines::{new_engine, Engine, EngineConfig, Limits, MapLimits, SearchEngine};
use quoridor_rules::{Move, Position};

/// Milliseconds of search between two looks at the message queue.
pub const SLICE_MS: f64 = 40.0;

/// The worker's engine state: the evaluator its engines score with (read
/// once, when the worker starts), the search (kept between requests so the
/// tree of the moves actually played is reused) and the search under way.
pub struct EngineHost {
    /// The engines' evaluator, or why the built-in network did not load
    /// (then every search is answered with that error).
    evaluator: Result<Evaluator, String>,
    search: Option<Engine>,
    active: Option<ActiveSearch>,
    last_id: SearchId,
    /// Milliseconds reading the built-in network took.
    network_read_ms: Option<f64>,
    /// Small variants solved exactly, for [`WorkerRequest::Exact`].
    solved: SolvedBoards,
}

struct ActiveSearch {
    id: SearchId,
    mode: SearchMode,
    top: usize,
    last_progress_ms: f64,
}

impl EngineHost {
    /// A host whose engines score with `evaluator`.
    pub fn new(evaluator: Evaluator) -> EngineHost {
        EngineHost {
            evaluator: Ok(evaluator),
            search: None,
            active: None,
            last_id: SearchId::default(),
            network_read_ms: None,
            solved: SolvedBoards::default(),
        }
    }

    /// A host whose engines score with the network built into the worker,
    /// read (and timed) here, once. A built-in network that does not load
    /// is reported to every search, never replaced by the classic terms.
    pub fn embedded() -> EngineHost {
        let started = super::timing::precise_ms();
        let loaded = Evaluator::embedded();
        let ms = super::timing::precise_ms() - started;
        let mut host = EngineHost::new(Evaluator::classic());
        host.network_read_ms = loaded
            .as_ref()
            .is_ok_and(|e| e.network().is_some())
            .then_some(ms);
        host.evaluator = loaded.map_err(|e| format!("the built-in network does not load: {e}"));
        host
    }

    /// Handles one request; returns the immediate answers. After a `Search`,
    /// call [`EngineHost::slice`] repeatedly while [`EngineHost::is_searching`].
    pub fn handle(&mut self, request: WorkerRequest) -> Vec<WorkerResponse> {
        match request {
            WorkerRequest::Ping { id, text } => vec![WorkerResponse::Pong {
                id,
                reversed: text.chars().rev().collect(),
                worker: worker_name(),
            }],
            WorkerRequest::Search {
                id,
                game,
                config,
                mode,
                top,
            } => self.start(id, &game, config, mode, top as usize),
            WorkerRequest::Stop { id } => match &self.active {
                Some(a) if a.id == id => self.finish().into_iter().collect(),
                _ => Vec::new(),
            },
            WorkerRequest::Children { id, node } => {
                let answer = self
                    .search
                    .as_ref()
                    .filter(|_| id == self.last_id)
                    .and_then(|s| {
                        let (path, children) = s.tree()?.tree_node(node)?;
                        Some(WorkerResponse::Children {
                            id,
                            node,
                            path,
                            children,
                        })
                    });
                vec![answer.unwrap_or(WorkerResponse::Error {
                    id,
                    message: format!("node {node} is not in the tree of search {id}"),
                })]
            }
            WorkerRequest::TreeMap { id, path, limits } => vec![self.tree_map(id, &path, limits)],
            WorkerRequest::Exact { game } => {
                let answer = self.solved.answer(&game, super::timing::precise_ms);
                vec![WorkerResponse::Exact { game, answer }]
            }
            WorkerRequest::Priors { game } => vec![WorkerResponse::Priors {
                priors: self.priors(&game),
                game,
            }],
        }
    }

    /// The network's priors of the position after `game`'s moves, in its
    /// legal moves' order (see [`WorkerResponse::Priors`]).
    fn priors(&self, game: &GameData) -> Option<Vec<MovePrior>> {
        let net = self.evaluator.as_ref().ok()?.network()?;
        if !net.has_policy() {
            return None;
        }
        let Ok(game) = game.replay() else {
            return Some(Vec::new());
        };
        let pos = game.position();
        if pos.is_over() {
            return Some(Vec::new());
        }
        let priors = net.policy(pos)?.into_iter();
        Some(
            priors
                .map(|(mv, p)| MovePrior {
                    mv,
                    prior: f64::from(p),
                })
                .collect(),
        )
    }

    fn start(
        &mut self,
        id: SearchId,
        game: &GameData,
        mut config: EngineConfig,
        mode: SearchMode,
        top: usize,
    ) -> Vec<WorkerResponse> {
        let game = match game.replay() {
            Ok(game) => game,
            Err(e) => {
                return vec![WorkerResponse::Error {
                    id,
                    message: format!("cannot search this game: {e}"),
                }]
            }
        };
        if mode == SearchMode::Analysis {
            config.params.limits = Limits::NONE;
            // Analysis searches: the opening book answers only a move.
            config.params.book = false;
        }
        let evaluator = match &self.evaluator {
            Ok(evaluator) => evaluator,
            Err(message) => {
                return vec![WorkerResponse::Error {
                    id,
                    message: message.clone(),
                }]
            }
        };
        if let Some(why) = evaluator.refusal(config.params.eval) {
            return vec![WorkerResponse::Error {
                id,
                message: format!("option eval cannot be \"learned\": {why}"),
            }];
        }
        let start = Position::new(game.variant());
        // The engine of the last search is kept (its tree or table) when
        // it is of the kind asked for; another kind is built afresh.
        if !self.search.as_mut().is_some_and(|s| s.configure(&config)) {
            self.search = None;
        }
        let search = self
            .search
            .get_or_insert_with(|| new_engine(start, &config, evaluator.clone()));
        if let Err(e) = search.set_game(start, game.moves()) {
            return vec![WorkerResponse::Error {
                id,
                message: format!("cannot search this game: {e}"),
            }];
        }
        search.start();
        self.last_id = id;
        self.active = Some(ActiveSearch {
            id,
            mode,
            top: top.clamp(1, 200),
            last_progress_ms: quoridor_engines::now_ms(),
        });
        Vec::new()
    }

    /// The tree map of search `id` under the deepest node of `path` in its
    /// tree, timed.
    fn tree_map(&self, id: SearchId, path: &[Move], limits: MapLimits) -> WorkerResponse {
        let Some(search) = self.search.as_ref().filter(|_| id == self.last_id) else {
            return WorkerResponse::Error {
                id,
                message: format!("search {id} has no tree to map"),
            };
        };
        let started = super::timing::precise_ms();
        let map = (0..=path.len())
            .rev()
            .find_map(|len| search.tree()?.tree_map(&path[..len], limits))
            .unwrap_or_default();
        let build_us = (super::timing::precise_ms() - started) * 1000.0;
        WorkerResponse::TreeMap { id, map, build_us }
    }

    /// Milliseconds this worker's read of the learned network took (parsing
    /// the weights built into the worker, when it started); `None` for a
    /// host given its evaluator, or a build without weights.
    pub fn network_read_ms(&self) -> Option<f64> {
        self.network_read_ms
    }

    /// Whether a search is under way.
    pub fn is_searching(&self) -> bool {
        self.active.is_some()
    }

    /// Runs one slice of the search under way; returns a progress snapshot
    /// when one is due, or `Done` when the search ends.
    pub fn slice(&mut self) -> Option<WorkerResponse> {
        let search = self.search.as_mut()?;
        let active = self.active.as_mut()?;
        let finished = search.run(quoridor_engines::Slice::time(SLICE_MS));
        if finished {
            return self.finish();
        }
        let now = quoridor_engines::now_ms();
        if now - active.last_progress_ms >= PROGRESS_EVERY_MS {
            active.last_progress_ms = now;
            return Some(WorkerResponse::Progress {
                id: active.id,
                info: search.info(active.top),
            });
        }
        None
    }

    fn finish(&mut self) -> Option<WorkerResponse> {
        let active = self.active.take()?;
        let search = self.search.as_ref()?;
        let info = search.info(active.top);
        let best = match active.mode {
            SearchMode::Move => search.best_move(),
            SearchMode::Analysis => None,
        };
        Some(WorkerResponse::Done {
            id: active.id,
            best,
            info,
        })
    }
}

/// `quoridor <version>`, the build the worker reports in its answers.
pub fn worker_name() -> String {
    format!("quoridor {}", env!("CARGO_PKG_VERSION"))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::worker::messages::tests::{quick, standard};
    use quoridor_engines::SearchParams;
    use quoridor_engines::{Evaluation, NodeId, ROOT};
    use quoridor_rules::{Game, Variant};

    fn run_to_end(host: &mut EngineHost) -> Vec<WorkerResponse> {
        let mut out = Vec::new();
        while host.is_searching() {
            out.extend(host.slice());
        }
        out
    }

    #[test]
    fn pong_keeps_the_ping_id_and_reverses_the_text() {
        let mut host = EngineHost::new(quoridor_engines::learned::test_evaluator());
        let reply = host.handle(WorkerRequest::Ping {
            id: 42,
            text: "a1h".into(),
        });
        assert_eq!(
            reply,
            vec![WorkerResponse::Pong {
                id: 42,
                reversed: "h1a".into(),
                worker: worker_name(),
            }]
        );
    }

    #[test]
    fn a_move_search_ends_with_a_legal_best_move() {
        let mut host = EngineHost::new(quoridor_engines::learned::test_evaluator());
        let now = host.handle(WorkerRequest::Search {
            id: SearchId(3),
            game: standard("e2 e8"),
            config: EngineConfig::of_kind(quoridor_engines::EngineKind::Uct, quick()),
            mode: SearchMode::Move,
            top: 8,
        });
        assert!(now.is_empty());
        let answers = run_to_end(&mut host);
        let Some(WorkerResponse::Done { id, best, info }) = answers.last() else {
            panic!("expected Done last, got {answers:?}");
        };
        assert_eq!(*id, SearchId(3));
        let game: Game = "e2 e8".parse().expect("legal record");
        let best = best.expect("a move");
        assert!(game.position().check(best).is_ok());
        assert!(info.searched >= 400);
        assert!(info.children.len() <= 8);
    }

    /// The page's encoding (gloo-worker's bincode) reads fields by
    /// position: a field skipped when serializing would shift the rest.
    /// Every kind of answer a real search gives, both engines, round-trips.
    #[test]
    fn every_answer_survives_the_workers_bincode_encoding() {
        fn round_trip<T>(message: &T)
        where
            T: serde::Serialize + serde::de::DeserializeOwned + PartialEq + std::fmt::Debug,
        {
            let bytes = bincode::serialize(message).expect("serializes");
            let back: T = bincode::deserialize(&bytes).expect("deserializes");
            assert_eq!(&back, message);
        }
        use quoridor_engines::EngineKind::{AlphaBeta, Uct};
        let mut host = EngineHost::new(quoridor_engines::learned::test_evaluator());
        let mut kinds = std::collections::BTreeSet::new();
        for engine in [Uct, AlphaBeta] {
            let requests = [
                WorkerRequest::Search {
                    id: SearchId(9),
                    game: standard("e2 e8 e3h"),
                    config: EngineConfig::of_kind(engine, quick()),
                    mode: SearchMode::Move,
                    top: 8,
                },
                WorkerRequest::Children {
                    id: SearchId(9),
                    node: ROOT,
                },
                WorkerRequest::TreeMap {
                    id: SearchId(9),
                    path: Vec::new(),
                    limits: quoridor_engines::MapLimits::default(),
                },
                WorkerRequest::Exact {
                    game: GameData::new(Variant::new(3, 1).expect("3x3"), Vec::new()),
                },
                WorkerRequest::Priors {
                    game: standard("e2"),
                },
                WorkerRequest::Ping {
                    id: 1,
                    text: "ping".into(),
                },
            ];
            for request in requests {
                round_trip(&request);
                let searching = matches!(request, WorkerRequest::Search { .. });
                let mut answers = host.handle(request);
                if searching {
                    answers.extend(run_to_end(&mut host));
                }
                for answer in &answers {
                    round_trip(answer);
                    let kind = format!("{answer:?}");
                    kinds.insert(kind[..kind.find([' ', '(']).unwrap_or(kind.len())].to_owned());
                }
            }
        }
        for kind in ["Done", "Children", "TreeMap", "Exact", "Priors", "Pong"] {
            assert!(kinds.contains(kind), "no {kind} answer among {kinds:?}");
        }
    }

    #[test]
    fn the_built_in_network_is_read_once_at_start_and_reports_its_value() {
        let host = EngineHost::embedded();
        assert_eq!(
            host.network_read_ms().is_some_and(|ms| ms >= 0.0),
            quoridor_engines::learned::HAS_EMBEDDED_WEIGHTS
        );
        let mut host = match host.evaluator {
            Ok(ref e) if e.network().is_some() => host,
            _ => EngineHost::new(quoridor_engines::learned::test_evaluator()),
        };
        let search = |engine, eval| WorkerRequest::Search {
            id: SearchId(4),
            game: standard("e2 e8"),
            config: EngineConfig::of_kind(engine, SearchParams { eval, ..quick() }),
            mode: SearchMode::Move,
            top: 8,
        };
        use quoridor_engines::EngineKind::{AlphaBeta, Uct};
        for engine in [Uct, AlphaBeta] {
            host.handle(search(engine, Evaluation::Classic));
            let answers = run_to_end(&mut host);
            let Some(WorkerResponse::Done { info, .. }) = answers.last() else {
                panic!("expected Done last, got {answers:?}");
            };
            assert_eq!(info.network_value, None);
        }
        // Auto is the learned evaluation for both engines: each reports the
        // network's value.
        for engine in [AlphaBeta, Uct] {
            host.handle(search(engine, Evaluation::Auto));
            let answers = run_to_end(&mut host);
            let Some(WorkerResponse::Done { info, .. }) = answers.last() else {
                panic!("expected Done last, got {answers:?}");
            };
            assert!(
                info.network_value.is_some_and(|v| v > 0.0 && v < 1.0),
                "{engine}"
            );
        }
    }

    #[test]
    fn learned_without_a_network_is_an_error_not_a_classic_search() {
        let mut host = EngineHost::new(Evaluator::classic());
        let answers = host.handle(WorkerRequest::Search {
            id: SearchId(5),
            game: standard("e2 e8"),
            config: EngineConfig::of_kind(
                quoridor_engines::EngineKind::AlphaBeta,
                SearchParams {
                    eval: Evaluation::Learned,
                    ..quick()
                },
            ),
            mode: SearchMode::Move,
            top: 8,
        });
        let [WorkerResponse::Error { id, message }] = answers.as_slice() else {
            panic!("expected one error, got {answers:?}");
        };
        assert_eq!(*id, SearchId(5));
        assert!(
            message.contains(quoridor_engines::learned::NO_NETWORK),
            "{message}"
        );
        assert!(!host.is_searching());
    }

    #[test]
    fn analysis_runs_until_stopped_and_plays_nothing() {
        let mut host = EngineHost::new(quoridor_engines::learned::test_evaluator());
        host.handle(WorkerRequest::Search {
            id: SearchId(1),
            game: standard(""),
            config: EngineConfig::of_kind(quoridor_engines::EngineKind::Uct, quick()),
            mode: SearchMode::Analysis,
            top: 5,
        });
        for _ in 0..3 {
            host.slice();
        }
        assert!(host.is_searching(), "analysis ignores the playout limit");
        let stopped = host.handle(WorkerRequest::Stop { id: SearchId(1) });
        assert!(matches!(
            stopped.as_slice(),
            [WorkerResponse::Done {
                id: SearchId(1),
                best: None,
                ..
            }]
        ));
        assert!(!host.is_searching());
    }

    #[test]
    fn stop_for_another_search_is_ignored() {
        let mut host = EngineHost::new(quoridor_engines::learned::test_evaluator());
        host.handle(WorkerRequest::Search {
            id: SearchId(2),
            game: standard(""),
            config: EngineConfig::of_kind(quoridor_engines::EngineKind::Uct, quick()),
            mode: SearchMode::Move,
            top: 5,
        });
        assert!(host
            .handle(WorkerRequest::Stop { id: SearchId(1) })
            .is_empty());
        assert!(host.is_searching());
    }

    #[test]
    fn a_bad_move_list_is_an_error_not_a_search() {
        let mut host = EngineHost::new(quoridor_engines::learned::test_evaluator());
        let answers = host.handle(WorkerRequest::Search {
            id: SearchId(9),
            game: standard("e2 e2"),
            config: EngineConfig::of_kind(quoridor_engines::EngineKind::Uct, quick()),
            mode: SearchMode::Move,
            top: 5,
        });
        assert!(matches!(
            answers.as_slice(),
            [WorkerResponse::Error { id: SearchId(9), message }] if message.contains("move 2")
        ));
        assert!(!host.is_searching());
    }

    #[test]
    fn children_of_the_root_and_of_a_child() {
        let mut host = EngineHost::new(quoridor_engines::learned::test_evaluator());
        host.handle(WorkerRequest::Search {
            id: SearchId(4),
            game: standard(""),
            config: EngineConfig::of_kind(quoridor_engines::EngineKind::Uct, quick()),
            mode: SearchMode::Move,
            top: 5,
        });
        run_to_end(&mut host);
        let root = host.handle(WorkerRequest::Children {
            id: SearchId(4),
            node: ROOT,
        });
        let [WorkerResponse::Children { children, path, .. }] = root.as_slice() else {
            panic!("expected children, got {root:?}");
        };
        assert!(path.is_empty());
        assert!(!children.is_empty());
        assert!(children.windows(2).all(|w| w[0].visits() >= w[1].visits()));
        let first = children[0].clone();
        let below = host.handle(WorkerRequest::Children {
            id: SearchId(4),
            node: first.uct.expect("UCT's children have nodes").id,
        });
        let [WorkerResponse::Children { path, .. }] = below.as_slice() else {
            panic!("expected children, got {below:?}");
        };
        assert_eq!(path, &vec![first.mv]);
        let missing = host.handle(WorkerRequest::Children {
            id: SearchId(4),
            node: NodeId::new(u32::MAX - 1).expect("the largest node id"),
        });
        assert!(matches!(missing.as_slice(), [WorkerResponse::Error { .. }]));
    }

    #[test]
    fn a_small_board_search_plays_on_the_requested_variant() {
        let variant = Variant::new(5, 3).expect("5x5");
        let game = GameData::new(variant, vec!["c2".parse().expect("notation")]);
        let mut host = EngineHost::new(quoridor_engines::learned::test_evaluator());
        host.handle(WorkerRequest::Search {
            id: SearchId(6),
            game: game.clone(),
            config: EngineConfig::of_kind(quoridor_engines::EngineKind::Uct, quick()),
            mode: SearchMode::Move,
            top: 5,
        });
        let answers = run_to_end(&mut host);
        let Some(WorkerResponse::Done { best, .. }) = answers.last() else {
            panic!("expected Done last, got {answers:?}");
        };
        let replayed = game.replay().expect("legal moves");
        assert_eq!(replayed.position().size(), 5);
        assert!(replayed.position().check(best.expect("a move")).is_ok());
    }

    #[test]
    fn exact_values_are_answered_for_the_game_asked_about() {
        let mut host = EngineHost::new(quoridor_engines::learned::test_evaluator());
        let variant = Variant::new(3, 0).expect("3x3");
        let game = GameData::new(variant, vec!["b2".parse().expect("notation")]);
        let answers = host.handle(WorkerRequest::Exact { game: game.clone() });
        let [WorkerResponse::Exact {
            game: answered,
            answer: crate::worker::messages::ExactAnswer::Solved { exact, .. },
        }] = answers.as_slice()
        else {
            panic!("expected exact values, got {answers:?}");
        };
        assert_eq!(answered, &game);
        // Player 2 jumps home at once.
        assert_eq!(exact.value, quoridor_solver::Value::Win(1));
        assert!(!host.is_searching());
    }

    #[test]
    fn priors_are_the_networks_and_none_without_a_head() {
        use quoridor_engines::learned::Network;
        let net = Network::random(16, 8, 1).with_random_policy(2);
        let mut host = EngineHost::new(Evaluator::with_network(net.clone()));
        let ask = |host: &mut EngineHost, game: GameData| {
            let answers = host.handle(WorkerRequest::Priors { game: game.clone() });
            let [WorkerResponse::Priors {
                game: answered,
                priors,
            }] = answers.as_slice()
            else {
                panic!("expected priors, got {answers:?}");
            };
            assert_eq!(*answered, game);
            priors.clone()
        };
        let priors = ask(&mut host, standard("e2 e8")).expect("a head");
        let game: Game = "e2 e8".parse().expect("legal record");
        let expected = net.policy(game.position()).expect("a head");
        let got: Vec<(Move, f32)> = priors.iter().map(|p| (p.mv, p.prior as f32)).collect();
        assert_eq!(got, expected);
        let sum: f64 = priors.iter().map(|p| p.prior).sum();
        assert!((sum - 1.0).abs() < 0.01, "{sum}");
        assert!(!host.is_searching());
        // Moves that do not replay: no priors, no panic.
        assert_eq!(ask(&mut host, standard("e2 e2")), Some(Vec::new()));
        // A 5×5 board, a value network, no network: the network cannot say.
        let small = GameData::new(Variant::new(5, 3).expect("5x5"), Vec::new());
        assert_eq!(ask(&mut host, small), None);
        let mut value_only = EngineHost::new(Evaluator::with_network(net.without_policy()));
        assert_eq!(ask(&mut value_only, standard("e2")), None);
        let mut classic = EngineHost::new(Evaluator::classic());
        assert_eq!(ask(&mut classic, standard("e2")), None);
    }

    /// Alpha-beta settings with no limit: the think runs until `Stop`.
    fn alphabeta_unlimited() -> SearchParams {
        SearchParams {
            limits: Limits::NONE,
            ..SearchParams::default()
        }
    }

    #[test]
    fn alphabeta_answers_in_slices_sends_progress_and_stops_at_once() {
        // The clock moves 20 ms at every look: the slices' time is the
        // engine's looks at its clock, not the machine's speed.
        const STEP_MS: f64 = 20.0;
        let clock = quoridor_engines::ManualClock::stepping(STEP_MS);
        let mut host = EngineHost::new(quoridor_engines::learned::test_evaluator());
        let game = standard("e2 e8 e3 e7");
        assert!(host
            .handle(WorkerRequest::Search {
                id: SearchId(1),
                game: game.clone(),
                config: EngineConfig::of_kind(
                    quoridor_engines::EngineKind::AlphaBeta,
                    alphabeta_unlimited()
                ),
                mode: SearchMode::Move,
                top: 5,
            })
            .is_empty());
        let started = clock.time_ms();
        let mut progress = 0;
        let mut slices = 0;
        while clock.time_ms() - started < 1000.0 {
            let before = clock.time_ms();
            if let Some(WorkerResponse::Progress { info, .. }) = host.slice() {
                progress += 1;
                assert!(info.alphabeta().is_some());
            }
            slices += 1;
            // Every slice keeps to its time: it ends at its first look at
            // the clock past `SLICE_MS` (the host and a snapshot look twice more).
            let took = clock.time_ms() - before;
            assert!(
                (SLICE_MS..=SLICE_MS + 4.0 * STEP_MS).contains(&took),
                "a slice ended at {took} ms of its clock"
            );
        }
        assert!(
            (4..slices).contains(&progress),
            "{progress} progress snapshots in a second of {slices} slices"
        );
        let done = host.handle(WorkerRequest::Stop { id: SearchId(1) });
        let [WorkerResponse::Done { best, info, .. }] = done.as_slice() else {
            panic!("Done expected, got {done:?}");
        };
        let pos = *game.replay().expect("legal").position();
        assert!(pos.check(best.expect("a move")).is_ok());
        let ab = info.alphabeta().expect("alpha-beta info");
        assert!(ab.depth >= 1 && !ab.iterations.is_empty());
        // No tree to explore: a clear error, not a panic.
        let answer = host.handle(WorkerRequest::Children {
            id: SearchId(1),
            node: ROOT,
        });
        assert!(matches!(answer.as_slice(), [WorkerResponse::Error { .. }]));
    }

    #[test]
    fn the_engine_kind_follows_each_request() {
        let mut host = EngineHost::new(quoridor_engines::learned::test_evaluator());
        for (id, engine) in [
            (SearchId(1), quoridor_engines::EngineKind::AlphaBeta),
            (SearchId(2), quoridor_engines::EngineKind::Uct),
            (SearchId(3), quoridor_engines::EngineKind::AlphaBeta),
        ] {
            let params = SearchParams {
                limits: Limits::playouts(300),
                ..SearchParams::default()
            };
            host.handle(WorkerRequest::Search {
                id,
                game: standard("e2"),
                config: EngineConfig::of_kind(engine, params),
                mode: SearchMode::Move,
                top: 3,
            });
            let out = run_to_end(&mut host);
            let Some(WorkerResponse::Done { info, .. }) = out.last() else {
                panic!("Done expected");
            };
            assert_eq!(
                info.alphabeta().is_some(),
                engine == quoridor_engines::EngineKind::AlphaBeta
            );
        }
    }
}

#[cfg(test)]
mod tree_map_tests {
    use super::*;
    use quoridor_engines::SearchParams;
    use quoridor_engines::ROOT;
    use quoridor_rules::Variant;

    fn analyse(host: &mut EngineHost, id: SearchId) {
        host.handle(WorkerRequest::Search {
            id,
            game: GameData::new(Variant::default(), Vec::new()),
            config: EngineConfig::of_kind(
                quoridor_engines::EngineKind::Uct,
                SearchParams::default(),
            ),
            mode: SearchMode::Analysis,
            top: 4,
        });
        for _ in 0..4 {
            host.slice();
        }
    }

    #[test]
    fn a_tree_map_answers_with_a_bounded_slice_of_the_latest_search() {
        let mut host = EngineHost::new(quoridor_engines::learned::test_evaluator());
        analyse(&mut host, SearchId(3));
        let limits = MapLimits {
            budget: 50,
            depth: 6,
            min_share: 0.0,
        };
        let answer = host.handle(WorkerRequest::TreeMap {
            id: SearchId(3),
            path: Vec::new(),
            limits,
        });
        let [WorkerResponse::TreeMap { id, map, build_us }] = answer.as_slice() else {
            panic!("expected a tree map, got {answer:?}");
        };
        assert_eq!(*id, SearchId(3));
        assert!(map.nodes.len() <= 50 && map.nodes.len() > 1);
        assert_eq!(map.nodes[0].id, ROOT);
        assert!(*build_us >= 0.0);
        let stale = host.handle(WorkerRequest::TreeMap {
            id: SearchId(2),
            path: Vec::new(),
            limits,
        });
        assert!(matches!(
            stale.as_slice(),
            [WorkerResponse::Error {
                id: SearchId(2),
                ..
            }]
        ));
    }

    #[test]
    fn a_tree_map_under_a_path_off_the_tree_starts_where_the_tree_ends() {
        let mut host = EngineHost::new(quoridor_engines::learned::test_evaluator());
        analyse(&mut host, SearchId(1));
        let first = host
            .search
            .as_ref()
            .and_then(|s| s.info(1).children.first().map(|c| c.mv))
            .expect("a root child");
        // Player 1's first step again, now for player 2 (whose pawn cannot
        // reach it): never a child, however large the tree has grown.
        let off = first;
        let answer = host.handle(WorkerRequest::TreeMap {
            id: SearchId(1),
            path: vec![first, off, off],
            limits: MapLimits::default(),
        });
        let [WorkerResponse::TreeMap { map, .. }] = answer.as_slice() else {
            panic!("expected a tree map, got {answer:?}");
        };
        assert_eq!(map.path, vec![first]);
    }
}
