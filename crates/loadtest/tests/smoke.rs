//! Each tool at a tiny size against a server this test starts (the
//! binary's own `serve`, the server in-process as `quoridor serve` runs
//! it): the counts and "no move lost", never how long anything took.

use serde_json::Value;
use std::fs::File;
use std::io::{BufRead, BufReader};
use std::path::Path;
use std::process::{Child, Command, Stdio};
use std::sync::mpsc::channel;
use std::time::Duration;

const BIN: &str = env!("CARGO_BIN_EXE_quoridor-loadtest");

/// Long enough for a debug build on a busy machine.
const PATIENCE: Duration = Duration::from_secs(120);

/// A running server, killed when dropped.
struct Server {
    child: Child,
    url: String,
}

impl Drop for Server {
    fn drop(&mut self) {
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}

/// The server with no limit per address (the tools' clients are all on
/// 127.0.0.1).
fn serve(dir: &Path) -> Server {
    serve_with(
        dir,
        &["--requests-per-minute", "0", "--websockets-per-ip", "0"],
    )
}

fn serve_with(dir: &Path, flags: &[&str]) -> Server {
    let stderr = File::create(dir.join("server.err")).expect("a stderr file");
    let mut child = Command::new(BIN)
        .arg("serve")
        .args(flags)
        .args(["--port", "0", "--db"])
        .arg(dir.join("rooms.db"))
        .stdout(Stdio::piped())
        .stderr(stderr)
        .spawn()
        .expect("the server starts");
    let stdout = child.stdout.take().expect("piped stdout");
    let (tx, lines) = channel();
    std::thread::spawn(move || {
        for line in BufReader::new(stdout).lines().map_while(Result::ok) {
            if tx.send(line).is_err() {
                break;
            }
        }
    });
    let line = lines.recv_timeout(PATIENCE).expect("the address line");
    let addr = line
        .strip_prefix("quoridor serve: listening on ")
        .unwrap_or_else(|| panic!("{line}"));
    Server {
        url: addr.to_string(),
        child,
    }
}

/// Runs the tool with `args` and `--json`; its report.
fn tool(args: &[&str]) -> Value {
    let out = Command::new(BIN)
        .args(args)
        .arg("--json")
        .output()
        .expect("the tool runs");
    let stdout = String::from_utf8_lossy(&out.stdout);
    assert!(
        out.status.success(),
        "{args:?}: {:?}\n{stdout}\n{}",
        out.status,
        String::from_utf8_lossy(&out.stderr)
    );
    serde_json::from_str(stdout.trim()).unwrap_or_else(|e| panic!("{e}: {stdout}"))
}

fn count(report: &Value, field: &str) -> u64 {
    report[field]
        .as_u64()
        .unwrap_or_else(|| panic!("{field} in {report}"))
}

#[test]
fn load_fuzz_and_crash_at_a_tiny_size_lose_no_move() {
    let dir = tempfile::tempdir().expect("a temporary folder");
    let server = serve(dir.path());
    let pid = server.child.id().to_string();

    let load = tool(&["load", "--url", &server.url, "--games", "4", "--pid", &pid]);
    assert_eq!(count(&load, "games"), 4, "{load}");
    assert_eq!(count(&load, "games_finished"), 4, "{load}");
    assert!(count(&load, "moves") >= 8, "{load}");
    assert_eq!(count(&load, "moves"), count(&load, "acked_moves"), "{load}");
    assert_eq!(count(&load, "unrelayed_moves"), 0, "{load}");
    assert_eq!(count(&load, "differing_moves"), 0, "{load}");
    assert_eq!(load["no_move_lost"], true, "{load}");
    assert!(load["server_rss_peak_kib"].as_u64().is_some(), "{load}");

    let fuzz = tool(&[
        "fuzz",
        "--url",
        &server.url,
        "--frames",
        "1000",
        "--games",
        "2",
        "--pid",
        &pid,
    ]);
    assert!(count(&fuzz, "frames_sent") >= 1000, "{fuzz}");
    assert!(count(&fuzz, "error_frames") > 0, "{fuzz}");
    assert!(count(&fuzz, "closed_by_server") > 0, "{fuzz}");
    assert_eq!(fuzz["server_alive"], true, "{fuzz}");
    assert_eq!(fuzz["health_ok"], true, "{fuzz}");
    assert!(count(&fuzz, "real_games") >= 2, "{fuzz}");
    assert_eq!(fuzz["real_games_intact"], true, "{fuzz}");
    drop(server);
    let stderr = std::fs::read_to_string(dir.path().join("server.err")).unwrap_or_default();
    assert!(!stderr.contains("panicked"), "{stderr}");

    let crash = tool(&[
        "crash",
        "--server",
        BIN,
        "--games",
        "10",
        "--kill-after-ms",
        "500",
    ]);
    assert_eq!(count(&crash, "games"), 10, "{crash}");
    assert!(count(&crash, "moves_told") > 0, "{crash}");
    assert_eq!(count(&crash, "moves_lost"), 0, "{crash}");
    assert_eq!(count(&crash, "moves_differing"), 0, "{crash}");
    assert_eq!(count(&crash, "clocks_differing"), 0, "{crash}");
    assert_eq!(crash["every_told_move_kept"], true, "{crash}");
}

/// A server left at a small limit per address refuses the load's rooms
/// past it, and the tool says which flag lifts it.
#[test]
fn load_against_a_limited_server_says_which_flag_lifts_the_limit() {
    let dir = tempfile::tempdir().expect("a temporary folder");
    let server = serve_with(dir.path(), &["--requests-per-minute", "1"]);
    let out = Command::new(BIN)
        .args(["load", "--url", &server.url, "--games", "2", "--json"])
        .output()
        .expect("the tool runs");
    let stdout = String::from_utf8_lossy(&out.stdout);
    let report: Value =
        serde_json::from_str(stdout.trim()).unwrap_or_else(|e| panic!("{e}: {stdout}"));
    // One token: a room may be made, but no game gets both its requests.
    assert_eq!(count(&report, "setup_failures"), 2, "{report}");
    assert_eq!(count(&report, "games"), 0, "{report}");
    let first = report["setup_failure_first"].as_str().unwrap_or_default();
    assert!(first.contains(": 429 "), "{report}");
    assert!(first.contains("--requests-per-minute 0"), "{report}");
}
