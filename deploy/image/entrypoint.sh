#!/bin/sh
# One image, three roles, chosen by the first argument:
#   serve (default)   the web console and /v1, with the in-process document worker unless
#                     TOLK_WORKER=off; migrations apply at start; TOLK_SEED=1 seeds the demo
#                     organization first (it prints its key once)
#   tolk worker       a dedicated document worker
#   tolk ARGS...      any CLI command, e.g. `tolk org create --name x --json`
# Anything else runs as a command (e.g. `sh`).
# TOLK_APP_DIR: where Tolk is (default /app, the image's; the e2e tests run this script on a
# checkout).
set -eu
role="${1:-serve}"
case "$role" in
  serve)
    [ $# -gt 0 ] && shift
    port="${PORT:-3000}"
    # The links it hands out (pre-signed downloads) and the issuer of the tokens it signs name
    # the port it serves on, unless the operator says otherwise.
    export TOLK_PUBLIC_URL="${TOLK_PUBLIC_URL:-http://localhost:$port}"
    if [ "${TOLK_SEED:-0}" = "1" ]; then tolk seed; fi
    cd "${TOLK_APP_DIR:-/app}/apps/web"
    # apps/web's start command (start.sh): Tolk's server in front of Next.js, which answers
    # malformed requests in the /v1 error shape. Everything here execs, so the server is tini's
    # child and drains on SIGTERM itself (docs/observability.md, Lifecycle); -H and -p given
    # after `serve` take precedence.
    exec sh start.sh -p "$port" -H 0.0.0.0 "$@"
    ;;
  tolk)
    shift
    exec tolk "$@"
    ;;
  *)
    exec "$@"
    ;;
esac
