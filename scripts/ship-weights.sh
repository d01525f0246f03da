#!/bin/sh
# Puts a weights file in the engine: its bytes cut in two halves, crates/engine/weights/
# pattern.bin.1 and pattern.bin.2, each under the 8 MiB a tracked file may have; the engine joins
# them (crates/engine/src/eval/learned.rs). Run from anywhere in the checkout:
#
#   scripts/ship-weights.sh /work/trainer-data/refit9.bin
set -eu

if [ $# -ne 1 ]; then
    echo "usage: scripts/ship-weights.sh WEIGHTS_FILE" >&2
    exit 2
fi
repo=$(git rev-parse --show-toplevel)
size=$(wc -c < "$1")
half=$(( (size + 1) / 2 ))
limit=$(( 8 * 1024 * 1024 ))
if [ "$half" -ge "$limit" ]; then
    echo "$1: $size bytes, halves over 8 MiB: the engine would need a third piece" >&2
    exit 1
fi
out="$repo/crates/engine/weights/pattern.bin"
head -c "$half" "$1" > "$out.1"
tail -c +"$((half + 1))" "$1" > "$out.2"
echo "$out.1: $half bytes, $out.2: $((size - half)) bytes"
