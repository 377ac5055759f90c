import { access, constants } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import {
  countWords,
  type Engine,
  EngineError,
  type EngineHealth,
  type LanguagePair,
  pairKey,
  type SegmentResult,
  type TranslateRequest,
} from "../engine";
import { type Address, AddressRewriter, findAddressTools } from "./address";
import { deformat, splitOuterWhitespace } from "./markup";
import { APERTIUM_SCRIPTS, type ApertiumMode, DEFAULT_MODES_DIR, discoverModes, type ModeDiscovery } from "./modes";
import { DEFAULT_NICE } from "./pipeline";
import { PipelineBudget } from "./pipeline-budget";
import { type Entry, Job, PairPool, type PoolStats, emptyStats } from "./pool";
import { taggerWarmup } from "./tagger-warmup";

/**
 * A `startWaitMs` for callers that would rather wait for a cold pair than be told to retry
 * (tests of what is translated, evaluation and benchmark scripts): longer than a pipeline may
 * take to load (`startupTimeoutMs`), so a request waits until its pair is loaded or has failed.
 */
export const WAIT_UNTIL_LOADED_MS = 600_000;

export interface ApertiumEngineOptions {
  /** Where the `.mode` files are; default /usr/share/apertium/modes. */
  modesDir?: string;
  /** Pipelines per pair, started on demand; default `os.availableParallelism()`. */
  poolSize?: number;
  /** Most characters written to a pipeline at once; default 32 768. */
  maxBatchChars?: number;
  /** A free pipeline leaves the rest of the queue to other free ones above this; default 256. */
  minBatchChars?: number;
  /** Pipelines alive across every pair at most; default: one per 512 MB of memory, 4..64, at least `poolSize`. */
  maxPipelines?: number;
  /** A pipeline with no output after this long (plus `timeoutPerKbMs`) is restarted; default 10 000. */
  timeoutMs?: number;
  /** Extra time per KiB of a batch; default 100. */
  timeoutPerKbMs?: number;
  /** How long a new pipeline may take to load and answer its warm-up before it is killed; default 120 000. */
  startupTimeoutMs?: number;
  /**
   * How long a request waits for a pair whose pipeline is still loading; then it fails with a
   * retryable EngineError (503 with Retry-After) while the pipeline goes on loading; default 10 000.
   */
  startWaitMs?: number;
  /** A pipeline with nothing to do for this long is stopped (restarted on demand); default 300 000, 0 = never. */
  idleTimeoutMs?: number;
  /**
   * Niceness added to the server's own for every Apertium program; default 10 (DEFAULT_NICE),
   * 0 = the server's priority. See pipeline.ts, `lowerPriority`.
   */
  nice?: number;
  /** The pair `health()` translates; default en→es when installed, else the first pair. */
  probePair?: LanguagePair;
  /**
   * Test-only: the programs to run instead of a mode's own pipeline (argv per program, chained
   * with pipes), to exercise timeouts and crashes with `sleep`, `cat` and the like.
   */
  command?: (mode: ApertiumMode) => readonly (readonly string[])[];
  /** Test-only, with `command`: segments a new pipeline translates first (default none). */
  commandWarmup?: readonly string[];
}

export interface ApertiumStats extends PoolStats {
  /** Per pair ("en-es"), for the pairs used so far. */
  pairs: Record<string, PoolStats>;
}

const ENGINE = "apertium";

/** Apertium, the embedded default: installed modes, long-lived null-flush pipelines per pair. */
export class ApertiumEngine implements Engine {
  readonly name = ENGINE;
  private readonly byPair = new Map<string, ApertiumMode>();
  private readonly pools = new Map<string, PairPool>();
  private readonly pairList: LanguagePair[];
  private readonly budget: PipelineBudget;
  private readonly address: AddressRewriter;
  private closed = false;

  constructor(
    private readonly discovery: ModeDiscovery,
    private readonly options: ApertiumEngineOptions,
    /** Why there are no pairs, when there are none. */
    private readonly unavailable: string | null,
  ) {
    const poolSize = Math.max(1, options.poolSize ?? os.availableParallelism());
    const byMemory = Math.min(64, Math.max(4, Math.floor(os.totalmem() / (512 * 1024 * 1024))));
    this.budget = new PipelineBudget(Math.max(poolSize, options.maxPipelines ?? byMemory));
    const modes = unavailable ? [] : discovery.modes;
    for (const mode of modes) this.byPair.set(pairKey(mode.pair), mode);
    this.pairList = modes.map((m) => ({ ...m.pair }));
    // A test's stand-in programs have no dictionaries to rewrite with.
    this.address = new AddressRewriter(options.command ? new Map() : findAddressTools(modes), {
      timeoutMs: options.timeoutMs ?? 10_000,
      nice: options.nice ?? DEFAULT_NICE,
    });
  }

