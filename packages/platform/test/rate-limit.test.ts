import { randomUUID } from "node:crypto";
import { type AddressInfo, type Socket, connect, createServer } from "node:net";

import { describe, expect, it, vi } from "vitest";

import {
  type Principal,
  type RateLimitStore,
  RateLimiter,
  TolkError,
  WINDOW_SECONDS,
  assertAllowed,
} from "@tolk/domain";
import { MemoryRateLimitStore, RedisRateLimitStore } from "../src";

const REDIS_URL = process.env.TOLK_TEST_REDIS_URL;

/** A clock for the memory store, in milliseconds, starting 10 s into a window. */
function fakeClock(startMs = 1_800_000_000_000 + 10_000) {
  let now = startMs;
  return { now: () => now, advance: (ms: number) => (now += ms), set: (ms: number) => (now = ms) };
}

function principal(org: Partial<Principal["org"]> = {}): Principal {
  return {
    source: "api_key",
    userId: "usr_test",
    org: {
      id: `org_${randomUUID()}`,
      plan: "free",
      planOverrides: {},
      billingAnchor: new Date(),
      defaultSourceLang: null,
      ownEnginesVersion: null,
      ...org,
    },
    scopes: ["translate", "read", "write"],
    keyId: "key_test",
  };
}

describe("MemoryRateLimitStore", () => {
  it("admits exactly `limit` per window, then denies with remaining 0 and a reset of 1..60 s", async () => {
    const clock = fakeClock();
    const store = new MemoryRateLimitStore(clock.now);
    const counter = [{ key: "org:x:api", limit: 5 }];
    for (let i = 1; i <= 5; i++) {
      const r = await store.consume(counter, 60);
      expect(r.allowed).toBe(true);
      expect(r.counters[0]?.count).toBe(i);
    }
    for (let i = 0; i < 3; i++) {
      const r = await store.consume(counter, 60);
      expect(r.allowed).toBe(false);
      expect(r.counters[0]?.count).toBe(5);
      expect(r.resetSeconds).toBe(50);
    }
  });

  it("reports reset between 1 and 60 at every point of a window", async () => {
    const clock = fakeClock(1_800_000_000_000);
    const store = new MemoryRateLimitStore(clock.now);
    for (let ms = 0; ms < 60_000; ms += 777) {
      clock.set(1_800_000_000_000 + ms);
      const r = await store.consume([{ key: `k${ms}`, limit: 1 }], 60);
      expect(r.resetSeconds).toBeGreaterThanOrEqual(1);
      expect(r.resetSeconds).toBeLessThanOrEqual(60);
    }
  });

  it("a denied request increments nothing: with api exhausted, the translate counter does not move", async () => {
    const store = new MemoryRateLimitStore(fakeClock().now);
    const api = { key: "org:y:api", limit: 2 };
    const translate = { key: "org:y:translate", limit: 5 };
    expect((await store.consume([translate, api], 60)).allowed).toBe(true);
    expect((await store.consume([translate, api], 60)).allowed).toBe(true);
    for (let i = 0; i < 4; i++) {
      const denied = await store.consume([translate, api], 60);
      expect(denied.allowed).toBe(false);
      expect(denied.counters.map((c) => c.count)).toEqual([2, 2]);
    }
    // translate alone still has 3 left: the 4 denials took none of them.
    const results = [];
    for (let i = 0; i < 4; i++) results.push((await store.consume([translate], 60)).allowed);
    expect(results).toEqual([true, true, true, false]);
  });

  it("starts from zero in the next window", async () => {
    const clock = fakeClock();
    const store = new MemoryRateLimitStore(clock.now);
    const counter = [{ key: "org:z:api", limit: 2 }];
    await store.consume(counter, 60);
    await store.consume(counter, 60);
    expect((await store.consume(counter, 60)).allowed).toBe(false);
    clock.advance(49_999);
    expect((await store.consume(counter, 60)).allowed).toBe(false);
    clock.advance(1);
    const r = await store.consume(counter, 60);
    expect(r.allowed).toBe(true);
    expect(r.counters[0]?.count).toBe(1);
    expect(r.resetSeconds).toBe(60);
  });
});

