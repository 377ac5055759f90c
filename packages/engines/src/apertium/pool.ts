import { EngineError, type SegmentResult } from "../engine";
import { reformat } from "./markup";
import { Pipeline, PipelineFailure } from "./pipeline";
import { type BudgetMember, type PipelineBudget } from "./pipeline-budget";

/** Counters of one pair's pool (summed over pairs by the engine), for tests and monitoring. */
export interface PoolStats {
  /** Pipelines started (lazily, at most `poolSize` alive at a time). */
  pipelinesStarted: number;
  /** Operating-system processes started (every program of every pipeline). */
  processesStarted: number;
  /** Pipelines alive now. */
  pipelinesAlive: number;
  /** Pipeline writes: one per batch, plus one per segment retranslated alone. */
  writes: number;
  /** Segments written (a retried segment counts again). */
  segments: number;
  /** Pipelines killed because they produced no output in time. */
  timeouts: number;
  /** Pipelines that died on their own (a process exited, a pipe broke). */
  crashes: number;
  /** Segments whose output could not be aligned in a batch, so were retranslated alone. */
  realigned: number;
  /** Pipelines stopped after `idleTimeoutMs` without work (they restart on demand). */
  retired: number;
  /** Batches written behind another still in the same pipeline. */
  pipelined: number;
}

export const emptyStats = (): PoolStats => ({
  pipelinesStarted: 0,
  processesStarted: 0,
  pipelinesAlive: 0,
  writes: 0,
  segments: 0,
  timeouts: 0,
  crashes: 0,
  realigned: 0,
  retired: 0,
  pipelined: 0,
});

export interface PoolSettings {
  engine: string;
  /** The mode's name, for messages. */
  mode: string;
  stages: readonly (readonly string[])[];
  poolSize: number;
  /** Most characters of input in one write. */
  maxBatchChars: number;
  /** A free pipeline takes at least this much of the queue before leaving the rest to others. */
  minBatchChars: number;
  timeoutMs: number;
  timeoutPerKbMs: number;
  /**
   * How long a new pipeline has to load its dictionaries and answer its warm-up. Loading is not a
   * stall: on a busy machine it takes several times `timeoutMs`, and killing the pipeline for it
   * only starts the same wait again.
   */
  startupTimeoutMs: number;
  /** An idle pipeline is stopped after this long (0: never). */
  idleTimeoutMs: number;
  /** Niceness added to the server's own for the pipelines' programs (Pipeline's `nice`). */
  nice?: number;
  /** The cap shared by every pair's pool; none: only `poolSize` limits. */
  budget?: PipelineBudget;
  /**
   * Deformatted segments every new pipeline translates before anything else, output dropped:
   * they put its tagger in the state it settles into (see tagger-warmup.ts).
   */
  warmup?: readonly string[];
}

/** One translate() call: its results fill in as batches return. */
export class Job {
  readonly results: SegmentResult[];
  readonly promise: Promise<SegmentResult[]>;
  settled = false;
  private remaining: number;
  private resolveFn: (results: SegmentResult[]) => void = () => undefined;
  private rejectFn: (error: Error) => void = () => undefined;
  /** Called once when the job settles (e.g. to drop an abort listener). */
  onSettle: (() => void) | null = null;

  constructor(size: number) {
    this.remaining = size;
    this.results = new Array<SegmentResult>(size);
    this.promise = new Promise<SegmentResult[]>((resolve, reject) => {
      this.resolveFn = resolve;
      this.rejectFn = reject;
    });
  }

  /** Sets one segment's result; the job resolves when every segment has one. */
  set(index: number, result: SegmentResult): void {
    if (this.settled) return;
    this.results[index] = result;
    if (--this.remaining === 0) {
      this.settled = true;
      this.onSettle?.();
      this.resolveFn(this.results);
    }
  }

  fail(error: Error): void {
    if (this.settled) return;
    this.settled = true;
    this.onSettle?.();
    this.rejectFn(error);
  }
}

/** One segment waiting for, or in, a pipeline. */
export interface Entry {
  job: Job;
  index: number;
  /** The deformatted core of the segment (see markup.ts). */
  input: string;
  /** The core as the user wrote it: words the engine marks as unknown are put back from it. */
  core: string;
  /** Whitespace around the core, put back after translation. */
  lead: string;
  trail: string;
  words: number;
  /** Already retried once after a stuck pipeline. */
  retried: boolean;
}

/**
 * Batches one pipeline holds at once. A second batch written while the first is still in the
 * chain keeps the first programs busy while the last ones finish; without it every batch ended
 * with the chain draining stage by stage and Node handling the results, the programs idle.
 */
