//! The alpha-beta engine's static evaluation, from the side to move's view.

use super::params::AlphaBetaParams;
use quoridor_learned::QuantizedNetwork;
use quoridor_rules::Position;
use quoridor_search::{ClassicTerms, WIN};

/// Centipawns per unit of the learned win chance's log-odds: a step of path
/// (100 classic centipawns) is worth about 0.38 log-odds in the Default
/// preset's own conversion (`atan(0.3 E)`), so 265 keeps the learned scores
/// on the classic scale that the aspiration window and futility margin
/// were tuned on.
pub const LEARNED_SCALE: f64 = 265.0;

/// The largest learned score either way: a hundred steps, far inside the
/// range of decided scores.
pub const LEARNED_LIMIT: i32 = 10_000;

/// The learned win chance `p` of the side to move as a score:
/// `LEARNED_SCALE · ln(p / (1 - p))`, rounded and clamped to
/// ±[`LEARNED_LIMIT`].
#[cfg(test)]
pub fn learned_score(p: f64) -> i32 {
    let p = p.clamp(1e-9, 1.0 - 1e-9);
    let limit = f64::from(LEARNED_LIMIT);
    (LEARNED_SCALE * (p / (1.0 - p)).ln())
        .round()
        .clamp(-limit, limit) as i32
}

/// The log-odds where [`learned_score`] clamps its win chance (`1e-9`).
const LOGIT_CAP: f32 = 20.723_267;

/// [`learned_score`] of the win chance whose log-odds are `z` (the
/// quantised network's output), without going through the probability:
/// `LEARNED_SCALE · z`, rounded and clamped alike.
pub fn learned_score_of_logit(z: f32) -> i32 {
    // Rounded half away from zero as `f64::round`, without its library call.
    let x = LEARNED_SCALE * f64::from(z.clamp(-LOGIT_CAP, LOGIT_CAP));
    ((x + 0.5f64.copysign(x)) as i32).clamp(-LEARNED_LIMIT, LEARNED_LIMIT)
}

/// The static score of `pos` at `ply` plies from the root, for the side to
/// move: the classic terms in centipawns ([`ClassicTerms::centipawns`]):
/// `100 * (d(opponent) - d(me)) + wall_weight * (walls(me) -
/// walls(opponent)) + tempo`, where `d` is the breadth-first shortest path
/// to the goal row (`Position::distance_to_goal`). A finished game is a
/// loss now (the player who just moved won). With `exact_race`, a race the
/// walls can no longer change is a win in N plies: the opponent has no
/// walls and the side to move is no farther from its goal (it arrives first
/// after `2 d - 1` plies), or the side to move has no walls and is farther
/// (the opponent arrives after `2 d(opponent)` plies). Pawn jumps are
/// ignored there, which is the usual race count.
///
/// With a `network` (option `eval=learned`, its quantised form), a position
/// that is neither finished nor an exact race is scored by the network
/// instead ([`learned_score_of_logit`] of its log-odds) when the features
/// encode its variant; other variants keep the classic terms.
pub fn static_score(
    pos: &Position,
    ply: u32,
    p: &AlphaBetaParams,
    network: Option<&QuantizedNetwork>,
) -> i32 {
    match static_terms(pos, ply, p) {
        StaticTerms::Decided(score) => score,
        StaticTerms::Open(terms) => {
            let (mine, theirs) = (terms.my_distance as usize, terms.their_distance as usize);
            match network.and_then(|net| net.logit(pos, mine, theirs)) {
                Some(z) => learned_score_of_logit(z),
                None => terms.centipawns(p.wall_weight, p.tempo),
            }
        }
    }
}

/// What [`static_score`] knows before it scores: a decided score (a
/// finished game, an exact race), or the classic terms of the side to move
/// (whose path lengths the network takes as they are: the cut-off length
/// lies beyond the inputs' cap, as a cut-off pawn does).
pub enum StaticTerms {
    /// The score, whatever the evaluation.
    Decided(i32),
    /// The terms to score classically or hand to the network.
    Open(ClassicTerms),
}

/// The first half of [`static_score`]: see [`StaticTerms`].
pub fn static_terms(pos: &Position, ply: u32, p: &AlphaBetaParams) -> StaticTerms {
    let me = pos.turn();
    if pos.is_over() {
        return StaticTerms::Decided(-(WIN - ply as i32));
    }
    let terms = ClassicTerms::of(pos, me);
    let (d_me, d_op) = (terms.my_distance as i32, terms.their_distance as i32);
    let (w_me, w_op) = (terms.my_walls, terms.their_walls);
    if p.exact_race {
        if w_op == 0 && d_me <= d_op {
            return StaticTerms::Decided(WIN - (ply as i32 + 2 * d_me - 1));
        }
        if w_me == 0 && d_op < d_me {
            return StaticTerms::Decided(-(WIN - (ply as i32 + 2 * d_op)));
        }
    }
    StaticTerms::Open(terms)
}

