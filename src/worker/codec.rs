use gloo_worker::Codec;
use serde::{Deserialize, Serialize};
use wasm_bindgen::JsValue;

/// Worker message encoding as plain JS values (structured clone) through
/// serde-wasm-bindgen, instead of gloo's default bincode byte arrays.
/// Both the app's spawner and the worker's registrar must use it.
///
/// 64-bit numbers travel as `BigInt`s: a worker's seed (derived per worker
/// by [`crate::search::tree_params`]) uses all 64 bits, beyond what a JS
/// number holds exactly, and the plain-number encoding would refuse it.
#[derive(Debug)]
pub struct SerdeWasmCodec;

/// The serializer: `u64`/`i64` as `BigInt` (the deserializer reads both).
const SERIALIZER: serde_wasm_bindgen::Serializer =
    serde_wasm_bindgen::Serializer::new().serialize_large_number_types_as_bigints(true);

impl Codec for SerdeWasmCodec {
    fn encode<I>(input: I) -> JsValue
    where
        I: Serialize,
    {
        input
            .serialize(&SERIALIZER)
            .expect("worker message serializes to a JS value")
    }

    fn decode<O>(input: JsValue) -> O
    where
        O: for<'de> Deserialize<'de>,
    {
        serde_wasm_bindgen::from_value(input).expect("worker message deserializes from a JS value")
    }
}
