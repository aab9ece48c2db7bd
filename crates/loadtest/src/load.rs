//! `load`: N simultaneous bot games against a running server, with the
//! relay latency, the server's memory and CPU, and a check that no move
//! was lost.

use crate::bot::{self, Check, GameLog, Start, Style};
use crate::net::{self, Pair, PATIENCE};
use crate::stats;
use quoridor_server::protocol::Snapshot;
use serde_json::{json, Value};
use std::net::SocketAddr;
use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::Arc;
use std::time::{Duration, Instant};
use tokio::sync::{watch, Semaphore};
use tokio::task::JoinSet;

/// Requests of the set-up (rooms made and joined, records fetched) under
/// way at once.
const SETUP_AT_ONCE: usize = 32;

/// `load`'s flags.
#[derive(Clone, Debug, clap::Args)]
pub struct LoadArgs {
    /// The server (loopback only).
    #[arg(long, default_value = "http://127.0.0.1:8080")]
    pub url: String,
    /// Games played at once (two WebSocket clients each).
    #[arg(long, default_value_t = 100)]
    pub games: usize,
    /// After this many plies the player to move resigns.
    #[arg(long, default_value_t = 200)]
    pub max_plies: usize,
    /// After this many seconds of play every game is resigned.
    #[arg(long, default_value_t = 300)]
    pub duration: u64,
    /// Milliseconds each bot waits before a move (0: as fast as the server
    /// answers).
    #[arg(long, default_value_t = 0)]
    pub think_ms: u64,
    /// The share of moves that are walls.
    #[arg(long, default_value_t = 0.15)]
    pub wall_rate: f64,
    /// The rooms' time control.
    #[arg(long, default_value = "10+5")]
    pub control: String,
    /// The server's process id, for its memory and CPU (`/proc/PID`).
    #[arg(long)]
    pub pid: Option<u32>,
    /// The bots' seed.
    #[arg(long, default_value_t = 1)]
    pub seed: u64,
    /// Print the report as one JSON object.
    #[arg(long)]
    pub json: bool,
}

/// Makes `n` rooms, `SETUP_AT_ONCE` at a time; the pairs made and the
/// failures.
pub async fn pairs(addr: SocketAddr, n: usize, control: &str) -> (Vec<Pair>, Vec<String>) {
    let limit = Arc::new(Semaphore::new(SETUP_AT_ONCE));
    let mut set = JoinSet::new();
    for _ in 0..n {
        let (limit, control) = (limit.clone(), control.to_string());
        set.spawn(async move {
            let _permit = limit.acquire_owned().await;
            net::pair(addr, &control).await
        });
    }
    let (mut made, mut failed) = (Vec::new(), Vec::new());
    while let Some(joined) = set.join_next().await {
        match joined {
            Ok(Ok(pair)) => made.push(pair),
            Ok(Err(e)) => failed.push(e),
            Err(e) => failed.push(format!("task: {e}")),
        }
    }
    (made, failed)
}

/// Games under way.
pub struct Batch {
    games: JoinSet<GameLog>,
    /// When they were let go.
    pub go_at: Instant,
    /// Clients that connected and said hello before the go.
    pub ready: usize,
}

impl Batch {
    /// Connects both clients of every pair, waits until all said hello (or
    /// `PATIENCE`), then lets them play.
    pub async fn start(addr: SocketAddr, pairs: Vec<Pair>, style: Style, seed: u64) -> Batch {
        let ready = Arc::new(AtomicUsize::new(0));
        let (go_tx, go) = watch::channel(false);
        let clients = pairs.len() * 2;
        let mut games = JoinSet::new();
        for (i, pair) in pairs.into_iter().enumerate() {
            let start = Start {
                ready: ready.clone(),
                go: go.clone(),
            };
            let style = style.clone();
            let seed = seed.wrapping_mul(1_000_003).wrapping_add(i as u64);
            games.spawn(bot::play(addr, pair, style, start, seed));
        }
        let waiting = Instant::now();
        while ready.load(Ordering::SeqCst) < clients && waiting.elapsed() < PATIENCE * 5 {
            tokio::time::sleep(Duration::from_millis(20)).await;
        }
        let _ = go_tx.send(true);
        // The receivers hold their own copy of the value: the sender may go.
        Batch {
            games,
            go_at: Instant::now(),
            ready: ready.load(Ordering::SeqCst),
        }
    }

