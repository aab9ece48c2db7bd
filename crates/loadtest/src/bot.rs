//! A bot game: two WebSocket clients, one per seat, each following the
//! game from the server's `moved` frames and playing random legal moves on
//! its turn (mostly a step toward its goal, some walls), and a check of
//! what they were told against the room's record.

use crate::net::{self, Pair, Ws, PATIENCE};
use futures_util::StreamExt;
use quoridor_rules::{Game, Move, Variant};
use quoridor_server::protocol::{ServerFrame, Snapshot};
use quoridor_server::{ClockReading, GameResult, Status};
use rand::rngs::SmallRng;
use rand::{Rng, SeedableRng};
use serde_json::json;
use std::collections::HashMap;
use std::net::SocketAddr;
use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};
use tokio::sync::watch;
use tokio_tungstenite::tungstenite::Message;

/// How the bots play.
#[derive(Clone, Debug)]
pub struct Style {
    /// After this many plies, the player to move resigns.
    pub max_plies: usize,
    /// After this instant, the player to move resigns.
    pub deadline: Instant,
    /// How long a bot waits before each move.
    pub think: Duration,
    /// The share of moves that are walls (while walls are left).
    pub wall_rate: f64,
}

/// When the clients of a batch of games may start moving.
#[derive(Clone, Debug)]
pub struct Start {
    /// Clients that said hello and got their snapshot.
    pub ready: Arc<AtomicUsize>,
    /// Turns true when the batch may play.
    pub go: watch::Receiver<bool>,
}

/// Why a client stopped.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum End {
    /// The server said the game ended.
    Ended(GameResult),
    /// The server closed the connection (or vanished) mid-game.
    Closed,
    /// Something was wrong: a frame that did not follow, a timeout.
    Failed(String),
}

/// What one client saw.
#[derive(Clone, Debug)]
pub struct ClientLog {
    /// The seat (0-based).
    pub seat: usize,
    /// Every move the client was told, by ply: notation and stamp.
    pub told: Vec<(String, u64)>,
    /// The clocks each `moved` frame gave, by ply (`None` for a move
    /// learnt from a snapshot).
    pub clocks: Vec<Option<ClockReading>>,
    /// Plies this client played and saw acknowledged (its own `moved`).
    pub acked: Vec<usize>,
    /// Relay latencies (µs) of the other player's moves: their send to
    /// this client's `moved`.
    pub latencies_us: Vec<u64>,
    /// Error codes the server answered.
    pub errors: Vec<String>,
    /// Snapshots received mid-game (the server's answer to a lagging
    /// connection).
    pub resyncs: usize,
    /// How it stopped.
    pub end: End,
}

/// What both clients of a game saw.
#[derive(Clone, Debug)]
pub struct GameLog {
    /// The room.
    pub room: String,
    /// Seat 1's and seat 2's logs.
    pub clients: [ClientLog; 2],
}

/// The send instants of a game's moves, by ply, shared by its clients.
type Sent = Arc<Mutex<HashMap<usize, Instant>>>;

/// Plays the game of `pair` with two clients until it ends (or the
/// connections do); `seed` makes the bots' choices.
pub async fn play(addr: SocketAddr, pair: Pair, style: Style, start: Start, seed: u64) -> GameLog {
    let sent: Sent = Arc::new(Mutex::new(HashMap::new()));
    let [one, two] = pair.secrets.clone();
    let first = client(addr, &pair.room, one, 0, &style, &start, &sent, seed);
    let second = client(
        addr,
        &pair.room,
        two,
        1,
        &style,
        &start,
        &sent,
        seed ^ 0x9e37,
    );
    let (a, b) = tokio::join!(first, second);
    GameLog {
        room: pair.room,
        clients: [a, b],
    }
}

/// A client's state as it follows the game.
struct Follow {
    log: ClientLog,
    game: Game,
    status: Status,
    pending: Option<usize>,
    resigned: bool,
}

impl Follow {
    /// Takes a snapshot's moves (the first, or a resync).
    fn snapshot(&mut self, s: &Snapshot) -> Result<(), String> {
        for (ply, mv) in s.moves.iter().enumerate() {
            let at = s.stamps_ms.get(ply).copied().unwrap_or(0);
            match self.log.told.get(ply) {
                Some((told, _)) if told != mv => {
                    return Err(format!("snapshot ply {ply} is {mv}, was told {told}"))
                }
                Some(_) => {}
                None => {
                    self.game
                        .play_text(mv)
                        .map_err(|e| format!("snapshot move {mv}: {e}"))?;
                    self.log.told.push((mv.clone(), at));
                    self.log.clocks.push(None);
                }
            }
        }
        self.status = s.status;
        if self.pending.is_some_and(|p| p < self.log.told.len()) {
            self.pending = None;
        }
        if let (Status::Over, Some(result)) = (s.status, s.result) {
            self.log.end = End::Ended(result);
        }
        Ok(())
    }
}