describe("RateLimiter", () => {
  it("applies the free plan: 10 translations and 30 requests per minute", async () => {
    const limiter = new RateLimiter(new MemoryRateLimitStore(fakeClock().now), 10);
    const p = principal({ plan: "free" });
    const first = await limiter.consume(p, ["translate"]);
    // The tighter bucket is reported: translate has 9 left, api 29.
    expect(first).toMatchObject({ allowed: true, limit: 10, remaining: 9, violated: null });
    for (let i = 2; i <= 10; i++) expect((await limiter.consume(p, ["translate"])).allowed).toBe(true);

    const denied = await limiter.consume(p, ["translate"]);
    expect(denied).toMatchObject({ allowed: false, violated: "translate", limit: 10, remaining: 0 });
    expect(() => assertAllowed(denied)).toThrow(TolkError);

    // Other requests still have 20 of the api budget: the denied translations took none.
    for (let i = 11; i <= 30; i++) {
      const d = await limiter.consume(p, []);
      expect(d.allowed, `request ${i}`).toBe(true);
      expect(d).toMatchObject({ limit: 30, remaining: 30 - i });
    }
    const apiDenied = await limiter.consume(p, ["analyze"]);
    expect(apiDenied).toMatchObject({ allowed: false, violated: "api", limit: 30, remaining: 0 });
  });

  it("turns a denial into 429 rate_limit_exceeded with Retry-After", async () => {
    const limiter = new RateLimiter(new MemoryRateLimitStore(fakeClock().now), 10);
    const p = principal({ plan: "enterprise", planOverrides: { segment_per_min: 1 } });
    assertAllowed(await limiter.consume(p, ["segment"]));
    const denied = await limiter.consume(p, ["segment"]);
    let caught: unknown;
    try {
      assertAllowed(denied);
    } catch (err) {
      caught = err;
    }
    expect(caught).toBeInstanceOf(TolkError);
    const err = caught as TolkError;
    expect(err.status).toBe(429);
    expect(err.code).toBe("rate_limit_exceeded");
    expect(err.type).toBe("rate_limit_error");
    expect(err.extra.headers?.["Retry-After"]).toBe("50");
    expect(err.message).toContain("segment");
  });

  it("uses enterprise overrides, and each organization has its own counters", async () => {
    const limiter = new RateLimiter(new MemoryRateLimitStore(fakeClock().now), 10);
    const custom = principal({ plan: "enterprise", planOverrides: { translate_per_min: 3, api_per_min: 5 } });
    const results = [];
    for (let i = 0; i < 4; i++) results.push((await limiter.consume(custom, ["translate"])).allowed);
    expect(results).toEqual([true, true, true, false]);

    const defaults = principal({ plan: "enterprise" });
    const d = await limiter.consume(defaults, ["translate"]);
    expect(d).toMatchObject({ allowed: true, limit: 1_000, remaining: 999 });
    const starter = await limiter.consume(principal({ plan: "starter" }), ["segment"]);
    expect(starter).toMatchObject({ limit: 30, remaining: 29 });
    // Overrides on a non-enterprise plan are ignored.
    const pro = await limiter.consume(principal({ plan: "professional", planOverrides: { analyze_per_min: 1 } }), [
      "analyze",
    ]);
    expect(pro).toMatchObject({ limit: 100, remaining: 99 });
  });

  it("limits unauthenticated callers per address", async () => {
    const limiter = new RateLimiter(new MemoryRateLimitStore(fakeClock().now), 3);
    const results = [];
    for (let i = 0; i < 4; i++) results.push((await limiter.consumeAnonymous("203.0.113.7")).allowed);
    expect(results).toEqual([true, true, true, false]);
    expect((await limiter.consumeAnonymous("203.0.113.8")).allowed).toBe(true);
  });
});

