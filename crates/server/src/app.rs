//! The HTTP side: the router built in one place, the JSON API (room
//! creations and joins limited per client address), the WebSocket upgrade
//! (with its Origin check, its count per address and frame limits) and the
//! built page as static files with compression and cache headers.

use crate::base_path::BasePath;
use crate::connection;
use crate::hub::{now_ms, Colour, Hub, HubError};
use crate::limit::{client_key, IpLimiter, RetryAfter};
use crate::protocol::{MAX_FRAME_BYTES, PROTOCOL_VERSION};
use crate::seat::SeatIndex;
use crate::secret::{RoomId, Secret};
use crate::TimeControl;
use axum::body::Bytes;
use axum::extract::{
    ConnectInfo, DefaultBodyLimit, FromRequestParts, Path, Request, State, WebSocketUpgrade,
};
use axum::http::request::Parts;
use axum::http::{header, HeaderMap, HeaderValue, StatusCode};
use axum::middleware::{self, Next};
use axum::response::{IntoResponse, Redirect, Response};
use axum::routing::{get, post};
use axum::{Json, Router};
use quoridor_rules::Variant;
use serde::Deserialize;
use serde_json::{json, Value};
use std::convert::Infallible;
use std::net::{IpAddr, SocketAddr};
use std::path::PathBuf;
use std::sync::Arc;
use tower_http::compression::CompressionLayer;
use tower_http::services::ServeDir;

/// The largest request body of the JSON API.
const MAX_BODY_BYTES: usize = 4096;

/// What the handlers share.
#[derive(Clone, Debug)]
pub struct AppState {
    /// The live rooms.
    pub hub: Arc<Hub>,
    /// The origin the page is served from (`https://example.org`), if
    /// configured; else the request's own `Host`.
    pub public_url: Option<String>,
    /// The path the server answers under (`/`, or `/quoridor/`): invite
    /// links without a public URL point under it.
    pub base_path: BasePath,
    /// Room creations, joins and open WebSockets per client address.
    pub limiter: Arc<IpLimiter>,
    /// Whether the client's address is the last one in `X-Forwarded-For`
    /// (the server is behind a reverse proxy that writes it) rather than
    /// the TCP peer's.
    pub trust_proxy: bool,
}

/// The address a request counts against (see [`client_key`]): the TCP
/// peer's (from the connection, when the server was started with
/// `into_make_service_with_connect_info`), or the proxy's word for it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct ClientIp(pub IpAddr);

impl FromRequestParts<AppState> for ClientIp {
    type Rejection = Infallible;

    async fn from_request_parts(
        parts: &mut Parts,
        state: &AppState,
    ) -> Result<ClientIp, Infallible> {
        let peer = parts
            .extensions
            .get::<ConnectInfo<SocketAddr>>()
            .map(|ConnectInfo(addr)| addr.ip());
        let forwarded = parts
            .headers
            .get_all("x-forwarded-for")
            .iter()
            .filter_map(|value| value.to_str().ok());
        Ok(ClientIp(client_key(peer, forwarded, state.trust_proxy)))
    }
}

/// The whole app: the API, the WebSocket and, with `dist`, the page, all
/// under the state's base path. Under a sub-path (`/quoridor/`) the bare
/// path (`/quoridor`) and the root redirect to it, and nothing else
/// outside it is served.
pub fn router(state: AppState, dist: Option<PathBuf>) -> Router {
    let base = state.base_path.clone();
    let app = app(state, dist);
    match base.prefix() {
        None => app,
        Some(_) => Router::new()
            .fallback_service(app)
            .layer(middleware::from_fn_with_state(base, under_base_path)),
    }
}

/// Passes a request under the base path on with the path stripped
/// (`/quoridor/api/health` → `/api/health`); the bare path and the root
/// are redirected to the base path, anything else is not found.
async fn under_base_path(State(base): State<BasePath>, request: Request, next: Next) -> Response {
    let path = request.uri().path();
    let prefix = base.prefix().unwrap_or("");
    if path == "/" || path == prefix {
        return Redirect::permanent(base.as_str()).into_response();
    }
    // The path and query with the prefix taken off the front.
    let inner = request
        .uri()
        .path_and_query()
        .and_then(|pq| pq.as_str().strip_prefix(prefix))
        .filter(|rest| rest.starts_with('/'));
    let Some(inner) = inner.map(str::parse) else {
        return StatusCode::NOT_FOUND.into_response();
    };
    let (mut parts, body) = request.into_parts();
    let mut uri = parts.uri.into_parts();
    match inner {
        Ok(path_and_query) => uri.path_and_query = Some(path_and_query),
        Err(_) => return StatusCode::BAD_REQUEST.into_response(),
    }
    parts.uri = match axum::http::Uri::from_parts(uri) {
        Ok(uri) => uri,
        Err(_) => return StatusCode::BAD_REQUEST.into_response(),
    };
    next.run(Request::from_parts(parts, body)).await
}

