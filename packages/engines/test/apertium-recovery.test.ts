import { readFileSync, readdirSync } from "node:fs";
import { mkdtemp, rm } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";

import { EngineError, createApertiumEngine, WAIT_UNTIL_LOADED_MS } from "../src";
import { Pipeline } from "../src/apertium/pipeline";

// Stuck, crashed and misaligned pipelines, for real: SIGKILL on Apertium's own processes, and
// stand-in commands (the test-only `command` option) for the failures Apertium cannot be made
// to produce on demand.
const EN_ES = { source: "en", target: "es" };
const sentences = readFileSync(path.join(import.meta.dirname, "fixtures/apertium-sentences-en.txt"), "utf8")
  .split("\n")
  .filter((line) => line.trim() !== "");

/** Our child processes, from /proc: pid and state (Z = zombie). */
function children(): { pid: number; state: string; name: string }[] {
  const found: { pid: number; state: string; name: string }[] = [];
  for (const entry of readdirSync("/proc")) {
    if (!/^\d+$/.test(entry)) continue;
    let stat: string;
    try {
      stat = readFileSync(`/proc/${entry}/stat`, "utf8");
    } catch {
      continue; // exited meanwhile
    }
    // pid (comm) state ppid …; comm may contain spaces and parentheses.
    const close = stat.lastIndexOf(")");
    const [state = "", ppid = ""] = stat.slice(close + 2).split(" ");
    if (Number(ppid) === process.pid)
      found.push({ pid: Number(entry), state, name: stat.slice(stat.indexOf("(") + 1, close) });
  }
  return found;
}

const alive = (pid: number) => {
  try {
    return !readFileSync(`/proc/${pid}/stat`, "utf8").slice(-60).includes(") Z ");
  } catch {
    return false;
  }
};

async function until(check: () => boolean, ms = 3000): Promise<void> {
  const end = Date.now() + ms;
  while (!check()) {
    if (Date.now() > end) throw new Error("condition not met in time");
    await new Promise((r) => setTimeout(r, 20));
  }
}

let scratch: string;
beforeAll(async () => {
  scratch = await mkdtemp(path.join(os.tmpdir(), "tolk-apertium-"));
});
afterAll(async () => {
  await rm(scratch, { recursive: true, force: true });
  // Every process of every engine of this file is gone, none left as a zombie.
  expect(children()).toEqual([]);
});

describe("a crashed pipeline", () => {
  it("fails only the requests in flight when a process is SIGKILLed, and the next request works", async () => {
    const engine = await createApertiumEngine({ poolSize: 1, maxBatchChars: 8_000, startWaitMs: WAIT_UNTIL_LOADED_MS });
    try {
      await engine.translate({ pair: EN_ES, segments: ["Warm up."] });
      const [pids = []] = engine.pipelinePids(EN_ES);
      expect(pids).toHaveLength(11);

      const big = Array.from({ length: 3000 }, (_, i) => sentences[i % sentences.length] ?? "");
      const inFlight = engine.translate({ pair: EN_ES, segments: big });
      const queued = engine.translate({ pair: EN_ES, segments: ["The teacher opened the green door."] });
      await new Promise((r) => setTimeout(r, 150));
      process.kill(pids[5] ?? 0, "SIGKILL"); // lt-proc -b, mid-pipeline

      const error = await inFlight.catch((e: unknown) => e);
      expect(error).toBeInstanceOf(EngineError);
      expect((error as EngineError).retryable).toBe(true);
      expect((error as Error).message).toMatch(/eng-spa/);
      // Waiting behind the crashed batch, not in it: served by a fresh pipeline.
      expect((await queued)[0]?.text).toBe("El profesor abrió la puerta verde.");
      const [next] = await engine.translate({ pair: EN_ES, segments: ["Hello world."] });
      expect(next?.text).toBe("Hola Mundo.");

      const stats = engine.stats();
      expect(stats.crashes).toBe(1);
      expect(stats.pipelinesStarted).toBe(2);
      expect(stats.pipelinesAlive).toBe(1);
      // The dead pipeline's other processes were killed and reaped.
      await until(() => pids.every((pid) => !alive(pid)));
    } finally {
      await engine.close();
    }
  });

  it("survives EPIPE when the first program dies while it is being written to", async () => {
    const engine = await createApertiumEngine({ poolSize: 1, startWaitMs: WAIT_UNTIL_LOADED_MS });
    try {
      await engine.translate({ pair: EN_ES, segments: ["Warm up."] });
      const [pids = []] = engine.pipelinePids(EN_ES);
      process.kill(pids[0] ?? 0, "SIGKILL");
      const big = Array.from({ length: 2000 }, (_, i) => sentences[i % sentences.length] ?? "");
      // Either the crash is noticed before the write (fresh pipeline, success) or the write
      // hits the dead pipe (EngineError): never a hang, never misaligned text.
      const outcome = await engine.translate({ pair: EN_ES, segments: big }).then(
        (r) => r.length,
        (e: unknown) => e,
      );
      if (typeof outcome !== "number") expect(outcome).toBeInstanceOf(EngineError);
      else expect(outcome).toBe(2000);
      const [next] = await engine.translate({ pair: EN_ES, segments: ["Good morning."] });
      expect(next?.text).toBe("Buenos días.");
      expect(engine.stats().crashes).toBe(1);
    } finally {
      await engine.close();
    }
  });

  it("fails with an EngineError when a program exits at once, and spawns anew each time", async () => {
    const engine = await createApertiumEngine({ poolSize: 2, command: () => [["sh", "-c", "exit 3"]] });
    try {
      await expect(engine.translate({ pair: EN_ES, segments: ["a"] })).rejects.toThrow(/exited \(code 3\)|write EPIPE/);
      await expect(engine.translate({ pair: EN_ES, segments: ["b"] })).rejects.toBeInstanceOf(EngineError);
      expect(engine.stats().pipelinesStarted).toBe(2);
      expect((await engine.health()).ok).toBe(false);
    } finally {
      await engine.close();
    }
  });
});

