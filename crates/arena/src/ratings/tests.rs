//! The fit against tables whose answers are known in closed form.

use super::*;
use proptest::prelude::*;

/// 400·log10(3): the difference that expects a 75% score.
const SEVENTY_FIVE: f64 = 190.848_501_887_864_9;

fn assert_close(got: f64, want: f64, tolerance: f64) {
    assert!((got - want).abs() < tolerance, "{got} vs {want}");
}

fn rating(ratings: &Ratings, label: &str) -> f64 {
    ratings.get(label).expect("rated").rating
}

fn table(matches: &[(&str, &str, u64, u64)]) -> Crosstable {
    let mut table = Crosstable::new();
    for &(a, b, a_wins, b_wins) in matches {
        table.add(a, b, a_wins, b_wins).expect("two engines");
    }
    table
}

#[test]
fn a_75_percent_score_is_400_log10_3_apart() {
    let ratings = table(&[("a", "b", 75, 25)])
        .fit(&Anchor::engine("b", 0.0))
        .unwrap();
    assert_close(rating(&ratings, "a"), SEVENTY_FIVE, 1e-6);
    assert_eq!(rating(&ratings, "b"), 0.0);
    assert_eq!(ratings.engines[0].label, "a", "best first");
    assert_eq!(ratings.virtual_draws, 0.0);
    assert_eq!(ratings.separation, None);
}

#[test]
fn a_chain_without_direct_games_adds_up_its_differences() {
    let chain = [("b", "a", 75, 25), ("c", "b", 75, 25)];
    let ratings = table(&chain).fit(&Anchor::engine("a", 0.0)).unwrap();
    assert_close(rating(&ratings, "a"), 0.0, 1e-9);
    assert_close(rating(&ratings, "b"), SEVENTY_FIVE, 1e-6);
    assert_close(rating(&ratings, "c"), 2.0 * SEVENTY_FIVE, 1e-6);
    // Games at exactly the score the chain predicts (9:1 at 381.7) change
    // nothing.
    assert_close(expected_score(2.0 * SEVENTY_FIVE), 0.9, 1e-12);
    let closed = [("b", "a", 75, 25), ("c", "b", 75, 25), ("c", "a", 90, 10)];
    let ratings = table(&closed).fit(&Anchor::engine("a", 0.0)).unwrap();
    assert_close(rating(&ratings, "b"), SEVENTY_FIVE, 1e-6);
    assert_close(rating(&ratings, "c"), 2.0 * SEVENTY_FIVE, 1e-6);
}

#[test]
fn a_symmetric_cycle_rates_everyone_equal() {
    let cycle = [("a", "b", 70, 30), ("b", "c", 70, 30), ("c", "a", 70, 30)];
    let ratings = table(&cycle).fit(&Anchor::default()).unwrap();
    for engine in &ratings.engines {
        assert_close(engine.rating, 0.0, 1e-6);
        assert_eq!(engine.games, 200);
        assert_close(engine.score(), 0.5, 1e-12);
    }
}

#[test]
fn the_interval_of_two_engines_is_the_delta_method_one() {
    // SE of the logit of p over n games: sqrt(1/(n·p·(1−p))).
    let (n, p): (f64, f64) = (100.0, 0.75);
    let se_elo = (1.0 / (n * p * (1.0 - p))).sqrt() * 400.0 / std::f64::consts::LN_10;
    assert_close(1.96 * se_elo, 78.63, 0.01);
    let two = table(&[("a", "b", 75, 25)]);
    let anchored = two.fit(&Anchor::engine("b", 0.0)).unwrap();
    assert_close(anchored.get("a").unwrap().margin, 1.96 * se_elo, 1e-6);
    assert_eq!(anchored.get("b").unwrap().margin, 0.0);
    // Around the mean each sits half the difference away, with half the error.
    let centred = two.fit(&Anchor::default()).unwrap();
    assert_close(rating(&centred, "a"), SEVENTY_FIVE / 2.0, 1e-6);
    assert_close(rating(&centred, "b"), -SEVENTY_FIVE / 2.0, 1e-6);
    for engine in &centred.engines {
        assert_close(engine.margin, 1.96 * se_elo / 2.0, 1e-6);
    }
}

