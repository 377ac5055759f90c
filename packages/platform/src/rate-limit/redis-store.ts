import { Redis } from "ioredis";

import { type ConsumeResult, type LimitCounter, type RateLimitStore, rateLimiterUnavailable } from "@tolk/domain";

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
 * Counters shared by every instance through Redis. Outage policy: rate limits fail closed.
 * While Redis does not answer (unreachable, or slower than the command timeout), a request is
 * refused with 503 and Retry-After before any work, so the instances together never admit
 * more than a limit in a window. Counting in each instance's memory instead would let N
 * instances admit up to N limits, and any local share would overlap with what the others
 * still count in Redis (a timed-out command may have counted, too). Credits never depend on
 * Redis: they live in the database. docs/configuration.md#several-instances.
 */
export class RedisRateLimitStore implements RateLimitStore {
  private readonly redis: Redis;
  private warned = false;
  /**
   * Settles once the first connection attempt is over (ready, failed, or 1 s passed). Without
   * the offline queue a command sent before that is refused, so an instance's first requests
   * would be counted in its own memory and several fresh instances would over-admit.
   */
  private readonly firstConnection: Promise<void>;

  constructor(
    url: string,
    /** Told once per outage, with the error that began it. */
    private readonly onOutage: (err: unknown) => void = () => {},
  ) {
    this.redis = new Redis(url, {
      enableOfflineQueue: false,
      maxRetriesPerRequest: 1,
      // Refusing is the answer to a timeout (limits fail closed), so it allows for a busy
      // instance's event loop, which can hold a prompt reply back for a while.
      commandTimeout: 1_500,
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
      const reply = await run.call(
        this.redis,
        counters.length,
        ...counters.map((c) => `rl:${c.key}`),
        windowSeconds,
        ...counters.map((c) => c.limit),
      );
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
        this.onOutage(err);
      }
      throw rateLimiterUnavailable();
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
