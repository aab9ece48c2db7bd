//! Starting and stopping the server: open the database, bind the port,
//! serve the app until told to stop.

use crate::app::{router, AppState};
use crate::base_path::BasePath;
use crate::hub::{now_ms, Hub, Unload};
use crate::limit::{IpLimiter, IpLimits};
use crate::store::{DbLocation, DbLocationError, Store, StoreError};
use std::fmt;
use std::io;
use std::net::{IpAddr, Ipv4Addr, SocketAddr};
use std::path::PathBuf;
use std::time::Duration;
use tokio::net::TcpListener;
use tokio::sync::oneshot;
use tokio::task::JoinHandle;

/// What `quoridor serve` is told.
#[derive(Clone, Debug)]
pub struct ServerConfig {
    /// The address to listen on (127.0.0.1: behind a reverse proxy).
    pub bind: IpAddr,
    /// The port (0: any free one).
    pub port: u16,
    /// The database: an SQLite file (created if missing) or a PostgreSQL
    /// URL shared with other servers.
    pub db: DbLocation,
    /// The built page (Trunk's `dist/`), if it is to be served.
    pub dist: Option<PathBuf>,
    /// The URL players reach the page at (`https://example.org/quoridor`):
    /// the WebSocket's allowed Origin and the base of invite links.
    pub public_url: Option<String>,
    /// The path everything is served under (`/`, or `/quoridor/` behind a
    /// proxy that passes the path on): the page must be built for it.
    pub base_path: BasePath,
    /// Room creations, joins and open WebSockets per client address.
    pub limits: IpLimits,
    /// Whether the client's address is the last one in `X-Forwarded-For`
    /// (only behind a reverse proxy that writes it: a client can send the
    /// header too).
    pub trust_proxy: bool,
    /// When rooms nobody uses leave memory.
    pub unload: Unload,
    /// How often the rooms nobody uses are looked for (and the addresses
    /// whose buckets are full again forgotten).
    pub sweep_every: Duration,
    /// On PostgreSQL, how often this server tells the others it is alive;
    /// one not heard for three of these is given up (its players away).
    pub heartbeat_every: Duration,
}

/// How often a server on PostgreSQL says it is alive, by default.
pub const DEFAULT_HEARTBEAT_EVERY: Duration = Duration::from_secs(10);

/// How often the server looks for rooms to unload, by default.
pub const DEFAULT_SWEEP_EVERY: Duration = Duration::from_secs(60);

impl ServerConfig {
    /// Port `port` on 127.0.0.1 with the database at `db` (an SQLite
    /// file's path, or a [`DbLocation`]), no page, the default limits per
    /// address (no proxy trusted) and unloading.
    pub fn new(port: u16, db: impl Into<DbLocation>) -> ServerConfig {
        ServerConfig {
            bind: IpAddr::V4(Ipv4Addr::LOCALHOST),
            port,
            db: db.into(),
            dist: None,
            public_url: None,
            base_path: BasePath::root(),
            limits: IpLimits::default(),
            trust_proxy: false,
            unload: Unload::default(),
            sweep_every: DEFAULT_SWEEP_EVERY,
            heartbeat_every: DEFAULT_HEARTBEAT_EVERY,
        }
    }
}

/// Why the server could not start or stopped.
#[derive(Debug)]
pub enum ServeError {
    /// `--db` names no database this server speaks.
    Db(DbLocationError),
    /// The database could not be opened.
    Store(StoreError),
    /// `--dist` is not a folder.
    Dist(PathBuf),
    /// `--public-url` is not an http(s) URL.
    PublicUrl(String),
    /// The port could not be bound, or serving failed.
    Io(io::Error),
}

impl fmt::Display for ServeError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            ServeError::Db(e) => write!(f, "--db: {e}"),
            ServeError::Store(e) => write!(f, "--db: {e}"),
            ServeError::Dist(path) => write!(f, "--dist: {} is not a folder", path.display()),
            ServeError::PublicUrl(url) => {
                write!(f, "--public-url: {url:?} is not an http:// or https:// URL")
            }
            ServeError::Io(e) => write!(f, "serving: {e}"),
        }
    }
}

impl std::error::Error for ServeError {}

/// A running server.
#[derive(Debug)]
pub struct Running {
    /// Where it listens.
    pub addr: SocketAddr,
    stop: oneshot::Sender<()>,
    task: JoinHandle<io::Result<()>>,
    /// On PostgreSQL, the task following the other servers' changes.
    listening: Option<JoinHandle<()>>,
    /// The task unloading idle rooms and forgetting idle addresses.
    sweeping: JoinHandle<()>,
    /// On PostgreSQL, the heartbeat of the presence channel.
    beating: Option<JoinHandle<()>>,
    store: Store,
    hub: std::sync::Arc<Hub>,
}

/// The shortest period of the server's own timers (the sweep, the
/// heartbeat), whatever the configuration says.
const MIN_PERIOD: Duration = Duration::from_millis(10);

