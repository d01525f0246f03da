#!/usr/bin/env bash
# Installs what building, testing and packaging the Windows game on Debian/Ubuntu needs: Rust's
# x86_64-pc-windows-gnu target, mingw-w64 (linker and windres, for the icon), Wine (64-bit, to run
# the tests and the installer) and NSIS (the installer).
set -euo pipefail
cd "$(dirname "$0")/../.."

rustup target add x86_64-pc-windows-gnu >/dev/null

scripts/apt-install.sh gcc-mingw-w64-x86-64 binutils-mingw-w64-x86-64 wine wine64 nsis
