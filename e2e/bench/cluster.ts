/**
 * `pnpm --filter @tolk/e2e bench:cluster`: requests per second through haproxy
 * (deploy/haproxy.cfg) with 1 app process, then with 2, on one PostgreSQL database, one Redis
 * and one S3 server (e2e/src/cluster.ts, the topology of the cluster test). Two routes:
 * GET /v1/me (authentication, rate limit, no engine) and POST /v1/translate of one sentence
 * (the segment cache answers after the first request, so this is the request path, not
 * Apertium). On a 2-core machine the two app processes share the cores with the proxy, the
 * databases and the load generator: the figure shows the overhead of the proxy and of a
 * second instance, not how far more machines scale.
 *
 *   BENCH_SECONDS      seconds per measured round (default 10)
 *   BENCH_CONNECTIONS  concurrent connections (default 32)
 *   BENCH_DATABASE_URL PostgreSQL server to create the database on (default local, trust auth)
 *   BENCH_REDIS_URL    Redis (default local)
 */
import autocannon from "autocannon";

import { type Cluster, startCluster } from "../src/cluster";
import { tolk } from "../src/server";

const seconds = Number(process.env.BENCH_SECONDS ?? 10);
const connections = Number(process.env.BENCH_CONNECTIONS ?? 32);
const pgUrl = process.env.BENCH_DATABASE_URL ?? "postgres://postgres@127.0.0.1:5432/postgres";
const redisUrl = process.env.BENCH_REDIS_URL ?? "redis://127.0.0.1:6379";

interface Figures {
  rps: number;
  p50: number;
  p99: number;
  non2xx: number;
  /** Answers by status code, and connection errors. */
  statuses: string;
}

async function measure(options: autocannon.Options): Promise<Figures> {
  const result = await autocannon(options);
  const codes = Object.entries(result.statusCodeStats ?? {}).map(([code, { count }]) => `${code}: ${count}`);
  if (result.errors > 0) codes.push(`errors: ${result.errors}`);
  return {
    rps: result.requests.average,
    p50: result.latency.p50,
    p99: result.latency.p99,
    non2xx: result.non2xx + result.errors,
    statuses: codes.join(", "),
  };
}

async function run(apps: number): Promise<{ me: Figures; translate: Figures }> {
  let cluster: Cluster | null = null;
  try {
    cluster = await startCluster({ pgUrl, redisUrl, apps, workers: 0 });
    const org = await tolk(
      [
        "org",
        "create",
        "--name",
        "Bench",
        "--plan",
        "enterprise",
        "--limits",
        '{"api_per_min":100000000,"translate_per_min":100000000}',
      ],
      {
        DATABASE_URL: cluster.databaseUrl,
      },
    );
    await tolk(["credits", "top-up", "--org", String(org.org_id), "--amount", "100000000"], {
      DATABASE_URL: cluster.databaseUrl,
    });
    const headers = { Authorization: `Bearer ${String(org.api_key)}`, "Content-Type": "application/json" };
    const me = { url: `${cluster.url}/v1/me`, connections, headers };
    const translate = {
      url: `${cluster.url}/v1/translate`,
      method: "POST" as const,
      connections,
      headers,
      body: JSON.stringify({ text: "Good morning. The house is big.", source_lang: "en", target_lang: "es" }),
    };
    await measure({ ...me, duration: 2 }); // warm-up: JIT and route compilation on every instance
    await measure({ ...translate, duration: 2 });
    return {
      me: await measure({ ...me, duration: seconds }),
      translate: await measure({ ...translate, duration: seconds }),
    };
  } finally {
    await cluster?.stop();
  }
}

const row = (name: string, f: Figures) =>
  `${name.padEnd(34)} ${f.rps.toFixed(0).padStart(7)} req/s   p50 ${f.p50.toFixed(1).padStart(6)} ms   p99 ${f.p99.toFixed(1).padStart(7)} ms   non-2xx ${f.non2xx} (${f.statuses})`;

const one = await run(1);
const two = await run(2);
console.log(
  `\nThrough haproxy, PostgreSQL + Redis + S3, production build, ${connections} connections, ${seconds} s per route`,
);
console.log(row("GET /v1/me, 1 app", one.me));
console.log(row("GET /v1/me, 2 apps", two.me));
console.log(row("POST /v1/translate, 1 app", one.translate));
console.log(row("POST /v1/translate, 2 apps", two.translate));
console.log(
  `2 apps / 1 app: /v1/me ${((two.me.rps / one.me.rps) * 100).toFixed(0)}%, /v1/translate ${((two.translate.rps / one.translate.rps) * 100).toFixed(0)}%`,
);
