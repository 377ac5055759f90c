import { effectiveLimits } from "../plans";
import { type Principal } from "../auth/principal";
import { rateLimited } from "../errors";
import { metrics } from "../ports/metrics";
import { type ConsumeResult, type RateLimitStore } from "../ports/rate-limit-store";

/**
 * The buckets (docs/architecture.md, decisions): `translate` = POST /v1/translate; `segment` = batch and document
 * translation; `analyze` = analysis; `api` = every request. Fixed 60 s windows per organization.
 */
export type Bucket = "translate" | "segment" | "analyze" | "api";
export const WINDOW_SECONDS = 60;

export interface RateLimitHeaders {
  limit: number;
  remaining: number;
  resetSeconds: number;
}

export interface RateLimitDecision extends RateLimitHeaders {
  allowed: boolean;
  /** The bucket that refused the request, when one did. */
  violated: string | null;
}

function decide(result: ConsumeResult): RateLimitDecision {
  const states = result.counters.map((c) => ({ ...c, remaining: Math.max(0, c.limit - c.count) }));
  const violated = result.allowed ? undefined : states.find((c) => c.count + 1 > c.limit);
  // Headers report the tighter bucket: the one with the fewest requests left.
  const tight = violated ?? states.reduce((a, b) => (b.remaining < a.remaining ? b : a));
  return {
    allowed: result.allowed,
    violated: violated ? (violated.key.split(":").pop() ?? null) : null,
    limit: tight.limit,
    remaining: result.allowed ? tight.remaining : 0,
    resetSeconds: result.resetSeconds,
  };
}

export class RateLimiter {
  constructor(
    private readonly store: RateLimitStore,
    /** Limit per client address for requests that fail authentication. */
    private readonly anonymousPerMin: number,
    /**
     * Limit per client address for pre-signed links (downloads): the signature is their
     * authorization, and a browser or a script fetching a batch of results makes many of them
     * at once, so they get their own, larger bucket instead of the anonymous one.
     */
    private readonly signedLinkPerMin = anonymousPerMin * 10,
  ) {}

  /** Takes one request from each bucket (the route's own and `api`), all or none. */
  async consume(principal: Principal, buckets: readonly Bucket[]): Promise<RateLimitDecision> {
    const limits = effectiveLimits(principal.org);
    const unique = [...new Set<Bucket>([...buckets, "api"])];
    const result = await this.store.consume(
      unique.map((b) => ({ key: `org:${principal.org.id}:${b}`, limit: limits[`${b}_per_min`] })),
      WINDOW_SECONDS,
    );
    return decide(result);
  }

  async consumeAnonymous(address: string, kind: "anonymous" | "signed_link" = "anonymous"): Promise<RateLimitDecision> {
    const limit = kind === "signed_link" ? this.signedLinkPerMin : this.anonymousPerMin;
    const result = await this.store.consume([{ key: `addr:${address}:${kind}`, limit }], WINDOW_SECONDS);
    return decide(result);
  }

  /** Whether the shared counter store (Redis) answers; null when the counters are in memory. */
  ping(): Promise<boolean | null> {
    return this.store.ping();
  }

  close(): Promise<void> {
    return this.store.close();
  }
}

export function assertAllowed(decision: RateLimitDecision): void {
  if (decision.allowed) return;
  const bucket = decision.violated ?? "api";
  metrics().rateLimitRefused(bucket);
  throw rateLimited(bucket, decision.limit, decision.resetSeconds);
}
