#!/usr/bin/env bash
# Builds the Windows installer on Debian/Ubuntu: the game and the engine's command-line tool for
# x86_64-pc-windows-gnu (mingw-w64), then packaging/windows/installer.nsi with NSIS.
#
#   scripts/windows/package.sh [PROFILE]     PROFILE: dist (the default, what players get),
#                                            release, or dev (quick, for trying the installer)
#
# Prints the installer's path: <target>/x86_64-pc-windows-gnu/<profile>/reversi3d-<version>-setup.exe.
set -euo pipefail
cd "$(dirname "$0")/../.."
scripts/windows/install-deps.sh

profile="${1:-dist}"
triple=x86_64-pc-windows-gnu
target_dir="$(realpath -m "${CARGO_TARGET_DIR:-target}")"
case "$profile" in dev) folder=debug ;; *) folder="$profile" ;; esac
binaries="$target_dir/$triple/$folder"

cargo build --profile "$profile" --target "$triple" -p reversi -p reversi-engine --bins
version=$(cargo metadata --no-deps --format-version 1 |
    python3 -c 'import json, sys; print(next(p["version"] for p in json.load(sys.stdin)["packages"] if p["name"] == "reversi"))')

# The icon is embedded by build.rs through mingw's windres: a game without it is not shipped.
if ! x86_64-w64-mingw32-objdump -h "$binaries/reversi.exe" | grep -q '\.rsrc'; then
    echo "$binaries/reversi.exe has no resources: is x86_64-w64-mingw32-windres installed?" >&2
    exit 1
fi

installer="$binaries/reversi3d-$version-setup.exe"
makensis -V2 -DVERSION="$version" -DBINARIES="$binaries" -DROOT="$PWD" -DOUTFILE="$installer" \
    packaging/windows/installer.nsi
echo "$installer"
