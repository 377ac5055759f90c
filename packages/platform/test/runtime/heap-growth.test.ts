import { execFileSync } from "node:child_process";
import { join } from "node:path";

import { describe, expect, it } from "vitest";

import { DEFAULT_HEAP_GROWTH_PERCENT } from "../../src/runtime/heap-growth";

/** Runs heap-churn.ts in a fresh Node process with the given growth percent (0: V8's default). */
function churn(percent: number): { live: number; peak: number } {
  const out = execFileSync(
    process.execPath,
    ["--import", "tsx", join(import.meta.dirname, "heap-churn.ts"), String(percent)],
    {
      cwd: join(import.meta.dirname, "..", ".."),
      encoding: "utf8",
    },
  );
  return JSON.parse(out) as { live: number; peak: number };
}

describe("limitHeapGrowth", () => {
  it("keeps promoted garbage to a fraction of what V8's default lets pile up", () => {
    const v8Default = churn(0);
    const limited = churn(DEFAULT_HEAP_GROWTH_PERCENT);
    const garbage = (r: { live: number; peak: number }) => r.peak - r.live;
    // Measured: V8's default let ~320 MB of garbage sit on a ~75 MB live heap; 10 % held ~62 MB.
    expect(garbage(limited)).toBeLessThan(garbage(v8Default) / 2);
    expect(garbage(limited)).toBeLessThan(limited.live);
  }, 60_000);
});
