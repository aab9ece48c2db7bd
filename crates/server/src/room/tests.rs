//! The room's state machine with an injected clock: every instant is a
//! number passed in, so nothing sleeps and nothing depends on timing.

use super::*;
use crate::clock::{LAG_QUOTA_GAIN_MS, LAG_QUOTA_START_MS};
use crate::secret::Secret;

/// Seconds as milliseconds.
fn s(seconds: u64) -> u64 {
    seconds * 1000
}

fn one() -> Option<SeatIndex> {
    SeatIndex::new(0)
}

fn two() -> Option<SeatIndex> {
    SeatIndex::new(1)
}

fn mv(ply: usize, text: &str) -> Action {
    Action::Move {
        ply,
        mv: text.parse().unwrap(),
        lag_ms: 0,
    }
}

/// A 9x9 room under `control` with both seats taken at t = 0; the secrets.
fn room(control: &str) -> (Room, [Secret; 2]) {
    let secrets = [Secret::generate().unwrap(), Secret::generate().unwrap()];
    let invite = Secret::generate().unwrap();
    let settings = RoomSettings {
        variant: Variant::default(),
        control: control.parse().unwrap(),
    };
    let seats = vec![
        Seat::held(secrets[0].hash(), 0),
        Seat::invited(invite.hash(), 0),
    ];
    let mut room = Room::new(RoomId::generate().unwrap(), settings, seats, 0);
    assert_eq!(room.status(), Status::Waiting);
    let seat = room.seat_of_invite(&invite.hash()).unwrap();
    assert_eq!(
        room.take_seat(seat, secrets[1].hash(), 0),
        vec![Event::SeatTaken(seat)]
    );
    assert_eq!(room.status(), Status::Playing);
    (room, secrets)
}

/// Plays `moves` alternately from ply 0, one second apart from `start`.
fn play(room: &mut Room, moves: &[&str], start: u64) {
    for (ply, text) in moves.iter().enumerate() {
        let who = SeatIndex::new(ply % 2);
        room.act(who, mv(ply, text), start + s(ply as u64)).unwrap();
    }
}

#[test]
fn secrets_find_their_seats_and_the_invite_is_used_up() {
    let (room, secrets) = room("3+2");
    assert_eq!(room.seat_of(&secrets[0].hash()), one());
    assert_eq!(room.seat_of(&secrets[1].hash()), two());
    assert_eq!(room.seat_of(&Secret::generate().unwrap().hash()), None);
    assert!(room.seats().iter().all(|s| s.invite.is_none()));
}

#[test]
fn a_move_is_stamped_and_the_turn_passes() {
    let (mut room, _) = room("3+2");
    let events = room.act(one(), mv(0, "e2"), s(5)).unwrap();
    let Event::Moved {
        ply, seat, at_ms, ..
    } = &events[0]
    else {
        panic!("{events:?}")
    };
    assert_eq!((*ply, *seat, *at_ms), (0, one().unwrap(), s(5)));
    assert_eq!(room.turn(), two().unwrap());
    assert_eq!(room.stamps(), &[(one().unwrap(), s(5))]);
}

#[test]
fn out_of_turn_illegal_stale_and_spectator_moves_change_nothing() {
    let (mut room, _) = room("3+2");
    play(&mut room, &["e2"], 0);
    let before = format!("{room:?}");
    assert_eq!(
        room.act(one(), mv(1, "e3"), s(3)),
        Err(ActionError::NotYourTurn {
            turn: two().unwrap()
        })
    );
    assert!(matches!(
        room.act(two(), mv(1, "e5"), s(3)),
        Err(ActionError::Illegal(_))
    ));
    assert_eq!(
        room.act(two(), mv(0, "e8"), s(3)),
        Err(ActionError::StalePly {
            sent: 0,
            expected: 1
        })
    );
    assert_eq!(
        room.act(None, mv(1, "e8"), s(3)),
        Err(ActionError::Spectator)
    );
    assert_eq!(format!("{room:?}"), before);
}

