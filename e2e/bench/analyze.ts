/**
 * `pnpm --filter @tolk/e2e bench:analyze`: POST /v1/analyze/headless over HTTP against the
 * production build, on a 2,000-character text (several domains and languages, taken from the
 * analysis' labelled set), with an enterprise organization whose limits never answer 429.
 * Prints requests per second and p50/p99 latency. The in-process latency of the analysis
 * itself is printed by `pnpm eval`.
 *
 *   BENCH_SECONDS      seconds per measured round (default 10)
 *   BENCH_CONNECTIONS  concurrent connections (default 32)
 */
import { readFileSync } from "node:fs";
import { resolve } from "node:path";

import autocannon from "autocannon";

import { startServer, tempDataDir, tolk } from "../src/server";

const seconds = Number(process.env.BENCH_SECONDS ?? 10);
const connections = Number(process.env.BENCH_CONNECTIONS ?? 32);

function sampleText(): string {
  const set = resolve(import.meta.dirname, "../../packages/domain/eval/domain-formality-set.jsonl");
  const texts = readFileSync(set, "utf8")
    .split("\n")
    .filter((l) => l.trim())
    .map((l) => (JSON.parse(l) as { text: string }).text);
  return [...texts.join(" ")].slice(0, 2000).join("");
}

async function main(): Promise<void> {
  const data = tempDataDir();
  const env = { TOLK_DATA_DIR: data.dir, DATABASE_URL: "", REDIS_URL: "" };
  const limits = JSON.stringify({ api_per_min: 1_000_000_000, analyze_per_min: 1_000_000_000 });
  const org = await tolk(["org", "create", "--name", "Bench", "--plan", "enterprise", "--limits", limits], env);
  const server = await startServer(env);
  try {
    const options = {
      url: `${server.url}/v1/analyze/headless`,
      method: "POST" as const,
      connections,
      headers: { Authorization: `Bearer ${String(org.api_key)}`, "Content-Type": "application/json" },
      body: JSON.stringify({ text: sampleText() }),
    };
    await autocannon({ ...options, duration: 2 }); // warm-up: JIT, route compilation, lexicons
    const result = await autocannon({ ...options, duration: seconds });
    console.log(`\nPOST /v1/analyze/headless, 2,000-character text: production build, ${connections} connections, ${seconds} s, PGlite, in-process rate limits`);
    console.log(
      `${result.requests.average.toFixed(0)} req/s   p50 ${result.latency.p50.toFixed(1)} ms   p99 ${result.latency.p99.toFixed(1)} ms   non-2xx ${result.non2xx + result.errors}`,
    );
  } finally {
    await server.stop();
    data.remove();
  }
}

await main();
