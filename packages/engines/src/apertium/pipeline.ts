import { type ChildProcess, spawn } from "node:child_process";
import { getPriority, setPriority } from "node:os";
import path from "node:path";
import { type Readable, type Writable } from "node:stream";

/** Why a pipeline could not answer a batch. */
export type PipelineFailureKind = "timeout" | "crash";

export class PipelineFailure extends Error {
  /**
   * A program died of a signal it ignores once started (SHIELDED_EXEC): one sent to the
   * server's process group in the moment between the program's fork and its own session, which
   * stays pending until just before its exec. Nothing in its input caused it, so the pool gives
   * its segments another try on a fresh pipeline.
   */
  signalledAtStart = false;

  constructor(
    readonly kind: PipelineFailureKind,
    message: string,
  ) {
    super(message);
    this.name = "PipelineFailure";
  }
}

/** The signals SHIELDED_EXEC makes a program ignore. */
const SHIELDED = new Set<NodeJS.Signals>(["SIGINT", "SIGTERM", "SIGHUP"]);
/** How long a failure waits for the programs' exits to learn what ended them. */
const EXIT_WAIT_MS = 1_000;

interface Pending {
  seq: number;
  count: number;
  outputs: (string | null)[];
  /** The index whose chunk comes next. */
  expected: number;
  /** A chunk without a terminator arrived since the last good one. */
  dirty: boolean;
  timeoutMs: number;
  resolve: (outputs: (string | null)[]) => void;
  reject: (error: PipelineFailure) => void;
}

const STDERR_TAIL = 600;

/**
 * How much lower than the server Apertium's programs run by default. A pipeline is 11
 * processes, and at equal priority the kernel shares the cores among every runnable one, so
 * under load the server's single thread, which feeds the pipelines and answers every other
 * request, got a small share: status polls during a large document's translation waited, and
 * its merge fell behind the translation. At a lower priority both keep up, and the programs'
 * total work is the same: the batch path's CPU per character and throughput do not move (the
 * figures are in docs/benchmarks.md).
 */
export const DEFAULT_NICE = 10;

/**
 * Raises a program's niceness by `nice` above this process's (at most 19). Raising needs no
 * privilege; a program that already exited is reported by its exit handler, so a failure here
 * is left to that.
 */
export function lowerPriority(pid: number | undefined, nice: number): void {
  if (pid === undefined || nice <= 0) return;
  try {
    setPriority(pid, Math.min(19, getPriority() + nice));
  } catch {
    // ESRCH: gone already (see above).
  }
}

/**
 * Runs a program (`$0`, its arguments `$@`) with SIGINT, SIGTERM and SIGHUP ignored: an ignored
 * signal stays ignored across exec. Signals meant for the service must not end its engines
 * while it drains: the programs are started `detached` (their own session and process group),
 * which keeps them out of a signal sent to the server's group (Ctrl-C, `kill -TERM -PGID`,
 * `tini -g`); systemd's KillMode=control-group signals every process of the unit whatever its
 * group, which only ignoring the signals survives. We stop them ourselves (SIGKILL, after the
 * work in flight), and they exit on their own when their stdin closes, so a server that dies
 * without stopping them (SIGKILL, a crash) leaves none behind.
 */
const SHIELDED_EXEC = 'trap "" INT TERM HUP; exec "$0" "$@"';

/**
 * One long-lived Apertium pipeline: every program of a mode, spawned by us and chained with
 * OS pipes (a child's stdout is the next child's stdin, no copying through Node), each in
 * null-flush mode. Node is the parent of every process, so each one is reaped when it exits.
 *
 * A batch of segments is one write. Each segment is its own null-flush unit: the deformatted
 * text, a terminator superblank `[tolk:<batch>:<index>]`, then NUL. On a NUL every program
 * finishes what it holds, writes a NUL and starts afresh, so no transfer rule, case fix or
 * tagger window reaches from one segment into the next (within one NUL unit they do: en-eo
 * capitalises a segment that follows another's full stop). What does persist is Apertium's own:
 * `apertium-tagger` overwrites its open class (the tags an unknown word may have) whenever it
 * meets an ambiguity class its model lacks, so a process tags unknown words, and their
 * neighbours, according to what it translated before. The pool's warm-up (tagger-warmup.ts)
 * settles that before a pipeline serves. Superblanks pass every stage
 * unchanged, so each output chunk ends with its terminator; a chunk that does not, or that
 * skips an index, marks the segments concerned as unaligned (null) instead of shifting text.
 *
 * Several batches may be in flight: the programs form a chain of pipes, so output comes back in
 * the order the batches went in, and a batch written while the previous one is still in the
 * chain keeps its first programs busy instead of letting them wait for the last ones.
 */
