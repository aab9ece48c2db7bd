#!/usr/bin/env bash
# Re-runs the accuracy-against-perfect-play tables of docs/solved.md:
# `quoridor solve accuracy` on a solved variant, both engines at a few
# budgets and the ten levels, each playing itself. Release build, nice.
#
#   scripts/solve-accuracy.sh SIZE WALLS GAMES [PART]
#
# PART: all (the default: perfect, random, both engines at four budgets,
# levels 1-10), low (all but levels 8-10) or high (levels 8-10 only: on
# 5x5 with 3 walls each they take seconds a move, so fewer games).
# e.g. scripts/solve-accuracy.sh 5 2 50 (about a minute of one core).
# Writes target/accuracy/accuracy-SIZExSIZE-WALLS[-PART].md (the table),
# ...-games.txt (every game's record) and ...time (time and memory).
set -euo pipefail
size=${1:?board size}
walls=${2:?walls each}
games=${3:?games per player}
part=${4:-all}
out=target/accuracy
cd "$(dirname "$0")/.."
mkdir -p "$out"
cargo build --release --quiet
name="$out/accuracy-${size}x${size}-${walls}"
[ "$part" = all ] || name="$name-$part"
players=()
if [ "$part" != high ]; then
    players+=(--engine perfect --engine random)
    for n in 100 1000 10000; do
        players+=(--engine "engine=uct,playouts=$n,time_ms=0")
    done
    players+=(--engine "engine=uct,time_ms=100")
    for n in 100 1000 10000; do
        players+=(--engine "engine=alphabeta,playouts=$n,time_ms=0")
    done
    players+=(--engine "engine=alphabeta,time_ms=100")
fi
case "$part" in
    all) players+=(--levels) ;;
    low) for n in 1 2 3 4 5 6 7; do players+=(--engine "level=$n"); done ;;
    high) for n in 8 9 10; do players+=(--engine "level=$n"); done ;;
    *) echo "PART is all, low or high" >&2; exit 2 ;;
esac
/usr/bin/time -v nice target/release/quoridor solve accuracy --size "$size" --walls "$walls" \
    --games "$games" "${players[@]}" --records "$name-games.txt" > "$name.md" 2> "$name.time"
cat "$name.md"
grep -E "Elapsed|User time|Maximum resident" "$name.time"