describe("a stuck pipeline", () => {
  it("is killed after the timeout and its segments fail after one retry", async () => {
    const engine = await createApertiumEngine({ poolSize: 1, timeoutMs: 300, command: () => [["sleep", "100"]] });
    try {
      const error = await engine.translate({ pair: EN_ES, segments: ["a", "b"] }).catch((e: unknown) => e);
      expect(error).toBeInstanceOf(EngineError);
      expect((error as Error).message).toMatch(/no output within 30\d ms.*after a retry/);
      const stats = engine.stats();
      expect(stats.timeouts).toBe(2);
      expect(stats.pipelinesStarted).toBe(2);
      expect(stats.segments).toBe(4); // two segments, written twice
    } finally {
      await engine.close();
    }
  });

  it("retries the segments once on a fresh pipeline, which answers", async () => {
    // The first pipeline hangs (sleep); the next one echoes (cat, passes NULs through).
    const flag = path.join(scratch, "hung-once");
    const script = `if mkdir '${flag}' 2>/dev/null; then exec sleep 100; else exec cat; fi`;
    const engine = await createApertiumEngine({ poolSize: 1, timeoutMs: 300, command: () => [["sh", "-c", script]] });
    try {
      const results = await engine.translate({ pair: EN_ES, segments: ["C# is #1 *now*", "  two  "] });
      expect(results.map((r) => r.text)).toEqual(["C# is #1 *now*", "  two  "]);
      expect(engine.stats().timeouts).toBe(1);
      expect(engine.stats().pipelinesStarted).toBe(2);
    } finally {
      await engine.close();
    }
  });
});

describe("a pipeline that a group signal reached as it started", () => {
  // Reads its input, then dies of SIGTERM as a program does when the server's group is
  // signalled between its fork and its own session (perl, because a shell cannot undo the
  // ignored signal it inherits).
  const die = `head -c 1 >/dev/null; exec perl -e '$SIG{TERM} = "DEFAULT"; kill "TERM", $$; sleep 5'`;

  it("gives its segments to a fresh pipeline, once", async () => {
    // The first pipeline's program dies so; the next one echoes (cat).
    const flag = path.join(scratch, "signalled-once");
    const script = `if mkdir '${flag}' 2>/dev/null; then ${die}; else exec cat; fi`;
    const engine = await createApertiumEngine({ poolSize: 1, command: () => [["sh", "-c", script]] });
    try {
      const results = await engine.translate({ pair: EN_ES, segments: ["one", "two"] });
      expect(results.map((r) => r.text)).toEqual(["one", "two"]);
      expect(engine.stats().pipelinesStarted).toBe(2);
    } finally {
      await engine.close();
    }
  });

  it("fails the segments when the fresh pipeline is signalled too", async () => {
    const engine = await createApertiumEngine({ poolSize: 1, command: () => [["sh", "-c", die]] });
    try {
      await expect(engine.translate({ pair: EN_ES, segments: ["one"] })).rejects.toThrow(/SIGTERM.*after a retry/);
      expect(engine.stats().pipelinesStarted).toBe(2);
    } finally {
      await engine.close();
    }
  });
});

