//! `crash`: starts `quoridor serve` on a temporary SQLite file, plays many
//! live games, kills the server with SIGKILL in the middle, starts it again
//! on the same file and checks that every move the clients were told about,
//! with its stamp, is still there.

use crate::bot::{self, Style};
use crate::load::{self, Batch};
use crate::net;
use crate::stats;
use quoridor_server::Status;
use serde_json::{json, Value};
use std::io::{BufRead, BufReader};
use std::net::SocketAddr;
use std::path::{Path, PathBuf};
use std::process::{Child, Command, Stdio};
use std::sync::mpsc;
use std::time::{Duration, Instant};

/// `crash`'s flags.
#[derive(Clone, Debug, clap::Args)]
pub struct CrashArgs {
    /// The server's binary: run as `BIN serve --requests-per-minute 0
    /// --websockets-per-ip 0 --port 0 --db FILE`.
    #[arg(long, default_value = "target/release/quoridor")]
    pub server: PathBuf,
    /// Games live when the server is killed.
    #[arg(long, default_value_t = 200)]
    pub games: usize,
    /// Milliseconds of play before the kill.
    #[arg(long, default_value_t = 3000)]
    pub kill_after_ms: u64,
    /// Milliseconds each bot waits before a move.
    #[arg(long, default_value_t = 20)]
    pub think_ms: u64,
    /// After this many plies the player to move resigns.
    #[arg(long, default_value_t = 200)]
    pub max_plies: usize,
    /// The bots' seed.
    #[arg(long, default_value_t = 1)]
    pub seed: u64,
    /// Print the report as one JSON object.
    #[arg(long)]
    pub json: bool,
}

/// A server process, killed (SIGKILL) when dropped.
struct Server {
    child: Child,
    addr: SocketAddr,
}

