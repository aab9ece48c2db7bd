#!/usr/bin/env bash
# The server on PostgreSQL (crates/server/tests/postgres.rs): starts a
# throwaway PostgreSQL cluster from Debian's `postgresql` package (which
# scripts/setup.sh installs) in a temporary folder, on a free port of
# 127.0.0.1 and a unix socket in that folder, runs the test with
# QUORIDOR_TEST_POSTGRES set to its URL (two servers on the one database, a
# player on each), then stops the cluster and deletes the folder, however
# the test ends. PostgreSQL refuses to run as root: as root, the cluster
# runs as the package's `postgres` user (or `nobody`).
# Extra arguments go to `cargo test` (after `--`).
set -euo pipefail
cd "$(dirname "$0")/.."

log() { printf '[postgres-test] %s\n' "$*"; }
die() { printf '[postgres-test] ERROR: %s\n' "$*" >&2; exit 1; }

pg_bin="$(ls -d /usr/lib/postgresql/*/bin 2>/dev/null | sort -V | tail -n 1)"
[ -n "$pg_bin" ] && [ -x "$pg_bin/initdb" ] ||
    die "no PostgreSQL under /usr/lib/postgresql (scripts/setup.sh installs Debian's postgresql)"

tmp="$(mktemp -d "${TMPDIR:-/tmp}/quoridor-pg.XXXXXX")"
if [ "$(id -u)" = 0 ]; then
    owner=postgres
    id "$owner" >/dev/null 2>&1 || owner=nobody
    chown "$owner" "$tmp"
    as_owner() { runuser -u "$owner" -- "$@"; }
else
    as_owner() { "$@"; }
fi
chmod 700 "$tmp"

cleanup() {
    if [ -f "$tmp/data/postmaster.pid" ]; then
        as_owner "$pg_bin/pg_ctl" -D "$tmp/data" -m fast -w stop >/dev/null 2>&1 ||
            as_owner "$pg_bin/pg_ctl" -D "$tmp/data" -m immediate -w stop >/dev/null 2>&1 || true
    fi
    rm -rf "$tmp"
}
trap cleanup EXIT
trap 'exit 130' INT TERM

# A free port: bind port 0, read what the kernel gave, let it go.
port="$(python3 -c 'import socket; s = socket.socket(); s.bind(("127.0.0.1", 0)); print(s.getsockname()[1])')"

log "initdb ($("$pg_bin/postgres" --version)) in $tmp"
# Trust on a cluster that lives for one test and listens on 127.0.0.1 and
# a socket only its owner can reach; no fsync (nothing here outlives it).
as_owner "$pg_bin/initdb" -D "$tmp/data" -U quoridor -A trust -E UTF8 --no-sync >"$tmp/initdb.log" 2>&1 ||
    { cat "$tmp/initdb.log" >&2; die "initdb failed"; }
as_owner "$pg_bin/pg_ctl" -D "$tmp/data" -l "$tmp/server.log" -w -t 60 \
    -o "-p $port -k $tmp -c listen_addresses=127.0.0.1 -c fsync=off -c synchronous_commit=off" \
    start >/dev/null ||
    { cat "$tmp/server.log" >&2; die "PostgreSQL did not start"; }
as_owner "$pg_bin/createdb" -h "$tmp" -p "$port" -U quoridor quoridor_test
log "PostgreSQL up on 127.0.0.1:$port"

export QUORIDOR_TEST_POSTGRES="postgres://quoridor@127.0.0.1:$port/quoridor_test"
status=0
cargo test --locked -p quoridor-server --test postgres -- "$@" || status=$?
if [ "$status" != 0 ]; then
    log "the PostgreSQL log:"
    tail -n 40 "$tmp/server.log" >&2 || true
fi
exit "$status"