describe("a stuck pipeline holding two batches", () => {
  it("retries both batches once on a fresh pipeline, which answers them in place", async () => {
    const flag = path.join(scratch, "hung-once-two");
    const script = `if mkdir '${flag}' 2>/dev/null; then exec sleep 100; else exec cat; fi`;
    const engine = await createApertiumEngine({
      poolSize: 1,
      timeoutMs: 300,
      maxBatchChars: 400,
      command: () => [["sh", "-c", script]],
    });
    try {
      const segments = Array.from({ length: 8 }, (_, i) => `segment ${i} `.padEnd(150, "x"));
      const results = await engine.translate({ pair: EN_ES, segments });
      expect(results.map((r) => r.text)).toEqual(segments.map((s) => s.trim()));
      const stats = engine.stats();
      expect(stats.pipelined).toBeGreaterThan(0);
      expect(stats.timeouts).toBe(1);
      expect(stats.pipelinesStarted).toBe(2);
    } finally {
      await engine.close();
    }
  });
});

describe("misaligned output", () => {
  it("retranslates segments one per write when a separator goes missing, never shifting text", async () => {
    // GNU sed in NUL-record mode drops the terminator of the second segment of every batch.
    const engine = await createApertiumEngine({
      poolSize: 1,
      command: () => [["sed", "-u", "-z", "s/\\[tolk:[0-9]*:1\\]//"]],
    });
    try {
      const segments = ["first", "second", "third", "fourth"];
      const results = await engine.translate({ pair: EN_ES, segments });
      expect(results.map((r) => r.text)).toEqual(segments);
      const stats = engine.stats();
      expect(stats.realigned).toBe(2); // "second" lost its end, so "third" is suspect too
      expect(stats.writes).toBe(3);
      expect(stats.crashes + stats.timeouts).toBe(0);
    } finally {
      await engine.close();
    }
  });
});

describe("misaligned output with batches behind each other", () => {
  it("ends a batch whose last terminator went missing at the next batch's output, never shifting text", async () => {
    // sed drops the terminator of the first batch's last segment, so that segment's output runs
    // into the second batch's first chunk.
    const pipeline = new Pipeline([["sed", "-u", "-z", "s/\\[tolk:1:1\\]//"]], () => undefined);
    try {
      const first = pipeline.translate(["a", "b"], 2_000);
      const second = pipeline.translate(["c", "d"], 2_000);
      expect(pipeline.inFlight).toBe(2);
      expect(await first).toEqual(["a", null]); // null: retranslated alone by the pool
      expect((await second).map((s) => s?.trim())).toEqual(["c", "d"]);
      expect(pipeline.inFlight).toBe(0);
    } finally {
      await pipeline.kill();
    }
  });
});

describe("idle pipelines", () => {
  it("are stopped after idleTimeoutMs and started again on demand", async () => {
    const engine = await createApertiumEngine({ poolSize: 1, idleTimeoutMs: 200, startWaitMs: WAIT_UNTIL_LOADED_MS });
    try {
      await engine.translate({ pair: EN_ES, segments: ["Hello world."] });
      const [pids = []] = engine.pipelinePids(EN_ES);
      expect(pids.length).toBeGreaterThan(0);
      await until(() => engine.stats().pipelinesAlive === 0);
      await until(() => pids.every((pid) => !alive(pid)));
      const [result] = await engine.translate({ pair: EN_ES, segments: ["Good morning."] });
      expect(result?.text).toBe("Buenos días.");
      expect(engine.stats()).toMatchObject({ retired: 1, pipelinesStarted: 2, crashes: 0, timeouts: 0 });
    } finally {
      await engine.close();
    }
  });
});

describe("close", () => {
  it("kills every process of every pair and leaves no zombie", async () => {
    const engine = await createApertiumEngine({ poolSize: 2, startWaitMs: WAIT_UNTIL_LOADED_MS });
    await Promise.all([
      engine.translate({ pair: EN_ES, segments: sentences.slice(0, 100) }),
      engine.translate({ pair: { source: "es", target: "en" }, segments: ["Hola mundo."] }),
      engine.translate({ pair: { source: "nb", target: "nn" }, segments: ["Jeg kommer."] }),
    ]);
    const pids = [EN_ES, { source: "es", target: "en" }, { source: "nb", target: "nn" }].flatMap((p) =>
      engine.pipelinePids(p).flat(),
    );
    expect(pids.length).toBeGreaterThan(20);
    expect(children().length).toBeGreaterThanOrEqual(pids.length);
    const pending = engine.translate({ pair: EN_ES, segments: sentences }).catch((e: unknown) => e);
    await engine.close();
    expect(await pending).toBeInstanceOf(EngineError);
    expect(pids.filter(alive)).toEqual([]);
    expect(children()).toEqual([]);
    await expect(engine.translate({ pair: EN_ES, segments: ["x"] })).rejects.toThrow(/closed/);
  });
});
