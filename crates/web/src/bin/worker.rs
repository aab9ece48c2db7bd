//! The engine's Web Worker (built by Trunk from `index.html`).

#[cfg(target_arch = "wasm32")]
fn main() {
    quoridor_web::worker::register();
}

#[cfg(not(target_arch = "wasm32"))]
fn main() {
    println!("This is the web app's engine worker; build it for the browser with `trunk build`.");
}
