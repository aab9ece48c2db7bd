//! The server's HTTP API from the page (docs/server.md): its health, a new
//! room, taking an invited seat. Addresses are relative to the page, so a
//! server behind a path-stripping proxy is found where the page is.

use super::json::Js;
use quoridor_page::online::wire::{json_string, read_grant, Fields, SeatGrant};
use wasm_bindgen::JsCast;
use wasm_bindgen_futures::JsFuture;

/// `path` (relative, like `api/health`) against the page's address.
pub fn api_url(path: &str) -> Option<String> {
    let href = web_sys::window()?.location().href().ok()?;
    Some(web_sys::Url::new_with_base(path, &href).ok()?.href())
}

/// The WebSocket address of `room` (`ws:` or `wss:` like the page's
/// `http:` or `https:`).
pub fn socket_url(room: &str) -> Option<String> {
    let url = web_sys::Url::new(&api_url(&format!("ws/{room}"))?).ok()?;
    let secure = url.protocol() == "https:";
    url.set_protocol(if secure { "wss:" } else { "ws:" });
    Some(url.href())
}

/// Fetches `path` (GET, or POST with a JSON `body`) and reads its text.
async fn fetch_text(path: &str, body: Option<String>) -> Result<String, String> {
    let url = api_url(path).ok_or("the page's address is unreadable")?;
    let init = web_sys::RequestInit::new();
    if let Some(body) = &body {
        init.set_method("POST");
        init.set_body(&wasm_bindgen::JsValue::from_str(body));
        let headers = web_sys::Headers::new().map_err(|_| "no headers")?;
        let _ignored = headers.set("content-type", "application/json");
        init.set_headers(&headers);
    }
    let request = web_sys::Request::new_with_str_and_init(&url, &init)
        .map_err(|_| "the request could not be made".to_string())?;
    let window = web_sys::window().ok_or("no window")?;
    let response = JsFuture::from(window.fetch_with_request(&request))
        .await
        .map_err(|_| "the server cannot be reached".to_string())?;
    let response: web_sys::Response = response
        .dyn_into()
        .map_err(|_| "the server's answer is unreadable".to_string())?;
    let text = JsFuture::from(response.text().map_err(|_| "no answer")?)
        .await
        .map_err(|_| "the server's answer is unreadable".to_string())?;
    Ok(text.as_string().unwrap_or_default())
}

/// Whether our server answers beside the page (`GET api/health`).
pub async fn server_here() -> bool {
    let answer = fetch_text("api/health", None).await;
    let health = answer.ok().and_then(|text| Js::parse(&text).ok());
    health.and_then(|o| o.flag("ok")) == Some(true)
}

/// Makes a room: board, walls, time control, colour (`first`, `second`,
/// `random`).
pub async fn create_room(
    size: u8,
    walls: u8,
    control: &str,
    colour: &str,
) -> Result<SeatGrant, String> {
    let body = format!(
        r#"{{"size":{size},"walls":{walls},"control":{},"colour":{}}}"#,
        json_string(control),
        json_string(colour)
    );
    parse_grant(&fetch_text("api/rooms", Some(body)).await?)
}

/// Takes the invited seat of `room` with `code`.
pub async fn join_room(room: &str, code: &str) -> Result<SeatGrant, String> {
    let body = format!(r#"{{"invite":{}}}"#, json_string(code));
    parse_grant(&fetch_text(&format!("api/rooms/{room}/join"), Some(body)).await?)
}

/// Reads an API answer: the seat granted, or the server's error sentence.
fn parse_grant(text: &str) -> Result<SeatGrant, String> {
    read_grant(&Js::parse(text).map_err(|_| "the server's answer is unreadable".to_string())?)
}
