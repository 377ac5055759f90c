/**
 * `pnpm --filter @tolk/e2e exec tsx bench/cpu-per-request.ts`: CPU time the Tolk server spends per
 * POST /v1/translate (one distinct sentence per request, BENCH_CLIENTS concurrent clients), split
 * into the Node.js server process and its Apertium pipelines. CPU time, unlike requests per
 * second, hardly moves when other work shares the machine, so it shows what a change to the
 * request path saves. It also prints this process's own CPU per request (the load generator
 * shares the machine's cores with the server) and the machine's idle share: with idle CPU left,
 * the server's one thread is the bottleneck. BENCH_CPU_PROF=<dir> writes a V8 CPU profile of the
 * server's measured part there (bench/cpu-profile.cjs). BENCH_DATABASE_URL / BENCH_REDIS_URL: on
 * PostgreSQL / Redis.
 */
import { readFileSync } from "node:fs";
import { Agent } from "node:http";
import { resolve } from "node:path";
import { performance } from "node:perf_hooks";

import { benchDatabaseLabel } from "../src/bench-database";
import { postStatus } from "../src/post-status";
import { startBenchServer } from "../src/bench-server";
import { cpuMeter, idleMeter, startCpuProfile } from "../src/proc";

const clients = Number(process.env.BENCH_CLIENTS ?? 16);
const count = Number(process.env.BENCH_SINGLE_SENTENCES ?? 3000);

const corpus = readFileSync(resolve(import.meta.dirname, "corpus", "en.txt"), "utf8")
  .split("\n")
  .filter(Boolean);
const tolk = await startBenchServer(
  "cpu",
  process.env.TOLK_APERTIUM_POOL_SIZE ? { TOLK_APERTIUM_POOL_SIZE: process.env.TOLK_APERTIUM_POOL_SIZE } : {},
);
const { server } = tolk;
const auth = tolk.auth.Authorization ?? "";
const agent = new Agent({ keepAlive: true, maxSockets: clients });
const url = `${server.url}/v1/translate`;
const run = async (sentences: string[]) => {
  let next = 0;
  let failed = 0;
  await Promise.all(
    Array.from({ length: clients }, async () => {
      for (let i = next++; i < sentences.length; i = next++) {
        const status = await postStatus(
          agent,
          url,
          auth,
          JSON.stringify({ text: sentences[i], source_lang: "en", target_lang: "es" }),
        );
        if (status !== 200) failed++;
      }
    }),
  );
  return failed;
};
try {
  await run(corpus.slice(-400)); // warm-up on other sentences
  const pid = server.process.pid ?? 0;
  startCpuProfile(pid);
  const meter = cpuMeter(pid);
  const idle = idleMeter();
  const client0 = process.cpuUsage();
  const t0 = performance.now();
  const failed = await run(corpus.slice(0, count));
  const seconds = (performance.now() - t0) / 1000;
  const client = process.cpuUsage(client0);
  const { serverMs: node, childrenMs: apertium } = meter();
  const idleShare = idle();
  console.log(
    `${benchDatabaseLabel()}: ${count} requests, ${clients} clients, ${failed} failed, ${(count / seconds).toFixed(1)} req/s | server CPU per request: ` +
      `node ${(node / count).toFixed(3)} ms, apertium ${(apertium / count).toFixed(3)} ms | ` +
      `this load generator ${((client.user + client.system) / 1000 / count).toFixed(3)} ms | machine idle ${(idleShare * 100).toFixed(1)} %`,
  );
} finally {
  agent.destroy();
  await tolk.stop();
}
