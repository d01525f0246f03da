#!/bin/sh
# The engine of this checkout against the engine of an earlier commit, at equal time: each
# engine with its own shipped weights, ProbCut statistics and search, every move thought for
# exactly the same time, or each playing a level with its own time planning on one thread
# (scripts/versus/main.rs). What `reversi-engine match` cannot measure, since one build holds
# one search.
#
#   scripts/versus.sh BASE_COMMIT [GAMES] [MOVE_TIME_MS|LEVEL] [SEED] [HASH_MB]
#   scripts/versus.sh f17ff84 100 100 31      # 100 games, 100 ms a move, openings of seed 31
#   scripts/versus.sh f17ff84 100 expert 31   # 100 games of Expert against Expert
#
# The base commit's engine library must have the API the program uses (Searcher::learned,
# SearchLimits::depth, best_move with a stop flag), as every commit since the learned
# evaluation has. Both are built in release into VERSUS_DIR (default: a directory under
# ${TMPDIR:-/tmp} named after the base commit); a second run with the same base reuses it.
set -eu

if [ $# -lt 1 ]; then
    echo "usage: scripts/versus.sh BASE_COMMIT [GAMES] [MOVE_TIME_MS|LEVEL] [SEED] [HASH_MB]" >&2
    exit 2
fi
repo=$(git rev-parse --show-toplevel)
base=$(git -C "$repo" rev-parse --short "$1^{commit}")
games=${2:-100}
think=${3:-100}
seed=${4:-1}
hash_mb=${5:-16}
work=${VERSUS_DIR:-${TMPDIR:-/tmp}/reversi-versus-$base}

# The base engine under another package name, so that both link into one program.
rm -rf "$work/base"
mkdir -p "$work/base" "$work/versus/src"
git -C "$repo" archive "$base" crates/engine | tar -x -C "$work/base" --strip-components=2
# Only the package's name: its command-line program keeps its own (and is not built).
awk '!renamed && $0 == "name = \"reversi-engine\"" { print "name = \"reversi-engine-base\""; renamed = 1; next } { print }' \
    "$work/base/Cargo.toml" > "$work/base/Cargo.toml.renamed"
mv "$work/base/Cargo.toml.renamed" "$work/base/Cargo.toml"
cp "$repo/scripts/versus/main.rs" "$work/versus/src/main.rs"

# The base inherits its package fields and dependencies from a workspace, as in the repository.
cat > "$work/Cargo.toml" <<TOML
[workspace]
members = ["base", "versus"]
resolver = "3"

[workspace.package]
edition = "2024"
rust-version = "1.97.1"
license = "MIT OR Apache-2.0"
version = "0.1.0"

[workspace.dependencies]
serde = { version = "1", features = ["derive"] }
ron = "0.12"
thiserror = "2"

[profile.release]
codegen-units = 4
TOML
cat > "$work/versus/Cargo.toml" <<TOML
[package]
name = "versus"
version = "0.1.0"
edition = "2024"
publish = false

[dependencies]
reversi-engine = { path = "$repo/crates/engine", default-features = false }
reversi-engine-base = { path = "../base", default-features = false }
TOML
cp "$repo/rust-toolchain.toml" "$work/"

cd "$work"
CARGO_TARGET_DIR="$work/target" cargo build --release --quiet -p versus
echo "versus: new = $(git -C "$repo" rev-parse --short HEAD)$(git -C "$repo" diff --quiet HEAD -- crates/engine || echo '+changes'), base = $base"
exec "$work/target/release/versus" "$games" "$think" "$seed" "$hash_mb"
