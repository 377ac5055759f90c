import { type SegmentResult } from "@tolk/engines";
import { describe, expect, it } from "vitest";

import { type SegmentCacheKey, SegmentCache } from "../src/translation/segment-cache";

const keys = (segments: readonly string[], engine = "apertium", pair = "en-es"): SegmentCacheKey[] =>
  segments.map((segment) => ({ engine, pair, segment }));

/** A fake engine that records its calls and answers when told to. */
function engine() {
  const calls: string[][] = [];
  const pending: { resolve: () => void; reject: (error: Error) => void }[] = [];
  let manual = false;
  const translate = (missing: SegmentCacheKey[]): Promise<SegmentResult[]> => {
    calls.push(missing.map((key) => key.segment));
    const results = missing.map((key) => ({
      text: `${key.pair}:${key.segment.toUpperCase()}`,
      unknownWords: 0,
      words: 1,
    }));
    if (!manual) return Promise.resolve(results);
    return new Promise((resolve, reject) => pending.push({ resolve: () => resolve(results), reject }));
  };
  return {
    calls,
    translate,
    hold: () => {
      manual = true;
    },
    release: () => pending.splice(0).forEach((p) => p.resolve()),
    fail: (error: Error) => pending.splice(0).forEach((p) => p.reject(error)),
  };
}

const texts = (results: readonly { text: string }[]) => results.map((r) => r.text);

