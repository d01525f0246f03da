#!/usr/bin/env bash
# Installs what building, testing and packaging the Windows game on Debian/Ubuntu needs: Rust's
# x86_64-pc-windows-gnu target, mingw-w64 (linker and windres, for the icon), Wine (64-bit, to run
# the tests and the installer) and NSIS (the installer).
set -euo pipefail
cd "$(dirname "$0")/../.."

rustup target add x86_64-pc-windows-gnu >/dev/null

packages=(gcc-mingw-w64-x86-64 binutils-mingw-w64-x86-64 wine wine64 nsis)
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
