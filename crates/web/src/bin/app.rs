//! The web app (built by Trunk from `index.html`).

#[cfg(target_arch = "wasm32")]
fn main() {
    quoridor_web::start();
}

#[cfg(not(target_arch = "wasm32"))]
fn main() {
    println!("This is the web app; build and serve it with `scripts/serve.sh` (Trunk).");
}
