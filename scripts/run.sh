#!/usr/bin/env bash
# Builds and starts the game on Debian/Ubuntu; arguments go to the game (see --help).
set -euo pipefail
cd "$(dirname "$0")/.."
scripts/install-deps.sh
exec cargo run --release --bin reversi -- "$@"
