#!/usr/bin/env bash
# Sets everything up and runs every check and test: typecheck, lint, unit and integration tests
# on the embedded database (PGlite), the same again on PostgreSQL + Redis when they are reachable,
# and the black-box tests against the production build.
#   TOLK_TEST_DATABASE_URL  PostgreSQL server to create test databases on (default: local, trust auth)
#   TOLK_TEST_REDIS_URL     Redis for the shared rate-limit tests (default: local)
#   TOLK_REQUIRE_SERVICES=1 fail instead of skipping when PostgreSQL or Redis is unreachable (CI)
set -euo pipefail
cd "$(dirname "$0")/.."
step() { echo "==> [$(date -u +%H:%M:%S), ${SECONDS} s] $*"; }
bash scripts/setup.sh
# The browser the console tests drive (Debian's chromium; Playwright downloads none), the
# test-only tools (promtool checks /metrics), haproxy for the cluster test and docker-compose
# to validate compose.yaml.
bash scripts/install-debian-packages.sh e2e/playwright/debian-packages.txt scripts/debian-packages-test.txt deploy/debian-packages.txt

pg_url="${TOLK_TEST_DATABASE_URL:-postgres://postgres@127.0.0.1:5432/postgres}"
redis_url="${TOLK_TEST_REDIS_URL:-redis://127.0.0.1:6379}"
reachable() { # url → host:port reachable over TCP
  local hostport="${1#*://}"; hostport="${hostport#*@}"; hostport="${hostport%%/*}"
  local host="${hostport%%:*}" port="${hostport##*:}"
  [ "$host" = "$port" ] && port="$2"
  timeout 3 bash -c "exec 3<>/dev/tcp/$host/$port" 2>/dev/null
}

step "typecheck and lint"
pnpm exec turbo run typecheck lint
pnpm format:check
# The production build the black-box tests run need not check the types again.
export TOLK_TYPES_CHECKED=1

# The packages' own tests run two packages at a time: one package's vitest leaves a third of the
# two cores idle (waiting on PGlite, Apertium, child processes), and every test is written to
# share the machine (random ports, databases and directories). The black-box and browser tests
# (@tolk/e2e) run alone after them: they start production servers and drive a browser.
step "tests on the embedded defaults (PGlite, in-memory rate limits)"
env -u TOLK_TEST_DATABASE_URL -u TOLK_TEST_REDIS_URL pnpm exec turbo run test --concurrency=2 --filter='!@tolk/e2e'
step "black-box and browser tests on the embedded defaults"
env -u TOLK_TEST_DATABASE_URL -u TOLK_TEST_REDIS_URL pnpm exec turbo run test --filter=@tolk/e2e

if reachable "$pg_url" 5432 && reachable "$redis_url" 6379; then
  step "tests on PostgreSQL ($pg_url) and Redis ($redis_url)"
  # Again every package whose tests use a database or Redis; the contract, engines, formats and
  # SDK packages never do (nor @tolk/eval, the evaluation), so their pass above stands for both.
  # The black-box tests run again against the production build made above; the console's browser
  # tests do not: what they add to the routes' and procedures' tests run here is the browser, the
  # same on either database, and they are the longest step of the run.
  TOLK_TEST_DATABASE_URL="$pg_url" TOLK_TEST_REDIS_URL="$redis_url" pnpm exec turbo run test --concurrency=2 \
    --filter='!@tolk/contract' --filter='!@tolk/engines' --filter='!@tolk/eval' --filter='!@tolk/formats' --filter='!@tolk/sdk' \
    --filter='!@tolk/e2e'
  # Of the black-box files, those that start their servers on the database TOLK_TEST_DATABASE_URL
  # names; the others run on the embedded database whatever it is set to, as in the pass above.
  step "black-box tests on PostgreSQL and Redis"
  mapfile -t on_server < <(cd e2e && grep -l TOLK_TEST_DATABASE_URL test/*.test.ts)
  TOLK_TEST_DATABASE_URL="$pg_url" TOLK_TEST_REDIS_URL="$redis_url" pnpm --filter @tolk/e2e exec vitest run "${on_server[@]}"
elif [ "${TOLK_REQUIRE_SERVICES:-0}" = "1" ]; then
  echo "PostgreSQL ($pg_url) or Redis ($redis_url) is unreachable and TOLK_REQUIRE_SERVICES=1" >&2
  exit 1
else
  echo "==> PostgreSQL or Redis unreachable: skipped the production-twin pass"
fi
step "all tests passed"
