#!/usr/bin/env bash
# One generation of the learned evaluation (docs/learned-eval.md,
# "Generations"): self-play with the current best network, train a new one
# on the latest generations' games, and promote it only if it beats its
# parent in an arena match decided by a sequential probability ratio test.
#
# Usage: scripts/generation.sh N
#   N: the new generation's number (the parent is the network that ships,
#   weights/value.safetensors). Every step is skipped when its output is
#   there already, and self-play shards resume, so a run cut off (a session
#   ended, a machine went away) is continued by running it again.
#
# Steps and their outputs (data/ is kept out of git; weights/ is not):
# Self-play and the match search with PUCT (priors=true): a network with a
# policy head opens and selects moves by its priors, one without searches as
# the Default does.
#   1. self-play: GAMES games of the parent at PLAYOUTS a move in SHARDS
#      shards, SHARDS at once          -> data/genN/selfplay.jsonl
#   2. training on the last WINDOW generations' games (and EXTRA_DATA)
#      with TRAIN_FLAGS                -> data/genN/net/
#   3. the match: new (A) against parent (B), MATCH_PLAYOUTS a move, at most
#      MATCH_GAMES games from the book, stopped by --sprt SPRT
#                                      -> data/genN/match.json, match.txt
#   4. promotion if H1 was accepted: weights/genN/ (the weights, the
#      manifest, the loss curve, the match) and weights/value.safetensors;
#      otherwise nothing changes and the script exits 3.
#
# Settings (environment, defaults for a real run):
#   QUORIDOR (a quoridor binary built with --features train; default: build
#   target/release/quoridor), GAMES=2000, PLAYOUTS=1000, SHARDS=$(nproc),
#   SELFPLAY_SETTINGS="eval=learned,priors=true,root_noise=0.25,root_noise_alpha=0.1"
#   (the engine in self-play: PUCT with AlphaZero's root noise),
#   RANDOM_PLIES=12 (opening plies drawn in proportion to the visits),
#   SEED=N*1000, WINDOW=3 (or TRAIN_DATA="FILES…", the generations' files to
#   train on in place of the last WINDOW), EXTRA_DATA="",
#   TRAIN_FLAGS="--target mix:0.5" (half the game's result, half the search's value),
#   MATCH_PLAYOUTS=1000, MATCH_GAMES=2000, SPRT="elo0=0,elo1=10",
#   BOOK=docs/examples/book-200.txt, DATA=data, WEIGHTS=weights.
#
# On more machines (.github/workflows/generation.yml, scripts/slurm/
# generation.sh): SELFPLAY_SHARD=I plays only self-play shard I of SHARDS
# (into data/genN/, resuming) and stops; the run without it on one machine,
# the shard files copied into data/genN/, then merges them and goes on.
set -euo pipefail
cd "$(dirname "$0")/.."

