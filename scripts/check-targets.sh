#!/usr/bin/env bash
# Checks that every package builds, clippy-clean, for the other systems the game ships to:
# Windows (x86_64-pc-windows-gnu) and macOS (Apple Silicon and Intel). Checking links nothing,
# but build scripts still compile the C of some crates for the target: it needs Rust's targets,
# mingw-w64 (windres for the Windows icon, gcc for ring's C) and clang (ring's C for macOS):
# installed here when missing.
set -euo pipefail
cd "$(dirname "$0")/.."

targets=(x86_64-pc-windows-gnu aarch64-apple-darwin x86_64-apple-darwin)
rustup target add "${targets[@]}" >/dev/null
scripts/apt-install.sh binutils-mingw-w64-x86-64 gcc-mingw-w64-x86-64 clang

# ring (iroh's cryptography) compiles C for macOS with clang, which has no Apple SDK here:
# clang's own headers and the few stand-ins in scripts/macos-check/ take the SDK's place. Nothing
# compiled for the check is linked; a Mac builds the game with its SDK.
apple_c_flags="-nostdinc -isystem $(clang -print-resource-dir)/include -I$PWD/scripts/macos-check"
export CC_aarch64_apple_darwin=clang CC_x86_64_apple_darwin=clang
export CFLAGS_aarch64_apple_darwin="$apple_c_flags" CFLAGS_x86_64_apple_darwin="$apple_c_flags"

for target in "${targets[@]}"; do
    echo "clippy --target $target"
    # blake3 (Bevy's asset hashes) compiles C for the target, which for macOS needs Apple's
    # toolchain: its build script reads CARGO_FEATURE_PURE and takes its pure-Rust path, which is
    # what gets checked. The real builds keep the C.
    CARGO_FEATURE_PURE=1 cargo clippy --workspace --all-targets --target "$target" --quiet -- -D warnings
done