  pairs(): readonly LanguagePair[] {
    return this.pairList;
  }

  outputScript(pair: LanguagePair): string | undefined {
    return APERTIUM_SCRIPTS[pair.target];
  }

  addressLanguages(): readonly string[] {
    return this.address.languages();
  }

  async setAddress(target: string, texts: readonly string[], address: Address): Promise<string[]> {
    if (this.closed) throw new EngineError(ENGINE, "engine closed", false);
    try {
      return await this.address.rewrite(target, texts, address);
    } catch (error) {
      throw new EngineError(
        ENGINE,
        `address rewrite into ${target} failed: ${error instanceof Error ? error.message : String(error)}`,
      );
    }
  }

  /** The mode serving each pair, and the translation modes left out with the reason. */
  modes(): { served: readonly ApertiumMode[]; skipped: ModeDiscovery["skipped"] } {
    return { served: [...this.byPair.values()], skipped: this.discovery.skipped };
  }

  async translate(request: TranslateRequest): Promise<SegmentResult[]> {
    if (this.closed) throw new EngineError(ENGINE, "engine closed", false);
    const key = pairKey(request.pair);
    const mode = this.byPair.get(key);
    if (!mode) throw new EngineError(ENGINE, `pair ${key} is not installed`, false);
    const { segments, signal } = request;
    if (segments.length === 0) return [];
    if (signal?.aborted) throw new EngineError(ENGINE, "request aborted", false);

    const job = new Job(segments.length);
    const entries: Entry[] = [];
    for (let index = 0; index < segments.length; index++) {
      const segment = segments[index] ?? "";
      const words = countWords(segment);
      const { lead, core, trail } = splitOuterWhitespace(segment);
      if (core === "") job.set(index, { text: segment, unknownWords: 0, words });
      else entries.push({ job, index, input: deformat(core), core, lead, trail, words, retried: false });
    }
    if (entries.length > 0) {
      const pool = this.pool(key, mode);
      const cleanups: (() => void)[] = [];
      if (signal) {
        const onAbort = () => job.fail(new EngineError(ENGINE, "request aborted", false));
        signal.addEventListener("abort", onAbort, { once: true });
        cleanups.push(() => signal.removeEventListener("abort", onAbort));
      }
      if (!pool.hasReady()) cleanups.push(this.failIfStillStarting(job, pool, key));
      if (cleanups.length > 0) job.onSettle = () => cleanups.forEach((c) => c());
      pool.submit(entries);
    }
    return job.promise;
  }

  /**
   * A cold pair (no pipeline loaded yet) answers within `startWaitMs` or fails retryably; the
   * pipeline keeps loading for the next request. Returns the cleanup.
   */
  private failIfStillStarting(job: Job, pool: PairPool, key: string): () => void {
    const waitMs = this.options.startWaitMs ?? 10_000;
    const timer = setTimeout(() => {
      if (pool.hasReady()) return;
      job.fail(
        new EngineError(ENGINE, `pair ${key} is still starting (loading its dictionaries); retry shortly`, true, 5),
      );
    }, waitMs);
    timer.unref();
    return () => clearTimeout(timer);
  }

  /**
   * Starts one pipeline per pair ahead of demand, in the order given (most used first), a few
   * at a time, within free slots of the pipeline budget (never stopping another pair's
   * pipeline). Warmed pairs keep that pipeline through idle periods. Resolves with the pairs
   * warmed; never rejects.
   */
  async warm(
    pairs: readonly LanguagePair[],
    concurrency = Math.max(1, os.availableParallelism()),
  ): Promise<LanguagePair[]> {
    const queue = pairs.filter(
      (p, i) => this.byPair.has(pairKey(p)) && pairs.findIndex((q) => pairKey(q) === pairKey(p)) === i,
    );
    const warmed: LanguagePair[] = [];
    let next = 0;
    const worker = async () => {
      while (!this.closed && next < queue.length && this.budget.inUse() < this.budget.max) {
        const pair = queue[next++];
        const mode = pair && this.byPair.get(pairKey(pair));
        if (!pair || !mode) continue;
        if (
          await this.pool(pairKey(pair), mode)
            .prestart()
            .catch(() => false)
        )
          warmed.push(pair);
      }
    };
    await Promise.all(Array.from({ length: concurrency }, worker));
    return warmed;
  }

