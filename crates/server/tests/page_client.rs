//! The page's side of the protocol (`quoridor_page::online::wire`) reads
//! every frame the server sends, and the server reads every frame the page
//! sends: the two definitions cannot drift apart unnoticed.

use quoridor_page::online::wire::{self as page, parse_server_frame};
use quoridor_server::protocol::{
    parse_client_frame, ClientFrame, ErrorCode, SeatView, ServerFrame, Snapshot,
};
use quoridor_server::{
    ClockReading, EndReason, GameResult, RoomId, SeatIndex, Status, TimeControl,
};

fn seat(n: usize) -> SeatIndex {
    SeatIndex::new(n).expect("a seat")
}

fn room() -> RoomId {
    RoomId::generate().expect("randomness")
}

fn every_server_frame() -> Vec<ServerFrame> {
    let clock = ClockReading {
        remaining_ms: vec![170_000, 182_000],
        running: Some(0),
    };
    let result = GameResult {
        winner: Some(seat(1)),
        reason: EndReason::Timeout,
        at_ms: 1_700_000_000_000,
    };
    let snapshot = Snapshot {
        protocol: 1,
        room: room(),
        status: Status::Over,
        size: 9,
        walls: 10,
        control: "corr:3".parse::<TimeControl>().expect("a control"),
        seats: vec![
            SeatView {
                seat: seat(0),
                taken: true,
                here: false,
                away_since_ms: Some(1_699_999_999_000),
                rematch_offer: true,
            },
            SeatView {
                seat: seat(1),
                taken: true,
                here: true,
                away_since_ms: None,
                rematch_offer: false,
            },
        ],
        moves: vec!["e2".into(), "e8".into(), "d3h".into()],
        stamps_ms: vec![1, 2, 3],
        turn: seat(1),
        clock: clock.clone(),
        claim_after_ms: None,
        server_ms: 1_700_000_000_001,
        result: Some(result),
        rematch: Some(room()),
        spectators: 3,
        you: Some(seat(0)),
    };
    let mut frames = vec![
        ServerFrame::State(snapshot),
        ServerFrame::SeatTaken { seat: seat(1) },
        ServerFrame::Moved {
            ply: 2,
            mv: "d3h".into(),
            seat: seat(0),
            at_ms: 3,
            lag_ms: 40,
            clock,
        },
        ServerFrame::Ended { result },
        ServerFrame::Presence {
            seat: seat(1),
            here: false,
        },
        ServerFrame::Spectators { count: 2 },
        ServerFrame::Rematch {
            offers: vec![true, false],
        },
        ServerFrame::RematchStarted { room: room() },
        ServerFrame::Pong { id: 9 },
    ];
    for reason in [
        EndReason::Goal,
        EndReason::PlyLimit,
        EndReason::Resignation,
        EndReason::Abandonment,
        EndReason::Aborted,
    ] {
        frames.push(ServerFrame::Ended {
            result: GameResult {
                winner: None,
                reason,
                at_ms: 0,
            },
        });
    }
    frames.push(ServerFrame::error(ErrorCode::NotYourTurn, "not your turn"));
    frames
}

#[test]
fn the_page_reads_every_frame_the_server_sends() {
    for frame in every_server_frame() {
        let json = frame.to_json();
        let read = parse_server_frame(&json).unwrap_or_else(|e| panic!("{json}: {e}"));
        // What the page read is what was sent, field by field where it matters.
        match (&frame, &read) {
            (ServerFrame::State(s), page::ServerFrame::State(p)) => {
                assert_eq!(p.room, s.room.to_string());
                assert_eq!(p.moves, s.moves);
                assert_eq!(p.control, "corr:3");
                assert_eq!(p.you, Some(1));
                assert_eq!(p.turn, 2);
                assert_eq!(p.seats[0].away_since_ms, Some(1_699_999_999_000));
                assert_eq!(p.clock.remaining_ms, [170_000, 182_000]);
                assert_eq!(p.clock.running, Some(0));
                assert_eq!(
                    p.result.map(|r| (r.winner, r.reason)),
                    Some((Some(2), page::EndReason::Timeout))
                );
                assert_eq!(p.spectators, 3);
            }
            (
                ServerFrame::Moved { ply, mv, .. },
                page::ServerFrame::Moved {
                    ply: p,
                    mv: m,
                    seat,
                    ..
                },
            ) => {
                assert_eq!((ply, mv, *seat), (p, m, 1));
            }
            (ServerFrame::Error { .. }, page::ServerFrame::Error { code, .. }) => {
                assert_eq!(code, "not_your_turn");
            }
            _ => {}
        }
    }
}

#[test]
fn the_server_reads_every_frame_the_page_sends() {
    let frames = [
        (
            page::ClientFrame::Hello {
                protocol: 1,
                secret: Some("ab".into()),
            },
            ClientFrame::Hello {
                protocol: 1,
                secret: Some("ab".into()),
            },
        ),
        (
            page::ClientFrame::Hello {
                protocol: 1,
                secret: None,
            },
            ClientFrame::Hello {
                protocol: 1,
                secret: None,
            },
        ),
        (
            page::ClientFrame::Move {
                ply: 4,
                mv: "e3h".into(),
            },
            ClientFrame::Move {
                ply: 4,
                mv: "e3h".into(),
            },
        ),
        (page::ClientFrame::Resign, ClientFrame::Resign),
        (page::ClientFrame::Abort, ClientFrame::Abort),
        (page::ClientFrame::OfferRematch, ClientFrame::OfferRematch),
        (page::ClientFrame::AcceptRematch, ClientFrame::AcceptRematch),
        (
            page::ClientFrame::DeclineRematch,
            ClientFrame::DeclineRematch,
        ),
        (page::ClientFrame::ClaimVictory, ClientFrame::ClaimVictory),
        (
            page::ClientFrame::Ping { id: 7 },
            ClientFrame::Ping { id: 7 },
        ),
    ];
    for (sent, expected) in frames {
        assert_eq!(parse_client_frame(&sent.to_json()), Ok(expected));
    }
}
