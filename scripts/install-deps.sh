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

packages=(pkg-config libasound2-dev libudev-dev libx11-dev libxkbcommon-x11-0 libwayland-dev
    libxkbcommon-dev libxcursor1 libxrandr2 libxi6 xvfb xauth mesa-vulkan-drivers)

missing=()
for package in "${packages[@]}"; do
    dpkg-query -W -f='${Status}' "$package" 2>/dev/null | grep -q "install ok installed" || missing+=("$package")
done
[ ${#missing[@]} -eq 0 ] && exit 0

sudo=""
[ "$(id -u)" -ne 0 ] && sudo="sudo"
echo "Installing: ${missing[*]}"
$sudo apt-get update -qq
DEBIAN_FRONTEND=noninteractive $sudo apt-get install -y -qq --no-install-recommends "${missing[@]}" >/dev/null
