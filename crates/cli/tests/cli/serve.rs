//! `quoridor serve`: starts on a free port with a fresh database, answers
//! its health check, and refuses bad flags with one error line.

use crate::common::{quoridor, scratch, stderr, TIMEOUT};
use std::io::{BufRead, BufReader, Read, Write};
use std::net::TcpStream;
use std::process::{Command, Stdio};
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

#[test]
fn serve_answers_its_health_check_on_the_port_it_prints() {
    let dir = scratch("serve", "health");
    let db = dir.join("rooms.db");
    let mut child = Command::new(env!("CARGO_BIN_EXE_quoridor"))
        .args(["serve", "--port", "0", "--db", db.to_str().expect("utf-8")])
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
    let line = lines.recv_timeout(TIMEOUT).expect("the address line");
    let addr = line
        .strip_prefix("quoridor serve: listening on http://")
        .unwrap_or_else(|| panic!("{line}"))
        .to_string();
    let answer = get(&addr, "/api/health");
    let _ = child.kill();
    let _ = child.wait();
    assert!(answer.starts_with("HTTP/1.1 200"), "{answer}");
    assert!(answer.contains("\"ok\":true"), "{answer}");
    assert!(db.exists(), "the database file is made");
    let _ = std::fs::remove_dir_all(&dir);
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
    assert!(stderr(&out).starts_with("error: "), "{}", stderr(&out));
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
    let _ = std::fs::remove_dir_all(&dir);
}
