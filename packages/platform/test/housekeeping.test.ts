import { describe, expect, it } from "vitest";

import { Housekeeping } from "../src";

/** A clock the test moves, and a job whose runs the test finishes by hand. */
function setUp(everyMs: number) {
  let now = Date.parse("2026-03-15T12:00:00Z");
  const runs: (() => void)[] = [];
  const job = { name: "sweep", everyMs, run: () => new Promise<void>((resolve) => runs.push(resolve)) };
  const housekeeping = new Housekeeping([job], () => new Date(now));
  return { housekeeping, runs, advance: (ms: number) => (now += ms) };
}

describe("Housekeeping", () => {
  it("runs a job when it is due by the injected clock, and not again before its period has passed", async () => {
    const { housekeeping, runs, advance } = setUp(3_600_000);
    housekeeping.tick();
    expect(runs).toHaveLength(1);
    runs[0]?.();
    await housekeeping.settled();
    advance(3_599_999);
    housekeeping.tick();
    expect(runs).toHaveLength(1);
    advance(1);
    housekeeping.tick();
    expect(runs).toHaveLength(2);
  });

  it("never starts a job while its previous run is still going, even when it is due at every tick", async () => {
    const { housekeeping, runs } = setUp(0);
    housekeeping.tick();
    housekeeping.tick();
    expect(runs).toHaveLength(1);
    runs[0]?.();
    await housekeeping.settled();
    housekeeping.tick();
    expect(runs).toHaveLength(2);
  });

  it("keeps running the other jobs after one fails, and runs the failed one again when it is next due", async () => {
    let failing = 0;
    let other = 0;
    const housekeeping = new Housekeeping(
      [
        { name: "failing", everyMs: 0, run: () => (failing++, Promise.reject(new Error("store unreachable"))) },
        { name: "other", everyMs: 0, run: async () => void other++ },
      ],
      () => new Date(),
    );
    housekeeping.tick();
    await housekeeping.settled();
    housekeeping.tick();
    await housekeeping.settled();
    expect({ failing, other }).toEqual({ failing: 2, other: 2 });
  });
});