#[test]
fn no_move_before_the_invited_player_sits() {
    let settings = RoomSettings {
        variant: Variant::default(),
        control: TimeControl::Unlimited,
    };
    let seats = vec![
        Seat::held(Secret::generate().unwrap().hash(), 0),
        Seat::invited(Secret::generate().unwrap().hash(), 0),
    ];
    let mut room = Room::new(RoomId::generate().unwrap(), settings, seats, 0);
    assert_eq!(
        room.act(one(), mv(0, "e2"), 1),
        Err(ActionError::NotStarted)
    );
    // The creator may abort the waiting room.
    let events = room.act(one(), Action::Abort, 2).unwrap();
    assert!(matches!(
        events[0],
        Event::Ended(GameResult {
            winner: None,
            reason: EndReason::Aborted,
            ..
        })
    ));
}

#[test]
fn the_clock_starts_once_both_have_moved_and_adds_the_increment() {
    let (mut room, _) = room("1+2");
    room.act(one(), mv(0, "e2"), s(10)).unwrap();
    // Player 2's first move is not timed; nothing runs.
    assert_eq!(room.clock_at(s(40)).running, None);
    room.act(two(), mv(1, "e8"), s(40)).unwrap();
    assert_eq!(room.clock_at(s(40)).running, Some(0));
    room.act(one(), mv(2, "e3"), s(50)).unwrap();
    // 60 s - 10 s + 2 s.
    assert_eq!(room.clock_at(s(50)).remaining_ms, vec![s(52), s(62)]);
}

#[test]
fn a_player_out_of_time_loses_at_the_instant_the_clock_fell() {
    let (mut room, _) = room("1+0");
    play(&mut room, &["e2", "e8"], 0);
    // Player 1's clock runs from 1 s with 60 s.
    assert_eq!(room.deadline(), Some(s(61)));
    assert_eq!(room.tick(s(60)), vec![]);
    let events = room.tick(s(500));
    assert_eq!(
        events,
        vec![Event::Ended(GameResult {
            winner: two(),
            reason: EndReason::Timeout,
            at_ms: s(61)
        })]
    );
    assert_eq!(room.status(), Status::Over);
    assert_eq!(
        room.act(one(), mv(2, "e3"), s(500)),
        Err(ActionError::GameOver)
    );
    assert_eq!(room.clock_at(s(900)).remaining_ms[0], 0);
}

#[test]
fn a_move_after_the_flag_is_refused_even_before_the_tick() {
    let (mut room, _) = room("1+0");
    play(&mut room, &["e2", "e8"], 0);
    assert_eq!(
        room.act(one(), mv(2, "e3"), s(62)),
        Err(ActionError::GameOver)
    );
}

#[test]
fn reaching_the_goal_ends_the_game() {
    let (mut room, _) = room("unlimited");
    let walk = [
        "e2", "d9", "e3", "c9", "e4", "b9", "e5", "a9", "e6", "b9", "e7", "a9", "e8", "b9", "e9",
    ];
    play(&mut room, &walk, 0);
    assert_eq!(
        room.result().map(|r| (r.winner, r.reason)),
        Some((one(), EndReason::Goal))
    );
}

#[test]
fn resigning_gives_the_game_to_the_other_player() {
    let (mut room, _) = room("5+3");
    assert_eq!(
        room.act(one(), Action::Resign, 1),
        Err(ActionError::AbortInstead)
    );
    play(&mut room, &["e2", "e8"], 0);
    let events = room.act(two(), Action::Resign, s(9)).unwrap();
    assert_eq!(
        events,
        vec![Event::Ended(GameResult {
            winner: one(),
            reason: EndReason::Resignation,
            at_ms: s(9)
        })]
    );
    assert_eq!(
        room.act(one(), Action::Resign, s(10)),
        Err(ActionError::GameOver)
    );
    assert_eq!(room.deadline(), None);
}

