#!/usr/bin/env bash
# Runs every test: engine (rules, perft, formats, search, FFO endgames), headless game systems,
# and the rendered smoke test in a virtual X server.
set -euo pipefail
cd "$(dirname "$0")/.."
scripts/install-deps.sh
cargo test --workspace
