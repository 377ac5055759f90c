import { type ErrorCode, type ErrorType } from "@tolk/contract";

const TOLK_ERROR = Symbol.for("tolk.TolkError");

/**
 * The one error type of the domain. Transports map it once: /v1 to the spec's error body,
 * tRPC to its error formatter. `headers` travel with it (Retry-After, Allow).
 */
export class TolkError extends Error {
  /**
   * Marks every TolkError, whichever copy of this module made it: Next.js bundles the domain
   * into several server chunks (the app context is built in the instrumentation's, the routes
   * run in their own), so an error thrown by a service of the context is not an `instanceof`
   * of the class the pipeline imports, and would be answered 500 instead of its own status.
   */
  readonly [TOLK_ERROR] = true;

  constructor(
    readonly status: number,
    readonly code: ErrorCode,
    readonly type: ErrorType,
    message: string,
    readonly extra: {
      headers?: Record<string, string>;
      param?: string;
      pair?: { source: string; target: string };
    } = {},
  ) {
    super(message);
    this.name = "TolkError";
  }
}

export const badRequest = (message: string, param?: string) =>
  new TolkError(400, "bad_request", "invalid_request_error", message, { param });

export const unauthorized = (message = "Missing, invalid or expired credentials.") =>
  new TolkError(401, "unauthorized", "authentication_error", message);

/** A signed-in caller whose role or membership does not allow the action (the console's checks). */
export const forbidden = (message: string) => new TolkError(403, "forbidden", "permission_error", message);

export const insufficientScope = (needed: readonly string[]) =>
  new TolkError(
    403,
    "insufficient_scope",
    "permission_error",
    `This API key lacks the scope this endpoint needs: ${needed.join(" or ")}.`,
  );

export const notFound = (what = "The requested resource") =>
  new TolkError(404, "not_found", "invalid_request_error", `${what} does not exist.`);

export const methodNotAllowed = (allowed: readonly string[]) =>
  new TolkError(405, "method_not_allowed", "invalid_request_error", `Allowed methods: ${allowed.join(", ")}.`, {
    headers: { Allow: allowed.join(", ") },
  });

export const insufficientCredits = (required: number, available: number) =>
  new TolkError(
    402,
    "insufficient_credits",
    "billing_error",
    `Not enough credits: this request needs ${required} and ${available} are available.`,
  );

export const rateLimited = (bucket: string, limit: number, resetSeconds: number) =>
  new TolkError(
    429,
    "rate_limit_exceeded",
    "rate_limit_error",
    `Rate limit of ${limit} requests per minute exceeded (${bucket}). Retry in ${resetSeconds} s.`,
    { headers: { "Retry-After": String(resetSeconds) } },
  );

export const idempotencyMismatch = () =>
  new TolkError(
    422,
    "idempotency_error",
    "invalid_request_error",
    "This Idempotency-Key was already used with a different request. Use a new key for a new request.",
  );

export const idempotencyConflict = (retryAfterSeconds: number) =>
  new TolkError(
    409,
    "idempotency_conflict",
    "invalid_request_error",
    "A request with this Idempotency-Key is still being processed. Retry after it completes.",
    { headers: { "Retry-After": String(retryAfterSeconds) } },
  );

export const planLimitReached = (what: string, max: number) =>
  new TolkError(403, "plan_limit_reached", "permission_error", `Your plan allows at most ${max} ${what}.`);

export const internalError = () =>
  new TolkError(500, "internal_error", "api_error", "An internal error occurred. Retry later or contact support.");

export function isTolkError(err: unknown): err is TolkError {
  return (
    err instanceof TolkError ||
    (typeof err === "object" &&
      err !== null &&
      (err as Partial<Record<typeof TOLK_ERROR, unknown>>)[TOLK_ERROR] === true)
  );
}

export const unsupportedLanguagePair = (source: string, target: string, available: readonly string[]) =>
  new TolkError(
    400,
    "unsupported_language_pair",
    "invalid_request_error",
    `No configured engine can translate ${source} to ${target}. ` +
      (available.length > 0 ? `Available pairs: ${available.join(", ")}.` : "No translation engine is configured."),
    // The compatibility APIs write their own short message from the pair (their clients show only ~200 characters).
    { pair: { source, target } },
  );

