#!/usr/bin/env bash
# Installs the Windows installer in a new Wine prefix, as a player would on Windows 10, starts the
# installed game, then uninstalls it, checking each step:
#
#   scripts/windows/test-installer.sh [INSTALLER]   (default: scripts/windows/package.sh's, built
#                                                    with the dist profile)
#
# Installed: the game and the engine in Program Files, the Start-menu entry, the file types and
# the uninstaller's entry. The installed game must draw its board (a screenshot, under a virtual X
# server with Mesa's software Vulkan behind Wine's). Uninstalled: all of that gone, and the
# player's settings and saved games still there. Leaves its scratch folder (and the screenshot)
# for a look, and prints where.
set -euo pipefail
here="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
installer="$(realpath "${1:-$("$here/package.sh" dist | tail -1)}")"

# All of it in one virtual X server: Wine's desktop, started by the first program of a prefix,
# serves every later one, and must have a display for the game to draw.
if [[ -z "${REVERSI_INSTALLER_TEST_DISPLAY:-}" ]]; then
    REVERSI_INSTALLER_TEST_DISPLAY=1 exec xvfb-run -a -s "-screen 0 1280x760x24" "$0" "$installer"
fi

scratch=$(mktemp -d /tmp/reversi3d-installer.XXXXXX)
# A home of its own, so the prefix's Documents (which Wine links into the home) is the scratch's.
export HOME="$scratch/home" WINEPREFIX="$scratch/prefix"
mkdir -p "$HOME"
run() { "$here/wine.sh" "$@"; }
fail() { echo "FAILED: $*" >&2; exit 1; }
check() { echo "ok: $*"; }

c="$WINEPREFIX/drive_c"
install_dir="$c/Program Files/Reversi 3D"
shortcut="$c/ProgramData/Microsoft/Windows/Start Menu/Programs/Reversi 3D.lnk"
registry() { run reg query "$1" /ve 2>/dev/null | tr -d '\r' | awk -F'REG_SZ' 'NF > 1 { sub(/^[ \t]+/, "", $2); print $2 }'; }

run "$installer" /S || fail "the installer stopped with status $?"
wineserver --wait
[[ -f "$install_dir/reversi.exe" && -f "$install_dir/reversi-engine.exe" ]] || fail "the executables are not in $install_dir"
check "reversi.exe and reversi-engine.exe in C:\\Program Files\\Reversi 3D"
[[ -f "$install_dir/uninstall.exe" ]] || fail "no uninstaller"
[[ -f "$shortcut" ]] || fail "no Start-menu entry at $shortcut"
check "the Start-menu entry"
[[ "$(registry 'HKLM\Software\Classes\.ggf')" == "Reversi3D.GGF" ]] || fail ".ggf does not open with the game"
command=$(registry 'HKLM\Software\Classes\Reversi3D.GGF\shell\open\command')
[[ "$command" == '"C:\Program Files\Reversi 3D\reversi.exe" "%1"' ]] || fail "GGF's open command is $command"
check ".ggf opens with $command"
run reg query 'HKLM\Software\Classes\.ron\OpenWithProgids' 2>/dev/null | grep -q Reversi3D.SavedGame ||
    fail "saved games are not offered to the game"
check "saved games (.ron) offered in Open with"
command=$(registry 'HKLM\Software\Classes\reversi3d\shell\open\command')
[[ "$command" == '"C:\Program Files\Reversi 3D\reversi.exe" --join "%1"' ]] ||
    fail "the invitation link's command is $command"
check "invitation links (reversi3d://) open with $command"
run reg query 'HKLM\Software\Microsoft\Windows\CurrentVersion\Uninstall\Reversi3D' 2>/dev/null |
    grep -q 'DisplayName.*Reversi 3D' || fail "no entry in the installed programs"
check "listed in the installed programs, with its uninstaller"

# The installed engine answers, and the installed game draws its board.
perft=$(run "$install_dir/reversi-engine.exe" perft 6 | tr -d '\r')
grep -q 8200 <<<"$perft" || fail "the installed engine's perft 6: $perft"
check "the installed engine: perft 6 counts 8200 leaves"
shot="$scratch/installed.png"
run "$install_dir/reversi.exe" --screenshot "$(run winepath -w "$shot" | tr -d '\r')" >"$scratch/game.log" 2>&1 ||
    fail "the installed game did not run (see $scratch/game.log)"
wineserver --wait
[[ -s "$shot" ]] || fail "the installed game saved no screenshot (see $scratch/game.log)"
check "the installed game drew $shot"

# Windows' folders for this player, as the game finds them.
folder() { run winepath -u "$(run cmd /c "echo $1" | tr -d '\r')" | tr -d '\r'; }
log="$(folder '%LOCALAPPDATA%')/reversi3d/reversi3d/data/reversi.log"
[[ -s "$log" ]] || fail "the installed game wrote no log at $log"
check "the installed game's log: %LOCALAPPDATA%\\reversi3d\\reversi3d\\data\\reversi.log"

# The player's files, where the game keeps them: they must outlive the game.
settings="$(folder '%APPDATA%')/reversi3d/reversi3d/config/settings.ron"
saved="$(folder '%USERPROFILE%')/Documents/Reversi 3D/партия с другом.ron"
mkdir -p "$(dirname "$settings")" "$(dirname "$saved")"
echo "kept" >"$settings"
echo "kept" >"$saved"

run "$install_dir/uninstall.exe" /S
wineserver --wait
sleep 2 # the uninstaller runs from a copy of itself and returns at once
wineserver --wait
[[ ! -e "$install_dir" ]] || fail "$install_dir is still there: $(ls -R "$install_dir")"
[[ ! -e "$shortcut" ]] || fail "the Start-menu entry is still there"
# A new prefix knew no .ggf before: nothing of it may be left.
! run reg query 'HKLM\Software\Classes\.ggf' >/dev/null 2>&1 || fail ".ggf is still registered"
! run reg query 'HKLM\Software\Classes\Reversi3D.GGF' >/dev/null 2>&1 || fail "the GGF type is still registered"
! run reg query 'HKLM\Software\Classes\reversi3d' >/dev/null 2>&1 || fail "the invitation links are still registered"
! run reg query 'HKLM\Software\Microsoft\Windows\CurrentVersion\Uninstall\Reversi3D' >/dev/null 2>&1 ||
    fail "still listed in the installed programs"
check "uninstalled: the files, the Start-menu entry, the file types and the programs' entry are gone"
[[ -f "$settings" && -f "$saved" ]] || fail "the player's settings or saved games were removed"
check "the player's settings and saved games are kept"
echo "all checks passed ($scratch)"