#[test]
fn abort_only_before_both_have_moved() {
    let (mut room, _) = room("3+2");
    play(&mut room, &["e2"], 0);
    let mut aborted = room.clone();
    let events = aborted.act(two(), Action::Abort, s(3)).unwrap();
    assert!(matches!(
        events[0],
        Event::Ended(GameResult {
            winner: None,
            reason: EndReason::Aborted,
            ..
        })
    ));
    room.act(two(), mv(1, "e8"), s(4)).unwrap();
    assert_eq!(
        room.act(one(), Action::Abort, s(5)),
        Err(ActionError::TooLateToAbort)
    );
    assert_eq!(
        room.act(None, Action::Abort, s(5)),
        Err(ActionError::Spectator)
    );
}

#[test]
fn victory_is_claimed_only_after_the_player_to_move_was_away_long_enough() {
    let (mut room, _) = room("10+5");
    for seat in [one(), two()] {
        room.set_presence(seat.unwrap(), true, 0);
    }
    play(&mut room, &["e2", "e8"], 0);
    // Player 1 to move, and here.
    assert!(matches!(
        room.act(two(), Action::ClaimVictory, s(5)),
        Err(ActionError::NoClaim(_))
    ));
    assert_eq!(
        room.set_presence(one().unwrap(), false, s(10)),
        vec![Event::Presence {
            seat: one().unwrap(),
            here: false
        }]
    );
    // Claiming on one's own turn is not a claim.
    assert!(matches!(
        room.act(one(), Action::ClaimVictory, s(100)),
        Err(ActionError::NoClaim(_))
    ));
    assert!(matches!(
        room.act(two(), Action::ClaimVictory, s(39)),
        Err(ActionError::NoClaim(_))
    ));
    let events = room.act(two(), Action::ClaimVictory, s(40)).unwrap();
    assert_eq!(
        events,
        vec![Event::Ended(GameResult {
            winner: two(),
            reason: EndReason::Abandonment,
            at_ms: s(40)
        })]
    );
}

#[test]
fn a_player_back_in_time_cancels_the_claim() {
    let (mut room, _) = room("unlimited");
    play(&mut room, &["e2", "e8"], 0);
    room.set_presence(one().unwrap(), false, s(2));
    room.set_presence(one().unwrap(), true, s(20));
    assert!(matches!(
        room.act(two(), Action::ClaimVictory, s(200)),
        Err(ActionError::NoClaim(_))
    ));
}

#[test]
fn no_claim_in_correspondence() {
    let (mut room, _) = room("corr:1");
    play(&mut room, &["e2", "e8"], 0);
    assert!(matches!(
        room.act(two(), Action::ClaimVictory, s(1_000)),
        Err(ActionError::NoClaim(_))
    ));
}

#[test]
fn rematch_needs_every_offer_and_swaps_the_colours() {
    let (mut room, secrets) = room("3+2");
    assert!(matches!(
        room.act(one(), Action::OfferRematch, 1),
        Err(ActionError::NoRematch(_))
    ));
    play(&mut room, &["e2", "e8"], 0);
    room.act(one(), Action::Resign, s(3)).unwrap();
    assert!(matches!(
        room.act(two(), Action::DeclineRematch, s(4)),
        Err(ActionError::NoRematch(_))
    ));
    assert_eq!(
        room.act(one(), Action::OfferRematch, s(4)).unwrap(),
        vec![Event::RematchOffers(vec![true, false])]
    );
    assert!(matches!(
        room.act(one(), Action::OfferRematch, s(4)),
        Err(ActionError::NoRematch(_))
    ));
    // Declined: the offer is withdrawn; offered again and accepted.
    assert_eq!(
        room.act(two(), Action::DeclineRematch, s(5)).unwrap(),
        vec![Event::RematchOffers(vec![false, false])]
    );
    room.act(one(), Action::OfferRematch, s(6)).unwrap();
    assert_eq!(
        room.act(two(), Action::AcceptRematch, s(7)).unwrap(),
        vec![Event::RematchOffers(vec![true, true]), Event::RematchAgreed]
    );
    // Agreed but not yet opened (the server could not store the new
    // room): offering again asks again.
    assert_eq!(
        room.clone().act(one(), Action::OfferRematch, s(7)).unwrap(),
        vec![Event::RematchAgreed]
    );
    let next = room.rematch_room(RoomId::generate().unwrap(), s(7));
    room.set_rematch(next.id().clone());
    assert_eq!(next.seat_of(&secrets[1].hash()), one());
    assert_eq!(next.seat_of(&secrets[0].hash()), two());
    assert_eq!(next.status(), Status::Playing);
    assert!(matches!(
        room.act(one(), Action::OfferRematch, s(8)),
        Err(ActionError::NoRematch(_))
    ));
}

