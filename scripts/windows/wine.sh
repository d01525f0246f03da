#!/usr/bin/env bash
# Runs a Windows program under Wine as on Windows 10 or later: `scripts/windows/wine.sh PROGRAM
# [ARGUMENTS...]`. Cargo uses it as the runner of the x86_64-pc-windows-gnu target
# (.cargo/config.toml), so `cargo test --target x86_64-pc-windows-gnu` runs the tests under Wine.
#
# The Wine prefix (a Windows system of its own, $WINEPREFIX, by default under ~/.cache) is made on
# first use, without Wine's Mono and Gecko downloads (nothing here needs them), and:
# - is given the one system library Wine 8 lacks and Rust's standard library needs,
#   bcryptprimitives.dll (process-prng.c beside this script, built with mingw-w64);
# - shows every window in a virtual desktop of 1280x760, the size of the tests' virtual X screen:
#   on a bare X server Wine lists display modes without their refresh rate, which winit (under
#   Bevy) asserts on when the game starts.
# Windows programs draw with Vulkan (Wine's, over the system's; Mesa's software Vulkan in the
# tests): Wine 8's Direct3D 12 cannot compile the graphics library's shaders.
set -euo pipefail

here="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
export WINEPREFIX="${WINEPREFIX:-$HOME/.cache/reversi3d/wine-prefix}"
export WINEDEBUG="${WINEDEBUG:--all}"
export WINEDLLOVERRIDES="${WINEDLLOVERRIDES:-mscoree,mshtml=}"
export WGPU_BACKEND="${WGPU_BACKEND:-vulkan}"

if ! command -v wine >/dev/null || ! command -v x86_64-w64-mingw32-gcc >/dev/null; then
    echo "Wine and mingw-w64 are needed: scripts/windows/install-deps.sh installs them" >&2
    exit 1
fi

# Set up once; the mark names what was set up, so a prefix made by an older script is completed.
ready="$WINEPREFIX/reversi3d-prefix-ready-1"
if [[ ! -f "$ready" ]]; then
    mkdir -p "$WINEPREFIX"
    wine wineboot --init >/dev/null 2>&1
    wine reg add 'HKCU\Software\Wine\Explorer' /v Desktop /d Default /f >/dev/null 2>&1
    wine reg add 'HKCU\Software\Wine\Explorer\Desktops' /v Default /d 1280x760 /f >/dev/null 2>&1
    x86_64-w64-mingw32-gcc -O2 -shared -s -o "$WINEPREFIX/drive_c/windows/system32/bcryptprimitives.dll" \
        "$here/process-prng.c" -ladvapi32
    wineserver --wait
    touch "$ready"
fi

exec wine "$@"
