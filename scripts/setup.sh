#!/usr/bin/env bash
# Installs what building, serving and testing Tablecraft needs, and only what
# is missing or at the wrong version, so a second run does nothing:
#   - the wasm32-unknown-unknown Rust target
#   - Trunk (cargo install)
#   - wasm-bindgen-cli at the version of the wasm-bindgen crate in Cargo.lock
#   - Node.js and npm (apt) if missing, then the npm tools of package-lock.json
#     (playwright-core, binaryen)
#   - Debian's chromium and chromium-driver (apt) for the browser tests
#   - OpenSpiel (pip, in target/openspiel) to play against its MCTS bot
set -euo pipefail
source "$(dirname "${BASH_SOURCE[0]}")/env.sh"
cd "$REPO_ROOT"

as_root() {
  if [ "$(id -u)" -eq 0 ]; then "$@"
  elif command -v sudo >/dev/null; then sudo "$@"
  else echo "error: '$*' needs root and there is no sudo" >&2; return 1
  fi
}

APT_UPDATED=""
apt_install() {
  if [ -z "$APT_UPDATED" ]; then
    as_root apt-get update -q
    APT_UPDATED=yes
  fi
  as_root env DEBIAN_FRONTEND=noninteractive apt-get install -y -q --no-install-recommends "$@"
}

say "Rust target wasm32-unknown-unknown"
if rustup target list --installed | grep -qx wasm32-unknown-unknown; then
  echo "installed"
else
  rustup target add wasm32-unknown-unknown
fi

say "Trunk $TRUNK_VERSION"
if [ "$(trunk --version 2>/dev/null || true)" = "trunk $TRUNK_VERSION" ]; then
  echo "installed"
else
  cargo install --locked trunk --version "$TRUNK_VERSION"
fi

WBG_VERSION="$(wasm_bindgen_version)"
say "wasm-bindgen-cli $WBG_VERSION (the wasm-bindgen version in Cargo.lock)"
if [ -z "$WBG_VERSION" ]; then
  echo "error: no wasm-bindgen package in Cargo.lock" >&2
  exit 1
fi
if [ "$(wasm-bindgen --version 2>/dev/null || true)" = "wasm-bindgen $WBG_VERSION" ]; then
  echo "installed"
else
  # Not --locked: one of the versions its lock file pins is gone from the registry.
  cargo install wasm-bindgen-cli --version "$WBG_VERSION" --force
fi

say "Node.js and npm"
if command -v node >/dev/null && command -v npm >/dev/null; then
  echo "node $(node --version), npm $(npm --version 2>/dev/null)"
else
  apt_install nodejs npm
fi

say "npm tools (package-lock.json)"
# npm ci is skipped when node_modules was installed from this very lock file.
LOCK_HASH="$(sha256sum package-lock.json | cut -d' ' -f1)"
STAMP=node_modules/.installed-from-lock
if [ -f "$STAMP" ] && [ "$(cat "$STAMP")" = "$LOCK_HASH" ] \
  && [ -x node_modules/.bin/wasm-opt ] && [ -d node_modules/playwright-core ]; then
  echo "installed"
else
  npm ci --no-audit --no-fund
  echo "$LOCK_HASH" > "$STAMP"
fi
WASM_OPT_VERSION="$(wasm-opt --version)"
case "$WASM_OPT_VERSION" in
  *"version $BINARYEN_VERSION"*) echo "$WASM_OPT_VERSION" ;;
  *) echo "error: wasm-opt is '$WASM_OPT_VERSION', expected binaryen $BINARYEN_VERSION" >&2; exit 1 ;;
esac

say "Chromium and ChromeDriver"
if [ -x /usr/bin/chromium ] && [ -x /usr/bin/chromedriver ]; then
  echo "installed"
else
  apt_install chromium chromium-driver
fi
/usr/bin/chromium --version 2>/dev/null || true

say "OpenSpiel $OPENSPIEL_VERSION (pip, in target/openspiel)"
if [ -x "$OPENSPIEL_PY" ] && "$OPENSPIEL_PY" -c "import importlib.metadata as m; assert m.version('open_spiel') == '$OPENSPIEL_VERSION'" 2>/dev/null; then
  echo "installed"
else
  python3 -m venv "$REPO_ROOT/target/openspiel"
  "$OPENSPIEL_PY" -m pip install -q "open-spiel==$OPENSPIEL_VERSION"
fi

say "Setup done"
