//! `quoridor`: the native command-line tool. See `quoridor help`.

#[cfg(not(target_arch = "wasm32"))]
fn main() {
    let args: Vec<String> = std::env::args().skip(1).collect();
    std::process::exit(quoridor::cli::run(&args));
}

#[cfg(target_arch = "wasm32")]
fn main() {}
