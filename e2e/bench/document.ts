/**
 * `pnpm --filter @tolk/e2e bench:document` (and part of `pnpm bench`): a generated Word document
 * of BENCH_DOCX_MB (5) MB, English → Spanish, end to end through HTTP on the production build with
 * Apertium, against the same text through /v1/translate/batch. Issue 6's targets: the document
 * within 1.3× the batch time, and the server's peak memory during the document under 10× the file.
 *
 * 1. Document: a fresh server (embedded defaults: PGlite, local storage, in-process worker; an
 *    enterprise organization with limits that neither rate-limit nor run out of credits). One
 *    small warm-up document first (JIT, route modules, engine pipelines). Then POST
 *    /v1/translate/document with `Prefer: respond-async` (a synchronous request would hit the
 *    client's header timeout on a slow machine), polled every 200 ms until `completed`, and the
 *    result downloaded from its pre-signed link: seconds from the upload to the last byte, and
 *    the latency of those status polls (how another request fares while a document translates).
 *    While it runs, the resident memory of the server's Node processes (the `next start` tree,
 *    Apertium's own processes excluded) is sampled from /proc/<pid>/status every 50 ms; reported
 *    as the peak, the baseline just before the upload, and the peak above it, with each
 *    process's VmHWM at the end, when the peak came and the highest RSS of every 2 seconds.
 * 2. Batch: another fresh server (so no segment-cache hit from part 1), the same warm-up
 *    sentences, then the document's segments as plain text (inline codes removed), ≤ 500 strings
 *    per request, cores × 2 requests in flight as in bench/translate.ts: seconds from the first
 *    request to the last response.
 *
 * The file comes from packages/formats/bench/docx.ts (`--generate`), written like Word writes one.
 *
 * With BENCH_RUNS > 1 the two halves alternate (document, batch, document, batch, …), each pair
 * is printed, and the verdicts use the medians: this kind of machine's speed drifts by a fifth
 * or more between minutes, so one pair's ratio is as much the drift as the code.
 *
 *   BENCH_DOCX_MB       size of the generated file in MB (default 5)
 *   BENCH_RUNS          document/batch pairs, alternating (default 1)
 *   BENCH_DOCUMENT_ONLY 1: the document half only (time, phases, memory), for iterating on it
 *   BENCH_DATABASE_URL  the servers on PostgreSQL (a fresh database each) instead of PGlite
 *   BENCH_CPU_PROF      a directory for a CPU profile of each server (document and batch), from
 *                       the upload or the first batch request on
 */
