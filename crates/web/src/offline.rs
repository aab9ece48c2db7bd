use wasm_bindgen::JsValue;

/// Register `sw.js` (next to `index.html`, so its scope is the app's folder)
/// to keep the app shell available offline. Failure only costs offline use.
pub fn register_service_worker() {
    let Some(window) = web_sys::window() else {
        return;
    };
    let navigator = window.navigator();
    // Browsers without service workers (or insecure origins) lack the property.
    let supported =
        js_sys::Reflect::has(&navigator, &JsValue::from_str("serviceWorker")).unwrap_or(false);
    if supported {
        let _registration = navigator.service_worker().register("./sw.js");
    }
}
