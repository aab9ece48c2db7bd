//! PUCT (option `priors`): with a network whose policy head favours a
//! move, that move is opened first and searched most; with `priors` off, or
//! a network without a head, the search is UCB with progressive widening as
//! before; the solver's proofs and the best moves of tactical positions
//! hold with priors; bad option values are refused.
//!
//! The networks are small random ones whose policy bias is set by hand
//! (patched in their safetensors form), so no trained weights are needed.

use quoridor_learned::{move_index, Evaluator, Network};
use quoridor_rules::{Game, Move, Player, Position, Variant};
use quoridor_search::{ChildInfo, EngineReport, Evaluation, Limits, Proven, SearchParams};
use quoridor_uct::{uct_options, FirstPlay, Uct, UctParams};

fn mv(text: &str) -> Move {
    text.parse().expect("move")
}

fn position(record: &str) -> Position {
    *Game::parse_with_variant(record, Variant::default())
        .expect("test record is legal")
        .position()
}

/// The F32 values of tensor `name` in the safetensors file `bytes`.
fn tensor<'a>(bytes: &'a mut [u8], name: &str) -> impl Iterator<Item = &'a mut [u8]> {
    let len = u64::from_le_bytes(bytes[..8].try_into().expect("8 bytes")) as usize;
    let header: serde_json::Value = serde_json::from_slice(&bytes[8..8 + len]).expect("header");
    let tensor = &header[name];
    assert_eq!(tensor["dtype"], "F32");
    let offset = |i: usize| 8 + len + tensor["data_offsets"][i].as_u64().expect("offset") as usize;
    let (start, end) = (offset(0), offset(1));
    bytes[start..end].chunks_exact_mut(4)
}

/// A random network with a policy head whose bias is `bias` for each of
/// `favoured` (a move with its side to move) and 0 for every other move
/// (its weights random), so that the priors favour those moves.
fn favouring(favoured: &[(Move, Player)], bias: f32) -> Network {
    favouring_weighted(
        &favoured
            .iter()
            .map(|&(m, p)| (m, p, bias))
            .collect::<Vec<_>>(),
        false,
    )
}

/// [`favouring`] with a bias of its own for each favoured move and, when
/// `flat`, a value head that says 0.5 everywhere and a policy with no
/// weights (the priors then come from the biases alone).
fn favouring_weighted(favoured: &[(Move, Player, f32)], flat: bool) -> Network {
    let net = Network::random(16, 8, 3).with_random_policy(4);
    let mut bytes = net.to_safetensors();
    let zero = 0f32.to_le_bytes();
    tensor(&mut bytes, "policy.bias").for_each(|b| b.copy_from_slice(&zero));
    if flat {
        for name in ["out.weight", "out.bias", "policy.weight"] {
            tensor(&mut bytes, name).for_each(|b| b.copy_from_slice(&zero));
        }
    }
    for &(mv, turn, bias) in favoured {
        let i = move_index(mv, 9, turn).expect("a 9x9 move");
        let value = tensor(&mut bytes, "policy.bias").nth(i).expect("an index");
        value.copy_from_slice(&bias.to_le_bytes());
    }
    let net = Network::from_safetensors(&bytes).expect("the patched network loads");
    assert!(net.has_policy());
    net
}

/// A search of `pos` by `net` (eval=learned) for `playouts` playouts.
fn search(pos: Position, net: &Network, uct: UctParams, playouts: u64, threads: u32) -> Uct {
    let params = SearchParams {
        limits: Limits::playouts(playouts),
        eval: Evaluation::Learned,
        threads,
        ..SearchParams::default()
    };
    let mut search = Uct::new(pos, params, uct, Evaluator::with_network(net.clone()));
    search.think();
    search
}

/// The Default's parameters with priors on or off. `shortest_win` is off:
/// these tests measure how the priors spread the visits, and its draw for a
/// repeated position (pawn steps back and forth repeat, walls never do)
/// would tilt a flat value's visits away from pawn moves.
fn priors(on: bool) -> UctParams {
    UctParams {
        priors: on,
        shortest_win: false,
        ..UctParams::default()
    }
}