const MAX_IN_FLIGHT = 2;

/**
 * The pipelines of one pair and the queue in front of them. Segments of concurrent requests wait
 * in one FIFO queue; a free pipeline takes what is waiting (its share when other pipelines are
 * free or can still be started, at most `maxBatchChars`) and writes it in one go. Pipelines start
 * on demand, up to `poolSize`. When none is free and at least a batch's worth waits, a busy
 * pipeline takes a second batch behind its first.
 */
export class PairPool implements BudgetMember {
  readonly stats = emptyStats();
  private queue: Entry[] = [];
  private head = 0;
  private queuedChars = 0;
  private readonly alive = new Set<Pipeline>();
  private readonly idle: Pipeline[] = [];
  private readonly idleTimers = new Map<Pipeline, NodeJS.Timeout>();
  private readonly warmed = new WeakSet<Pipeline>();
  /** Pipelines that answered their warm-up: loaded, and serving at their normal pace. */
  private readonly ready = new WeakSet<Pipeline>();
  private scheduled = false;
  private closed = false;
  /** Warmed at start (see `prestart`): its last pipeline is kept through idle periods. */
  private keepWarm = false;

  constructor(private readonly settings: PoolSettings) {
    settings.budget?.join(this);
  }

  evictIdle(): boolean {
    const oldest = this.idle[0];
    if (!oldest) return false;
    this.retire(oldest);
    return true;
  }

  wake(): void {
    this.schedule();
  }

  submit(entries: readonly Entry[]): void {
    if (this.closed) {
      for (const entry of entries) entry.job.fail(new EngineError(this.settings.engine, "engine closed", false));
      return;
    }
    this.settings.budget?.touch(this);
    for (const entry of entries) {
      this.queue.push(entry);
      this.queuedChars += entry.input.length;
    }
    this.schedule();
  }

  /** Whether a live pipeline has loaded and answered its warm-up. */
  hasReady(): boolean {
    for (const pipeline of this.alive) if (!pipeline.dead && this.ready.has(pipeline)) return true;
    return false;
  }

  /**
   * Starts one pipeline ahead of demand and keeps it through idle periods. Takes a free budget
   * slot only, never another pair's pipeline. Resolves true once a pipeline has answered its
   * warm-up (at once when one already has), false when none could be started or it died.
   */
  async prestart(): Promise<boolean> {
    if (this.closed) return false;
    this.keepWarm = true;
    if (this.hasReady()) return true;
    if (this.alive.size > 0) return this.untilReady();
    if (this.settings.budget && !this.settings.budget.tryAcquire()) return false;
    const pipeline = this.start(true);
    if (!pipeline) return false;
    const warmed = await this.warmUp(pipeline);
    if (!pipeline.dead) this.release(pipeline);
    this.schedule();
    return warmed;
  }

  /** Resolves when some live pipeline is ready, or false when none is left to wait for. */
  private async untilReady(): Promise<boolean> {
    while (!this.closed && this.alive.size > 0) {
      if (this.hasReady()) return true;
      await new Promise((r) => setTimeout(r, 50));
    }
    return this.hasReady();
  }

  /** The pids of the pipelines' processes (tests kill them to check recovery). */
  pids(): number[][] {
    return [...this.alive].map((p) => p.pids);
  }

  async close(): Promise<void> {
    this.closed = true;
    const error = new EngineError(this.settings.engine, "engine closed", false);
    for (let i = this.head; i < this.queue.length; i++) this.queue[i]?.job.fail(error);
    this.queue = [];
    this.head = 0;
    this.queuedChars = 0;
    for (const timer of this.idleTimers.values()) clearTimeout(timer);
    this.idleTimers.clear();
    await Promise.all([...this.alive].map((p) => p.kill("crash", "engine closed")));
  }

  private schedule(): void {
    if (this.scheduled) return;
    this.scheduled = true;
    // After the current I/O callbacks, so requests arriving together share a write.
    setImmediate(() => {
      this.scheduled = false;
      this.dispatch();
    });
  }

