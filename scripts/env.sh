# Sourced by the other scripts: puts the project's tools first on PATH.
# wasm-opt comes from the npm package binaryen (node_modules/.bin), trunk and
# wasm-bindgen from `cargo install` (~/.cargo/bin).
_root="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
export PATH="$_root/node_modules/.bin:${CARGO_HOME:-$HOME/.cargo}/bin:$PATH"
export CHROMIUM="${CHROMIUM:-/usr/bin/chromium}"
unset _root
