#!/usr/bin/env bash
# The levels' rating ladder (docs/levels.md), sharded and resumable: the
# random mover against level 1 and each level against the next, every
# pairing GAMES games from the opening book
# (colours alternating), each split into SHARDS shards played one after
# another. A shard whose file exists is skipped, so running the script again
# resumes where it stopped (a shard cut short is played again). Finished
# pairings are merged (`arena merge`), then all games are rated at once
# (`arena rate`, the random mover fixed at 0) with the ladder check: each
# level at least 65% against the one below over at least 100 games.
#
# Usage: scripts/ladder.sh [--games N] [--shards N] [--threads N] [--out DIR] [--bin PATH] [--only I/N]
#   --only I/N  play only every N-th pairing from the I-th (0-based), for
#               splitting the ladder over machines; rate after copying all
#               shard files into one DIR and running without --only.
# Defaults: 100 games, 4 shards, 1 game at once, out target/ladder, a
# release build of this checkout.
set -euo pipefail
cd "$(dirname "$0")/.."

games=100
shards=4
threads=1
out=target/ladder
bin=""
only="0/1"
while [ $# -gt 0 ]; do
    case "$1" in
        --games) games="${2:?--games needs a number}"; shift 2 ;;
        --shards) shards="${2:?--shards needs a number}"; shift 2 ;;
        --threads) threads="${2:?--threads needs a number}"; shift 2 ;;
        --out) out="${2:?--out needs a folder}"; shift 2 ;;
        --bin) bin="${2:?--bin needs a path}"; shift 2 ;;
        --only) only="${2:?--only needs I/N}"; shift 2 ;;
        *) sed -n '2,17p' "$0" >&2; exit 2 ;;
    esac
done
if [ -z "$bin" ]; then
    cargo build --release --locked --quiet --bin quoridor
    bin=target/release/quoridor
fi
only_index=${only%/*}
only_count=${only#*/}

# The pairings, weakest first: A|B as arena specs.
pairings=("level=1|random")
for n in $(seq 1 9); do
    pairings+=("level=$((n + 1))|level=$n")
done

mkdir -p "$out/shards" "$out/pairs" "$out/logs"
name_of() { echo "$1" | tr '=|,' '_._'; }
for i in "${!pairings[@]}"; do
    [ $((i % only_count)) -eq "$only_index" ] || continue
    pair=${pairings[$i]}
    a=${pair%%|*}
    b=${pair##*|}
    name=$(name_of "$a-vs-$b")
    for shard in $(seq 0 $((shards - 1))); do
        file="$out/shards/$name-$shard-of-$shards.json"
        [ -f "$file" ] && continue
        echo "ladder: $a vs $b, shard $shard/$shards" >&2
        "$bin" arena --a "$a" --b "$b" --games "$games" --openings docs/examples/book-200.txt \
            --seed 36 --threads "$threads" --shard "$shard/$shards" \
            --records "$out/shards/$name-$shard.txt" --json "$file.part" \
            > "$out/logs/$name-$shard.log" 2>&1
        mv "$file.part" "$file"
    done
    "$bin" arena merge "$out/shards/$name"-*-of-"$shards".json \
        --records "$out/pairs/$name.txt" --json "$out/pairs/$name.json" > "$out/pairs/$name.log" 2>&1
done

if [ "$only" != "0/1" ]; then
    echo "ladder: pairings $only played; copy $out/shards from every machine together and run again without --only to rate" >&2
    exit 0
fi
order="random"
for n in $(seq 1 10); do order="$order,level=$n"; done
"$bin" arena rate "$out"/pairs/*.json --anchor random --order "$order" --json "$out/ratings.json" | tee "$out/ratings.txt"
