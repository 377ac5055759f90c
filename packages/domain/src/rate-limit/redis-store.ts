import { Redis } from "ioredis";

import { MemoryRateLimitStore } from "./memory-store";
import { type ConsumeResult, type LimitCounter, type RateLimitStore } from "./store";

// Check every counter, then increment all or none, in one atomic script. The window comes
// from Redis' own clock so instances with skewed clocks still share one window.
const CONSUME_SCRIPT = `
local t = redis.call('TIME')
local now = tonumber(t[1]) + tonumber(t[2]) / 1000000
local window = tonumber(ARGV[1])
local w = math.floor(now / window)
local reset = math.ceil((w + 1) * window - now)
if reset < 1 then reset = 1 end
local counts = {}
local allowed = 1
for i, k in ipairs(KEYS) do
  local c = tonumber(redis.call('GET', k .. ':' .. w) or '0')
  counts[i] = c
  if c + 1 > tonumber(ARGV[i + 1]) then allowed = 0 end
end
if allowed == 1 then
  for i, k in ipairs(KEYS) do
    counts[i] = redis.call('INCR', k .. ':' .. w)
    redis.call('EXPIRE', k .. ':' .. w, window * 2)
  end
end
local out = { allowed, reset }
for i = 1, #counts do out[#out + 1] = counts[i] end
return out
`;

/**
 * Counters shared by every instance through Redis. Outage policy (written down, as it should
 * be): rate limits fail open to this instance's in-memory counters while Redis is unreachable,
 * so an outage neither stops the service nor removes limits entirely. Credits never fail open:
 * they live in the database.
 */
export class RedisRateLimitStore implements RateLimitStore {
  private readonly redis: Redis;
  private readonly fallback = new MemoryRateLimitStore();
  private warned = false;
  /**
   * Settles once the first connection attempt is over (ready, failed, or 1 s passed). Without
   * the offline queue a command sent before that is refused, so an instance's first requests
   * would be counted in its own memory and several fresh instances would over-admit.
   */
  private readonly firstConnection: Promise<void>;

  constructor(
    url: string,
    private readonly onFallback: (err: unknown) => void = () => {},
  ) {
    this.redis = new Redis(url, {
      enableOfflineQueue: false,
      maxRetriesPerRequest: 1,
      commandTimeout: 500,
      lazyConnect: false,
    });
    this.redis.on("error", () => {
      // Reported once per outage by consume(); ioredis reconnects by itself.
    });
    this.redis.defineCommand("tolkConsume", { lua: CONSUME_SCRIPT });
    this.firstConnection = new Promise<void>((resolve) => {
      const timer = setTimeout(resolve, 1_000);
      timer.unref();
      const settle = () => {
        clearTimeout(timer);
        resolve();
      };
      this.redis.once("ready", settle);
      this.redis.once("error", settle);
      this.redis.once("end", settle);
    });
  }

  async consume(counters: readonly LimitCounter[], windowSeconds: number): Promise<ConsumeResult> {
    await this.firstConnection;
    try {
      const run = (this.redis as unknown as Record<string, (...args: unknown[]) => Promise<number[]>>).tolkConsume;
      if (!run) throw new Error("script not defined");
      const reply = await run.call(this.redis, counters.length, ...counters.map((c) => `rl:${c.key}`), windowSeconds, ...counters.map((c) => c.limit));
      this.warned = false;
      const [allowed, reset, ...counts] = reply;
      return {
        allowed: allowed === 1,
        resetSeconds: Number(reset),
        counters: counters.map((c, i) => ({ ...c, count: Number(counts[i] ?? 0) })),
      };
    } catch (err) {
      if (!this.warned) {
        this.warned = true;
        this.onFallback(err);
      }
      return this.fallback.consumeSync(counters, windowSeconds);
    }
  }

  async ping(): Promise<boolean> {
    await this.firstConnection;
    return (await this.redis.ping().catch(() => null)) === "PONG";
  }

  async close(): Promise<void> {
    this.redis.disconnect();
  }
}
