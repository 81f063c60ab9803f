#!/usr/bin/env bash
# Every test of Tablecraft, as CI runs them; stops at the first failure.
#   setup, rustfmt, clippy (native and wasm32), cargo test, the release build
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

say "cargo clippy (wasm32, the web app)"
cargo clippy --target wasm32-unknown-unknown --bin tablecraft-app -- -D warnings

say "cargo test"
cargo test 2>&1 | tee "$LOGS/cargo-test.log"

say "trunk build --release --offline"
trunk build --release --offline

say "Release size"
WASM="$(find dist -maxdepth 1 -name '*.wasm' | head -n 1)"
[ -n "$WASM" ] || { echo "error: no .wasm in dist/" >&2; exit 1; }
WASM_RAW=$(stat -c %s "$WASM")
WASM_GZ=$(gzip -9 -c "$WASM" | wc -c)
JS="$(find dist -maxdepth 1 -name '*.js' | head -n 1)"
JS_GZ=$(gzip -9 -c "$JS" | wc -c)
SIZE_LINE="wasm size: $WASM_RAW bytes raw, $WASM_GZ bytes gzip ($(basename "$WASM")); js glue $JS_GZ bytes gzip"
echo "$SIZE_LINE"

say "End-to-end tests (node --test, headless Chromium)"
node --test --test-reporter=spec tests/e2e/*.test.mjs 2>&1 | tee "$LOGS/e2e.log"

say "Summary"
awk '/^test result:/ { p += $4; f += $6; i += $8 }
     END { printf "cargo test: %d passed, %d failed, %d ignored\n", p, f, i }' "$LOGS/cargo-test.log"
awk '/^ℹ (tests|pass|fail|cancelled|skipped) / { out = out sep $3 " " $2; sep = ", " }
     END { print "e2e tests: " out }' "$LOGS/e2e.log"
grep -h '^load to interactive' "$LOGS/e2e.log" | sed 's/^/e2e /' || true
echo "$SIZE_LINE"
echo "all tests passed in $((SECONDS - STARTED)) s"
