#!/usr/bin/env bash
# One arena match played as shards, one after another, resumable: every
# shard is `quoridor arena ARENA_ARGS --shard I/SHARDS`; a shard whose file
# exists is skipped, so running the script again resumes where it stopped
# (a shard cut short is played again). After every shard the finished
# shards' games are counted into OUT/summary.txt (score, 95% Wilson
# interval, by colour, and over the openings played with both colours while
# some have one only) and OUT/step.json (the fields `arena rate` reads, as
# in docs/ladder/); after the last, `arena merge` writes the match's
# summary (OUT/merged.txt), records and JSON. The shards are ordinary arena
# shards, so they can also be played on other machines and copied into
# OUT/shards/.
#
# Usage: scripts/match.sh --out DIR [--shards N] [--bin PATH] -- ARENA_ARGS...
#   ARENA_ARGS: the match as `quoridor arena` takes it (--a, --b, --games,
#   --openings, --time-ms or --playouts, --seed, --threads, ...), without
#   --shard, --records or --json.
# Defaults: 10 shards, a release build of this checkout.
set -euo pipefail
cd "$(dirname "$0")/.."

usage() { sed -n '2,17p' "$0" | sed 's/^# \{0,1\}//' >&2; exit 2; }
out=""
shards=10
bin=""
while [ $# -gt 0 ]; do
    case "$1" in
        --out) out="${2:?--out needs a folder}"; shift 2 ;;
        --shards) shards="${2:?--shards needs a number}"; shift 2 ;;
        --bin) bin="${2:?--bin needs a path}"; shift 2 ;;
        --) shift; break ;;
        *) usage ;;
    esac
done
[ -n "$out" ] && [ $# -gt 0 ] || usage
if [ -z "$bin" ]; then
    cargo build --release --locked --quiet --bin quoridor
    bin=target/release/quoridor
fi
mkdir -p "$out/shards" "$out/logs"

for shard in $(seq 0 $((shards - 1))); do
    file="$out/shards/shard-$shard-of-$shards.json"
    [ -f "$file" ] && continue
    echo "match: shard $shard/$shards into $out ($(date -u +%H:%M))" >&2
    "$bin" arena "$@" --shard "$shard/$shards" \
        --records "$out/shards/shard-$shard.txt" --json "$file.part" \
        > "$out/logs/shard-$shard.log" 2>&1
    mv "$file.part" "$file"
    # The running summary of the shards done so far (merge refuses missing
    # games, so count the finished shards' games directly).
    python3 - "$out" > "$out/summary.txt" <<'PY'
import glob, json, math, sys
out = sys.argv[1]
wins = games = first = first_wins = 0
labels = ("A", "B")
a_won_by_index = {}
for path in sorted(glob.glob(f"{out}/shards/shard-*-of-*.json")):
    shard = json.load(open(path))
    labels = (shard["definition"]["a"]["label"], shard["definition"]["b"]["label"])
    for g in shard["results"]:
        games += 1
        a_won = g["winner"] == "A"
        a_won_by_index[g["index"]] = a_won
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
    json.dump({"games": games, "a": {"label": labels[0], "wins": wins},
               "b": {"label": labels[1], "wins": games - wins}}, f)
    f.write("\n")
print(f"{labels[0]} vs {labels[1]}: {wins} of {games} games = {100 * wins / max(games, 1):.1f}% "
      f"(95% Wilson interval {100 * lo:.1f}-{100 * hi:.1f}%); moving first {first_wins}/{first}, "
      f"second {wins - first_wins}/{games - first}")
# Games 2k and 2k+1 are one opening with the colours swapped, and with an
# even number of shards they lie in neighbouring shards: until both are
# played, the colours are unbalanced, so count the whole pairs apart.
pairs = [k for k in {i // 2 for i in a_won_by_index}
         if 2 * k in a_won_by_index and 2 * k + 1 in a_won_by_index]
if 0 < 2 * len(pairs) < games:
    pair_wins = sum(a_won_by_index[2 * k] + a_won_by_index[2 * k + 1] for k in pairs)
    lo, hi = wilson(pair_wins, 2 * len(pairs))
    openings = f"{len(pairs)} opening{'' if len(pairs) == 1 else 's'}"
    print(f"  of them, the {openings} played with both colours: {pair_wins} of "
          f"{2 * len(pairs)} = {50 * pair_wins / len(pairs):.1f}% (95% Wilson interval "
          f"{100 * lo:.1f}-{100 * hi:.1f}%)")
PY
    cat "$out/summary.txt" >&2
done
"$bin" arena merge "$out/shards"/shard-*-of-"$shards".json \
    --records "$out/games.txt" --json "$out/match.json" | tee "$out/merged.txt"