export class Pipeline {
  readonly processes: ChildProcess[] = [];
  /** Resolves once every process has exited (and been reaped). */
  readonly exited: Promise<void>;
  private readonly stdin: Writable;
  private readonly stdout: Readable;
  private parts: Buffer[] = [];
  /** Batches in flight, oldest first: the order their output comes back in. */
  private pending: Pending[] = [];
  /** Runs while a batch is in flight; refreshed by every output chunk. */
  private timer: NodeJS.Timeout | null = null;
  private seq = 0;
  private failure: PipelineFailure | null = null;
  private stderr = "";
  /** The signals the programs died of, as their exits are reaped. */
  private readonly signals: NodeJS.Signals[] = [];

  constructor(
    stages: readonly (readonly string[])[],
    private readonly onDead: (pipeline: Pipeline, failure: PipelineFailure) => void,
    /** Niceness added to this process's for every program (see DEFAULT_NICE); 0: the same priority. */
    nice = 0,
  ) {
    const exits: Promise<void>[] = [];
    let previous: Readable | null = null;
    try {
      for (const [program = "", ...args] of stages) {
        const child: ChildProcess = spawn(
          /*turbopackIgnore: true*/ "/bin/sh",
          ["-c", SHIELDED_EXEC, program, ...args],
          {
            stdio: [previous ?? "pipe", "pipe", "pipe"],
            env: process.env,
            detached: true,
          },
        );
        lowerPriority(child.pid, nice);
        // Our copy of the previous stdout: the child has its own now.
        previous?.destroy();
        this.processes.push(child);
        exits.push(this.watch(child, path.basename(program)));
        previous = child.stdout;
      }
    } catch (error) {
      // spawn() threw (bad arguments): do not leave the programs already started behind.
      for (const child of this.processes) child.kill("SIGKILL");
      throw error;
    }
    const first = this.processes[0];
    if (!first?.stdin || !previous) throw new Error("apertium: a pipeline needs at least one program");
    this.stdin = first.stdin;
    this.stdout = previous;
    this.stdin.on("error", (error) => this.die("crash", `write failed: ${error.message}`));
    this.stdout.on("error", (error) => this.die("crash", `read failed: ${error.message}`));
    this.stdout.on("data", (chunk: Buffer) => this.onData(chunk));
    this.exited = Promise.all(exits).then(() => undefined);
  }

  /** Resolves when `child` has exited; any exit or spawn error kills the whole pipeline. */
  private watch(child: ChildProcess, name: string): Promise<void> {
    child.stderr?.setEncoding("utf8").on("data", (text: string) => {
      this.stderr = (this.stderr + text).slice(-STDERR_TAIL);
    });
    return new Promise<void>((resolve) => {
      child.once("exit", (code, signal) => {
        if (signal) this.signals.push(signal);
        resolve();
        this.die("crash", `${name} exited (${signal ?? `code ${code}`})`);
      });
      child.once("error", (error) => {
        if (child.pid === undefined) resolve(); // never started: there is no exit to wait for
        this.die("crash", `${name}: ${error.message}`);
      });
    });
  }

  get dead(): boolean {
    return this.failure !== null;
  }

  /** Batches written and not answered yet. */
  get inFlight(): number {
    return this.pending.length;
  }

  get pids(): number[] {
    return this.processes.flatMap((p) => (p.pid === undefined ? [] : [p.pid]));
  }

  /**
   * Translates deformatted segments in one write. Resolves with one output per segment (null
   * where the output could not be aligned), or rejects with a PipelineFailure, after which the
   * pipeline is dead: killed, and reported through `onDead`. `timeoutMs` counts from the moment
   * the batches written before it have been answered.
   */
  translate(segments: readonly string[], timeoutMs: number): Promise<(string | null)[]> {
    if (this.failure) return Promise.reject(this.failure);
    if (segments.length === 0) return Promise.resolve([]);
    const seq = ++this.seq;
    const payload = new Array<string>(segments.length * 2);
    for (let i = 0; i < segments.length; i++) {
      payload[2 * i] = segments[i] ?? "";
      payload[2 * i + 1] = `${terminator(seq, i)}\0`;
    }
    return new Promise((resolve, reject) => {
      const outputs = new Array<string | null>(segments.length).fill(null);
      this.pending.push({
        seq,
        count: segments.length,
        outputs,
        expected: 0,
        dirty: false,
        timeoutMs,
        resolve,
        reject,
      });
      if (this.pending.length === 1) this.armTimer();
      this.stdin.write(payload.join(""));
    });
  }

