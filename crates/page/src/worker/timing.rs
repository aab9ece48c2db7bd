//! A clock fine enough to time work below a millisecond in the worker
//! (`performance.now()`; the search's clock is `Date.now()` on the web).

/// Milliseconds from an arbitrary start, with sub-millisecond precision
/// where the platform gives it.
#[cfg(not(target_arch = "wasm32"))]
pub fn precise_ms() -> f64 {
    quoridor_engines::now_ms()
}

/// Milliseconds from an arbitrary start, with sub-millisecond precision
/// where the platform gives it (`performance.now()`, else `Date.now()`).
#[cfg(target_arch = "wasm32")]
pub fn precise_ms() -> f64 {
    use wasm_bindgen::JsCast;
    let performance = js_sys::Reflect::get(&js_sys::global(), &"performance".into()).ok();
    let now = performance.as_ref().and_then(|p| {
        let now = js_sys::Reflect::get(p, &"now".into()).ok()?;
        now.dyn_into::<js_sys::Function>()
            .ok()?
            .call0(p)
            .ok()?
            .as_f64()
    });
    now.unwrap_or_else(js_sys::Date::now)
}
