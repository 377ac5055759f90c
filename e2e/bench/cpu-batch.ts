/**
 * `pnpm --filter @tolk/e2e exec tsx bench/cpu-batch.ts`: where the CPU goes when Tolk translates
 * the whole corpus through POST /v1/translate/batch (as part 2 of bench/translate.ts: ≤ 500
 * strings per request, cores × 2 in flight), beside the raw `apertium eng-spa` command over the
 * same text (one pipeline per core, as part 1). CPU time, unlike throughput, hardly moves when
 * other work shares the machine, so it tells apart what the server adds (Node.js), what Tolk's
 * way of feeding Apertium adds (each segment its own null-flush unit), and the engine itself.
 * BENCH_CPU_PROF=<dir> writes a V8 CPU profile of the server's measured part there.
 */
import { spawnSync } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { Agent } from "node:http";
import { availableParallelism, tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { performance } from "node:perf_hooks";

import { batchBodies, writeRawInput } from "../src/batch-corpus";
import { benchDatabaseLabel } from "../src/bench-database";
import { postStatus } from "../src/post-status";
import { startBenchServer } from "../src/bench-server";
import { cpuMeter, startCpuProfile, waitedChildrenCpuMs } from "../src/proc";

const cores = availableParallelism();
const inFlight = cores * 2;
const chars = (s: string) => Array.from(s).length;

/** Sends `sentences` as batch requests, `inFlight` at a time; returns how many requests failed. */
async function translateAll(agent: Agent, url: string, auth: string, sentences: string[]): Promise<number> {
  const bodies = batchBodies(sentences, inFlight).map((strings) =>
    JSON.stringify({ strings, source_lang: "en", target_langs: ["es"] }),
  );
  let next = 0;
  let failed = 0;
  await Promise.all(
    Array.from({ length: inFlight }, async () => {
      for (let i = next++; i < bodies.length; i = next++)
        if ((await postStatus(agent, url, auth, bodies[i] ?? "")) !== 200) failed++;
    }),
  );
  return failed;
}

/** CPU (ms) and wall seconds of `apertium eng-spa` over each file at once, all waited for. */
function rawApertium(files: string[]): { cpuMs: number; seconds: number } {
  const script = files.map((f) => `apertium eng-spa < '${f}' > /dev/null &`).join("\n") + "\nwait";
  const cpu0 = waitedChildrenCpuMs();
  const t0 = performance.now();
  const run = spawnSync("sh", ["-c", script], { stdio: ["ignore", "ignore", "inherit"] });
  if (run.status !== 0) throw new Error(`apertium eng-spa exited with ${run.status}`);
  return { cpuMs: waitedChildrenCpuMs() - cpu0, seconds: (performance.now() - t0) / 1000 };
}

const corpus = readFileSync(resolve(import.meta.dirname, "corpus", "en.txt"), "utf8")
  .split("\n")
  .filter(Boolean);
const total = corpus.reduce((n, s) => n + chars(s), 0);
const per1k = (ms: number) => ((ms / total) * 1000).toFixed(2);

const tolk = await startBenchServer("CPU batch");
const agent = new Agent({ keepAlive: true, maxSockets: inFlight });
let tolkFigures: { seconds: number; failed: number; node: number; apertium: number };
try {
  const url = `${tolk.server.url}/v1/translate/batch`;
  const auth = tolk.auth.Authorization ?? "";
  await translateAll(
    agent,
    url,
    auth,
    corpus.slice(0, 400).map((s) => `Warm-up: ${s}`),
  ); // not in the corpus
  const pid = tolk.server.process.pid ?? 0;
  startCpuProfile(pid);
  const meter = cpuMeter(pid);
  const t0 = performance.now();
  const failed = await translateAll(agent, url, auth, corpus);
  const seconds = (performance.now() - t0) / 1000;
  const { serverMs, childrenMs } = meter();
  tolkFigures = { seconds, failed, node: serverMs, apertium: childrenMs };
} finally {
  agent.destroy();
  await tolk.stop();
}

// The raw command over the same corpus, one file per core as in bench/translate.ts; start-up measured on empty files.
const dir = mkdtempSync(join(tmpdir(), "tolk-cpu-batch-"));
let raw: { cpuMs: number; seconds: number };
let startup: { cpuMs: number; seconds: number };
try {
  const { chunks, empty } = writeRawInput(dir, corpus, cores);
  rawApertium(empty); // transducers into the page cache
  startup = rawApertium(empty);
  raw = rawApertium(chunks);
} finally {
  rmSync(dir, { recursive: true, force: true });
}

const t = tolkFigures;
console.log(
  `\nCPU of English -> Spanish over the corpus (${corpus.length} sentences, ${total} characters), ${cores} cores; Tolk on ${benchDatabaseLabel()}`,
);
console.log(
  `Tolk /v1/translate/batch  ${t.seconds.toFixed(2)} s, ${Math.round(total / t.seconds)} chars/s, ${t.failed} failed requests | ` +
    `CPU ms per 1,000 chars: Node.js ${per1k(t.node)}, Apertium ${per1k(t.apertium)}, sum ${per1k(t.node + t.apertium)}`,
);
console.log(
  `apertium eng-spa x ${cores}   ${raw.seconds.toFixed(2)} s, ${Math.round(total / raw.seconds)} chars/s | ` +
    `CPU ms per 1,000 chars: ${per1k(raw.cpuMs)}, start-up excluded ${per1k(raw.cpuMs - startup.cpuMs)} (empty-input run: ${startup.cpuMs} ms, ${startup.seconds.toFixed(2)} s)`,
);
