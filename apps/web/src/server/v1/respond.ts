import { type ErrorBody } from "@tolk/contract";
import { type RateLimitHeaders, type TolkError } from "@tolk/domain";

/** Headers every /v1 response carries: the request id and, once known, the rate limit. */
export function baseHeaders(requestId: string, limit: RateLimitHeaders | null): Headers {
  const headers = new Headers({ "X-Request-Id": requestId, "Cache-Control": "no-store" });
  if (limit) {
    headers.set("X-RateLimit-Limit", String(limit.limit));
    headers.set("X-RateLimit-Remaining", String(limit.remaining));
    // Seconds until the window resets, as the spec defines it (a delta, not a timestamp).
    headers.set("X-RateLimit-Reset", String(limit.resetSeconds));
  }
  return headers;
}

export function jsonResponse(status: number, body: unknown, headers: Headers): Response {
  return jsonTextResponse(status, JSON.stringify(body), headers);
}

/** A body already serialized (so an idempotent replay sends exactly the stored bytes). */
export function jsonTextResponse(status: number, text: string, headers: Headers): Response {
  headers.set("Content-Type", "application/json; charset=utf-8");
  return new Response(text, { status, headers });
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