usage() { sed -n '2,/^set -euo/p' "$0" | sed -e '$d' -e 's/^# \{0,1\}//'; }
if [[ $# -ne 1 || ! "$1" =~ ^[0-9]+$ ]]; then
    usage >&2
    exit 2
fi
gen="$1"
games="${GAMES:-2000}"
playouts="${PLAYOUTS:-1000}"
shards="${SHARDS:-$(nproc)}"
seed="${SEED:-$((gen * 1000))}"
window="${WINDOW:-3}"
extra_data="${EXTRA_DATA:-}"
train_flags="${TRAIN_FLAGS:---target mix:0.5}"
selfplay_settings="${SELFPLAY_SETTINGS:-eval=learned,priors=true,root_noise=0.25,root_noise_alpha=0.1}"
random_plies="${RANDOM_PLIES:-12}"
match_playouts="${MATCH_PLAYOUTS:-1000}"
match_games="${MATCH_GAMES:-2000}"
sprt="${SPRT:-elo0=0,elo1=10}"
book="${BOOK:-docs/examples/book-200.txt}"
data="${DATA:-data}"
weights="${WEIGHTS:-weights}"
parent="$weights/value.safetensors"
dir="$data/gen$gen"

say() { echo "generation $gen: $*" >&2; }

if [[ -z "${QUORIDOR:-}" ]]; then
    cargo build --release --features train --quiet
    QUORIDOR=target/release/quoridor
fi
if [[ -e "$weights/gen$gen" ]]; then
    say "$weights/gen$gen exists: this generation was promoted already"
    exit 2
fi
if [[ ! -f "$parent" ]]; then
    say "no parent network at $parent"
    exit 2
fi
mkdir -p "$dir"

# Self-play shard I of SHARDS with the parent, resuming its file.
play_shard() {
    local shard="$dir/selfplay-shard-$1-of-$shards.jsonl" resume=()
    [[ -f "$shard" ]] && resume=(--resume)
    "$QUORIDOR" selfplay --eval-file "$parent" --settings "$selfplay_settings" \
        --games "$games" --seed "$seed" --playouts "$playouts" --random-plies "$random_plies" \
        --threads 1 --shard "$1/$shards" --out "$shard" "${resume[@]}"
}

if [[ -n "${SELFPLAY_SHARD:-}" ]]; then
    if [[ ! "$SELFPLAY_SHARD" =~ ^[0-9]+$ ]] || ((SELFPLAY_SHARD >= shards)); then
        say "SELFPLAY_SHARD must be a shard of 0 to $((shards - 1)), got '$SELFPLAY_SHARD'"
        exit 2
    fi
    say "self-play shard $SELFPLAY_SHARD of $shards"
    play_shard "$SELFPLAY_SHARD"
    exit 0
fi

# 1. Self-play with the parent, every shard at once (each resumable).
if [[ ! -f "$dir/selfplay.jsonl" ]]; then
    say "self-play: $games games at $playouts playouts in $shards shards"
    pids=()
    for ((i = 0; i < shards; i++)); do
        play_shard "$i" &
        pids+=($!)
    done
    for pid in "${pids[@]}"; do
        wait "$pid"
    done
    "$QUORIDOR" selfplay merge "$dir"/selfplay-shard-*-of-"$shards".jsonl \
        --out "$dir/selfplay.jsonl.part"
    mv "$dir/selfplay.jsonl.part" "$dir/selfplay.jsonl"
fi

# 2. Training on the last WINDOW generations' games.
if [[ ! -f "$dir/net/value-f16.safetensors" ]]; then
    if [[ -n "${TRAIN_DATA:-}" ]]; then
        # shellcheck disable=SC2206 # TRAIN_DATA is a word list
        files=($TRAIN_DATA)
    else
        mapfile -t files < <(ls "$data"/gen*/selfplay.jsonl | sort -V | tail -n "$window")
    fi
    # shellcheck disable=SC2206 # EXTRA_DATA and TRAIN_FLAGS are word lists
    extra=($extra_data)
    # shellcheck disable=SC2206
    flags=($train_flags)
    say "training on ${files[*]} ${extra[*]}"
    rm -rf "$dir/net"
    "$QUORIDOR" train "${files[@]}" "${extra[@]}" --out "$dir/net" "${flags[@]}"
fi

# 3. The match: stops as soon as the SPRT decides.
if [[ ! -f "$dir/match.json" ]]; then
    say "match against the parent: at most $match_games games, --sprt $sprt"
    "$QUORIDOR" arena --a "eval=learned,priors=true,eval_file=$dir/net/value-f16.safetensors" \
        --b "eval=learned,priors=true,eval_file=$parent" --playouts "$match_playouts" \
        --games "$match_games" --openings "$book" --seed "$seed" --sprt "$sprt" \
        --json "$dir/match.json.part" --records "$dir/match.txt" >"$dir/match.log"
    mv "$dir/match.json.part" "$dir/match.json"
fi
tail -n 6 "$dir/match.log" >&2 || true

# 4. Promotion.
decision=$(sed -n 's/.*"decision": *"\([a-z0-9_]*\)".*/\1/p' "$dir/match.json" | head -n 1)
if [[ "$decision" != "h1_accepted" ]]; then
    say "not promoted (SPRT: ${decision:-no decision in $dir/match.json}); the parent stays"
    exit 3
fi
mkdir -p "$weights/gen$gen"
cp "$dir/net/value-f16.safetensors" "$weights/gen$gen/value.safetensors"
cp "$dir/net/manifest.json" "$weights/gen$gen/"
# The match's summary and every game's result; the records and per-move
# statistics stay in data/ (out of git).
python3 - "$dir/match.json" >"$weights/gen$gen/match.json" <<'PY'
import json, sys
match = json.load(open(sys.argv[1]))
for game in match.get("results", []):
    game.pop("stats", None)
    game.pop("record", None)
json.dump(match, sys.stdout, separators=(",", ":"))
print()
PY
[[ -f "$dir/net/loss.svg" ]] && cp "$dir/net/loss.svg" "$weights/gen$gen/"
trained_on="the last $window generations' games $extra_data"
[[ -n "${TRAIN_DATA:-}" ]] && trained_on="$TRAIN_DATA $extra_data"
{
    echo "# Generation $gen"
    echo
    echo "Promoted by \`scripts/generation.sh $gen\` on $(date -u +%Y-%m-%d): it beat its"
    echo "parent (the network that shipped before it) in an SPRT match."
    echo
    echo "- self-play: $games games of the parent at $playouts playouts a move, seed $seed,"
    echo "  settings \`$selfplay_settings\`, $random_plies plies drawn by visit share"
    echo "- training: \`quoridor train\` $train_flags on $trained_on"
    echo "  (the files and counts are in manifest.json)"
    echo "- match: at most $match_games games at $match_playouts playouts a move from"
    echo "  $book, \`--sprt $sprt\`; the result is match.json:"
    echo
    echo '```text'
    grep -E '^(A scored|A as player|SPRT:|[0-9.]+ plies per game)' "$dir/match.log"
    echo '```'
} >"$weights/gen$gen/README.md"
cp "$dir/net/value-f16.safetensors" "$parent"
say "promoted: $weights/gen$gen/ and $parent (rebuild to embed it)"