/// The app at its own root: what [`router`] nests under the base path.
fn app(state: AppState, dist: Option<PathBuf>) -> Router {
    let limited = Router::new()
        .route("/api/rooms", post(create_room))
        .route("/api/rooms/{id}/join", post(join_room))
        .route_layer(middleware::from_fn_with_state(
            state.clone(),
            limit_requests,
        ));
    let reads = Router::new()
        .route("/api/rooms/{id}", get(room_state))
        .route_layer(middleware::from_fn_with_state(state.clone(), limit_reads));
    let api = Router::new()
        .route("/api/health", get(health))
        .merge(reads)
        .merge(limited)
        .layer(DefaultBodyLimit::max(MAX_BODY_BYTES))
        .layer(middleware::from_fn(no_store))
        .route("/ws/{id}", get(websocket))
        .with_state(state);
    let app = match dist {
        Some(dist) => api.fallback_service(ServeDir::new(dist).precompressed_gzip()),
        None => api,
    };
    app.layer(middleware::from_fn(cache_headers))
        .layer(CompressionLayer::new())
}

/// The answer of a failed API request: a status and `{"ok": false, "error": …}`.
fn failure(status: StatusCode, message: impl std::fmt::Display) -> Response {
    (
        status,
        Json(json!({ "ok": false, "error": message.to_string() })),
    )
        .into_response()
}

/// Room creations and joins beyond the client address's bucket: 429, with
/// `Retry-After` in seconds.
async fn limit_requests(
    State(state): State<AppState>,
    ClientIp(ip): ClientIp,
    request: Request,
    next: Next,
) -> Response {
    match state.limiter.request(ip, now_ms()) {
        Ok(()) => next.run(request).await,
        Err(RetryAfter(seconds)) => too_many(
            seconds,
            format!("too many rooms made or joined from your address: try again in {seconds} s"),
        ),
    }
}

/// Room reads beyond the client address's bucket (ten times the writes'):
/// 429, with `Retry-After` in seconds.
async fn limit_reads(
    State(state): State<AppState>,
    ClientIp(ip): ClientIp,
    request: Request,
    next: Next,
) -> Response {
    match state.limiter.read(ip, now_ms()) {
        Ok(()) => next.run(request).await,
        Err(RetryAfter(seconds)) => too_many(
            seconds,
            format!("too many rooms read from your address: try again in {seconds} s"),
        ),
    }
}

/// A 429 answer saying `message`, with `Retry-After: seconds`.
fn too_many(seconds: u64, message: String) -> Response {
    let mut answer = failure(StatusCode::TOO_MANY_REQUESTS, message);
    answer
        .headers_mut()
        .insert(header::RETRY_AFTER, HeaderValue::from(seconds));
    answer
}

fn hub_failure(e: HubError) -> Response {
    let status = match e {
        HubError::NoRoom => StatusCode::NOT_FOUND,
        HubError::BadInvite => StatusCode::CONFLICT,
        HubError::BadSettings(_) => StatusCode::BAD_REQUEST,
        HubError::Store(_) | HubError::Random(_) => StatusCode::SERVICE_UNAVAILABLE,
    };
    failure(status, e)
}

/// `GET /api/health`: the server answers, its protocol, and how many rooms
/// it holds in memory (for operators and the load tool).
async fn health(State(state): State<AppState>) -> Json<Value> {
    let rooms = state.hub.rooms_held().await;
    Json(json!({ "ok": true, "protocol": PROTOCOL_VERSION, "rooms_in_memory": rooms }))
}

/// The body of `POST /api/rooms`; every field may be left out.
#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
struct NewRoom {
    /// Board size (9).
    #[serde(default = "nine")]
    size: u8,
    /// Walls per player (10).
    #[serde(default = "ten")]
    walls: u8,
    /// The time control (`10+5`).
    #[serde(default = "ten_plus_five")]
    control: String,
    /// `first`, `second` or `random` (random).
    #[serde(default = "random")]
    colour: String,
}

fn nine() -> u8 {
    9
}
fn ten() -> u8 {
    10
}
fn ten_plus_five() -> String {
    "10+5".into()
}
fn random() -> String {
    "random".into()
}

