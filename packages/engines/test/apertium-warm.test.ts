import { spawn, type ChildProcess } from "node:child_process";
import os from "node:os";
import { afterEach, describe, expect, it } from "vitest";

import { EngineError, createApertiumEngine, isEngineError } from "../src";

// Cold pairs: a pipeline's loading is not a stall, a request that cannot get a loaded pipeline
// in time fails retryably (the API answers 503 with Retry-After), and warm-up loads pairs ahead.
const EN_ES = { source: "en", target: "es" };
const MARKERS = /[*#@]/;

async function until(check: () => boolean, ms = 20_000): Promise<void> {
  const end = Date.now() + ms;
  while (!check()) {
    if (Date.now() > end) throw new Error("condition not met in time");
    await new Promise((r) => setTimeout(r, 20));
  }
}

const closers: (() => Promise<void> | void)[] = [];
afterEach(async () => {
  for (const close of closers.splice(0).reverse()) await close();
});

describe("a pipeline that loads slowly", () => {
  it("is not killed as stuck while it loads, and then answers", async () => {
    // `cat` after a 1 s nap: a pipeline whose start-up takes five times the stall timeout.
    const engine = await createApertiumEngine({
      poolSize: 1,
      timeoutMs: 200,
      command: () => [["sh", "-c", "sleep 1; exec cat"]],
      commandWarmup: ["warm"],
    });
    closers.push(() => engine.close());
    const [result] = await engine.translate({ pair: EN_ES, segments: ["Hello world."] });
    expect(result?.text).toBe("Hello world.");
    expect(engine.stats()).toMatchObject({ timeouts: 0, pipelinesStarted: 1 });
  });

  it("fails a request retryably after startWaitMs, keeps loading, and serves the next request", async () => {
    const engine = await createApertiumEngine({
      poolSize: 1,
      timeoutMs: 200,
      startWaitMs: 150,
      command: () => [["sh", "-c", "sleep 1.5; exec cat"]],
      commandWarmup: ["warm"],
    });
    closers.push(() => engine.close());
    const error = await engine.translate({ pair: EN_ES, segments: ["First."] }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(EngineError);
    expect(isEngineError(error)).toBe(true);
    expect(error).toMatchObject({ retryable: true, retryAfterSeconds: 5 });
    expect((error as Error).message).toMatch(/en-es is still starting/);
    await until(() => engine.isWarm(EN_ES));
    const [result] = await engine.translate({ pair: EN_ES, segments: ["Second."] });
    expect(result?.text).toBe("Second.");
    // The same pipeline: the first request's failure did not restart it.
    expect(engine.stats()).toMatchObject({ pipelinesStarted: 1, timeouts: 0 });
  });
});

describe("warm-up", () => {
  it("loads the pairs asked for within the pipeline budget, first ones first, and keeps them loaded", async () => {
    const engine = await createApertiumEngine({ poolSize: 1, maxPipelines: 2, idleTimeoutMs: 50 });
    closers.push(() => engine.close());
    const pairs = [EN_ES, { source: "es", target: "en" }, { source: "en", target: "ca" }];
    const warmed = await engine.warm(pairs, 1);
    expect(warmed).toEqual(pairs.slice(0, 2));
    expect(engine.isWarm(EN_ES)).toBe(true);
    expect(engine.isWarm({ source: "en", target: "ca" })).toBe(false);
    // Idle far beyond idleTimeoutMs: a warmed pair keeps its pipeline.
    await new Promise((r) => setTimeout(r, 300));
    expect(engine.stats()).toMatchObject({ pipelinesAlive: 2, retired: 0 });
    const [result] = await engine.translate({ pair: EN_ES, segments: ["The house is big."] });
    expect(result?.text).toBe("La casa es grande.");
    expect(engine.stats().pipelinesStarted).toBe(2);
  });

  it("ignores pairs that are not installed", async () => {
    const engine = await createApertiumEngine({ poolSize: 1, maxPipelines: 1 });
    closers.push(() => engine.close());
    expect(await engine.warm([{ source: "en", target: "ja" }])).toEqual([]);
    expect(engine.stats().pipelinesStarted).toBe(0);
  });
});

describe("a cold pair on a busy machine", () => {
  it("answers with the translation or fails retryably, never otherwise", async () => {
    // Busy loops on every core, at the server's priority (the pipelines run at niceness 10).
    const loops: ChildProcess[] = Array.from({ length: os.availableParallelism() * 2 }, () =>
      spawn("sh", ["-c", "while :; do :; done"], { stdio: "ignore" }),
    );
    closers.push(() => loops.forEach((l) => l.kill("SIGKILL")));
    const engine = await createApertiumEngine({ poolSize: 1, startWaitMs: 2_000 });
    closers.push(() => engine.close());
    const outcome = await engine
      .translate({ pair: { source: "en", target: "ca" }, segments: ["The teacher opened the green door."] })
      .then(
        (results) => ({ text: results[0]?.text ?? "" }),
        (error: unknown) => ({ error }),
      );
    if ("error" in outcome) {
      expect(isEngineError(outcome.error)).toBe(true);
      expect(outcome.error).toMatchObject({ retryable: true });
    } else {
      expect(outcome.text).toMatch(/porta verda/);
      expect(outcome.text).not.toMatch(MARKERS);
    }
    // Either way the pipeline was not killed for loading slowly, and the pair gets served.
    await until(() => engine.isWarm({ source: "en", target: "ca" }), 120_000);
    expect(engine.stats().timeouts).toBe(0);
  }, 180_000);
});