#[allow(clippy::too_many_arguments)]
async fn client(
    addr: SocketAddr,
    room: &str,
    secret: String,
    seat: usize,
    style: &Style,
    start: &Start,
    sent: &Sent,
    seed: u64,
) -> ClientLog {
    let mut follow = Follow {
        log: ClientLog {
            seat,
            told: Vec::new(),
            clocks: Vec::new(),
            acked: Vec::new(),
            latencies_us: Vec::new(),
            errors: Vec::new(),
            resyncs: 0,
            end: End::Failed("never connected".into()),
        },
        game: Game::new(Variant::default()),
        status: Status::Waiting,
        pending: None,
        resigned: false,
    };
    let mut rng = SmallRng::seed_from_u64(seed);
    let mut ready = false;
    let ws = net::connect(addr, room).await;
    let end = match ws {
        Ok(mut ws) => {
            let end = run(
                &mut ws,
                &mut follow,
                &secret,
                style,
                start,
                sent,
                &mut rng,
                &mut ready,
            )
            .await;
            net::close(ws).await;
            end
        }
        Err(e) => End::Failed(e),
    };
    if !ready {
        // Count it anyway, so that the batch does not wait for it.
        start.ready.fetch_add(1, Ordering::SeqCst);
    }
    follow.log.end = end;
    follow.log
}

/// The next frame from the server: `Ok(None)` when it closed.
async fn next(ws: &mut Ws) -> Result<Option<ServerFrame>, End> {
    loop {
        let message = match tokio::time::timeout(PATIENCE, ws.next()).await {
            Err(_) => return Err(End::Failed(format!("no frame in {PATIENCE:?}"))),
            Ok(None | Some(Err(_))) => return Ok(None),
            Ok(Some(Ok(message))) => message,
        };
        match message {
            Message::Text(text) => {
                return serde_json::from_str(text.as_str())
                    .map(Some)
                    .map_err(|e| End::Failed(format!("a frame not of the protocol: {e}: {text}")))
            }
            Message::Close(_) => return Ok(None),
            _ => continue,
        }
    }
}

