/**
 * `pnpm --filter @tolk/e2e bench:analyze`: POST /v1/analyze/headless over HTTP against the
 * production build, on a 2,000-character text (several domains and languages, taken from the
 * analysis' labelled set), with an enterprise organization whose limits never answer 429.
 * Prints requests per second and p50/p99 latency, beside GET /v1/me on the same server (the
 * cost of the pipeline alone: authentication, rate limits, envelope), measured alternately so
 * that load on a shared machine hits both alike. The in-process latency of the analysis itself
 * is printed by `pnpm eval`.
 *
 *   BENCH_SECONDS      seconds per measured round (default 10)
 *   BENCH_CONNECTIONS  concurrent connections (default 32)
 */
import { readFileSync } from "node:fs";
import { loadavg } from "node:os";
import { resolve } from "node:path";

import autocannon from "autocannon";

import { startServer, tempDataDir, tolk } from "../src/server";

const seconds = Number(process.env.BENCH_SECONDS ?? 10);
const connections = Number(process.env.BENCH_CONNECTIONS ?? 32);

function sampleText(): string {
  const set = resolve(import.meta.dirname, "../../packages/eval/eval/domain-formality-set.jsonl");
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
    const auth = { Authorization: `Bearer ${String(org.api_key)}` };
    const analyze = {
      url: `${server.url}/v1/analyze/headless`,
      method: "POST" as const,
      connections,
      headers: { ...auth, "Content-Type": "application/json" },
      body: JSON.stringify({ text: sampleText() }),
    };
    const me = { url: `${server.url}/v1/me`, connections, headers: auth };
    await autocannon({ ...analyze, duration: 2 }); // warm-up: JIT, route compilation, lexicons
    await autocannon({ ...me, duration: 2 });
    const rows: Record<string, autocannon.Result[]> = { "POST /v1/analyze/headless": [], "GET /v1/me (baseline)": [] };
    for (let i = 0; i < 2; i++) {
      rows["POST /v1/analyze/headless"]?.push(await autocannon({ ...analyze, duration: seconds }));
      rows["GET /v1/me (baseline)"]?.push(await autocannon({ ...me, duration: seconds }));
    }
    console.log(
      `\n2,000-character text; production build, ${connections} connections, 2 x ${seconds} s each, PGlite, in-process rate limits, load average ${loadavg()[0]?.toFixed(1)}`,
    );
    for (const [name, results] of Object.entries(rows)) {
      const mean = (pick: (r: autocannon.Result) => number) =>
        results.reduce((sum, r) => sum + pick(r), 0) / results.length;
      console.log(
        `${name.padEnd(28)} ${mean((r) => r.requests.average)
          .toFixed(0)
          .padStart(
            6,
          )} req/s   p50 ${mean((r) => r.latency.p50).toFixed(1)} ms   p99 ${mean((r) => r.latency.p99).toFixed(1)} ms   non-2xx ${mean((r) => r.non2xx)}   errors ${mean((r) => r.errors)} (timeouts ${mean((r) => r.timeouts)})`,
      );
    }
  } finally {
    await server.stop();
    data.remove();
  }
}

await main();
