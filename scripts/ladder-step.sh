#!/usr/bin/env bash
# One step of the levels' ladder played longer (docs/levels.md, "Settling
# level 9 against level 8"): level HIGH against level HIGH-1 from the opening book's openings
# FROM.. (each with both colours), split into SHARDS shards played one after
# another by one process at a time. A shard whose file exists is skipped, so
# running the script again resumes where it stopped (a shard cut short is
# played again). After every shard the finished shards' games are counted
# into OUT/summary.txt (score, 95% Wilson interval, by colour) and
# OUT/step.json (the fields `arena rate` reads, as in docs/ladder/); after
# the last, `arena merge` writes the match's summary, records and JSON.
#
# Usage: scripts/ladder-step.sh [--high N] [--from K] [--games N] [--shards N] [--out DIR] [--bin PATH] [--seed S]
# Defaults: level 9 against 8, openings from the 51st on (the ladder's
# 100 games used the first 50), 300 games, 30 shards, out
# target/ladder-step-9, a release build of this checkout, seed 36 (the
# ladder's).
set -euo pipefail
cd "$(dirname "$0")/.."

high=9
from=50
games=300
shards=30
out=""
bin=""
seed=36
while [ $# -gt 0 ]; do
    case "$1" in
        --high) high="${2:?--high needs a level}"; shift 2 ;;
        --from) from="${2:?--from needs a number}"; shift 2 ;;
        --games) games="${2:?--games needs a number}"; shift 2 ;;
        --shards) shards="${2:?--shards needs a number}"; shift 2 ;;
        --out) out="${2:?--out needs a folder}"; shift 2 ;;
        --bin) bin="${2:?--bin needs a path}"; shift 2 ;;
        --seed) seed="${2:?--seed needs a number}"; shift 2 ;;
        *) sed -n '2,16p' "$0" >&2; exit 2 ;;
    esac
done
[ -n "$out" ] || out="target/ladder-step-$high"
if [ -z "$bin" ]; then
    cargo build --release --locked --quiet --bin quoridor
    bin=target/release/quoridor
fi
low=$((high - 1))
mkdir -p "$out"
# The book's openings from the (FROM+1)-th on; its two # lines stay comments.
book="$out/openings.txt"
{ sed -n '1,2p' docs/examples/book-200.txt; grep -v '^#' docs/examples/book-200.txt | tail -n +"$((from + 1))"; } > "$book"

# Sharded and resumable as any match (scripts/match.sh).
scripts/match.sh --out "$out" --shards "$shards" --bin "$bin" -- \
    --a "level=$high" --b "level=$low" --games "$games" --openings "$book" \
    --seed "$seed" --threads 1
