import { type TolkError } from "@tolk/domain";

import { currentRequestId } from "./v1/edge-context";
import { errorResponse } from "./v1/respond";
import { observeRequest } from "./v1/observe";

/**
 * A route handler outside the /v1 pipeline (the console's tRPC, sign-in, JWKS, OpenAPI) observed
 * as /v1's are: refused with 503 + Retry-After once the instance is shutting down, counted in
 * flight so the shutdown waits for it, and in the access log, the metrics and a trace span under
 * its route template. /healthz, /readyz and /metrics are not: probes and scrapes must keep
 * answering while the instance drains, and would drown the request counts.
 */
export function observedRoute<R extends Request, A extends unknown[]>(
  route: string,
  handler: (req: R, ...rest: A) => Promise<Response> | Response,
): (req: R, ...rest: A) => Promise<Response> {
  return (req, ...rest) => {
    const requestId = currentRequestId();
    return observeRequest(
      req,
      requestId,
      route,
      (err) => errorResponse(err as TolkError, requestId, new Headers({ "X-Request-Id": requestId })),
      async () => handler(req, ...rest),
    );
  };
}
