#!/usr/bin/env bash
# The engine's speed table (`tablecraft bench`) natively and as WebAssembly,
# one after the other in one run: the CLI built for wasm32-wasip1 runs in
# Node's WebAssembly engine, the one Chromium has. The page's `#bench` gives
# the page's own figures.
#   bash scripts/bench-wasm.sh [FILE]
set -euo pipefail
source "$(dirname "${BASH_SOURCE[0]}")/env.sh"
cd "$REPO_ROOT"

rustup target add wasm32-wasip1 >/dev/null
cargo build --release -p tablecraft-cli
cargo build --release -p tablecraft-cli --target wasm32-wasip1
say "native"
target/release/tablecraft bench "$@"
say "WebAssembly"
node --no-warnings scripts/wasi.mjs target/wasm32-wasip1/release/tablecraft.wasm bench "$@"
