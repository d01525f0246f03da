#!/usr/bin/env bash
# Assembles "Reversi 3D.app" on macOS from the binary built by `cargo build --profile dist`:
#   packaging/macos/make-app.sh        (from anywhere in the repository)
# Writes <target>/dist/Reversi 3D.app, where <target> is $CARGO_TARGET_DIR or target/.
set -euo pipefail

root="$(cd "$(dirname "${BASH_SOURCE[0]}")/../.." && pwd)"
target="${CARGO_TARGET_DIR:-$root/target}"
case "$target" in /*) ;; *) target="$PWD/$target" ;; esac  # relative: from here, as for cargo
binary="$target/dist/reversi"
app="$target/dist/Reversi 3D.app"

if [[ ! -x "$binary" ]]; then
    echo "no $binary: run 'cargo build --profile dist' first" >&2
    exit 1
fi

rm -rf "$app"
mkdir -p "$app/Contents/MacOS" "$app/Contents/Resources"
cp "$binary" "$app/Contents/MacOS/reversi"
cp "$root/packaging/macos/Info.plist" "$app/Contents/Info.plist"
cp "$root/assets/icon/reversi.icns" "$app/Contents/Resources/reversi.icns"
printf 'APPL????' >"$app/Contents/PkgInfo"
echo "$app"