    /// Whether every game has finished.
    pub fn is_done(&self) -> bool {
        self.games.is_empty()
    }

    /// Waits for a game to finish, if any is left.
    pub async fn next(&mut self) -> Option<GameLog> {
        loop {
            match self.games.join_next().await? {
                Ok(log) => return Some(log),
                Err(_) => continue,
            }
        }
    }

    /// Waits for every game.
    pub async fn finish(mut self) -> Vec<GameLog> {
        let mut logs = Vec::new();
        while let Some(log) = self.next().await {
            logs.push(log);
        }
        logs
    }
}

/// Fetches every log's room record, `SETUP_AT_ONCE` at a time.
pub async fn records(addr: SocketAddr, logs: &[GameLog]) -> Vec<Result<Snapshot, String>> {
    let limit = Arc::new(Semaphore::new(SETUP_AT_ONCE));
    let mut set = JoinSet::new();
    for (i, log) in logs.iter().enumerate() {
        let (limit, room) = (limit.clone(), log.room.clone());
        set.spawn(async move {
            let _permit = limit.acquire_owned().await;
            (i, net::snapshot(addr, &room).await)
        });
    }
    let mut out: Vec<Result<Snapshot, String>> =
        (0..logs.len()).map(|_| Err("not fetched".into())).collect();
    while let Some(joined) = set.join_next().await {
        if let Ok((i, record)) = joined {
            out[i] = record;
        }
    }
    out
}

/// The sums over finished games: what their clients saw against their
/// records.
#[derive(Debug, Default)]
pub struct Tally {
    /// Games whose clients both saw the end.
    pub finished: usize,
    /// Moves in the records.
    pub moves: usize,
    /// The comparison.
    pub check: Check,
    /// Records that could not be fetched.
    pub unfetched: usize,
    /// Client failures (not counting closed connections), first few.
    pub failures: Vec<String>,
    /// Error frames the game clients got.
    pub errors: usize,
    /// Snapshots the clients got mid-game (a lagging connection).
    pub resyncs: usize,
    /// Relay latencies (µs), sorted.
    pub latencies_us: Vec<u64>,
}

/// Checks every game against its record.
pub fn tally(logs: &[GameLog], records: &[Result<Snapshot, String>]) -> Tally {
    let mut tally = Tally::default();
    for (log, record) in logs.iter().zip(records) {
        let both_ended = log
            .clients
            .iter()
            .all(|c| matches!(c.end, bot::End::Ended(_)));
        tally.finished += usize::from(both_ended);
        for client in &log.clients {
            tally.errors += client.errors.len();
            tally.resyncs += client.resyncs;
            tally.latencies_us.extend(&client.latencies_us);
            if let bot::End::Failed(why) = &client.end {
                if tally.failures.len() < 10 {
                    tally
                        .failures
                        .push(format!("{} seat {}: {why}", log.room, client.seat + 1));
                } else {
                    tally.failures.push(String::new());
                }
            }
        }
        match record {
            Ok(record) => {
                tally.moves += record.moves.len();
                let check = bot::check(log, record);
                tally.check.acked += check.acked;
                tally.check.unrelayed += check.unrelayed;
                tally.check.differing += check.differing;
            }
            Err(_) => tally.unfetched += 1,
        }
    }
    tally.latencies_us.sort_unstable();
    tally
}

impl Tally {
    /// Whether no move was lost: every acknowledged move relayed, every
    /// record as told, every record fetched, no client failed.
    pub fn intact(&self) -> bool {
        self.check.unrelayed == 0
            && self.check.differing == 0
            && self.unfetched == 0
            && self.failures.is_empty()
    }
}