/// The root's children as (move, visits), most visited first.
fn visits(search: &Uct) -> Vec<(Move, u32)> {
    search
        .info(usize::MAX)
        .children
        .iter()
        .map(|c| (c.mv, c.visits()))
        .collect()
}

#[test]
fn the_favoured_move_is_opened_first_and_searched_most() {
    let start = position("");
    let a1h = mv("a1h");
    let net = favouring(&[(a1h, Player::One)], 8.0);
    let first = search(start, &net, priors(true), 1, 1);
    assert!(first.uses_priors());
    assert_eq!(visits(&first), [(a1h, 1)], "opened first");
    let with = search(start, &net, priors(true), 300, 1);
    assert_eq!(visits(&with)[0].0, a1h, "{:?}", visits(&with));
    // Without priors the race ranking opens a forward step first, and a
    // corner wall that changes no path is not what the search likes most.
    let without = search(start, &net, priors(false), 1, 1);
    assert!(!without.uses_priors());
    assert_eq!(visits(&without), [(mv("e2"), 1)]);
    let without = search(start, &net, priors(false), 300, 1);
    assert_ne!(visits(&without)[0].0, a1h, "{:?}", visits(&without));
}

#[test]
fn visits_follow_the_priors_when_the_values_are_equal() {
    // A flat value: every leaf is worth 0.5, so only the priors tell the
    // moves apart. e2's prior is e (2.7) times d1h's, and both far above
    // the others'.
    let start = position("");
    let (e2, d1h) = (mv("e2"), mv("d1h"));
    let net = favouring_weighted(&[(e2, Player::One, 7.0), (d1h, Player::One, 6.0)], true);
    let s = search(start, &net, priors(true), 600, 1);
    let seen = visits(&s);
    let of = |m: Move| seen.iter().find(|v| v.0 == m).map_or(0, |v| v.1);
    let (first, second) = (of(e2), of(d1h));
    assert_eq!(seen[0].0, e2, "{seen:?}");
    // PUCT's visits go as the priors: about 2.7 to 1 here.
    let ratio = f64::from(first) / f64::from(second.max(1));
    assert!((1.8..4.0).contains(&ratio), "{first} to {second}: {seen:?}");
}

#[test]
fn shared_threads_follow_the_priors_too() {
    let start = position("");
    let a1h = mv("a1h");
    let net = favouring(&[(a1h, Player::One)], 8.0);
    let s = search(start, &net, priors(true), 400, 2);
    let info = s.info(usize::MAX);
    assert_eq!(info.searched, 400, "the playout limit is a total");
    assert_eq!(info.children[0].mv, a1h, "{:?}", visits(&s));
    let total: u32 = info.children.iter().map(ChildInfo::visits).sum();
    // Every playout but the one that opened the root went through a child.
    assert!(total >= 399, "{total}");
}

#[test]
fn the_tree_stays_within_its_memory_budget_with_priors() {
    // Every leaf keeps its priors in a move set: the tree fills its one
    // MiB and the think ends there, with the bytes held within it.
    let net = favouring(&[(mv("e2"), Player::One)], 2.0);
    for threads in [1, 2] {
        let uct = UctParams {
            tree_mb: 1,
            ..priors(true)
        };
        let s = search(position(""), &net, uct, 1_000_000, threads);
        let info = s.info(0);
        let EngineReport::Uct(report) = info.engine else {
            panic!("a UCT report");
        };
        assert!(report.tree_full, "{threads} threads");
        assert!(
            report.memory_bytes <= 1 << 20,
            "{} bytes",
            report.memory_bytes
        );
        assert!(report.nodes > 2000, "{} nodes in 1 MiB", report.nodes);
        assert!(info.searched < 1_000_000);
    }
}

