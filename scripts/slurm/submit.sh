#!/usr/bin/env bash
# Submits a sharded quoridor run to Slurm: an array of N shard tasks and a
# merge job that starts when all of them have succeeded (afterok).
#
#   scripts/slurm/submit.sh N experiments [FLAGS...]
#   scripts/slurm/submit.sh N arena MATCH-FLAGS...
#   scripts/slurm/submit.sh N selfplay RUN-FLAGS...
#
# e.g. scripts/slurm/submit.sh 32 experiments --games 100
#      scripts/slurm/submit.sh 16 arena --a preset=default --b preset=thesis --games 400 --playouts 2500
#      scripts/slurm/submit.sh 16 selfplay --games 10000 --playouts 1000
# Run it from the repository on a file system the compute nodes share, after
# `cargo build --release` (QUORIDOR names another binary). Extra sbatch
# options (partition, account) go in SBATCH_* variables, e.g.
# SBATCH_PARTITION=short.
set -euo pipefail
cd "$(dirname "$0")/../.."

if [ $# -lt 2 ] || ! [[ "$1" =~ ^[0-9]+$ ]] || [ "$1" -lt 1 ]; then
    echo "usage: $0 SHARDS experiments|arena|selfplay [FLAGS...]" >&2
    exit 2
fi
shards=$1
command=$2
shift 2
case "$command" in
    experiments | arena | selfplay) ;;
    *)
        echo "the command must be experiments, arena or selfplay, got '$command'" >&2
        exit 2
        ;;
esac
export QUORIDOR=${QUORIDOR:-$PWD/target/release/quoridor}
export QUORIDOR_COMMAND=$command
export QUORIDOR_ARGS="$*"
export SHARDS=$shards
export SHARD_DIR=${SHARD_DIR:-$PWD/shards-$(date +%Y%m%d-%H%M%S)}
if [ ! -x "$QUORIDOR" ]; then
    echo "$QUORIDOR is missing: run cargo build --release first" >&2
    exit 2
fi

array=$(sbatch --parsable --export=ALL --array="0-$((shards - 1))" scripts/slurm/shard.sbatch)
array=${array%%;*}
merge=$(sbatch --parsable --export=ALL --dependency="afterok:$array" scripts/slurm/merge.sbatch)
echo "shards: job $array (tasks 0-$((shards - 1))), merge: job ${merge%%;*}, files in $SHARD_DIR"
