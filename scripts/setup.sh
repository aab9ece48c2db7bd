#!/usr/bin/env bash
# Installs what building, serving and testing the web app needs, skipping
# whatever is already there: the wasm32 target, Trunk, wasm-bindgen-cli at the
# Cargo.lock version, npm tools (binaryen's wasm-opt, playwright-core),
# Debian's PostgreSQL (the server's two-server test) and Debian's Chromium. Safe to run again; a fresh machine needs ~10 minutes,
# mostly building Trunk.
set -euo pipefail
cd "$(dirname "$0")/.."
source scripts/env.sh

TRUNK_VERSION=0.21.14

log() { printf '[setup] %s\n' "$*"; }
die() { printf '[setup] ERROR: %s\n' "$*" >&2; exit 1; }

# Root runs apt-get directly; others need sudo.
as_root() {
    if [ "$(id -u)" = 0 ]; then
        "$@"
    elif command -v sudo >/dev/null 2>&1; then
        sudo "$@"
    else
        die "need root (or sudo) to run: $*"
    fi
}

apt_updated=false
apt_install() {
    command -v apt-get >/dev/null 2>&1 || die "no apt-get: install $* by hand"
    if ! $apt_updated; then
        as_root apt-get update -q
        apt_updated=true
    fi
    as_root env DEBIAN_FRONTEND=noninteractive apt-get install -y -q --no-install-recommends "$@"
}

# --- Rust: wasm target and lint components ---------------------------------
command -v cargo >/dev/null 2>&1 || die "cargo not found: install Rust with rustup first"
if ! rustup target list --installed | grep -qx wasm32-unknown-unknown; then
    log "adding rustup target wasm32-unknown-unknown"
    rustup target add wasm32-unknown-unknown
fi
for component in rustfmt clippy; do
    if ! rustup component list --installed | grep -q "^$component"; then
        log "adding rustup component $component"
        rustup component add "$component"
    fi
done

# Build tools without their fat LTO / single codegen unit release profiles:
# they run for seconds, and on 2 cores this saves minutes (trunk: ~11 min).
cargo_install() {
    CARGO_PROFILE_RELEASE_LTO=false CARGO_PROFILE_RELEASE_CODEGEN_UNITS=16 cargo install "$@"
}

# --- Python 3: scripts/match.sh and scripts/generation.sh count games with it --
if ! command -v python3 >/dev/null 2>&1; then
    log "installing Debian's python3"
    apt_install python3
fi

# --- Trunk --------------------------------------------------------------------
if [ "$(trunk --version 2>/dev/null || true)" != "trunk $TRUNK_VERSION" ]; then
    log "installing trunk $TRUNK_VERSION (builds from source, ~10 min on 2 cores)"
    cargo_install trunk --version "$TRUNK_VERSION" --locked
fi

# --- wasm-bindgen-cli, exactly the version Cargo.lock uses ---------------------
[ -f Cargo.lock ] || cargo generate-lockfile
bindgen_version="$(awk '/^name = "wasm-bindgen"$/ { getline; gsub(/version = |"/, ""); print; exit }' Cargo.lock)"
[ -n "$bindgen_version" ] || die "no wasm-bindgen in Cargo.lock"
pinned="$(sed -n 's/^wasm_bindgen = "\(.*\)"/\1/p' Trunk.toml)"
[ "$pinned" = "$bindgen_version" ] ||
    die "Trunk.toml pins wasm_bindgen = \"$pinned\" but Cargo.lock has $bindgen_version: update Trunk.toml"
if [ "$(wasm-bindgen --version 2>/dev/null || true)" != "wasm-bindgen $bindgen_version" ]; then
    log "installing wasm-bindgen-cli $bindgen_version"
    # --locked fails for this crate; its own lock file is out of date.
    cargo_install wasm-bindgen-cli --version "$bindgen_version" --force
fi

# --- Node tools: wasm-opt (binaryen) and playwright-core -----------------------
if ! command -v node >/dev/null 2>&1 || ! command -v npm >/dev/null 2>&1; then
    log "installing Node.js and npm from Debian"
    apt_install nodejs npm
fi
node -e 'process.exit(Number(process.versions.node.split(".")[0]) >= 18 ? 0 : 1)' ||
    die "Node.js $(node --version) is too old: the browser tests need 18 or newer"
# npm ci again whenever package-lock.json changed since the last install.
if ! cmp -s package-lock.json node_modules/.setup-lock.json 2>/dev/null; then
    log "installing npm packages (npm ci)"
    PLAYWRIGHT_SKIP_BROWSER_DOWNLOAD=1 npm ci --no-audit --no-fund
    cp package-lock.json node_modules/.setup-lock.json
fi
wasm_opt_pinned="$(sed -n 's/^wasm_opt = "\(.*\)"/\1/p' Trunk.toml)"
wasm_opt_found="$(wasm-opt --version 2>/dev/null | sed -n 's/.*(\(version_[0-9]*\)).*/\1/p')"
[ "$wasm_opt_found" = "$wasm_opt_pinned" ] ||
    die "wasm-opt on PATH is '${wasm_opt_found:-missing}', Trunk.toml pins '$wasm_opt_pinned'"

# --- Chromium for the browser tests (never a browser download of a tool's own) --
# QUORIDOR_SKIP_BROWSER=1 (the Pages workflow) builds only.
if [ "${QUORIDOR_SKIP_BROWSER:-}" = 1 ]; then
    log "ok (no browser): $(trunk --version), $(wasm-bindgen --version), wasm-opt $wasm_opt_found"
    exit 0
fi
# --- PostgreSQL for the server's two-server test (scripts/postgres-test.sh) --
if ! compgen -G '/usr/lib/postgresql/*/bin/initdb' >/dev/null; then
    log "installing Debian's postgresql"
    apt_install postgresql
fi
compgen -G '/usr/lib/postgresql/*/bin/initdb' >/dev/null ||
    die "no PostgreSQL under /usr/lib/postgresql (install Debian's postgresql)"

if [ ! -x "$CHROMIUM" ]; then
    log "installing Debian's chromium"
    apt_install chromium
fi
[ -x "$CHROMIUM" ] || die "no Chromium at $CHROMIUM (set CHROMIUM to its path)"

log "ok: $(trunk --version), $(wasm-bindgen --version), wasm-opt $wasm_opt_found, node $(node --version), PostgreSQL $(ls /usr/lib/postgresql | sort -V | tail -n 1), $("$CHROMIUM" --version 2>/dev/null | head -1)"
