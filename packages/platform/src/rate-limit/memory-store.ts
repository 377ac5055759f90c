import { type ConsumeResult, type LimitCounter, type RateLimitStore } from "@tolk/domain";

/** In-process counters: exact for one instance, the embedded default. */
export class MemoryRateLimitStore implements RateLimitStore {
  private readonly counts = new Map<string, number>();
  private currentWindow = -1;

  constructor(private readonly now: () => number = Date.now) {}

  async consume(counters: readonly LimitCounter[], windowSeconds: number): Promise<ConsumeResult> {
    return this.consumeSync(counters, windowSeconds);
  }

  /** Synchronous on purpose: no await between check and increment, so no interleaving. */
  consumeSync(counters: readonly LimitCounter[], windowSeconds: number): ConsumeResult {
    const nowSec = this.now() / 1000;
    const window = Math.floor(nowSec / windowSeconds);
    if (window !== this.currentWindow) {
      // Old windows are never read again: dropping them keeps memory bounded.
      this.counts.clear();
      this.currentWindow = window;
    }
    const resetSeconds = Math.max(1, Math.ceil((window + 1) * windowSeconds - nowSec));
    const current = counters.map((c) => ({ ...c, count: this.counts.get(c.key) ?? 0 }));
    const allowed = current.every((c) => c.count + 1 <= c.limit);
    if (allowed) {
      for (const c of current) {
        c.count += 1;
        this.counts.set(c.key, c.count);
      }
    }
    return { allowed, counters: current, resetSeconds };
  }

  async ping(): Promise<null> {
    return null;
  }

  async close(): Promise<void> {}
}
