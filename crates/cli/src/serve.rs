//! `serve`: the play-a-friend server (`quoridor_server`): rooms over an
//! invite link, live games over WebSocket, an SQLite database (or a
//! PostgreSQL one several servers share), and the built page from `--dist`.

use super::stdout::StdoutError;
use clap::Args;
use quoridor_server::limit::{DEFAULT_REQUESTS_PER_MINUTE, DEFAULT_WEBSOCKETS_PER_IP};
use quoridor_server::{
    BasePath, DbLocation, IpLimits, ServeError, ServerConfig, Unload, DEFAULT_HEARTBEAT_EVERY,
    DEFAULT_SWEEP_EVERY,
};
use std::fmt;
use std::io::Write;
use std::net::IpAddr;
use std::path::PathBuf;
use std::time::Duration;

/// What `serve --help` says after its flags.
pub const HELP: &str = "\
Players make a room (POST /api/rooms), share its invite link, and play over
WebSocket (/ws/ROOM); the server checks every move with the rules, holds the
clocks, and commits every move to the database before anyone is told. It
prints the address it listens on and stops on Ctrl-C or SIGTERM.

Each client address may make or join --requests-per-minute rooms at once
and then as many a minute (beyond that: 429 and Retry-After), and hold
--websockets-per-ip games open; 0 turns either limit off. Behind a reverse
proxy every client has the proxy's address: pass --trust-proxy so that the
last X-Forwarded-For address is the client's (only then, as a client can
send the header itself). Rooms nobody is connected to leave memory after
--unload-finished-after seconds once their game is over, or
--unload-idle-after seconds in any case, and are read back from the
database when asked for again.

The protocol and the threats it guards against: docs/server.md.";

/// Why `serve` stopped.
#[derive(Debug)]
pub enum ServeCommandError {
    /// The server could not start, or failed.
    Serve(ServeError),
    /// The address line could not be written.
    Output(StdoutError),
}

impl fmt::Display for ServeCommandError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            ServeCommandError::Serve(e) => e.fmt(f),
            ServeCommandError::Output(e) => e.fmt(f),
        }
    }
}

impl std::error::Error for ServeCommandError {}

/// The flags of `serve`.
#[derive(Debug, Args)]
pub struct ServeArgs {
    /// Port to listen on (0: any free one; the address is printed)
    #[arg(long, value_name = "PORT", default_value_t = 8080)]
    pub port: u16,
    /// Address to listen on (the default takes local connections only, as
    /// behind a reverse proxy)
    #[arg(long, value_name = "ADDR", default_value = "127.0.0.1")]
    pub bind: IpAddr,
    /// The database: an SQLite file (a path or sqlite:PATH, created if
    /// missing), or a postgres:// URL that several servers share
    #[arg(long, value_name = "PATH|URL", default_value = "quoridor.db")]
    pub db: String,
    /// The built page to serve (Trunk's dist/ folder); without it, the API alone
    #[arg(long, value_name = "DIR")]
    pub dist: Option<PathBuf>,
    /// The URL players open the page at (https://example.org/quoridor): the
    /// base of invite links and the one origin allowed to open a game
    /// [default: the address each request was sent to]
    #[arg(long, value_name = "URL")]
    pub public_url: Option<String>,
    /// The path to serve everything under (/quoridor/), behind a proxy that
    /// passes that path on; the page must be built for it (trunk build
    /// --public-url /quoridor/)
    #[arg(long, value_name = "PATH", default_value = "/")]
    pub base_path: BasePath,
    /// Rooms one client address may make or join at once, then per minute
    /// (0: no limit)
    #[arg(long, value_name = "N", default_value_t = DEFAULT_REQUESTS_PER_MINUTE)]
    pub requests_per_minute: u32,
    /// Game connections (WebSockets) one client address may hold open at
    /// once (0: no limit)
    #[arg(long, value_name = "N", default_value_t = DEFAULT_WEBSOCKETS_PER_IP)]
    pub websockets_per_ip: u32,
    /// Take the client's address from the last X-Forwarded-For entry (only
    /// behind a reverse proxy that sets it) instead of the connection's
    #[arg(long)]
    pub trust_proxy: bool,
    /// Seconds a finished game's room stays in memory with nobody
    /// connected
    #[arg(long, value_name = "SECONDS", default_value_t = 600)]
    pub unload_finished_after: u64,
    /// Seconds any room stays in memory with nobody connected
    #[arg(long, value_name = "SECONDS", default_value_t = 3600)]
    pub unload_idle_after: u64,
}

/// Runs the server until SIGINT or SIGTERM.
pub fn serve(args: &ServeArgs) -> Result<(), ServeCommandError> {
    let db: DbLocation = args
        .db
        .parse()
        .map_err(|e| ServeCommandError::Serve(ServeError::Db(e)))?;
    let config = ServerConfig {
        bind: args.bind,
        port: args.port,
        db,
        dist: args.dist.clone(),
        public_url: args.public_url.clone(),
        base_path: args.base_path.clone(),
        limits: IpLimits::per_minute(args.requests_per_minute, args.websockets_per_ip),
        trust_proxy: args.trust_proxy,
        unload: Unload {
            finished_after: Duration::from_secs(args.unload_finished_after),
            idle_after: Duration::from_secs(args.unload_idle_after),
        },
        sweep_every: DEFAULT_SWEEP_EVERY,
        heartbeat_every: DEFAULT_HEARTBEAT_EVERY,
    };
    let mut printed = Ok(());
    quoridor_server::run(config, |addr| {
        let mut out = std::io::stdout().lock();
        printed =
            writeln!(out, "quoridor serve: listening on http://{addr}").and_then(|()| out.flush());
    })
    .map_err(ServeCommandError::Serve)?;
    printed.map_err(|e| ServeCommandError::Output(StdoutError(e)))
}