#[test]
fn restoring_replays_to_the_same_state() {
    let (mut room, _) = room("3+2");
    play(&mut room, &["e2", "e8", "e3", "e7h"], s(1));
    let fresh = Room::new(room.id().clone(), room.settings(), room.seats().to_vec(), 0);
    let moves: Vec<_> = room
        .stamps()
        .iter()
        .zip(room.game().moves())
        .map(|(&(seat, at_ms), &mv)| StoredMove {
            seat,
            mv,
            at_ms,
            lag_ms: 0,
        })
        .collect();
    let restored = Room::restore(fresh.clone(), &moves, None, None).unwrap();
    assert_eq!(format!("{restored:?}"), format!("{room:?}"));
    // A timeout read back: the clock stopped at the stored instant.
    let mut flagged = room.clone();
    let ended = flagged.tick(s(10_000));
    let Event::Ended(result) = ended[0] else {
        panic!()
    };
    let restored = Room::restore(fresh.clone(), &moves, Some(result), None).unwrap();
    assert_eq!(format!("{restored:?}"), format!("{flagged:?}"));
    // A move that does not replay: the store is corrupt.
    let mut bad = moves.clone();
    bad[1].mv = "e5".parse().unwrap();
    assert!(Room::restore(fresh, &bad, None, None).is_none());
}

#[test]
fn correspondence_flags_after_the_days_per_move() {
    let (mut room, _) = room("corr:1");
    play(&mut room, &["e2", "e8", "e3"], 0);
    let day = 86_400_000;
    assert_eq!(room.deadline(), Some(s(2) + day));
    assert_eq!(room.tick(s(2) + day - 1), vec![]);
    assert_eq!(room.tick(s(2) + day).len(), 1);
    assert_eq!(room.result().map(|r| r.winner), Some(one()));
}

fn lagged(ply: usize, text: &str, lag_ms: u64) -> Action {
    Action::Move {
        ply,
        mv: text.parse().unwrap(),
        lag_ms,
    }
}

/// The credit the move `events` begin with was given.
fn credit(events: &[Event]) -> u64 {
    let Some(Event::Moved { lag_ms, .. }) = events.first() else {
        panic!("{events:?}")
    };
    *lag_ms
}

/// The moves of `room` as the store keeps them, each with `lags[ply]`.
fn stored(room: &Room, lags: &[u64]) -> Vec<StoredMove> {
    room.stamps()
        .iter()
        .zip(room.game().moves())
        .zip(lags)
        .map(|((&(seat, at_ms), &mv), &lag_ms)| StoredMove {
            seat,
            mv,
            at_ms,
            lag_ms,
        })
        .collect()
}

