#!/usr/bin/env bash
# Installs what Tolk needs on a fresh machine: the Debian packages of the Apertium engine and
# its language pairs, pnpm, and the node modules. Safe to run again; it only does what is missing.
set -euo pipefail
cd "$(dirname "$0")/.."

need_node="20.19.0"
if ! command -v node >/dev/null 2>&1; then
  echo "Node.js >= $need_node is required (https://nodejs.org or your distribution's packages)." >&2
  exit 1
fi
if [ "$(printf '%s\n%s\n' "$need_node" "$(node -p process.versions.node)" | sort -V | head -n1)" != "$need_node" ]; then
  echo "Node.js >= $need_node is required; this machine has $(node --version)." >&2
  exit 1
fi

pnpm_version="$(node -p 'require("./package.json").packageManager.split("@")[1]')"
if ! command -v pnpm >/dev/null 2>&1 || [ "$(pnpm --version)" != "$pnpm_version" ]; then
  echo "==> installing pnpm $pnpm_version"
  npm install --global --no-fund --no-audit "pnpm@$pnpm_version" >/dev/null
fi

bash scripts/install-debian-packages.sh

echo "==> installing node modules"
pnpm install --frozen-lockfile --reporter=append-only