#[allow(clippy::too_many_arguments)]
async fn run(
    ws: &mut Ws,
    follow: &mut Follow,
    secret: &str,
    style: &Style,
    start: &Start,
    sent: &Sent,
    rng: &mut SmallRng,
    ready: &mut bool,
) -> End {
    let hello = json!({ "type": "hello", "protocol": 1, "secret": secret });
    if let Err(e) = net::send(ws, &hello).await {
        return End::Failed(e);
    }
    let snapshot = loop {
        match next(ws).await {
            Ok(Some(ServerFrame::State(s))) => break s,
            Ok(Some(_)) => continue,
            Ok(None) => return End::Closed,
            Err(end) => return end,
        }
    };
    match Variant::new(snapshot.size, snapshot.walls) {
        Ok(variant) => follow.game = Game::new(variant),
        Err(e) => return End::Failed(format!("snapshot variant: {e}")),
    }
    if let Err(e) = follow.snapshot(&snapshot) {
        return End::Failed(e);
    }
    if snapshot.you.map(|s| s.index()) != Some(follow.log.seat) {
        return End::Failed(format!("hello gave seat {:?}", snapshot.you));
    }
    start.ready.fetch_add(1, Ordering::SeqCst);
    *ready = true;
    let mut go = start.go.clone();
    if tokio::time::timeout(PATIENCE * 10, go.wait_for(|go| *go))
        .await
        .is_err()
    {
        return End::Failed("the batch never started".into());
    }
    loop {
        if let End::Ended(_) = follow.log.end {
            return follow.log.end.clone();
        }
        let plies = follow.log.told.len();
        // A winning move ends the game before the server's `ended` comes.
        let my_turn = follow.game.position().turn().index() == follow.log.seat
            && !follow.game.position().is_over();
        if follow.status == Status::Playing
            && my_turn
            && follow.pending.is_none()
            && !follow.resigned
        {
            if !style.think.is_zero() {
                tokio::time::sleep(style.think).await;
            }
            let frame = if plies >= style.max_plies.max(2) || Instant::now() >= style.deadline {
                follow.resigned = true;
                json!({ "type": "resign" })
            } else {
                let Some(mv) = choose(follow.game.position(), style.wall_rate, rng) else {
                    return End::Failed("no legal move in a game not over".into());
                };
                follow.pending = Some(plies);
                json!({ "type": "move", "ply": plies, "move": mv.to_string() })
            };
            if let Ok(mut sent) = sent.lock() {
                sent.insert(plies, Instant::now());
            }
            if net::send(ws, &frame).await.is_err() {
                return End::Closed;
            }
        }
        let frame = match next(ws).await {
            Ok(Some(frame)) => frame,
            Ok(None) => return End::Closed,
            Err(end) => return end,
        };
        match frame {
            ServerFrame::Moved {
                ply,
                mv,
                seat,
                at_ms,
                clock,
                ..
            } => {
                let told = follow.log.told.len();
                if ply < told {
                    if follow.log.told[ply].0 != mv {
                        return End::Failed(format!("ply {ply} told twice, differently"));
                    }
                    continue;
                }
                if ply > told {
                    return End::Failed(format!("ply {ply} told after ply {}", told - 1));
                }
                if let Err(e) = follow.game.play_text(&mv) {
                    return End::Failed(format!("the server relayed {mv}: {e}"));
                }
                follow.log.told.push((mv, at_ms));
                follow.log.clocks.push(Some(clock));
                if seat.index() == follow.log.seat {
                    follow.log.acked.push(ply);
                    follow.pending = None;
                } else if let Some(at) = sent.lock().ok().and_then(|s| s.get(&ply).copied()) {
                    let us = u64::try_from(at.elapsed().as_micros()).unwrap_or(u64::MAX);
                    follow.log.latencies_us.push(us);
                }
            }
            ServerFrame::State(s) => {
                follow.log.resyncs += 1;
                if let Err(e) = follow.snapshot(&s) {
                    return End::Failed(e);
                }
            }
            ServerFrame::Ended { result } => {
                follow.status = Status::Over;
                follow.log.end = End::Ended(result);
            }
            ServerFrame::Error { code, message } => {
                let code = serde_json::to_value(code)
                    .ok()
                    .and_then(|v| v.as_str().map(str::to_string))
                    .unwrap_or_default();
                follow.log.errors.push(code.clone());
                if follow.log.errors.len() > 20 {
                    return End::Failed(format!("too many refusals, the last {code}: {message}"));
                }
                follow.pending = None;
                follow.resigned = false;
            }
            ServerFrame::SeatTaken { .. } => follow.status = Status::Playing,
            _ => {}
        }
    }
}

/// A random legal move: a wall at `wall_rate` while walls are left, else
/// mostly a step toward the goal, sometimes any pawn move.
fn choose(position: &quoridor_rules::Position, wall_rate: f64, rng: &mut SmallRng) -> Option<Move> {
    let legal = position.legal_moves();
    let (walls, pawns): (Vec<Move>, Vec<Move>) =
        legal.iter().partition(|m| matches!(m, Move::Wall(_)));
    if !walls.is_empty() && rng.random_bool(wall_rate.clamp(0.0, 1.0)) {
        return walls.get(rng.random_range(0..walls.len())).copied();
    }
    if rng.random_bool(0.8) {
        if let Some(step) = position.step_toward_goal() {
            return Some(step);
        }
    }
    pawns
        .get(rng.random_range(0..pawns.len().max(1)))
        .copied()
        .or_else(|| legal.first().copied())
}

/// How a game's clients and its record agree.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Check {
    /// Moves acknowledged to their player.
    pub acked: usize,
    /// Acknowledged moves the other player was never told.
    pub unrelayed: usize,
    /// Moves in the record (or told) that the record and a client disagree
    /// on, or that are missing on one side.
    pub differing: usize,
}

/// Compares a finished game's logs with its record: both clients were told
/// exactly the record, and every acknowledged move reached the other.
pub fn check(log: &GameLog, record: &Snapshot) -> Check {
    let mut check = Check::default();
    for (i, client) in log.clients.iter().enumerate() {
        let other = &log.clients[1 - i];
        check.acked += client.acked.len();
        check.unrelayed += client
            .acked
            .iter()
            .filter(|&&ply| other.told.len() <= ply)
            .count();
        check.differing += differing(&client.told, record);
    }
    check
}

/// Moves where `told` and the record disagree, or that one of them lacks.
pub fn differing(told: &[(String, u64)], record: &Snapshot) -> usize {
    let n = told.len().max(record.moves.len());
    (0..n)
        .filter(|&ply| {
            let stored = record
                .moves
                .get(ply)
                .map(|m| (m.as_str(), record.stamps_ms.get(ply).copied()));
            let told = told.get(ply).map(|(m, at)| (m.as_str(), Some(*at)));
            stored != told
        })
        .count()
}