import { execFileSync } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { Agent, request as httpRequest } from "node:http";
import { availableParallelism, loadavg, tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { performance } from "node:perf_hooks";

import { documentJobResponse, documentResponse } from "@tolk/contract";
import { filterFor, stripCodes } from "@tolk/formats";

import { MAX_BATCH } from "../src/batch-corpus";
import { type BenchServer, startBenchServer } from "../src/bench-server";
import { cpuMeter, startCpuProfile } from "../src/proc";
import { nodeTree, sampleRss, statusBytes, treeRss } from "../src/server-memory";
import { median, percentile } from "../src/stats";

const root = resolve(import.meta.dirname, "..", "..");
const mb = Number(process.env.BENCH_DOCX_MB ?? 5);
const runs = Math.max(1, Math.floor(Number(process.env.BENCH_RUNS ?? 1)));
const inFlight = availableParallelism() * 2;
const documentOnly = process.env.BENCH_DOCUMENT_ONLY === "1";
/** The document's input and result in the scratch data folder, whatever the caller's environment says. */
const LOCAL_STORAGE = { TOLK_STORAGE_DIR: "", S3_BUCKET: "" };
const WARM_UP = [
  "The committee approved the regional budget for next year.",
  "Please send the signed agreement to the supplier before Friday.",
  "Temperature and pressure were measured every hour.",
  "The results of the analysis are shown in the second figure.",
];

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

// ---------------------------------------------------------------------------------------------
// 1. Document

async function uploadDocument(t: BenchServer, name: string, file: Uint8Array, async: boolean): Promise<Response> {
  const form = new FormData();
  form.set("file", new File([new Uint8Array(file)], name));
  form.set("source_lang", "en");
  form.set("target_lang", "es");
  return fetch(`${t.server.url}/v1/translate/document`, {
    method: "POST",
    headers: { ...t.auth, ...(async ? { Prefer: "respond-async" } : {}) },
    body: form,
  });
}

function onServer(t: BenchServer, link: string): string {
  const u = new URL(link);
  return `${t.server.url}${u.pathname}${u.search}`;
}

/** Server CPU of a run: its Node.js process and its children (Apertium), in seconds. */
interface CpuFigures {
  serverCpu: number;
  engineCpu: number;
}

const cpuFigures = (reading: { serverMs: number; childrenMs: number }): CpuFigures => ({
  serverCpu: reading.serverMs / 1000,
  engineCpu: reading.childrenMs / 1000,
});

interface DocumentFigures extends CpuFigures {
  seconds: number;
  outputBytes: number;
  characters: number;
  baselineRss: number;
  peakRss: number;
  hwm: number[];
  /** Where the document's seconds went: the client's view, and the job's own log line. */
  phases: string;
  /** When the memory peaked, and the highest RSS of each 2 seconds. */
  memoryTimeline: string;
  /** Latency of the client's status polls while the job ran, ascending (ms). */
  polls: number[];
}

/** The phases of the job's completion log line (run-document-job.ts). */
function jobPhases(t: BenchServer, jobId: string): string {
  const line = t.server
    .output()
    .split("\n")
    .find((l) => l.includes(`document job ${jobId} completed:`));
  return line?.split("; ").slice(1).join("; ") ?? "no log line";
}

async function documentRun(file: Uint8Array): Promise<DocumentFigures> {
  const t = await startBenchServer("Bench document", LOCAL_STORAGE);
  try {
    const warm = await uploadDocument(
      t,
      "warm-up.docx",
      new Uint8Array(readFileSync(join(root, "packages/formats/test/fixtures/libreoffice/report.docx"))),
      false,
    );
    documentResponse.parse(await warm.json());

    const pid = t.server.process.pid ?? 0;
    const baselineRss = treeRss(pid);
    const memory = sampleRss(pid);
    const meter = cpuMeter(pid);
    startCpuProfile(pid);
    const start = performance.now();
    const res = await uploadDocument(t, "bench.docx", file, true);
    if (res.status !== 202)
      throw new Error(`POST /v1/translate/document: HTTP ${res.status} ${(await res.text()).slice(0, 500)}`);
    const { job_id: jobId } = documentJobResponse.parse(await res.json()).data;
    const accepted = performance.now();
    const polls: number[] = [];
    for (;;) {
      const asked = performance.now();
      const job = documentJobResponse.parse(
        await (await fetch(`${t.server.url}/v1/translate/${jobId}`, { headers: t.auth })).json(),
      ).data;
      polls.push(performance.now() - asked);
      if (job.status === "completed") {
        const completed = performance.now();
        const out = new Uint8Array(await (await fetch(onServer(t, job.result_url ?? ""))).arrayBuffer());
        const seconds = (performance.now() - start) / 1000;
        const phases = [
          `upload answered ${((accepted - start) / 1000).toFixed(2)} s`,
          `completed ${((completed - accepted) / 1000).toFixed(2)} s later (the job: ${jobPhases(t, jobId)})`,
          `downloaded ${((performance.now() - completed) / 1000).toFixed(2)} s later`,
        ].join("; ");
        const peakRss = memory.stop();
        return {
          ...cpuFigures(meter()),
          seconds,
          outputBytes: out.length,
          characters: job.character_count ?? 0,
          baselineRss,
          peakRss,
          hwm: nodeTree(pid).map((p) => statusBytes(p, "VmHWM")),
          phases,
          memoryTimeline: `peak ${memory.peakAt().toFixed(1)} s after the upload began; highest RSS per 2 s (MB): ${memory.timeline()}`,
          polls: polls.sort((a, b) => a - b),
        };
      }
      if (job.status !== "created" && job.status !== "processing") {
        memory.stop();
        throw new Error(`job ${jobId} ended ${job.status}: ${job.error ?? ""}\n${t.server.output().slice(-2000)}`);
      }
      await sleep(200);
    }
  } finally {
    await t.stop();
  }
}

// ---------------------------------------------------------------------------------------------
// 2. Batch

function post(
  agent: Agent,
  url: string,
  headers: Record<string, string>,
  body: string,
): Promise<{ status: number; body: string }> {
  return new Promise((res, rej) => {
    const payload = Buffer.from(body);
    const req = httpRequest(
      url,
      {
        method: "POST",
        agent,
        headers: { ...headers, "content-type": "application/json", "content-length": String(payload.length) },
      },
      (response) => {
        const parts: Buffer[] = [];
        response.on("data", (d: Buffer) => parts.push(d));
        response.on("end", () =>
          res({ status: response.statusCode ?? 0, body: Buffer.concat(parts).toString("utf8") }),
        );
        response.on("error", rej);
      },
    );
    req.on("error", rej);
    req.end(payload);
  });
}

async function batchRun(
  texts: string[],
): Promise<CpuFigures & { seconds: number; requests: number; failures: number }> {
  const t = await startBenchServer("Bench batch", LOCAL_STORAGE);
  const agent = new Agent({ keepAlive: true, maxSockets: inFlight });
  const url = `${t.server.url}/v1/translate/batch`;
  const send = async (strings: Record<string, string>): Promise<Record<string, unknown>> => {
    const reply = await post(agent, url, t.auth, JSON.stringify({ strings, source_lang: "en", target_langs: ["es"] }));
    if (reply.status !== 200)
      throw new Error(`POST /v1/translate/batch: HTTP ${reply.status} ${reply.body.slice(0, 500)}`);
    return (
      (JSON.parse(reply.body) as { data: { translations: Record<string, Record<string, unknown>> } }).data.translations
        .es ?? {}
    );
  };
  try {
    await send(Object.fromEntries(WARM_UP.map((s, i) => [`w${i}`, s])));
    const bodies: Record<string, string>[] = [];
    for (let i = 0; i < texts.length; i += MAX_BATCH)
      bodies.push(Object.fromEntries(texts.slice(i, i + MAX_BATCH).map((s, j) => [`s${i + j}`, s])));
    let next = 0;
    let failures = 0;
    const meter = cpuMeter(t.server.process.pid ?? 0);
    startCpuProfile(t.server.process.pid ?? 0);
    const start = performance.now();
    await Promise.all(
      Array.from({ length: inFlight }, async () => {
        for (let i = next++; i < bodies.length; i = next++) {
          const strings = bodies[i] ?? {};
          const es = await send(strings);
          for (const key of Object.keys(strings)) if (typeof es[key] !== "string" || es[key] === "") failures++;
        }
      }),
    );
    return { ...cpuFigures(meter()), seconds: (performance.now() - start) / 1000, requests: bodies.length, failures };
  } finally {
    agent.destroy();
    await t.stop();
  }
}

// ---------------------------------------------------------------------------------------------

async function main(): Promise<void> {
  const dir = mkdtempSync(join(tmpdir(), "tolk-bench-document-"));
  try {
    const path = join(dir, "bench.docx");
    execFileSync(
      process.execPath,
      ["--import", "tsx", join(root, "packages", "formats", "bench", "docx.ts"), "--generate", path],
      {
        cwd: join(root, "packages", "formats"),
        env: { ...process.env, BENCH_DOCX_MB: String(mb) },
        stdio: "inherit",
      },
    );
    const file = new Uint8Array(readFileSync(path));
    const segments = await (filterFor("docx")?.extract(file, { sourceLang: "en", targetLang: "es" }) ??
      Promise.resolve([]));
    const texts = segments.map((s) => stripCodes(s.text)).filter((s) => s.trim() !== "");
    const chars = texts.reduce((n, s) => n + Array.from(s).length, 0);
    const fileMb = file.length / 1e6;
    const load = () =>
      loadavg()
        .map((l) => l.toFixed(1))
        .join(" ");
    console.log(
      `document bench: ${fileMb.toFixed(2)} MB docx, ${segments.length} segments, ${chars} characters of text; load average ${load()}`,
    );

    const ratios: number[] = [];
    const deltas: number[] = [];
    for (let run = 1; run <= runs; run++) {
      if (runs > 1) console.log(`run ${run} of ${runs}`);
      const doc = await documentRun(file);
      console.log(
        `  document  ${doc.seconds.toFixed(1).padStart(6)} s  (upload → completed → downloaded; ${doc.characters} characters billed (the Spanish output, as the spec counts them), output ${(doc.outputBytes / 1e6).toFixed(2)} MB); server CPU ${doc.serverCpu.toFixed(1)} s, Apertium CPU ${doc.engineCpu.toFixed(1)} s; load average ${load()}`,
      );
      console.log(`            ${doc.phases}`);
      const ms = (p: number) => `${percentile(doc.polls, p).toFixed(1)} ms`;
      console.log(
        `            ${doc.polls.length} status polls while it ran: p50 ${ms(50)}, p90 ${ms(90)}, p99 ${ms(99)}, max ${ms(100)}`,
      );
      const peakMb = doc.peakRss / 1e6;
      const deltaMb = (doc.peakRss - doc.baselineRss) / 1e6;
      deltas.push(deltaMb);
      console.log(
        `  memory    server peak RSS ${peakMb.toFixed(0)} MB = ${(peakMb / fileMb).toFixed(1)}× the file; ` +
          `above its ${(doc.baselineRss / 1e6).toFixed(0)} MB baseline +${deltaMb.toFixed(0)} MB = ${(deltaMb / fileMb).toFixed(1)}× (target < 10×) ${deltaMb / fileMb < 10 ? "✔" : "✘"}; ` +
          `VmHWM ${doc.hwm.map((b) => `${(b / 1e6).toFixed(0)} MB`).join(", ")}`,
      );
      console.log(`            ${doc.memoryTimeline}`);
      if (documentOnly) continue;
      const batch = await batchRun(texts);
      console.log(
        `  batch     ${batch.seconds.toFixed(1).padStart(6)} s  (${batch.requests} requests of ≤ ${MAX_BATCH} strings, ${inFlight} in flight, ${batch.failures} empty); server CPU ${batch.serverCpu.toFixed(1)} s, Apertium CPU ${batch.engineCpu.toFixed(1)} s; load average ${load()}`,
      );
      const ratio = doc.seconds / batch.seconds;
      ratios.push(ratio);
      console.log(`  ratio     ${ratio.toFixed(2)}× the batch time (target ≤ 1.3×) ${ratio <= 1.3 ? "✔" : "✘"}`);
    }
    if (runs > 1) {
      const ratio = median(ratios);
      const delta = median(deltas);
      console.log(
        `median of ${runs}: ` +
          (documentOnly ? "" : `ratio ${ratio.toFixed(2)}× (target ≤ 1.3×) ${ratio <= 1.3 ? "✔" : "✘"}; `) +
          `memory +${delta.toFixed(0)} MB = ${(delta / fileMb).toFixed(1)}× (target < 10×) ${delta / fileMb < 10 ? "✔" : "✘"}`,
      );
    }
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

await main();