#[test]
fn a_move_is_given_back_its_lag_within_the_quota() {
    let (mut room, _) = room("3+0");
    play(&mut room, &["e2", "e8"], 0);
    // Seat 1's clock has not run: its lag gets nothing.
    assert_eq!(room.clock().quota_ms(1), Some(LAG_QUOTA_START_MS));
    // Seat 0's runs from 1 s; its move at 5 s with 250 ms of lag.
    let events = room.act(one(), lagged(2, "e3", 250), s(5)).unwrap();
    assert_eq!(credit(&events), 250);
    assert_eq!(
        room.clock_at(s(5)).remaining_ms,
        [s(180) - s(4) + 250, s(180)]
    );
    // A lag far beyond the quota gets the quota: what is left of it plus
    // one gain.
    let quota = LAG_QUOTA_START_MS + 2 * LAG_QUOTA_GAIN_MS - 250;
    room.act(two(), lagged(3, "e7", 0), s(6)).unwrap();
    let events = room.act(one(), lagged(4, "e4", 30_000), s(16)).unwrap();
    assert_eq!(credit(&events), quota);
    assert_eq!(room.clock().quota_ms(0), Some(0));
    assert_eq!(
        room.clock_at(s(16)).remaining_ms[0],
        s(180) - s(4) + 250 - s(10) + quota
    );
    // Never more than the move took.
    room.act(two(), lagged(5, "e6", 0), s(17)).unwrap();
    let events = room
        .act(one(), lagged(6, "a3h", 30_000), s(17) + 20)
        .unwrap();
    assert_eq!(credit(&events), 20);
}

#[test]
fn no_lag_is_given_back_in_correspondence_or_unlimited() {
    for control in ["corr:1", "unlimited"] {
        let (mut room, _) = room(control);
        play(&mut room, &["e2", "e8"], 0);
        let events = room.act(one(), lagged(2, "e3", 500), s(5)).unwrap();
        assert_eq!(credit(&events), 0, "{control}");
    }
}

#[test]
fn the_clock_falls_at_its_zero_whatever_the_lag() {
    let (mut room, _) = room("1+0");
    play(&mut room, &["e2", "e8"], 0);
    // Seat 0's clock runs from 1 s and falls at 61 s, lag or not.
    assert_eq!(room.deadline(), Some(s(61)));
    assert_eq!(
        room.clone().act(one(), lagged(2, "e3", 900), s(61)),
        Err(ActionError::GameOver)
    );
    // A move just before the zero is given back its lag.
    let mut just = room.clone();
    let events = just.act(one(), lagged(2, "e3", 300), s(61) - 1).unwrap();
    assert_eq!(credit(&events), 300);
    assert_eq!(just.clock_at(s(61) - 1).remaining_ms[0], 301);
    // The fallen clock ends the game at its zero.
    let ended = room.tick(s(61));
    assert_eq!(
        ended,
        vec![Event::Ended(GameResult {
            winner: two(),
            reason: EndReason::Timeout,
            at_ms: s(61),
        })]
    );
}

#[test]
fn a_replay_with_the_stored_credits_gives_the_same_clocks_and_quotas() {
    let (mut room, _) = room("1+0");
    let fresh = Room::new(room.id().clone(), room.settings(), room.seats().to_vec(), 0);
    let moves = ["e2", "e8", "e3", "e7", "e4", "e6", "d2h", "d7h"];
    let lags = [400, 900, 5_000, 80, 0, 700, 250, 3_000];
    let mut credits = Vec::new();
    for (ply, (text, lag)) in moves.iter().zip(lags).enumerate() {
        let who = SeatIndex::new(ply % 2);
        let events = room
            .act(who, lagged(ply, text, lag), s(1) + 1_300 * ply as u64)
            .unwrap();
        credits.push(credit(&events));
    }
    assert!(credits.iter().any(|&c| c > 0));
    let restored = Room::restore(fresh.clone(), &stored(&room, &credits), None, None).unwrap();
    assert_eq!(restored.clock(), room.clock());
    assert_eq!(format!("{restored:?}"), format!("{room:?}"));
    // Replayed without them (a database that lost them), the clocks differ.
    let zeros = vec![0; moves.len()];
    let without = Room::restore(fresh, &stored(&room, &zeros), None, None).unwrap();
    assert_ne!(without.clock(), room.clock());
}
