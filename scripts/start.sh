#!/usr/bin/env bash
# Sets everything up and starts Tolk on the embedded defaults (PGlite under .data/, in-process
# rate limits) at http://localhost:${PORT:-3000}. The first run prints a demo API key once.
set -euo pipefail
cd "$(dirname "$0")/.."
# Links the service hands out (pre-signed downloads) and the issuer of the tokens it signs name
# the port it serves on, unless the operator says otherwise.
export TOLK_PUBLIC_URL="${TOLK_PUBLIC_URL:-http://localhost:${PORT:-3000}}"
bash scripts/setup.sh
echo "==> building"
pnpm build
echo "==> database"
pnpm tolk migrate
pnpm tolk seed
echo "==> starting on http://localhost:${PORT:-3000}"
exec pnpm start
