//! `quoridor`: the native command-line tool. See `quoridor --help`.

#[cfg(not(target_arch = "wasm32"))]
fn main() {
    std::process::exit(quoridor_cli::run(std::env::args_os()));
}

#[cfg(target_arch = "wasm32")]
fn main() {}
