#!/usr/bin/env bash
# Builds the Debian package of the game (`cargo deb --profile dist`), and with `--install` also
# installs it and starts the installed game once under a virtual X server, to show that it runs
# from where it was installed: `/usr/games/reversi --screenshot` must draw the board.
#
#   scripts/package-deb.sh [--install]
#
# Prints the package's path. Installing needs root (or sudo).
set -euo pipefail
cd "$(dirname "$0")/.."
scripts/install-deps.sh
command -v cargo-deb >/dev/null || cargo install cargo-deb --locked
target_dir=${CARGO_TARGET_DIR:-target}
cargo deb --profile dist --output "$target_dir/debian/"
package=$(ls -t "$target_dir"/debian/reversi3d_*.deb | head -1)
echo "$package"
[ "${1:-}" = "--install" ] || exit 0

sudo=""
[ "$(id -u)" -ne 0 ] && sudo="sudo"
# apt installs the package's dependencies too, which dpkg alone would not.
DEBIAN_FRONTEND=noninteractive $sudo apt-get install -y -qq --no-install-recommends \
    "$(realpath "$package")" >/dev/null
dpkg -L reversi3d | grep -E "games/|applications/|metainfo/|128x128"
if command -v desktop-file-validate >/dev/null; then
    desktop-file-validate /usr/share/applications/org.reversi3d.Reversi3D.desktop
    desktop-file-validate /usr/share/applications/org.reversi3d.Reversi3D.Join.desktop
    echo "desktop-file-validate: no complaint"
fi
scratch=$(mktemp -d)
REVERSI_CONFIG_DIR=$scratch/config REVERSI_DATA_DIR=$scratch/data \
    xvfb-run -a -s "-screen 0 1280x760x24" /usr/games/reversi --screenshot "$scratch/installed.png" \
    >/dev/null 2>&1
echo "the installed game drew $scratch/installed.png"
