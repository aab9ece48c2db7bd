//! `quoridor serve`: starts on a free port with a fresh database, answers
//! its health check, loses no acknowledged move to `kill -9`, and refuses
//! bad flags with one error line.

use crate::common::{quoridor, scratch, stderr, TIMEOUT};
use serde_json::{json, Value};
use std::io::{BufRead, BufReader, Read, Write};
use std::net::TcpStream;
use std::path::Path;
use std::process::{Child, Command, Stdio};
use std::sync::mpsc::channel;

/// `GET path` over HTTP/1.1; the whole answer as text.
fn get(addr: &str, path: &str) -> String {
    let mut stream = TcpStream::connect(addr).expect("the server accepts");
    stream.set_read_timeout(Some(TIMEOUT)).expect("a timeout");
    write!(
        stream,
        "GET {path} HTTP/1.1\r\nHost: {addr}\r\nConnection: close\r\n\r\n"
    )
    .expect("the request is sent");
    let mut answer = String::new();
    stream.read_to_string(&mut answer).expect("an answer");
    answer
}

/// A running `quoridor serve`, killed when dropped (a failed assertion
/// leaves no server behind).
struct Server(Child);

impl Drop for Server {
    fn drop(&mut self) {
        let _ = self.0.kill();
        let _ = self.0.wait();
    }
}

/// `quoridor serve --port 0 --db DB`, and the address it printed.
fn serve(db: &Path) -> (Server, String) {
    serve_with(db, &[])
}

/// `quoridor serve --port 0 --db DB FLAGS…`, and the address it printed.
fn serve_with(db: &Path, flags: &[&str]) -> (Server, String) {
    let mut child = Command::new(env!("CARGO_BIN_EXE_quoridor"))
        .args(["serve", "--port", "0", "--db", db.to_str().expect("utf-8")])
        .args(flags)
        .stdout(Stdio::piped())
        .stderr(Stdio::inherit())
        .spawn()
        .expect("quoridor serve starts");
    let stdout = child.stdout.take().expect("piped stdout");
    let (tx, lines) = channel();
    std::thread::spawn(move || {
        for line in BufReader::new(stdout).lines().map_while(Result::ok) {
            if tx.send(line).is_err() {
                break;
            }
        }
    });
    let server = Server(child);
    let line = lines.recv_timeout(TIMEOUT).expect("the address line");
    let addr = line
        .strip_prefix("quoridor serve: listening on http://")
        .unwrap_or_else(|| panic!("{line}"))
        .to_string();
    (server, addr)
}

/// `POST path` with a JSON body; the answer's JSON body.
fn post(addr: &str, path: &str, body: &Value) -> Value {
    let mut stream = TcpStream::connect(addr).expect("the server accepts");
    stream.set_read_timeout(Some(TIMEOUT)).expect("a timeout");
    let body = body.to_string();
    write!(
        stream,
        "POST {path} HTTP/1.1\r\nHost: {addr}\r\nConnection: close\r\n\
         Content-Type: application/json\r\nContent-Length: {}\r\n\r\n{body}",
        body.len()
    )
    .expect("the request is sent");
    let mut answer = String::new();
    stream.read_to_string(&mut answer).expect("an answer");
    let (_, body) = answer.split_once("\r\n\r\n").expect("a body");
    serde_json::from_str(body).unwrap_or_else(|e| panic!("{e}: {answer}"))
}

/// A WebSocket client just big enough for the test: text frames only.
struct Socket(BufReader<TcpStream>);

impl Socket {
    fn open(addr: &str, path: &str) -> Socket {
        let mut stream = TcpStream::connect(addr).expect("the server accepts");
        stream.set_read_timeout(Some(TIMEOUT)).expect("a timeout");
        write!(
            stream,
            "GET {path} HTTP/1.1\r\nHost: {addr}\r\nUpgrade: websocket\r\n\
             Connection: Upgrade\r\nSec-WebSocket-Key: dGhlIHNhbXBsZSBub25jZQ==\r\n\
             Sec-WebSocket-Version: 13\r\n\r\n"
        )
        .expect("the handshake is sent");
        let mut reader = BufReader::new(stream);
        let mut head = String::new();
        while !head.ends_with("\r\n\r\n") {
            let mut byte = [0u8];
            reader
                .read_exact(&mut byte)
                .expect("the handshake's answer");
            head.push(char::from(byte[0]));
        }
        assert!(head.starts_with("HTTP/1.1 101"), "{head}");
        Socket(reader)
    }

    fn send(&mut self, frame: &Value) {
        let payload = frame.to_string().into_bytes();
        assert!(payload.len() < 126, "a short frame");
        let mask = [0x12, 0x34, 0x56, 0x78];
        let mut bytes = vec![0x81, 0x80 | payload.len() as u8];
        bytes.extend_from_slice(&mask);
        bytes.extend(payload.iter().enumerate().map(|(i, b)| b ^ mask[i % 4]));
        self.0
            .get_mut()
            .write_all(&bytes)
            .expect("the frame is sent");
    }

