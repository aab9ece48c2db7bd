#!/usr/bin/env bash
# Engine speed natively and as WebAssembly, in one run: builds `quoridor`
# (release) and the `bench_wasm` binary for wasm32-unknown-unknown (release),
# runs wasm-bindgen --target nodejs on it, checks perft 3 of the benchmark
# positions is the same in both builds, then runs the same benchmark
# (crates/bench/src/lib.rs: fixed positions, playouts and seed, one thread) natively and
# under Node, checks both UCT runs searched the same trees and chose the
# same moves, and prints both reports and the wasm/native speed ratio.
#
# Usage: scripts/bench.sh [--playouts N] [--params default|thesis] [--engine uct|alphabeta] [--ms MS]
# (--engine alphabeta: MS milliseconds per position, nodes/s compared)
# Needs wasm-bindgen-cli at the Cargo.lock version and node (scripts/setup.sh).
set -euo pipefail
cd "$(dirname "$0")/.."
source scripts/env.sh

playouts=20000
params=default
engine=uct
ms=1000
while [ $# -gt 0 ]; do
    case "$1" in
        --playouts) playouts="${2:?--playouts needs a number}"; shift 2 ;;
        --params) params="${2:?--params needs default or thesis}"; shift 2 ;;
        --engine) engine="${2:?--engine needs uct or alphabeta}"; shift 2 ;;
        --ms) ms="${2:?--ms needs a number}"; shift 2 ;;
        *) echo "usage: scripts/bench.sh [--playouts N] [--params default|thesis] [--engine uct|alphabeta] [--ms MS]" >&2; exit 2 ;;
    esac
done

want="$(awk '/^name = "wasm-bindgen"$/ { getline; gsub(/version = |"/, ""); print; exit }' Cargo.lock)"
have="$(wasm-bindgen --version 2>/dev/null || true)"
if [ "$have" != "wasm-bindgen $want" ]; then
    echo "bench: need wasm-bindgen $want, found '${have:-none}': run scripts/setup.sh" >&2
    exit 1
fi

target="$(cargo metadata --format-version 1 --no-deps |
    node -e 'let s = ""; process.stdin.on("data", d => s += d).on("end", () => console.log(JSON.parse(s).target_directory))')"

echo "== building (release; the first build takes a few minutes)"
cargo build --release --quiet --bin quoridor
cargo build --release --quiet --target wasm32-unknown-unknown -p quoridor-bench --bin bench_wasm
wasm-bindgen --target nodejs --out-dir "$target/bench-wasm" \
    "$target/wasm32-unknown-unknown/release/bench_wasm.wasm"

# Move generation must agree: perft 3 of every benchmark position, natively
# and in wasm32 (whose bitboard shifts are its own code: crates/rules/src/wide.rs).
echo
echo "== perft 3 of the benchmark positions, native and wasm32"
while IFS= read -r record; do
    # shellcheck disable=SC2086 # the record's moves are separate arguments
    # (</dev/null: with no record, perft would read one from the loop's input)
    n="$("$target/release/quoridor" perft 3 $record </dev/null)"
    w="$(node -e '
        const [js, record] = process.argv.slice(1);
        console.log(require(js).perft(record, 3));
    ' "$target/bench-wasm/bench_wasm.js" "$record")"
    echo "${record:-start}: native $n, wasm $w"
    if [ "$n" != "$w" ]; then
        echo "bench: perft differs between native and wasm32" >&2
        exit 1
    fi
done < <(node -e 'console.log(require(process.argv[1]).bench_records())' "$target/bench-wasm/bench_wasm.js")

if [ "$engine" = alphabeta ]; then
    echo
    echo "== native ($(uname -m)), alpha-beta"
    native="$("$target/release/quoridor" bench --engine alphabeta --ms "$ms")"
    echo "$native"
    echo
    echo "== wasm32 under node $(node --version), alpha-beta"
    wasm="$(node -e '
        const [js, ms] = process.argv.slice(1);
        console.log(require(js).bench_alphabeta(Number(ms)));
    ' "$target/bench-wasm/bench_wasm.js" "$ms")"
    echo "$wasm"
    nodes() { sed -n 's/^overall: \([0-9.]*\) nodes\/s$/\1/p' <<<"$1"; }
    awk -v n="$(nodes "$native")" -v w="$(nodes "$wasm")" 'BEGIN {
        printf "== summary (alpha-beta): native %.0f nodes/s, wasm %.0f nodes/s, wasm/native = %.2f\n", n, w, w / n
    }'
    exit 0
fi

echo
echo "== native ($(uname -m))"
native="$("$target/release/quoridor" bench --playouts "$playouts" --params "$params")"
echo "$native"

echo
echo "== wasm32 under node $(node --version)"
wasm="$(node -e '
    const [js, params, playouts] = process.argv.slice(1);
    console.log(require(js).bench(params, Number(playouts)));
' "$target/bench-wasm/bench_wasm.js" "$params" "$playouts")"
echo "$wasm"

# Both builds draw from the same generator (search::EngineRng), so each
# position's tree size and move must be the same; only the times differ.
searched() { awk '$1 != "overall:" && $2 ~ /^[0-9]+$/ && NF >= 7 { print $1, $2, $5, $7 }' <<<"$1"; }
if [ "$(searched "$native")" != "$(searched "$wasm")" ]; then
    echo "bench: the UCT searches differ between native and wasm32 (position, playouts, nodes, move):" >&2
    diff <(searched "$native") <(searched "$wasm") >&2 || true
    exit 1
fi
echo
echo "== same playouts, tree sizes and moves natively and in wasm32"

rate() { sed -n 's/^overall: .* = \([0-9.]*\) playouts\/s$/\1/p' <<<"$1"; }
n="$(rate "$native")"
w="$(rate "$wasm")"
echo
awk -v n="$n" -v w="$w" -v p="$params" 'BEGIN {
    printf "== summary (%s params): native %.0f playouts/s, wasm %.0f playouts/s, wasm/native = %.2f\n", p, n, w, w / n
}'
