/**
 * `pnpm bench`: throughput and latency of GET /v1/me with a valid API key against the
 * production build, side by side with a bare route of the same build that returns the same
 * JSON without authentication or rate limits. Target: the authenticated route keeps at least
 * 75% of the bare route's throughput.
 *
 *   BENCH_SECONDS      seconds per measured round (default 10)
 *   BENCH_CONNECTIONS  concurrent connections (default 32)
 *   BENCH_DATABASE_URL measure on PostgreSQL (a fresh database is created there) instead of PGlite
 *   BENCH_REDIS_URL    use Redis for the rate-limit counters
 */
import autocannon from "autocannon";

import { benchDatabaseLabel } from "../src/bench-database";
import { startBenchServer } from "../src/bench-server";

const seconds = Number(process.env.BENCH_SECONDS ?? 10);
const connections = Number(process.env.BENCH_CONNECTIONS ?? 32);

interface Figures {
  rps: number;
  p50: number;
  p99: number;
  non2xx: number;
}

async function measure(url: string, headers: Record<string, string>, duration: number): Promise<Figures> {
  const result = await autocannon({ url, connections, duration, headers });
  return {
    rps: result.requests.average,
    p50: result.latency.p50,
    p99: result.latency.p99,
    non2xx: result.non2xx + result.errors,
  };
}

async function main(): Promise<void> {
  const tolk = await startBenchServer("Bench", { TOLK_BENCH_ROUTES: "1" });
  const { server, auth } = tolk;
  try {
    const bare = `${server.url}/bench/bare`;
    const me = `${server.url}/v1/me`;
    await measure(bare, {}, 2); // warm-up: JIT and route compilation
    await measure(me, auth, 2);
    // Alternate the two so drift on a shared machine hits both alike; report the means.
    const rounds: { bare: Figures[]; me: Figures[] } = { bare: [], me: [] };
    for (let i = 0; i < 2; i++) {
      rounds.bare.push(await measure(bare, {}, seconds));
      rounds.me.push(await measure(me, auth, seconds));
    }
    const mean = (fs: Figures[], k: keyof Figures) => fs.reduce((s, f) => s + f[k], 0) / fs.length;
    const row = (name: string, fs: Figures[]) =>
      `${name.padEnd(28)} ${mean(fs, "rps").toFixed(0).padStart(8)} req/s   p50 ${mean(fs, "p50").toFixed(1).padStart(6)} ms   p99 ${mean(fs, "p99").toFixed(1).padStart(6)} ms   non-2xx ${mean(fs, "non2xx").toFixed(0)}`;
    const ratio = mean(rounds.me, "rps") / mean(rounds.bare, "rps");
    console.log(
      `\nGET /v1/me vs bare route: production build, ${connections} connections, 2 x ${seconds} s each, ${benchDatabaseLabel()}`,
    );
    console.log(row("bare route (no auth)", rounds.bare));
    console.log(row("GET /v1/me (API key)", rounds.me));
    console.log(
      `authenticated / bare throughput: ${(ratio * 100).toFixed(1)}% (target >= 75%): ${ratio >= 0.75 ? "PASS" : "BELOW TARGET"}`,
    );
  } finally {
    await tolk.stop();
  }
}

await main();