#[cfg(test)]
mod tests {
    use super::*;
    use quoridor_learned::{self as learned, Network};
    use quoridor_rules::{Game, Variant};

    fn pos(record: &str, size: u8, walls: u8) -> Position {
        let variant = Variant::new(size, walls).expect("variant");
        *Game::parse_with_variant(record, variant)
            .expect("record")
            .position()
    }

    #[test]
    fn the_start_is_even_but_for_the_tempo() {
        let p = AlphaBetaParams::default();
        assert_eq!(static_score(&pos("", 9, 10), 0, &p, None), p.tempo as i32);
    }

    #[test]
    fn a_step_ahead_is_a_hundred() {
        let p = AlphaBetaParams {
            tempo: 0.0,
            ..AlphaBetaParams::default()
        };
        // Player 1 stepped: player 2 to move is a step behind.
        assert_eq!(static_score(&pos("e2", 9, 10), 0, &p, None), -100);
    }

    #[test]
    fn a_race_without_walls_is_a_win_in_n() {
        let p = AlphaBetaParams::default();
        // 5x5, no walls: player 1 to move, 4 steps each: wins in 7 plies.
        assert_eq!(static_score(&pos("", 5, 0), 0, &p, None), WIN - 7);
        // After c2, player 2 to move is 4 steps away against 3: loses in 6.
        assert_eq!(static_score(&pos("c2", 5, 0), 1, &p, None), -(WIN - 7));
        let off = AlphaBetaParams {
            exact_race: false,
            tempo: 0.0,
            ..p
        };
        assert_eq!(static_score(&pos("", 5, 0), 0, &off, None), 0);
    }

    #[test]
    fn learned_scores_are_log_odds_on_the_classic_scale() {
        assert_eq!(learned_score(0.5), 0);
        assert_eq!(
            learned_score(0.75),
            (LEARNED_SCALE * 3f64.ln()).round() as i32
        );
        assert_eq!(learned_score(0.25), -learned_score(0.75));
        // Certainty stays finite and far from the decided scores.
        assert!((1..=LEARNED_LIMIT).contains(&learned_score(1.0)));
        assert_eq!(learned_score(0.0), -learned_score(1.0));
    }

    #[test]
    fn a_network_replaces_the_classic_terms_but_not_the_exact_ones() {
        let p = AlphaBetaParams::default();
        let float = Network::random(32, 8, 11);
        let net = QuantizedNetwork::new(&float);
        let mid = pos("e2 e8 e3 c3h", 9, 10);
        let classic = static_score(&mid, 0, &p, None);
        let chance = learned::win_chance(&float, &mid).expect("9x9");
        let learned = static_score(&mid, 0, &p, Some(&net));
        // The float network's score, within the quantised pass's bound.
        let reference = learned_score(chance.for_player(mid.turn()));
        let bound = (LEARNED_SCALE * f64::from(net.logit_bound())).ceil() as i32 + 1;
        assert!(
            (learned - reference).abs() <= bound,
            "{learned} {reference}"
        );
        assert_ne!(learned, classic);
        // Another network, another score: it is the network that speaks.
        let other = QuantizedNetwork::new(&Network::random(32, 8, 12));
        assert_ne!(static_score(&mid, 0, &p, Some(&other)), learned);
        // A finished game and an exact race keep their decided scores.
        let won = pos("e2 e8 e3 d8 e4 c8 e5 b8 e6 a8 e7 b8 e8 a8 e9", 9, 10);
        assert_eq!(static_score(&won, 3, &p, Some(&net)), -(WIN - 3));
        // Other variants keep the classic evaluation.
        let small = pos("c2", 5, 3);
        assert_eq!(
            static_score(&small, 0, &p, Some(&net)),
            static_score(&small, 0, &p, None)
        );
    }

    #[test]
    fn the_score_of_log_odds_is_the_score_of_their_win_chance() {
        for z in [-30.0f32, -12.0, -3.3, -0.01, 0.0, 0.4, 1.0, 7.5, 15.0, 30.0] {
            let p = 1.0 / (1.0 + (-f64::from(z)).exp());
            let (direct, via) = (learned_score_of_logit(z), learned_score(p));
            assert!((direct - via).abs() <= 1, "{z}: {direct} {via}");
        }
        assert_eq!(learned_score_of_logit(0.0), 0);
        assert_eq!(learned_score_of_logit(-2.0), -learned_score_of_logit(2.0));
    }
}