export const engineUnavailable = (detail: string, retryAfterSeconds = 5) =>
  new TolkError(
    503,
    "engine_unavailable",
    "api_error",
    `The translation engine is unavailable: ${detail}. Nothing was billed; retry later.`,
    {
      headers: { "Retry-After": String(Math.max(1, Math.ceil(retryAfterSeconds))) },
    },
  );

/** The instance is shutting down (or otherwise not taking work): another instance can answer. */
export const serviceUnavailable = (retryAfterSeconds: number) =>
  new TolkError(
    503,
    "service_unavailable",
    "api_error",
    "This instance is shutting down; retry the request (another instance will answer).",
    {
      headers: { "Retry-After": String(retryAfterSeconds) },
    },
  );

export const unknownResource = (what: string, id: string, param: string) =>
  new TolkError(400, "bad_request", "invalid_request_error", `Unknown ${what} '${id}'.`, { param });

/**
 * SQLSTATEs and driver codes of a lost database connection: the server shut down or restarted
 * (57P0x), the connection was terminated (pg_terminate_backend is 57P01) or never made (08xxx),
 * or the socket broke. They say nothing about the request, so they are a 503 to retry, not a 500.
 */
const CONNECTION_LOST = new Set([
  "57P01",
  "57P02",
  "57P03",
  "08000",
  "08001",
  "08003",
  "08004",
  "08006",
  "CONNECTION_CLOSED",
  "CONNECTION_ENDED",
  "CONNECTION_DESTROYED",
  "CONNECT_TIMEOUT",
  "ECONNREFUSED",
  "ECONNRESET",
  "EPIPE",
]);

/** Whether an error (or one it wraps, as drizzle's query errors do) is a lost database connection. */
export function isDatabaseUnavailable(err: unknown): boolean {
  let current: unknown = err;
  for (let depth = 0; depth < 5 && current instanceof Error; depth++) {
    const code = (current as { code?: unknown }).code;
    if (typeof code === "string" && CONNECTION_LOST.has(code)) return true;
    current = current.cause;
  }
  return false;
}

/**
 * Runs `fn`, and runs it once more when it failed on a lost database connection (a restart, a
 * terminated backend): a lost connection is usually one broken pool connection, and the second
 * attempt gets a fresh one. Only for work that is safe to repeat whether or not the first
 * attempt committed (a debit keyed by its operation debits once); a second loss is thrown.
 */
export async function retryOnceIfConnectionLost<T>(fn: () => Promise<T>): Promise<T> {
  try {
    return await fn();
  } catch (err) {
    if (!isDatabaseUnavailable(err)) throw err;
    return fn();
  }
}

/**
 * Runs `fn` until it does not fail on a lost database connection, for at most `withinMs`, with
 * a growing pause between attempts. For a write whose outcome must be known before the request
 * is answered (a debit: answering 5xx for work that was billed breaks the first promise); like
 * retryOnceIfConnectionLost, only for work that is safe to repeat whether or not an earlier
 * attempt committed. The last loss is thrown.
 */
export async function retryWhileConnectionLost<T>(fn: () => Promise<T>, withinMs = 10_000): Promise<T> {
  const deadline = performance.now() + withinMs;
  for (let pause = 25; ; pause = Math.min(pause * 2, 1_000)) {
    try {
      return await fn();
    } catch (err) {
      if (!isDatabaseUnavailable(err) || performance.now() + pause > deadline) throw err;
      await new Promise((resolve) => setTimeout(resolve, pause));
    }
  }
}

export const rateLimiterUnavailable = () =>
  new TolkError(
    503,
    "service_unavailable",
    "api_error",
    "Rate limits could not be checked: the shared counter store (Redis) did not answer in time. The request was not run; retry it shortly.",
    { headers: { "Retry-After": "1" } },
  );

export const databaseUnavailable = () =>
  new TolkError(
    503,
    "service_unavailable",
    "api_error",
    "The service lost its database connection while answering. Retry the request (with the same Idempotency-Key, so it is billed at most once).",
    { headers: { "Retry-After": "2" } },
  );
