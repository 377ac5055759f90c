/**
 * `pnpm --filter @tolk/e2e bench:accept-encoding`: what a client that accepts gzip (fetch, curl
 * --compressed, Python's requests) costs the server, against one that does not. Production build,
 * embedded defaults, 8 connections; alternating rounds of GET /v1/me and POST /v1/translate (one
 * corpus sentence per request, en → es, each sentence sent once), with and without
 * `Accept-Encoding: gzip, deflate`. Reports wall seconds, the server process's CPU per request
 * (Apertium's processes not included) and the last reply's Content-Encoding.
 *
 *   BENCH_ME_REQUESTS         requests of each GET /v1/me round (default 3000)
 *   BENCH_TRANSLATE_REQUESTS  requests of each POST /v1/translate round (default 1500)
 *   BENCH_ROUNDS              rounds of the four (default 2)
 */
import { readFileSync } from "node:fs";
import { Agent, request } from "node:http";
import { resolve } from "node:path";
import { performance } from "node:perf_hooks";

import { startBenchServer } from "../src/bench-server";
import { cpuMs } from "../src/proc";

const CONNECTIONS = 8;
const meRequests = Number(process.env.BENCH_ME_REQUESTS ?? 3000);
const translateRequests = Number(process.env.BENCH_TRANSLATE_REQUESTS ?? 1500);
const rounds = Math.max(1, Number(process.env.BENCH_ROUNDS ?? 2));
const corpus = readFileSync(resolve(import.meta.dirname, "corpus", "en.txt"), "utf8")
  .split("\n")
  .filter(Boolean);

type Call = [method: "GET" | "POST", path: string, body: string | undefined];
interface Reply {
  status: number;
  encoding: string;
}

const t = await startBenchServer("Bench accept-encoding");
const agent = new Agent({ keepAlive: true, maxSockets: CONNECTIONS });
const pid = t.server.process.pid ?? 0;

function send([method, path, body]: Call, gzip: boolean): Promise<Reply> {
  const headers = {
    ...t.auth,
    ...(gzip ? { "accept-encoding": "gzip, deflate" } : {}),
    ...(body ? { "content-type": "application/json" } : {}),
  };
  return new Promise((res, rej) => {
    const req = request(`${t.server.url}${path}`, { method, agent, headers }, (reply) => {
      reply.resume();
      reply.on("end", () =>
        res({ status: reply.statusCode ?? 0, encoding: reply.headers["content-encoding"] ?? "identity" }),
      );
      reply.on("error", rej);
    });
    req.on("error", rej);
    req.end(body);
  });
}

/** `n` calls made by `make(first..first+n-1)`, CONNECTIONS at a time; one line of figures. */
async function round(label: string, gzip: boolean, make: (i: number) => Call, n: number, first: number): Promise<void> {
  let next = 0;
  let failed = 0;
  let last: Reply = { status: 0, encoding: "" };
  const cpu0 = cpuMs(pid);
  const t0 = performance.now();
  await Promise.all(
    Array.from({ length: CONNECTIONS }, async () => {
      for (let i = next++; i < n; i = next++) {
        last = await send(make(first + i), gzip);
        if (last.status !== 200) failed++;
      }
    }),
  );
  const seconds = (performance.now() - t0) / 1000;
  const cpu = (cpuMs(pid) - cpu0) / n;
  console.log(
    `${label.padEnd(34)} ${n} requests ${seconds.toFixed(2)} s (${Math.round(n / seconds)} req/s), server CPU ${cpu.toFixed(2)} ms/request, ` +
      `${failed} failed, replies ${last.encoding}`,
  );
}

const me = (): Call => ["GET", "/v1/me", undefined];
const translate = (i: number): Call => [
  "POST",
  "/v1/translate",
  JSON.stringify({ text: corpus[i % corpus.length], source_lang: "en", target_lang: "es" }),
];

try {
  console.log(`\nAccept-Encoding benchmark: production build, embedded defaults, ${CONNECTIONS} connections`);
  // Warm-up: JIT, route modules, the engine's pipelines; sentences past the measured ones.
  await round("warm-up", true, me, 500, 0);
  await round("warm-up", false, translate, 500, corpus.length - 500);
  for (let k = 0; k < rounds; k++) {
    const sentences = k * 2 * translateRequests;
    await round("GET /v1/me", false, me, meRequests, 0);
    await round("GET /v1/me, Accept-Encoding gzip", true, me, meRequests, 0);
    await round("POST /v1/translate", false, translate, translateRequests, sentences);
    await round(
      "POST /v1/translate, Accept-Encoding gzip",
      true,
      translate,
      translateRequests,
      sentences + translateRequests,
    );
  }
} finally {
  agent.destroy();
  await t.stop();
}