describe.skipIf(!REDIS_URL)("RedisRateLimitStore (TOLK_TEST_REDIS_URL)", () => {
  const url = REDIS_URL ?? "";

  /** Waits for a fresh window when the current one ends within `margin` seconds. */
  async function awayFromWindowEdge(store: RateLimitStore, margin = 3) {
    const probe = await store.consume([{ key: `probe:${randomUUID()}`, limit: 1 }], WINDOW_SECONDS);
    if (probe.resetSeconds < margin) await new Promise((r) => setTimeout(r, probe.resetSeconds * 1000 + 200));
  }

  it("two instances hammered concurrently admit exactly the limit in total", async () => {
    const fallbacks = vi.fn();
    const probe = new RedisRateLimitStore(url);
    const a = new RedisRateLimitStore(url, fallbacks);
    const b = new RedisRateLimitStore(url, fallbacks);
    try {
      // Two fresh instances: their very first requests count too.
      await awayFromWindowEdge(probe);
      const counters = [{ key: `org:${randomUUID()}:api`, limit: 50 }];
      const results = await Promise.all(
        Array.from({ length: 200 }, (_, i) => (i % 2 === 0 ? a : b).consume(counters, WINDOW_SECONDS)),
      );
      expect(results.filter((r) => r.allowed)).toHaveLength(50);
      // Each admitted request saw a distinct count 1..50.
      expect(new Set(results.filter((r) => r.allowed).map((r) => r.counters[0]?.count)).size).toBe(50);
      for (const r of results.filter((x) => !x.allowed)) {
        expect(r.resetSeconds).toBeGreaterThanOrEqual(1);
        expect(r.resetSeconds).toBeLessThanOrEqual(60);
      }
      expect(fallbacks).not.toHaveBeenCalled();
    } finally {
      await probe.close();
      await a.close();
      await b.close();
    }
  });

  it("two RateLimiters on Redis share the free plan's 30 requests per minute", async () => {
    const probe = new RedisRateLimitStore(url);
    const a = new RateLimiter(new RedisRateLimitStore(url), 10);
    const b = new RateLimiter(new RedisRateLimitStore(url), 10);
    try {
      await awayFromWindowEdge(probe);
      const p = principal({ plan: "free" });
      const results = await Promise.all(Array.from({ length: 90 }, (_, i) => (i % 2 ? a : b).consume(p, [])));
      expect(results.filter((r) => r.allowed)).toHaveLength(30);
      expect(results.filter((r) => !r.allowed).every((r) => r.violated === "api" && r.remaining === 0)).toBe(true);
    } finally {
      await probe.close();
      await a.close();
      await b.close();
    }
  });

  it("is all-or-nothing across counters: with api exhausted, translate does not move", async () => {
    const store = new RedisRateLimitStore(url);
    try {
      await awayFromWindowEdge(store);
      const id = randomUUID();
      const api = { key: `org:${id}:api`, limit: 2 };
      const translate = { key: `org:${id}:translate`, limit: 5 };
      await store.consume([translate, api], 60);
      await store.consume([translate, api], 60);
      for (let i = 0; i < 3; i++) expect((await store.consume([translate, api], 60)).allowed).toBe(false);
      const alone = await store.consume([translate], 60);
      expect(alone.allowed).toBe(true);
      expect(alone.counters[0]?.count).toBe(3);
    } finally {
      await store.close();
    }
  });

  it("decides a new instance's very first request on Redis, not in its in-memory fallback", async () => {
    const probe = new RedisRateLimitStore(url);
    const fallbacks = vi.fn();
    let a: RedisRateLimitStore | undefined;
    let b: RedisRateLimitStore | undefined;
    try {
      await awayFromWindowEdge(probe);
      a = new RedisRateLimitStore(url, fallbacks);
      b = new RedisRateLimitStore(url, fallbacks);
      const counters = [{ key: `org:${randomUUID()}:api`, limit: 1 }];
      const first = await a.consume(counters, WINDOW_SECONDS);
      const second = await b.consume(counters, WINDOW_SECONDS);
      expect(fallbacks).not.toHaveBeenCalled();
      expect(first.allowed).toBe(true);
      // Shared through Redis: the other instance sees the first request and refuses.
      expect(second.allowed).toBe(false);
    } finally {
      await probe.close();
      await a?.close();
      await b?.close();
    }
  });
});

/**
 * A TCP proxy in front of Redis that holds Redis' replies back by `delayMs` (a Redis, or a
 * network, slower than the store's command timeout); the commands themselves reach Redis at once.
 */
