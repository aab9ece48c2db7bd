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
mkdir -p "$out/shards" "$out/logs"
# The book's openings from the (FROM+1)-th on; its two # lines stay comments.
book="$out/openings.txt"
{ sed -n '1,2p' docs/examples/book-200.txt; grep -v '^#' docs/examples/book-200.txt | tail -n +"$((from + 1))"; } > "$book"

for shard in $(seq 0 $((shards - 1))); do
    file="$out/shards/shard-$shard-of-$shards.json"
    [ -f "$file" ] && continue
    echo "ladder-step: level=$high vs level=$low, shard $shard/$shards ($(date -u +%H:%M))" >&2
    "$bin" arena --a "level=$high" --b "level=$low" --games "$games" --openings "$book" \
        --seed "$seed" --threads 1 --shard "$shard/$shards" \
        --records "$out/shards/shard-$shard.txt" --json "$file.part" \
        > "$out/logs/shard-$shard.log" 2>&1
    mv "$file.part" "$file"
    # The running summary of the shards done so far (merge refuses missing
    # games, so rate the finished shards' games directly).
    python3 - "$out" "$high" "$low" > "$out/summary.txt" <<'EOF'
import glob, json, math, sys
out, high, low = sys.argv[1], sys.argv[2], sys.argv[3]
wins = games = first = first_wins = 0
for path in sorted(glob.glob(f"{out}/shards/shard-*-of-*.json")):
    shard = json.load(open(path))
    for g in shard["results"]:
        games += 1
        a_won = g["winner"] == "A"
        wins += a_won
        if g["a_first"]:
            first += 1
            first_wins += a_won
def wilson(k, n, z=1.96):
    if n == 0:
        return (0.0, 1.0)
    p = k / n
    d = 1 + z * z / n
    c = (p + z * z / (2 * n)) / d
    h = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / d
    return (c - h, c + h)
lo, hi = wilson(wins, games)
with open(f"{out}/step.json", "w") as f:
    json.dump({"games": games, "a": {"label": f"level={high}", "wins": wins},
               "b": {"label": f"level={low}", "wins": games - wins}}, f)
    f.write("\n")
print(f"level={high} vs level={low}: {wins} of {games} games = {100 * wins / max(games, 1):.1f}% "
      f"(95% Wilson interval {100 * lo:.1f}-{100 * hi:.1f}%); moving first {first_wins}/{first}, "
      f"second {wins - first_wins}/{games - first}")
EOF
    cat "$out/summary.txt" >&2
done
"$bin" arena merge "$out/shards"/shard-*-of-"$shards".json \
    --records "$out/games.txt" --json "$out/match.json" | tee "$out/merged.txt"
