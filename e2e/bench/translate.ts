/**
 * `pnpm --filter @tolk/e2e bench:translate` (and part of `pnpm bench`): English → Spanish text
 * translation on the corpus bench/corpus/en.txt (distinct English sentences from the gettext
 * catalogs of this machine, built by scripts/build-corpus.ts), side by side in one run:
 *
 * 1. Raw engine: the `apertium eng-spa` command, one pipeline (process) per core, the corpus split
 *    evenly (by characters) between them; input characters per second. Measured twice over:
 *    wall time including process start-up, and with start-up excluded by subtracting the wall
 *    time of the same pipelines run on empty input. Median of BENCH_RAW_RUNS runs.
 * 2. Tolk POST /v1/translate/batch over the whole corpus through HTTP, keys "s0".."sN", at most 500
 *    strings per request, cores × 2 requests in flight; input characters per second from the
 *    first request to the last response. Target: at least 80% of (1) without start-up.
 * 3. One sentence per request, BENCH_CLIENTS (16) concurrent clients, the first
 *    BENCH_SINGLE_SENTENCES sentences of the corpus, each sent once (one pass, no repeats):
 *    Tolk POST /v1/translate against Apertium APy's GET /translate (Debian's apertium-apy, on
 *    127.0.0.1 with one HTTP process per core and the pairs of /usr/share/apertium/modes), the
 *    same sentences in the same order. Requests per second (successes / measured seconds) and
 *    p50/p99 latency. Target: Tolk at least 3× APy's requests per second and a lower p50.
 *
 * On a shared machine load drifts, so measurements alternate: raw-engine runs before, between and
 * after the batch runs (medians of all), and part 3 in BENCH_ROUNDS slices, APy then Tolk on each.
 *
 * No cache hit may count: every Tolk part runs on a fresh server (fresh TOLK_DATA_DIR, so an empty
 * segment cache), the corpus is checked to be distinct, each sentence is sent once, and warm-up
 * requests use sentences that are not in the measured set. Tolk runs as in me.ts: the production
 * build, an enterprise organization with limits that neither rate-limit nor run out of credits.
 *
 *   BENCH_RAW_RUNS          raw-engine runs, the median is reported (default 3; one more between
 *                           batch runs)
 *   BENCH_BATCH_RUNS        batch runs, each on a fresh server, the median is reported (default 1)
 *   BENCH_CLIENTS           concurrent clients of part 3 (default 16)
 *   BENCH_SINGLE_SENTENCES  sentences (= requests) of part 3 (default 4000, at least 2000)
 *   BENCH_ROUNDS            slices of part 3, alternating APy and Tolk (default 2)
 *   BENCH_DATABASE_URL      Tolk on PostgreSQL (a fresh database per server) instead of PGlite
 *   BENCH_REDIS_URL         Tolk's rate limits in Redis instead of in-process
 */
