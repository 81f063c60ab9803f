# Sourced by the other scripts: the repository root, and the tools on PATH
# (cargo-installed Trunk and wasm-bindgen, then the project's npm tools,
# among them binaryen's wasm-opt, which Trunk runs on release builds).

REPO_ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
export REPO_ROOT
export PATH="${CARGO_HOME:-$HOME/.cargo}/bin:$REPO_ROOT/node_modules/.bin:$PATH"

TRUNK_VERSION="0.21.14"
BINARYEN_VERSION="132"

# OpenSpiel (pip) for playing Tablecraft's computer against its MCTS bot
# (scripts/versus-openspiel.py), in a Python environment of its own.
OPENSPIEL_VERSION="2.0.2"
OPENSPIEL_PY="$REPO_ROOT/target/openspiel/bin/python"

# The wasm-bindgen CLI must be the same version as the wasm-bindgen crate
# the app is built with.
wasm_bindgen_version() {
  awk '/^name = "wasm-bindgen"$/ { getline; gsub(/"/, "", $3); print $3; exit }' \
    "$REPO_ROOT/Cargo.lock"
}

say() {
  if [ -t 1 ]; then printf '\n\033[1m==> %s\033[0m\n' "$*"; else printf '\n==> %s\n' "$*"; fi
}
