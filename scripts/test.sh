#!/usr/bin/env bash
# Every test of Tablecraft, as CI runs them; stops at the first failure.
#   setup, rustfmt, clippy (native and wasm32), cargo test (with the hostile
#   corpus), a 60 s fuzz run, a short match against OpenSpiel's MCTS (its
#   legal moves checked against ours at every position), the release build
#   with Trunk, its size, and the end-to-end tests in headless Chromium.
set -euo pipefail
source "$(dirname "${BASH_SOURCE[0]}")/env.sh"
cd "$REPO_ROOT"

LOGS="$REPO_ROOT/target/test-logs"
mkdir -p "$LOGS"
STARTED=$SECONDS

bash scripts/setup.sh

say "cargo fmt --check"
cargo fmt --all --check

say "cargo clippy (native, all targets)"
cargo clippy --all-targets -- -D warnings

say "cargo clippy (wasm32: the page and the Web Worker)"
cargo clippy --target wasm32-unknown-unknown -p tablecraft -p tablecraft-worker -- -D warnings

say "cargo test"
cargo test 2>&1 | tee "$LOGS/cargo-test.log"

say "Fuzz: mutated game files opened, played and searched for 60 s"
cargo run --release -q -p tablecraft-cli -- fuzz 60 2>&1 | tee "$LOGS/fuzz.log"

say "Strength: Tablecraft against OpenSpiel's MCTS, 2 games a game at 200 ms a move"
# A benchmark, not a timed test: it fails only where the two engines' legal
# moves differ, or where a game cannot be played to its end.
"$OPENSPIEL_PY" scripts/versus-openspiel.py --games 2 --ms 200 --jobs 2 2>&1 | tee "$LOGS/openspiel.log"

say "trunk build --release --offline"
trunk build --release --offline

say "Release size"
# "NAME: RAW bytes raw, GZIP bytes gzip" for the one file in dist/ matching a pattern.
size_of() {
  local file
  file="$(find dist -maxdepth 1 -name "$1" | head -n 1)"
  [ -n "$file" ] || { echo "error: no $1 in dist/" >&2; return 1; }
  echo "$(basename "$file"): $(stat -c %s "$file") bytes raw, $(gzip -9 -c "$file" | wc -c) bytes gzip"
}
SIZE_LINE="wasm size: page $(size_of 'tablecraft-page-*.wasm'); worker $(size_of 'tablecraft-worker_bg.wasm')"
echo "$SIZE_LINE"

say "End-to-end tests (node --test, headless Chromium)"
node --test --test-reporter=spec tests/e2e/*.test.mjs 2>&1 | tee "$LOGS/e2e.log"

say "Summary"
awk '/^test result:/ { p += $4; f += $6; i += $8 }
     END { printf "cargo test: %d passed, %d failed, %d ignored\n", p, f, i }' "$LOGS/cargo-test.log"
awk '/^ℹ (tests|pass|fail|cancelled|skipped) / { out = out sep $3 " " $2; sep = ", " }
     END { print "e2e tests: " out }' "$LOGS/e2e.log"
grep -h '^fuzz:' "$LOGS/fuzz.log" || true
awk '/^Tablecraft master against/ { table = "" } { table = table $0 "\n" } END { printf "%s", table }' \
  "$LOGS/openspiel.log" | grep '^|' || true
grep -h '^load to interactive' "$LOGS/e2e.log" | sed 's/^/e2e /' || true
grep -h '^wasm/native' "$LOGS/e2e.log" | sed 's/^/e2e /' || true
grep -h '^computer reply' "$LOGS/e2e.log" | sed 's/^/e2e /' || true
echo "$SIZE_LINE"
echo "all tests passed in $((SECONDS - STARTED)) s"
