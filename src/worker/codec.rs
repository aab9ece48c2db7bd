use gloo_worker::Codec;
use serde::{Deserialize, Serialize};
use wasm_bindgen::JsValue;

/// Worker message encoding as plain JS values (structured clone) through
/// serde-wasm-bindgen, instead of gloo's default bincode byte arrays.
/// Both the app's spawner and the worker's registrar must use it.
#[derive(Debug)]
pub struct SerdeWasmCodec;

impl Codec for SerdeWasmCodec {
    fn encode<I>(input: I) -> JsValue
    where
        I: Serialize,
    {
        serde_wasm_bindgen::to_value(&input).expect("worker message serializes to a JS value")
    }

    fn decode<O>(input: JsValue) -> O
    where
        O: for<'de> Deserialize<'de>,
    {
        serde_wasm_bindgen::from_value(input).expect("worker message deserializes from a JS value")
    }
}
