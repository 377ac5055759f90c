import { describe, expect, it, vi } from "vitest";

import { TolkError, isDatabaseUnavailable, isTolkError, retryWhileConnectionLost } from "../src";

describe("isTolkError", () => {
  it("knows a TolkError made by another copy of the module (Next.js bundles the domain into several chunks)", async () => {
    // A second copy of errors.ts, as a server chunk other than the caller's has it.
    vi.resetModules();
    const copy = await import("../src/errors");
    const foreign = new copy.TolkError(503, "service_unavailable", "api_error", "Redis did not answer.");
    expect(foreign).not.toBeInstanceOf(TolkError);
    expect(isTolkError(foreign)).toBe(true);
    expect(isTolkError(new Error("plain"))).toBe(false);
    expect(isTolkError({ status: 503 })).toBe(false);
  });
});

describe("retryWhileConnectionLost", () => {
  const lost = () => Object.assign(new Error("terminating connection due to administrator command"), { code: "57P01" });

  it("repeats through lost connections until the work is done", async () => {
    let calls = 0;
    const result = await retryWhileConnectionLost(async () => {
      calls++;
      if (calls < 4) throw lost();
      return "debited";
    });
    expect(result).toBe("debited");
    expect(calls).toBe(4);
  });

  it("gives up when its time is out, with the last loss; any other error at once", async () => {
    let calls = 0;
    const err = await retryWhileConnectionLost(async () => {
      calls++;
      throw lost();
    }, 100).catch((e: unknown) => e);
    expect(isDatabaseUnavailable(err)).toBe(true);
    expect(calls).toBeGreaterThan(1);

    let other = 0;
    await expect(
      retryWhileConnectionLost(async () => {
        other++;
        throw new Error("syntax error");
      }),
    ).rejects.toThrow("syntax error");
    expect(other).toBe(1);
  });
});