describe("SegmentCache", () => {
  it("translates a repeated string once, and answers the next request from the cache", async () => {
    const cache = new SegmentCache();
    const fake = engine();
    const first = await cache.getOrTranslate(keys(["hello", "bye", "hello", "hello"]), fake.translate);
    expect(texts(first)).toEqual(["en-es:HELLO", "en-es:BYE", "en-es:HELLO", "en-es:HELLO"]);
    expect(fake.calls).toEqual([["hello", "bye"]]);

    const second = await cache.getOrTranslate(keys(["bye", "new", "hello"]), fake.translate);
    expect(texts(second)).toEqual(["en-es:BYE", "en-es:NEW", "en-es:HELLO"]);
    expect(fake.calls).toEqual([["hello", "bye"], ["new"]]);
    expect(cache.stats).toMatchObject({ hits: 2, repeated: 2, misses: 3, joined: 0, entries: 3 });
  });

  it("makes no engine call at all when everything is cached", async () => {
    const cache = new SegmentCache();
    const fake = engine();
    await cache.getOrTranslate(keys(["a", "b"]), fake.translate);
    await cache.getOrTranslate(keys(["b", "a", "b"]), fake.translate);
    expect(fake.calls).toHaveLength(1);
  });

  it("with store: false answers from the cache and joins calls in flight, but keeps nothing new", async () => {
    const cache = new SegmentCache();
    const fake = engine();
    await cache.getOrTranslate(keys(["known"]), fake.translate);
    fake.hold();
    const text = cache.getOrTranslate(keys(["shared"]), fake.translate);
    const document = cache.getOrTranslate(keys(["known", "shared", "once", "once"]), fake.translate, { store: false });
    await Promise.resolve();
    fake.release();
    expect(texts(await document)).toEqual(["en-es:KNOWN", "en-es:SHARED", "en-es:ONCE", "en-es:ONCE"]);
    await text;
    expect(fake.calls).toEqual([["known"], ["shared"], ["once"]]);
    expect(cache.stats).toMatchObject({ entries: 2 }); // "known" and the text request's "shared"
    const again = cache.getOrTranslate(keys(["once"]), fake.translate);
    fake.release();
    await again;
    expect(fake.calls).toHaveLength(4); // "once" was not kept
  });

  it("keys by engine and pair as well as by text", async () => {
    const cache = new SegmentCache();
    const fake = engine();
    await cache.getOrTranslate(keys(["hello"], "apertium", "en-es"), fake.translate);
    const other = await cache.getOrTranslate(keys(["hello"], "apertium", "en-ca"), fake.translate);
    await cache.getOrTranslate(keys(["hello"], "llm", "en-es"), fake.translate);
    expect(texts(other)).toEqual(["en-ca:HELLO"]);
    expect(fake.calls).toEqual([["hello"], ["hello"], ["hello"]]);
  });

  it("sends a segment asked for by 20 concurrent requests to the engine exactly once", async () => {
    const cache = new SegmentCache();
    const fake = engine();
    fake.hold();
    const requests = Array.from({ length: 20 }, (_, i) =>
      cache.getOrTranslate(keys(["shared", `own ${i}`, "shared"]), fake.translate),
    );
    await Promise.resolve();
    fake.release();
    const results = await Promise.all(requests);
    expect(fake.calls.flat().filter((s) => s === "shared")).toHaveLength(1);
    expect(fake.calls.flat()).toHaveLength(21);
    results.forEach((result, i) => expect(texts(result)).toEqual(["en-es:SHARED", `en-es:OWN ${i}`, "en-es:SHARED"]));
    expect(cache.stats).toMatchObject({ misses: 21, joined: 19, repeated: 20, hits: 0 });
  });

  it("does not cache a failure: waiting requests get the error, the next request retries", async () => {
    const cache = new SegmentCache();
    const fake = engine();
    fake.hold();
    const owner = cache.getOrTranslate(keys(["x", "y"]), fake.translate);
    const waiter = cache.getOrTranslate(keys(["y"]), fake.translate);
    const boom = new Error("apertium crashed");
    fake.fail(boom);
    await expect(owner).rejects.toBe(boom);
    await expect(waiter).rejects.toBe(boom);
    expect(cache.stats.entries).toBe(0);

    const fresh = engine();
    expect(texts(await cache.getOrTranslate(keys(["y", "x"]), fresh.translate))).toEqual(["en-es:Y", "en-es:X"]);
    expect(fresh.calls).toEqual([["y", "x"]]);
  });

  it("refuses a translator that returns the wrong number of results, and caches nothing", async () => {
    const cache = new SegmentCache<{ text: string }>();
    await expect(cache.getOrTranslate(keys(["a", "b"]), () => Promise.resolve([{ text: "A" }]))).rejects.toThrow(
      /1 results for 2/,
    );
    await expect(
      cache.getOrTranslate(keys(["a"]), () => {
        throw new Error("sync failure");
      }),
    ).rejects.toThrow("sync failure");
    expect(cache.stats.entries).toBe(0);
  });

  it("evicts the least recently used entry beyond maxEntries", async () => {
    const cache = new SegmentCache({ maxEntries: 2 });
    const fake = engine();
    await cache.getOrTranslate(keys(["a", "b"]), fake.translate);
    await cache.getOrTranslate(keys(["a"]), fake.translate); // a is now the most recent
    await cache.getOrTranslate(keys(["c"]), fake.translate); // evicts b
    expect(cache.stats.entries).toBe(2);
    await cache.getOrTranslate(keys(["a", "c"]), fake.translate);
    expect(fake.calls).toEqual([["a", "b"], ["c"]]);
    await cache.getOrTranslate(keys(["b"]), fake.translate);
    expect(fake.calls).toEqual([["a", "b"], ["c"], ["b"]]);
  });

  it("bounds the characters kept, source plus translation, and skips entries larger than the bound", async () => {
    const cache = new SegmentCache<{ text: string }>({ maxChars: 20 });
    const echo = (missing: SegmentCacheKey[]) => Promise.resolve(missing.map((key) => ({ text: key.segment })));
    await cache.getOrTranslate(keys(["aaaa", "bbbb"]), echo); // 8 + 8
    expect(cache.stats).toMatchObject({ entries: 2, chars: 16 });
    await cache.getOrTranslate(keys(["cccc"]), echo); // 24 > 20: a goes
    expect(cache.stats).toMatchObject({ entries: 2, chars: 16 });
    const huge = "z".repeat(15);
    expect(texts(await cache.getOrTranslate(keys([huge]), echo))).toEqual([huge]);
    expect(cache.stats).toMatchObject({ entries: 2, chars: 16 });
    let calls = 0;
    await cache.getOrTranslate(keys(["bbbb", "cccc", "aaaa"]), (missing) => {
      calls++;
      expect(missing.map((key) => key.segment)).toEqual(["aaaa"]);
      return echo(missing);
    });
    expect(calls).toBe(1);
  });

  it("counts for benchmarks, and resets", async () => {
    const cache = new SegmentCache();
    const fake = engine();
    await cache.getOrTranslate(keys(["a", "a"]), fake.translate);
    await cache.getOrTranslate(keys(["a"]), fake.translate);
    expect(cache.stats).toMatchObject({ hits: 1, repeated: 1, misses: 1 });
    cache.resetStats();
    expect(cache.stats).toMatchObject({ hits: 0, repeated: 0, misses: 0, entries: 1 });
    cache.clear();
    expect(cache.stats).toMatchObject({ entries: 0, chars: 0 });
  });
});