/// Runs `load`; the report.
pub async fn run(args: &LoadArgs) -> Result<Value, String> {
    let addr = net::loopback(&args.url)?;
    let fd_limit = stats::raise_fd_limit();
    if !net::healthy(addr).await {
        return Err(format!("{}: /api/health does not answer ok", args.url));
    }
    let pid = args.pid;
    let before = pid.and_then(stats::memory_kib);
    let setup = Instant::now();
    let (made, setup_failures) = pairs(addr, args.games, &args.control).await;
    let setup_secs = setup.elapsed().as_secs_f64();
    // CPU from the first connection to the last game's end.
    let cpu_before = pid.and_then(stats::cpu_seconds);
    let own_cpu_before = stats::cpu_seconds(std::process::id());
    let measured = Instant::now();
    let style = Style {
        max_plies: args.max_plies,
        deadline: Instant::now() + Duration::from_secs(args.duration),
        think: Duration::from_millis(args.think_ms),
        wall_rate: args.wall_rate,
    };
    let games = made.len();
    let mut batch = Batch::start(addr, made, style, args.seed).await;
    let go_at = batch.go_at;
    let ready = batch.ready;
    let mut peak = pid.and_then(stats::memory_kib).map_or(0, |m| m.0);
    let mut rss_all_live = peak;
    let mut logs = Vec::new();
    loop {
        tokio::select! {
            log = batch.next() => match log {
                Some(log) => logs.push(log),
                None => break,
            },
            _ = tokio::time::sleep(Duration::from_millis(100)) => {
                if let Some((rss, _)) = pid.and_then(stats::memory_kib) {
                    peak = peak.max(rss);
                    if logs.is_empty() {
                        rss_all_live = rss_all_live.max(rss);
                    }
                }
            }
        }
    }
    let play_secs = go_at.elapsed().as_secs_f64();
    let measured_secs = measured.elapsed().as_secs_f64();
    let after = pid.and_then(stats::memory_kib);
    let cpu_after = pid.and_then(stats::cpu_seconds);
    let own_cpu = stats::cpu_seconds(std::process::id())
        .zip(own_cpu_before)
        .map(|(a, b)| a - b);
    let fetched = records(addr, &logs).await;
    let tally = tally(&logs, &fetched);
    let lat = &tally.latencies_us;
    let server_cpu = cpu_after.zip(cpu_before).map(|(a, b)| a - b);
    let rss_before = before.map(|m| m.0);
    let per_game = rss_before.map(|b| peak.saturating_sub(b) as f64 / games.max(1) as f64);
    Ok(json!({
        "command": "load",
        "games_asked": args.games,
        "games": games,
        "setup_failures": setup_failures.len(),
        "setup_failure_first": setup_failures.first(),
        "setup_seconds": setup_secs,
        "clients_ready": ready,
        "games_finished": tally.finished,
        "moves": tally.moves,
        "acked_moves": tally.check.acked,
        "play_seconds": play_secs,
        "moves_per_second": tally.moves as f64 / play_secs.max(1e-9),
        "latency_samples": lat.len(),
        "latency_p50_ms": stats::ms(stats::quantile(lat, 0.5)),
        "latency_p99_ms": stats::ms(stats::quantile(lat, 0.99)),
        "latency_max_ms": stats::ms(lat.last().copied().unwrap_or(0)),
        "unrelayed_moves": tally.check.unrelayed,
        "differing_moves": tally.check.differing,
        "records_unfetched": tally.unfetched,
        "client_failures": tally.failures.len(),
        "client_failure_first": tally.failures.first(),
        "error_frames": tally.errors,
        "resyncs": tally.resyncs,
        "no_move_lost": tally.intact(),
        "server_rss_before_kib": rss_before,
        "server_rss_all_live_kib": pid.map(|_| rss_all_live),
        "server_rss_peak_kib": pid.map(|_| peak),
        "server_rss_after_kib": after.map(|m| m.0),
        "server_rss_per_game_kib": per_game,
        "server_cpu_seconds": server_cpu,
        "cpu_seconds_measured": measured_secs,
        "server_cpu_percent_of_a_core": server_cpu.map(|c| 100.0 * c / measured_secs.max(1e-9)),
        "tool_cpu_seconds": own_cpu,
        "fd_limit": fd_limit,
    }))
}
