#!/usr/bin/env bash
# Sets everything up and starts Tolk on the embedded defaults (PGlite under .data/, in-process
# rate limits) at http://localhost:${PORT:-3000}. The first run prints a demo API key once.
set -euo pipefail
cd "$(dirname "$0")/.."
bash scripts/setup.sh
echo "==> building"
pnpm build
echo "==> database"
pnpm tolk migrate
pnpm tolk seed
echo "==> starting on http://localhost:${PORT:-3000}"
exec pnpm start