  private dispatch(): void {
    while (!this.closed && this.head < this.queue.length) {
      // Less than a batch's worth waiting while a pipeline is busy: it waits for that pipeline
      // to come back rather than going to a second one, because fewer, fuller writes cost less
      // CPU per segment in every process of the chain (APy opens another pipe only past 5
      // users for the same reason). A backlog still spreads over the pool.
      const busy = this.alive.size - this.idle.length;
      if (busy > 0 && this.queuedChars < this.settings.minBatchChars) break;
      const pipeline = this.takeIdle() ?? this.start() ?? this.takeBusy();
      if (!pipeline) break;
      const free = 1 + this.idle.length + (this.settings.poolSize - this.alive.size);
      const share = Math.min(
        this.settings.maxBatchChars,
        Math.max(this.settings.minBatchChars, Math.ceil(this.queuedChars / free)),
      );
      const batch = this.take(share);
      if (batch.length === 0) {
        this.release(pipeline);
        break;
      }
      if (pipeline.inFlight > 0) this.stats.pipelined++;
      void this.run(pipeline, batch);
    }
    if (this.head === this.queue.length) {
      this.queue = [];
      this.head = 0;
    } else if (this.head > 1024 && this.head * 2 > this.queue.length) {
      this.queue = this.queue.slice(this.head);
      this.head = 0;
    }
  }

  private take(share: number): Entry[] {
    const batch: Entry[] = [];
    let chars = 0;
    while (this.head < this.queue.length) {
      const entry = this.queue[this.head];
      if (!entry) break;
      if (entry.job.settled) {
        this.head++;
        this.queuedChars -= entry.input.length;
        continue;
      }
      if (batch.length > 0 && chars + entry.input.length > share) break;
      this.head++;
      this.queuedChars -= entry.input.length;
      chars += entry.input.length;
      batch.push(entry);
    }
    return batch;
  }

  /** `slotTaken`: the caller already holds a budget slot for it. */
  private start(slotTaken = false): Pipeline | null {
    if (this.alive.size >= this.settings.poolSize) {
      if (slotTaken) this.settings.budget?.release();
      return null;
    }
    if (!slotTaken && this.settings.budget && !this.settings.budget.acquire(this)) return null;
    let pipeline: Pipeline;
    try {
      pipeline = new Pipeline(this.settings.stages, (dead, failure) => this.onDead(dead, failure), this.settings.nice);
    } catch (error) {
      this.settings.budget?.release();
      // Could not even spawn (bad command): fail what waits rather than spin.
      const message = error instanceof Error ? error.message : String(error);
      const failure = new EngineError(this.settings.engine, `${this.settings.mode}: ${message}`);
      for (let i = this.head; i < this.queue.length; i++) this.queue[i]?.job.fail(failure);
      this.queue = [];
      this.head = 0;
      this.queuedChars = 0;
      return null;
    }
    this.alive.add(pipeline);
    this.stats.pipelinesStarted++;
    this.stats.processesStarted += this.settings.stages.length;
    this.stats.pipelinesAlive = this.alive.size;
    return pipeline;
  }

  private takeIdle(): Pipeline | undefined {
    const pipeline = this.idle.pop();
    if (pipeline) {
      clearTimeout(this.idleTimers.get(pipeline));
      this.idleTimers.delete(pipeline);
    }
    return pipeline;
  }

  /** The busy pipeline with the fewest batches in flight, when one can take another. */
  private takeBusy(): Pipeline | undefined {
    let best: Pipeline | undefined;
    for (const pipeline of this.alive) {
      if (pipeline.dead || pipeline.inFlight === 0 || pipeline.inFlight >= MAX_IN_FLIGHT) continue;
      if (!best || pipeline.inFlight < best.inFlight) best = pipeline;
    }
    return best;
  }

  private release(pipeline: Pipeline): void {
    // Still answering another batch: it stays busy, and is released when that one returns.
    if (pipeline.inFlight > 0 || this.idle.includes(pipeline)) return;
    // Another pair waits for a slot: give this pipeline up, unless it is this pool's last one
    // and work is queued for it.
    const queued = this.head < this.queue.length;
    if (this.settings.budget?.hasWaiters() && (!queued || this.alive.size > 1)) {
      this.retire(pipeline);
      return;
    }
    this.idle.push(pipeline);
    if (this.settings.idleTimeoutMs <= 0) return;
    // A pair warmed at start keeps one pipeline: the next request finds it loaded.
    if (this.keepWarm && this.alive.size === 1) return;
    const timer = setTimeout(() => this.retire(pipeline), this.settings.idleTimeoutMs);
    timer.unref();
    this.idleTimers.set(pipeline, timer);
  }

  /** Stops a pipeline that had nothing to do for `idleTimeoutMs`: its memory goes back. */
  private retire(pipeline: Pipeline): void {
    if (!this.forget(pipeline)) return;
    this.stats.retired++;
    void pipeline.kill("crash", "retired after idling");
  }