#[test]
fn without_a_policy_head_the_search_is_the_one_without_priors() {
    let pos = position("e2 e8 e3 c3h");
    let net = favouring(&[(mv("a1h"), Player::Two)], 8.0).without_policy();
    let on = search(pos, &net, priors(true), 500, 1);
    let off = search(pos, &net, priors(false), 500, 1);
    assert!(!on.uses_priors());
    assert_eq!(visits(&on), visits(&off));
    assert_eq!(on.best_move(), off.best_move());
}

#[test]
fn on_a_board_the_network_does_not_encode_the_priors_are_not_used() {
    let variant = Variant::new(7, 6).expect("7x7 with 6 walls");
    let pos = *Game::parse_with_variant("d2 d6", variant)
        .expect("record")
        .position();
    let net = favouring(&[(mv("a1h"), Player::One)], 8.0);
    let on = search(pos, &net, priors(true), 400, 1);
    let off = search(pos, &net, priors(false), 400, 1);
    assert!(!on.uses_priors());
    assert_eq!(visits(&on), visits(&off));
}

#[test]
fn the_first_play_urgency_decides_how_wide_the_root_grows() {
    // With the unopened moves valued as losses the search opens fewer
    // root moves than with KataGo's reduced parent value and no reduction.
    let start = position("");
    let net = favouring(&[(mv("e2"), Player::One), (mv("d1h"), Player::One)], 3.0);
    let width = |fpu: FirstPlay, fpu_reduction: f64| {
        let uct = UctParams {
            fpu,
            fpu_reduction,
            ..priors(true)
        };
        visits(&search(start, &net, uct, 400, 1)).len()
    };
    let loss = width(FirstPlay::Loss, 0.0);
    let parent = width(FirstPlay::Parent, 0.0);
    assert!(loss < parent, "loss {loss}, parent {parent}");
}

#[test]
fn a_favoured_losing_move_does_not_hide_the_saving_wall() {
    // Player 2 on d2 reaches d1 next move; player 1 on e8 is two moves from
    // goal. Only c1h or d1h saves the game; the policy favours a1h.
    let record = "e2 e8 e3 d8 e4 d7 e5 d6 e6 d5 e7 d4 e8 d3 e8h d2";
    let pos = position(record);
    assert_eq!(pos.turn(), Player::One);
    let a1h = mv("a1h");
    let net = favouring(&[(a1h, Player::One)], 8.0);
    let s = search(pos, &net, priors(true), 3000, 1);
    let best = s.best_move().expect("a move").to_string();
    assert!(best == "c1h" || best == "d1h", "played {best}");
    let info = s.info(usize::MAX);
    let favoured = info.children.iter().find(|c| c.mv == a1h).expect("opened");
    assert_eq!(favoured.proven, Some(Proven::Loss), "a1h lets d1 win");
}

#[test]
fn the_solver_proves_a_win_with_priors() {
    // Player 1 on e8 with e9 free; the policy favours a wall instead.
    let pos = position("e2 e8 e3 d8 e4 d7 e5 d6 e6 d5 e7 d4 e8 d3");
    let net = favouring(&[(mv("a1h"), Player::One)], 8.0);
    let s = search(pos, &net, priors(true), 1000, 1);
    assert!(s.is_solved());
    let info = s.info(10);
    assert_eq!(info.proven_winner, Some(Player::One));
    assert!(info.searched < 1000, "a proof ends the search early");
    assert_eq!(s.best_move(), Some(mv("e9")));
    // Player 2 to move, both one step away: e1 wins at once.
    let pos = position("e2 e8 d2 e7 d3 e6 d4 e5 d5 e4 c5 e3 c6 a8h c7 e2 c8");
    let net = favouring(&[(mv("a1h"), Player::Two)], 8.0);
    let s = search(pos, &net, priors(true), 1000, 1);
    assert_eq!(s.info(0).proven_winner, Some(Player::Two));
    assert_eq!(s.best_move(), Some(mv("e1")));
}

