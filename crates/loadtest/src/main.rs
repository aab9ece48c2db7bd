//! `quoridor-loadtest`: load, fuzz and crash tools for the play-a-friend
//! server (`quoridor serve`), measured as benchmarks, not timed tests:
//!
//! - `load`: N simultaneous bot games over loopback; moves per second,
//!   relay latency, the server's memory and CPU, and no move lost;
//! - `fuzz`: random and malformed frames while real games play; the server
//!   answers or closes, never falls, and the games keep every move;
//! - `crash`: `kill -9` of a server with live games, a restart on the same
//!   file, and every move the clients were told still there;
//! - `serve`: the server in-process (what `quoridor serve` runs), for the
//!   smoke test and `crash --server` without the command line built.
//!
//! Traffic goes to loopback addresses only. docs/server.md#measured has the
//! figures and the commands.

mod bot;
mod crash;
mod fuzz;
mod load;
mod net;
mod stats;

use clap::{Parser, Subcommand};
use serde_json::Value;
use std::io::Write;
use std::path::PathBuf;
use std::process::ExitCode;

/// The command line.
#[derive(Debug, Parser)]
#[command(name = "quoridor-loadtest", version, about)]
struct Cli {
    #[command(subcommand)]
    command: Command,
}

/// The tools.
#[derive(Debug, Subcommand)]
enum Command {
    /// Bot games at once against a running server.
    Load(load::LoadArgs),
    /// Random and malformed frames against a running server, with real
    /// games alongside.
    Fuzz(fuzz::FuzzArgs),
    /// Kill -9 a server with live games, restart it, check every move.
    Crash(crash::CrashArgs),
    /// Runs the server in-process, as `quoridor serve` does.
    Serve(ServeArgs),
}

/// `serve`'s flags: the same as `quoridor serve`'s first ones and its
/// limits per client address (every client of these tools is on
/// 127.0.0.1: give them 0, no limit).
#[derive(Debug, clap::Args)]
struct ServeArgs {
    /// The port; 0 takes any free one.
    #[arg(long, default_value_t = 8080)]
    port: u16,
    /// The SQLite file.
    #[arg(long, default_value = "quoridor.db")]
    db: PathBuf,
    /// Rooms one client address may make or join at once, then per minute
    /// (0: no limit).
    #[arg(long, value_name = "N", default_value_t = quoridor_server::limit::DEFAULT_REQUESTS_PER_MINUTE)]
    requests_per_minute: u32,
    /// WebSockets one client address may hold open (0: no limit).
    #[arg(long, value_name = "N", default_value_t = quoridor_server::limit::DEFAULT_WEBSOCKETS_PER_IP)]
    websockets_per_ip: u32,
}

/// Prints `report` (one JSON object, or one `key: value` line per field);
/// whether its verdict holds.
fn print(report: &Value, json: bool, verdict: &str) -> bool {
    if json {
        println!("{report}");
    } else if let Some(fields) = report.as_object() {
        for (key, value) in fields {
            match value {
                Value::Number(n) if n.is_f64() => {
                    println!("{key}: {:.2}", n.as_f64().unwrap_or(0.0))
                }
                Value::String(s) => println!("{key}: {s}"),
                other => println!("{key}: {other}"),
            }
        }
    }
    report[verdict] == true
}

fn runtime() -> Result<tokio::runtime::Runtime, String> {
    tokio::runtime::Builder::new_multi_thread()
        .enable_all()
        .build()
        .map_err(|e| format!("a runtime: {e}"))
}

fn main() -> ExitCode {
    let cli = Cli::parse();
    let outcome = match cli.command {
        Command::Load(args) => runtime()
            .and_then(|rt| rt.block_on(load::run(&args)))
            .map(|r| print(&r, args.json, "no_move_lost")),
        Command::Fuzz(args) => runtime()
            .and_then(|rt| rt.block_on(fuzz::run(&args)))
            .map(|r| {
                let ok = print(&r, args.json, "real_games_intact");
                ok && r["health_ok"] == true && r["server_alive"] != false
            }),
        Command::Crash(args) => runtime()
            .and_then(|rt| rt.block_on(crash::run(&args)))
            .map(|r| print(&r, args.json, "every_told_move_kept")),
        Command::Serve(args) => {
            let mut config = quoridor_server::ServerConfig::new(args.port, args.db);
            config.limits = quoridor_server::IpLimits::per_minute(
                args.requests_per_minute,
                args.websockets_per_ip,
            );
            quoridor_server::run(config, |addr| {
                let mut out = std::io::stdout().lock();
                let _ = writeln!(out, "quoridor serve: listening on http://{addr}")
                    .and_then(|()| out.flush());
            })
            .map(|()| true)
            .map_err(|e| e.to_string())
        }
    };
    match outcome {
        Ok(true) => ExitCode::SUCCESS,
        Ok(false) => ExitCode::FAILURE,
        Err(e) => {
            eprintln!("error: {e}");
            ExitCode::from(2)
        }
    }
}
