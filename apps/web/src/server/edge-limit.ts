import { assertAllowed, isTolkError } from "@tolk/domain";

import { type AppContext } from "./context";
import { addressFromHeaders } from "./v1/request-input";
import { rateLimitHeaders } from "./v1/respond";

/** What server.mjs's edge learns of a request it answers itself. */
export interface EdgeLimit {
  headers: Record<string, string>;
  /** Set when the address is over its limit: the answer is this 429 instead. */
  refusal: { status: number; code: string; type: string; message: string; headers: Record<string, string> } | null;
}

/** Where server.mjs finds the limiter (it runs outside Next's bundle, like edge-context.ts's store). */
const EDGE_LIMIT = Symbol.for("tolk.edgeLimit");

/**
 * Lets the custom server's edge (server.mjs) count the requests it refuses before any route runs
 * (a path that is not UTF-8, a header block too large, a body cut short) against the client's
 * address, as a failed authentication is counted: they carry the same X-RateLimit-* headers,
 * and an address over the limit gets 429 there too instead of unlimited free error answers.
 */
export function registerEdgeLimit(app: AppContext): void {
  const limit = async (forwardedFor: string | null, realIp: string | null): Promise<EdgeLimit> => {
    let headers: Record<string, string> = {};
    try {
      // Refused (503) when the shared counters cannot be read: limits fail closed.
      const decision = await app.limiter.consumeAnonymous(
        addressFromHeaders(forwardedFor, realIp, app.env.TOLK_PROXY_HOPS),
      );
      headers = rateLimitHeaders(decision);
      assertAllowed(decision);
      return { headers, refusal: null };
    } catch (err) {
      if (!isTolkError(err)) throw err;
      return {
        headers,
        refusal: {
          status: err.status,
          code: err.code,
          type: err.type,
          message: err.message,
          headers: { ...headers, ...err.extra.headers },
        },
      };
    }
  };
  (globalThis as Record<symbol, unknown>)[EDGE_LIMIT] = limit;
}