#[test]
fn bad_values_of_the_prior_options_are_refused() {
    let options = uct_options::<UctParams>();
    let option = |name: &str| {
        options
            .iter()
            .find(|o| o.name == name)
            .unwrap_or_else(|| panic!("option {name}"))
    };
    let mut uct = UctParams::default();
    for (name, bad) in [
        ("priors", "maybe"),
        ("c_puct", "-1"),
        ("c_puct", "lots"),
        ("fpu", "sideways"),
        ("fpu_reduction", "2"),
        ("fpu_reduction", "NaN"),
    ] {
        let error = option(name).set(&mut uct, bad).expect_err(bad).to_string();
        assert!(error.contains(name) && error.contains(bad), "{error}");
    }
    assert_eq!(uct, UctParams::default(), "a refused value changes nothing");
    for (name, good) in [
        ("priors", "off"),
        ("c_puct", "2.5"),
        ("fpu", "loss"),
        ("fpu_reduction", "0.25"),
    ] {
        option(name).set(&mut uct, good).expect(good);
    }
    assert!(!uct.priors);
    assert_eq!(uct.c_puct, 2.5);
    assert_eq!(uct.fpu, FirstPlay::Loss);
    assert_eq!(uct.fpu_reduction, 0.25);
}

#[test]
fn a_leaf_keeps_no_priors_until_a_child_is_opened_below_it() {
    // The priors of a leaf are asked for when a descent first opens a
    // child below it, so only the nodes with children hold a move set: a
    // node of a PUCT tree costs about what one without priors does, not
    // the 1.7 times as much it cost when every leaf kept its set.
    let net = favouring(&[(mv("e2"), Player::One)], 2.0);
    let report = |on: bool| {
        let s = search(position("e2 e8"), &net, priors(on), 20_000, 1);
        let EngineReport::Uct(report) = s.info(0).engine else {
            panic!("a UCT report");
        };
        report
    };
    let (with, without) = (report(true), report(false));
    assert_eq!((with.nodes, without.nodes), (20_001, 20_001));
    // Measured: 211 bytes a node with priors against 179 without (305 when
    // every leaf kept its set).
    assert!(
        f64::from(with.bytes_per_node) < 1.3 * f64::from(without.bytes_per_node),
        "{} bytes a node with priors, {} without",
        with.bytes_per_node,
        without.bytes_per_node
    );
}

#[test]
fn root_noise_spreads_the_roots_visits_and_each_seed_spreads_them_elsewhere() {
    // A flat value and a policy sure of e2: without noise PUCT spends
    // nearly every playout on e2; with AlphaZero's noise (ε 0.25) other
    // moves get priors of their own and visits, different ones per seed.
    let start = position("");
    let net = favouring_weighted(&[(mv("e2"), Player::One, 12.0)], true);
    let searched = |noise: f64, seed: u64| {
        let params = SearchParams {
            limits: Limits::playouts(400),
            eval: Evaluation::Learned,
            threads: 1,
            seed,
            ..SearchParams::default()
        };
        let uct = UctParams {
            root_noise: noise,
            root_noise_alpha: 0.1,
            ..priors(true)
        };
        let mut search = Uct::new(start, params, uct, Evaluator::with_network(net.clone()));
        search.think();
        let seen = visits(&search);
        let others: Vec<Move> = seen
            .iter()
            .filter(|v| v.1 >= 10 && v.0 != mv("e2"))
            .map(|v| v.0)
            .collect();
        (seen[0].0, others)
    };
    let (top, others) = searched(0.0, 1);
    assert_eq!(top, mv("e2"));
    assert!(others.is_empty(), "{others:?}");
    assert_eq!(
        searched(0.0, 2).1,
        others,
        "no noise: the seed changes nothing"
    );
    let (_, one) = searched(0.25, 1);
    let (_, two) = searched(0.25, 2);
    assert!(!one.is_empty() && !two.is_empty(), "{one:?} {two:?}");
    assert_ne!(one, two, "each seed's noise favours other moves");
    assert_eq!(searched(0.25, 1).1, one, "the same seed, the same search");
}
