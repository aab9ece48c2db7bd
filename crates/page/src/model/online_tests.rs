//! An online game in the page's state machine: the server's snapshot and
//! moves drive the board, this browser moves only in its turn and only
//! once connected, a refused move is taken back, results decided off the
//! board end the game, and nothing can be taken back.

use super::*;
use crate::online::route::HeldSeat;
use crate::online::wire::{parse_server_frame, ClientFrame, ServerFrame};
use crate::online::Connection;

const SEED: u64 = 5;
const ROOM: &str = "AbCdEfGh12";

fn frame(json: &str) -> Action {
    Action::Online(OnlineEvent::Frame(
        parse_server_frame(json).expect("a frame of the protocol"),
    ))
}

fn state_json(moves: &[&str], you: Option<u8>, status: &str) -> String {
    let moves: Vec<String> = moves.iter().map(|m| format!("\"{m}\"")).collect();
    let you = you.map_or("null".to_string(), |y| y.to_string());
    format!(
        r#"{{"type":"state","protocol":1,"room":"{ROOM}","status":"{status}","size":9,"walls":10,
        "control":"3+2","seats":[{{"seat":1,"taken":true,"here":true,"away_since_ms":null,"rematch_offer":false}},
        {{"seat":2,"taken":true,"here":true,"away_since_ms":null,"rematch_offer":false}}],
        "moves":[{}],"stamps_ms":[],"turn":1,"clock":{{"remaining_ms":[180000,180000],"running":null}},
        "claim_after_ms":30000,"server_ms":1000000,"result":null,"rematch":null,"spectators":1,"you":{you}}}"#,
        moves.join(",")
    )
}

/// Seat `seat` of a room both have joined, connected, with `moves` played.
fn seated(seat: u8, moves: &[&str]) -> AppState {
    let mut state = AppState::from_shared(Shared::default(), SEED);
    let held = HeldSeat {
        seat,
        secret: "00112233445566778899aabbccddeeff".into(),
        invite: None,
    };
    state.apply(
        Action::Online(OnlineEvent::Open {
            room: ROOM.into(),
            held: Some(held),
        }),
        SEED,
    );
    state.apply(Action::Online(OnlineEvent::Connected), SEED);
    state.apply(frame(&state_json(moves, Some(seat), "playing")), SEED);
    state
}

fn sent(state: &AppState) -> Vec<ClientFrame> {
    let online = state.online.as_ref().expect("online");
    online
        .outbox
        .frames
        .iter()
        .map(|(_, f)| f.clone())
        .collect()
}

fn moves(state: &AppState) -> Vec<String> {
    state
        .board
        .game
        .moves()
        .iter()
        .map(|m| m.to_string())
        .collect()
}

#[test]
fn hello_carries_the_secret_and_the_snapshot_sets_the_board() {
    let state = seated(2, &["e2", "e8", "e3"]);
    assert_eq!(
        sent(&state)[0],
        ClientFrame::Hello {
            protocol: 1,
            secret: Some("00112233445566778899aabbccddeeff".into())
        }
    );
    assert_eq!(moves(&state), ["e2", "e8", "e3"]);
    assert_eq!(state.board.seats, [Seat::Human; 2]);
    // Player 2 sees the board from their side.
    assert!(state.page.board_flipped);
    let online = state.online.as_ref().expect("online");
    assert_eq!(online.connection, Connection::Open);
    assert_eq!(online.you, Some(Player::Two));
    assert_eq!(online.spectators, 1);
}