import { type ChildProcess, execFileSync, spawn } from "node:child_process";
import { closeSync, existsSync, mkdtempSync, openSync, readFileSync, rmSync } from "node:fs";
import { Agent, request as httpRequest } from "node:http";
import { availableParallelism, loadavg, tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { performance } from "node:perf_hooks";

import { benchDatabaseLabel } from "../src/bench-database";
import { startBenchServer } from "../src/bench-server";
import { freePort, waitUntilAnswering } from "../src/server";
import { median, percentile } from "../src/stats";
import { batchBodies, splitByChars, writeRawInput } from "../src/batch-corpus";

const cores = availableParallelism();
const rawRuns = Number(process.env.BENCH_RAW_RUNS ?? 3);
const batchRuns = Math.max(1, Math.floor(Number(process.env.BENCH_BATCH_RUNS ?? 1)));
const clients = Number(process.env.BENCH_CLIENTS ?? 16);
const singleSentences = Number(process.env.BENCH_SINGLE_SENTENCES ?? 4000);
const rounds = Math.max(1, Number(process.env.BENCH_ROUNDS ?? 2));
const batchInFlight = cores * 2;
const MODE = "eng-spa";
const MODES_DIR = "/usr/share/apertium/modes";
const APY_LAUNCHER = "/usr/bin/apertium-apy";
const chars = (s: string) => Array.from(s).length;
const fmt = (n: number, digits = 0) =>
  n.toLocaleString("en-US", { minimumFractionDigits: digits, maximumFractionDigits: digits });
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

// ---------------------------------------------------------------------------------------------
// Prerequisites and corpus

function prerequisites(): void {
  const missing: string[] = [];
  const commands: string[] = [];
  const has = (cmd: string) => {
    try {
      execFileSync("sh", ["-c", `command -v ${cmd}`], { stdio: "ignore" });
      return true;
    } catch {
      return false;
    }
  };
  if (!has("apertium") || !existsSync(`${MODES_DIR}/${MODE}.mode`)) {
    missing.push(`Apertium and its ${MODE} pair (apertium, apertium-eng-spa)`);
    commands.push("bash scripts/install-debian-packages.sh");
  }
  if (!existsSync(APY_LAUNCHER)) {
    missing.push("Apertium APy (apertium-apy)");
    commands.push("bash scripts/install-debian-packages.sh e2e/bench/debian-packages.txt");
  }
  if (missing.length > 0) {
    console.error(
      `The translation benchmark needs ${missing.join(" and ")}. Install from the repository root with:\n  ${commands.join("\n  ")}`,
    );
    process.exit(1);
  }
}

function loadCorpus(): string[] {
  const path = resolve(import.meta.dirname, "corpus", "en.txt");
  const lines = readFileSync(path, "utf8")
    .split("\n")
    .filter((l) => l !== "");
  const seen = new Set<string>();
  for (const line of lines) {
    if (line !== line.trim()) throw new Error(`corpus line with surrounding whitespace: ${JSON.stringify(line)}`);
    if (seen.has(line)) throw new Error(`corpus line repeated, a cache hit would count: ${JSON.stringify(line)}`);
    seen.add(line);
  }
  if (lines.length < 2000)
    throw new Error(
      `corpus has ${lines.length} sentences, fewer than 2,000: rebuild it with pnpm --filter @tolk/e2e corpus`,
    );
  return lines;
}

// ---------------------------------------------------------------------------------------------
// HTTP client: node:http with keep-alive, one socket per concurrent client

interface Reply {
  status: number;
  body: string;
}

function send(
  agent: Agent,
  url: string,
  method: "GET" | "POST",
  headers: Record<string, string>,
  body?: string,
): Promise<Reply> {
  return new Promise((res, rej) => {
    const payload = body === undefined ? undefined : Buffer.from(body);
    const req = httpRequest(
      url,
      {
        method,
        agent,
        headers: payload
          ? { ...headers, "content-type": "application/json", "content-length": String(payload.length) }
          : headers,
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

// ---------------------------------------------------------------------------------------------
// 1. Raw engine

/**
 * Runs `apertium eng-spa < file` for every file concurrently (stdin must be a file or a pipe: the
 * script opens /dev/stdin, which fails on the socket Node would give it); wall seconds from the
 * first spawn to the last exit.
 */
async function apertiumRun(files: string[]): Promise<{ seconds: number; outLines: number }> {
  const fds = files.map((f) => openSync(f, "r"));
  try {
    const start = performance.now();
    const results = await Promise.all(
      fds.map(
        (fd) =>
          new Promise<number>((res, rej) => {
            const child = spawn("apertium", [MODE], { stdio: [fd, "pipe", "pipe"] });
            let lines = 0;
            let err = "";
            child.stdout?.on("data", (d: Buffer) => {
              for (const byte of d) if (byte === 10) lines++;
            });
            child.stderr?.setEncoding("utf8").on("data", (d: string) => (err += d));
            child.on("error", rej);
            child.on("close", (code) =>
              code === 0 && !err.trim() ? res(lines) : rej(new Error(`apertium ${MODE} exited with ${code}: ${err}`)),
            );
          }),
      ),
    );
    return { seconds: (performance.now() - start) / 1000, outLines: results.reduce((a, b) => a + b, 0) };
  } finally {
    for (const fd of fds) closeSync(fd);
  }
}

/** The raw-engine runs: chunk files on disk, runs taken one by one so they can bracket Tolk's. */
class RawEngine {
  private readonly dir = mkdtempSync(join(tmpdir(), "tolk-bench-"));
  private readonly chunks: string[];
  private readonly empty: string[];
  private readonly runs: number[] = [];
  private readonly startups: number[] = [];

  constructor(
    private readonly corpus: string[],
    private readonly totalChars: number,
  ) {
    const input = writeRawInput(this.dir, corpus, cores);
    this.chunks = input.chunks;
    this.empty = input.empty;
  }

  /** One empty-input run (start-up) and one run over the corpus. */
  async measure(): Promise<void> {
    if (this.runs.length === 0) await apertiumRun(this.empty); // transducers into the page cache
    this.startups.push((await apertiumRun(this.empty)).seconds);
    const run = await apertiumRun(this.chunks);
    if (run.outLines !== this.corpus.length)
      console.warn(`  note: apertium returned ${run.outLines} lines for ${this.corpus.length}`);
    this.runs.push(run.seconds);
  }

  get figures() {
    const seconds = median(this.runs);
    const startupSeconds = median(this.startups);
    return {
      runs: this.runs.length,
      seconds,
      startupSeconds,
      inclStartup: this.totalChars / seconds,
      exclStartup: this.totalChars / (seconds - startupSeconds),
    };
  }

  remove(): void {
    rmSync(this.dir, { recursive: true, force: true });
  }
}

// ---------------------------------------------------------------------------------------------
// Tolk server

class Unavailable extends Error {}

/** Fails with Unavailable when the route does not exist in this build. */
function expectOk(reply: Reply, what: string): unknown {
  if (reply.status === 404 || reply.status === 405)
    throw new Unavailable(`${what}: HTTP ${reply.status} (route not in this build?)`);
  if (reply.status !== 200) throw new Error(`${what}: HTTP ${reply.status} ${reply.body.slice(0, 500)}`);
  return JSON.parse(reply.body) as unknown;
}

const warmupSentences = (n: number, corpusSet: Set<string>, source: string[]) =>
  Array.from(
    { length: n },
    (_, i) => `Warm-up ${i + 1}: ${source[i % source.length] ?? "nothing to translate"}`,
  ).filter((s) => !corpusSet.has(s));

// ---------------------------------------------------------------------------------------------
// 2. Tolk batch

interface BatchFigures {
  charsPerSecond: number;
  seconds: number;
  requests: number;
  perRequest: number;
  failures: number;
}

async function tolkBatch(corpus: string[], totalChars: number, corpusSet: Set<string>): Promise<BatchFigures> {
  const t = await startBenchServer("Bench batch");
  const agent = new Agent({ keepAlive: true, maxSockets: batchInFlight });
  const url = `${t.server.url}/v1/translate/batch`;
  const post = (strings: Record<string, string>) =>
    send(agent, url, "POST", t.auth, JSON.stringify({ strings, source_lang: "en", target_langs: ["es"] }));
  try {
    // Warm-up: JIT, route modules, engine pipelines; sentences outside the corpus.
    const warm = warmupSentences(batchInFlight * 20, corpusSet, corpus);
    await Promise.all(
      splitByChars(warm, batchInFlight).map(async (chunk) =>
        expectOk(await post(Object.fromEntries(chunk.map((s, i) => [`w${i}`, s]))), "batch warm-up"),
      ),
    );

    const bodies = batchBodies(corpus, batchInFlight);
    let next = 0;
    let failures = 0;
    const start = performance.now();
    await Promise.all(
      Array.from({ length: batchInFlight }, async () => {
        for (let i = next++; i < bodies.length; i = next++) {
          const strings = bodies[i] ?? {};
          const reply = await post(strings);
          const json = expectOk(reply, "POST /v1/translate/batch") as {
            data?: { translations?: Record<string, Record<string, unknown>> };
          };
          const es = json.data?.translations?.es ?? {};
          for (const key of Object.keys(strings)) if (typeof es[key] !== "string" || es[key] === "") failures++;
        }
      }),
    );
    const seconds = (performance.now() - start) / 1000;
    return {
      charsPerSecond: totalChars / seconds,
      seconds,
      requests: bodies.length,
      perRequest: Object.keys(bodies[0] ?? {}).length,
      failures,
    };
  } finally {
    agent.destroy();
    await t.stop();
  }
}

/**
 * BENCH_BATCH_RUNS batch runs with a raw-engine run between each two; the median run's figures
 * (chars per second and seconds are medians of their own), or why the batch was not measured.
 */
async function batchMedian(
  raw: RawEngine,
  corpus: string[],
  totalChars: number,
  corpusSet: Set<string>,
): Promise<BatchFigures | string> {
  const runs: BatchFigures[] = [];
  for (let i = 0; i < batchRuns; i++) {
    if (i > 0) await raw.measure();
    console.log(
      `2. Tolk POST /v1/translate/batch over the corpus, fresh server${batchRuns > 1 ? ` (run ${i + 1} of ${batchRuns})` : ""} ...`,
    );
    try {
      runs.push(await tolkBatch(corpus, totalChars, corpusSet));
    } catch (e) {
      if (!(e instanceof Unavailable)) throw e;
      return e.message;
    }
    if (batchRuns > 1) console.log(`   ${fmt(runs[i]?.charsPerSecond ?? 0)} chars/s`);
  }
  const first = runs[0];
  if (!first) return "no run";
  return {
    ...first,
    charsPerSecond: median(runs.map((r) => r.charsPerSecond)),
    seconds: median(runs.map((r) => r.seconds)),
    failures: runs.reduce((n, r) => n + r.failures, 0),
  };
}

// ---------------------------------------------------------------------------------------------
// 3. One sentence per request

interface LoadFigures {
  latencies: number[];
  seconds: number;
  errors: number;
  firstError: string;
}

/** Sends each sentence once, `clients` at a time; `call` resolves to an error text, or "" on success. */
async function load(sentences: string[], call: (s: string) => Promise<string>): Promise<LoadFigures> {
  const latencies: number[] = [];
  let errors = 0;
  let firstError = "";
  let next = 0;
  const start = performance.now();
  await Promise.all(
    Array.from({ length: clients }, async () => {
      for (let i = next++; i < sentences.length; i = next++) {
        const t0 = performance.now();
        let error: string;
        try {
          error = await call(sentences[i] ?? "");
        } catch (e) {
          error = e instanceof Error ? e.message : String(e);
        }
        if (error) {
          errors++;
          firstError ||= error;
        } else latencies.push(performance.now() - t0);
      }
    }),
  );
  return { latencies, seconds: (performance.now() - start) / 1000, errors, firstError };
}

/** Figures over several rounds: successes per second of measured time, percentiles of all latencies. */
function summarize(rounds: LoadFigures[]) {
  const latencies = rounds.flatMap((r) => r.latencies).sort((a, b) => a - b);
  const seconds = rounds.reduce((n, r) => n + r.seconds, 0);
  return {
    rps: latencies.length / seconds,
    p50: percentile(latencies, 50),
    p99: percentile(latencies, 99),
    ok: latencies.length,
    seconds,
    errors: rounds.reduce((n, r) => n + r.errors, 0),
    firstError: rounds.find((r) => r.firstError)?.firstError ?? "",
  };
}

interface Client {
  call: (text: string) => Promise<string>;
  stop(): Promise<void>;
}

async function tolkClient(): Promise<Client> {
  const t = await startBenchServer("Bench single");
  const agent = new Agent({ keepAlive: true, maxSockets: clients });
  const url = `${t.server.url}/v1/translate`;
  const stop = async () => {
    agent.destroy();
    await t.stop();
  };
  const call = async (text: string) => {
    const reply = await send(
      agent,
      url,
      "POST",
      t.auth,
      JSON.stringify({ text, source_lang: "en", target_lang: "es" }),
    );
    if (reply.status !== 200) return `HTTP ${reply.status} ${reply.body.slice(0, 300)}`;
    const json = JSON.parse(reply.body) as { data?: { translation?: unknown } };
    return typeof json.data?.translation === "string" && json.data.translation !== ""
      ? ""
      : `no translation in ${reply.body.slice(0, 300)}`;
  };
  try {
    expectOk(
      await send(
        agent,
        url,
        "POST",
        t.auth,
        JSON.stringify({ text: "Warm-up.", source_lang: "en", target_lang: "es" }),
      ),
      "POST /v1/translate",
    );
  } catch (e) {
    await stop();
    throw e;
  }
  return { call, stop };
}

interface Apy {
  url: string;
  child: ChildProcess;
  command: string;
  output: () => string;
  stop(): Promise<void>;
}

/**
 * Starts Debian's APy with its own interpreter (the launcher's shebang), bound to 127.0.0.1:
 * APy has no listen-address option and binds every interface, so a two-line wrapper passes
 * 127.0.0.1 to tornado's bind; everything else is `apertium-apy -p PORT -j CORES MODES_DIR`.
 */
async function startApy(): Promise<Apy> {
  const port = await freePort();
  const shebang = /^#!\s*(\S+)/.exec(readFileSync(APY_LAUNCHER, "utf8"))?.[1] ?? "/usr/bin/python3";
  const wrapper = [
    "import sys, tornado.tcpserver as t",
    "_bind = t.TCPServer.bind",
    "t.TCPServer.bind = lambda self, port, address=None, *a, **k: _bind(self, port, '127.0.0.1', *a, **k)",
    "sys.argv = ['apertium-apy'] + sys.argv[1:]",
    "from apertium_apy.apy import main",
    "sys.exit(main())",
  ].join("\n");
  const args = ["-p", String(port), "-j", String(cores), MODES_DIR];
  // Own process group: APy forks one HTTP process per core and each starts its pipelines.
  const child = spawn(shebang, ["-c", wrapper, ...args], { detached: true, stdio: ["ignore", "pipe", "pipe"] });
  let log = "";
  child.stdout?.on("data", (d: Buffer) => (log = (log + d.toString()).slice(-20_000)));
  child.stderr?.on("data", (d: Buffer) => (log = (log + d.toString()).slice(-20_000)));
  const url = `http://127.0.0.1:${port}`;
  // A detached group outlives this process unless it is ended here, also on Ctrl-C.
  const killGroup = () => {
    try {
      if (child.pid !== undefined) process.kill(-child.pid, "SIGKILL");
    } catch {
      // gone already
    }
  };
  const interrupted = () => process.exit(130);
  process.once("exit", killGroup);
  process.once("SIGINT", interrupted);
  process.once("SIGTERM", interrupted);
  const stop = async () => {
    process.off("exit", killGroup);
    process.off("SIGINT", interrupted);
    process.off("SIGTERM", interrupted);
    const pid = child.pid;
    if (pid === undefined || child.exitCode !== null) return;
    try {
      process.kill(-pid, "SIGTERM");
    } catch {
      return;
    }
    for (let i = 0; i < 30; i++) {
      await sleep(100);
      try {
        process.kill(-pid, 0);
      } catch {
        return; // the group is gone
      }
    }
    try {
      process.kill(-pid, "SIGKILL");
    } catch {
      // already gone
    }
  };
  await waitUntilAnswering(child, `${url}/listPairs`, () => log, stop);
  return {
    url,
    child,
    command: `apertium-apy ${args.join(" ")} (via ${shebang}, bound to 127.0.0.1)`,
    output: () => log,
    stop,
  };
}

async function apyClient(): Promise<Client & { command: string }> {
  const apy = await startApy();
  const agent = new Agent({ keepAlive: true, maxSockets: clients });
  const call = async (text: string) => {
    const reply = await send(
      agent,
      `${apy.url}/translate?langpair=${encodeURIComponent("eng|spa")}&q=${encodeURIComponent(text)}`,
      "GET",
      {},
    );
    if (reply.status !== 200) return `HTTP ${reply.status} ${reply.body.slice(0, 300)}`;
    const json = JSON.parse(reply.body) as { responseStatus?: number; responseData?: { translatedText?: unknown } };
    return json.responseStatus === 200 && typeof json.responseData?.translatedText === "string"
      ? ""
      : `bad reply ${reply.body.slice(0, 300)}`;
  };
  const stop = async () => {
    agent.destroy();
    await apy.stop();
  };
  return { call, stop, command: apy.command };
}

// ---------------------------------------------------------------------------------------------

async function main(): Promise<void> {
  prerequisites();
  const corpus = loadCorpus();
  const corpusSet = new Set(corpus);
  const totalChars = corpus.reduce((n, s) => n + chars(s), 0);
  const single = corpus.slice(0, Math.min(corpus.length, Math.max(2000, singleSentences)));
  const singleChars = single.reduce((n, s) => n + chars(s), 0);
  const slices = Array.from({ length: rounds }, (_, k) =>
    single.slice(Math.floor((k * single.length) / rounds), Math.floor(((k + 1) * single.length) / rounds)),
  );
  // Warm-up for part 3: corpus sentences outside the measured slice when there are enough.
  const rest = corpus.slice(single.length);
  const warmup =
    rest.length >= clients * 10 ? rest.slice(0, clients * 10) : warmupSentences(clients * 10, corpusSet, corpus);
  const load0 = loadavg()[0] ?? 0;

  console.log(`\nText translation benchmark, en -> es (Apertium ${MODE}), ${cores} cores`);
  console.log(
    `corpus: e2e/bench/corpus/en.txt, ${fmt(corpus.length)} distinct sentences, ${fmt(totalChars)} characters`,
  );

  const rows: string[] = [];
  const row = (label: string, figures: string) => rows.push(`${label.padEnd(66)} ${figures}`);
  const verdict = (ok: boolean) => (ok ? "PASS" : "BELOW TARGET");
  const targets: string[] = [];

  // 1 and 2: raw runs before and after the batch run, so drift on a shared machine hits both.
  const raw = new RawEngine(corpus, totalChars);
  let batch: BatchFigures | string;
  try {
    const before = Math.ceil(rawRuns / 2);
    console.log(`1. raw engine: \`apertium ${MODE}\` x ${cores} pipelines, ${before} run(s) ...`);
    for (let i = 0; i < before; i++) await raw.measure();
    batch = await batchMedian(raw, corpus, totalChars, corpusSet);
    console.log(`1. raw engine again, ${Math.max(1, rawRuns) - before} run(s) ...`);
    for (let i = before; i < Math.max(1, rawRuns); i++) await raw.measure();
  } finally {
    raw.remove();
  }
  const r = raw.figures;
  row(
    `1. apertium ${MODE}, ${cores} processes, incl. start-up (median of ${r.runs})`,
    `${fmt(r.inclStartup).padStart(9)} chars/s  (${r.seconds.toFixed(2)} s wall)`,
  );
  row(
    `   start-up excluded (empty-input run of ${r.startupSeconds.toFixed(2)} s subtracted)`,
    `${fmt(r.exclStartup).padStart(9)} chars/s  (${(r.seconds - r.startupSeconds).toFixed(2)} s)`,
  );
  if (typeof batch === "string") {
    row(`2. Tolk /v1/translate/batch`, `not measured: ${batch}`);
    targets.push(`batch / raw engine: NOT MEASURED`);
  } else {
    row(
      `2. Tolk /v1/translate/batch, ${batch.requests} req x <=${batch.perRequest} strings, ${batchInFlight} in flight${batchRuns > 1 ? ` (median of ${batchRuns})` : ""}`,
      `${fmt(batch.charsPerSecond).padStart(9)} chars/s  (${batch.seconds.toFixed(2)} s wall, ${batch.failures} strings failed)`,
    );
    const ratio = batch.charsPerSecond / r.exclStartup;
    targets.push(
      `batch / raw engine (start-up excluded): ${(ratio * 100).toFixed(1)}% (target >= 80%): ${verdict(ratio >= 0.8 && batch.failures === 0)}` +
        `  [vs raw incl. start-up: ${((batch.charsPerSecond / r.inclStartup) * 100).toFixed(1)}%]`,
    );
  }

  // 3: both servers up, warmed, then APy and Tolk alternate on the same slices.
  console.log(
    `3. one sentence per request, ${clients} clients, ${fmt(single.length)} sentences (${fmt(singleChars)} characters) each sent once, ` +
      `in ${rounds} rounds alternating APy and Tolk ...`,
  );
  const apy = await apyClient();
  let tolkSingle: Client | string;
  try {
    try {
      tolkSingle = await tolkClient();
    } catch (e) {
      if (!(e instanceof Unavailable)) throw e;
      tolkSingle = e.message;
    }
    const apyRounds: LoadFigures[] = [];
    const tolkRounds: LoadFigures[] = [];
    try {
      await load(warmup, apy.call); // every APy process starts its eng-spa pipeline
      if (typeof tolkSingle !== "string") await load(warmup, tolkSingle.call);
      for (const slice of slices) {
        apyRounds.push(await load(slice, apy.call));
        if (typeof tolkSingle !== "string") tolkRounds.push(await load(slice, tolkSingle.call));
      }
    } finally {
      if (typeof tolkSingle !== "string") await tolkSingle.stop();
    }
    const loadRow = (label: string, f: ReturnType<typeof summarize>) =>
      row(
        label,
        `${fmt(f.rps, 1).padStart(9)} req/s    p50 ${f.p50.toFixed(1).padStart(6)} ms   p99 ${f.p99.toFixed(1).padStart(6)} ms   ` +
          `(${fmt(f.ok)} ok, ${f.errors} errors, ${f.seconds.toFixed(2)} s)`,
      );
    const a = summarize(apyRounds);
    loadRow(`3. APy GET /translate (eng|spa), ${clients} clients`, a);
    if (a.errors) console.warn(`  APy errors: ${a.errors}, first: ${a.firstError}`);
    if (typeof tolkSingle === "string") {
      row(`   Tolk POST /v1/translate`, `not measured: ${tolkSingle}`);
      targets.push(`Tolk / APy: NOT MEASURED`);
    } else {
      const t = summarize(tolkRounds);
      loadRow(`   Tolk POST /v1/translate, ${clients} clients`, t);
      if (t.errors) console.warn(`  Tolk errors: ${t.errors}, first: ${t.firstError}`);
      const ratio = t.rps / a.rps;
      targets.push(
        `Tolk / APy requests per second: ${ratio.toFixed(2)}x (target >= 3x): ${verdict(ratio >= 3 && t.errors === 0)}`,
      );
      targets.push(
        `Tolk p50 ${t.p50.toFixed(1)} ms vs APy p50 ${a.p50.toFixed(1)} ms (target lower): ${verdict(t.p50 < a.p50)}`,
      );
    }
  } finally {
    await apy.stop();
  }

  console.log(
    `\nResults (en -> es, ${cores} cores, 1-min load average ${load0.toFixed(1)} at start, ${(loadavg()[0] ?? 0).toFixed(1)} at end; ` +
      `Tolk: production build, ${benchDatabaseLabel()}, a fresh server per part; APy: ${apy.command})`,
  );
  for (const line of rows) console.log(line);
  console.log(
    `cache hits: the server exposes no counter; the corpus was checked distinct (${fmt(corpus.length)} lines), ` +
      `each sentence is sent once per fresh server, warm-ups use other sentences`,
  );
  console.log("");
  for (const t of targets) console.log(t);
}

await main();
