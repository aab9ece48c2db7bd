//! `fuzz`: random and malformed frames over many WebSocket connections to
//! a running server while a few real games play alongside; the server must
//! answer or close, never fall, and the real games must keep every move.

use crate::bot::Style;
use crate::load::{self, Batch};
use crate::net::{self, Pair};
use crate::stats;
use futures_util::{SinkExt, StreamExt};
use rand::rngs::SmallRng;
use rand::{Rng, SeedableRng};
use serde_json::{json, Value};
use std::collections::BTreeMap;
use std::net::SocketAddr;
use std::sync::atomic::{AtomicBool, AtomicUsize, Ordering};
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};
use tokio::sync::Notify;
use tokio::task::JoinSet;
use tokio_tungstenite::tungstenite::protocol::frame::coding::{Data, OpCode};
use tokio_tungstenite::tungstenite::protocol::frame::Frame;
use tokio_tungstenite::tungstenite::Message;

/// How long a fuzz connection waits for the server to finish answering.
const DRAIN: Duration = Duration::from_secs(10);

/// How long a flood waits for the server's answers before it closes.
const FLOOD_QUIET: Duration = Duration::from_millis(500);

/// `fuzz`'s flags.
#[derive(Clone, Debug, clap::Args)]
pub struct FuzzArgs {
    /// The server (loopback only).
    #[arg(long, default_value = "http://127.0.0.1:8080")]
    pub url: String,
    /// Frames to send (hellos included).
    #[arg(long, default_value_t = 100_000)]
    pub frames: usize,
    /// Fuzzing connections open at once.
    #[arg(long, default_value_t = 16)]
    pub workers: usize,
    /// Real games playing alongside (each slot plays game after game until
    /// the fuzzing is done).
    #[arg(long, default_value_t = 4)]
    pub games: usize,
    /// Milliseconds the real games' bots wait before a move.
    #[arg(long, default_value_t = 20)]
    pub think_ms: u64,
    /// The server's process id, to check it is still alive.
    #[arg(long)]
    pub pid: Option<u32>,
    /// The fuzzer's seed.
    #[arg(long, default_value_t = 1)]
    pub seed: u64,
    /// Print the report as one JSON object.
    #[arg(long)]
    pub json: bool,
}

/// What the fuzzing connections counted.
#[derive(Debug, Default)]
struct Counts {
    frames: usize,
    by_kind: BTreeMap<&'static str, usize>,
    errors: BTreeMap<String, usize>,
    other_frames: usize,
    connections: usize,
    closed_by_server: usize,
    refused_upgrades: usize,
    unanswered_close: usize,
}

/// A frame the fuzzer may send, and what kind it is.
fn frame(rng: &mut SmallRng) -> (&'static str, Message) {
    let text = |s: String| Message::Text(s.into());
    // The two kinds that make the server drop the connection (oversized,
    // invalid UTF-8) are rarer, so that most frames reach the parser.
    match rng.random_range(0..24) {
        0 | 1 => {
            let n = rng.random_range(0..300);
            let bytes: Vec<u8> = (0..n).map(|_| rng.random()).collect();
            (
                "random_text",
                text(String::from_utf8_lossy(&bytes).into_owned()),
            )
        }
        2 | 3 => {
            let n = rng.random_range(0..300);
            let bytes: Vec<u8> = (0..n).map(|_| rng.random()).collect();
            ("binary", Message::Binary(bytes.into()))
        }
        4 | 5 => {
            let valid = valid_frame(rng).to_string();
            let cut = rng.random_range(0..valid.len().max(1));
            ("truncated", text(valid[..cut].to_string()))
        }
        6 => {
            // Over the 4 KiB limit: the server drops the connection.
            let n = rng.random_range(4097..20_000);
            let pad = "x".repeat(n);
            (
                "oversized",
                text(json!({ "type": "ping", "id": 1, "pad": pad }).to_string()),
            )
        }
        7..=9 => {
            let wrong = [
                r#"{"type":"move","ply":"three","move":5}"#,
                r#"{"type":5}"#,
                r#"{"type":["move"]}"#,
                r#"{"type":null}"#,
                r#"{"type":"ping","id":"x"}"#,
                r#"{"type":"hello","protocol":"1"}"#,
                r#"{"type":"move","ply":1.5,"move":"e2"}"#,
                r#"{"type":"move","ply":0,"move":null}"#,
                r#"{"type":"resign","extra":{"a":[1,2,3]}}"#,
                r#"[{"type":"ping"}]"#,
                r#""ping""#,
                "true",
            ];
            (
                "wrong_type",
                text(wrong[rng.random_range(0..wrong.len())].to_string()),
            )
        }
        10 | 11 => {
            let huge = [
                r#"{"type":"move","ply":1e400,"move":"e2"}"#,
                r#"{"type":"move","ply":18446744073709551616,"move":"e2"}"#,
                r#"{"type":"move","ply":18446744073709551615,"move":"e2"}"#,
                r#"{"type":"move","ply":-9223372036854775809,"move":"e2"}"#,
                r#"{"type":"ping","id":99999999999999999999999999}"#,
                r#"{"type":"ping","id":-1}"#,
                r#"{"type":"hello","protocol":4294967296}"#,
                r#"{"type":"move","ply":4294967295,"move":"a1h"}"#,
            ];
            (
                "huge_number",
                text(huge[rng.random_range(0..huge.len())].to_string()),
            )
        }
        12 | 13 => {
            let n = rng.random_range(1..40);
            let tag: String = (0..n)
                .map(|_| char::from(rng.random_range(b'a'..=b'z')))
                .collect();
            ("unknown_tag", text(json!({ "type": tag }).to_string()))
        }
        14..=20 => ("out_of_order", text(valid_frame(rng).to_string())),
        21 => {
            let n = rng.random_range(1..200);
            let mut bytes: Vec<u8> = (0..n).map(|_| rng.random()).collect();
            bytes.push(0xff);
            let raw = Frame::message(bytes, OpCode::Data(Data::Text), true);
            ("invalid_utf8", Message::Frame(raw))
        }
        _ => {
            let depth = rng.random_range(100..2000);
            let nested = format!("{}{}", "[".repeat(depth), "]".repeat(depth));
            let odd = [
                nested,
                String::new(),
                "null".into(),
                "  \n\t ".into(),
                "{}".into(),
            ];
            (
                "odd_json",
                text(odd[rng.random_range(0..odd.len())].clone()),
            )
        }
    }
}

