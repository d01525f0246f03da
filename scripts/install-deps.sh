#!/usr/bin/env bash
# Installs what the game needs to build, run and be tested headless: the pinned Rust toolchain,
# and the Debian/Ubuntu packages (Bevy's audio, input and window libraries, and a virtual X
# server with software Vulkan).
set -euo pipefail

# The Rust toolchain rust-toolchain.toml names, with rustfmt and clippy: rustup installs it on
# first use, but not the components of a toolchain that is already there without them.
if command -v rustup >/dev/null; then
    rustup toolchain install >/dev/null
fi

"$(dirname "$0")/apt-install.sh" pkg-config libasound2-dev libudev-dev libx11-dev \
    libxkbcommon-x11-0 libwayland-dev libxkbcommon-dev libxcursor1 libxrandr2 libxi6 xvfb xauth \
    mesa-vulkan-drivers