  /** Whether a pair has a loaded pipeline now. */
  isWarm(pair: LanguagePair): boolean {
    return this.pools.get(pairKey(pair))?.hasReady() ?? false;
  }

  async health(): Promise<EngineHealth> {
    if (this.unavailable) return { ok: false, detail: this.unavailable };
    if (this.closed) return { ok: false, detail: "engine closed" };
    const wanted = [this.options.probePair, { source: "en", target: "es" }, this.pairList[0]];
    const probe = wanted.find((p) => p !== undefined && this.byPair.has(pairKey(p)));
    if (!probe) return { ok: false, detail: "no pairs" };
    const started = performance.now();
    try {
      const [result] = await this.translate({ pair: probe, segments: ["Hello world."] });
      if (!result?.text.trim()) return { ok: false, detail: `probe ${pairKey(probe)} returned nothing` };
      const ms = Math.round(performance.now() - started);
      return { ok: true, detail: `${this.pairList.length} pairs; probe ${pairKey(probe)} answered in ${ms} ms` };
    } catch (error) {
      return {
        ok: false,
        detail: `probe ${pairKey(probe)} failed: ${error instanceof Error ? error.message : String(error)}`,
      };
    }
  }

  /** Kills every pipeline (and waits until each process has exited); later calls fail. */
  async close(): Promise<void> {
    this.closed = true;
    await Promise.all([...this.pools.values()].map((pool) => pool.close()));
  }

  /** Counters summed over pairs, and per pair. */
  stats(): ApertiumStats {
    const total: ApertiumStats = { ...emptyStats(), pairs: {} };
    for (const [key, pool] of this.pools) {
      total.pairs[key] = { ...pool.stats };
      for (const name of Object.keys(pool.stats) as (keyof PoolStats)[]) total[name] += pool.stats[name];
    }
    return total;
  }

  /** The process ids of a pair's live pipelines, one list per pipeline (for tests). */
  pipelinePids(pair: LanguagePair): number[][] {
    return this.pools.get(pairKey(pair))?.pids() ?? [];
  }

  private pool(key: string, mode: ApertiumMode): PairPool {
    let pool = this.pools.get(key);
    if (!pool) {
      pool = new PairPool({
        engine: ENGINE,
        mode: mode.name,
        stages: this.options.command?.(mode) ?? mode.stages,
        poolSize: Math.max(1, this.options.poolSize ?? os.availableParallelism()),
        maxBatchChars: this.options.maxBatchChars ?? 32_768,
        minBatchChars: this.options.minBatchChars ?? 256,
        timeoutMs: this.options.timeoutMs ?? 10_000,
        timeoutPerKbMs: this.options.timeoutPerKbMs ?? 100,
        startupTimeoutMs: this.options.startupTimeoutMs ?? 120_000,
        idleTimeoutMs: this.options.idleTimeoutMs ?? 300_000,
        nice: this.options.nice ?? DEFAULT_NICE,
        budget: this.budget,
        // A test's own programs are no tagger: only a mode's real pipeline is warmed up. A mode
        // without tagger sentences still gets a full stop, so that its readiness is known.
        warmup: this.options.command
          ? (this.options.commandWarmup ?? []).map(deformat)
          : taggerWarmup(mode.name).map(deformat),
      });
      this.pools.set(key, pool);
    }
    return pool;
  }
}

async function onPath(program: string): Promise<boolean> {
  for (const dir of (process.env.PATH ?? "").split(path.delimiter)) {
    if (!dir) continue;
    try {
      await access(path.join(/*turbopackIgnore: true*/ dir, program), constants.X_OK);
      return true;
    } catch {
      // not in this directory
    }
  }
  return false;
}

/**
 * Discovers the installed modes and returns the engine. Never throws for a missing Apertium:
 * the engine then has no pairs and `health()` says why.
 */
export async function createApertiumEngine(options: ApertiumEngineOptions = {}): Promise<ApertiumEngine> {
  const dir = options.modesDir ?? DEFAULT_MODES_DIR;
  const discovery = await discoverModes(dir);
  let unavailable: string | null = null;
  if (discovery.modes.length === 0) {
    unavailable = `no Apertium translation modes in ${dir} (install apertium and apertium-* pair packages)`;
  } else if (!options.command && !(await onPath("lt-proc"))) {
    unavailable = "Apertium is not installed: lt-proc is not on PATH";
  }
  return new ApertiumEngine(discovery, options, unavailable);
}
