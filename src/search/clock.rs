//! Milliseconds since an arbitrary start, on native targets and in the browser
//! (`std::time::Instant` does not work on wasm32-unknown-unknown).

/// Current time in milliseconds (monotonic on native targets).
#[cfg(not(target_arch = "wasm32"))]
pub fn now_ms() -> f64 {
    use std::sync::OnceLock;
    use std::time::Instant;
    static START: OnceLock<Instant> = OnceLock::new();
    START.get_or_init(Instant::now).elapsed().as_secs_f64() * 1000.0
}

/// Current time in milliseconds (`performance.now()` where available).
#[cfg(target_arch = "wasm32")]
pub fn now_ms() -> f64 {
    js_sys::Date::now()
}
