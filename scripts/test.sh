#!/usr/bin/env bash
# Checks the formatting, then runs every test: engine (rules, perft, formats, search, FFO
# endgames), headless game systems, and the rendered smoke test in a virtual X server; then checks
# that everything builds, clippy-clean, for Windows and macOS.
set -euo pipefail
cd "$(dirname "$0")/.."
scripts/install-deps.sh
# The style CI promises: formatting is checked first, as it costs a second.
cargo fmt --all --check
cargo test --workspace
# Every later change must build for Windows and macOS too.
scripts/check-targets.sh
