//! What the server's live tests share: the patience a slow debug build
//! needs, plain HTTP/1.1 requests over a socket, and WebSocket clients.

#![allow(dead_code)] // each test binary uses its own share of these

use futures_util::{SinkExt, StreamExt};
use serde_json::Value;
use std::net::SocketAddr;
use std::time::Duration;
use tokio::io::{AsyncReadExt, AsyncWriteExt};
use tokio::net::TcpStream;
use tokio_tungstenite::tungstenite::Message;
use tokio_tungstenite::{connect_async, MaybeTlsStream, WebSocketStream};

/// Long enough for a slow debug build on a busy machine.
pub const PATIENCE: Duration = Duration::from_secs(30);

pub type Ws = WebSocketStream<MaybeTlsStream<TcpStream>>;

/// An HTTP/1.1 request; the status, the headers (lowercase names) and the body.
pub async fn http(
    addr: SocketAddr,
    method: &str,
    path: &str,
    body: Option<Value>,
    extra: &str,
) -> (u16, String, Vec<u8>) {
    let body = body.map(|b| b.to_string()).unwrap_or_default();
    let request = format!(
        "{method} {path} HTTP/1.1\r\nHost: {addr}\r\nConnection: close\r\n\
         Content-Type: application/json\r\nContent-Length: {}\r\n{extra}\r\n{body}",
        body.len()
    );
    let mut stream = TcpStream::connect(addr).await.unwrap();
    stream.write_all(request.as_bytes()).await.unwrap();
    let mut answer = Vec::new();
    tokio::time::timeout(PATIENCE, stream.read_to_end(&mut answer))
        .await
        .expect("an answer")
        .unwrap();
    let split = answer
        .windows(4)
        .position(|w| w == b"\r\n\r\n")
        .expect("headers end");
    let head = String::from_utf8_lossy(&answer[..split]).to_lowercase();
    let status = head[9..12].parse().unwrap();
    let mut body = answer[split + 4..].to_vec();
    if head.contains("transfer-encoding: chunked") {
        body = dechunk(&body);
    }
    (status, head, body)
}

pub fn dechunk(mut data: &[u8]) -> Vec<u8> {
    let mut out = Vec::new();
    loop {
        let line_end = data.windows(2).position(|w| w == b"\r\n").unwrap();
        let size =
            usize::from_str_radix(std::str::from_utf8(&data[..line_end]).unwrap().trim(), 16)
                .unwrap();
        if size == 0 {
            return out;
        }
        out.extend_from_slice(&data[line_end + 2..line_end + 2 + size]);
        data = &data[line_end + 4 + size..];
    }
}

/// A JSON request; the status and the JSON answer.
pub async fn api(addr: SocketAddr, method: &str, path: &str, body: Option<Value>) -> (u16, Value) {
    let (status, _, body) = http(addr, method, path, body, "").await;
    (
        status,
        serde_json::from_slice(&body).expect("a JSON answer"),
    )
}

/// A WebSocket to room `room`.
pub async fn connect(addr: SocketAddr, room: &str) -> Ws {
    let (ws, _) = connect_async(format!("ws://{addr}/ws/{room}"))
        .await
        .expect("ws");
    ws
}

/// Sends `frame` as a text frame.
pub async fn send(ws: &mut Ws, frame: Value) {
    ws.send(Message::Text(frame.to_string().into()))
        .await
        .unwrap();
}

/// The next text frame, as JSON (other frames skipped).
pub async fn next(ws: &mut Ws) -> Value {
    loop {
        let message = tokio::time::timeout(PATIENCE, ws.next())
            .await
            .expect("a frame")
            .expect("the socket is open")
            .unwrap();
        if let Message::Text(text) = message {
            return serde_json::from_str(text.as_str()).unwrap();
        }
    }
}
