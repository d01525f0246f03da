#!/usr/bin/env bash
# Checks the formatting, then runs every test: engine (rules, perft, formats, search, FFO
# endgames), headless game systems, and the rendered smoke test in a virtual X server; then the
# engine's unit tests on aarch64 under qemu, and that everything builds, clippy-clean, for Windows
# and macOS.
set -euo pipefail
cd "$(dirname "$0")/.."
scripts/install-deps.sh
# The style CI promises: formatting is checked first, as it costs a second.
cargo fmt --all --check
cargo test --workspace
# The engine as Apple Silicon runs it: its portable paths, in NEON, give the same answers.
scripts/test-aarch64.sh
# Every later change must build for Windows and macOS too.
scripts/check-targets.sh