  /** The oldest batch's deadline: a pipeline is stuck when it stops answering. */
  private armTimer(): void {
    if (this.timer) clearTimeout(this.timer);
    const head = this.pending[0];
    this.timer = head
      ? setTimeout(() => this.die("timeout", `no output within ${head.timeoutMs} ms`), head.timeoutMs)
      : null;
  }

  /** Kills every process; an in-flight batch fails with `kind`. */
  kill(kind: PipelineFailureKind = "crash", message = "pipeline closed"): Promise<void> {
    this.die(kind, message);
    return this.exited;
  }

  private onData(chunk: Buffer): void {
    let start = 0;
    for (let nul = chunk.indexOf(0); nul !== -1; nul = chunk.indexOf(0, start)) {
      let text: string;
      if (this.parts.length === 0) {
        text = chunk.toString("utf8", start, nul);
      } else {
        this.parts.push(chunk.subarray(start, nul));
        text = Buffer.concat(this.parts).toString("utf8");
        this.parts = [];
      }
      start = nul + 1;
      this.onChunk(text);
    }
    if (start < chunk.length) this.parts.push(start === 0 ? chunk : chunk.subarray(start));
  }

  private onChunk(text: string): void {
    const pending = this.pending[0];
    if (!pending) {
      // Output nobody asked for (a dying stage flushing at EOF, or a broken program).
      if (text.trim() !== "") this.die("crash", "unexpected output");
      return;
    }
    const index = terminatedBy(text, pending.seq, pending.expected);
    if (index === null) {
      const later = terminatorIn(text)?.seq;
      if (later !== undefined && later > pending.seq && this.pending.some((p) => p.seq === later)) {
        // The oldest batch's last chunks went missing: what it has is all it gets (the rest
        // stays null), and the chunk belongs to a batch behind it.
        this.finishHead();
        this.onChunk(text);
        return;
      }
    }
    if (index === null || index < pending.expected) {
      pending.dirty = true; // part of a segment, or a stray chunk: the next segment is suspect
      return;
    }
    if (index === pending.expected && !pending.dirty) {
      pending.outputs[index] = text.slice(0, text.lastIndexOf(terminator(pending.seq, index)));
    } // else: chunks went missing or merged; the segments between stay null
    pending.dirty = false;
    pending.expected = index + 1;
    this.timer?.refresh();
    if (pending.expected === pending.count) this.finishHead();
  }

  private finishHead(): void {
    const done = this.pending.shift();
    this.armTimer();
    done?.resolve(done.outputs);
  }

  private die(kind: PipelineFailureKind, message: string): void {
    if (this.failure) return;
    const detail = this.stderr.trim().split("\n").slice(-2).join(" | ");
    this.failure = new PipelineFailure(kind, detail ? `${message}; stderr: ${detail}` : message);
    for (const child of this.processes) {
      if (child.exitCode === null && child.signalCode === null) child.kill("SIGKILL");
    }
    const pending = this.pending;
    this.pending = [];
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
    const failure = this.failure;
    // The batches learn the failure once every program's exit says what ended it: the first
    // event (a write's EPIPE, the next stage's SIGPIPE) need not name the cause.
    void Promise.race([this.exited, new Promise((r) => setTimeout(r, EXIT_WAIT_MS).unref())]).then(() => {
      failure.signalledAtStart = this.signals.some((signal) => SHIELDED.has(signal));
      for (const batch of pending) batch.reject(failure);
    });
    this.onDead(this, failure);
  }
}

const terminator = (seq: number, index: number) => `[tolk:${seq}:${index}]`;
const TERMINATOR = /\[tolk:(\d+):(\d+)\]\s*$/;

/** The batch and index of the terminator that ends an output chunk, or null. */
function terminatorIn(text: string): { seq: number; index: number } | null {
  const match = TERMINATOR.exec(text);
  return match ? { seq: Number(match[1]), index: Number(match[2]) } : null;
}

/** The index of the terminator that ends an output chunk of batch `seq`, or null. */
export function terminatedBy(text: string, seq: number, expected: number): number | null {
  if (text.endsWith(terminator(seq, expected))) return expected;
  const found = terminatorIn(text);
  return found?.seq === seq ? found.index : null;
}