/// The body as JSON of type `T`, or a 400 answer saying why not.
#[allow(clippy::result_large_err)]
fn body<T: serde::de::DeserializeOwned>(bytes: &Bytes) -> Result<T, Response> {
    let bytes: &[u8] = if bytes.is_empty() { b"{}" } else { bytes };
    serde_json::from_slice(bytes)
        .map_err(|e| failure(StatusCode::BAD_REQUEST, format!("bad request body: {e}")))
}

/// The base URL links point at.
fn base_url(state: &AppState, headers: &HeaderMap) -> String {
    match &state.public_url {
        Some(url) => url.trim_end_matches('/').to_string(),
        None => {
            let host = headers
                .get(header::HOST)
                .and_then(|h| h.to_str().ok())
                .unwrap_or("localhost");
            format!("http://{host}{}", state.base_path.prefix().unwrap_or(""))
        }
    }
}

async fn create_room(State(state): State<AppState>, headers: HeaderMap, bytes: Bytes) -> Response {
    let request: NewRoom = match body(&bytes) {
        Ok(request) => request,
        Err(answer) => return answer,
    };
    let variant = match Variant::new(request.size, request.walls) {
        Ok(variant) => variant,
        Err(e) => return failure(StatusCode::BAD_REQUEST, e),
    };
    let control: TimeControl = match request.control.parse() {
        Ok(control) => control,
        Err(e) => return failure(StatusCode::BAD_REQUEST, e),
    };
    let colour = match request.colour.as_str() {
        "first" => Colour::First,
        "second" => Colour::Second,
        "random" => Colour::Random,
        _ => {
            return failure(
                StatusCode::BAD_REQUEST,
                "colour must be first, second or random",
            )
        }
    };
    match state.hub.create(variant, control, colour).await {
        Ok(created) => {
            let (invite_seat, code) = &created.invite;
            let url = format!(
                "{}/#join/{}/{}",
                base_url(&state, &headers),
                created.room,
                code.expose()
            );
            let answer = json!({
                "ok": true,
                "room": created.room,
                "seat": created.seat,
                "secret": created.secret.expose(),
                "invite": { "seat": invite_seat, "code": code.expose(), "url": url },
            });
            (StatusCode::CREATED, Json(answer)).into_response()
        }
        Err(e) => hub_failure(e),
    }
}

/// The body of `POST /api/rooms/{id}/join`.
#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
struct Join {
    /// The invite code from the link.
    invite: String,
}

async fn join_room(
    State(state): State<AppState>,
    Path(id): Path<String>,
    bytes: Bytes,
) -> Response {
    let Some(id) = RoomId::parse(&id) else {
        return hub_failure(HubError::NoRoom);
    };
    let request: Join = match body(&bytes) {
        Ok(request) => request,
        Err(answer) => return answer,
    };
    let Some(code) = Secret::parse(&request.invite) else {
        return hub_failure(HubError::BadInvite);
    };
    match state.hub.join(&id, &code).await {
        Ok((seat, secret)) => Json(json!({
            "ok": true,
            "room": id,
            "seat": seat,
            "secret": secret.expose(),
        }))
        .into_response(),
        Err(e) => hub_failure(e),
    }
}

async fn room_state(State(state): State<AppState>, Path(id): Path<String>) -> Response {
    let Some(id) = RoomId::parse(&id) else {
        return hub_failure(HubError::NoRoom);
    };
    match state.hub.room(&id).await {
        Ok(live) => Json(state.hub.snapshot(&live, None::<SeatIndex>).await).into_response(),
        Err(e) => hub_failure(e),
    }
}

async fn websocket(
    State(state): State<AppState>,
    Path(id): Path<String>,
    ClientIp(ip): ClientIp,
    headers: HeaderMap,
    upgrade: WebSocketUpgrade,
) -> Response {
    let origin = headers.get(header::ORIGIN).and_then(|o| o.to_str().ok());
    let host = headers.get(header::HOST).and_then(|h| h.to_str().ok());
    if !origin_allowed(origin, host, state.public_url.as_deref()) {
        return failure(StatusCode::FORBIDDEN, "this page may not open the game");
    }
    // Counted before the room is read: a client over its share costs no
    // query. The permit lives as long as the connection.
    let Some(permit) = state.limiter.websocket(ip) else {
        return failure(
            StatusCode::TOO_MANY_REQUESTS,
            format!(
                "too many connections from your address (at most {}): close some first",
                state.limiter.limits().websockets
            ),
        );
    };
    let Some(id) = RoomId::parse(&id) else {
        return hub_failure(HubError::NoRoom);
    };
    let live = match state.hub.room(&id).await {
        Ok(live) => live,
        Err(e) => return hub_failure(e),
    };
    let hub = state.hub.clone();
    upgrade
        .max_message_size(MAX_FRAME_BYTES)
        .max_frame_size(MAX_FRAME_BYTES)
        .on_upgrade(move |socket| async move {
            connection::serve(hub, live, socket).await;
            drop(permit);
        })
}