impl Drop for Server {
    fn drop(&mut self) {
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}

/// Starts `bin serve --port 0 --db db` with no limit per client address
/// (every client here is on 127.0.0.1) and reads the address it prints.
fn serve(bin: &Path, db: &Path) -> Result<Server, String> {
    let mut child = Command::new(bin)
        .arg("serve")
        .args(["--requests-per-minute", "0", "--websockets-per-ip", "0"])
        .args(["--port", "0", "--db"])
        .arg(db)
        .stdout(Stdio::piped())
        .stderr(Stdio::inherit())
        .spawn()
        .map_err(|e| format!("{}: {e}", bin.display()))?;
    let stdout = child.stdout.take();
    let (tx, lines) = mpsc::channel();
    std::thread::spawn(move || {
        if let Some(stdout) = stdout {
            for line in BufReader::new(stdout).lines().map_while(Result::ok) {
                if tx.send(line).is_err() {
                    break;
                }
            }
        }
    });
    let mut server = Server {
        child,
        addr: SocketAddr::from(([127, 0, 0, 1], 0)),
    };
    let line = lines
        .recv_timeout(net::PATIENCE)
        .map_err(|_| format!("{} serve printed no address", bin.display()))?;
    let addr = line
        .strip_prefix("quoridor serve: listening on http://")
        .ok_or_else(|| format!("{} serve printed {line:?}", bin.display()))?;
    server.addr = net::loopback(&format!("http://{addr}"))?;
    Ok(server)
}

/// Runs `crash`; the report.
pub async fn run(args: &CrashArgs) -> Result<Value, String> {
    let fd_limit = stats::raise_fd_limit();
    let dir = tempfile::tempdir().map_err(|e| format!("a temporary folder: {e}"))?;
    let db = dir.path().join("rooms.db");
    let bin = args.server.clone();
    let first = {
        let (bin, db) = (bin.clone(), db.clone());
        tokio::task::spawn_blocking(move || serve(&bin, &db))
            .await
            .map_err(|e| format!("starting the server: {e}"))??
    };
    let addr = first.addr;
    let (made, setup_failures) = load::pairs(addr, args.games, "10+5").await;
    let style = Style {
        max_plies: args.max_plies,
        deadline: Instant::now() + Duration::from_secs(600),
        think: Duration::from_millis(args.think_ms),
        wall_rate: 0.15,
    };
    let games = made.len();
    let mut batch = Batch::start(addr, made, style, args.seed).await;
    let mut logs = Vec::new();
    let kill_at = batch.go_at + Duration::from_millis(args.kill_after_ms);
    // Collect the games that end before the kill.
    while !batch.is_done() && Instant::now() < kill_at {
        tokio::select! {
            log = batch.next() => logs.extend(log),
            _ = tokio::time::sleep_until(kill_at.into()) => {}
        }
    }
    let live_at_kill = games - logs.len();
    // SIGKILL: no goodbye, nothing flushed.
    drop(first);
    let killed_at = Instant::now();
    logs.extend(batch.finish().await);
    let cut_clients = logs
        .iter()
        .flat_map(|l| &l.clients)
        .filter(|c| c.end == bot::End::Closed)
        .count();
    let second = {
        let (bin, db) = (bin.clone(), db.clone());
        tokio::task::spawn_blocking(move || serve(&bin, &db))
            .await
            .map_err(|e| format!("restarting the server: {e}"))??
    };
    let restart_secs = killed_at.elapsed().as_secs_f64();
    let records = load::records(second.addr, &logs).await;
    let mut told_moves = 0;
    let mut stored_moves = 0;
    let mut lost = 0;
    let mut differing = 0;
    let mut untold = 0;
    let mut unfetched = 0;
    let mut clocks_checked = 0;
    let mut clocks_differing = 0;
    let mut failures = Vec::new();
    for (log, record) in logs.iter().zip(&records) {
        for client in &log.clients {
            if let bot::End::Failed(why) = &client.end {
                failures.push(format!("{} seat {}: {why}", log.room, client.seat + 1));
            }
        }
        // What anyone was told: the longer of the two lists (each is a
        // prefix of the other, checked below).
        let [a, b] = [&log.clients[0].told, &log.clients[1].told];
        let told = if a.len() >= b.len() { a } else { b };
        let shorter = if a.len() >= b.len() { b } else { a };
        differing += shorter
            .iter()
            .zip(told.iter())
            .filter(|(x, y)| x != y)
            .count();
        told_moves += told.len();
        let Ok(record) = record else {
            unfetched += 1;
            continue;
        };
        stored_moves += record.moves.len();
        for (ply, (mv, at)) in told.iter().enumerate() {
            match (record.moves.get(ply), record.stamps_ms.get(ply)) {
                (Some(m), Some(s)) if m == mv && s == at => {}
                (None, _) => lost += 1,
                _ => differing += 1,
            }
        }
        untold += record.moves.len().saturating_sub(told.len());
        // The clocks: where the record ends at the last move told, the
        // server's reading now is that move's clocks, less the time since
        // its stamp on the running clock.
        let teller = if a.len() >= b.len() { 0 } else { 1 };
        let last = log.clients[teller].clocks.last().cloned().flatten();
        if let (Some(clock), Some((_, at))) = (last, told.last()) {
            if record.moves.len() == told.len() && record.status == Status::Playing {
                clocks_checked += 1;
                let expected: Vec<u64> = clock
                    .remaining_ms
                    .iter()
                    .enumerate()
                    .map(|(seat, &left)| match clock.running {
                        Some(running) if running == seat => {
                            left.saturating_sub(record.server_ms.saturating_sub(*at))
                        }
                        _ => left,
                    })
                    .collect();
                if expected != record.clock.remaining_ms || clock.running != record.clock.running {
                    clocks_differing += 1;
                }
            }
        }
    }
    drop(second);
    let intact = lost == 0
        && differing == 0
        && clocks_differing == 0
        && unfetched == 0
        && failures.is_empty();
    Ok(json!({
        "command": "crash",
        "games": games,
        "setup_failures": setup_failures.len(),
        "games_live_at_kill": live_at_kill,
        "clients_cut_by_kill": cut_clients,
        "moves_told": told_moves,
        "moves_stored_after_restart": stored_moves,
        "moves_lost": lost,
        "moves_differing": differing,
        "moves_stored_never_told": untold,
        "records_unfetched": unfetched,
        "clocks_checked": clocks_checked,
        "clocks_differing": clocks_differing,
        "client_failures": failures.len(),
        "client_failure_first": failures.first(),
        "restart_seconds": restart_secs,
        "every_told_move_kept": intact,
        "fd_limit": fd_limit,
    }))
}
