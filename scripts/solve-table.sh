#!/usr/bin/env bash
# The results table of docs/solved.md: solves the start position of each
# case (3x3 with 0-4 walls each, 4x4 with 0-3, 5x5 with 0 up to MAX5) with
# `quoridor solve` under `/usr/bin/time -v`, one case at a time at the
# lowest priority, and prints a Markdown row per case: value and distance,
# positions, wall states, draws, seconds and peak memory. Cases up to
# CHECK_UP_TO walls each also run the consistency check; up to BRUTE_UP_TO
# the independent brute force. Cases above FULL_UP_TO walls each solve
# with --low-memory (two layers of the table in memory, no checks).
# Then it asks alpha-beta (`quoridor uci`, engine=alphabeta, 2 s per case
# on 3x3 and 4x4, 2 s / 60 s on 5x5) for its `score mate` proofs.
# Finally the slow test (5x5 with one wall each in a release build).
#
# Usage: scripts/solve-table.sh [MAX5 [CHECK_UP_TO [BRUTE_UP_TO [FULL_UP_TO]]]]
#   (defaults 4 3 2 4)
set -euo pipefail
cd "$(dirname "$0")/.."
max5="${1:-4}"
check_up_to="${2:-3}"
brute_up_to="${3:-2}"
full_up_to="${4:-4}"
cargo build --release --quiet
bin=target/release/quoridor
log=$(mktemp -d)
trap 'rm -rf "$log"' EXIT

echo "| board | walls each | start position | positions | wall states | draws | solve s | total s | peak MiB | checks |"
echo "|---|---:|---|---:|---:|---:|---:|---:|---:|---|"
run_case() {
    local n="$1" w="$2" flags=()
    if [ "$w" -gt "$full_up_to" ]; then
        flags+=(--low-memory)  # the checks need the whole table
    else
        [ "$w" -le "$check_up_to" ] && flags+=(--check)
        [ "$w" -le "$brute_up_to" ] && flags+=(--brute-force)
    fi
    /usr/bin/time -v nice -n 19 "$bin" solve --size "$n" --walls "$w" "${flags[@]}" \
        >"$log/out" 2>"$log/time" </dev/null || { echo "| ${n}x$n | $w | failed: $(tail -1 "$log/time") |"; return; }
    local value positions states draws secs total peak checks=""
    value=$(sed -n 's/^value: //p' "$log/out")
    positions=$(sed -n 's/^\([0-9,]*\) positions solved.*/\1/p; s/^.*: \([0-9,]*\) positions solved.*/\1/p' "$log/out")
    states=$(sed -n 's/.*(\([0-9,]*\) wall states.*/\1/p' "$log/out")
    draws=$(sed -n 's/.*lost, \([0-9,]*\) drawn.*/\1/p' "$log/out")
    secs=$(sed -n 's/.*configurations) in \([0-9.]*\) s/\1/p' "$log/out")
    total=$(sed -n 's/.*Elapsed (wall clock) time (h:mm:ss or m:ss): //p' "$log/time")
    peak=$(( $(sed -n 's/.*Maximum resident set size (kbytes): //p' "$log/time") / 1024 ))
    grep -q "^consistency check: .* 0 violations" "$log/out" && checks+="consistent "
    grep -q "^brute force: .* 0 differ" "$log/out" && checks+="brute force agrees"
    echo "| ${n}x$n | $w | $value | $positions | $states | $draws | $secs | $total | $peak | $checks |"
}
for w in 0 1 2 3 4; do run_case 3 "$w"; done
for w in 0 1 2 3; do run_case 4 "$w"; done
for w in $(seq 0 "$max5"); do run_case 5 "$w"; done

echo
echo "Alpha-beta's proofs (score mate N: the side to move wins in N of its moves; -N: loses in N of the opponent's):"
alphabeta() {
    local n="$1" w="$2" ms="$3"
    printf 'uci\nsetoption name engine value alphabeta\nsetoption name board_size value %s\nsetoption name walls value %s\nposition startpos\ngo movetime %s\n' \
        "$n" "$w" "$ms" | nice -n 19 "$bin" uci | grep '^info depth' | tail -1 | sed -n "s/.*\(depth [0-9]*\).*\(score [a-z]* -*[0-9]*\).*/${n}x$n $w walls: \1 \2 ($ms ms)/p"
}
for w in 0 1 2 3 4; do alphabeta 3 "$w" 2000; done
for w in 0 1 2 3; do alphabeta 4 "$w" 2000; done
for w in 0 1 2; do alphabeta 5 "$w" 2000; done
alphabeta 5 3 60000

echo
nice -n 19 cargo test --release --quiet -p quoridor-solver --test solve_small -- --include-ignored
