#!/usr/bin/env bash
# Submits one generation of the learned evaluation (scripts/generation.sh N)
# to Slurm: an array of SHARDS self-play tasks (SELFPLAY_SHARD=I each) and a
# job that starts when all of them have succeeded (afterok) and trains,
# plays the SPRT match against the parent and promotes.
#
#   scripts/slurm/generation.sh SHARDS N
#
# e.g. GAMES=8000 scripts/slurm/generation.sh 64 4
# Run it from the repository on a file system the compute nodes share, after
# `cargo build --release --features train` (QUORIDOR names another binary).
# The settings of scripts/generation.sh (GAMES, PLAYOUTS, SPRT, …) pass
# through the environment; sbatch options in SBATCH_* variables.
set -euo pipefail
cd "$(dirname "$0")/../.."

if [ $# -ne 2 ] || ! [[ "$1" =~ ^[0-9]+$ ]] || [ "$1" -lt 1 ] || ! [[ "$2" =~ ^[0-9]+$ ]]; then
    echo "usage: $0 SHARDS N" >&2
    exit 2
fi
export SHARDS=$1
gen=$2
export QUORIDOR=${QUORIDOR:-$PWD/target/release/quoridor}
if [ ! -x "$QUORIDOR" ]; then
    echo "$QUORIDOR is missing: run cargo build --release --features train first" >&2
    exit 2
fi
array=$(sbatch --parsable --export=ALL --array="0-$((SHARDS - 1))" --job-name="gen$gen-selfplay" \
    --wrap="SELFPLAY_SHARD=\$SLURM_ARRAY_TASK_ID scripts/generation.sh $gen")
array=${array%%;*}
rest=$(sbatch --parsable --export=ALL --dependency="afterok:$array" --job-name="gen$gen-promote" \
    --cpus-per-task="${MATCH_CPUS:-8}" --wrap="scripts/generation.sh $gen")
echo "self-play: job $array (tasks 0-$((SHARDS - 1))), training, match and promotion: job ${rest%%;*}"
