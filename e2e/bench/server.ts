/**
 * `pnpm --filter @tolk/e2e bench:server`: what Tolk's custom server (apps/web/server.mjs) costs
 * against `next start` on the same build: GET /healthz at 32 connections, the two servers
 * measured in alternating rounds so that drift of the shared machine hits both alike.
 *
 *   BENCH_SECONDS  seconds per round (default 4)
 *   BENCH_ROUNDS   rounds per server (default 3)
 */
import { spawn } from "node:child_process";
import { join } from "node:path";

import autocannon from "autocannon";

import { freePort, serverCommand, tempDataDir, waitUntilAnswering } from "../src/server";

const seconds = Number(process.env.BENCH_SECONDS ?? 4);
const rounds = Number(process.env.BENCH_ROUNDS ?? 3);
const web = join(import.meta.dirname, "..", "..", "apps", "web");

async function start(kind: "server.mjs" | "next start") {
  const port = await freePort();
  const data = tempDataDir();
  const cmd = serverCommand(port, {
    defaults: { TOLK_SHUTDOWN_DRAIN_S: "0" },
    env: { TOLK_DATA_DIR: data.dir, DATABASE_URL: "", REDIS_URL: "", TOLK_LOG_LEVEL: "warn" },
  });
  const args =
    kind === "server.mjs"
      ? cmd.args
      : [join(web, "node_modules", "next", "dist", "bin", "next"), "start", "-p", String(port), "-H", "127.0.0.1"];
  const child = spawn(cmd.command, args, { cwd: cmd.cwd, env: cmd.env, stdio: "ignore" });
  const url = `http://127.0.0.1:${port}`;
  await waitUntilAnswering(
    child,
    `${url}/readyz`,
    () => "",
    () => void child.kill("SIGKILL"),
  );
  return { kind, url, stop: () => (child.kill("SIGTERM"), data.remove()) };
}

const servers = [await start("server.mjs"), await start("next start")];
try {
  console.log(`GET /healthz, 32 connections, ${rounds} x ${seconds} s per server, alternating`);
  for (let round = 1; round <= rounds; round++) {
    for (const s of servers) {
      const r = await autocannon({ url: `${s.url}/healthz`, connections: 32, duration: seconds });
      console.log(
        `${s.kind.padEnd(11)} round ${round}: ${Math.round(r.requests.average)} req/s  p50 ${r.latency.p50} ms  p99 ${r.latency.p99} ms  non-2xx ${r.non2xx + r.errors}`,
      );
    }
  }
} finally {
  for (const s of servers) s.stop();
}