  /** Drops a pipeline from the pool; false when it was not in it any more. */
  private forget(pipeline: Pipeline): boolean {
    if (!this.alive.delete(pipeline)) return false;
    this.settings.budget?.release();
    const at = this.idle.indexOf(pipeline);
    if (at !== -1) this.idle.splice(at, 1);
    clearTimeout(this.idleTimers.get(pipeline));
    this.idleTimers.delete(pipeline);
    this.stats.pipelinesAlive = this.alive.size;
    return true;
  }

  private onDead(pipeline: Pipeline, failure: PipelineFailure): void {
    if (!this.forget(pipeline)) return;
    if (this.closed) return;
    if (failure.kind === "timeout") this.stats.timeouts++;
    else this.stats.crashes++;
    this.schedule();
  }

  private timeoutFor(chars: number): number {
    return this.settings.timeoutMs + Math.ceil((chars / 1024) * this.settings.timeoutPerKbMs);
  }

  private async run(pipeline: Pipeline, batch: Entry[]): Promise<void> {
    let open = batch;
    try {
      const outputs = await this.write(pipeline, batch);
      const unaligned: Entry[] = [];
      for (let i = 0; i < batch.length; i++) {
        const entry = batch[i];
        const output = outputs[i];
        if (!entry) continue;
        if (output === null || output === undefined) unaligned.push(entry);
        else deliver(entry, output);
      }
      open = unaligned;
      // Never misaligned text: what could not be cut out is translated again, alone.
      while (open.length > 0) {
        const [entry, ...rest] = open;
        if (!entry) break;
        this.stats.realigned++;
        if (!entry.job.settled) {
          const [output] = await this.write(pipeline, [entry]);
          if (output === null || output === undefined) {
            entry.job.fail(new EngineError(this.settings.engine, `${this.settings.mode}: output could not be aligned`));
          } else deliver(entry, output);
        }
        open = rest;
      }
      if (!pipeline.dead) this.release(pipeline);
    } catch (error) {
      const failure = error instanceof PipelineFailure ? error : null;
      const message = `${this.settings.mode}: ${error instanceof Error ? error.message : String(error)}`;
      if (failure?.kind === "timeout" || failure?.signalledAtStart) {
        // A stuck pipeline (killed by now), or one a group signal reached as it started: its
        // segments get one more chance on a fresh one.
        const again = open.filter((e) => !e.retried && !e.job.settled);
        for (const entry of open) {
          if (entry.retried) entry.job.fail(new EngineError(this.settings.engine, `${message} (after a retry)`));
        }
        for (const entry of again) entry.retried = true;
        this.requeueFront(again);
      } else {
        // A crash fails the requests in flight; the next ones get a fresh pipeline.
        const engineError = new EngineError(this.settings.engine, message);
        for (const entry of open) entry.job.fail(engineError);
      }
    }
    this.schedule();
  }

  private write(pipeline: Pipeline, entries: readonly Entry[]): Promise<(string | null)[]> {
    void this.warmUp(pipeline);
    let chars = 0;
    const inputs = entries.map((e) => {
      chars += e.input.length;
      return e.input;
    });
    this.stats.writes++;
    this.stats.segments += entries.length;
    return pipeline.translate(inputs, this.timeoutFor(chars));
  }

  /**
   * A pipeline's first write is the warm-up: it answers in write order, so nothing is translated
   * before its tagger has met the warm-up. Its output is dropped; if the pipeline dies on it,
   * the batch written behind it fails the same way.
   */
  private warmUp(pipeline: Pipeline): Promise<boolean> {
    if (this.warmed.has(pipeline)) return Promise.resolve(this.ready.has(pipeline));
    this.warmed.add(pipeline);
    const warmup = this.settings.warmup ?? [];
    if (warmup.length === 0) {
      this.ready.add(pipeline);
      return Promise.resolve(true);
    }
    const chars = warmup.reduce((n, s) => n + s.length, 0);
    return pipeline.translate(warmup, this.settings.startupTimeoutMs + this.timeoutFor(chars)).then(
      () => {
        this.ready.add(pipeline);
        return true;
      },
      () => false,
    );
  }

  private requeueFront(entries: Entry[]): void {
    if (entries.length === 0) return;
    this.queue = [...entries, ...this.queue.slice(this.head)];
    this.head = 0;
    for (const entry of entries) this.queuedChars += entry.input.length;
  }
}

function deliver(entry: Entry, output: string): void {
  const { text, unknownWords } = reformat(output, entry.core);
  entry.job.set(entry.index, {
    text: entry.lead + text.trim() + entry.trail,
    unknownWords: Math.min(unknownWords, entry.words),
    words: entry.words,
  });
}
