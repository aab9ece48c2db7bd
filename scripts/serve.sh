#!/usr/bin/env bash
# README command 1: install what is missing, then serve the app with live
# reload at http://127.0.0.1:8080/ (extra arguments go to `trunk serve`).
set -euo pipefail
cd "$(dirname "$0")/.."
scripts/setup.sh
source scripts/env.sh
exec trunk serve --offline "$@"
