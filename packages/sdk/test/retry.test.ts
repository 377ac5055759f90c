import { describe, expect, it, vi } from "vitest";

import { DEFAULT_RETRY_POLICY } from "../src";
import { isRetryableStatus, retryDelayMs, serverWaitSeconds } from "../src/retry";
import { randomUUID } from "../src/uuid";

describe("retry policy", () => {
  it("backs off exponentially up to the cap, jittered down by at most a quarter", () => {
    for (const random of [0, 0.5, 0.999]) {
      for (const retry of [0, 1, 2, 3, 4, 5, 10]) {
        const delay = retryDelayMs(retry, null, DEFAULT_RETRY_POLICY, () => random);
        const full = Math.min(8_000, 500 * 2 ** retry);
        expect(delay).toBeLessThanOrEqual(full);
        expect(delay).toBeGreaterThanOrEqual(full * 0.75);
      }
    }
  });

  it("never waits less than the server asked, and at most a tenth more", () => {
    for (const random of [0, 0.5, 0.999]) {
      const delay = retryDelayMs(0, 2, DEFAULT_RETRY_POLICY, () => random);
      expect(delay).toBeGreaterThanOrEqual(2_000);
      expect(delay).toBeLessThanOrEqual(2_200);
    }
  });

  it("reads Retry-After in seconds or as an HTTP date, and X-RateLimit-Reset on a 429 only", () => {
    const now = Date.parse("2026-01-01T00:00:00Z");
    expect(serverWaitSeconds(429, new Headers({ "Retry-After": "7", "X-RateLimit-Reset": "30" }))).toBe(7);
    expect(serverWaitSeconds(503, new Headers({ "Retry-After": "Thu, 01 Jan 2026 00:00:05 GMT" }), now)).toBe(5);
    expect(serverWaitSeconds(429, new Headers({ "X-RateLimit-Reset": "12" }))).toBe(12);
    expect(serverWaitSeconds(503, new Headers({ "X-RateLimit-Reset": "12" }))).toBeNull();
    expect(serverWaitSeconds(429, new Headers({ "Retry-After": "soon" }))).toBeNull();
  });

  it("retries the rate limit, server failures and an idempotency conflict, nothing else", () => {
    expect([408, 429, 500, 502, 503, 504].every((s) => isRetryableStatus(s, null))).toBe(true);
    expect(isRetryableStatus(409, "idempotency_conflict")).toBe(true);
    expect([400, 401, 402, 403, 404, 405, 413, 422].some((s) => isRetryableStatus(s, null))).toBe(false);
  });
});

describe("randomUUID", () => {
  it("makes v4 UUIDs without crypto.randomUUID (a browser page on plain http)", () => {
    const real = globalThis.crypto;
    vi.stubGlobal("crypto", { getRandomValues: (array: Uint8Array) => real.getRandomValues(array) });
    try {
      const ids = new Set(Array.from({ length: 50 }, () => randomUUID()));
      expect(ids.size).toBe(50);
      for (const id of ids) expect(id).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
    } finally {
      vi.unstubAllGlobals();
    }
  });
});