    /// The next text frame as JSON.
    fn next(&mut self) -> Value {
        loop {
            let mut head = [0u8; 2];
            self.0.read_exact(&mut head).expect("a frame");
            let len = match head[1] & 0x7f {
                126 => {
                    let mut n = [0u8; 2];
                    self.0.read_exact(&mut n).expect("a length");
                    usize::from(u16::from_be_bytes(n))
                }
                127 => {
                    let mut n = [0u8; 8];
                    self.0.read_exact(&mut n).expect("a length");
                    usize::try_from(u64::from_be_bytes(n)).expect("a sane length")
                }
                n => usize::from(n),
            };
            let mut payload = vec![0u8; len];
            self.0.read_exact(&mut payload).expect("a payload");
            if head[0] & 0x0f == 1 {
                return serde_json::from_slice(&payload).expect("a JSON frame");
            }
        }
    }

    /// The next frame of type `kind`.
    fn expect(&mut self, kind: &str) -> Value {
        loop {
            let frame = self.next();
            if frame["type"] == kind {
                return frame;
            }
        }
    }
}

#[test]
fn serve_answers_its_health_check_on_the_port_it_prints() {
    let dir = scratch("serve", "health");
    let db = dir.join("rooms.db");
    let (server, addr) = serve(&db);
    let answer = get(&addr, "/api/health");
    drop(server);
    assert!(answer.starts_with("HTTP/1.1 200"), "{answer}");
    assert!(answer.contains("\"ok\":true"), "{answer}");
    assert!(db.exists(), "the database file is made");
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn serve_answers_under_its_base_path() {
    let dir = scratch("serve", "base-path");
    let (server, addr) = serve_with(&dir.join("rooms.db"), &["--base-path", "/games/q/"]);
    let inside = get(&addr, "/games/q/api/health");
    let outside = get(&addr, "/api/health");
    let root = get(&addr, "/");
    drop(server);
    assert!(inside.starts_with("HTTP/1.1 200"), "{inside}");
    assert!(inside.contains("\"ok\":true"), "{inside}");
    assert!(outside.starts_with("HTTP/1.1 404"), "{outside}");
    assert!(root.starts_with("HTTP/1.1 308"), "/ redirects: {root}");
    let _ = std::fs::remove_dir_all(&dir);
}

/// `POST path` with a JSON body and extra header lines; the whole answer.
fn post_raw(addr: &str, path: &str, body: &Value, extra: &str) -> String {
    let mut stream = TcpStream::connect(addr).expect("the server accepts");
    stream.set_read_timeout(Some(TIMEOUT)).expect("a timeout");
    let body = body.to_string();
    write!(
        stream,
        "POST {path} HTTP/1.1\r\nHost: {addr}\r\nConnection: close\r\n{extra}\
         Content-Type: application/json\r\nContent-Length: {}\r\n\r\n{body}",
        body.len()
    )
    .expect("the request is sent");
    let mut answer = String::new();
    stream.read_to_string(&mut answer).expect("an answer");
    answer
}

#[test]
fn serve_limits_room_requests_per_address_as_its_flags_say() {
    let dir = scratch("serve", "limits");
    let db = dir.join("rooms.db");
    // Two at once; a forwarded address counts only with --trust-proxy.
    let (server, addr) = serve_with(&db, &["--requests-per-minute", "2"]);
    let forged = "X-Forwarded-For: 198.51.100.1\r\n";
    for extra in ["", forged] {
        let answer = post_raw(&addr, "/api/rooms", &json!({}), extra);
        assert!(answer.starts_with("HTTP/1.1 201"), "{answer}");
    }
    let answer = post_raw(&addr, "/api/rooms", &json!({}), forged);
    assert!(answer.starts_with("HTTP/1.1 429"), "{answer}");
    assert!(
        answer.to_lowercase().contains("\r\nretry-after: "),
        "{answer}"
    );
    assert!(answer.contains("\"ok\":false"), "{answer}");
    drop(server);
    // Behind a trusted proxy each forwarded address has its own share.
    let (server, addr) = serve_with(&db, &["--requests-per-minute", "1", "--trust-proxy"]);
    for (from, status) in [
        ("198.51.100.1", 201),
        ("198.51.100.1", 429),
        ("198.51.100.2", 201),
    ] {
        let extra = format!("X-Forwarded-For: {from}\r\n");
        let answer = post_raw(&addr, "/api/rooms", &json!({}), &extra);
        assert!(
            answer.starts_with(&format!("HTTP/1.1 {status}")),
            "{from}: {answer}"
        );
    }
    drop(server);
    // 0 turns the limit off.
    let (server, addr) = serve_with(&db, &["--requests-per-minute", "0"]);
    for _ in 0..70 {
        let answer = post_raw(&addr, "/api/rooms", &json!({}), "");
        assert!(answer.starts_with("HTTP/1.1 201"), "{answer}");
    }
    drop(server);
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn serve_help_names_its_limits_and_unloading_with_their_defaults() {
    let help = crate::common::stdout(&quoridor(&["serve", "--help"]));
    for flag in [
        "--requests-per-minute <N>",
        "[default: 60]",
        "--websockets-per-ip <N>",
        "[default: 100]",
        "--trust-proxy",
        "--unload-finished-after <SECONDS>",
        "[default: 600]",
        "--unload-idle-after <SECONDS>",
        "[default: 3600]",
        "X-Forwarded-For",
    ] {
        assert!(help.contains(flag), "{flag}: {help}");
    }
}

#[test]
fn serve_refuses_a_missing_dist_folder_and_a_bad_port() {
    let dir = scratch("serve", "flags");
    let db = dir.join("rooms.db");
    let db = db.to_str().expect("utf-8");
    let out = quoridor(&[
        "serve",
        "--port",
        "0",
        "--db",
        db,
        "--dist",
        "/no/such/dist",
    ]);
    assert_eq!(out.status.code(), Some(2));
    assert_eq!(
        stderr(&out),
        "error: --dist: /no/such/dist is not a folder\n"
    );
    let out = quoridor(&["serve", "--port", "70000", "--db", db]);
    assert_eq!(out.status.code(), Some(2));
    assert!(
        stderr(&out).starts_with("error: --port: "),
        "{}",
        stderr(&out)
    );
    let out = quoridor(&[
        "serve",
        "--port",
        "0",
        "--db",
        db,
        "--public-url",
        "example.org",
    ]);
    assert_eq!(out.status.code(), Some(2));
    assert!(stderr(&out).contains("--public-url"), "{}", stderr(&out));
    let out = quoridor(&["serve", "--port", "0", "--db", db, "--base-path", "q/../x"]);
    assert_eq!(out.status.code(), Some(2));
    assert!(
        stderr(&out).starts_with("error: --base-path: \"q/../x\" does not start with /"),
        "{}",
        stderr(&out)
    );
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn serve_refuses_a_db_url_it_does_not_speak_in_one_line() {
    for (db, says) in [
        (
            "mysql://host/rooms",
            "mysql:// is not a database this server speaks",
        ),
        ("postgres://host:port/rooms", "not a PostgreSQL URL"),
        ("sqlite:", "sqlite: names no file"),
        // Nothing listens on port 1: the connection is refused at once.
        ("postgres://quoridor@127.0.0.1:1/rooms", "--db: database:"),
    ] {
        let out = quoridor(&["serve", "--port", "0", "--db", db]);
        assert_eq!(out.status.code(), Some(2), "{db}");
        let err = stderr(&out);
        assert!(err.starts_with("error: --db: "), "{db}: {err}");
        assert!(err.contains(says), "{db}: {err}");
        assert_eq!(err.lines().count(), 1, "{db}: {err}");
    }
}

#[test]
fn serve_loses_no_acknowledged_move_to_kill_9() {
    let dir = scratch("serve", "kill");
    let db = dir.join("rooms.db");
    let (mut server, addr) = serve(&db);
    let made = post(
        &addr,
        "/api/rooms",
        &json!({ "colour": "first", "control": "3+2" }),
    );
    let room = made["room"].as_str().expect("a room").to_string();
    let joined = post(
        &addr,
        &format!("/api/rooms/{room}/join"),
        &json!({ "invite": made["invite"]["code"] }),
    );
    assert_eq!(joined["seat"], 2, "{joined}");
    let mut player = Socket::open(&addr, &format!("/ws/{room}"));
    player.send(&json!({ "type": "hello", "protocol": 1, "secret": made["secret"] }));
    assert_eq!(player.expect("state")["you"], 1);
    player.send(&json!({ "type": "move", "ply": 0, "move": "e2" }));
    assert_eq!(player.expect("moved")["move"], "e2");
    // SIGKILL: no goodbye, no flush.
    server.0.kill().expect("kill -9");
    let _ = server.0.wait();
    let (server, addr) = serve(&db);
    let answer = get(&addr, &format!("/api/rooms/{room}"));
    drop(server);
    let (_, body) = answer.split_once("\r\n\r\n").expect("a body");
    let state: Value = serde_json::from_str(body).expect("the room as JSON");
    assert_eq!(state["moves"], json!(["e2"]), "{state}");
    assert_eq!(state["status"], "playing");
    let _ = std::fs::remove_dir_all(&dir);
}
