#!/usr/bin/env bash
# Measures the play-a-friend server (docs/server.md#measured): builds the
# release binaries, starts `quoridor serve` on a temporary database and dist
# folder, runs `quoridor-loadtest load`, `fuzz` and `crash` at the issue's
# sizes against it, and prints the machine and the figures.
#
#   scripts/server-bench.sh                      # 1,000 games, 100,000 frames, 200 games killed
#   GAMES=100 FRAMES=10000 CRASH_GAMES=20 scripts/server-bench.sh
#
# Environment: GAMES, MAX_PLIES, THINK_MS (load), FRAMES, FUZZ_GAMES (fuzz),
# CRASH_GAMES, CRASH_THINK_MS, KILL_AFTER_MS (crash: the bots think so that
# the games are still live at the kill), UNLOAD_FINISHED_AFTER (seconds a
# finished room stays in memory, the server's flag: 600), CARGO_TARGET_DIR, SKIP_BUILD=1 to use
# the binaries already built. Traffic stays on 127.0.0.1.
set -euo pipefail
cd "$(dirname "$0")/.."

GAMES=${GAMES:-1000}
MAX_PLIES=${MAX_PLIES:-200}
THINK_MS=${THINK_MS:-0}
FRAMES=${FRAMES:-100000}
FUZZ_GAMES=${FUZZ_GAMES:-4}
CRASH_GAMES=${CRASH_GAMES:-200}
CRASH_THINK_MS=${CRASH_THINK_MS:-100}
KILL_AFTER_MS=${KILL_AFTER_MS:-2000}
UNLOAD_FINISHED_AFTER=${UNLOAD_FINISHED_AFTER:-600}
TARGET=${CARGO_TARGET_DIR:-target}
BIN="$TARGET/release"

if [ "${SKIP_BUILD:-0}" != 1 ]; then
    cargo build --release --locked -p quoridor-cli -p quoridor-loadtest
fi

# 2,000 WebSockets on each side: raise the open-file limit to the hard one.
ulimit -n "$(ulimit -Hn)" 2>/dev/null || true

tmp=$(mktemp -d)
pid=
cleanup() {
    if [ -n "$pid" ] && kill -0 "$pid" 2>/dev/null; then
        kill -TERM "$pid" 2>/dev/null || true
        wait "$pid" 2>/dev/null || true
    fi
    rm -rf "$tmp"
}
trap cleanup EXIT

echo "== machine"
echo "date: $(date -u +%Y-%m-%dT%H:%MZ)"
echo "cpu: $(nproc) x $(sed -n 's/^model name[[:space:]]*: //p' /proc/cpuinfo | head -1)"
echo "memory: $(awk '/MemTotal/ {printf "%.1f GiB", $2 / 1048576}' /proc/meminfo)"
echo "kernel: $(uname -sr)"
echo "open files: $(ulimit -n)"
echo "rustc: $(rustc --version)"

mkdir "$tmp/dist"
echo '<!doctype html><title>quoridor</title>' >"$tmp/dist/index.html"
# Every client of the tools is on 127.0.0.1: no limit per address (the
# defaults refuse rooms past 60 at once and the 101st WebSocket).
# The files exist before the server's shell opens them, so the first read
# below cannot race it.
: >"$tmp/serve.out"
: >"$tmp/serve.err"
"$BIN/quoridor" serve --port 0 --db "$tmp/rooms.db" --dist "$tmp/dist" \
    --requests-per-minute 0 --websockets-per-ip 0 \
    --unload-finished-after "$UNLOAD_FINISHED_AFTER" \
    >"$tmp/serve.out" 2>"$tmp/serve.err" &
pid=$!
url=
for _ in $(seq 100); do
    url=$(sed -n 's/^quoridor serve: listening on //p' "$tmp/serve.out")
    [ -n "$url" ] && break
    sleep 0.1
done
if [ -z "$url" ]; then
    echo "quoridor serve did not start:" >&2
    cat "$tmp/serve.err" >&2
    exit 1
fi
echo "server: $url (pid $pid, database $tmp/rooms.db)"

status=0
echo
echo "== load: $GAMES games at once"
"$BIN/quoridor-loadtest" load --url "$url" --games "$GAMES" --max-plies "$MAX_PLIES" \
    --think-ms "$THINK_MS" --pid "$pid" || status=1
# With a short UNLOAD_FINISHED_AFTER, the server's memory once the sweep
# (every 60 s) has unloaded the finished rooms.
if [ "$UNLOAD_FINISHED_AFTER" -le 60 ]; then
    sleep $((UNLOAD_FINISHED_AFTER + 65))
    echo "after the sweep: $(node -e 'fetch(process.argv[1]).then((r) => r.text()).then(console.log)' "$url/api/health"), server RSS $(awk '/^VmRSS/ {print $2, $3}' "/proc/$pid/status")"
fi
echo
echo "== fuzz: $FRAMES frames, $FUZZ_GAMES real games alongside"
"$BIN/quoridor-loadtest" fuzz --url "$url" --frames "$FRAMES" --games "$FUZZ_GAMES" \
    --pid "$pid" || status=1
if grep -q panicked "$tmp/serve.err"; then
    echo "the server panicked:" >&2
    cat "$tmp/serve.err" >&2
    status=1
fi
kill -TERM "$pid"
wait "$pid" || true
pid=
echo
echo "== crash: $CRASH_GAMES games, kill -9 after ${KILL_AFTER_MS} ms"
"$BIN/quoridor-loadtest" crash --server "$BIN/quoridor" --games "$CRASH_GAMES" \
    --think-ms "$CRASH_THINK_MS" --kill-after-ms "$KILL_AFTER_MS" || status=1
exit $status