async function slowRedisProxy(redisUrl: string) {
  const target = new URL(redisUrl);
  const sockets = new Set<Socket>();
  const proxy = { delayMs: 0, url: "", close: async () => {} };
  const server = createServer((client) => {
    const upstream = connect(Number(target.port || 6379), target.hostname);
    sockets.add(client).add(upstream);
    client.pipe(upstream);
    upstream.on("data", (chunk) => {
      if (proxy.delayMs === 0) client.write(chunk);
      else setTimeout(() => client.writable && client.write(chunk), proxy.delayMs);
    });
    const end = () => {
      client.destroy();
      upstream.destroy();
    };
    client.on("error", end).on("close", end);
    upstream.on("error", end).on("close", end);
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  proxy.url = `redis://127.0.0.1:${(server.address() as AddressInfo).port}`;
  proxy.close = async () => {
    for (const socket of sockets) socket.destroy();
    await new Promise((resolve) => server.close(resolve));
  };
  return proxy;
}

describe.skipIf(!REDIS_URL)("RedisRateLimitStore when Redis is slow (TOLK_TEST_REDIS_URL)", () => {
  it("two instances never admit more than the limit: the one Redis answers too late refuses with 503", async () => {
    const proxy = await slowRedisProxy(REDIS_URL ?? "");
    const outages = vi.fn();
    const slow = new RedisRateLimitStore(proxy.url, outages);
    const fast = new RedisRateLimitStore(REDIS_URL ?? "");
    try {
      const counters = [{ key: `org:${randomUUID()}:translate`, limit: 20 }];
      // Away from a window's edge, so all of this happens in one window.
      const first = await fast.consume([{ key: `probe:${randomUUID()}`, limit: 1 }], WINDOW_SECONDS);
      if (first.resetSeconds < 10) await new Promise((r) => setTimeout(r, first.resetSeconds * 1000 + 200));
      expect((await slow.consume(counters, WINDOW_SECONDS)).allowed).toBe(true);

      proxy.delayMs = 2_000; // longer than the store's command timeout
      const settled = await Promise.allSettled(
        Array.from({ length: 60 }, (_, i) => (i % 2 === 0 ? slow : fast).consume(counters, WINDOW_SECONDS)),
      );
      const admitted = settled.filter((r) => r.status === "fulfilled" && r.value.allowed).length;
      const refusedUnchecked = settled.flatMap((r) => (r.status === "rejected" ? [r.reason as unknown] : []));
      // The slow instance's commands still counted in Redis; it admitted none of them itself.
      expect(1 + admitted).toBeLessThanOrEqual(20);
      expect(refusedUnchecked.length).toBeGreaterThan(0);
      for (const err of refusedUnchecked) {
        expect(err).toBeInstanceOf(TolkError);
        expect((err as TolkError).status).toBe(503);
        expect((err as TolkError).extra.headers?.["Retry-After"]).toBe("1");
      }
      expect(outages).toHaveBeenCalledTimes(1);

      // Redis answers in time again: the instance counts in Redis again, with what the others took.
      proxy.delayMs = 0;
      await new Promise((r) => setTimeout(r, 2_500)); // the late replies drain
      const after = await slow.consume(counters, WINDOW_SECONDS);
      expect(after.allowed).toBe(false);
      expect(after.counters[0]?.count).toBe(20);
    } finally {
      await slow.close();
      await fast.close();
      await proxy.close();
    }
  });
});

describe("RedisRateLimitStore when Redis is unreachable", () => {
  it("fails closed: every request is refused with 503 + Retry-After, and the outage is reported once", async () => {
    const onOutage = vi.fn();
    const store = new RedisRateLimitStore("redis://127.0.0.1:1", onOutage);
    try {
      const counters = [{ key: `org:${randomUUID()}:api`, limit: 3 }];
      for (let i = 0; i < 3; i++) {
        const err = await store.consume(counters, 60).then(
          () => null,
          (e: unknown) => e,
        );
        expect(err).toBeInstanceOf(TolkError);
        expect((err as TolkError).status).toBe(503);
      }
      expect(onOutage).toHaveBeenCalledTimes(1);
    } finally {
      await store.close();
    }
  });
});
