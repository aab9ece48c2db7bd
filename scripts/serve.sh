#!/usr/bin/env bash
# README command 1: install what is missing, build the page and the command
# line, then serve the game with our server (`quoridor serve`: the page,
# play a friend, and its rooms in an SQLite file) at http://127.0.0.1:8080/.
#
#   scripts/serve.sh                 # the page and live games between people
#   scripts/serve.sh --dev           # Trunk's live-reloading server instead
#                                    # (the page alone: no play a friend)
#
# Environment: QUORIDOR_PORT (8080), QUORIDOR_BIND (127.0.0.1),
# QUORIDOR_DB (data/quoridor.db; or postgres://…), QUORIDOR_PUBLIC_URL (the
# address players open, behind a proxy), QUORIDOR_BASE_PATH (/: the path the
# page is built for and served under, /quoridor/ behind a proxy that passes
# that path on). Other arguments go to
# `quoridor serve` (or, with --dev, to `trunk serve`). docs/server.md.
set -euo pipefail
cd "$(dirname "$0")/.."
scripts/setup.sh
source scripts/env.sh
if [ "${1:-}" = "--dev" ]; then
    shift
    exec trunk serve --offline "$@"
fi
port="${QUORIDOR_PORT:-8080}"
bind="${QUORIDOR_BIND:-127.0.0.1}"
db="${QUORIDOR_DB:-data/quoridor.db}"
case "$db" in
*://*) ;;
*) mkdir -p "$(dirname "$db")" ;;
esac
base="${QUORIDOR_BASE_PATH:-/}"
base="/${base#/}"
base="${base%/}/"
trunk build --offline --release --dist dist --public-url "$base"
cargo build --release --locked -p quoridor-cli
args=(serve --port "$port" --bind "$bind" --db "$db" --dist dist --base-path "$base")
if [ -n "${QUORIDOR_PUBLIC_URL:-}" ]; then
    args+=(--public-url "$QUORIDOR_PUBLIC_URL")
fi
echo "serve.sh: open http://$bind:$port$base (rooms kept in $db)"
exec target/release/quoridor "${args[@]}" "$@"