/// A frame of the protocol, sent whenever: moves with any ply and any
/// notation, hellos after the first, rematches before the end.
fn valid_frame(rng: &mut SmallRng) -> Value {
    match rng.random_range(0..10) {
        0..=2 => {
            let file = char::from(rng.random_range(b'a'..=b'k'));
            let rank = rng.random_range(0..12);
            let suffix = ["", "", "h", "v", "x"][rng.random_range(0..5)];
            json!({ "type": "move", "ply": rng.random_range(0..400), "move": format!("{file}{rank}{suffix}") })
        }
        3 => json!({ "type": "hello", "protocol": 1 }),
        4 => json!({ "type": "resign" }),
        5 => json!({ "type": "abort" }),
        6 => {
            let kinds = ["offer_rematch", "accept_rematch", "decline_rematch"];
            json!({ "type": kinds[rng.random_range(0..3)] })
        }
        7 => json!({ "type": "claim_victory" }),
        _ => json!({ "type": "ping", "id": rng.random::<u32>() }),
    }
}

fn random_hex(rng: &mut SmallRng, n: usize) -> String {
    (0..n)
        .map(|_| char::from(b"0123456789abcdef"[rng.random_range(0..16)]))
        .collect()
}

/// One fuzzing connection: a hello of some kind, then `budget` frames;
/// counts what the server answered. Returns how many of the `budget`
/// frames went out (the rest, after the server closed, did not).
async fn connection(
    addr: SocketAddr,
    room: &str,
    secret: Option<&str>,
    budget: usize,
    flood: bool,
    rng: &mut SmallRng,
    counts: &Mutex<Counts>,
) -> usize {
    let ws = match net::connect(addr, room).await {
        Ok(ws) => ws,
        Err(_) => {
            if let Ok(mut c) = counts.lock() {
                c.refused_upgrades += 1;
            }
            return 0;
        }
    };
    let (mut sink, mut stream) = ws.split();
    let mut frames: Vec<(&'static str, Message)> = Vec::with_capacity(budget + 1);
    let hello = match rng.random_range(0..100) {
        0..15 => frame(rng),
        15..25 => {
            let len = [32, 32, 32, 31, 64][rng.random_range(0..5)];
            let forged = json!({ "type": "hello", "protocol": 1, "secret": random_hex(rng, len) });
            ("forged_secret", Message::Text(forged.to_string().into()))
        }
        25..30 => {
            let other = json!({ "type": "hello", "protocol": rng.random_range(2..1000) });
            ("wrong_protocol", Message::Text(other.to_string().into()))
        }
        30..55 => {
            let watch = json!({ "type": "hello", "protocol": 1 });
            ("hello_spectator", Message::Text(watch.to_string().into()))
        }
        _ => {
            let hello = match secret {
                Some(secret) => json!({ "type": "hello", "protocol": 1, "secret": secret }),
                None => json!({ "type": "hello", "protocol": 1 }),
            };
            ("hello_player", Message::Text(hello.to_string().into()))
        }
    };
    frames.push(hello);
    for _ in 0..budget.saturating_sub(1) {
        frames.push(frame(rng));
    }
    // A connection that is not a flood ends with a ping of its own id: its
    // pong (the last answer, as the server answers in order) says the
    // server still held the connection after every frame. Such connections
    // stay within the rate limit's burst; a flood waits a moment instead.
    let marker: u64 = rng.random_range(1 << 40..1 << 50);
    if !flood {
        let ping = json!({ "type": "ping", "id": marker });
        frames.push(("marker_ping", Message::Text(ping.to_string().into())));
    }
    let done_writing = AtomicBool::new(false);
    let answered = Notify::new();
    let write = async {
        let mut sent = Vec::new();
        for (kind, message) in frames {
            match tokio::time::timeout(net::PATIENCE, sink.send(message)).await {
                Ok(Ok(())) => sent.push(kind),
                _ => return sent,
            }
        }
        let wait = if flood { FLOOD_QUIET } else { DRAIN };
        let _ = tokio::time::timeout(wait, answered.notified()).await;
        done_writing.store(true, Ordering::SeqCst);
        let _ = tokio::time::timeout(DRAIN, sink.close()).await;
        sent
    };
    let read = async {
        let mut errors: Vec<String> = Vec::new();
        let mut other = 0;
        let mut by_server = false;
        let mut timed_out = false;
        let deadline = Instant::now() + net::PATIENCE;
        loop {
            let left = deadline.saturating_duration_since(Instant::now());
            match tokio::time::timeout(left, stream.next()).await {
                Err(_) => {
                    timed_out = true;
                    break;
                }
                Ok(Some(Ok(Message::Text(text)))) => {
                    match serde_json::from_str::<Value>(text.as_str()) {
                        Ok(v) if v["type"] == "error" => {
                            errors.push(v["code"].as_str().unwrap_or("?").to_string())
                        }
                        Ok(v) if v["type"] == "pong" && v["id"] == marker => answered.notify_one(),
                        _ => other += 1,
                    }
                }
                Ok(Some(Ok(Message::Close(_))) | None | Some(Err(_))) => {
                    by_server = !done_writing.load(Ordering::SeqCst);
                    answered.notify_one();
                    break;
                }
                Ok(Some(Ok(_))) => {}
            }
        }
        (errors, other, by_server, timed_out)
    };
    let (sent, (errors, other, by_server, timed_out)) = tokio::join!(write, read);
    let from_budget = sent.iter().filter(|&&kind| kind != "marker_ping").count();
    if let Ok(mut c) = counts.lock() {
        c.connections += 1;
        c.frames += sent.len();
        for kind in sent {
            *c.by_kind.entry(kind).or_default() += 1;
        }
        for code in errors {
            *c.errors.entry(code).or_default() += 1;
        }
        c.other_frames += other;
        c.closed_by_server += usize::from(by_server);
        c.unanswered_close += usize::from(timed_out);
    }
    from_budget
}

/// A room id that is not one (or not well formed).
fn no_room(rng: &mut SmallRng) -> String {
    let alphabet = b"ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789";
    match rng.random_range(0..4) {
        0 => "..%2F..%2Fetc".into(),
        1 => "x".repeat(rng.random_range(1..200)),
        _ => (0..12)
            .map(|_| char::from(alphabet[rng.random_range(0..alphabet.len())]))
            .collect(),
    }
}

/// Runs `fuzz`; the report.
pub async fn run(args: &FuzzArgs) -> Result<Value, String> {
    let addr = net::loopback(&args.url)?;
    let fd_limit = stats::raise_fd_limit();
    if !net::healthy(addr).await {
        return Err(format!("{}: /api/health does not answer ok", args.url));
    }
    let started = Instant::now();
    let fuzzing = Arc::new(AtomicBool::new(true));
    let real_rooms: Arc<Mutex<Vec<String>>> = Arc::new(Mutex::new(Vec::new()));
    // The real games: game after game in each slot while the fuzz runs.
    let real = {
        let (fuzzing, real_rooms) = (fuzzing.clone(), real_rooms.clone());
        let (games, think, seed) = (args.games, args.think_ms, args.seed);
        tokio::spawn(async move {
            let mut logs = Vec::new();
            let mut setup_failures = 0;
            let mut round = 0u64;
            while games > 0 && (round == 0 || fuzzing.load(Ordering::SeqCst)) && round < 10_000 {
                let (made, failed) = load::pairs(addr, games, "10+5").await;
                setup_failures += failed.len();
                if let Ok(mut rooms) = real_rooms.lock() {
                    *rooms = made.iter().map(|p| p.room.clone()).collect();
                }
                let style = Style {
                    max_plies: 120,
                    deadline: Instant::now() + Duration::from_secs(600),
                    think: Duration::from_millis(think),
                    wall_rate: 0.2,
                };
                let batch = Batch::start(addr, made, style, seed ^ round).await;
                logs.extend(batch.finish().await);
                round += 1;
            }
            (logs, setup_failures)
        })
    };
    let counts = Arc::new(Mutex::new(Counts::default()));
    let budget = Arc::new(AtomicUsize::new(args.frames));
    let in_flight = Arc::new(AtomicUsize::new(0));
    let mut workers = JoinSet::new();
    for w in 0..args.workers.max(1) {
        let (counts, budget, real_rooms) = (counts.clone(), budget.clone(), real_rooms.clone());
        let in_flight = in_flight.clone();
        let seed = args.seed.wrapping_mul(7919).wrapping_add(w as u64);
        workers.spawn(async move {
            let mut rng = SmallRng::seed_from_u64(seed);
            let mut own: Option<Pair> = None;
            for n in 0..1_000_000usize {
                // Most connections stay within the burst of 20 frames the
                // rate limit allows; a few flood it.
                let flood = rng.random_range(0..100) < 5;
                let want = if flood {
                    rng.random_range(30..=45)
                } else {
                    rng.random_range(1..=19)
                };
                in_flight.fetch_add(1, Ordering::SeqCst);
                let take = budget
                    .fetch_update(Ordering::SeqCst, Ordering::SeqCst, |left| {
                        (left > 0).then(|| left.saturating_sub(want))
                    })
                    .map_or(0, |left| left.min(want));
                if take == 0 {
                    // Another connection may still give frames back.
                    if in_flight.fetch_sub(1, Ordering::SeqCst) == 1 {
                        break;
                    }
                    tokio::time::sleep(Duration::from_millis(10)).await;
                    continue;
                }
                if own.is_none() || n % 50 == 0 {
                    own = net::pair(addr, "10+5").await.ok().or(own);
                }
                let pick = rng.random_range(0..100);
                let real = real_rooms.lock().ok().and_then(|rooms| {
                    (!rooms.is_empty()).then(|| rooms[rng.random_range(0..rooms.len())].clone())
                });
                let (room, secret) = match (pick, &own, real) {
                    (0..3, _, _) | (_, None, None) => (no_room(&mut rng), None),
                    // A real game's room: never with its secrets.
                    (3..30, _, Some(real)) => (real, None),
                    (_, Some(own), _) => {
                        let seat = rng.random_range(0..2);
                        (own.room.clone(), Some(own.secrets[seat].clone()))
                    }
                    (_, None, Some(real)) => (real, None),
                };
                let sent = connection(
                    addr,
                    &room,
                    secret.as_deref(),
                    take,
                    flood,
                    &mut rng,
                    &counts,
                )
                .await;
                // Frames not sent (the upgrade was refused) go back.
                budget.fetch_add(take.saturating_sub(sent), Ordering::SeqCst);
                in_flight.fetch_sub(1, Ordering::SeqCst);
            }
        });
    }
    while workers.join_next().await.is_some() {}
    let fuzz_secs = started.elapsed().as_secs_f64();
    fuzzing.store(false, Ordering::SeqCst);
    let (logs, real_setup_failures) = real
        .await
        .map_err(|e| format!("the real games' task: {e}"))?;
    let records = load::records(addr, &logs).await;
    let tally = load::tally(&logs, &records);
    let alive = args.pid.map(stats::alive);
    let healthy = net::healthy(addr).await;
    let counts = counts.lock().map_err(|_| "counts poisoned".to_string())?;
    let errors_total: usize = counts.errors.values().sum();
    Ok(json!({
        "command": "fuzz",
        "frames_sent": counts.frames,
        "frames_by_kind": counts.by_kind,
        "connections": counts.connections,
        "refused_upgrades": counts.refused_upgrades,
        "error_frames": errors_total,
        "error_frames_by_code": counts.errors,
        "other_frames": counts.other_frames,
        "closed_by_server": counts.closed_by_server,
        "close_unanswered": counts.unanswered_close,
        "fuzz_seconds": fuzz_secs,
        "frames_per_second": counts.frames as f64 / fuzz_secs.max(1e-9),
        "server_alive": alive,
        "health_ok": healthy,
        "real_games": logs.len(),
        "real_games_finished": tally.finished,
        "real_setup_failures": real_setup_failures,
        "real_moves": tally.moves,
        "real_unrelayed_moves": tally.check.unrelayed,
        "real_differing_moves": tally.check.differing,
        "real_client_failures": tally.failures.len(),
        "real_client_failure_first": tally.failures.first(),
        "real_error_frames": tally.errors,
        "real_games_intact": tally.intact() && tally.finished == logs.len(),
        "fd_limit": fd_limit,
    }))
}
