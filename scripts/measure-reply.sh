#!/usr/bin/env bash
# How long the computer takes to answer the player's first move in a real window: Expert plays
# White in a fresh game under a virtual X server with software rendering; once the scene has had
# time to be drawn, "f" "5" is typed into the window, and the clock stops when the autosave
# holds the reply (two moves). The same for any build of the game, so two builds can be compared.
#
#   scripts/measure-reply.sh BINARY [--hints] [RUNS]
#
# Prints one line per run: the seconds from the typed move to the saved reply.
# Needs xvfb, xdotool and the game's system packages (scripts/install-deps.sh).
set -euo pipefail

binary=$(realpath "$1")
hints=()
[ "${2:-}" = "--hints" ] && hints=(--hints) && shift
runs=${2:-1}
# Long enough for a software renderer to compile every shader of the scene.
settle_seconds=${SETTLE_SECONDS:-90}

for run in $(seq 1 "$runs"); do
    scratch=$(mktemp -d)
    display=:$((90 + run))
    Xvfb "$display" -screen 0 1280x760x24 >/dev/null 2>&1 &
    xvfb=$!
    sleep 1
    DISPLAY=$display REVERSI_CONFIG_DIR=$scratch/config REVERSI_GAMES_DIR=$scratch/games \
        REVERSI_DATA_DIR=$scratch/data "$binary" --white expert "${hints[@]}" >"$scratch/log" 2>&1 &
    game=$!
    sleep "$settle_seconds"
    window=$(DISPLAY=$display xdotool search --pid "$game" | head -1)
    DISPLAY=$display xdotool windowfocus --sync "$window"
    start=$(date +%s.%N)
    DISPLAY=$display xdotool key f 5
    # A run whose typed move never arrives (the window did not take the focus) is said, not
    # waited for forever.
    deadline=$(echo "$start + 120" | bc)
    while ! grep -qs "cursor: 2" "$scratch/config/autosave.ron"; do
        sleep 0.05
        if ! kill -0 "$game" 2>/dev/null; then
            echo "the game stopped; its log is $scratch/log" >&2
            exit 1
        fi
        if [ "$(echo "$(date +%s.%N) > $deadline" | bc)" = 1 ]; then
            break
        fi
    done
    end=$(date +%s.%N)
    if grep -qs "cursor: 2" "$scratch/config/autosave.ron"; then
        echo "run $run: $(echo "$end - $start" | bc) s"
    else
        echo "run $run: no reply in 120 s (the typed move did not reach the window)"
    fi
    kill "$game" "$xvfb" 2>/dev/null || true
    wait 2>/dev/null || true
    rm -rf "$scratch"
done
