//! The wire: a loopback-only server address, a small HTTP/1.1 client for
//! the JSON API, and WebSocket connections to a room. Every wait is bounded
//! by [`PATIENCE`]; nothing the server sends is trusted to be well formed.

use futures_util::SinkExt;
use quoridor_server::protocol::Snapshot;
use serde_json::{json, Value};
use std::net::{SocketAddr, ToSocketAddrs};
use std::time::Duration;
use tokio::io::{AsyncReadExt, AsyncWriteExt};
use tokio::net::TcpStream;
use tokio_tungstenite::tungstenite::protocol::WebSocketConfig;
use tokio_tungstenite::tungstenite::{Error as WsError, Message};
use tokio_tungstenite::{connect_async_with_config, MaybeTlsStream, WebSocketStream};

/// The longest any single network wait may take.
pub const PATIENCE: Duration = Duration::from_secs(60);

/// A WebSocket to the server.
pub type Ws = WebSocketStream<MaybeTlsStream<TcpStream>>;

/// The address of `url` (`http://127.0.0.1:8080`), refused unless it is a
/// loopback address: these tools load the machine they run on only.
pub fn loopback(url: &str) -> Result<SocketAddr, String> {
    let rest = url
        .strip_prefix("http://")
        .ok_or_else(|| format!("--url {url:?}: expected http://HOST:PORT"))?;
    let host_port = rest.trim_end_matches('/');
    let addr = host_port
        .to_socket_addrs()
        .map_err(|e| format!("--url {url:?}: {e}"))?
        .next()
        .ok_or_else(|| format!("--url {url:?}: no address"))?;
    if !addr.ip().is_loopback() {
        return Err(format!("--url {url:?}: only loopback addresses are loaded"));
    }
    Ok(addr)
}

/// One HTTP/1.1 request (`Connection: close`); the status and the body
/// as JSON.
pub async fn http(
    addr: SocketAddr,
    method: &str,
    path: &str,
    body: Option<&Value>,
) -> Result<(u16, Value), String> {
    let exchange = async {
        let body = body.map(Value::to_string).unwrap_or_default();
        let request = format!(
            "{method} {path} HTTP/1.1\r\nHost: {addr}\r\nConnection: close\r\n\
             Content-Type: application/json\r\nContent-Length: {}\r\n\r\n{body}",
            body.len()
        );
        let mut stream = TcpStream::connect(addr)
            .await
            .map_err(|e| format!("connect: {e}"))?;
        stream
            .write_all(request.as_bytes())
            .await
            .map_err(|e| format!("send: {e}"))?;
        let mut answer = Vec::new();
        stream
            .read_to_end(&mut answer)
            .await
            .map_err(|e| format!("read: {e}"))?;
        Ok::<_, String>(answer)
    };
    let answer = tokio::time::timeout(PATIENCE, exchange)
        .await
        .map_err(|_| format!("{method} {path}: no answer in {PATIENCE:?}"))??;
    let split = answer
        .windows(4)
        .position(|w| w == b"\r\n\r\n")
        .ok_or_else(|| format!("{method} {path}: no end of headers"))?;
    let head = String::from_utf8_lossy(&answer[..split]).to_ascii_lowercase();
    let status = head
        .get(9..12)
        .and_then(|s| s.parse().ok())
        .ok_or_else(|| format!("{method} {path}: no status"))?;
    let mut body = answer[split + 4..].to_vec();
    if head.contains("transfer-encoding: chunked") {
        body = dechunk(&body).ok_or_else(|| format!("{method} {path}: bad chunks"))?;
    }
    let value = serde_json::from_slice(&body)
        .map_err(|e| format!("{method} {path}: {status} answer is not JSON: {e}"))?;
    Ok((status, value))
}

fn dechunk(mut data: &[u8]) -> Option<Vec<u8>> {
    let mut out = Vec::new();
    loop {
        let line_end = data.windows(2).position(|w| w == b"\r\n")?;
        let size =
            usize::from_str_radix(std::str::from_utf8(&data[..line_end]).ok()?.trim(), 16).ok()?;
        if size == 0 {
            return Some(out);
        }
        let start = line_end + 2;
        out.extend_from_slice(data.get(start..start + size)?);
        data = data.get(start + size + 2..)?;
    }
}