#[test]
fn the_anchor_rating_shifts_the_scale_and_the_mean_sits_where_asked() {
    let chain = [("b", "a", 75, 25), ("c", "b", 60, 40), ("c", "a", 70, 30)];
    let at_zero = table(&chain).fit(&Anchor::engine("a", 0.0)).unwrap();
    let at_1500 = table(&chain).fit(&Anchor::engine("a", 1500.0)).unwrap();
    for (x, y) in at_zero.engines.iter().zip(&at_1500.engines) {
        assert_close(y.rating - x.rating, 1500.0, 1e-6);
        assert_close(y.margin, x.margin, 1e-9);
    }
    let mean = table(&chain).fit(&Anchor::Mean { rating: 1000.0 }).unwrap();
    let sum: f64 = mean.engines.iter().map(|e| e.rating).sum();
    assert_close(sum / 3.0, 1000.0, 1e-6);
    // Differences do not depend on the anchor.
    assert_close(
        rating(&mean, "c") - rating(&mean, "a"),
        rating(&at_zero, "c"),
        1e-6,
    );
}

#[test]
fn intervals_around_the_mean_do_not_depend_on_the_order_engines_came_in() {
    let forward = [("b", "a", 75, 25), ("c", "b", 60, 40), ("d", "c", 55, 45)];
    let backward = [("d", "c", 55, 45), ("c", "b", 60, 40), ("b", "a", 75, 25)];
    let one = table(&forward).fit(&Anchor::default()).unwrap();
    let other = table(&backward).fit(&Anchor::default()).unwrap();
    for engine in &one.engines {
        let same = other.get(&engine.label).unwrap();
        assert_close(engine.rating, same.rating, 1e-6);
        assert_close(engine.margin, same.margin, 1e-6);
    }
    // The ends of a chain are less certain than its middle.
    assert!(one.get("a").unwrap().margin > one.get("b").unwrap().margin);
}

#[test]
fn matches_of_the_same_two_engines_add_up_whichever_is_named_first() {
    let split = table(&[("a", "b", 40, 10), ("b", "a", 15, 35)]);
    assert_eq!(split.head_to_head("a", "b"), Some((75, 25)));
    assert_eq!(split.head_to_head("b", "a"), Some((25, 75)));
    assert_eq!(split.head_to_head("a", "z"), None);
    let ratings = split.fit(&Anchor::engine("b", 0.0)).unwrap();
    assert_close(rating(&ratings, "a"), SEVENTY_FIVE, 1e-6);
    assert_eq!(ratings.get("a").unwrap().games, 100);
}

#[test]
fn a_sweep_gets_one_virtual_draw_per_pairing_and_says_who_swept() {
    // 10–0 has no finite fit; with the virtual draw it is 10.5–0.5.
    let ratings = table(&[("random", "level=1", 0, 10), ("level=1", "level=2", 30, 70)])
        .fit(&Anchor::engine("random", 0.0))
        .unwrap();
    assert_eq!(ratings.virtual_draws, 1.0);
    assert_eq!(
        ratings.separation,
        Some(Separation {
            engines: vec!["random".to_string()],
            won_all: false,
        })
    );
    let level1 = 400.0 * (10.5_f64 / 0.5).log10();
    assert_close(rating(&ratings, "level=1"), level1, 1e-6);
    let level2 = level1 + 400.0 * (70.5_f64 / 30.5).log10();
    assert_close(rating(&ratings, "level=2"), level2, 1e-6);
    // The record itself keeps the real games.
    assert_eq!(ratings.get("random").unwrap().games, 10);
    assert_eq!(ratings.get("random").unwrap().wins, 0);
    assert!(ratings.engines.iter().all(|e| e.margin.is_finite()));
}

#[test]
fn a_group_that_won_every_game_against_the_rest_is_named() {
    // Within each pair honours are even, but a and b beat c and d every time.
    let ratings = table(&[
        ("a", "b", 5, 5),
        ("c", "d", 5, 5),
        ("a", "c", 10, 0),
        ("b", "d", 10, 0),
    ])
    .fit(&Anchor::default())
    .unwrap();
    let separation = ratings
        .separation
        .as_ref()
        .expect("no finite fit without a prior");
    // Two groups of two: the losing one is named.
    assert_eq!(separation.engines, ["c", "d"]);
    assert!(!separation.won_all);
    assert!(rating(&ratings, "a") > rating(&ratings, "c") + 200.0);
}

