#!/usr/bin/env bash
# Builds Tablecraft and serves it, rebuilding when a source changes.
#   bash scripts/serve.sh          optimised build, as children get it
#   bash scripts/serve.sh --dev    quicker unoptimised builds while working
# PORT (default 8080) and ADDRESS (default 127.0.0.1; 0.0.0.0 to reach it
# from a tablet on the same network) change where it listens.
set -euo pipefail
source "$(dirname "${BASH_SOURCE[0]}")/env.sh"
cd "$REPO_ROOT"

PROFILE=(--release)
case "${1:-}" in
  --dev) PROFILE=() ;;
  "" | --release) ;;
  *) echo "usage: bash scripts/serve.sh [--dev]" >&2; exit 2 ;;
esac
PORT="${PORT:-8080}"
ADDRESS="${ADDRESS:-127.0.0.1}"

bash scripts/setup.sh

SHOWN="$ADDRESS"
[ "$ADDRESS" = "0.0.0.0" ] && SHOWN="$(hostname -I 2>/dev/null | awk '{print $1}')"
say "Tablecraft will be at http://${SHOWN:-127.0.0.1}:$PORT/ once it is built (Ctrl+C stops it)"
exec trunk serve --offline "${PROFILE[@]}" --address "$ADDRESS" --port "$PORT"