/// The scheme, host and port of `url` (`https://example.org:8443`).
fn origin_of(url: &str) -> &str {
    let url = url.trim_end_matches('/');
    let after_scheme = url.find("://").map_or(0, |i| i + 3);
    match url[after_scheme..].find('/') {
        Some(path) => &url[..after_scheme + path],
        None => url,
    }
}

/// Whether a WebSocket from a page at `origin` may open: browsers always
/// send an Origin, and it must be the page's own (the public URL's, or
/// else the host the request went to). A client that sends none is not a
/// browser page, which is what the check guards against.
pub fn origin_allowed(origin: Option<&str>, host: Option<&str>, public_url: Option<&str>) -> bool {
    let Some(origin) = origin else {
        return true;
    };
    match public_url {
        Some(public) => origin.eq_ignore_ascii_case(origin_of(public)),
        None => {
            let origin_host = origin.split_once("://").map(|(_, rest)| rest);
            origin_host.is_some() && origin_host == host
        }
    }
}

/// Whether `path` is a file Trunk names by its content (`app-<16 hex>.js`,
/// `app-<16 hex>_bg.wasm`): such a file never changes.
fn content_hashed(path: &str) -> bool {
    let name = path.rsplit('/').next().unwrap_or("");
    let stem = name.split('.').next().unwrap_or("");
    let stem = stem.strip_suffix("_bg").unwrap_or(stem);
    stem.rsplit_once('-')
        .is_some_and(|(_, hash)| hash.len() == 16 && hash.bytes().all(|b| b.is_ascii_hexdigit()))
}

/// The Cache-Control of a static file: a year for content-hashed files,
/// revalidation for everything else, among them `index.html` and the
/// service worker `sw.js` (a browser must see a new one at once).
pub fn cache_control(path: &str) -> &'static str {
    if content_hashed(path) {
        "public, max-age=31536000, immutable"
    } else {
        "no-cache"
    }
}

async fn cache_headers(request: Request, next: Next) -> Response {
    let path = request.uri().path().to_string();
    let mut response = next.run(request).await;
    let headers = response.headers_mut();
    if !path.starts_with("/api/") && !path.starts_with("/ws/") {
        headers.insert(
            header::CACHE_CONTROL,
            HeaderValue::from_static(cache_control(&path)),
        );
    }
    response
}

async fn no_store(request: Request, next: Next) -> Response {
    let mut response = next.run(request).await;
    response
        .headers_mut()
        .insert(header::CACHE_CONTROL, HeaderValue::from_static("no-store"));
    response
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn websocket_origins_must_be_the_pages_own() {
        let public = Some("https://play.example.org/");
        assert!(origin_allowed(
            Some("https://play.example.org"),
            None,
            public
        ));
        assert!(!origin_allowed(Some("https://evil.example"), None, public));
        assert!(!origin_allowed(
            Some("http://play.example.org"),
            None,
            public
        ));
        let sub = Some("https://example.org/quoridor/");
        assert!(origin_allowed(Some("https://example.org"), None, sub));
        // Without a public URL: the host the request went to.
        let host = Some("127.0.0.1:8080");
        assert!(origin_allowed(Some("http://127.0.0.1:8080"), host, None));
        assert!(!origin_allowed(Some("http://127.0.0.1:9999"), host, None));
        assert!(!origin_allowed(Some("null"), host, None));
        // Not a browser page.
        assert!(origin_allowed(None, host, None));
    }

    #[test]
    fn hashed_files_are_cached_for_a_year_and_the_rest_revalidated() {
        let year = "public, max-age=31536000, immutable";
        assert_eq!(cache_control("/app-1a2b3c4d5e6f7a8b.js"), year);
        assert_eq!(cache_control("/app-1a2b3c4d5e6f7a8b_bg.wasm"), year);
        assert_eq!(cache_control("/sub/worker-00112233aabbccdd.js"), year);
        for path in [
            "/",
            "/index.html",
            "/sw.js",
            "/sub/sw.js",
            "/style.css",
            "/icon-192.png",
        ] {
            assert_eq!(cache_control(path), "no-cache", "{path}");
        }
    }
}
