//! The server's JSON read through the browser's own `JSON.parse` and
//! [`Fields`] over its objects (serde's derived readers would add several
//! kilobytes to the page's download).

use js_sys::{Array, Reflect};
use quoridor_page::online::wire::Fields;
use wasm_bindgen::JsValue;

/// A parsed JSON value of the browser.
pub struct Js(pub JsValue);

impl Js {
    /// Parses `text`.
    pub fn parse(text: &str) -> Result<Js, String> {
        js_sys::JSON::parse(text)
            .map(Js)
            .map_err(|_| "not JSON".to_string())
    }

    fn get(&self, key: &str) -> Option<JsValue> {
        if !self.0.is_object() {
            return None;
        }
        Reflect::get(&self.0, &JsValue::from_str(key))
            .ok()
            .filter(|v| !v.is_undefined() && !v.is_null())
    }
}

/// A whole, non-negative number within f64's exact range.
fn whole(value: &JsValue) -> Option<u64> {
    value
        .as_f64()
        .filter(|f| *f >= 0.0 && f.fract() == 0.0 && *f < 9_007_199_254_740_992.0)
        .map(|f| f as u64)
}

impl Fields for Js {
    fn text(&self, key: &str) -> Option<String> {
        self.get(key)?.as_string()
    }
    fn number(&self, key: &str) -> Option<u64> {
        whole(&self.get(key)?)
    }
    fn flag(&self, key: &str) -> Option<bool> {
        self.get(key)?.as_bool()
    }
    fn object(&self, key: &str) -> Option<Js> {
        self.get(key)
            .filter(|v| v.is_object() && !Array::is_array(v))
            .map(Js)
    }
    fn list(&self, key: &str) -> Option<Vec<Js>> {
        let value = self.get(key).filter(Array::is_array)?;
        Some(Array::from(&value).iter().map(Js).collect())
    }
    fn as_text(&self) -> Option<String> {
        self.0.as_string()
    }
    fn as_flag(&self) -> Option<bool> {
        self.0.as_bool()
    }
    fn as_number(&self) -> Option<u64> {
        whole(&self.0)
    }
}
