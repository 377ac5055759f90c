/**
 * When a failed attempt is tried again, and after how long. Pure functions: the transport
 * decides, these compute.
 */

export interface RetryPolicy {
  /** Retries after the first attempt (default 3). */
  maxRetries: number;
  /** First backoff wait; each retry doubles it (default 500 ms). */
  initialRetryDelayMs: number;
  /** Longest computed backoff wait (default 8 s). */
  maxRetryDelayMs: number;
  /**
   * Longest wait the server may ask for (`Retry-After`, `X-RateLimit-Reset`) that the client
   * still sits out (default 60 s); a longer one fails at once with the wait in the error.
   */
  maxServerWaitMs: number;
}

export const DEFAULT_RETRY_POLICY: RetryPolicy = {
  maxRetries: 3,
  initialRetryDelayMs: 500,
  maxRetryDelayMs: 8_000,
  maxServerWaitMs: 60_000,
};

/**
 * Statuses worth another attempt: the rate limit, server failures, a proxy's 408, and 409
 * `idempotency_conflict` (an earlier attempt of the same request, cut off by a timeout or a
 * dropped connection, still runs: once it ends, the retry gets its stored answer).
 */
export function isRetryableStatus(status: number, code: string | null): boolean {
  return status === 429 || status === 408 || status >= 500 || (status === 409 && code === "idempotency_conflict");
}

/**
 * Seconds the server asks the client to wait: `Retry-After` (seconds or an HTTP date), else, on
 * a 429, `X-RateLimit-Reset` (seconds until the window resets). Null when it says nothing usable.
 */
export function serverWaitSeconds(status: number, headers: Headers, now: number = Date.now()): number | null {
  const retryAfter = headers.get("retry-after");
  if (retryAfter !== null && retryAfter.trim() !== "") {
    const seconds = Number(retryAfter);
    if (Number.isFinite(seconds) && seconds >= 0) return seconds;
    const date = Date.parse(retryAfter);
    if (!Number.isNaN(date)) return Math.max(0, (date - now) / 1000);
  }
  if (status === 429) {
    const reset = Number(headers.get("x-ratelimit-reset") ?? Number.NaN);
    if (Number.isFinite(reset) && reset >= 0) return reset;
  }
  return null;
}

/**
 * The wait before retry number `retry` (0-based): what the server asked for, with up to 10 %
 * added so that clients refused together do not all come back in the same instant; else
 * exponential backoff, jittered down by up to a quarter for the same reason.
 */
export function retryDelayMs(
  retry: number,
  serverWait: number | null,
  policy: RetryPolicy,
  random: () => number = Math.random,
): number {
  if (serverWait !== null) return Math.round(serverWait * 1000 * (1 + 0.1 * random()));
  const exponential = Math.min(policy.maxRetryDelayMs, policy.initialRetryDelayMs * 2 ** retry);
  return Math.round(exponential * (1 - 0.25 * random()));
}
