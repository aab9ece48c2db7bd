//! The snapshot every engine reports carries the learned network's own
//! value of the root, through a merge and the worker's JSON.

use quoridor_engines::{
    learned, merge_root_infos, new_engine, EngineKind, Evaluation, Limits, SearchInfo,
    SearchParams, Uct,
};
use quoridor_engines::{EngineConfig, SearchEngine, UctParams};
use quoridor_rules::{Position, Variant};

/// A few moves into a 9×9 game, so the root is not the start.
fn root() -> Position {
    let mut pos = Position::new(Variant::default());
    for mv in ["e2", "e8", "e3h"] {
        pos.play(mv.parse().expect("notation")).expect("legal");
    }
    pos
}

fn params(eval: Evaluation, seed: u64) -> SearchParams {
    SearchParams {
        eval,
        seed,
        limits: Limits::playouts(300),
        ..SearchParams::default()
    }
}

fn snapshot(kind: EngineKind, eval: Evaluation) -> SearchInfo {
    let mut engine = new_engine(
        root(),
        &EngineConfig::of_kind(kind, params(eval, 1)),
        quoridor_engines::learned::test_evaluator(),
    );
    engine.think();
    engine.info(8)
}

#[test]
fn a_learned_snapshot_carries_the_networks_own_value_of_the_root() {
    let evaluator = learned::test_evaluator();
    let net = evaluator.network().expect("a network");
    let expected = learned::win_chance(net, &root())
        .expect("9x9 is encoded")
        .for_player(root().turn());
    for kind in [EngineKind::Uct, EngineKind::AlphaBeta] {
        let info = snapshot(kind, Evaluation::Learned);
        assert_eq!(info.network_value, Some(expected), "{kind:?}");
        assert!(info.network_value.is_some_and(|v| v > 0.0 && v < 1.0));
        assert_eq!(
            snapshot(kind, Evaluation::Classic).network_value,
            None,
            "{kind:?}"
        );
    }
}

#[test]
fn the_merge_keeps_the_networks_value_and_serde_defaults_it() {
    let evaluator = learned::test_evaluator();
    let net = evaluator.network().expect("a network");
    let expected = learned::win_chance(net, &root()).map(|c| c.for_player(root().turn()));
    let infos: Vec<SearchInfo> = [1, 2]
        .map(|seed| {
            let mut search = Uct::new(
                root(),
                params(Evaluation::Learned, seed),
                UctParams::default(),
                quoridor_engines::learned::test_evaluator(),
            );
            search.think();
            search.info(usize::MAX)
        })
        .to_vec();
    let merged = merge_root_infos(&infos, 4).expect("two snapshots");
    assert_eq!(merged.network_value, expected);
    // Round trip through JSON.
    let json = serde_json::to_string(&merged).expect("serialises");
    let back: SearchInfo = serde_json::from_str(&json).expect("parses");
    assert_eq!(back.network_value, expected);
    // A classic snapshot writes the field as null, and one without it (an
    // older writer's) reads as None.
    let mut classic = Uct::new(
        root(),
        params(Evaluation::Classic, 1),
        UctParams::default(),
        quoridor_engines::learned::test_evaluator(),
    );
    classic.think();
    let json = serde_json::to_string(&classic.info(4)).expect("serialises");
    assert!(json.contains("\"network_value\":null"), "{json}");
    let back: SearchInfo =
        serde_json::from_str(&json.replace("\"network_value\":null,", "")).expect("parses");
    assert_eq!(back.network_value, None);
}
