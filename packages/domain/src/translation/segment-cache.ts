import { type SegmentResult } from "@tolk/engines";

import { metrics } from "../ports/metrics";

/** One engine result to look up: which engine, which pair (`pairKey`, "en-es"), which source segment. */
export interface SegmentCacheKey {
  engine: string;
  pair: string;
  segment: string;
}

export interface SegmentCacheOptions {
  /** Most entries kept (default 100,000). */
  maxEntries?: number;
  /** Most characters kept, source plus translation (default 20,000,000, about 40 MB of strings). */
  maxChars?: number;
}

export interface SegmentCacheStats {
  /** Lookups answered by a stored entry. */
  hits: number;
  /** Lookups answered by another request's engine call still in flight. */
  joined: number;
  /** Lookups answered by an earlier position of the same request (a repeated segment). */
  repeated: number;
  /** Segments sent to an engine. */
  misses: number;
  entries: number;
  chars: number;
}

interface Entry<V> {
  value: V;
  chars: number;
}

const keyOf = (key: SegmentCacheKey) => `${key.engine}\u0000${key.pair}\u0000${key.segment}`;

/**
 * Engine results by (engine, pair, segment): an LRU bounded in entries and characters, with
 * in-flight de-duplication. Whatever the interleaving, a segment is sent to an engine once while
 * a call for it is pending or its result is stored. A failed call stores nothing: every caller
 * waiting on it gets the error, and the next request tries again.
 *
 * Values are shared between callers: treat them as immutable.
 */
export class SegmentCache<V extends { text: string } = SegmentResult> {
  private readonly entries = new Map<string, Entry<V>>();
  private readonly inflight = new Map<string, Promise<V>>();
  private readonly maxEntries: number;
  private readonly maxChars: number;
  private chars = 0;
  private counters = { hits: 0, joined: 0, repeated: 0, misses: 0 };

  constructor(options: SegmentCacheOptions = {}) {
    this.maxEntries = options.maxEntries ?? 100_000;
    this.maxChars = options.maxChars ?? 20_000_000;
  }

  /**
   * Results for `keys`, in order. `translateMissing` is called at most once, with the keys that
   * are neither stored nor in flight, each once, in first-seen order; it must return one result
   * per key, in that order. Callers mixing engines or pairs in `keys` group them themselves.
   * `store: false` reads and joins like any call but keeps none of its new results: a large
   * document's one-off sentences would otherwise evict what text traffic repeats, and hold the
   * memory of a whole document until they age out.
   */
  async getOrTranslate(
    keys: readonly SegmentCacheKey[],
    translateMissing: (missing: SegmentCacheKey[]) => Promise<readonly V[]>,
    options: { store?: boolean } = {},
  ): Promise<V[]> {
    const ids = keys.map(keyOf);
    const found = new Map<string, V | Promise<V>>();
    const missing: SegmentCacheKey[] = [];
    const settle = new Map<string, { resolve: (value: V) => void; reject: (error: unknown) => void }>();

    const before = { ...this.counters };
    ids.forEach((id, i) => {
      if (found.has(id)) {
        this.counters.repeated++;
        return;
      }
      const entry = this.entries.get(id);
      if (entry) {
        this.entries.delete(id);
        this.entries.set(id, entry);
        this.counters.hits++;
        found.set(id, entry.value);
        return;
      }
      const pending = this.inflight.get(id);
      if (pending) {
        this.counters.joined++;
        found.set(id, pending);
        return;
      }
      const key = keys[i];
      if (!key) return;
      this.counters.misses++;
      missing.push(key);
      const promise = new Promise<V>((resolve, reject) => settle.set(id, { resolve, reject }));
      // Only joined callers await these; the caller that owns the call gets its own rejection.
      promise.catch(() => undefined);
      this.inflight.set(id, promise);
      found.set(id, promise);
    });

    metrics().cacheLookups({
      hit: this.counters.hits - before.hits,
      joined: this.counters.joined - before.joined,
      repeated: this.counters.repeated - before.repeated,
      miss: this.counters.misses - before.misses,
    });

    if (missing.length > 0) {
      const missingIds = missing.map(keyOf);
      try {
        const results = await translateMissing(missing);
        if (results.length !== missing.length || results.some((value) => value === undefined)) {
          throw new Error(`translateMissing returned ${results.length} results for ${missing.length} segments.`);
        }
        missingIds.forEach((id, i) => {
          const value = results[i];
          this.inflight.delete(id);
          if (value === undefined) return;
          if (options.store !== false) this.store(id, missing[i]?.segment.length ?? 0, value);
          found.set(id, value);
          settle.get(id)?.resolve(value);
        });
      } catch (error) {
        for (const id of missingIds) {
          this.inflight.delete(id);
          settle.get(id)?.reject(error);
        }
        throw error;
      }
    }

    const values = new Map<string, V>();
    await Promise.all(
      [...found].map(async ([id, value]) => {
        values.set(id, await value);
      }),
    );
    return ids.map((id) => {
      const value = values.get(id);
      if (value === undefined) throw new Error("SegmentCache: a result went missing.");
      return value;
    });
  }

  get stats(): SegmentCacheStats {
    return { ...this.counters, entries: this.entries.size, chars: this.chars };
  }

  resetStats(): void {
    this.counters = { hits: 0, joined: 0, repeated: 0, misses: 0 };
  }

  clear(): void {
    this.entries.clear();
    this.chars = 0;
  }

  private store(id: string, sourceChars: number, value: V): void {
    const chars = sourceChars + value.text.length;
    if (chars > this.maxChars || this.maxEntries <= 0) return;
    const previous = this.entries.get(id);
    if (previous) {
      this.entries.delete(id);
      this.chars -= previous.chars;
    }
    this.entries.set(id, { value, chars });
    this.chars += chars;
    for (const [oldest, entry] of this.entries) {
      if (this.entries.size <= this.maxEntries && this.chars <= this.maxChars) break;
      this.entries.delete(oldest);
      this.chars -= entry.chars;
    }
  }
}
