use gloo_worker::Codec;
use serde::{Deserialize, Serialize};
use wasm_bindgen::JsValue;

/// Worker message encoding as plain JS values (structured clone) through
/// serde-wasm-bindgen, instead of gloo's default bincode byte arrays.
/// Both the app's spawner and the worker's registrar must use it.
///
/// Numbers travel as JS numbers; a message with a 64-bit number beyond what
/// a JS number holds exactly (a worker's seed, derived per worker by
/// [`quoridor_engines::tree_params`], uses all 64 bits) travels with its 64-bit
/// numbers as `BigInt`s instead, which the plain encoding refuses. The
/// deserializer reads both.
#[derive(Debug)]
pub struct SerdeWasmCodec;

/// The usual serializer: numbers as JS numbers.
const PLAIN: serde_wasm_bindgen::Serializer = serde_wasm_bindgen::Serializer::new();
/// The fallback: `u64`/`i64` as `BigInt`.
const BIG: serde_wasm_bindgen::Serializer =
    serde_wasm_bindgen::Serializer::new().serialize_large_number_types_as_bigints(true);

impl Codec for SerdeWasmCodec {
    fn encode<I>(input: I) -> JsValue
    where
        I: Serialize,
    {
        input
            .serialize(&PLAIN)
            .or_else(|_| input.serialize(&BIG))
            .expect("worker message serializes to a JS value")
    }

    fn decode<O>(input: JsValue) -> O
    where
        O: for<'de> Deserialize<'de>,
    {
        serde_wasm_bindgen::from_value(input).expect("worker message deserializes from a JS value")
    }
}
