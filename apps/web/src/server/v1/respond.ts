import { type ErrorBody } from "@tolk/contract";
import { type RateLimitHeaders, type TolkError } from "@tolk/domain";

import { noteBodyBytes } from "./observe";

/** Headers every /v1 response carries: the request id and, once known, the rate limit. */
export function baseHeaders(requestId: string, limit: RateLimitHeaders | null): Headers {
  const headers = new Headers({ "X-Request-Id": requestId, "Cache-Control": "no-store" });
  if (limit) for (const [name, value] of Object.entries(rateLimitHeaders(limit))) headers.set(name, value);
  return headers;
}

export function rateLimitHeaders(limit: RateLimitHeaders): Record<string, string> {
  return {
    "X-RateLimit-Limit": String(limit.limit),
    "X-RateLimit-Remaining": String(limit.remaining),
    // Seconds until the window resets, as the spec defines it (a delta, not a timestamp).
    "X-RateLimit-Reset": String(limit.resetSeconds),
  };
}

export function jsonResponse(status: number, body: unknown, headers: Headers): Response {
  return jsonTextResponse(status, JSON.stringify(body), headers);
}

/**
 * The size under which a JSON reply is sent uncompressed: the threshold of the gzip middleware
 * of `next start` (the `compression` package's default).
 */
export const COMPRESS_MIN_BYTES = 1024;

/**
 * A body already serialized (so an idempotent replay sends exactly the stored bytes).
 *
 * `next start` gzips every reply to a client that sends Accept-Encoding (fetch, curl
 * --compressed and Python's requests all do). Its 1 KB threshold needs a Content-Length, which
 * Next.js drops from route handlers' replies, so it compressed a 300-byte reply as well: 1.0–2.0 ms
 * more server CPU per request, 27–37 % fewer requests per second (docs/benchmarks.md). A small
 * reply says `no-transform`, which the middleware honours (RFC 9111 §5.2.2.6); a larger one, a
 * batch's results, is still compressed.
 */
export function jsonTextResponse(status: number, text: string, headers: Headers): Response {
  headers.set("Content-Type", "application/json; charset=utf-8");
  const bytes = Buffer.byteLength(text);
  if (bytes < COMPRESS_MIN_BYTES) {
    const cacheControl = headers.get("Cache-Control");
    headers.set("Cache-Control", cacheControl ? `${cacheControl}, no-transform` : "no-transform");
  }
  return noteBodyBytes(new Response(text, { status, headers }), bytes);
}

/** The single mapping from the domain error to the spec's error body. */
export function errorBody(err: TolkError, requestId: string): ErrorBody {
  return {
    error: {
      code: err.code,
      message: err.message,
      type: err.type,
      request_id: requestId,
      ...(err.extra.param ? { param: err.extra.param } : {}),
    },
  };
}

export function errorResponse(err: TolkError, requestId: string, headers: Headers): Response {
  for (const [name, value] of Object.entries(err.extra.headers ?? {})) headers.set(name, value);
  return jsonResponse(err.status, errorBody(err, requestId), headers);
}
