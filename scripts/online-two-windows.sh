#!/usr/bin/env bash
# Two real windows play a whole online game through an invitation, over 127.0.0.1 with no relay:
# Alice's window (`--invite black`) prints the invitation, Boris's window (`--join`) pastes it,
# and the moves of a random legal game are typed into the window whose turn it is. Each window
# has its own Xvfb display (Mesa's software Vulkan draws about a frame a second), its own
# configuration and games folders, and its screenshots: at the start, every 10 moves and at the end.
# Each move is typed once both boards hold the moves before it.
#
#   scripts/online-two-windows.sh [BINARY] [OUTPUT FOLDER]
#
# Needs xvfb, xdotool and imagemagick (import). Prints where the screenshots and the saved games
# are; fails when the two boards do not both reach the end.
set -euo pipefail

binary=${1:-target/debug/reversi}
out=${2:-/tmp/reversi-online-windows}
rm -rf "$out"
mkdir -p "$out/alice/games" "$out/boris/games"

pids=()
cleanup() { kill "${pids[@]}" 2>/dev/null || true; }
trap cleanup EXIT

for display in 71 72; do
    Xvfb ":$display" -screen 0 1280x760x24 -nolisten tcp &
    pids+=($!)
done
sleep 2

start() { # start DISPLAY WHO ARGS...
    local display=$1 who=$2
    shift 2
    DISPLAY=":$display" REVERSI_CONFIG_DIR="$out/$who" REVERSI_GAMES_DIR="$out/$who/games" \
        "$binary" --relay loopback "$@" >"$out/$who.out" 2>"$out/$who.log" &
    pids+=($!)
}

start 71 alice --invite black --name Alice
for _ in $(seq 120); do
    invitation=$(grep -m1 '^reversi3d://join/' "$out/alice.out" || true)
    [ -n "$invitation" ] && break
    sleep 1
done
[ -n "$invitation" ] || { echo "no invitation from Alice's window" >&2; exit 1; }
echo "invitation: $invitation"
start 72 boris --join "$invitation" --name Boris
sleep 30

shot() { DISPLAY=":71" import -window root "$out/alice-$1.png"; DISPLAY=":72" import -window root "$out/boris-$1.png"; }
shot start

# A random legal game: the side to move and its square, one a line (passes are automatic).
moves=$(python3 - <<'EOF'
import random
random.seed(2026)
D = [(-1,-1),(-1,0),(-1,1),(0,-1),(0,1),(1,-1),(1,0),(1,1)]
board = {(3,3):'W',(4,4):'W',(3,4):'B',(4,3):'B'}
def flips(b, sq, me):
    them = 'W' if me == 'B' else 'B'
    out = []
    for dx, dy in D:
        run, x, y = [], sq[0]+dx, sq[1]+dy
        while 0 <= x < 8 and 0 <= y < 8 and b.get((x,y)) == them:
            run.append((x,y)); x += dx; y += dy
        if run and 0 <= x < 8 and 0 <= y < 8 and b.get((x,y)) == me:
            out += run
    return out
def legal(b, me):
    return [(x,y) for x in range(8) for y in range(8) if (x,y) not in b and flips(b,(x,y),me)]
me = 'B'
while True:
    options = legal(board, me)
    if not options:
        me = 'W' if me == 'B' else 'B'
        if not legal(board, me):
            break
        continue
    sq = random.choice(options)
    for f in flips(board, sq, me):
        board[f] = me
    board[sq] = me
    print(me, "abcdefgh"[sq[0]] + str(sq[1]+1))
    me = 'W' if me == 'B' else 'B'
EOF
)

# The moves on a window's board, as its online game's file keeps them (written after each).
played() {
    local count
    count=$(grep -c 'Play(' "$out/$1/online.ron" 2>/dev/null || true)
    echo "${count:-0}"
}
# Waits until both boards hold this many moves: a move is typed only on its player's turn.
both_at() {
    for _ in $(seq 120); do
        [ "$(played alice)" -ge "$1" ] && [ "$(played boris)" -ge "$1" ] && return 0
        sleep 1
    done
    echo "the boards did not both reach $1 moves (alice $(played alice), boris $(played boris))" >&2
    return 1
}

count=0
while read -r side square; do
    both_at "$count"
    # The file has the friend's move as it arrives; the board plays it in its next frames.
    sleep 5
    display=$([ "$side" = B ] && echo 71 || echo 72)
    window=$(DISPLAY=":$display" xdotool search --name 'Reversi' | head -1)
    DISPLAY=":$display" xdotool windowfocus "$window" 2>/dev/null || true
    DISPLAY=":$display" xdotool type --delay 300 "$square"
    count=$((count + 1))
    if [ $((count % 10)) -eq 0 ]; then shot "$count"; fi
done <<<"$moves"
both_at "$count"
sleep 10
shot end
echo "moves typed: $count"
echo "screenshots: $out/alice-*.png $out/boris-*.png"
ls "$out/alice/games" "$out/boris/games"
[ -n "$(ls "$out/alice/games")" ] && [ -n "$(ls "$out/boris/games")" ] || {
    echo "a window did not keep the finished game" >&2
    exit 1
}
