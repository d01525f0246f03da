#!/usr/bin/env bash
# Runs the engine's unit tests built for aarch64 (the instruction set of Apple Silicon and of ARM
# Linux) under qemu's user-mode emulation: the engine's portable paths, which the compiler turns
# into NEON there, must give the answers they give on x86-64. Installs the cross linker, qemu and
# Rust's target when missing; `.cargo/config.toml` names the linker and the runner.
set -euo pipefail
cd "$(dirname "$0")/.."

rustup target add aarch64-unknown-linux-gnu >/dev/null
scripts/apt-install.sh qemu-user gcc-aarch64-linux-gnu libc6-dev-arm64-cross

cargo test -p reversi-engine --lib --target aarch64-unknown-linux-gnu --quiet
