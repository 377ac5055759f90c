// Translation-memory fuzzy search speed on a memory of 10,000 real units (the gettext corpus
// e2e/bench/corpus/en.txt): index build from the database, then searches at the 75% threshold,
// near-miss queries (one word or number changed) and queries with no match. A brute-force scan
// with the same score is timed for comparison. `pnpm bench` (turbo) or `pnpm --filter @tolk/domain bench`.
import { performance } from "node:perf_hooks";

import { openTestDatabase } from "@tolk/db/testing";

import { createDomainContext, createMemory, similarityScore } from "../src";
import { loadMemoryIndex } from "../src/resources/memories/load-memory-index";
import { upsertMemoryUnits } from "../src/resources/memories/upsert-memory-units";
import { createTestOrg } from "../src/testing";
import { loadOrg } from "../test/helpers";
import { benchCorpus } from "./corpus";

const UNITS = Number(process.env.BENCH_TM_UNITS ?? 10_000);
const QUERIES = Number(process.env.BENCH_TM_QUERIES ?? 1_000);

const corpus = benchCorpus();
if (corpus.length < UNITS + QUERIES / 2)
  throw new Error(`corpus has ${corpus.length} lines, need ${UNITS + QUERIES / 2}`);
const units = corpus.slice(0, UNITS).map((source) => ({ source, target: `[es] ${source}` }));

// Half the queries are stored sources with one word replaced (or a digit appended): they have a
// fuzzy match. Half are unseen corpus lines: mostly no match, the worst case for a scan.
const queries: string[] = [];
for (let i = 0; queries.length < QUERIES; i++) {
  if (i % 2 === 0) {
    const s = units[(i * 7919) % UNITS]?.source ?? "";
    const words = s.split(" ");
    const w = words.findIndex((x) => /^[a-z]{4,}$/u.test(x));
    queries.push(w >= 0 ? words.map((x, k) => (k === w ? "other" : x)).join(" ") : `${s} 2`);
  } else queries.push(corpus[UNITS + i] ?? "");
}

const handle = await openTestDatabase();
const ctx = createDomainContext({ db: handle.db });
const org = await createTestOrg(ctx, { plan: "enterprise" });
const memory = await createMemory(ctx, {
  org: await loadOrg(ctx, org.orgId),
  request: { name: "bench", source_lang: "en", target_lang: "es" },
});
let t0 = performance.now();
await handle.db.transaction((tx) => upsertMemoryUnits(tx, { memoryId: memory.id, units, now: new Date() }));
const insertMs = performance.now() - t0;
t0 = performance.now();
const index = await loadMemoryIndex(ctx, { id: memory.id, revision: 1 });
const loadMs = performance.now() - t0;

function time(fn: (q: string) => number): { p50: number; p95: number; max: number; mean: number; found: number } {
  const ms: number[] = [];
  let found = 0;
  for (const q of queries) {
    const start = performance.now();
    found += fn(q) > 0 ? 1 : 0;
    ms.push(performance.now() - start);
  }
  ms.sort((a, b) => a - b);
  const at = (p: number) => ms[Math.min(ms.length - 1, Math.floor(p * ms.length))] ?? 0;
  return { p50: at(0.5), p95: at(0.95), max: at(1), mean: ms.reduce((a, b) => a + b, 0) / ms.length, found };
}

// Warm up the JIT, then measure.
for (const q of queries.slice(0, 50)) index.search(q, { minScore: 75, limit: 5 });
const indexed = time((q) => index.search(q, { minScore: 75, limit: 5 }).length);
const scanQueries = queries.slice(0, 20);
const scan = (() => {
  const start = performance.now();
  let found = 0;
  for (const q of scanQueries) found += units.some((u) => similarityScore(q, u.source) >= 75) ? 1 : 0;
  return { mean: (performance.now() - start) / scanQueries.length, found };
})();

const f = (n: number) => n.toFixed(2);
console.log(`TM fuzzy search, ${index.size} units (${handle.kind}), ${queries.length} queries at ≥75%:`);
console.log(`  insert ${UNITS} units: ${f(insertMs)} ms; build index from the database: ${f(loadMs)} ms`);
console.log(
  `  indexed search: p50 ${f(indexed.p50)} ms, p95 ${f(indexed.p95)} ms, max ${f(indexed.max)} ms, mean ${f(indexed.mean)} ms; ${indexed.found} queries had a match`,
);
console.log(`  brute-force scan (same score, first ${scanQueries.length} queries): mean ${f(scan.mean)} ms per query`);
await handle.close();