/// Runs `each` at once and then every `every` (a late run delays the next
/// rather than bunching them), until the task is aborted.
fn repeat<F, Fut>(every: Duration, mut each: F) -> JoinHandle<()>
where
    F: FnMut() -> Fut + Send + 'static,
    Fut: std::future::Future<Output = ()> + Send,
{
    tokio::spawn(async move {
        let mut ticks = tokio::time::interval(every);
        ticks.set_missed_tick_behavior(tokio::time::MissedTickBehavior::Delay);
        loop {
            ticks.tick().await;
            each().await;
        }
    })
}

/// Opens the database, binds the port and starts serving in the
/// background.
pub async fn start(config: ServerConfig) -> Result<Running, ServeError> {
    if let Some(dist) = &config.dist {
        if !dist.is_dir() {
            return Err(ServeError::Dist(dist.clone()));
        }
    }
    if let Some(url) = &config.public_url {
        if !(url.starts_with("http://") || url.starts_with("https://")) {
            return Err(ServeError::PublicUrl(url.clone()));
        }
    }
    let store = Store::connect(&config.db)
        .await
        .map_err(ServeError::Store)?;
    let hub = Hub::new(store.clone());
    // On PostgreSQL, LISTEN before serving: no change committed by another
    // server after this one is up goes unheard.
    let listening = store
        .listener()
        .await
        .map_err(ServeError::Store)?
        .map(|listener| hub.listen(listener));
    let beating = listening.is_some().then(|| {
        let hub = hub.clone();
        let every = config.heartbeat_every.max(MIN_PERIOD);
        repeat(every, move || {
            let hub = hub.clone();
            async move { hub.heartbeat(every * 3).await }
        })
    });
    let limiter = IpLimiter::new(config.limits);
    let sweeping = {
        let (hub, limiter, unload) = (hub.clone(), limiter.clone(), config.unload);
        repeat(config.sweep_every.max(MIN_PERIOD), move || {
            let (hub, limiter) = (hub.clone(), limiter.clone());
            async move {
                hub.sweep(unload).await;
                limiter.prune(now_ms());
            }
        })
    };
    let state = AppState {
        hub: hub.clone(),
        public_url: config.public_url.clone(),
        base_path: config.base_path.clone(),
        limiter,
        trust_proxy: config.trust_proxy,
    };
    let app =
        router(state, config.dist.clone()).into_make_service_with_connect_info::<SocketAddr>();
    let listener = TcpListener::bind((config.bind, config.port))
        .await
        .map_err(ServeError::Io)?;
    let addr = listener.local_addr().map_err(ServeError::Io)?;
    let (stop, stopped) = oneshot::channel::<()>();
    let task = tokio::spawn(async move {
        axum::serve(listener, app)
            .with_graceful_shutdown(async {
                let _ = stopped.await;
            })
            .await
    });
    Ok(Running {
        addr,
        stop,
        task,
        listening,
        sweeping,
        beating,
        store,
        hub,
    })
}

impl Running {
    /// The live rooms (for tests: which rooms are in memory, a sweep now).
    pub fn hub(&self) -> &std::sync::Arc<Hub> {
        &self.hub
    }

    /// Stops taking connections, waits for the requests under way and
    /// closes the database.
    pub async fn stop(self) -> Result<(), ServeError> {
        let _ = self.stop.send(());
        self.sweeping.abort();
        for task in [&self.listening, &self.beating].into_iter().flatten() {
            task.abort();
        }
        let served = match self.task.await {
            Ok(result) => result.map_err(ServeError::Io),
            Err(e) => Err(ServeError::Io(io::Error::other(e))),
        };
        self.store.close().await;
        served
    }

    /// Stops taking requests at once, with no graceful shutdown: what was
    /// not committed is not written. (WebSockets already open live on
    /// until their clients go; a test that restarts on the same file
    /// closes its clients first.)
    pub fn kill(self) {
        self.task.abort();
        self.sweeping.abort();
        for task in [&self.listening, &self.beating].into_iter().flatten() {
            task.abort();
        }
    }

    /// Serves until SIGINT or SIGTERM, then stops.
    pub async fn until_signalled(self) -> Result<(), ServeError> {
        shutdown_signal().await;
        self.stop().await
    }
}

async fn shutdown_signal() {
    #[cfg(unix)]
    {
        use tokio::signal::unix::{signal, SignalKind};
        if let Ok(mut term) = signal(SignalKind::terminate()) {
            tokio::select! {
                _ = tokio::signal::ctrl_c() => {}
                _ = term.recv() => {}
            }
            return;
        }
    }
    let _ = tokio::signal::ctrl_c().await;
}

/// Runs the server on a runtime of its own until SIGINT or SIGTERM;
/// `listening` is called with the address once the port is bound.
pub fn run(config: ServerConfig, listening: impl FnOnce(SocketAddr)) -> Result<(), ServeError> {
    let runtime = tokio::runtime::Builder::new_multi_thread()
        .enable_all()
        .build()
        .map_err(ServeError::Io)?;
    runtime.block_on(async {
        let running = start(config).await?;
        listening(running.addr);
        running.until_signalled().await
    })
}
