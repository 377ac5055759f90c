#!/bin/sh
# The production server's start command, for `pnpm start` (the root's and apps/web's), the
# container's `serve` and the systemd unit: Tolk's server in front of Next.js (server.mjs).
# glibc's fixed mmap threshold (docs/configuration.md, Memory) must be in the environment before
# Node.js starts. `exec`: the server replaces this shell, so a signal reaches it and nothing
# between it and pnpm or tini dies of the signal first (docs/observability.md, Lifecycle).
#   sh start.sh [-p PORT] [-H HOSTNAME] [--keepAliveTimeout MS]
MALLOC_MMAP_THRESHOLD_="${MALLOC_MMAP_THRESHOLD_:-131072}" NEXT_MANUAL_SIG_HANDLE=true NODE_ENV=production \
  exec node "$(dirname "$0")/server.mjs" "$@"
