#!/usr/bin/env bash
# Checks that every package builds, clippy-clean, for the other systems the game ships to:
# Windows (x86_64-pc-windows-gnu) and macOS (Apple Silicon and Intel). Checking compiles no
# machine code and links nothing, so it needs only Rust's targets, and mingw-w64's windres for the
# Windows icon (build.rs): installed here when missing.
set -euo pipefail
cd "$(dirname "$0")/.."

targets=(x86_64-pc-windows-gnu aarch64-apple-darwin x86_64-apple-darwin)
rustup target add "${targets[@]}" >/dev/null
scripts/apt-install.sh binutils-mingw-w64-x86-64

for target in "${targets[@]}"; do
    echo "clippy --target $target"
    # blake3 (Bevy's asset hashes) compiles C for the target, which for macOS needs Apple's
    # toolchain: its build script reads CARGO_FEATURE_PURE and takes its pure-Rust path, which is
    # what gets checked. The real builds keep the C.
    CARGO_FEATURE_PURE=1 cargo clippy --workspace --all-targets --target "$target" --quiet -- -D warnings
done