#[test]
fn a_move_is_sent_in_turn_and_refused_out_of_turn() {
    let mut state = seated(1, &[]);
    state.apply(Action::Play("e2".parse().expect("move")), SEED);
    assert_eq!(moves(&state), ["e2"]);
    assert_eq!(
        sent(&state).last(),
        Some(&ClientFrame::Move {
            ply: 0,
            mv: "e2".into()
        })
    );
    // Player 2's move is not this browser's to make.
    state.apply(Action::Play("e8".parse().expect("move")), SEED);
    assert_eq!(moves(&state), ["e2"]);
    assert_eq!(
        state.page.notice.as_deref(),
        Some("It is your opponent's turn.")
    );
    assert!(!state.board_accepts_moves());
    // The echo of our move changes nothing; the opponent's is played.
    state.apply(
        frame(r#"{"type":"moved","ply":0,"move":"e2","seat":1,"at_ms":1000100,"clock":{"remaining_ms":[180000,180000],"running":null}}"#),
        SEED,
    );
    state.apply(
        frame(r#"{"type":"moved","ply":1,"move":"e8","seat":2,"at_ms":1000900,"clock":{"remaining_ms":[182000,180000],"running":0}}"#),
        SEED,
    );
    assert_eq!(moves(&state), ["e2", "e8"]);
    assert!(state.board_accepts_moves());
    let online = state.online.as_ref().expect("online");
    assert_eq!(online.confirmed, 2);
    assert_eq!(online.running(), Some(Player::One));
}

#[test]
fn a_refused_move_is_taken_back() {
    let mut state = seated(1, &[]);
    state.apply(Action::Play("e2".parse().expect("move")), SEED);
    state.apply(
        frame(r#"{"type":"error","code":"illegal","message":"e2: not legal"}"#),
        SEED,
    );
    assert!(moves(&state).is_empty());
    assert_eq!(state.page.notice.as_deref(), Some("e2: not legal"));
}

#[test]
fn no_move_while_disconnected_waiting_or_watching() {
    let mut state = seated(1, &[]);
    state.apply(Action::Online(OnlineEvent::Lost), SEED);
    state.apply(Action::Play("e2".parse().expect("move")), SEED);
    assert!(moves(&state).is_empty());
    assert!(state
        .page
        .notice
        .as_deref()
        .is_some_and(|n| n.contains("reconnecting")));

    let mut watcher = AppState::from_shared(Shared::default(), SEED);
    watcher.apply(
        Action::Online(OnlineEvent::Open {
            room: ROOM.into(),
            held: None,
        }),
        SEED,
    );
    watcher.apply(Action::Online(OnlineEvent::Connected), SEED);
    assert_eq!(
        sent(&watcher)[0],
        ClientFrame::Hello {
            protocol: 1,
            secret: None
        }
    );
    watcher.apply(frame(&state_json(&[], None, "playing")), SEED);
    watcher.apply(Action::Play("e2".parse().expect("move")), SEED);
    assert!(moves(&watcher).is_empty());
    assert_eq!(
        watcher.page.notice.as_deref(),
        Some("You are watching this game.")
    );
    assert_eq!(watcher.resigning_player(), None);
}

#[test]
fn nothing_is_taken_back_and_resigning_goes_to_the_server() {
    let mut state = seated(1, &["e2", "e8"]);
    state.apply(Action::Undo, SEED);
    assert_eq!(moves(&state).len(), 2);
    assert_eq!(state.resigning_player(), Some(Player::One));
    state.apply(Action::Resign, SEED);
    state.apply(Action::Confirmed(true), SEED);
    assert_eq!(sent(&state).last(), Some(&ClientFrame::Resign));
    // Only the server's word ends the game.
    assert!(state.board.unfinished());
    state.apply(
        frame(r#"{"type":"ended","result":{"winner":2,"reason":"resignation","at_ms":1001000}}"#),
        SEED,
    );
    assert!(!state.board.unfinished());
    assert_eq!(state.board.resigned, Some(Player::One));
    let online = state.online.as_ref().expect("online");
    assert_eq!(
        online.result_text().as_deref(),
        Some("You resigned: player 2 won.")
    );
    assert_eq!(state.resigning_player(), None);
}

#[test]
fn a_timeout_ends_the_game_and_stops_the_clock_where_it_fell() {
    let mut state = seated(2, &["e2", "e8"]);
    state.apply(
        frame(r#"{"type":"moved","ply":1,"move":"e8","seat":2,"at_ms":1000000,"clock":{"remaining_ms":[5000,170000],"running":0}}"#),
        SEED,
    );
    state.apply(
        frame(r#"{"type":"ended","result":{"winner":2,"reason":"timeout","at_ms":1005000}}"#),
        SEED,
    );
    let online = state.online.as_ref().expect("online");
    assert_eq!(online.remaining_ms(Player::One, 5e12), Some(0));
    assert_eq!(online.running(), None);
    assert_eq!(state.board.resigned, Some(Player::One));
    assert_eq!(
        online.result_text().as_deref(),
        Some("Your opponent ran out of time: player 2 won.")
    );
}

#[test]
fn a_diverging_move_reconnects_for_the_servers_game() {
    let mut state = seated(1, &["e2"]);
    let epoch = state.online.as_ref().map(|o| o.epoch);
    state.apply(
        frame(r#"{"type":"moved","ply":0,"move":"d2","seat":1,"at_ms":1,"clock":{"remaining_ms":[],"running":null}}"#),
        SEED,
    );
    let online = state.online.as_ref().expect("online");
    assert_eq!(Some(online.epoch), epoch.map(|e| e + 1));
    assert_eq!(online.connection, Connection::Connecting);
}

#[test]
fn a_take_over_elsewhere_stops_this_page_until_asked() {
    let mut state = seated(1, &[]);
    state.apply(
        frame(r#"{"type":"error","code":"replaced","message":"this seat was opened elsewhere"}"#),
        SEED,
    );
    state.apply(Action::Online(OnlineEvent::Lost), SEED);
    assert_eq!(
        state.online.as_ref().map(|o| o.connection),
        Some(Connection::Replaced)
    );
    state.apply(Action::Online(OnlineEvent::Reconnect), SEED);
    assert_eq!(
        state.online.as_ref().map(|o| o.connection),
        Some(Connection::Connecting)
    );
}

#[test]
fn a_new_game_leaves_the_online_one() {
    let mut state = seated(1, &[]);
    state.apply(
        Action::NewGame {
            variant: Variant::default(),
            seats: [Seat::Human, Seat::Engine],
        },
        SEED,
    );
    assert!(state.online.is_none());
    assert!(matches!(
        parse_server_frame(r#"{"type":"pong","id":3}"#),
        Ok(ServerFrame::Pong { id: 3 })
    ));
}

#[test]
fn no_engine_help_during_a_live_game_and_again_after_it() {
    let mut state = seated(1, &["e2", "e8"]);
    assert!(!state.engine_help_allowed());
    state.apply(Action::PolicyOverlay(true), SEED);
    assert!(
        state.priors.outbox.1.is_empty(),
        "the network's priors are not asked for during the game"
    );
    state.apply(
        frame(r#"{"type":"ended","result":{"winner":2,"reason":"resignation","at_ms":1001000}}"#),
        SEED,
    );
    assert!(state.engine_help_allowed());
    state.apply(Action::PolicyOverlay(true), SEED);
    assert_eq!(state.priors.outbox.1.len(), 1, "asked for once it is over");
}