#[test]
fn engines_without_games_to_the_anchor_are_named() {
    let split = table(&[("a", "b", 6, 4), ("c", "d", 6, 4), ("d", "e", 6, 4)]);
    assert_eq!(
        split.fit(&Anchor::engine("a", 0.0)),
        Err(RatingError::NotConnected {
            anchor: Some("a".to_string()),
            engines: ["c", "d", "e"].map(String::from).to_vec(),
            linked: 2,
        })
    );
    let error = split.fit(&Anchor::default()).unwrap_err();
    assert_eq!(
        error.to_string(),
        "no chain of games links a, b to the other 3 engines, so they cannot be rated on one scale"
    );
}

#[test]
fn refusals_name_what_is_wrong() {
    let mut t = Crosstable::new();
    assert_eq!(
        t.add("level=3", "level=3", 1, 1),
        Err(RatingError::SameEngine("level=3".to_string()))
    );
    assert_eq!(t.fit(&Anchor::default()), Err(RatingError::NoGames));
    t.add("a", "b", 1, 1).unwrap();
    assert_eq!(
        t.fit(&Anchor::engine("random", 0.0))
            .unwrap_err()
            .to_string(),
        "the anchor \"random\" is not one of the engines (a, b)"
    );
}

/// Engines 0..n with a chain 0–1–…–(n−1) where each side won at least once
/// (so a finite fit exists) and some extra pairings of any score.
fn connected_tables() -> impl Strategy<Value = Vec<(usize, usize, u64, u64)>> {
    (2usize..7).prop_flat_map(|n| {
        let chain = proptest::collection::vec((1u64..60, 1u64..60), n - 1);
        let extra = proptest::collection::vec((0..n, 0..n, 0u64..40, 0u64..40), 0..6);
        (chain, extra).prop_map(|(chain, extra)| {
            let mut matches: Vec<_> = chain
                .into_iter()
                .enumerate()
                .map(|(i, (x, y))| (i, i + 1, x, y))
                .collect();
            matches.extend(extra.into_iter().filter(|&(i, j, _, _)| i != j));
            matches
        })
    })
}

proptest! {
    #[test]
    fn fitted_ratings_expect_each_engine_to_score_what_it_scored(
        matches in connected_tables()
    ) {
        let mut t = Crosstable::new();
        for &(i, j, x, y) in &matches {
            t.add(&format!("e{i}"), &format!("e{j}"), x, y).unwrap();
        }
        let ratings = t.fit(&Anchor::default()).unwrap();
        prop_assert_eq!(ratings.virtual_draws, 0.0);
        // The maximum's defining equations: expected points = points, per engine.
        for engine in &ratings.engines {
            let mut expected = 0.0;
            for other in &ratings.engines {
                let (won, lost) = t.head_to_head(&engine.label, &other.label).unwrap();
                expected += (won + lost) as f64 * expected_score(engine.rating - other.rating);
            }
            prop_assert!(
                (expected - engine.wins as f64).abs() < 1e-6,
                "{}: expected {} against {} won", engine.label, expected, engine.wins
            );
            prop_assert!(engine.margin.is_finite() && engine.margin > 0.0);
        }
    }
}

#[test]
fn a_ladder_step_needs_both_the_games_and_the_score() {
    let t = table(&[
        ("level=1", "random", 100, 0),
        ("level=2", "level=1", 30, 10),
        ("level=3", "level=2", 64, 36),
        ("level=4", "random", 50, 0),
    ]);
    let order = ["random", "level=1", "level=2", "level=3", "level=4"].map(String::from);
    let ladder = Ladder::check(&t, &order, 0.65, 100).unwrap();
    let verdicts: Vec<_> = ladder
        .steps
        .iter()
        .map(|s| (s.enough_games, s.score_high_enough))
        .collect();
    // 100–0; 75% of only 40 games; 64% of 100; level=4 never met level=3.
    assert_eq!(
        verdicts,
        [(true, true), (false, true), (true, false), (false, false)]
    );
    assert_eq!(ladder.steps[3].score, None);
    assert_eq!(ladder.steps[3].interval, (0.0, 1.0));
    assert!(!ladder.passed());
    let (lo, hi) = ladder.steps[2].interval;
    assert!(lo < 0.64 && 0.64 < hi);
    let loose = Ladder::check(&t, &order[..3], 0.65, 40).unwrap();
    assert!(loose.passed());
    assert_eq!(
        Ladder::check(&t, &["random".to_string(), "level=9".to_string()], 0.65, 1),
        Err(RatingError::UnknownEngine {
            label: "level=9".to_string(),
            known: ["level=1", "random", "level=2", "level=3", "level=4"]
                .map(String::from)
                .to_vec(),
        })
    );
}
