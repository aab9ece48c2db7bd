//! JSON through the browser's own `JSON` and serde-wasm-bindgen (already
//! in the page for the worker's messages) rather than serde_json, which
//! would add its parser to the page's download.

use serde::de::DeserializeOwned;
use serde::Serialize;

/// Reads `text` as a `T`.
pub fn read<T: DeserializeOwned>(text: &str) -> Result<T, String> {
    let value = js_sys::JSON::parse(text).map_err(|_| "not JSON".to_string())?;
    serde_wasm_bindgen::from_value(value).map_err(|e| e.to_string())
}

/// `value` as JSON text.
pub fn write<T: Serialize>(value: &T) -> String {
    value
        .serialize(&serde_wasm_bindgen::Serializer::json_compatible())
        .ok()
        .and_then(|v| js_sys::JSON::stringify(&v).ok())
        .map(String::from)
        .unwrap_or_default()
}
