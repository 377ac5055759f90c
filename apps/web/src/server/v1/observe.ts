import { type Principal, errorFields, logger, metrics } from "@tolk/domain";

import { admitRequest } from "../lifecycle";
import { logToRequestLog } from "./request-log";
import { endRequestSpan, inRequestSpan } from "@tolk/platform";

/** What the pipeline learns about a request that its access-log line reports. */
export interface RequestNote {
  principal?: Principal | null;
  /** The error a refused or failed request was answered with (the request log shows it). */
  error?: { code: string; message: string };
  /** The first attempt's request id, when an Idempotency-Key retry ran under it. */
  operationKey?: string;
  /** The body as read, for the request log's summary; `parsed` once the route parsed it as JSON. */
  body?: { contentType: string | null; bytes: Uint8Array; parsed?: unknown };
}

// Body sizes of the replies the pipeline builds from text (Next.js sends no Content-Length for
// them); a streamed or raw reply reports its Content-Length when it has one.
const bodyBytes = new WeakMap<Response, number>();

export function noteBodyBytes(res: Response, bytes: number): Response {
  bodyBytes.set(res, bytes);
  return res;
}

type Params = Record<string, string | string[] | undefined>;

/**
 * The route template of a request: each parameter's segment replaced by its name in brackets
 * (`/v1/glossaries/[id]/entries`), so metrics have one series per route, not per id. Paths a
 * catch-all answers are all one series: `/v1/[...path]`, `/v2/[...path]`.
 */
export function routeTemplate(pathname: string, params: Params): string {
  const segments = pathname.split("/");
  for (const [name, value] of Object.entries(params)) {
    if (Array.isArray(value)) return `${segments.slice(0, segments.length - value.length).join("/")}/[...${name}]`;
    if (value === undefined) continue;
    const at = segments.lastIndexOf(encodeURIComponent(value));
    const i = at >= 0 ? at : segments.lastIndexOf(value);
    if (i > 1) segments[i] = `[${name}]`;
  }
  return segments.join("/");
}

/**
 * Around every /v1 request: refuses it (503, Retry-After) once the instance is shutting down,
 * counts it in flight, runs it in a trace span carrying the request id, then writes its
 * access-log line and its metrics. `refuse` builds the error reply in the pipeline's shape.
 */
export async function observeV1(
  req: Request,
  requestId: string,
  params: Promise<Params> | undefined,
  refuse: (err: unknown) => Response,
  run: (note: RequestNote) => Promise<Response>,
): Promise<Response> {
  const route = routeTemplate(new URL(req.url).pathname, (await params?.catch(() => ({}))) ?? {});
  return observeRequest(req, requestId, route, refuse, run);
}

/** observeV1 for a request whose route template is known: any route handler (observe-route.ts). */
export async function observeRequest(
  req: Request,
  requestId: string,
  route: string,
  refuse: (err: unknown) => Response,
  run: (note: RequestNote) => Promise<Response>,
): Promise<Response> {
  const started = performance.now();
  const note: RequestNote = {};
  let done: () => void;
  try {
    done = admitRequest();
  } catch (err) {
    return record(req, requestId, route, note, started, refuse(err));
  }
  try {
    return await inRequestSpan(requestId, req.method, async (span) => {
      const res = record(req, requestId, route, note, started, await run(note));
      endRequestSpan(span, req.method, route, res.status);
      return res;
    });
  } finally {
    done();
  }
}

function record(
  req: Request,
  requestId: string,
  route: string,
  note: RequestNote,
  started: number,
  res: Response,
): Response {
  const seconds = (performance.now() - started) / 1000;
  metrics().httpRequest({ route, method: req.method, status: res.status, seconds });
  const length = bodyBytes.get(res) ?? Number(res.headers.get("content-length") ?? Number.NaN);
  logger().info(
    {
      request_id: requestId,
      org_id: note.principal?.org.id ?? null,
      key_id: note.principal?.keyId ?? null,
      method: req.method,
      route,
      status: res.status,
      duration_ms: Math.round(seconds * 100_000) / 100,
      bytes: Number.isFinite(length) ? length : null,
    },
    "request",
  );
  if (note.principal)
    logToRequestLog({
      req,
      requestId,
      route,
      status: res.status,
      durationMs: seconds * 1000,
      principal: note.principal,
      error: note.error,
      operationKey: note.operationKey,
      body: note.body,
    });
  return res;
}

/** A request that failed on the server: its request id and stack go to the log, never to the client. */
export function logServerError(requestId: string, err: unknown): void {
  logger().error({ request_id: requestId, ...errorFields(err) }, "request failed");
}