/// A room made over HTTP and joined with its invite: what both players
/// hold.
#[derive(Clone, Debug)]
pub struct Pair {
    /// The room's id.
    pub room: String,
    /// The seat secrets of seat 1 and seat 2.
    pub secrets: [String; 2],
}

fn text(value: &Value, what: &str) -> Result<String, String> {
    value
        .as_str()
        .map(str::to_string)
        .ok_or_else(|| format!("no {what} in an answer"))
}

/// What a 429 answer of the server means for these tools: its limit per
/// client address (every client here is on 127.0.0.1).
const LIMITED: &str = "the server's limit per address: start it with \
    --requests-per-minute 0 --websockets-per-ip 0 for a load test";

/// `what` failed with `status` and `answer`, said with the limit's hint
/// when the status is 429.
fn refused(what: &str, status: u16, answer: &Value) -> String {
    if status == 429 {
        format!("{what}: {status} {answer} ({LIMITED})")
    } else {
        format!("{what}: {status} {answer}")
    }
}

/// Makes a room under `control` (the creator on seat 1) and joins it with
/// the invite.
pub async fn pair(addr: SocketAddr, control: &str) -> Result<Pair, String> {
    let body = json!({ "control": control, "colour": "first" });
    let (status, made) = http(addr, "POST", "/api/rooms", Some(&body)).await?;
    if status != 201 {
        return Err(refused("POST /api/rooms", status, &made));
    }
    let room = text(&made["room"], "room")?;
    let invite = json!({ "invite": text(&made["invite"]["code"], "invite")? });
    let path = format!("/api/rooms/{room}/join");
    let (status, joined) = http(addr, "POST", &path, Some(&invite)).await?;
    if status != 200 {
        return Err(refused(&format!("POST {path}"), status, &joined));
    }
    Ok(Pair {
        secrets: [
            text(&made["secret"], "secret")?,
            text(&joined["secret"], "secret")?,
        ],
        room,
    })
}

/// `GET /api/rooms/{room}`: the room as the server holds it.
pub async fn snapshot(addr: SocketAddr, room: &str) -> Result<Snapshot, String> {
    let path = format!("/api/rooms/{room}");
    let (status, value) = http(addr, "GET", &path, None).await?;
    if status != 200 {
        return Err(format!("GET {path}: {status} {value}"));
    }
    serde_json::from_value(value).map_err(|e| format!("GET {path}: not a snapshot: {e}"))
}

/// Whether `GET /api/health` answers ok.
pub async fn healthy(addr: SocketAddr) -> bool {
    matches!(http(addr, "GET", "/api/health", None).await, Ok((200, v)) if v["ok"] == true)
}

/// A WebSocket to room `room` (no frame sent yet).
pub async fn connect(addr: SocketAddr, room: &str) -> Result<Ws, String> {
    let config = WebSocketConfig::default()
        .max_message_size(Some(1 << 20))
        .max_frame_size(Some(1 << 20));
    let url = format!("ws://{addr}/ws/{room}");
    match tokio::time::timeout(
        PATIENCE,
        connect_async_with_config(url, Some(config), false),
    )
    .await
    {
        Ok(Ok((ws, _))) => Ok(ws),
        Ok(Err(WsError::Http(response))) if response.status().as_u16() == 429 => {
            Err(format!("websocket: 429 ({LIMITED})"))
        }
        Ok(Err(e)) => Err(format!("websocket: {e}")),
        Err(_) => Err(format!("websocket: no upgrade in {PATIENCE:?}")),
    }
}

/// Sends `frame` as a text frame.
pub async fn send(ws: &mut Ws, frame: &Value) -> Result<(), String> {
    match tokio::time::timeout(PATIENCE, ws.send(Message::Text(frame.to_string().into()))).await {
        Ok(Ok(())) => Ok(()),
        Ok(Err(e)) => Err(format!("send: {e}")),
        Err(_) => Err("send: timed out".into()),
    }
}

/// Closes `ws` politely, waiting a moment at most.
pub async fn close(mut ws: Ws) {
    let _ = tokio::time::timeout(Duration::from_secs(2), ws.close(None)).await;
}
